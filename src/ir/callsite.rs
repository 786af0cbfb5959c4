//! Call-site queries: LLVM 19's `CallBase` for `call`, `invoke` and
//! `callbr`.
//!
//! Owns the reading of a call's operand layout (`[arguments, bundle
//! operands, destinations, callee]`) and the attribute queries that combine
//! the call site's attributes with the callee's as LLVM does: function
//! attributes from a callee that is a [`Function`] whatever its type
//! (`hasFnAttrOnCalledFunction`), return and parameter attributes only from
//! the [`called_function`](Context::called_function) (a function of the
//! call's type), memory effects intersected with the callee's and widened
//! by operand bundles (`getMemoryEffects`). It does not own building calls
//! (the builder) or what an instruction may do in general (`effects.rs`).
//! Every query is O(1) but for attribute lookups (O(log attributes)) and
//! bundle scans (O(bundles)).
//!
//! The callee is `called_operand`; `called_function` only when it is a
//! function of the call's type (`getCalledFunction`). Function attributes and
//! memory effects come from a callee function of any type
//! (`hasFnAttrOnCalledFunction`), return and parameter attributes only from
//! `called_function`. `call_memory_effects` is the call site's `memory`
//! intersected with the callee's, which operand bundles widen: any bundle
//! but `ptrauth`/`kcfi` reads, any but `deopt`/`funclet`/`ptrauth`/`kcfi`
//! writes, except on `llvm.assume`. `call_param_has_attr` drops a callee's
//! `readnone`/`readonly`/`writeonly` that bundles contradict; a `deopt`
//! bundle's pointer operands are `readonly nocapture`. Checked, with
//! `effects.rs` and `analysis/`, by `tests/semantics.rs` against libLLVM 19.

use super::attributes::{AttrIndex, AttrKind, Attribute, AttributeList, MemoryEffects, ModRef};
use super::inst::{Bundle, CallData, InstPayload};
use super::intrinsics::IntrinsicId;
use super::{Function, Inst};
use crate::inst::{Opcode, TailKind};
use crate::types::Type;
use crate::value::Value;
use crate::Context;

/// # Call sites
///
/// The callee, arguments, operand bundles and attributes of `call`,
/// `invoke` and `callbr` (LLVM's `CallBase`).
impl Context {
    /// Whether `i` is a `call`, `invoke` or `callbr` (`isa<CallBase>`).
    pub fn is_call_base(&self, i: Inst) -> bool {
        matches!(
            self.opcode(i),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr
        )
    }

    /// The call data of `i`.
    ///
    /// # Panics
    ///
    /// If `i` is not a call, invoke or callbr.
    pub fn call_data(&self, i: Inst) -> &CallData {
        self.call_data_for("Context::call_data", i)
    }

    /// [`call_data`](Self::call_data) for method `who`, which a panic
    /// names.
    #[track_caller]
    fn call_data_for(&self, who: &str, i: Inst) -> &CallData {
        match self.extra(i).map(|e| &e.payload) {
            Some(InstPayload::Call(cd)) => cd,
            _ => self.not_an_inst_of_kind(who, i, "call site"),
        }
    }

    /// Replaces the call-site attributes of `i` (LLVM's `setAttributes`;
    /// as there, whether they suit the call is the verifier's question).
    ///
    /// # Panics
    ///
    /// If `i` is not a call, invoke or callbr.
    pub fn set_call_attrs(&mut self, i: Inst, attrs: AttributeList) {
        self.call_data_mut("Context::set_call_attrs", i).attrs = attrs;
    }

    /// Sets the calling convention of `i` (LLVM's `setCallingConv`).
    ///
    /// # Panics
    ///
    /// If `i` is not a call, invoke or callbr, or `cc` does not fit LLVM's
    /// 10 bits.
    pub fn set_call_conv(&mut self, i: Inst, cc: u32) {
        assert!(
            cc < 1 << 10,
            "Context::set_call_conv: calling convention {cc} exceeds LLVM's maximum 1023"
        );
        self.call_data_mut("Context::set_call_conv", i).call_conv = cc;
    }

    /// The call data of `i`, for the setters above (`who` names the
    /// setter in the panic).
    fn call_data_mut(&mut self, who: &str, i: Inst) -> &mut CallData {
        if !matches!(
            self.extra(i).map(|e| &e.payload),
            Some(InstPayload::Call(_))
        ) {
            self.not_an_inst_of_kind(who, i, "call site");
        }
        match self.payload_mut(i) {
            InstPayload::Call(cd) => cd,
            _ => unreachable!("checked above"),
        }
    }

    /// The function type the call is made with (`getFunctionType`).
    ///
    /// # Panics
    ///
    /// If `i` is not a call site.
    pub fn call_function_type(&self, i: Inst) -> Type {
        const WHO: &str = "Context::call_function_type";
        self.call_data_for(WHO, i).fn_ty.unwrap_or_else(|| {
            self.not_an_inst_of_kind(WHO, i, "call site with a function type (it is being built)")
        })
    }

    /// The callee operand: a function, inline asm or any pointer value
    /// (`getCalledOperand`). `None` only for a call being built.
    pub fn called_operand(&self, i: Inst) -> Option<Value> {
        let n = self.num_operands(i.0);
        self.call_data_for("Context::called_operand", i);
        n.checked_sub(1).and_then(|k| self.operand(i.0, k))
    }

    /// The function called, if the callee is a function of the call's type
    /// (`getCalledFunction`).
    pub fn called_function(&self, i: Inst) -> Option<Function> {
        let f = self.called_operand(i).and_then(|c| self.as_function(c))?;
        (self.signature(f) == self.call_function_type(i)).then_some(f)
    }

    /// The callee if it is a function, whatever its type (what LLVM asks
    /// for function attributes and memory effects).
    fn callee_function(&self, i: Inst) -> Option<Function> {
        self.called_operand(i).and_then(|c| self.as_function(c))
    }

    /// The intrinsic called (`CallBase::getIntrinsicID`: the called
    /// function's id).
    pub fn call_intrinsic_id(&self, i: Inst) -> Option<IntrinsicId> {
        self.called_function(i).and_then(|f| self.intrinsic_id(f))
    }

    /// Whether `i` calls a function named `llvm.*` of its type
    /// (`isa<IntrinsicInst>`; true for unknown `llvm.*` names too).
    pub fn is_intrinsic_call(&self, i: Inst) -> bool {
        self.opcode(i) == Opcode::Call
            && self
                .called_function(i)
                .is_some_and(|f| self.is_intrinsic(f))
    }

    /// Whether the callee is neither a function, another constant nor
    /// inline asm (`isIndirectCall`).
    pub fn is_indirect_call(&self, i: Inst) -> bool {
        self.called_operand(i).is_some_and(|c| {
            let k = self.value_kind(c);
            !k.is_constant() && k != crate::value::ValueKind::InlineAsm
        })
    }

    /// The number of arguments (`arg_size`): operands before the bundle
    /// operands.
    pub fn call_num_args(&self, i: Inst) -> u32 {
        let cd = self.call_data_for("Context::call_num_args", i);
        let trailing = match self.opcode(i) {
            Opcode::Invoke => 3,
            Opcode::CallBr => 2 + cd.num_indirect,
            _ => 1,
        };
        let bundle_ops: u32 = cd.bundles.iter().map(|b| b.len).sum();
        self.num_operands(i.0).saturating_sub(trailing + bundle_ops)
    }

    /// Argument `n` of call `i` (`getArgOperand`).
    ///
    /// # Panics
    ///
    /// If `n` is out of range or the operand is unset.
    pub fn call_arg(&self, i: Inst, n: u32) -> Value {
        assert!(
            n < self.call_num_args(i),
            "Context::call_arg: argument {n} of a call with {} arguments",
            self.call_num_args(i)
        );
        self.operand(i.0, n)
            .unwrap_or_else(|| panic!("Context::call_arg: argument {n} of {:?} is unset", i.0))
    }

    /// The arguments of call `i`, in order (`args`).
    pub fn call_args(&self, i: Inst) -> impl Iterator<Item = Value> + '_ {
        (0..self.call_num_args(i)).map(move |n| self.call_arg(i, n))
    }

    /// The operand bundles of call `i`, in order.
    pub fn call_bundles(&self, i: Inst) -> &[Bundle] {
        &self.call_data_for("Context::call_bundles", i).bundles
    }

    /// The operands of bundle `b` of call `i`.
    pub fn bundle_operands(&self, i: Inst, b: &Bundle) -> impl Iterator<Item = Option<Value>> + '_ {
        (b.start..b.start + b.len).map(move |k| self.operand(i.0, k))
    }

    /// Whether call `i` has a bundle whose tag is not in `tags`
    /// (`hasOperandBundlesOtherThan`).
    pub fn call_has_bundles_other_than(&self, i: Inst, tags: &[&str]) -> bool {
        self.call_bundles(i)
            .iter()
            .any(|b| !tags.iter().any(|t| t.as_bytes() == &*b.tag))
    }

    /// Whether the call's bundles make it read memory
    /// (`hasReadingOperandBundles`: any but `ptrauth` and `kcfi`, unless it
    /// is `llvm.assume`).
    pub fn call_has_reading_bundles(&self, i: Inst) -> bool {
        self.call_has_bundles_other_than(i, &["ptrauth", "kcfi"])
            && self.call_intrinsic_id(i) != Some(IntrinsicId::ASSUME)
    }

    /// Whether the call's bundles make it write memory
    /// (`hasClobberingOperandBundles`: any but `deopt`, `funclet`,
    /// `ptrauth` and `kcfi`, unless it is `llvm.assume`).
    pub fn call_has_clobbering_bundles(&self, i: Inst) -> bool {
        self.call_has_bundles_other_than(i, &["deopt", "funclet", "ptrauth", "kcfi"])
            && self.call_intrinsic_id(i) != Some(IntrinsicId::ASSUME)
    }

    /// The call-site attributes of `i` (`getAttributes`).
    pub fn call_attrs(&self, i: Inst) -> &AttributeList {
        &self.call_data_for("Context::call_attrs", i).attrs
    }

    /// Whether the call site or the callee (a function of any type) has
    /// function attribute `kind` (`CallBase::hasFnAttr`).
    pub fn call_has_fn_attr(&self, i: Inst, kind: AttrKind) -> bool {
        self.call_fn_attr(i, kind).is_some()
    }

    /// Function attribute `kind` of the call site, else of the callee
    /// (`CallBase::getFnAttr`).
    pub fn call_fn_attr(&self, i: Inst, kind: AttrKind) -> Option<&Attribute> {
        self.call_attrs(i).fn_attrs().get(kind).or_else(|| {
            self.callee_function(i)
                .and_then(|f| self.function_data(f).attrs.fn_attrs().get(kind))
        })
    }

    /// Whether the call site or the called function has string function
    /// attribute `key`.
    pub fn call_has_fn_string_attr(&self, i: Inst, key: &str) -> bool {
        self.call_attrs(i).fn_attrs().has_string(key)
            || self
                .callee_function(i)
                .is_some_and(|f| self.function_data(f).attrs.fn_attrs().has_string(key))
    }

    /// Return attribute `kind` of the call site, else of the called
    /// function (`getRetAttr`).
    pub fn call_ret_attr(&self, i: Inst, kind: AttrKind) -> Option<&Attribute> {
        self.call_attrs(i).ret_attrs().get(kind).or_else(|| {
            self.called_function(i)
                .and_then(|f| self.function_data(f).attrs.ret_attrs().get(kind))
        })
    }

    /// Whether the return value has attribute `kind` at the call site or
    /// on the called function (`hasRetAttr`).
    pub fn call_has_ret_attr(&self, i: Inst, kind: AttrKind) -> bool {
        self.call_ret_attr(i, kind).is_some()
    }

    /// Whether argument `n` has attribute `kind` at the call site, or on
    /// the called function's parameter unless operand bundles contradict a
    /// `readnone`, `readonly` or `writeonly` there (`paramHasAttr`).
    pub fn call_param_has_attr(&self, i: Inst, n: u32, kind: AttrKind) -> bool {
        if self.call_attrs(i).param_attrs(n).has(kind) {
            return true;
        }
        let Some(f) = self.called_function(i) else {
            return false;
        };
        if !self.function_data(f).attrs.param_attrs(n).has(kind) {
            return false;
        }
        match kind {
            AttrKind::ReadNone => {
                !self.call_has_reading_bundles(i) && !self.call_has_clobbering_bundles(i)
            }
            AttrKind::ReadOnly => !self.call_has_clobbering_bundles(i),
            AttrKind::WriteOnly => !self.call_has_reading_bundles(i),
            _ => true,
        }
    }

    /// Parameter attribute `kind` of argument `n` at the call site, else
    /// on the callee (a function of any type; `getParamAttr`).
    pub fn call_param_attr(&self, i: Inst, n: u32, kind: AttrKind) -> Option<&Attribute> {
        self.call_attrs(i).param_attrs(n).get(kind).or_else(|| {
            self.callee_function(i)
                .and_then(|f| self.function_data(f).attrs.param_attrs(n).get(kind))
        })
    }

    /// Whether data operand `n` (an argument, or a bundle operand counted
    /// on from the arguments) has attribute `kind`, given or implied
    /// (`dataOperandHasImpliedAttr`: a `deopt` bundle's pointer operands
    /// are `readonly` and `nocapture`).
    pub fn call_data_operand_has_attr(&self, i: Inst, n: u32, kind: AttrKind) -> bool {
        if n < self.call_num_args(i) {
            return self.call_param_has_attr(i, n, kind);
        }
        let b = self
            .call_bundles(i)
            .iter()
            .find(|b| (b.start..b.start + b.len).contains(&n))
            .unwrap_or_else(|| {
                panic!(
                    "Context::call_data_operand_has_attr: data operand {n} of {:?} is out of range",
                    i.0
                )
            });
        &*b.tag == b"deopt"
            && matches!(kind, AttrKind::ReadOnly | AttrKind::NoCapture)
            && self
                .operand(i.0, n)
                .is_some_and(|v| self.is_ptr(self.type_of(v)))
    }

    /// The argument whose parameter has attribute `kind` at the call site,
    /// else on the called function (`getArgOperandWithAttribute`).
    pub fn call_arg_with_attr(&self, i: Inst, kind: AttrKind) -> Option<Value> {
        let find =
            |l: &AttributeList| (0..l.num_param_sets()).find(|&n| l.param_attrs(n).has(kind));
        let n = find(self.call_attrs(i)).or_else(|| {
            self.called_function(i)
                .and_then(|f| find(&self.function_data(f).attrs))
        })?;
        Some(self.call_arg(i, n))
    }

    /// The argument the call returns (`getReturnedArgOperand`).
    pub fn call_returned_arg(&self, i: Inst) -> Option<Value> {
        self.call_arg_with_attr(i, AttrKind::Returned)
    }

    /// The call's memory effects (`CallBase::getMemoryEffects`): the call
    /// site's `memory`, intersected with the callee's when the callee is a
    /// function (of any type), whose effects operand bundles widen to
    /// reading or writing everything.
    pub fn call_memory_effects(&self, i: Inst) -> MemoryEffects {
        let of = |l: &AttributeList| match l.fn_attrs().get(AttrKind::Memory) {
            Some(Attribute::Int(_, bits)) => MemoryEffects::from_bits_truncate(*bits),
            _ => MemoryEffects::unknown(),
        };
        let mut me = of(self.call_attrs(i));
        if let Some(f) = self.callee_function(i) {
            let mut fme = of(&self.function_data(f).attrs);
            if !self.call_bundles(i).is_empty() {
                if self.call_has_reading_bundles(i) {
                    fme = fme.union(MemoryEffects::uniform(ModRef::Ref));
                }
                if self.call_has_clobbering_bundles(i) {
                    fme = fme.union(MemoryEffects::uniform(ModRef::Mod));
                }
            }
            me = me.intersect(fme);
        }
        me
    }

    /// Whether the call accesses no memory (`doesNotAccessMemory`).
    pub fn call_does_not_access_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i).does_not_access_memory()
    }

    /// Whether the call at most reads memory (`onlyReadsMemory`).
    pub fn call_only_reads_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i).only_reads_memory()
    }

    /// Whether the call at most writes memory (`onlyWritesMemory`).
    pub fn call_only_writes_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i).only_writes_memory()
    }

    /// Whether the call accesses only memory its pointer arguments reach
    /// (`onlyAccessesArgMemory`).
    pub fn call_only_accesses_arg_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i).only_accesses_arg_pointees()
    }

    /// Whether the call accesses only inaccessible memory
    /// (`onlyAccessesInaccessibleMemory`).
    pub fn call_only_accesses_inaccessible_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i).only_accesses_inaccessible_mem()
    }

    /// Whether the call accesses only inaccessible or argument memory
    /// (`onlyAccessesInaccessibleMemOrArgMem`).
    pub fn call_only_accesses_inaccessible_or_arg_memory(&self, i: Inst) -> bool {
        self.call_memory_effects(i)
            .only_accesses_inaccessible_or_arg_mem()
    }

    /// Whether the call cannot return (`doesNotReturn`: `noreturn`).
    pub fn call_does_not_return(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoReturn)
    }

    /// Whether the call cannot unwind (`doesNotThrow`: `nounwind`).
    pub fn call_does_not_throw(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoUnwind)
    }

    /// Whether the call must not be treated as a call to a builtin
    /// (`isNoBuiltin`: `nobuiltin` and no `builtin`).
    pub fn call_is_no_builtin(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoBuiltin)
            && !self.call_has_fn_attr(i, AttrKind::Builtin)
    }

    /// Whether the call is convergent (`isConvergent`).
    pub fn call_is_convergent(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::Convergent)
    }

    /// Whether the call must not be duplicated (`cannotDuplicate`:
    /// `noduplicate`).
    pub fn call_cannot_duplicate(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoDuplicate)
    }

    /// Whether the call must not be merged (`cannotMerge`: `nomerge`).
    pub fn call_cannot_merge(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoMerge)
    }

    /// Whether the call needs strict floating point (`isStrictFP`).
    pub fn call_is_strict_fp(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::StrictFp)
    }

    /// Whether the call must not be inlined (`isNoInline`).
    pub fn call_is_no_inline(&self, i: Inst) -> bool {
        self.call_has_fn_attr(i, AttrKind::NoInline)
    }

    /// Whether `i` is a `tail` or `musttail` call (`isTailCall`).
    pub fn call_is_tail(&self, i: Inst) -> bool {
        self.opcode(i) == Opcode::Call
            && matches!(
                self.call_data_for("Context::call_is_tail", i).tail,
                TailKind::Tail | TailKind::MustTail
            )
    }

    /// Whether `i` is a `musttail` call (`isMustTailCall`).
    pub fn call_is_must_tail(&self, i: Inst) -> bool {
        self.opcode(i) == Opcode::Call
            && self.call_data_for("Context::call_is_must_tail", i).tail == TailKind::MustTail
    }

    /// The function, return or parameter attribute set at `index` of the
    /// call site (plain access, no callee).
    pub fn call_site_attrs(&self, i: Inst, index: AttrIndex) -> &super::attributes::AttributeSet {
        self.call_attrs(i).attrs(index)
    }
}
