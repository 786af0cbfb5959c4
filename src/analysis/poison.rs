//! Poison reasoning: LLVM 19's `propagatesPoison`, `canCreatePoison`,
//! `isGuaranteedNotToBePoison` (without a context instruction, dominator
//! tree or assumption cache: the form `impliesPoison` asks), its helper
//! `programUndefinedIfPoison`, `directlyImpliesPoison` and
//! `impliesPoison` (ValueTracking.cpp), as SimplifyCFG's
//! `createLogicalOp` uses them to choose `or`/`and` over a `select`.
//!
//! Deviations: a constant expression's poison-generating flags are not
//! read (one that could carry them counts as able to create poison), and
//! a `shufflevector` splat is checked through all its operands rather
//! than its splatted value; both only make an answer more conservative.

use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::ir::attributes::AttrKind;
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::MdKindId;
use crate::ir::Inst;
use crate::value::{Value, ValueKind};
use crate::Context;

/// LLVM's `MaxAnalysisRecursionDepth`.
const MAX_DEPTH: u32 = 6;

/// # Poison
///
/// Which values may be poison, and which poison implies which.
impl Context {
    /// The opcode of an instruction or constant expression (LLVM's
    /// `Operator`).
    fn operator_opcode(&self, v: Value) -> Option<Opcode> {
        match self.value_kind(v) {
            ValueKind::Instruction => Some(self.opcode(Inst(v))),
            ValueKind::Constant => self.const_expr_op(v),
            _ => None,
        }
    }

    fn intrinsic_of(&self, v: Value) -> Option<IntrinsicId> {
        (self.value_kind(v) == ValueKind::Instruction && self.opcode(Inst(v)) == Opcode::Call)
            .then(|| self.call_intrinsic_id(Inst(v)))
            .flatten()
    }

    /// LLVM 19's `propagatesPoison`: whether operand `opno` of `user` (an
    /// instruction or constant expression) being poison makes `user`
    /// poison.
    pub fn propagates_poison(&self, user: Value, opno: u32) -> bool {
        let Some(op) = self.operator_opcode(user) else {
            return false;
        };
        match op {
            Opcode::Freeze | Opcode::Phi | Opcode::Invoke => false,
            Opcode::Select => opno == 0,
            Opcode::Call => self.intrinsic_of(user).is_some_and(|id| {
                matches!(
                    id,
                    IntrinsicId::SADD_WITH_OVERFLOW
                        | IntrinsicId::SSUB_WITH_OVERFLOW
                        | IntrinsicId::SMUL_WITH_OVERFLOW
                        | IntrinsicId::UADD_WITH_OVERFLOW
                        | IntrinsicId::USUB_WITH_OVERFLOW
                        | IntrinsicId::UMUL_WITH_OVERFLOW
                        | IntrinsicId::CTPOP
                        | IntrinsicId::CTLZ
                        | IntrinsicId::CTTZ
                        | IntrinsicId::ABS
                        | IntrinsicId::SMAX
                        | IntrinsicId::SMIN
                        | IntrinsicId::UMAX
                        | IntrinsicId::UMIN
                        | IntrinsicId::BITREVERSE
                        | IntrinsicId::BSWAP
                        | IntrinsicId::SADD_SAT
                        | IntrinsicId::SSUB_SAT
                        | IntrinsicId::SSHL_SAT
                        | IntrinsicId::UADD_SAT
                        | IntrinsicId::USUB_SAT
                        | IntrinsicId::USHL_SAT
                )
            }),
            Opcode::ICmp | Opcode::FCmp | Opcode::GetElementPtr => true,
            op => op.is_binary() || op == Opcode::FNeg || op.is_cast(),
        }
    }

    /// LLVM's `hasPoisonGeneratingAnnotations`: flags, return attributes
    /// or metadata that make the result poison when violated.
    fn has_poison_generating_annotations(&self, v: Value) -> bool {
        if self.value_kind(v) != ValueKind::Instruction {
            // A constant expression's flags are not read: assume some.
            return matches!(
                self.const_expr_op(v),
                Some(
                    Opcode::Add
                        | Opcode::Sub
                        | Opcode::Mul
                        | Opcode::Shl
                        | Opcode::Trunc
                        | Opcode::GetElementPtr
                )
            );
        }
        let i = Inst(v);
        let op = self.opcode(i);
        let flags = if op.has_wrap_flags() {
            !self.wrap_flags(i).is_empty()
        } else if op.has_exact_flag() {
            self.is_exact(i)
        } else if op.has_disjoint_flag() {
            self.is_disjoint(i)
        } else if op.has_nneg_flag() {
            self.is_nneg(i)
        } else if op == Opcode::GetElementPtr {
            !self.gep_flags(i).is_empty()
        } else if self.is_fp_math(i) {
            let f = self.fast_math(i);
            f.contains(crate::inst::FastMathFlags::NNAN)
                || f.contains(crate::inst::FastMathFlags::NINF)
        } else {
            false
        };
        if flags {
            return true;
        }
        if self.is_call_base(i)
            && (self.call_has_ret_attr(i, AttrKind::Range)
                || self.call_has_ret_attr(i, AttrKind::NonNull)
                || self.call_has_ret_attr(i, AttrKind::Alignment))
        {
            return true;
        }
        [MdKindId::RANGE, MdKindId::NONNULL, MdKindId::ALIGN]
            .iter()
            .any(|&k| self.inst_metadata(i, k).is_some())
    }

    /// Whether integer constant `x` is below `n` (unsigned).
    fn const_below(&self, x: Value, n: u64) -> bool {
        self.value_kind(x) == ValueKind::Constant
            && self.const_kind(x) == ConstKind::Int
            && self
                .const_int_value(x)
                .is_some_and(|a| a.active_bits() <= 64 && a.to_u64() < n)
    }

    /// Whether `v` is an integer constant (or a fixed vector of them)
    /// below the bit width: LLVM's `shiftAmountKnownInRange`.
    fn shift_amount_in_range(&self, v: Value) -> bool {
        if self.value_kind(v) != ValueKind::Constant {
            return false;
        }
        let ty = self.type_of(v);
        let Some(bits) = self.int_width(self.scalar_type(ty)) else {
            return false;
        };
        let bits = u64::from(bits);
        match self.vector_len(ty) {
            Some((_, true)) => false,
            Some(_) => match self.const_kind(v) {
                ConstKind::Zero => true,
                ConstKind::DataVector => self
                    .const_data(v)
                    .is_some_and(|d| d.iter().all(|&x| x < bits)),
                ConstKind::Vector => self
                    .operands(v)
                    .all(|e| e.is_some_and(|e| self.const_below(e, bits))),
                _ => false,
            },
            None => self.const_below(v, bits),
        }
    }

    /// LLVM 19's `canCreatePoison`: whether the instruction or constant
    /// expression `v` can be poison when its operands are not.
    pub fn can_create_poison(&self, v: Value, consider_flags: bool) -> bool {
        if consider_flags && self.has_poison_generating_annotations(v) {
            return true;
        }
        let Some(op) = self.operator_opcode(v) else {
            return true;
        };
        match op {
            Opcode::Shl | Opcode::AShr | Opcode::LShr => {
                let amt = self.operand(v, 1).expect("a shift amount");
                !self.shift_amount_in_range(amt)
            }
            Opcode::FPToSI | Opcode::FPToUI => true,
            Opcode::Call | Opcode::CallBr | Opcode::Invoke => {
                if let Some(id) = self.intrinsic_of(v) {
                    let i = Inst(v);
                    match id {
                        IntrinsicId::CTLZ | IntrinsicId::CTTZ | IntrinsicId::ABS => {
                            let a = self.call_arg(i, 1);
                            if self.value_kind(a) == ValueKind::Constant
                                && self.const_kind(a) == ConstKind::Int
                                && self.is_null_value(a)
                            {
                                return false;
                            }
                        }
                        IntrinsicId::SSHL_SAT | IntrinsicId::USHL_SAT => {
                            return !self.shift_amount_in_range(self.call_arg(i, 1));
                        }
                        IntrinsicId::CTPOP
                        | IntrinsicId::BSWAP
                        | IntrinsicId::BITREVERSE
                        | IntrinsicId::FSHL
                        | IntrinsicId::FSHR
                        | IntrinsicId::SMAX
                        | IntrinsicId::SMIN
                        | IntrinsicId::UMAX
                        | IntrinsicId::UMIN
                        | IntrinsicId::PTRMASK
                        | IntrinsicId::FPTOUI_SAT
                        | IntrinsicId::FPTOSI_SAT
                        | IntrinsicId::SADD_WITH_OVERFLOW
                        | IntrinsicId::SSUB_WITH_OVERFLOW
                        | IntrinsicId::SMUL_WITH_OVERFLOW
                        | IntrinsicId::UADD_WITH_OVERFLOW
                        | IntrinsicId::USUB_WITH_OVERFLOW
                        | IntrinsicId::UMUL_WITH_OVERFLOW
                        | IntrinsicId::SADD_SAT
                        | IntrinsicId::UADD_SAT
                        | IntrinsicId::SSUB_SAT
                        | IntrinsicId::USUB_SAT
                        | IntrinsicId::FMA
                        | IntrinsicId::FMULADD
                        | IntrinsicId::SQRT
                        | IntrinsicId::POWI
                        | IntrinsicId::SIN
                        | IntrinsicId::COS
                        | IntrinsicId::POW
                        | IntrinsicId::LOG
                        | IntrinsicId::LOG10
                        | IntrinsicId::LOG2
                        | IntrinsicId::EXP
                        | IntrinsicId::EXP2
                        | IntrinsicId::EXP10
                        | IntrinsicId::FABS
                        | IntrinsicId::COPYSIGN
                        | IntrinsicId::FLOOR
                        | IntrinsicId::CEIL
                        | IntrinsicId::TRUNC
                        | IntrinsicId::RINT
                        | IntrinsicId::NEARBYINT
                        | IntrinsicId::ROUND
                        | IntrinsicId::ROUNDEVEN
                        | IntrinsicId::FPTRUNC_ROUND
                        | IntrinsicId::CANONICALIZE
                        | IntrinsicId::ARITHMETIC_FENCE
                        | IntrinsicId::MINNUM
                        | IntrinsicId::MAXNUM
                        | IntrinsicId::MINIMUM
                        | IntrinsicId::MAXIMUM
                        | IntrinsicId::IS_FPCLASS
                        | IntrinsicId::LDEXP
                        | IntrinsicId::FREXP
                        | IntrinsicId::LROUND
                        | IntrinsicId::LLROUND
                        | IntrinsicId::LRINT
                        | IntrinsicId::LLRINT => return false,
                        _ => {}
                    }
                }
                self.value_kind(v) != ValueKind::Instruction
                    || !self.call_has_ret_attr(Inst(v), AttrKind::NoUndef)
            }
            Opcode::InsertElement | Opcode::ExtractElement => {
                let k = if op == Opcode::InsertElement { 2 } else { 1 };
                let vty = self.type_of(self.operand(v, 0).expect("a vector operand"));
                let n = self.vector_len(vty).map_or(0, |l| u64::from(l.0));
                let idx = self.operand(v, k).expect("an index operand");
                !self.const_below(idx, n)
            }
            Opcode::ShuffleVector => match self.value_kind(v) {
                ValueKind::Instruction => match self.payload(Inst(v)) {
                    crate::ir::inst::InstPayload::Mask(m) => m.iter().any(|&x| x < 0),
                    _ => true,
                },
                // A constant expression's mask is not read: assume poison.
                _ => true,
            },
            Opcode::FNeg
            | Opcode::Phi
            | Opcode::Select
            | Opcode::ExtractValue
            | Opcode::InsertValue
            | Opcode::Freeze
            | Opcode::ICmp
            | Opcode::FCmp
            | Opcode::GetElementPtr => false,
            Opcode::AddrSpaceCast => true,
            op => !(op.is_cast() || op.is_binary()),
        }
    }

    /// LLVM's `isGuaranteedToTransferExecutionToSuccessor` for one
    /// instruction.
    fn transfers_execution(&self, i: Inst) -> bool {
        match self.opcode(i) {
            Opcode::Ret | Opcode::Unreachable | Opcode::CatchPad => false,
            _ => !self.may_throw(i) && self.will_return(i),
        }
    }

    /// LLVM's `handleGuaranteedNonPoisonOps`: whether `handle` holds for an
    /// operand of `i` that must not be poison.
    fn any_non_poison_op(&self, i: Inst, handle: &dyn Fn(Value) -> bool) -> bool {
        let op = |k: u32| self.operand(i.0, k);
        let h = |v: Option<Value>| v.is_some_and(handle);
        match self.opcode(i) {
            Opcode::Store => h(op(1)),
            Opcode::Load | Opcode::AtomicCmpXchg | Opcode::AtomicRMW => h(op(0)),
            Opcode::Call | Opcode::Invoke => {
                if self.is_indirect_call(i) && h(self.called_operand(i)) {
                    return true;
                }
                (0..self.call_num_args(i)).any(|k| {
                    (self.call_param_has_attr(i, k, AttrKind::NoUndef)
                        || self.call_param_has_attr(i, k, AttrKind::Dereferenceable)
                        || self.call_param_has_attr(i, k, AttrKind::DereferenceableOrNull))
                        && handle(self.call_arg(i, k))
                })
            }
            Opcode::Ret => {
                let f = self
                    .inst_parent(i)
                    .and_then(|b| self.block_parent(b))
                    .expect("a ret in a function");
                self.function_data(f)
                    .attrs
                    .ret_attrs()
                    .has(AttrKind::NoUndef)
                    && h(op(0))
            }
            Opcode::Switch => h(op(0)),
            Opcode::Br => self.num_operands(i.0) == 3 && h(op(0)),
            Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => h(op(1)),
            _ => false,
        }
    }

    /// LLVM's `programUndefinedIfPoison` of a value: whether `v` being
    /// poison makes the program undefined, looking forward from `v` in
    /// its block and the chain of single successors (32 instructions).
    fn program_undefined_if_poison(&self, v: Value) -> bool {
        let (mut blk, mut cur) = match self.value_kind(v) {
            ValueKind::Instruction => {
                let Some(b) = self.inst_parent(Inst(v)) else {
                    return false;
                };
                (b, self.next_inst(Inst(v)))
            }
            ValueKind::Argument => {
                let f = self.arg_parent(v);
                let Some(entry) = self.entry_block(f) else {
                    return false;
                };
                (entry, self.first_inst(entry))
            }
            _ => return false,
        };
        let mut scan = 32u32;
        let mut poison: hashbrown::HashSet<Value> = hashbrown::HashSet::new();
        poison.insert(v);
        let mut visited = vec![blk];
        loop {
            while let Some(i) = cur {
                cur = self.next_inst(i);
                scan -= 1;
                if scan == 0 {
                    return false;
                }
                if self.any_non_poison_op(i, &|x| poison.contains(&x)) {
                    return true;
                }
                if !self.transfers_execution(i) {
                    return false;
                }
                let n = self.num_operands(i.0);
                let yields = (0..n).any(|k| {
                    self.operand(i.0, k)
                        .is_some_and(|o| poison.contains(&o) && self.propagates_poison(i.0, k))
                });
                let sel = self.opcode(i) == Opcode::Select
                    && [1, 2]
                        .iter()
                        .all(|&k| self.operand(i.0, k).is_some_and(|o| poison.contains(&o)));
                if yields || sel {
                    poison.insert(i.0);
                }
            }
            let mut succs = self.successors(blk);
            let next = match (succs.next(), succs.next()) {
                (Some(s), None) => s,
                _ => break,
            };
            if visited.contains(&next) {
                break;
            }
            visited.push(next);
            blk = next;
            cur = self.first_non_phi(next);
        }
        false
    }

    /// LLVM 19's `isGuaranteedNotToBePoison(V)` with no context
    /// instruction, dominator tree or assumption cache.
    pub fn is_guaranteed_not_to_be_poison(&self, v: Value) -> bool {
        self.guaranteed_not_poison_at(v, 0)
    }

    fn guaranteed_not_poison_at(&self, v: Value, depth: u32) -> bool {
        if depth >= MAX_DEPTH {
            return false;
        }
        match self.value_kind(v) {
            ValueKind::MetadataAsValue => return false,
            ValueKind::Argument => {
                let f = self.arg_parent(v);
                let a = self.function_data(f).attrs.param_attrs(self.arg_number(v));
                if a.has(AttrKind::NoUndef)
                    || a.has(AttrKind::Dereferenceable)
                    || a.has(AttrKind::DereferenceableOrNull)
                {
                    return true;
                }
            }
            ValueKind::Function | ValueKind::GlobalVariable => return true,
            ValueKind::Constant => match self.const_kind(v) {
                ConstKind::Poison => return false,
                ConstKind::Undef | ConstKind::Int | ConstKind::Float | ConstKind::Null => {
                    return true
                }
                k if self.is_vector(self.type_of(v)) && k != ConstKind::Expr => {
                    return match k {
                        ConstKind::Vector => self.operands(v).all(|e| {
                            e.is_some_and(|e| {
                                self.value_kind(e) != ValueKind::Constant
                                    || !matches!(
                                        self.const_kind(e),
                                        ConstKind::Poison | ConstKind::Expr
                                    )
                            })
                        }),
                        _ => true,
                    };
                }
                _ => {}
            },
            _ => {}
        }
        let stripped = self.strip_pointer_casts(v);
        match self.value_kind(stripped) {
            ValueKind::GlobalVariable | ValueKind::Function => return true,
            ValueKind::Instruction if self.opcode(Inst(stripped)) == Opcode::Alloca => return true,
            ValueKind::Constant if self.const_kind(stripped) == ConstKind::Null => return true,
            _ => {}
        }
        if let Some(op) = self.operator_opcode(v) {
            if op == Opcode::Freeze {
                return true;
            }
            if self.value_kind(v) == ValueKind::Instruction && self.is_call_base(Inst(v)) {
                let i = Inst(v);
                if self.call_has_ret_attr(i, AttrKind::NoUndef)
                    || self.call_has_ret_attr(i, AttrKind::Dereferenceable)
                    || self.call_has_ret_attr(i, AttrKind::DereferenceableOrNull)
                {
                    return true;
                }
            }
            if !self.can_create_poison(v, true) {
                let n = self.num_operands(v);
                if op == Opcode::Phi {
                    let well = (0..n).all(|k| {
                        let x = self.operand(v, k).expect("a PHI operand");
                        x == v || self.guaranteed_not_poison_at(x, depth + 1)
                    });
                    if well {
                        return true;
                    }
                } else if (0..n).all(|k| {
                    self.operand(v, k)
                        .is_some_and(|x| self.guaranteed_not_poison_at(x, depth + 1))
                }) {
                    return true;
                }
            }
        }
        if self.value_kind(v) == ValueKind::Instruction && self.opcode(Inst(v)) == Opcode::Load {
            let i = Inst(v);
            if [
                MdKindId::NOUNDEF,
                MdKindId::DEREFERENCEABLE,
                MdKindId::DEREFERENCEABLE_OR_NULL,
            ]
            .iter()
            .any(|&k| self.inst_metadata(i, k).is_some())
            {
                return true;
            }
        }
        self.program_undefined_if_poison(v)
    }

    /// LLVM's `directlyImpliesPoison`.
    fn directly_implies_poison(&self, assumed: Value, v: Value, depth: u32) -> bool {
        if assumed == v {
            return true;
        }
        if depth >= 2 || self.value_kind(v) != ValueKind::Instruction {
            return false;
        }
        let n = self.num_operands(v);
        if (0..n).any(|k| {
            self.operand(v, k).is_some_and(|o| {
                self.propagates_poison(v, k) && self.directly_implies_poison(assumed, o, depth + 1)
            })
        }) {
            return true;
        }
        // extractvalue of a *.with.overflow call: its fields are poison
        // together, and poison when an argument is.
        let wo = |x: Value| -> Option<Value> {
            if self.value_kind(x) != ValueKind::Instruction
                || self.opcode(Inst(x)) != Opcode::ExtractValue
            {
                return None;
            }
            let agg = self.operand(x, 0)?;
            matches!(
                self.intrinsic_of(agg),
                Some(
                    IntrinsicId::SADD_WITH_OVERFLOW
                        | IntrinsicId::SSUB_WITH_OVERFLOW
                        | IntrinsicId::SMUL_WITH_OVERFLOW
                        | IntrinsicId::UADD_WITH_OVERFLOW
                        | IntrinsicId::USUB_WITH_OVERFLOW
                        | IntrinsicId::UMUL_WITH_OVERFLOW
                )
            )
            .then_some(agg)
        };
        if let Some(ii) = wo(v) {
            if self.value_kind(assumed) == ValueKind::Instruction
                && self.opcode(Inst(assumed)) == Opcode::ExtractValue
                && self.operand(assumed, 0) == Some(ii)
            {
                return true;
            }
            if self.call_args(Inst(ii)).any(|a| a == assumed) {
                return true;
            }
        }
        false
    }

    /// LLVM 19's `impliesPoison(ValAssumedPoison, V)`: whether `assumed`
    /// being poison makes `v` poison.
    pub fn implies_poison(&self, assumed: Value, v: Value) -> bool {
        self.implies_poison_at(assumed, v, 0)
    }

    fn implies_poison_at(&self, assumed: Value, v: Value, depth: u32) -> bool {
        if self.is_guaranteed_not_to_be_poison(assumed) {
            return true;
        }
        if self.directly_implies_poison(assumed, v, 0) {
            return true;
        }
        if depth >= 2 {
            return false;
        }
        if self.value_kind(assumed) == ValueKind::Instruction
            && !self.can_create_poison(assumed, true)
        {
            let n = self.num_operands(assumed);
            return (0..n).all(|k| {
                self.operand(assumed, k)
                    .is_some_and(|o| self.implies_poison_at(o, v, depth + 1))
            });
        }
        false
    }
}
