//! LLVM 19's `wouldInstructionBeTriviallyDead` and
//! `isInstructionTriviallyDead` (`Transforms/Utils/Local.cpp`), without
//! target library info: what may be erased when nothing uses it.
//!
//! Built on the effects of `ir/effects.rs` and the call-site queries. With
//! no library info LLVM knows allocation and free functions only by their
//! `allockind` attribute and no math library call as a no-op; lair answers
//! the same. O(1) but for a lifetime marker's walk over the uses of its
//! pointer.
//!
//! LLVM's special cases are kept: debug intrinsics, `allockind` allocations
//! and frees of null or undef, lifetime markers, assumes, guards,
//! constrained FP, `stacksave`, loads of constant globals.

use crate::constants::ConstKind;
use crate::inst::{mem, Opcode};
use crate::ir::attributes::{AttrKind, Attribute};
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::MdData;
use crate::ir::Inst;
use crate::value::{Value, ValueKind};
use crate::Context;

/// `AllocFnKind` bits of the `allockind` attribute.
const ALLOC_KIND_ALLOC: u64 = 1;
const ALLOC_KIND_FREE: u64 = 4;

/// # Dead instructions
///
/// Whether an instruction could be erased if nothing used it (LLVM's
/// `wouldInstructionBeTriviallyDead`, no library info).
impl Context {
    /// Whether `i` is unused and could be erased
    /// (`isInstructionTriviallyDead`).
    pub fn is_trivially_dead(&self, i: Inst) -> bool {
        self.use_empty(i.0) && self.would_be_trivially_dead(i)
    }

    /// Whether `i` could be erased if it had no uses
    /// (`wouldInstructionBeTriviallyDead` with no library info): no
    /// terminator, EH pad or debug intrinsic; removable allocations
    /// (`allockind("alloc")`); otherwise only an instruction without side
    /// effects, or one of the intrinsics LLVM deletes anyway
    /// (`stacksave`, `launder.invariant.group`, `allow.*.check`, lifetime
    /// markers of an `undef` or only-lifetime-used object, `assume(true)`
    /// without bundles, constrained FP without strict exceptions,
    /// `experimental.guard(true)`), a free (`allockind("free")`) of null or
    /// undef, or a non-volatile load of a constant global.
    pub fn would_be_trivially_dead(&self, i: Inst) -> bool {
        let op = self.opcode(i);
        if op.is_terminator() || self.is_eh_pad(i) {
            return false;
        }
        let intrinsic = if self.is_intrinsic_call(i) {
            self.call_intrinsic_id(i)
        } else {
            None
        };
        match intrinsic {
            Some(IntrinsicId::DBG_DECLARE | IntrinsicId::DBG_VALUE | IntrinsicId::DBG_ASSIGN) => {
                return false
            }
            Some(IntrinsicId::DBG_LABEL) => return !self.dbg_label_has_label(i),
            _ => {}
        }
        let is_call = self.is_call_base(i);
        if is_call && self.call_alloc_kind(i) & ALLOC_KIND_ALLOC != 0 {
            return true;
        }
        if !self.will_return(i) {
            return match intrinsic {
                Some(IntrinsicId::EXPERIMENTAL_GUARD) => self
                    .const_int_value(self.call_arg(i, 0))
                    .is_some_and(|c| c.is_one()),
                Some(id) => matches!(
                    id.name(),
                    "llvm.wasm.trunc.signed"
                        | "llvm.wasm.trunc.unsigned"
                        | "llvm.ptrauth.auth"
                        | "llvm.ptrauth.resign"
                ),
                None => false,
            };
        }
        if !self.may_have_side_effects(i) {
            return true;
        }
        if let Some(id) = intrinsic {
            match id {
                IntrinsicId::STACKSAVE
                | IntrinsicId::LAUNDER_INVARIANT_GROUP
                | IntrinsicId::ALLOW_RUNTIME_CHECK
                | IntrinsicId::ALLOW_UBSAN_CHECK => return true,
                IntrinsicId::LIFETIME_START | IntrinsicId::LIFETIME_END => {
                    return self.lifetime_marker_is_dead(i)
                }
                IntrinsicId::ASSUME if self.assume_has_empty_bundles(i) => {
                    return self
                        .const_int_value(self.call_arg(i, 0))
                        .is_some_and(|c| !c.is_zero());
                }
                _ if id.name().starts_with("llvm.experimental.constrained.") => {
                    return !self.constrained_fp_is_strict(i);
                }
                _ => {}
            }
        }
        if is_call {
            if let Some(freed) = self.freed_operand(i) {
                if self.value_kind(freed).is_constant() {
                    return self.is_null_value(freed)
                        || (self.value_kind(freed) == ValueKind::Constant
                            && matches!(
                                self.const_kind(freed),
                                ConstKind::Undef | ConstKind::Poison
                            ));
                }
            }
        }
        if op == Opcode::Load && self.inst_flags(i) & mem::VOLATILE == 0 {
            if let Some(g) = self.operand(i.0, 0).map(|p| self.strip_pointer_casts(p)) {
                if self.value_kind(g) == ValueKind::GlobalVariable
                    && self.global_data(g).is_constant
                {
                    return true;
                }
            }
        }
        false
    }

    /// The `allockind` bits of a call (call site, else callee).
    fn call_alloc_kind(&self, i: Inst) -> u64 {
        self.call_fn_attr(i, AttrKind::AllocKind)
            .and_then(Attribute::int_value)
            .unwrap_or(0)
    }

    /// `getFreedOperand` without library info: for a call of a function
    /// of its type, not `nobuiltin`, with `allockind("free")`, the
    /// argument marked `allocptr`.
    fn freed_operand(&self, i: Inst) -> Option<Value> {
        if self.is_intrinsic_call(i)
            || self.called_function(i).is_none()
            || self.call_is_no_builtin(i)
        {
            return None;
        }
        if self.call_alloc_kind(i) & ALLOC_KIND_FREE == 0 {
            return None;
        }
        self.call_arg_with_attr(i, AttrKind::AllocatedPointer)
    }

    /// A lifetime marker is dead when its pointer is `undef` (or poison),
    /// or an alloca, global or argument whose only users are lifetime
    /// markers.
    fn lifetime_marker_is_dead(&self, i: Inst) -> bool {
        if self.call_num_args(i) < 2 {
            return false;
        }
        let p = self.call_arg(i, 1);
        let kind = self.value_kind(p);
        if kind == ValueKind::Constant
            && matches!(self.const_kind(p), ConstKind::Undef | ConstKind::Poison)
        {
            return true;
        }
        let is_object = kind.is_global()
            || kind == ValueKind::Argument
            || self
                .as_inst(p)
                .is_some_and(|a| self.opcode(a) == Opcode::Alloca);
        is_object
            && self.users(p).all(|u| {
                self.as_inst(u)
                    .is_some_and(|ui| self.is_lifetime_start_or_end(ui))
            })
    }

    /// `isAssumeWithEmptyBundle`: every bundle of the `assume` is an
    /// `"ignore"` one.
    fn assume_has_empty_bundles(&self, i: Inst) -> bool {
        self.call_bundles(i).iter().all(|b| &*b.tag == b"ignore")
    }

    /// Whether a constrained FP intrinsic's exception behavior (its last
    /// argument, `metadata !"fpexcept.*"`) is `fpexcept.strict`.
    fn constrained_fp_is_strict(&self, i: Inst) -> bool {
        let Some(n) = self.call_num_args(i).checked_sub(1) else {
            return false;
        };
        let a = self.call_arg(i, n);
        let Some(md) = self.value_metadata(a) else {
            return false;
        };
        matches!(self.md_data(md), MdData::String(s) if &**s == b"fpexcept.strict")
    }

    /// Whether a `llvm.dbg.label` call names a label (`getLabel`).
    fn dbg_label_has_label(&self, i: Inst) -> bool {
        self.call_num_args(i) > 0
            && self
                .value_metadata(self.call_arg(i, 0))
                .is_some_and(|md| !matches!(self.md_data(md), MdData::Temporary))
    }

    /// `v` with pointer casts stripped (LLVM 19's `stripPointerCasts`):
    /// pointer bitcasts, address-space casts, GEPs whose indices are all
    /// integer zeros, and calls through their `returned` argument.
    pub fn strip_pointer_casts(&self, mut v: Value) -> Value {
        if !self.is_ptr(self.type_of(v)) {
            return v;
        }
        let mut visited = vec![v];
        loop {
            let op = match self.value_kind(v) {
                ValueKind::Instruction => Some(self.opcode(Inst(v))),
                ValueKind::Constant => self.const_expr_opcode(v).map(|p| p.0),
                _ => None,
            };
            let next = match op {
                Some(Opcode::GetElementPtr) => {
                    let zero = (1..self.num_operands(v)).all(|k| {
                        self.operand(v, k).is_some_and(|x| {
                            self.value_kind(x) == ValueKind::Constant
                                && self.const_kind(x) == ConstKind::Int
                                && self.is_null_value(x)
                        })
                    });
                    if !zero {
                        return v;
                    }
                    self.operand(v, 0)
                }
                Some(Opcode::BitCast) => {
                    let src = self.operand(v, 0);
                    if !src.is_some_and(|s| self.is_ptr(self.type_of(s))) {
                        return v;
                    }
                    src
                }
                Some(Opcode::AddrSpaceCast) => self.operand(v, 0),
                Some(Opcode::Call | Opcode::Invoke | Opcode::CallBr) => {
                    match self.call_returned_arg(Inst(v)) {
                        Some(r) => Some(r),
                        None => return v,
                    }
                }
                _ => return v,
            };
            let Some(n) = next else {
                return v;
            };
            if visited.contains(&n) {
                return n;
            }
            visited.push(n);
            v = n;
        }
    }
}
