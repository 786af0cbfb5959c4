//! Typed reads and writes of an instruction's flags: wrap flags, `exact`,
//! `disjoint`, `nneg`, fast-math flags, GEP no-wrap flags, predicates,
//! alignments, volatility, atomic orderings and sync scopes, `weak`, the
//! atomicrmw operation, `inalloca`/`swifterror`, tail-call markers.
//!
//! Owns the rule of which opcode carries which flag (LLVM's subclasses:
//! `OverflowingBinaryOperator`, `PossiblyExactOperator`, `FPMathOperator`,
//! …) and the ordering rules of LLVM 19's constructors and verifier. Every
//! accessor panics, naming itself and the opcode, on an instruction that
//! does not carry what it asks for (LLVM asserts the same `cast<>`). It
//! does not own the bit layout (`inst/flags.rs`) nor the instruction views
//! (`view.rs`).

use super::Inst;
use crate::inst::{
    bits, mem, FastMathFlags, FloatPredicate, GepFlags, IntPredicate, Opcode, Ordering, Predicate,
    RmwOp, SyncScope, TailKind, WrapFlags,
};
use crate::types::{Align, Type, TypeData};
use crate::Context;

/// LLVM's `Value::MaxAlignmentExponent`: instruction alignments go up to
/// 2^32 bytes.
pub(crate) const MAX_ALIGN_LOG2: u8 = 32;

/// The opcodes with an alignment (`alloca`, `load`, `store`, `cmpxchg`,
/// `atomicrmw`).
fn has_align(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Alloca | Opcode::Load | Opcode::Store | Opcode::AtomicCmpXchg | Opcode::AtomicRMW
    )
}

/// The opcodes with `volatile` (`load`, `store`, `cmpxchg`, `atomicrmw`).
fn has_volatile(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Load | Opcode::Store | Opcode::AtomicCmpXchg | Opcode::AtomicRMW
    )
}

/// The opcodes with an ordering and a sync scope.
fn is_atomic_capable(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Load | Opcode::Store | Opcode::Fence | Opcode::AtomicCmpXchg | Opcode::AtomicRMW
    )
}

/// Why ordering `o` is not allowed on `op` (LLVM 19's constructor
/// assertions and verifier rules), or `None` when it is. For `cmpxchg`
/// this is the success ordering.
pub(crate) fn ordering_error(op: Opcode, o: Ordering) -> Option<&'static str> {
    use Ordering::*;
    match op {
        Opcode::Load if matches!(o, Release | AcqRel) => {
            Some("a load cannot have release or acq_rel ordering")
        }
        Opcode::Store if matches!(o, Acquire | AcqRel) => {
            Some("a store cannot have acquire or acq_rel ordering")
        }
        Opcode::Fence if !matches!(o, Acquire | Release | AcqRel | SeqCst) => {
            Some("a fence takes acquire, release, acq_rel or seq_cst ordering")
        }
        Opcode::AtomicRMW | Opcode::AtomicCmpXchg if matches!(o, NotAtomic | Unordered) => {
            Some("an atomic read-modify-write needs monotonic ordering or stronger")
        }
        _ => None,
    }
}

/// Why `o` is not a valid `cmpxchg` failure ordering
/// (`isValidFailureOrdering`), or `None`.
pub(crate) fn failure_ordering_error(o: Ordering) -> Option<&'static str> {
    use Ordering::*;
    match o {
        NotAtomic | Unordered => Some("a cmpxchg failure ordering must be monotonic or stronger"),
        Release | AcqRel => Some("a cmpxchg failure ordering cannot be release or acq_rel"),
        _ => None,
    }
}

/// # Instruction flags
///
/// Typed flags of an instruction: each accessor and setter checks that the
/// instruction's opcode carries the flag (LLVM's subclass), so a pass never
/// masks bits and a flag never lands on an opcode that would print it as
/// another.
impl Context {
    /// The opcode of `i`, checked with `ok`; else panics "`who`: `op` has no
    /// `what`".
    #[track_caller]
    fn opcode_with(&self, i: Inst, who: &str, what: &str, ok: impl Fn(Opcode) -> bool) -> Opcode {
        let op = self.opcode(i);
        if !ok(op) {
            no_such_flag(who, op, what);
        }
        op
    }

    #[inline]
    fn update_flags(&mut self, i: Inst, mask: u16, value: u16) {
        let d = self.graph.get_mut(i.0);
        d.flags = (d.flags & !mask) | (value & mask);
    }

    /// LLVM's `FPMathOperator` test on a type: floating point, a vector of
    /// it, or arrays of those (for `phi`, `select` and `call`).
    pub fn is_fp_math_type(&self, mut ty: Type) -> bool {
        while let TypeData::Array { elem, .. } = self.type_data(ty) {
            ty = *elem;
        }
        self.is_fp_or_fp_vector(ty)
    }

    /// Whether `i` takes fast-math flags (LLVM's `isa<FPMathOperator>`):
    /// `fneg`, the floating-point binary operators, `fcmp`, and `phi`,
    /// `select` and `call` of a floating-point type.
    pub fn is_fp_math(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::FNeg
            | Opcode::FAdd
            | Opcode::FSub
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem
            | Opcode::FCmp => true,
            Opcode::Phi | Opcode::Select | Opcode::Call => self.is_fp_math_type(self.type_of(i.0)),
            _ => false,
        }
    }

    /// `nuw`/`nsw` of `add`, `sub`, `mul`, `shl`, `trunc`.
    ///
    /// # Panics
    /// If `i` has another opcode (this and the accessors below panic the
    /// same way, naming themselves and the opcode).
    pub fn wrap_flags(&self, i: Inst) -> WrapFlags {
        self.opcode_with(
            i,
            "Context::wrap_flags",
            "wrap flags",
            Opcode::has_wrap_flags,
        );
        bits::wrap_of(self.inst_flags(i))
    }

    /// Sets `nuw`/`nsw` of `add`, `sub`, `mul`, `shl`, `trunc`.
    pub fn set_wrap_flags(&mut self, i: Inst, f: WrapFlags) {
        self.opcode_with(
            i,
            "Context::set_wrap_flags",
            "wrap flags",
            Opcode::has_wrap_flags,
        );
        self.update_flags(
            i,
            bits::wrap(WrapFlags::NUW | WrapFlags::NSW),
            bits::wrap(f),
        );
    }

    /// `exact` of `udiv`, `sdiv`, `lshr`, `ashr`.
    pub fn is_exact(&self, i: Inst) -> bool {
        self.opcode_with(
            i,
            "Context::is_exact",
            "`exact` flag",
            Opcode::has_exact_flag,
        );
        self.inst_flags(i) & bits::ONE_FLAG != 0
    }

    /// Sets `exact` of `udiv`, `sdiv`, `lshr`, `ashr`.
    pub fn set_exact(&mut self, i: Inst, on: bool) {
        self.opcode_with(
            i,
            "Context::set_exact",
            "`exact` flag",
            Opcode::has_exact_flag,
        );
        self.update_flags(i, bits::ONE_FLAG, on as u16);
    }

    /// `disjoint` of `or`.
    pub fn is_disjoint(&self, i: Inst) -> bool {
        self.opcode_with(
            i,
            "Context::is_disjoint",
            "`disjoint` flag",
            Opcode::has_disjoint_flag,
        );
        self.inst_flags(i) & bits::ONE_FLAG != 0
    }

    /// Sets `disjoint` of `or`.
    pub fn set_disjoint(&mut self, i: Inst, on: bool) {
        self.opcode_with(
            i,
            "Context::set_disjoint",
            "`disjoint` flag",
            Opcode::has_disjoint_flag,
        );
        self.update_flags(i, bits::ONE_FLAG, on as u16);
    }

    /// `nneg` of `zext`, `uitofp`.
    pub fn is_nneg(&self, i: Inst) -> bool {
        self.opcode_with(i, "Context::is_nneg", "`nneg` flag", Opcode::has_nneg_flag);
        self.inst_flags(i) & bits::ONE_FLAG != 0
    }

    /// Sets `nneg` of `zext`, `uitofp`.
    pub fn set_nneg(&mut self, i: Inst, on: bool) {
        self.opcode_with(i, "Context::set_nneg", "`nneg` flag", Opcode::has_nneg_flag);
        self.update_flags(i, bits::ONE_FLAG, on as u16);
    }

    /// The fast-math flags of an FP math operation (see
    /// [`is_fp_math`](Self::is_fp_math)).
    pub fn fast_math(&self, i: Inst) -> FastMathFlags {
        self.check_fp_math(i, "Context::fast_math");
        let fl = self.inst_flags(i);
        bits::fmf_of(if self.opcode(i) == Opcode::FCmp {
            fl >> 8
        } else {
            fl
        })
    }

    /// Sets the fast-math flags of an FP math operation.
    pub fn set_fast_math(&mut self, i: Inst, f: FastMathFlags) {
        self.check_fp_math(i, "Context::set_fast_math");
        if self.opcode(i) == Opcode::FCmp {
            self.update_flags(i, 0x7f << 8, bits::fmf(f) << 8);
        } else {
            self.update_flags(i, 0x7f, bits::fmf(f));
        }
    }

    #[track_caller]
    fn check_fp_math(&self, i: Inst, who: &str) {
        if !self.is_fp_math(i) {
            let op = self.opcode(i);
            if matches!(op, Opcode::Phi | Opcode::Select | Opcode::Call) {
                panic!(
                    "{who}: a `{}` of type {} is not a floating-point operation and has no fast-math flags",
                    op.mnemonic(),
                    self.type_of(i.0).display(self)
                );
            }
            no_such_flag(who, op, "fast-math flags");
        }
    }

    /// The no-wrap flags of a `getelementptr`.
    pub fn gep_flags(&self, i: Inst) -> GepFlags {
        self.opcode_with(i, "Context::gep_flags", "GEP flags", |o| {
            o == Opcode::GetElementPtr
        });
        bits::gep_of(self.inst_flags(i))
    }

    /// Sets the no-wrap flags of a `getelementptr`.
    pub fn set_gep_flags(&mut self, i: Inst, f: GepFlags) {
        self.opcode_with(i, "Context::set_gep_flags", "GEP flags", |o| {
            o == Opcode::GetElementPtr
        });
        self.update_flags(i, 7, bits::gep(f));
    }

    /// The predicate of an `icmp` or `fcmp`.
    pub fn predicate(&self, i: Inst) -> Predicate {
        self.opcode_with(i, "Context::predicate", "predicate", |o| {
            matches!(o, Opcode::ICmp | Opcode::FCmp)
        });
        Predicate::from_u16(self.inst_flags(i) & 0xff).expect("a compare holds a valid predicate")
    }

    /// The predicate of an `icmp`.
    pub fn int_predicate(&self, i: Inst) -> IntPredicate {
        self.opcode_with(i, "Context::int_predicate", "integer predicate", |o| {
            o == Opcode::ICmp
        });
        self.predicate(i)
            .as_int()
            .expect("an icmp holds an integer predicate")
    }

    /// The predicate of an `fcmp`.
    pub fn float_predicate(&self, i: Inst) -> FloatPredicate {
        self.opcode_with(
            i,
            "Context::float_predicate",
            "floating-point predicate",
            |o| o == Opcode::FCmp,
        );
        self.predicate(i)
            .as_float()
            .expect("an fcmp holds a float predicate")
    }

    /// Sets the predicate of an `icmp` (`pred` an integer predicate) or an
    /// `fcmp` (a floating-point one) — LLVM's `CmpInst::setPredicate`.
    ///
    /// # Panics
    /// If `i` is not a compare, or the predicate is of the other kind.
    pub fn set_predicate(&mut self, i: Inst, pred: Predicate) {
        let op = self.opcode_with(i, "Context::set_predicate", "predicate", |o| {
            matches!(o, Opcode::ICmp | Opcode::FCmp)
        });
        if pred.is_int() != (op == Opcode::ICmp) {
            panic!(
                "Context::set_predicate: `{}` takes {} predicate, got `{}`",
                op.mnemonic(),
                if op == Opcode::ICmp {
                    "an integer"
                } else {
                    "a floating-point"
                },
                pred.name()
            );
        }
        self.update_flags(i, 0xff, pred as u16);
    }

    /// The alignment of `alloca`, `load`, `store`, `cmpxchg`, `atomicrmw`
    /// (`None`: not given).
    pub fn alignment(&self, i: Inst) -> Option<Align> {
        self.opcode_with(i, "Context::alignment", "alignment", has_align);
        mem::align_of(self.inst_flags(i))
    }

    /// Sets the alignment of `alloca`, `load`, `store`, `cmpxchg`,
    /// `atomicrmw`.
    ///
    /// # Panics
    /// If `i` has another opcode or `align` exceeds 2^32 bytes (LLVM's
    /// maximum).
    pub fn set_alignment(&mut self, i: Inst, align: Option<Align>) {
        self.opcode_with(i, "Context::set_alignment", "alignment", has_align);
        check_align("Context::set_alignment", align);
        self.update_flags(i, mem::ALIGN_MASK, mem::align(align));
    }

    /// Sets `volatile` of `load`, `store`, `cmpxchg`, `atomicrmw`.
    pub fn set_volatile(&mut self, i: Inst, on: bool) {
        self.opcode_with(i, "Context::set_volatile", "`volatile` flag", has_volatile);
        self.update_flags(i, mem::VOLATILE, if on { mem::VOLATILE } else { 0 });
    }

    /// The ordering of `load`, `store`, `fence`, `atomicrmw`; the success
    /// ordering of `cmpxchg`. `NotAtomic` for a plain load or store.
    pub fn ordering(&self, i: Inst) -> Ordering {
        self.opcode_with(i, "Context::ordering", "ordering", is_atomic_capable);
        Ordering::from_bits(self.inst_flags(i) >> mem::ORDER_SHIFT)
    }

    /// The failure ordering of `cmpxchg`.
    pub fn failure_ordering(&self, i: Inst) -> Ordering {
        self.opcode_with(i, "Context::failure_ordering", "failure ordering", |o| {
            o == Opcode::AtomicCmpXchg
        });
        Ordering::from_bits(mem::extra(self.inst_flags(i)))
    }

    /// Sets the ordering (the success ordering of `cmpxchg`).
    ///
    /// # Panics
    /// If `i` has no ordering, or `o` is not allowed on it (a release load,
    /// an acquire store, a monotonic fence, an unordered atomicrmw, ...).
    pub fn set_ordering(&mut self, i: Inst, o: Ordering) {
        let op = self.opcode_with(i, "Context::set_ordering", "ordering", is_atomic_capable);
        if let Some(e) = ordering_error(op, o) {
            panic!("Context::set_ordering: {e}, got {}", o.name_or_not_atomic());
        }
        self.update_flags(i, mem::ORDER_MASK, (o as u16) << mem::ORDER_SHIFT);
    }

    /// Sets the failure ordering of `cmpxchg`.
    ///
    /// # Panics
    /// If `i` is not a `cmpxchg` or `o` is not a valid failure ordering.
    pub fn set_failure_ordering(&mut self, i: Inst, o: Ordering) {
        self.opcode_with(
            i,
            "Context::set_failure_ordering",
            "failure ordering",
            |op| op == Opcode::AtomicCmpXchg,
        );
        if let Some(e) = failure_ordering_error(o) {
            panic!(
                "Context::set_failure_ordering: {e}, got {}",
                o.name_or_not_atomic()
            );
        }
        self.update_flags(
            i,
            mem::EXTRA_MASK << mem::EXTRA_SHIFT,
            (o as u16) << mem::EXTRA_SHIFT,
        );
    }

    /// Makes a `load` or `store` atomic with ordering `o` in `scope`, or
    /// plain with `Ordering::NotAtomic` (LLVM's `setAtomic`).
    pub fn set_atomic(&mut self, i: Inst, o: Ordering, scope: SyncScope<'_>) {
        self.opcode_with(i, "Context::set_atomic", "atomic form", |op| {
            matches!(op, Opcode::Load | Opcode::Store)
        });
        self.set_ordering(i, o);
        self.set_sync_scope(i, scope);
    }

    /// The sync scope of an atomic instruction (the system scope for a
    /// plain load or store).
    pub fn sync_scope(&self, i: Inst) -> SyncScope<'_> {
        self.opcode_with(i, "Context::sync_scope", "sync scope", is_atomic_capable);
        match self.extra(i).and_then(|e| e.sync_scope.as_deref()) {
            Some(s) => SyncScope::from_name(s),
            None => SyncScope::System,
        }
    }

    /// Sets the sync scope of `load`, `store`, `fence`, `cmpxchg`,
    /// `atomicrmw`.
    pub fn set_sync_scope(&mut self, i: Inst, scope: SyncScope<'_>) {
        self.opcode_with(
            i,
            "Context::set_sync_scope",
            "sync scope",
            is_atomic_capable,
        );
        let name = scope.name_bytes().map(Box::from);
        if name.is_none() && self.extra(i).is_none_or(|e| e.sync_scope.is_none()) {
            return;
        }
        self.extra_mut(i).sync_scope = name;
    }

    /// `weak` of `cmpxchg`.
    pub fn is_weak(&self, i: Inst) -> bool {
        self.opcode_with(i, "Context::is_weak", "`weak` flag", |o| {
            o == Opcode::AtomicCmpXchg
        });
        self.inst_flags(i) & mem::WEAK != 0
    }

    /// Sets `weak` of `cmpxchg`.
    pub fn set_weak(&mut self, i: Inst, on: bool) {
        self.opcode_with(i, "Context::set_weak", "`weak` flag", |o| {
            o == Opcode::AtomicCmpXchg
        });
        self.update_flags(i, mem::WEAK, if on { mem::WEAK } else { 0 });
    }

    /// The operation of an `atomicrmw`.
    pub fn rmw_op(&self, i: Inst) -> RmwOp {
        self.opcode_with(i, "Context::rmw_op", "atomicrmw operation", |o| {
            o == Opcode::AtomicRMW
        });
        RmwOp::ALL[mem::extra(self.inst_flags(i)) as usize]
    }

    /// `inalloca` of an `alloca`.
    pub fn is_inalloca(&self, i: Inst) -> bool {
        self.opcode_with(i, "Context::is_inalloca", "`inalloca` flag", |o| {
            o == Opcode::Alloca
        });
        self.inst_flags(i) & mem::WEAK != 0
    }

    /// Sets `inalloca` of an `alloca`.
    pub fn set_inalloca(&mut self, i: Inst, on: bool) {
        self.opcode_with(i, "Context::set_inalloca", "`inalloca` flag", |o| {
            o == Opcode::Alloca
        });
        self.update_flags(i, mem::WEAK, if on { mem::WEAK } else { 0 });
    }

    /// `swifterror` of an `alloca`.
    pub fn is_swifterror(&self, i: Inst) -> bool {
        self.opcode_with(i, "Context::is_swifterror", "`swifterror` flag", |o| {
            o == Opcode::Alloca
        });
        self.inst_flags(i) & mem::SWIFTERROR != 0
    }

    /// Sets `swifterror` of an `alloca`.
    pub fn set_swifterror(&mut self, i: Inst, on: bool) {
        self.opcode_with(i, "Context::set_swifterror", "`swifterror` flag", |o| {
            o == Opcode::Alloca
        });
        self.update_flags(i, mem::SWIFTERROR, if on { mem::SWIFTERROR } else { 0 });
    }

    /// The tail-call marker of a `call`.
    pub fn tail_kind(&self, i: Inst) -> TailKind {
        self.opcode_with(i, "Context::tail_kind", "tail-call marker", |o| {
            o == Opcode::Call
        });
        match self.payload(i) {
            super::inst::InstPayload::Call(c) => c.tail,
            _ => TailKind::None,
        }
    }

    /// Sets the tail-call marker of a `call`.
    pub fn set_tail_kind(&mut self, i: Inst, t: TailKind) {
        self.opcode_with(i, "Context::set_tail_kind", "tail-call marker", |o| {
            o == Opcode::Call
        });
        if let super::inst::InstPayload::Call(c) = self.payload_mut(i) {
            c.tail = t;
        }
    }
}

/// Panics unless `align` is at most 2^32 bytes.
#[track_caller]
pub(crate) fn check_align(who: &str, align: Option<Align>) {
    if let Some(a) = align {
        if a.log2() > MAX_ALIGN_LOG2 {
            panic!(
                "{who}: alignment {} exceeds LLVM's maximum of 2^32 bytes",
                a.bytes()
            );
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn no_such_flag(who: &str, op: Opcode, what: &str) -> ! {
    panic!("{who}: `{}` has no {what}", op.mnemonic())
}
