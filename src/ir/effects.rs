//! What an instruction may do: LLVM 19's `Instruction::mayReadFromMemory`,
//! `mayWriteToMemory`, `mayThrow`, `willReturn`, `mayHaveSideEffects` and
//! their helpers (`isAtomic`, `isVolatile`, `isEHPad`, ...).
//!
//! Owns these per-instruction predicates; a call's share comes from the
//! call-site queries (`callsite.rs`: memory effects and function
//! attributes of call site and callee combined). It does not own
//! speculation or dead-code facts, which need the data layout and live in
//! `analysis/`. Each query is O(1) but for the call-site attribute lookups
//! and, for `invoke`, a walk over its unwind block's PHIs.
//!
//! `mayThrow` comes with and without phase-one unwinding (cleanup landing
//! pads, `catch ptr null`, empty filters); `isVolatile` covers the memory
//! intrinsics and `matrix.column.major.load/store`; `isSafeToRemove` and
//! `isEHPad` complete the set.

use super::inst::InstPayload;
use super::intrinsics::IntrinsicId;
use super::{Block, Inst};
use crate::constants::ConstKind;
use crate::inst::{mem, Opcode, Ordering, CATCHSWITCH_HAS_UNWIND};
use crate::Context;

/// # Instruction effects
///
/// Whether an instruction may read or write memory, unwind, not return,
/// or have other side effects, as LLVM 19's `Instruction` answers.
impl Context {
    /// The atomic ordering of a `load` or `store` (`NotAtomic` otherwise).
    fn mem_ordering(&self, i: Inst) -> Ordering {
        match self.opcode(i) {
            Opcode::Load | Opcode::Store => {
                Ordering::from_bits(self.inst_flags(i) >> mem::ORDER_SHIFT)
            }
            _ => Ordering::NotAtomic,
        }
    }

    /// Whether a `load` or `store` is unordered: not volatile, at most
    /// `unordered` atomic (`isUnordered`).
    pub fn is_unordered(&self, i: Inst) -> bool {
        matches!(self.opcode(i), Opcode::Load | Opcode::Store)
            && self.inst_flags(i) & mem::VOLATILE == 0
            && matches!(
                self.mem_ordering(i),
                Ordering::NotAtomic | Ordering::Unordered
            )
    }

    /// Whether `i` may read memory (`mayReadFromMemory`): loads, `va_arg`,
    /// fences, atomics, `catchpad`/`catchret`, calls that may read, and
    /// stores that are not unordered.
    pub fn may_read_from_memory(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::VAArg
            | Opcode::Load
            | Opcode::Fence
            | Opcode::AtomicCmpXchg
            | Opcode::AtomicRMW
            | Opcode::CatchPad
            | Opcode::CatchRet => true,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => !self.call_only_writes_memory(i),
            Opcode::Store => !self.is_unordered(i),
            _ => false,
        }
    }

    /// Whether `i` may write memory (`mayWriteToMemory`): stores, `va_arg`,
    /// fences, atomics, `catchpad`/`catchret`, calls that may write, and
    /// loads that are not unordered.
    pub fn may_write_to_memory(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::Fence
            | Opcode::Store
            | Opcode::VAArg
            | Opcode::AtomicCmpXchg
            | Opcode::AtomicRMW
            | Opcode::CatchPad
            | Opcode::CatchRet => true,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => !self.call_only_reads_memory(i),
            Opcode::Load => !self.is_unordered(i),
            _ => false,
        }
    }

    /// Whether `i` may read or write memory (`mayReadOrWriteMemory`).
    pub fn may_read_or_write_memory(&self, i: Inst) -> bool {
        self.may_read_from_memory(i) || self.may_write_to_memory(i)
    }

    /// Whether `i` is atomic (`isAtomic`): `cmpxchg`, `atomicrmw`, `fence`,
    /// or an atomic load or store.
    pub fn is_atomic(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::AtomicCmpXchg | Opcode::AtomicRMW | Opcode::Fence => true,
            Opcode::Load | Opcode::Store => self.mem_ordering(i) != Ordering::NotAtomic,
            _ => false,
        }
    }

    /// Whether `i` is volatile (`isVolatile`): a volatile memory
    /// instruction, a call of a memory intrinsic with its volatile flag
    /// set, or of `llvm.matrix.column.major.load/store` with its volatile
    /// argument 1.
    pub fn is_volatile(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::AtomicRMW | Opcode::Store | Opcode::Load | Opcode::AtomicCmpXchg => {
                self.inst_flags(i) & mem::VOLATILE != 0
            }
            Opcode::Call if self.is_intrinsic_call(i) => {
                let arg_is_one = |n: u32| {
                    n < self.call_num_args(i)
                        && self
                            .const_int_value(self.call_arg(i, n))
                            .is_some_and(|v| v.is_one())
                };
                let arg_is_nonzero = |n: u32| {
                    n < self.call_num_args(i)
                        && self
                            .const_int_value(self.call_arg(i, n))
                            .is_some_and(|v| !v.is_zero())
                };
                match self.call_intrinsic_id(i) {
                    Some(
                        IntrinsicId::MEMCPY
                        | IntrinsicId::MEMCPY_INLINE
                        | IntrinsicId::MEMMOVE
                        | IntrinsicId::MEMSET
                        | IntrinsicId::MEMSET_INLINE,
                    ) => arg_is_nonzero(3),
                    Some(IntrinsicId::MATRIX_COLUMN_MAJOR_LOAD) => arg_is_one(2),
                    Some(IntrinsicId::MATRIX_COLUMN_MAJOR_STORE) => arg_is_one(3),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Whether `i` may unwind out of its function (`mayThrow()`, without
    /// phase-one unwinding): a call without `nounwind`, `resume`, a
    /// `cleanupret` or `catchswitch` that unwinds to the caller, an
    /// `invoke` whose landing pad may not catch everything.
    pub fn may_throw(&self, i: Inst) -> bool {
        self.may_throw_impl(i, false)
    }

    /// [`may_throw`](Context::may_throw) counting phase-one unwinding
    /// (`mayThrow(true)`): cleanup landing pads and `cleanuppad`s let the
    /// first phase of unwinding pass.
    pub fn may_throw_phase_one(&self, i: Inst) -> bool {
        self.may_throw_impl(i, true)
    }

    fn may_throw_impl(&self, i: Inst, phase_one: bool) -> bool {
        match self.opcode(i) {
            Opcode::Call => !self.call_does_not_throw(i),
            // `cleanupret from %p unwind to caller` has one operand.
            Opcode::CleanupRet => self.num_operands(i.0) < 2,
            Opcode::CatchSwitch => self.inst_flags(i) & CATCHSWITCH_HAS_UNWIND == 0,
            Opcode::Resume => true,
            Opcode::Invoke => {
                let n = self.num_operands(i.0);
                let unwind = n
                    .checked_sub(2)
                    .and_then(|k| self.operand(i.0, k))
                    .and_then(|v| self.as_block(v));
                match unwind.and_then(|b| self.first_non_phi(b)) {
                    Some(pad) if self.opcode(pad) == Opcode::LandingPad => {
                        self.can_unwind_past_landing_pad(pad, phase_one)
                    }
                    _ => false,
                }
            }
            Opcode::CleanupPad => phase_one,
            _ => false,
        }
    }

    /// LLVM's `canUnwindPastLandingPad`: a cleanup pad lets phase one pass;
    /// `catch ptr null` and an empty `filter` catch everything.
    fn can_unwind_past_landing_pad(&self, lp: Inst, phase_one: bool) -> bool {
        let (clauses, cleanup) = match self.payload(lp) {
            InstPayload::Grow {
                clauses, cleanup, ..
            } => (clauses.as_slice(), *cleanup),
            _ => (&[][..], false),
        };
        if cleanup {
            return phase_one;
        }
        for (k, &is_catch) in clauses.iter().enumerate() {
            let Some(c) = self.operand(lp.0, k as u32) else {
                continue;
            };
            if is_catch
                && self.value_kind(c) == crate::value::ValueKind::Constant
                && self.const_kind(c) == ConstKind::Null
            {
                return false;
            }
            if !is_catch && self.array_len(self.type_of(c)) == Some(0) {
                return false;
            }
        }
        true
    }

    /// The first instruction of `b` that is not a PHI (`getFirstNonPHI`).
    pub fn first_non_phi(&self, b: Block) -> Option<Inst> {
        self.insts(b).find(|&i| self.opcode(i) != Opcode::Phi)
    }

    /// Whether `i` is guaranteed to return control when executed
    /// (`willReturn`): not a volatile store, and a call only with
    /// `willreturn` on the call site or callee.
    pub fn will_return(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::Store => self.inst_flags(i) & mem::VOLATILE == 0,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                self.call_has_fn_attr(i, crate::ir::attributes::AttrKind::WillReturn)
            }
            _ => true,
        }
    }

    /// Whether `i` may have side effects (`mayHaveSideEffects`): it may
    /// write memory, unwind or not return.
    pub fn may_have_side_effects(&self, i: Inst) -> bool {
        self.may_write_to_memory(i) || self.may_throw(i) || !self.will_return(i)
    }

    /// Whether `i` is an exception-handling pad (`isEHPad`):
    /// `landingpad`, `catchpad`, `cleanuppad` or `catchswitch`.
    pub fn is_eh_pad(&self, i: Inst) -> bool {
        matches!(
            self.opcode(i),
            Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
        )
    }

    /// Whether `i` may be removed when unused (`isSafeToRemove`): not a
    /// call with side effects, a terminator or an EH pad.
    pub fn is_safe_to_remove(&self, i: Inst) -> bool {
        let op = self.opcode(i);
        (op != Opcode::Call || !self.may_have_side_effects(i))
            && !op.is_terminator()
            && !self.is_eh_pad(i)
    }

    /// Whether `i` calls `llvm.lifetime.start` or `llvm.lifetime.end`
    /// (`isLifetimeStartOrEnd`).
    pub fn is_lifetime_start_or_end(&self, i: Inst) -> bool {
        self.is_intrinsic_call(i)
            && matches!(
                self.call_intrinsic_id(i),
                Some(IntrinsicId::LIFETIME_START | IntrinsicId::LIFETIME_END)
            )
    }

    /// Whether `i` calls a debug-info intrinsic (`llvm.dbg.declare`,
    /// `.value`, `.assign`, `.label`) or `llvm.pseudoprobe`
    /// (`isDebugOrPseudoInst`).
    pub fn is_debug_or_pseudo_inst(&self, i: Inst) -> bool {
        self.is_intrinsic_call(i)
            && matches!(
                self.call_intrinsic_id(i),
                Some(
                    IntrinsicId::DBG_DECLARE
                        | IntrinsicId::DBG_VALUE
                        | IntrinsicId::DBG_ASSIGN
                        | IntrinsicId::DBG_LABEL
                        | IntrinsicId::PSEUDOPROBE
                )
            )
    }
}
