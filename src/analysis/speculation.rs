//! LLVM 19's `isSafeToSpeculativelyExecute` (no context instruction, no
//! assumption cache, no dominator tree) and the dereferenceability test
//! its `load` case needs: `isDereferenceableAndAlignedPointer`
//! (`Loads.cpp`), on the pointer facts of `layout/pointer.rs`, with the
//! part of `isKnownNonZero` that `dereferenceable_or_null` pointers need.
//!
//! GEPs with constant offsets, casts, selects and calls returning an
//! argument are looked through, 16 steps deep at most; as in LLVM 19 (not
//! 20), an instruction's `dereferenceable` facts count without a context
//! instruction. O(that walk).
//!
//! Divisions are safe by a constant or splat that is not 0 (and, signed, not
//! -1 when the dividend may be the minimum); calls only of a `speculatable`
//! function of the call's type; loads by
//! `isDereferenceableAndAlignedPointer`, on `layout/pointer.rs`'s
//! `pointer_dereferenceable_bytes` (argument, call-return and metadata
//! `dereferenceable*`, in-memory argument types, single allocas,
//! non-`extern_weak` globals) and `pointer_alignment` (preferred alignment
//! of strong global definitions with LLVM's 16-byte rule for large ones),
//! which live in `layout/` because folding needs them too.
//!
//! Deviations: `isKnownNonZero` is made only for arguments (`nonnull`,
//! dereferenceable, by-value where null is invalid), calls (`nonnull` or
//! dereferenceable returns, passed-through arguments), loads with
//! `!nonnull`, allocas and globals: no known-bits or assumption proofs.
//! Allocation calls' object sizes and `gc.relocate` are not looked through
//! (a call's result can be freed except in `gc "statepoint-example"`
//! functions, where LLVM would use them).
//!
//! The judge: `scripts/semantics-oracle.cpp` asks libLLVM 19, for every
//! instruction of `tests/data/semantics/*.ll` (five modules: memory
//! accesses, calls and bundles, intrinsics, EH, dereferenceability), the
//! effect, speculation and death queries and, for calls, the combined
//! attribute and memory-effect queries; `tests/semantics.rs` compares lair's
//! line for each of the 288 instructions; `.ci/run` re-derives the table
//! (`scripts/semantics-table.sh --check`).

use crate::constants::apint::APInt;
use crate::constants::ConstKind;
use crate::inst::{mem, Opcode, Ordering};
use crate::ir::attributes::{AttrKind, Attribute};
use crate::ir::global::Linkage;
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::MdKindId;
use crate::ir::Inst;
use crate::layout::{int_attr, mem_align, Align, LayoutCache};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;

/// How deep `is_dereferenceable_and_aligned_pointer` looks through GEPs,
/// casts, selects and calls (LLVM's `MaxDepth`).
const MAX_DEPTH: u32 = 16;

/// # Speculation
///
/// Whether an instruction may be executed where it was not (hoisted,
/// executed unconditionally), and the dereferenceability and alignment of
/// pointers that decides it for loads.
impl Context {
    /// Whether executing `i` where it would not run has no effect beyond
    /// its result (LLVM 19's `isSafeToSpeculativelyExecute` with no
    /// context instruction, assumptions, dominator tree or library info):
    /// no integer division by a possibly-zero (or, signed, `-1` of a
    /// possibly-minimum) constant, a load only of a pointer known
    /// dereferenceable and aligned for it, a call only of a `speculatable`
    /// function of the call's type, and no instruction with effects
    /// (stores, atomics, allocas, PHIs, terminators, EH pads, `va_arg`).
    /// `layout` must be the data layout of `i`'s module.
    pub fn is_safe_to_speculatively_execute(&self, i: Inst, layout: &mut LayoutCache) -> bool {
        match self.opcode(i) {
            Opcode::UDiv | Opcode::URem => self
                .operand(i.0, 1)
                .and_then(|d| self.int_or_splat(d))
                .is_some_and(|d| !d.is_zero()),
            Opcode::SDiv | Opcode::SRem => {
                let Some(d) = self.operand(i.0, 1).and_then(|d| self.int_or_splat(d)) else {
                    return false;
                };
                if d.is_zero() {
                    return false;
                }
                if !d.is_all_ones() {
                    return true;
                }
                self.operand(i.0, 0)
                    .and_then(|n| self.int_or_splat(n))
                    .is_some_and(|n| !n.is_signed_min())
            }
            Opcode::Load => {
                let flags = self.inst_flags(i);
                let unordered = flags & mem::VOLATILE == 0
                    && matches!(
                        Ordering::from_bits(flags >> mem::ORDER_SHIFT),
                        Ordering::NotAtomic | Ordering::Unordered
                    );
                if !unordered || self.sanitized_function(i) {
                    return false;
                }
                let ty = self.type_of(i.0);
                let Some(ptr) = self.operand(i.0, 0) else {
                    return false;
                };
                let align = match mem_align(flags) {
                    Some(a) => a,
                    None => match layout.abi_align(self, ty) {
                        Ok(a) => a,
                        Err(_) => return false,
                    },
                };
                self.is_dereferenceable_and_aligned_pointer(ptr, ty, align, layout)
            }
            Opcode::Call => self.called_function(i).is_some_and(|f| {
                self.function_data(f)
                    .attrs
                    .fn_attrs()
                    .has(AttrKind::Speculatable)
            }),
            Opcode::VAArg
            | Opcode::Alloca
            | Opcode::Invoke
            | Opcode::CallBr
            | Opcode::Phi
            | Opcode::Store
            | Opcode::Ret
            | Opcode::Br
            | Opcode::IndirectBr
            | Opcode::Switch
            | Opcode::Unreachable
            | Opcode::Fence
            | Opcode::AtomicRMW
            | Opcode::AtomicCmpXchg
            | Opcode::LandingPad
            | Opcode::Resume
            | Opcode::CatchSwitch
            | Opcode::CatchPad
            | Opcode::CatchRet
            | Opcode::CleanupPad
            | Opcode::CleanupRet => false,
            _ => true,
        }
    }

    /// Whether `i`'s function has a sanitizer attribute that forbids
    /// speculating loads (`mustSuppressSpeculation`: thread, address or
    /// hardware-address sanitizing).
    fn sanitized_function(&self, i: Inst) -> bool {
        let Some(f) = self.inst_parent(i).and_then(|b| self.block_parent(b)) else {
            return false;
        };
        let a = self.function_data(f).attrs.fn_attrs();
        a.has(AttrKind::SanitizeThread)
            || a.has(AttrKind::SanitizeAddress)
            || a.has(AttrKind::SanitizeHwAddress)
    }

    /// An integer constant or a splat of one (`m_APInt`; no poison lanes).
    pub(crate) fn int_or_splat(&self, v: Value) -> Option<APInt> {
        if self.value_kind(v) != ValueKind::Constant {
            return None;
        }
        let width = self.int_width(self.scalar_type(self.type_of(v)))?;
        match self.const_kind(v) {
            ConstKind::Int => self.const_int_value(v),
            ConstKind::Zero if self.is_vector(self.type_of(v)) => Some(APInt::zero(width)),
            ConstKind::DataVector => {
                let d = self.const_data(v)?;
                let first = *d.first()?;
                d.iter()
                    .all(|&x| x == first)
                    .then(|| APInt::new(width, first))
            }
            ConstKind::Vector => {
                let first = self.operand(v, 0)?;
                let all_same = self.operands(v).all(|e| e == Some(first));
                if all_same && self.const_kind(first) == ConstKind::Int {
                    self.const_int_value(first)
                } else {
                    None
                }
            }
            ConstKind::Expr => {
                // A scalable splat: shufflevector (insertelement (poison,
                // x, 0), poison, zeroinitializer).
                let shuf = self.const_expr_opcode(v)?.0 == Opcode::ShuffleVector;
                let Some(crate::constants::ConstPayload::Mask(mask)) = self.const_expr_payload(v)
                else {
                    return None;
                };
                let ins = self.operand(v, 0)?;
                if !shuf
                    || mask.iter().any(|&m| m != 0)
                    || self.value_kind(ins) != ValueKind::Constant
                    || self.const_kind(ins) != ConstKind::Expr
                    || self.const_expr_opcode(ins)?.0 != Opcode::InsertElement
                {
                    return None;
                }
                let idx = self.operand(ins, 2).and_then(|i| self.const_int_value(i))?;
                let base = self.operand(ins, 0)?;
                let undef_base =
                    matches!(self.const_kind(base), ConstKind::Undef | ConstKind::Poison);
                if !idx.is_zero() || !undef_base {
                    return None;
                }
                let x = self.operand(ins, 1)?;
                (self.const_kind(x) == ConstKind::Int)
                    .then(|| self.const_int_value(x))
                    .flatten()
            }
            _ => None,
        }
    }

    /// Whether loading a `ty` with alignment `align` through `ptr` can
    /// neither fault nor be misaligned, wherever it is executed (LLVM 19's
    /// `isDereferenceableAndAlignedPointer` without context, assumptions
    /// or library info). Unsized and scalable types never are.
    pub fn is_dereferenceable_and_aligned_pointer(
        &self,
        ptr: Value,
        ty: Type,
        align: Align,
        layout: &mut LayoutCache,
    ) -> bool {
        if !self.is_sized(ty) || self.is_scalable(ty) {
            return false;
        }
        let Ok(size) = layout.store_size(self, ty) else {
            return false;
        };
        let Some(aspace) = self.ptr_addrspace(self.type_of(ptr)) else {
            return false;
        };
        let bits = layout.data_layout().pointer_size_in_bits(aspace);
        let mut visited = Vec::new();
        self.deref_aligned(
            ptr,
            align,
            APInt::new(bits, size.min),
            layout,
            &mut visited,
            MAX_DEPTH,
        )
    }

    fn deref_aligned(
        &self,
        v: Value,
        align: Align,
        size: APInt,
        layout: &mut LayoutCache,
        visited: &mut Vec<Value>,
        depth: u32,
    ) -> bool {
        let Some(depth) = depth.checked_sub(1) else {
            return false;
        };
        if visited.contains(&v) {
            return false;
        }
        visited.push(v);
        let (op, is_inst) = self.operator_of(v);
        match op {
            Some(Opcode::GetElementPtr) => {
                let Some(base) = self.operand(v, 0) else {
                    return false;
                };
                let Ok(off) = layout.accumulate_constant_offset(self, v) else {
                    return false;
                };
                let Some(aspace) = self.ptr_addrspace(self.scalar_type(self.type_of(v))) else {
                    return false;
                };
                let width = layout.data_layout().index_size_in_bits(aspace);
                if off.offset < 0 || !(off.offset as u128).is_multiple_of(u128::from(align.bytes()))
                {
                    return false;
                }
                let offset =
                    APInt::from_words(width, &[off.offset as u64, (off.offset >> 64) as u64]);
                let next = offset.add(&size.sext_or_trunc(width));
                return self.deref_aligned(base, align, next, layout, visited, depth);
            }
            Some(Opcode::BitCast | Opcode::AddrSpaceCast) => {
                // (a bitcast only from a pointer; an addrspacecast is one)
                if let Some(src) = self.operand(v, 0) {
                    if self.is_ptr(self.type_of(src)) {
                        return self.deref_aligned(src, align, size, layout, visited, depth);
                    }
                }
                if op == Some(Opcode::BitCast) {
                    // fall through to the generic checks below
                } else {
                    return false;
                }
            }
            Some(Opcode::Select) if is_inst => {
                let (Some(t), Some(f)) = (self.operand(v, 1), self.operand(v, 2)) else {
                    return false;
                };
                return self.deref_aligned(t, align, size.clone(), layout, visited, depth)
                    && self.deref_aligned(f, align, size, layout, visited, depth);
            }
            _ => {}
        }
        if self.is_known_deref(v, &size, layout) {
            return self.pointer_alignment(v, layout) >= align;
        }
        if let Some(i) = self.as_inst(v).filter(|&i| self.is_call_base(i)) {
            if let Some(rp) = self.argument_aliasing_returned_pointer(i) {
                return self.deref_aligned(rp, align, size, layout, visited, depth);
            }
            // (An allocation call's object size counts only for a pointer
            // that cannot be freed, which a call's result can be outside
            // gc "statepoint-example" functions.)
        }
        false
    }

    /// The operator `v` is, instruction or constant expression, and
    /// whether it is an instruction.
    fn operator_of(&self, v: Value) -> (Option<Opcode>, bool) {
        match self.value_kind(v) {
            ValueKind::Instruction => (Some(self.opcode(Inst(v))), true),
            ValueKind::Constant if self.const_kind(v) == ConstKind::Expr => {
                (self.const_expr_opcode(v).map(|p| p.0), false)
            }
            _ => (None, false),
        }
    }

    /// The dereferenceability step of `isDereferenceableAndAlignedPointer`:
    /// a nonzero number of dereferenceable bytes at `v`, at least `size`
    /// (compared in `size`'s width), and `v` not null when it could be.
    /// (LLVM 19 trusts an instruction's `dereferenceable` facts without a
    /// context instruction; LLVM 20 does not.)
    fn is_known_deref(&self, v: Value, size: &APInt, layout: &mut LayoutCache) -> bool {
        let (bytes, can_be_null) = self.pointer_dereferenceable_bytes(v, layout);
        let known = APInt::new(size.width(), bytes);
        if known.is_zero() || known.ult(size) {
            return false;
        }
        !can_be_null || self.is_known_nonzero_pointer(v, 0)
    }

    /// `isKnownNonZero` of a pointer, as far as lair makes its proofs (no
    /// known bits, no assumptions): an argument that is `nonnull`,
    /// dereferenceable, or passed by value where null is not a valid
    /// address; a call whose result is `nonnull` or dereferenceable there
    /// (`isReturnNonNull`) or is an argument passed through; a load with
    /// `!nonnull`; an alloca where null is not valid; a global that is not
    /// `extern_weak` in address space 0.
    fn is_known_nonzero_pointer(&self, v: Value, depth: u32) -> bool {
        if depth > 6 {
            return false;
        }
        let aspace = self.ptr_addrspace(self.type_of(v)).unwrap_or(0);
        match self.value_kind(v) {
            ValueKind::Argument => {
                let f = self.arg_parent(v);
                let attrs = self.function_data(f).attrs.param_attrs(self.arg_number(v));
                let null_defined = self.null_pointer_is_defined(f, aspace);
                let by_value = attrs.has(AttrKind::ByVal)
                    || attrs.has(AttrKind::InAlloca)
                    || attrs.has(AttrKind::Preallocated);
                (by_value && !null_defined)
                    || attrs.has(AttrKind::NonNull)
                    || (int_attr(attrs, AttrKind::Dereferenceable) > 0 && !null_defined)
            }
            ValueKind::GlobalVariable
            | ValueKind::Function
            | ValueKind::Alias
            | ValueKind::IFunc => aspace == 0 && self.global_data(v).linkage != Linkage::ExternWeak,
            ValueKind::Instruction => {
                let i = Inst(v);
                let f = self.inst_parent(i).and_then(|b| self.block_parent(b));
                let null_defined = f.is_none_or(|f| self.null_pointer_is_defined(f, aspace));
                match self.opcode(i) {
                    Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                        if self.call_has_ret_attr(i, AttrKind::NonNull) {
                            return true;
                        }
                        let deref = self
                            .call_ret_attr(i, AttrKind::Dereferenceable)
                            .and_then(Attribute::int_value)
                            .unwrap_or(0);
                        if deref > 0 && !null_defined {
                            return true;
                        }
                        match self.argument_aliasing_returned_pointer(i) {
                            Some(rp) => self.is_known_nonzero_pointer(rp, depth + 1),
                            None => false,
                        }
                    }
                    Opcode::Load => self
                        .extra(i)
                        .is_some_and(|e| e.md.get(MdKindId::NONNULL).is_some()),
                    Opcode::Alloca => !null_defined,
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// `getArgumentAliasingToReturnedPointer(call, true)`: the argument
    /// with `returned`, or the pointer argument of an intrinsic that
    /// returns it unchanged (`launder`/`strip.invariant.group`,
    /// `aarch64.irg`/`tagp`, `amdgcn.make.buffer.rsrc`,
    /// `threadlocal.address` outside a pre-split coroutine).
    pub fn argument_aliasing_returned_pointer(&self, call: Inst) -> Option<Value> {
        if let Some(v) = self.call_returned_arg(call) {
            return Some(v);
        }
        let passes_through = match self.call_intrinsic_id(call)? {
            IntrinsicId::LAUNDER_INVARIANT_GROUP | IntrinsicId::STRIP_INVARIANT_GROUP => true,
            IntrinsicId::THREADLOCAL_ADDRESS => !self
                .inst_parent(call)
                .and_then(|b| self.block_parent(b))
                .is_some_and(|f| {
                    self.function_data(f)
                        .attrs
                        .fn_attrs()
                        .has(AttrKind::PresplitCoroutine)
                }),
            id => matches!(
                id.name(),
                "llvm.aarch64.irg" | "llvm.aarch64.tagp" | "llvm.amdgcn.make.buffer.rsrc"
            ),
        };
        (passes_through && self.call_num_args(call) > 0).then(|| self.call_arg(call, 0))
    }
}
