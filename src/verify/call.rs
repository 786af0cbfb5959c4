//! Calls: `call`, `invoke` and `callbr` against their function type
//! (`visitCallBase`), `musttail` (`verifyMustTailCall`), operand bundles,
//! inline asm constraints (`verifyInlineAsmCall`) and the `swifterror`
//! rules (`verifySwiftErrorValue`).

use super::attrs::Kinds;
use super::function::cc;
use super::report::{check, Item};
use super::Verifier;
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::{bits, GepFlags, Opcode, TailKind};
use crate::ir::attributes::{AttrKind, AttributeList, AttributeSet};
use crate::ir::inst::{CallData, InstPayload};
use crate::ir::{Function, Inst};
use crate::types::Type;
use crate::value::{Value, ValueKind};

/// A call-like instruction, its payload and operand layout:
/// `[args..., bundle operands..., destinations..., callee]`.
pub(crate) struct CallView<'a> {
    pub(crate) inst: Inst,
    pub(crate) op: Opcode,
    pub(crate) data: &'a CallData,
    /// Number of call arguments.
    pub(crate) nargs: u32,
    /// The called operand (last operand).
    pub(crate) callee: Option<Value>,
    /// LLVM's `getCalledFunction`: the callee if it is a function whose
    /// type is the call's function type.
    pub(crate) direct: Option<Function>,
}

impl<'a> CallView<'a> {
    /// The tag of the bundle holding operand `k`, if it is a bundle operand.
    pub(crate) fn bundle_tag_at(&self, k: u32) -> Option<&[u8]> {
        self.data
            .bundles
            .iter()
            .find(|b| k >= b.start && k < b.start + b.len)
            .map(|b| &*b.tag)
    }

    /// Whether the call has a bundle tagged `tag`.
    pub(crate) fn count_bundles(&self, tag: &str) -> usize {
        self.data
            .bundles
            .iter()
            .filter(|b| &*b.tag == tag.as_bytes())
            .count()
    }

    /// The call-site attributes.
    pub(crate) fn attrs(&self) -> &'a AttributeList {
        &self.data.attrs
    }
}

impl<'a> Verifier<'a> {
    /// The call view of `i`, if it is a call, invoke or callbr with its
    /// payload.
    pub(crate) fn call_view(&self, i: Inst) -> Option<CallView<'a>> {
        let ctx = self.ctx;
        let op = self.opcode(i);
        if !matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) {
            return None;
        }
        let InstPayload::Call(data) = self.payload(i) else {
            return None;
        };
        let ops = self.ops(i);
        let n = ops.len() as u32;
        let bundle_ops: u32 = data.bundles.iter().map(|b| b.len).sum();
        let dests = match op {
            Opcode::Invoke => 2,
            Opcode::CallBr => 1 + data.num_indirect,
            _ => 0,
        };
        let nargs = n.saturating_sub(1 + bundle_ops + dests);
        let callee = ops
            .last()
            .filter(|u| u.val != NONE)
            .map(|u| ctx.graph.handle(u.val));
        let direct = callee
            .and_then(|c| ctx.as_function(c))
            .filter(|&f| Some(ctx.signature(f)) == data.fn_ty);
        Some(CallView {
            inst: i,
            op,
            data,
            nargs,
            callee,
            direct,
        })
    }

    /// LLVM's `getCalledFunction`: the callee if it is a function whose
    /// type is the call's function type.
    pub(crate) fn called_function(&self, cv: &CallView) -> Option<Function> {
        cv.direct
    }

    /// LLVM's `CallBase::paramHasAttr`: the call site's attribute, or the
    /// called function's (read-only/-none/write-only unless bundles read or
    /// clobber memory).
    pub(crate) fn call_param_has(&self, cv: &CallView, i: u32, k: AttrKind) -> bool {
        if cv.attrs().param_attrs(i).has(k) {
            return true;
        }
        let Some(f) = self.called_function(cv) else {
            return false;
        };
        if !self.ctx.function_data(f).attrs.param_attrs(i).has(k) {
            return false;
        }
        let reads = cv
            .data
            .bundles
            .iter()
            .any(|b| !matches!(&*b.tag, b"ptrauth" | b"kcfi" | b"convergencectrl"));
        let clobbers = cv.data.bundles.iter().any(|b| {
            !matches!(
                &*b.tag,
                b"ptrauth"
                    | b"kcfi"
                    | b"convergencectrl"
                    | b"deopt"
                    | b"funclet"
                    | b"gc-transition"
                    | b"gc-live"
            ) && !b.tag.starts_with(b"deopt")
        });
        match k {
            AttrKind::ReadNone => !reads && !clobbers,
            AttrKind::ReadOnly => !clobbers,
            AttrKind::WriteOnly => !reads,
            _ => true,
        }
    }

    /// Argument `k` of a call.
    pub(crate) fn arg(&self, cv: &CallView, k: u32) -> Value {
        self.operand_of(cv.inst, k)
    }

    /// LLVM's `stripPointerCasts`: through bitcasts, address-space casts
    /// and all-zero GEPs (instructions and constant expressions).
    pub(crate) fn strip_pointer_casts(&self, v: Value) -> Option<Value> {
        self.strip(v, false)
    }

    /// LLVM's `stripInBoundsOffsets`: also through `inbounds` GEPs.
    pub(crate) fn strip_inbounds_offsets(&self, v: Value) -> Option<Value> {
        self.strip(v, true)
    }

    fn strip(&self, mut v: Value, inbounds: bool) -> Option<Value> {
        let ctx = self.ctx;
        for _ in 0..64 {
            let (op, flags) = match ctx.value_kind(v) {
                ValueKind::Instruction => (ctx.opcode(Inst(v)), ctx.inst_flags(Inst(v))),
                ValueKind::Constant if ctx.const_kind(v) == ConstKind::Expr => {
                    let (op, fl) = ctx.const_expr_opcode(v)?;
                    (op, fl as u16)
                }
                _ => return Some(v),
            };
            let next = match op {
                Opcode::BitCast | Opcode::AddrSpaceCast => ctx.operand(v, 0)?,
                Opcode::GetElementPtr => {
                    let n = ctx.num_operands(v);
                    let zero =
                        (1..n).all(|k| ctx.operand(v, k).is_some_and(|x| ctx.is_null_value(x)));
                    if zero || (inbounds && bits::gep_of(flags).contains(GepFlags::INBOUNDS)) {
                        ctx.operand(v, 0)?
                    } else {
                        return Some(v);
                    }
                }
                _ => return Some(v),
            };
            v = next;
        }
        Some(v)
    }

    #[inline(never)]
    pub(crate) fn visit_call(&mut self, i: Inst) {
        if !self.visit_call_base(i) {
            return;
        }
        let must_tail =
            matches!(self.payload(i), InstPayload::Call(d) if d.tail == TailKind::MustTail);
        if must_tail {
            if let Some(cv) = self.call_view(i) {
                self.verify_musttail(&cv);
            }
        }
    }

    #[inline(never)]
    pub(crate) fn visit_invoke(&mut self, i: Inst) {
        let ctx = self.ctx;
        self.visit_call_base(i);
        let n = ctx.num_operands(i.0);
        let unwind = ctx.operand(i.0, n - 2).and_then(|v| ctx.as_block(v));
        check!(
            self,
            unwind.is_some_and(|b| self.is_eh_pad_block(b)),
            "The unwind destination does not have an exception handling instruction!",
            i
        );
        self.visit_terminator(i);
    }

    #[inline(never)]
    pub(crate) fn visit_callbr(&mut self, i: Inst) {
        let ctx = self.ctx;
        let Some(cv) = self.call_view(i) else {
            return;
        };
        let asm = cv.callee.and_then(|c| ctx.inline_asm_data(c));
        check!(
            self,
            asm.is_some(),
            "Callbr is currently only used for asm-goto!",
            i
        );
        check!(
            self,
            !asm.is_some_and(|a| a.can_throw),
            "Unwinding from Callbr is not allowed"
        );
        if !self.verify_inline_asm_call(&cv) {
            return;
        }
        self.visit_terminator(i);
    }

    /// LLVM's `visitCallBase`; false when a check failed (LLVM returns from
    /// it, and `visitCallInst` still goes on to `musttail`).
    fn visit_call_base(&mut self, i: Inst) -> bool {
        let ctx = self.ctx;
        let Some(cv) = self.call_view(i) else {
            self.visit_instruction(i);
            return true;
        };
        let callee = cv.callee.expect("operands were checked");
        if !ctx.is_ptr(ctx.type_of(callee)) {
            self.fail(false, "Called function must be a pointer!", vec![i.into()]);
            return false;
        }
        let Some(fty) = cv.data.fn_ty else {
            return true;
        };
        let (ret, params, varargs) = ctx.function_parts(fty).expect("a function type");
        let nparams = params.len() as u32;
        if varargs {
            if cv.nargs < nparams {
                self.fail(
                    false,
                    "Called function requires more parameters than were provided!",
                    vec![i.into()],
                );
                return false;
            }
        } else if cv.nargs != nparams {
            self.fail(
                false,
                "Incorrect number of arguments passed to called function!",
                vec![i.into()],
            );
            return false;
        }
        for (k, &p) in params.iter().enumerate() {
            let a = self.arg(&cv, k as u32);
            if ctx.type_of(a) != p {
                self.fail(
                    false,
                    "Call parameter type does not match function signature!",
                    vec![a.into(), p.into(), i.into()],
                );
                return false;
            }
        }
        let attrs = cv.attrs();
        if attrs.num_param_sets() > cv.nargs {
            self.fail(false, "Attribute after last parameter!", vec![i.into()]);
            return false;
        }
        let stripped = self.strip_pointer_casts(callee);
        let callee_fn = stripped.and_then(|v| ctx.as_function(v));
        let is_intrinsic = callee_fn.is_some_and(|f| self.is_intrinsic(f));
        if is_intrinsic {
            let f = callee_fn.expect("intrinsic");
            if ctx.signature(f) != fty {
                self.fail(
                    false,
                    "Intrinsic called with incompatible signature",
                    vec![i.into()],
                );
                return false;
            }
        }
        let conv = cv.data.call_conv;
        if conv == cc::AMDGPU_CS_CHAIN || conv == cc::AMDGPU_CS_CHAIN_PRESERVE {
            self.fail(
                false,
                "Direct calls to amdgpu_cs_chain/amdgpu_cs_chain_preserve functions not allowed. Please use the @llvm.amdgpu.cs.chain intrinsic instead.",
                vec![i.into()],
            );
            return false;
        }
        // The alignment and parameter-type rules read only the function
        // type: a type that passed both is not checked again.
        let fty_ok = is_intrinsic || self.fn_types_ok.contains(&fty);
        if !fty_ok {
            let tys = core::iter::once((ret, "return type"))
                .chain(params.iter().map(|&p| (p, "argument passed")));
            for (t, what) in tys {
                if !ctx.is_sized(t) {
                    continue;
                }
                let align = self
                    .layout()
                    .abi_align(ctx, t)
                    .map(|a| a.bytes())
                    .unwrap_or(1);
                if align > super::inst::MAX_ALIGN {
                    self.fail(
                        false,
                        format!("Incorrect alignment of {what} to called function!"),
                        vec![i.into()],
                    );
                    return false;
                }
            }
        }
        let fn_kinds = Kinds::of(attrs.fn_attrs());
        if fn_kinds.has(AttrKind::Speculatable) {
            let ok = callee_fn.is_some_and(|f| {
                ctx.function_data(f)
                    .attrs
                    .fn_attrs()
                    .has(AttrKind::Speculatable)
            });
            if !ok {
                self.fail(
                    false,
                    "speculatable attribute may not apply to call sites",
                    vec![i.into()],
                );
                return false;
            }
        }
        if fn_kinds.has(AttrKind::Preallocated) {
            let ok = self
                .called_function(&cv)
                .and_then(|f| ctx.name_of(f.0))
                .is_some_and(|n| n == "llvm.call.preallocated.arg");
            if !ok {
                self.fail(
                    false,
                    "preallocated as a call site attribute can only be on llvm.call.preallocated.arg",
                    vec![],
                );
                return false;
            }
        }
        let is_asm = ctx.value_kind(callee) == ValueKind::InlineAsm;
        self.verify_function_attrs(fty, attrs, i.0, is_intrinsic, is_asm);
        let direct = cv.direct;
        // The kinds on any parameter, at the call site or on the callee:
        // the per-parameter rules below run only if one of theirs is there.
        let kinds = Kinds::of_params(attrs).union(direct.map_or(Kinds::default(), |f| {
            Kinds::of_params(&ctx.function_data(f).attrs)
        }));
        if nparams > 0
            && kinds.has(AttrKind::InAlloca)
            && self.call_param_has(&cv, cv.nargs - 1, AttrKind::InAlloca)
        {
            let a = self.arg(&cv, nparams - 1);
            if let Some(ai) = self.strip_inbounds_offsets(a).and_then(|v| ctx.as_inst(v)) {
                if ctx.opcode(ai) == Opcode::Alloca {
                    let used = ctx.inst_flags(ai) & crate::inst::mem::WEAK != 0;
                    if !used {
                        self.fail(
                            false,
                            "inalloca argument for call has mismatched alloca",
                            vec![ai.into(), i.into()],
                        );
                        return false;
                    }
                }
            }
        }
        let per_param = kinds.any(&[
            AttrKind::SwiftError,
            AttrKind::ImmArg,
            AttrKind::Preallocated,
        ]);
        for k in 0..if per_param { nparams } else { 0 } {
            if self.call_param_has(&cv, k, AttrKind::SwiftError) {
                let a = self.arg(&cv, k);
                let s = self.strip_inbounds_offsets(a);
                if let Some(ai) = s
                    .and_then(|v| ctx.as_inst(v))
                    .filter(|&x| ctx.opcode(x) == Opcode::Alloca)
                {
                    if ctx.inst_flags(ai) & crate::inst::mem::SWIFTERROR == 0 {
                        self.fail(
                            false,
                            "swifterror argument for call has mismatched alloca",
                            vec![ai.into(), i.into()],
                        );
                        return false;
                    }
                    continue;
                }
                if ctx.value_kind(a) != ValueKind::Argument {
                    self.fail(
                        false,
                        "swifterror argument should come from an alloca or parameter",
                        vec![a.into(), i.into()],
                    );
                    return false;
                }
                let pf = ctx.arg_parent(a);
                let idx = ctx.args(pf).iter().position(|&x| x == a).unwrap_or(0) as u32;
                if !ctx
                    .function_data(pf)
                    .attrs
                    .param_attrs(idx)
                    .has(AttrKind::SwiftError)
                {
                    self.fail(
                        false,
                        "swifterror argument for call has mismatched parameter",
                        vec![a.into(), i.into()],
                    );
                    return false;
                }
            }
            if attrs.param_attrs(k).has(AttrKind::ImmArg) {
                let ok = callee_fn.is_some_and(|f| {
                    ctx.function_data(f)
                        .attrs
                        .param_attrs(k)
                        .has(AttrKind::ImmArg)
                });
                if !ok {
                    let a = self.arg(&cv, k);
                    self.fail(
                        false,
                        "immarg may not apply only to call sites",
                        vec![a.into(), i.into()],
                    );
                    return false;
                }
            }
            if self.call_param_has(&cv, k, AttrKind::ImmArg) {
                let a = self.arg(&cv, k);
                let imm = ctx.value_kind(a) == ValueKind::Constant
                    && matches!(ctx.const_kind(a), ConstKind::Int | ConstKind::Float)
                    && !ctx.is_vector(ctx.type_of(a));
                if !imm {
                    self.fail(
                        false,
                        "immarg operand has non-immediate parameter",
                        vec![a.into(), i.into()],
                    );
                    return false;
                }
            }
            if self.call_param_has(&cv, k, AttrKind::Preallocated) {
                let a = self.arg(&cv, k);
                let has_ob = cv.count_bundles("preallocated") != 0;
                let must = cv.op == Opcode::Call && cv.data.tail == TailKind::MustTail;
                if has_ob == must {
                    self.fail(
                        false,
                        "preallocated operand either requires a preallocated bundle or the call to be musttail (but not both)",
                        vec![a.into(), i.into()],
                    );
                    return false;
                }
            }
        }
        if varargs {
            let mut saw_nest = false;
            let mut saw_returned = false;
            for k in 0..nparams {
                saw_nest |= attrs.param_attrs(k).has(AttrKind::Nest);
                saw_returned |= attrs.param_attrs(k).has(AttrKind::Returned);
            }
            for k in nparams..cv.nargs {
                let t = ctx.type_of(self.arg(&cv, k));
                let set = attrs.param_attrs(k);
                self.verify_parameter_attrs(set, t, i.0);
                if set.has(AttrKind::Nest) {
                    if saw_nest {
                        self.fail(
                            false,
                            "More than one parameter has attribute nest!",
                            vec![i.into()],
                        );
                        return false;
                    }
                    saw_nest = true;
                }
                if set.has(AttrKind::Returned) {
                    if saw_returned {
                        self.fail(
                            false,
                            "More than one parameter has attribute returned!",
                            vec![i.into()],
                        );
                        return false;
                    }
                    if !super::ty::can_losslessly_bitcast(ctx, t, ret) {
                        self.fail(
                            false,
                            "Incompatible argument and return types for 'returned' attribute",
                            vec![i.into()],
                        );
                        return false;
                    }
                    saw_returned = true;
                }
                let statepoint = self
                    .called_function(&cv)
                    .and_then(|f| ctx.name_of(f.0))
                    .is_some_and(|n| n.starts_with("llvm.experimental.gc.statepoint"));
                if !statepoint && set.has(AttrKind::StructRet) {
                    self.fail(
                        false,
                        "Attribute 'sret' cannot be used for vararg call arguments!",
                        vec![i.into()],
                    );
                    return false;
                }
                if set.has(AttrKind::InAlloca) && k != cv.nargs - 1 {
                    self.fail(
                        false,
                        "inalloca isn't on the last argument!",
                        vec![i.into()],
                    );
                    return false;
                }
            }
        }
        if !fty_ok {
            for &p in params {
                if ctx.is_metadata(p) {
                    self.fail(
                        false,
                        "Function has metadata parameter but isn't an intrinsic",
                        vec![i.into()],
                    );
                    return false;
                }
                if ctx.is_token(p) {
                    self.fail(
                        false,
                        "Function has token parameter but isn't an intrinsic",
                        vec![i.into()],
                    );
                    return false;
                }
            }
            self.fn_types_ok.insert(fty);
        }
        if direct.is_none() {
            if ctx.is_token(ret) {
                self.fail(
                    false,
                    "Return type cannot be token for indirect call!",
                    vec![],
                );
                return false;
            }
            if super::function::is_x86_amx(ctx, ret) {
                self.fail(
                    false,
                    "Return type cannot be x86_amx for indirect call!",
                    vec![],
                );
                return false;
            }
        }
        if let Some(f) = direct {
            if self.is_intrinsic(f) && !self.visit_intrinsic_call(f, &cv) {
                return false;
            }
        }
        if !self.verify_bundles(&cv) {
            return false;
        }
        if direct.is_some() && cv.count_bundles("ptrauth") > 0 {
            self.fail(
                false,
                "Direct call cannot have a ptrauth bundle",
                vec![i.into()],
            );
            return false;
        }
        if let Some(f) = direct {
            let has_sp = |g: Function| {
                ctx.function_data(g)
                    .global
                    .md
                    .get(crate::ir::metadata::MdKindId::DBG)
                    .is_some_and(|m| {
                        ctx.md_data(m).spec_kind()
                            == Some(crate::ir::metadata::SpecKind::DISubprogram)
                    })
            };
            let interposable = is_interposable(ctx.global_data(f.0).linkage);
            if self.has_debug_info && !interposable && !ctx.is_declaration(f) && has_sp(f) {
                let has_loc = self.extra(i).is_some_and(|e| e.dbg.is_some());
                if !has_loc {
                    self.fail(
                        true,
                        "inlinable function call in a function with debug info must have a !dbg location",
                        vec![i.into()],
                    );
                    return false;
                }
            }
        }
        if is_asm && !self.verify_inline_asm_call(&cv) {
            return false;
        }
        self.visit_instruction(i);
        true
    }

    /// The operand-bundle rules of `visitCallBase`; false if one failed.
    fn verify_bundles(&mut self, cv: &CallView) -> bool {
        if cv.data.bundles.is_empty() {
            return true;
        }
        let ctx = self.ctx;
        let i = cv.inst;
        let mut found: hashbrown::HashSet<&[u8]> = hashbrown::HashSet::new();
        for b in &cv.data.bundles {
            let inputs: Vec<Option<Value>> = (b.start..b.start + b.len)
                .map(|k| ctx.operand(i.0, k))
                .collect();
            let tag = &*b.tag;
            let fail = |this: &mut Self, msg: &str| {
                this.fail(false, msg.to_string(), vec![i.into()]);
                false
            };
            let first = found.insert(tag);
            match tag {
                b"deopt" if !first => return fail(self, "Multiple deopt operand bundles"),
                b"gc-transition" if !first => {
                    return fail(self, "Multiple gc-transition operand bundles")
                }
                b"funclet" => {
                    if !first {
                        return fail(self, "Multiple funclet operand bundles");
                    }
                    if inputs.len() != 1 {
                        return fail(self, "Expected exactly one funclet bundle operand");
                    }
                    let pad = inputs[0].and_then(|v| ctx.as_inst(v)).is_some_and(|p| {
                        matches!(ctx.opcode(p), Opcode::CatchPad | Opcode::CleanupPad)
                    });
                    if !pad {
                        return fail(
                            self,
                            "Funclet bundle operands should correspond to a FuncletPadInst",
                        );
                    }
                }
                b"cfguardtarget" => {
                    if !first {
                        return fail(self, "Multiple CFGuardTarget operand bundles");
                    }
                    if inputs.len() != 1 {
                        return fail(self, "Expected exactly one cfguardtarget bundle operand");
                    }
                }
                b"ptrauth" => {
                    if !first {
                        return fail(self, "Multiple ptrauth operand bundles");
                    }
                    if inputs.len() != 2 {
                        return fail(self, "Expected exactly two ptrauth bundle operands");
                    }
                    let k0 = inputs[0].is_some_and(|v| {
                        ctx.value_kind(v) == ValueKind::Constant
                            && ctx.const_kind(v) == ConstKind::Int
                            && ctx.int_width(ctx.type_of(v)) == Some(32)
                    });
                    if !k0 {
                        return fail(self, "Ptrauth bundle key operand must be an i32 constant");
                    }
                    if inputs[1].is_none_or(|v| ctx.int_width(ctx.type_of(v)) != Some(64)) {
                        return fail(self, "Ptrauth bundle discriminator operand must be an i64");
                    }
                }
                b"kcfi" => {
                    if !first {
                        return fail(self, "Multiple kcfi operand bundles");
                    }
                    if inputs.len() != 1 {
                        return fail(self, "Expected exactly one kcfi bundle operand");
                    }
                    let ok = inputs[0].is_some_and(|v| {
                        ctx.value_kind(v) == ValueKind::Constant
                            && ctx.const_kind(v) == ConstKind::Int
                            && ctx.int_width(ctx.type_of(v)) == Some(32)
                    });
                    if !ok {
                        return fail(self, "Kcfi bundle operand must be an i32 constant");
                    }
                }
                b"preallocated" => {
                    if !first {
                        return fail(self, "Multiple preallocated operand bundles");
                    }
                    if inputs.len() != 1 {
                        return fail(self, "Expected exactly one preallocated bundle operand");
                    }
                    let ok = inputs[0].and_then(|v| ctx.as_inst(v)).is_some_and(|c| {
                        self.intrinsic_name_of(c) == Some("llvm.call.preallocated.setup")
                    });
                    if !ok {
                        return fail(
                            self,
                            "\"preallocated\" argument must be a token from llvm.call.preallocated.setup",
                        );
                    }
                }
                b"gc-live" if !first => return fail(self, "Multiple gc-live operand bundles"),
                b"clang.arc.attachedcall" => {
                    if !first {
                        return fail(self, "Multiple \"clang.arc.attachedcall\" operand bundles");
                    }
                    if !self.verify_attached_call_bundle(cv, &inputs) {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// LLVM's `verifyAttachedCallBundle`.
    fn verify_attached_call_bundle(&mut self, cv: &CallView, inputs: &[Option<Value>]) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let ret = cv
            .data
            .fn_ty
            .and_then(|t| ctx.function_parts(t))
            .map(|p| p.0)
            .unwrap_or_else(|| ctx.void_type());
        let no_return = cv.attrs().fn_attrs().has(AttrKind::NoReturn)
            || self.called_function(cv).is_some_and(|f| {
                ctx.function_data(f)
                    .attrs
                    .fn_attrs()
                    .has(AttrKind::NoReturn)
            });
        if !(ctx.is_ptr(ret) || (no_return && ctx.is_void(ret))) {
            self.fail(
                false,
                "a call with operand bundle \"clang.arc.attachedcall\" must call a function returning a pointer or a non-returning function that has a void return type",
                vec![i.into()],
            );
            return false;
        }
        let f = match inputs {
            [Some(v)] => ctx.as_function(*v),
            _ => None,
        };
        let Some(f) = f else {
            self.fail(
                false,
                "operand bundle \"clang.arc.attachedcall\" requires one function as an argument",
                vec![i.into()],
            );
            return false;
        };
        let name = ctx.name_of(f.0).unwrap_or("");
        let ok = matches!(
            name,
            "llvm.objc.retainAutoreleasedReturnValue"
                | "llvm.objc.unsafeClaimAutoreleasedReturnValue"
                | "objc_retainAutoreleasedReturnValue"
                | "objc_unsafeClaimAutoreleasedReturnValue"
        ) && (self.is_intrinsic(f) == name.starts_with("llvm."));
        if !ok {
            self.fail(false, "invalid function argument", vec![i.into()]);
            return false;
        }
        true
    }

    /// The name of the intrinsic `i` calls directly, if it is a call of a
    /// function named `llvm.*`.
    pub(crate) fn intrinsic_name_of(&self, i: Inst) -> Option<&'a str> {
        let cv = self.call_view(i)?;
        let f = self.called_function(&cv)?;
        let n = self.ctx.name_of(f.0)?;
        n.starts_with("llvm.").then_some(n)
    }

    /// LLVM's `verifyInlineAsmCall`; false if a check failed.
    fn verify_inline_asm_call(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let Some(asm) = cv.callee.and_then(|c| ctx.inline_asm_data(c)) else {
            return true;
        };
        let mut arg_no = 0u32;
        let mut labels = 0u32;
        for (ty, indirect) in parse_constraints(&asm.constraints) {
            if ty == ConstraintType::Label {
                labels += 1;
                continue;
            }
            let has_arg = ty == ConstraintType::Input || (ty == ConstraintType::Output && indirect);
            if !has_arg {
                continue;
            }
            if arg_no >= cv.nargs {
                break;
            }
            if indirect {
                let a = self.arg(cv, arg_no);
                if !ctx.is_ptr(ctx.type_of(a)) {
                    self.fail(
                        false,
                        "Operand for indirect constraint must have pointer type",
                        vec![i.into()],
                    );
                    return false;
                }
                if !cv.attrs().param_attrs(arg_no).has(AttrKind::ElementType) {
                    self.fail(
                        false,
                        "Operand for indirect constraint must have elementtype attribute",
                        vec![i.into()],
                    );
                    return false;
                }
            } else if cv.attrs().param_attrs(arg_no).has(AttrKind::ElementType) {
                self.fail(
                    false,
                    "Elementtype attribute can only be applied for indirect constraints",
                    vec![i.into()],
                );
                return false;
            }
            arg_no += 1;
        }
        if cv.op == Opcode::CallBr {
            if labels != cv.data.num_indirect {
                self.fail(
                    false,
                    "Number of label constraints does not match number of callbr dests",
                    vec![i.into()],
                );
                return false;
            }
        } else if labels != 0 {
            self.fail(
                false,
                "Label constraints can only be used with callbr",
                vec![i.into()],
            );
            return false;
        }
        true
    }

    /// LLVM's `verifyMustTailCall`.
    fn verify_musttail(&mut self, cv: &CallView) {
        let ctx = self.ctx;
        let i = cv.inst;
        check!(
            self,
            cv.callee
                .is_some_and(|c| ctx.value_kind(c) != ValueKind::InlineAsm),
            "cannot use musttail call with inline asm",
            i
        );
        let f = self.func.expect("in a function");
        let caller_ty = ctx.signature(f);
        let Some(callee_ty) = cv.data.fn_ty else {
            return;
        };
        let (cr, cp, cva) = {
            let (r, p, va) = ctx.function_parts(caller_ty).expect("fn type");
            (r, p.to_vec(), va)
        };
        let (er, ep, eva) = {
            let (r, p, va) = ctx.function_parts(callee_ty).expect("fn type");
            (r, p.to_vec(), va)
        };
        check!(
            self,
            cva == eva,
            "cannot guarantee tail call due to mismatched varargs",
            i
        );
        check!(
            self,
            congruent(ctx, cr, er),
            "cannot guarantee tail call due to mismatched return types",
            i
        );
        let fcc = ctx.function_data(f).call_conv;
        check!(
            self,
            fcc == cv.data.call_conv,
            "cannot guarantee tail call due to mismatched calling conv",
            i
        );
        let mut ret_val = i.0;
        let mut next = ctx.next_inst(i);
        if let Some(bc) = next.filter(|&n| ctx.opcode(n) == Opcode::BitCast) {
            check!(
                self,
                ctx.operand(bc.0, 0) == Some(ret_val),
                "bitcast following musttail call must use the call",
                bc
            );
            ret_val = bc.0;
            next = ctx.next_inst(bc);
        }
        let ret = next.filter(|&n| ctx.opcode(n) == Opcode::Ret);
        check!(
            self,
            ret.is_some(),
            "musttail call must precede a ret with an optional bitcast",
            i
        );
        let ret = ret.expect("checked");
        let rv = if ctx.num_operands(ret.0) > 0 {
            ctx.operand(ret.0, 0)
        } else {
            None
        };
        let undef = rv.is_some_and(|v| {
            ctx.value_kind(v) == ValueKind::Constant
                && matches!(ctx.const_kind(v), ConstKind::Undef | ConstKind::Poison)
        });
        check!(
            self,
            rv.is_none() || rv == Some(ret_val) || undef,
            "musttail call result must be returned",
            ret
        );
        let caller_attrs = ctx.function_data(f).attrs.clone();
        let callee_attrs = cv.attrs().clone();
        let conv = cv.data.call_conv;
        if conv == cc::SWIFT_TAIL || conv == cc::TAIL {
            let name = if conv == cc::TAIL {
                "tailcc"
            } else {
                "swifttailcc"
            };
            for k in 0..cp.len() as u32 {
                let abi = abi_attrs(&caller_attrs, k);
                self.tailcc_attrs(&abi, &format!("{name} musttail caller"));
            }
            for k in 0..ep.len() as u32 {
                let abi = abi_attrs(&callee_attrs, k);
                self.tailcc_attrs(&abi, &format!("{name} musttail callee"));
            }
            check!(
                self,
                !cva,
                format!("cannot guarantee {name} tail call for varargs function")
            );
            return;
        }
        let callee_is_intrinsic = self
            .called_function(cv)
            .is_some_and(|g| self.is_intrinsic(g));
        if !callee_is_intrinsic {
            check!(
                self,
                cp.len() == ep.len(),
                "cannot guarantee tail call due to mismatched parameter counts",
                i
            );
            for k in 0..cp.len() {
                check!(
                    self,
                    congruent(ctx, cp[k], ep[k]),
                    "cannot guarantee tail call due to mismatched parameter types",
                    i
                );
            }
        }
        for k in 0..cp.len() as u32 {
            let a = abi_attrs(&caller_attrs, k);
            let b = abi_attrs(&callee_attrs, k);
            let op = ctx.operand(i.0, k).map_or(Item::Md(None), Item::from);
            check!(
                self,
                a == b,
                "cannot guarantee tail call due to mismatched ABI impacting function attributes",
                i,
                op
            );
        }
    }

    /// LLVM's `verifyTailCCMustTailAttrs`.
    fn tailcc_attrs(&mut self, abi: &AttributeSet, context: &str) {
        for (k, name) in [
            (AttrKind::InAlloca, "inalloca"),
            (AttrKind::InReg, "inreg"),
            (AttrKind::SwiftError, "swifterror"),
            (AttrKind::Preallocated, "preallocated"),
            (AttrKind::ByRef, "byref"),
        ] {
            if abi.has(k) {
                self.fail(
                    false,
                    format!("{name} attribute not allowed in {context}"),
                    vec![],
                );
                return;
            }
        }
    }

    /// LLVM's `verifySwiftErrorValue`.
    pub(crate) fn verify_swifterror_value(&mut self, v: Value) {
        let ctx = self.ctx;
        for u in ctx.uses(v) {
            let user = u.user;
            let op = ctx.as_inst(user).map(|x| ctx.opcode(x));
            check!(
                self,
                matches!(
                    op,
                    Some(Opcode::Load | Opcode::Store | Opcode::Call | Opcode::Invoke)
                ),
                "swifterror value can only be loaded and stored from, or as a swifterror argument!",
                v,
                user
            );
            if op == Some(Opcode::Store) {
                check!(
                    self,
                    ctx.operand(user, 1) == Some(v),
                    "swifterror value should be the second operand when used by stores",
                    v,
                    user
                );
            }
            if let Some(cv) = ctx.as_inst(user).and_then(|x| self.call_view(x)) {
                for k in 0..cv.nargs {
                    if ctx.operand(user, k) == Some(v) {
                        check!(
                            self,
                            self.call_param_has(&cv, k, AttrKind::SwiftError),
                            "swifterror value when used in a callsite should be marked with swifterror attribute",
                            v,
                            user
                        );
                    }
                }
            }
        }
    }
}

/// LLVM's `GlobalValue::isInterposable` by linkage (semantic interposition
/// off): weak, linkonce, common and extern_weak definitions.
pub(crate) fn is_interposable(l: crate::ir::global::Linkage) -> bool {
    use crate::ir::global::Linkage as L;
    matches!(l, L::WeakAny | L::LinkOnceAny | L::Common | L::ExternWeak)
}

/// LLVM's `isTypeCongruent`: equal, or pointers of one address space.
fn congruent(ctx: &crate::Context, a: Type, b: Type) -> bool {
    a == b || (ctx.is_ptr(a) && ctx.is_ptr(b) && ctx.ptr_addrspace(a) == ctx.ptr_addrspace(b))
}

/// LLVM's `getParameterABIAttributes`: the ABI-affecting attributes of
/// parameter `k` (`align` only with `byval` or `byref`).
fn abi_attrs(list: &AttributeList, k: u32) -> AttributeSet {
    let set = list.param_attrs(k);
    let mut out = Vec::new();
    for kind in [
        AttrKind::StructRet,
        AttrKind::ByVal,
        AttrKind::InAlloca,
        AttrKind::InReg,
        AttrKind::StackAlignment,
        AttrKind::SwiftSelf,
        AttrKind::SwiftAsync,
        AttrKind::SwiftError,
        AttrKind::Preallocated,
        AttrKind::ByRef,
    ] {
        if let Some(a) = set.get(kind) {
            out.push(a.clone());
        }
    }
    if set.has(AttrKind::ByVal) || set.has(AttrKind::ByRef) {
        if let Some(a) = set.get(AttrKind::Alignment) {
            out.push(a.clone());
        }
    }
    AttributeSet::from_attrs(out)
}

/// What an inline asm constraint is (LLVM's `ConstraintPrefix`).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum ConstraintType {
    Input,
    Output,
    Clobber,
    Label,
}

/// The kind and `*` (indirect) flag of each constraint, as LLVM's
/// `InlineAsm::ParseConstraints` reads them; empty when the string does
/// not parse (LLVM then checks nothing).
pub(crate) fn parse_constraints(s: &[u8]) -> Vec<(ConstraintType, bool)> {
    let mut out = Vec::new();
    if s.is_empty() {
        return out;
    }
    for b in s.split(|&c| c == b',') {
        if b.is_empty() {
            return Vec::new();
        }
        let mut k = 0;
        let ty = match b[0] {
            b'~' => {
                k = 1;
                if b.len() > 1 && b[1] != b'{' {
                    return Vec::new();
                }
                ConstraintType::Clobber
            }
            b'=' => {
                k = 1;
                ConstraintType::Output
            }
            b'!' => {
                k = 1;
                ConstraintType::Label
            }
            _ => ConstraintType::Input,
        };
        let mut indirect = false;
        if b.get(k) == Some(&b'*') {
            indirect = true;
            k += 1;
        }
        if k == b.len() {
            return Vec::new();
        }
        out.push((ty, indirect));
    }
    out
}
