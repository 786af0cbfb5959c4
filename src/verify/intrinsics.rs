//! Intrinsics: which `llvm.*` names are intrinsics LLVM knows, and the
//! per-intrinsic rules of `visitIntrinsicCall` (operand bundles of
//! `llvm.assume`, constant operands, the debug intrinsics, statepoints,
//! preallocated calls, masked memory operations, matrix shapes, ...).
//!
//! Which function is which intrinsic comes from `ir/intrinsics`, LLVM 19's
//! intrinsic table; the signature rules at the start of
//! `visitIntrinsicCall` (`matchIntrinsicSignature`, `matchIntrinsicVarArg`,
//! the mangled name) are checked against it once per declaration.

use super::call::CallView;
use super::report::Item;
use super::Verifier;
use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::ir::attributes::AttrKind;
use crate::ir::intrinsics::{IntrinsicId, SignatureMismatch};
use crate::ir::{Function, Inst};
use crate::value::{Value, ValueKind};

/// Intrinsics LLVM 19 lets `invoke` (and other non-call instructions)
/// name.
pub(crate) fn invokable(name: &str) -> bool {
    let base = [
        "llvm.donothing",
        "llvm.seh.try.begin",
        "llvm.seh.try.end",
        "llvm.seh.scope.begin",
        "llvm.seh.scope.end",
        "llvm.coro.resume",
        "llvm.coro.destroy",
        "llvm.coro.await.suspend.void",
        "llvm.coro.await.suspend.bool",
        "llvm.coro.await.suspend.handle",
        "llvm.experimental.patchpoint.void",
        "llvm.experimental.patchpoint",
        "llvm.experimental.gc.statepoint",
        "llvm.wasm.rethrow",
    ];
    base.iter()
        .any(|b| name == *b || name.strip_prefix(b).is_some_and(|r| r.starts_with('.')))
}

/// The base name of the intrinsic a function named `name` is, from LLVM
/// 19's intrinsic table (`Function::lookupIntrinsicID`: the longest
/// intrinsic name that is `name` or, for an overloaded one, a prefix of it
/// followed by `.`): `llvm.smul.fix.sat.i32` is `llvm.smul.fix.sat`.
pub(crate) fn known_intrinsic(name: &str) -> Option<&'static str> {
    IntrinsicId::lookup(name).map(IntrinsicId::name)
}

/// The constrained FP intrinsics of LLVM 19's `ConstrainedOps.def`: the
/// name after `llvm.experimental.constrained.`, the operand count without
/// metadata, and whether a rounding-mode operand follows.
const CONSTRAINED: &[(&str, u32, bool)] = &[
    ("fadd", 2, true),
    ("fsub", 2, true),
    ("fmul", 2, true),
    ("fdiv", 2, true),
    ("frem", 2, true),
    ("fpext", 1, false),
    ("sitofp", 1, true),
    ("uitofp", 1, true),
    ("fptosi", 1, false),
    ("fptoui", 1, false),
    ("fptrunc", 1, true),
    ("fcmp", 2, false),
    ("fcmps", 2, false),
    ("acos", 1, true),
    ("asin", 1, true),
    ("atan", 1, true),
    ("ceil", 1, false),
    ("cos", 1, true),
    ("cosh", 1, true),
    ("exp", 1, true),
    ("exp2", 1, true),
    ("floor", 1, false),
    ("fma", 3, true),
    ("log", 1, true),
    ("log10", 1, true),
    ("log2", 1, true),
    ("lrint", 1, true),
    ("llrint", 1, true),
    ("lround", 1, false),
    ("llround", 1, false),
    ("maxnum", 2, false),
    ("minnum", 2, false),
    ("maximum", 2, false),
    ("minimum", 2, false),
    ("nearbyint", 1, true),
    ("pow", 2, true),
    ("powi", 2, true),
    ("ldexp", 2, true),
    ("rint", 1, true),
    ("round", 1, false),
    ("roundeven", 1, false),
    ("sin", 1, true),
    ("sinh", 1, true),
    ("sqrt", 1, true),
    ("tan", 1, true),
    ("tanh", 1, true),
    ("trunc", 1, false),
    ("fmuladd", 3, true),
];

impl<'a> Verifier<'a> {
    /// An argument's constant integer value (zero-extended).
    fn const_arg(&self, cv: &CallView, k: u32) -> Option<u64> {
        let ctx = self.ctx;
        let v = ctx.operand(cv.inst.0, k)?;
        (ctx.value_kind(v) == ValueKind::Constant && ctx.const_kind(v) == ConstKind::Int)
            .then(|| ctx.const_int_value(v).and_then(|x| x.try_to_u64()))
            .flatten()
    }

    /// An argument's constant integer value (sign-extended).
    fn const_arg_signed(&self, cv: &CallView, k: u32) -> Option<i64> {
        let ctx = self.ctx;
        let v = ctx.operand(cv.inst.0, k)?;
        (ctx.value_kind(v) == ValueKind::Constant && ctx.const_kind(v) == ConstKind::Int)
            .then(|| ctx.const_int_value(v).map(|x| x.sext_value()))
            .flatten()
    }

    /// The rules at the end of `visitFunction` for the
    /// `gc.get.pointer.*` declarations.
    pub(crate) fn check_intrinsic_declaration(&mut self, f: Function) {
        let ctx = self.ctx;
        let Some(base) = self.intrinsic_base(f) else {
            return;
        };
        let (ret, params, _) = ctx.function_parts(ctx.signature(f)).expect("fn type");
        let fail = |this: &mut Self, m: &str| this.fail(false, m.to_string(), vec![f.into()]);
        match base {
            "llvm.experimental.gc.get.pointer.base" => {
                if params.len() != 1 {
                    return fail(self, "wrong number of parameters");
                }
                if !ctx.is_ptr(ret) {
                    return fail(self, "gc.get.pointer.base must return a pointer");
                }
                if params[0] != ret {
                    fail(
                        self,
                        "gc.get.pointer.base operand and result must be of the same type",
                    );
                }
            }
            "llvm.experimental.gc.get.pointer.offset" => {
                if params.len() != 1 {
                    return fail(self, "wrong number of parameters");
                }
                if !ctx.is_ptr(params[0]) {
                    return fail(self, "gc.get.pointer.offset operand must be a pointer");
                }
                if !ctx.is_integer(ret) {
                    fail(self, "gc.get.pointer.offset must return integer");
                }
            }
            _ => {}
        }
    }

    /// The start of `visitIntrinsicCall`: the function type of intrinsic
    /// `f` against LLVM 19's signature table (`matchIntrinsicSignature`,
    /// `matchIntrinsicVarArg`), then its name against the mangling of the
    /// overload types found (`Intrinsic::getName`). Checked once per
    /// function: the answer depends only on the declaration. False if a
    /// rule failed.
    fn verify_intrinsic_signature(&mut self, f: Function) -> bool {
        if self.intrinsic_sig_ok.contains(&f) {
            return true;
        }
        let ctx = self.ctx;
        let Some(id) = ctx.intrinsic_id(f) else {
            return true;
        };
        let fty = ctx.signature(f);
        let fail = |this: &mut Self, msg: String| {
            this.fail(false, msg, vec![f.into()]);
            false
        };
        let tys = match ctx.match_intrinsic_signature(id, fty) {
            Ok(tys) => tys,
            Err(SignatureMismatch::Return) => {
                return fail(self, "Intrinsic has incorrect return type!".into())
            }
            Err(SignatureMismatch::Argument) => {
                return fail(self, "Intrinsic has incorrect argument type!".into())
            }
            Err(SignatureMismatch::VarArg) => {
                let varargs = ctx.function_parts(fty).is_some_and(|p| p.2);
                return fail(
                    self,
                    if varargs {
                        "Intrinsic was not defined with variable arguments!"
                    } else {
                        "Callsite was not defined with variable arguments!"
                    }
                    .into(),
                );
            }
        };
        // `label` and `token` have no mangling (LLVM 19 crashes on them):
        // such a name is not compared.
        if tys.iter().all(|&t| ctx.has_mangling(t)) {
            let expected = ctx.intrinsic_name_unrecorded(id, &tys, ctx.global_parent(f), fty);
            if ctx.name_bytes(f.0) != Some(&expected[..]) {
                return fail(
                    self,
                    format!(
                        "Intrinsic name not mangled correctly for type arguments! Should be: {}",
                        crate::ir::shown(&expected)
                    ),
                );
            }
        }
        self.intrinsic_sig_ok.insert(f);
        true
    }

    /// LLVM's `visitIntrinsicCall`; false when a check failed (LLVM
    /// returns from `visitCallBase` there).
    pub(crate) fn visit_intrinsic_call(&mut self, f: Function, cv: &CallView<'a>) -> bool {
        let ctx = self.ctx;
        let Some(base) = self.intrinsic_base(f) else {
            return true;
        };
        if !ctx.is_declaration(f) {
            self.fail(
                false,
                "Intrinsic functions should never be defined!",
                vec![f.into()],
            );
            return false;
        }
        if !self.verify_intrinsic_signature(f) {
            return false;
        }
        for k in 0..cv.nargs {
            let a = self.arg(cv, k);
            if ctx.value_kind(a) == ValueKind::MetadataAsValue {
                self.visit_metadata_as_value(a, self.func);
            }
            if ctx.value_kind(a).is_constant() && super::function::is_x86_amx(ctx, ctx.type_of(a)) {
                self.fail(false, "const x86_amx is not allowed in argument!", vec![]);
                return false;
            }
        }
        let ok = self.intrinsic_rules(base, cv);
        if !ok {
            return false;
        }
        true
    }

    /// The `switch (ID)` of `visitIntrinsicCall`.
    fn intrinsic_rules(&mut self, base: &str, cv: &CallView<'a>) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let ty = ctx.type_of(i.0);
        let arg = |k: u32| ctx.operand(i.0, k);
        let arg_ty = |k: u32| arg(k).map(|v| ctx.type_of(v));
        macro_rules! req {
            ($cond:expr, $msg:expr $(, $item:expr)*) => {
                if !($cond) {
                    self.fail(false, $msg, vec![$(Item::from($item)),*]);
                    return false;
                }
            };
        }
        match base {
            "llvm.assume" => return self.assume_bundles(cv),
            "llvm.ucmp" | "llvm.scmp" => {
                let src = arg_ty(0).expect("an operand");
                req!(
                    super::ty::scalar_bits(ctx, ty) >= 2,
                    "result type must be at least 2 bits wide",
                    i
                );
                req!(
                    ctx.is_vector(src) == ctx.is_vector(ty),
                    "ucmp/scmp argument and result types must both be either vector or scalar types",
                    i
                );
                if ctx.is_vector(ty) {
                    req!(
                        ctx.vector_len(src) == ctx.vector_len(ty),
                        "return type and arguments must have the same number of elements",
                        i
                    );
                }
            }
            "llvm.coro.id" => {
                let info = arg(3).and_then(|v| self.strip_pointer_casts(v));
                if let Some(info) = info {
                    if !(ctx.value_kind(info) == ValueKind::Constant
                        && ctx.const_kind(info) == ConstKind::Null)
                    {
                        let gv = (ctx.value_kind(info) == ValueKind::GlobalVariable)
                            .then_some(crate::ir::Global(info));
                        let ok = gv.is_some_and(|g| {
                            let gd = ctx.global_data(g);
                            gd.is_constant
                                && ctx.initializer(g).is_some()
                                && !super::call::is_interposable(gd.linkage)
                                && gd.linkage != crate::ir::global::Linkage::AvailableExternally
                        });
                        req!(
                            ok,
                            "info argument of llvm.coro.id must refer to an initialized constant"
                        );
                        let init = ctx.initializer(gv.expect("checked")).expect("checked");
                        req!(
                            matches!(ctx.const_kind(init), ConstKind::Struct | ConstKind::Array),
                            "info argument of llvm.coro.id must refer to either a struct or an array"
                        );
                    }
                }
            }
            "llvm.is.fpclass" => {
                let m = self.const_arg(cv, 1).unwrap_or(0);
                req!(
                    m & !0x3ff == 0,
                    "unsupported bits for llvm.is.fpclass test mask"
                );
            }
            "llvm.fptrunc.round" => {
                let md = arg(1).and_then(|v| ctx.value_metadata(v));
                req!(md.is_some(), "missing rounding mode argument", i);
                let md = md.expect("checked");
                let s = ctx.md_data(md).as_bytes();
                req!(
                    s.is_some(),
                    "invalid value for llvm.fptrunc.round metadata operand (the operand should be a string)",
                    md
                );
                let mode = s.expect("checked");
                req!(
                    matches!(
                        mode,
                        b"round.towardzero"
                            | b"round.tonearest"
                            | b"round.upward"
                            | b"round.downward"
                            | b"round.tonearestaway"
                    ),
                    "unsupported rounding mode argument",
                    i
                );
            }
            "llvm.dbg.declare" => {
                req!(
                    arg(0).is_some_and(|v| ctx.value_kind(v) == ValueKind::MetadataAsValue),
                    "invalid llvm.dbg.declare intrinsic call 1",
                    i
                );
                return self.visit_dbg_intrinsic("declare", i);
            }
            "llvm.dbg.value" => return self.visit_dbg_intrinsic("value", i),
            "llvm.dbg.assign" => return self.visit_dbg_intrinsic("assign", i),
            "llvm.dbg.label" => return self.visit_dbg_label_intrinsic(i),
            "llvm.memcpy.element.unordered.atomic"
            | "llvm.memmove.element.unordered.atomic"
            | "llvm.memset.element.unordered.atomic" => {
                let es = self.const_arg(cv, 3).unwrap_or(0);
                req!(
                    es.is_power_of_two(),
                    "element size of the element-wise atomic memory intrinsic must be a power of 2",
                    i
                );
                let align = |k: u32| {
                    cv.attrs()
                        .param_attrs(k)
                        .get(AttrKind::Alignment)
                        .and_then(crate::ir::attributes::Attribute::int_value)
                };
                req!(
                    align(0).is_some_and(|a| es <= a),
                    "incorrect alignment of the destination argument",
                    i
                );
                if base != "llvm.memset.element.unordered.atomic" {
                    req!(
                        align(1).is_some_and(|a| es <= a),
                        "incorrect alignment of the source argument",
                        i
                    );
                }
            }
            "llvm.call.preallocated.setup" => return self.preallocated_setup(cv),
            "llvm.call.preallocated.arg" => {
                let tok = arg(0).and_then(|v| ctx.as_inst(v));
                req!(
                    tok.and_then(|t| self.intrinsic_name_of(t)) == Some("llvm.call.preallocated.setup"),
                    "llvm.call.preallocated.arg token argument must be a llvm.call.preallocated.setup"
                );
                req!(
                    cv.attrs().fn_attrs().has(AttrKind::Preallocated),
                    "llvm.call.preallocated.arg must be called with a \"preallocated\" call site attribute"
                );
            }
            "llvm.call.preallocated.teardown" => {
                let tok = arg(0).and_then(|v| ctx.as_inst(v));
                req!(
                    tok.and_then(|t| self.intrinsic_name_of(t)) == Some("llvm.call.preallocated.setup"),
                    "llvm.call.preallocated.teardown token argument must be a llvm.call.preallocated.setup"
                );
            }
            "llvm.gcroot" | "llvm.gcwrite" | "llvm.gcread" => {
                if base == "llvm.gcroot" {
                    let ai = arg(0)
                        .and_then(|v| self.strip_pointer_casts(v))
                        .and_then(|v| ctx.as_inst(v))
                        .filter(|&x| ctx.opcode(x) == Opcode::Alloca);
                    req!(
                        ai.is_some(),
                        "llvm.gcroot parameter #1 must be an alloca.",
                        i
                    );
                    let c = arg(1).expect("an operand");
                    req!(
                        ctx.value_kind(c).is_constant(),
                        "llvm.gcroot parameter #2 must be a constant.",
                        i
                    );
                    let at = match self.payload(ai.expect("checked")) {
                        crate::ir::inst::InstPayload::Ty(t) => *t,
                        _ => ctx.i8_type(),
                    };
                    if !ctx.is_ptr(at) {
                        req!(
                            !(ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Null),
                            "llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a non-null constant.",
                            i
                        );
                    }
                }
                let f = self.func.expect("in a function");
                req!(
                    ctx.function_data(f).gc.is_some(),
                    "Enclosing function does not use GC.",
                    i
                );
            }
            "llvm.init.trampoline" => {
                let fv = arg(1).and_then(|v| self.strip_pointer_casts(v));
                req!(
                    fv.is_some_and(|v| ctx.value_kind(v) == ValueKind::Function),
                    "llvm.init_trampoline parameter #2 must resolve to a function.",
                    i
                );
            }
            "llvm.prefetch" => {
                req!(
                    self.const_arg(cv, 1).unwrap_or(0) < 2,
                    "rw argument to llvm.prefetch must be 0-1",
                    i
                );
                req!(
                    self.const_arg(cv, 2).unwrap_or(0) < 4,
                    "locality argument to llvm.prefetch must be 0-3",
                    i
                );
                req!(
                    self.const_arg(cv, 3).unwrap_or(0) < 2,
                    "cache type argument to llvm.prefetch must be 0-1",
                    i
                );
            }
            "llvm.stackprotector" => {
                let a = arg(1)
                    .and_then(|v| self.strip_pointer_casts(v))
                    .and_then(|v| ctx.as_inst(v));
                req!(
                    a.is_some_and(|x| ctx.opcode(x) == Opcode::Alloca),
                    "llvm.stackprotector parameter #2 must resolve to an alloca.",
                    i
                );
            }
            "llvm.localescape" => {
                let b = ctx.inst_parent(i).expect("in a block");
                let f = self.func.expect("in a function");
                req!(
                    ctx.entry_block(f) == Some(b),
                    "llvm.localescape used outside of entry block",
                    i
                );
                req!(
                    !self.saw_frame_escape,
                    "multiple calls to llvm.localescape in one function",
                    i
                );
                for k in 0..cv.nargs {
                    let a = self.arg(cv, k);
                    if ctx.value_kind(a) == ValueKind::Constant
                        && ctx.const_kind(a) == ConstKind::Null
                    {
                        continue;
                    }
                    let ai = self
                        .strip_pointer_casts(a)
                        .and_then(|v| ctx.as_inst(v))
                        .filter(|&x| ctx.opcode(x) == Opcode::Alloca);
                    req!(
                        ai.is_some_and(|x| self.is_static_alloca(x)),
                        "llvm.localescape only accepts static allocas",
                        i
                    );
                }
                self.frame_escape.entry(f).or_insert((0, 0)).0 = cv.nargs as u64;
                self.saw_frame_escape = true;
            }
            "llvm.localrecover" => {
                let fv = arg(0)
                    .and_then(|v| self.strip_pointer_casts(v))
                    .and_then(|v| ctx.as_function(v));
                req!(
                    fv.is_some_and(|f| !ctx.is_declaration(f)),
                    "llvm.localrecover first argument must be function defined in this module",
                    i
                );
                let idx = self
                    .const_arg(cv, 2)
                    .unwrap_or(u64::MAX)
                    .min(u32::MAX as u64);
                let e = self
                    .frame_escape
                    .entry(fv.expect("checked"))
                    .or_insert((0, 0));
                e.1 = e.1.max(idx + 1);
            }
            "llvm.experimental.gc.statepoint" => {
                if cv.op == Opcode::Call {
                    req!(
                        !cv.callee
                            .is_some_and(|c| ctx.value_kind(c) == ValueKind::InlineAsm),
                        "gc.statepoint support for inline assembly unimplemented",
                        i
                    );
                }
                let f = self.func.expect("in a function");
                req!(
                    ctx.function_data(f).gc.is_some(),
                    "Enclosing function does not use GC.",
                    i
                );
                return self.verify_statepoint(cv);
            }
            "llvm.experimental.gc.result" => {
                let f = self.func.expect("in a function");
                req!(
                    ctx.function_data(f).gc.is_some(),
                    "Enclosing function does not use GC.",
                    i
                );
                let sp = arg(0).expect("an operand");
                if self.is_undef(sp) {
                    return true;
                }
                let spi = ctx.as_inst(sp);
                let is_sp = spi
                    .and_then(|x| self.intrinsic_name_of(x))
                    .and_then(known_intrinsic)
                    == Some("llvm.experimental.gc.statepoint");
                req!(
                    is_sp,
                    "gc.result operand #1 must be from a statepoint",
                    i,
                    sp
                );
                let spcv = self.call_view(spi.expect("checked")).expect("a call");
                let target = spcv
                    .attrs()
                    .param_attrs(2)
                    .get(AttrKind::ElementType)
                    .and_then(crate::ir::attributes::Attribute::type_value);
                let tret = target.and_then(|t| ctx.function_parts(t)).map(|p| p.0);
                req!(
                    tret == Some(ty),
                    "gc.result result type does not match wrapped callee",
                    i
                );
            }
            "llvm.experimental.patchpoint" if cv.data.call_conv == super::function::cc::ANY_REG => {
                req!(
                    ctx.is_single_value(ty),
                    "patchpoint: invalid return type used with anyregcc",
                    i
                );
            }
            "llvm.eh.exceptioncode" | "llvm.eh.exceptionpointer" => {
                let p = arg(0).and_then(|v| ctx.as_inst(v));
                req!(
                    p.is_some_and(|x| ctx.opcode(x) == Opcode::CatchPad),
                    "eh.exceptionpointer argument must be a catchpad",
                    i
                );
            }
            "llvm.get.active.lane.mask" => {
                req!(
                    ctx.is_vector(ty),
                    "get_active_lane_mask: must return a vector",
                    i
                );
                req!(
                    ctx.int_width(ctx.scalar_type(ty)) == Some(1),
                    "get_active_lane_mask: element type is not i1",
                    i
                );
            }
            "llvm.experimental.get.vector.length" => {
                let vf = self.const_arg_signed(cv, 1).unwrap_or(0);
                req!(vf > 0, "get_vector_length: VF must be positive", i);
            }
            "llvm.masked.load" => {
                req!(ctx.is_vector(ty), "masked_load: must return a vector", i);
                let align = self.const_arg(cv, 1).unwrap_or(0);
                let mask = arg_ty(2).expect("an operand");
                let pass = arg_ty(3).expect("an operand");
                req!(ctx.is_vector(mask), "masked_load: mask must be vector", i);
                req!(
                    align.is_power_of_two(),
                    "masked_load: alignment must be a power of 2",
                    i
                );
                req!(
                    pass == ty,
                    "masked_load: pass through and return type must match",
                    i
                );
                req!(
                    ctx.vector_len(mask) == ctx.vector_len(ty),
                    "masked_load: vector mask must be same length as return",
                    i
                );
            }
            "llvm.masked.store" => {
                let val = arg_ty(0).expect("an operand");
                let align = self.const_arg(cv, 2).unwrap_or(0);
                let mask = arg_ty(3).expect("an operand");
                req!(ctx.is_vector(mask), "masked_store: mask must be vector", i);
                req!(
                    align.is_power_of_two(),
                    "masked_store: alignment must be a power of 2",
                    i
                );
                req!(
                    ctx.vector_len(mask) == ctx.vector_len(val),
                    "masked_store: vector mask must be same length as value",
                    i
                );
            }
            "llvm.masked.gather" => {
                let a = self.const_arg(cv, 1).unwrap_or(0);
                req!(
                    a == 0 || a.is_power_of_two(),
                    "masked_gather: alignment must be 0 or a power of 2",
                    i
                );
            }
            "llvm.masked.scatter" => {
                let a = self.const_arg(cv, 2).unwrap_or(0);
                req!(
                    a == 0 || a.is_power_of_two(),
                    "masked_scatter: alignment must be 0 or a power of 2",
                    i
                );
            }
            "llvm.experimental.guard" => {
                req!(
                    cv.op == Opcode::Call,
                    "experimental_guard cannot be invoked",
                    i
                );
                req!(
                    cv.count_bundles("deopt") == 1,
                    "experimental_guard must have exactly one \"deopt\" operand bundle"
                );
            }
            "llvm.experimental.deoptimize" => {
                req!(
                    cv.op == Opcode::Call,
                    "experimental_deoptimize cannot be invoked",
                    i
                );
                req!(
                    cv.count_bundles("deopt") == 1,
                    "experimental_deoptimize must have exactly one \"deopt\" operand bundle"
                );
                let f = self.func.expect("in a function");
                let fret = ctx.function_parts(ctx.signature(f)).expect("fn type").0;
                req!(
                    ty == fret,
                    "experimental_deoptimize return type must match caller return type"
                );
                let next = ctx.next_inst(i).filter(|&n| ctx.opcode(n) == Opcode::Ret);
                req!(
                    next.is_some(),
                    "calls to experimental_deoptimize must be followed by a return"
                );
                if !ctx.is_void(ty) {
                    let r = next.expect("checked");
                    req!(
                        ctx.num_operands(r.0) == 1 && ctx.operand(r.0, 0) == Some(i.0),
                        "calls to experimental_deoptimize must be followed by a return of the value computed by experimental_deoptimize"
                    );
                }
            }
            "llvm.va_start" => {
                let f = self.func.expect("in a function");
                let va = ctx.function_parts(ctx.signature(f)).expect("fn type").2;
                req!(va, "va_start called in a non-varargs function");
            }
            "llvm.vector.reduce.and"
            | "llvm.vector.reduce.or"
            | "llvm.vector.reduce.xor"
            | "llvm.vector.reduce.add"
            | "llvm.vector.reduce.mul"
            | "llvm.vector.reduce.smax"
            | "llvm.vector.reduce.smin"
            | "llvm.vector.reduce.umax"
            | "llvm.vector.reduce.umin" => {
                let a = arg_ty(0).expect("an operand");
                req!(
                    ctx.is_int_or_int_vector(a) && ctx.is_vector(a),
                    "Intrinsic has incorrect argument type!"
                );
            }
            "llvm.vector.reduce.fmax" | "llvm.vector.reduce.fmin" => {
                let a = arg_ty(0).expect("an operand");
                req!(
                    ctx.is_fp_or_fp_vector(a) && ctx.is_vector(a),
                    "Intrinsic has incorrect argument type!"
                );
            }
            "llvm.vector.reduce.fadd" | "llvm.vector.reduce.fmul" => {
                let a = arg_ty(1).expect("an operand");
                req!(
                    ctx.is_fp_or_fp_vector(a) && ctx.is_vector(a),
                    "Intrinsic has incorrect argument type!"
                );
            }
            "llvm.smul.fix" | "llvm.smul.fix.sat" | "llvm.umul.fix" | "llvm.umul.fix.sat"
            | "llvm.sdiv.fix" | "llvm.sdiv.fix.sat" | "llvm.udiv.fix" | "llvm.udiv.fix.sat" => {
                let a = arg_ty(0).expect("an operand");
                let b = arg_ty(1).expect("an operand");
                req!(
                    ctx.is_int_or_int_vector(a),
                    "first operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints"
                );
                req!(
                    ctx.is_int_or_int_vector(b),
                    "second operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints"
                );
                let c = arg_ty(2).expect("an operand");
                req!(
                    ctx.is_integer(c),
                    "third operand of [us][mul|div]_fix[_sat] must be an int type"
                );
                req!(
                    ctx.int_width(c).is_some_and(|w| w <= 32),
                    "third operand of [us][mul|div]_fix[_sat] must fit within 32 bits"
                );
                let scale = self.const_arg(cv, 2).unwrap_or(0);
                let w = super::ty::scalar_bits(ctx, a);
                if base.starts_with("llvm.s") {
                    req!(
                        scale < w,
                        "the scale of s[mul|div]_fix[_sat] must be less than the width of the operands"
                    );
                } else {
                    req!(
                        scale <= w,
                        "the scale of u[mul|div]_fix[_sat] must be less than or equal to the width of the operands"
                    );
                }
            }
            "llvm.lrint" | "llvm.llrint" => {
                let v = arg_ty(0).expect("an operand");
                req!(
                    ctx.is_fp_or_fp_vector(v) && ctx.is_int_or_int_vector(ty),
                    "llvm.lrint, llvm.llrint: argument must be floating-point or vector of floating-points, and result must be integer or vector of integers",
                    i
                );
                req!(
                    ctx.is_vector(v) == ctx.is_vector(ty),
                    "llvm.lrint, llvm.llrint: argument and result disagree on vector use",
                    i
                );
                if ctx.is_vector(v) {
                    req!(
                        ctx.vector_len(v) == ctx.vector_len(ty),
                        "llvm.lrint, llvm.llrint: argument must be same length as result",
                        i
                    );
                }
            }
            "llvm.lround" | "llvm.llround" => {
                let v = arg_ty(0).expect("an operand");
                req!(
                    !ctx.is_vector(v) && !ctx.is_vector(ty),
                    "Intrinsic does not support vectors",
                    i
                );
            }
            "llvm.bswap" => {
                req!(
                    super::ty::scalar_bits(ctx, ty).is_multiple_of(16),
                    "bswap must be an even number of bytes",
                    i
                );
            }
            "llvm.invariant.start" => {
                let ok = arg(0).is_some_and(|v| {
                    ctx.value_kind(v) == ValueKind::Constant
                        && ctx.const_kind(v) == ConstKind::Int
                        && ctx
                            .const_int_value(v)
                            .is_some_and(|x| !x.is_negative() || x.is_all_ones())
                });
                req!(
                    ok,
                    "invariant_start parameter must be -1, 0 or a positive number",
                    i
                );
            }
            "llvm.matrix.multiply"
            | "llvm.matrix.transpose"
            | "llvm.matrix.column.major.load"
            | "llvm.matrix.column.major.store" => return self.matrix_rules(base, cv),
            "llvm.vector.splice" => {
                let idx = self.const_arg_signed(cv, 2).unwrap_or(0);
                let mut min = ctx.vector_len(ty).map_or(0, |v| v.0 as i64);
                if let Some(f) = self.func {
                    if let Some(p) = ctx
                        .function_data(f)
                        .attrs
                        .fn_attrs()
                        .get(AttrKind::VScaleRange)
                        .and_then(crate::ir::attributes::Attribute::int_value)
                    {
                        min *= crate::ir::attributes::unpack_vscale_range(p).0 as i64;
                    }
                }
                req!(
                    (idx < 0 && idx.unsigned_abs() as i64 <= min) || (idx >= 0 && idx < min),
                    "The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.",
                    i
                );
            }
            "llvm.experimental.stepvector" => {
                let ok = ctx.is_vector(ty)
                    && ctx.is_integer(ctx.scalar_type(ty))
                    && super::ty::scalar_bits(ctx, ty) >= 8;
                req!(
                    ok,
                    "experimental_stepvector only supported for vectors of integers with a bitwidth of at least 8.",
                    i
                );
            }
            "llvm.vector.insert" => {
                let v = arg_ty(0).expect("an operand");
                let s = arg_ty(1).expect("an operand");
                let idx = self.const_arg(cv, 2).unwrap_or(0) as u32;
                let (vn, vs) = ctx.vector_len(v).unwrap_or((0, false));
                let (sn, ss) = ctx.vector_len(s).unwrap_or((1, false));
                req!(
                    ctx.element_type(v) == ctx.element_type(s),
                    "vector_insert parameters must have the same element type.",
                    i
                );
                req!(
                    sn != 0 && idx.is_multiple_of(sn),
                    "vector_insert index must be a constant multiple of the subvector's known minimum vector length."
                );
                if vs == ss {
                    req!(
                        idx < vn && idx + sn <= vn,
                        "subvector operand of vector_insert would overrun the vector being inserted into."
                    );
                }
            }
            "llvm.vector.extract" => {
                let v = arg_ty(0).expect("an operand");
                let idx = self.const_arg(cv, 1).unwrap_or(0) as u32;
                let (vn, vs) = ctx.vector_len(v).unwrap_or((0, false));
                let (rn, rs) = ctx.vector_len(ty).unwrap_or((1, false));
                req!(
                    ctx.element_type(v) == ctx.element_type(ty),
                    "vector_extract result must have the same element type as the input vector.",
                    i
                );
                req!(
                    rn != 0 && idx.is_multiple_of(rn),
                    "vector_extract index must be a constant multiple of the result type's known minimum vector length."
                );
                if vs == rs {
                    req!(idx < vn && idx + rn <= vn, "vector_extract would overrun.");
                }
            }
            "llvm.experimental.vector.partial.reduce.add" => {
                let acc = ctx
                    .vector_len(arg_ty(0).expect("an operand"))
                    .map_or(1, |v| v.0);
                let vec = ctx
                    .vector_len(arg_ty(1).expect("an operand"))
                    .map_or(0, |v| v.0);
                req!(
                    acc != 0 && vec.is_multiple_of(acc),
                    "Invalid vector widths for partial reduction. The width of the input vector must be a positive integer multiple of the width of the accumulator vector."
                );
            }
            "llvm.experimental.noalias.scope.decl" => self.noalias_decls.push(i),
            "llvm.preserve.array.access.index"
            | "llvm.preserve.struct.access.index"
            | "llvm.aarch64.ldaxr"
            | "llvm.aarch64.ldxr"
            | "llvm.arm.ldaex"
            | "llvm.arm.ldrex" => {
                req!(
                    cv.attrs().param_attrs(0).has(AttrKind::ElementType),
                    "Intrinsic requires elementtype attribute on first argument.",
                    i
                );
            }
            "llvm.aarch64.stlxr" | "llvm.aarch64.stxr" | "llvm.arm.stlex" | "llvm.arm.strex" => {
                req!(
                    cv.attrs().param_attrs(1).has(AttrKind::ElementType),
                    "Intrinsic requires elementtype attribute on second argument.",
                    i
                );
            }
            "llvm.aarch64.prefetch" => {
                req!(
                    self.const_arg(cv, 1).unwrap_or(0) < 2,
                    "write argument to llvm.aarch64.prefetch must be 0 or 1",
                    i
                );
                req!(
                    self.const_arg(cv, 2).unwrap_or(0) < 4,
                    "target argument to llvm.aarch64.prefetch must be 0-3",
                    i
                );
                req!(
                    self.const_arg(cv, 3).unwrap_or(0) < 2,
                    "stream argument to llvm.aarch64.prefetch must be 0 or 1",
                    i
                );
                req!(
                    self.const_arg(cv, 4).unwrap_or(0) < 2,
                    "isdata argument to llvm.aarch64.prefetch must be 0 or 1",
                    i
                );
            }
            "llvm.callbr.landingpad" => return self.callbr_landingpad(cv),
            "llvm.amdgcn.cs.chain" => {
                let f = self.func.expect("in a function");
                let cc = ctx.function_data(f).call_conv;
                use super::function::cc as c;
                if !matches!(
                    cc,
                    c::AMDGPU_CS | c::AMDGPU_CS_CHAIN | c::AMDGPU_CS_CHAIN_PRESERVE
                ) {
                    self.fail(
                        false,
                        "Intrinsic can only be used from functions with the amdgpu_cs, amdgpu_cs_chain or amdgpu_cs_chain_preserve calling conventions",
                        vec![i.into()],
                    );
                }
                req!(
                    self.call_param_has(cv, 2, AttrKind::InReg),
                    "SGPR arguments must have the `inreg` attribute",
                    i
                );
                req!(
                    !self.call_param_has(cv, 3, AttrKind::InReg),
                    "VGPR arguments must not have the `inreg` attribute",
                    i
                );
            }
            "llvm.amdgcn.set.inactive.chain.arg" => {
                let f = self.func.expect("in a function");
                let cc = ctx.function_data(f).call_conv;
                use super::function::cc as c;
                if !matches!(cc, c::AMDGPU_CS_CHAIN | c::AMDGPU_CS_CHAIN_PRESERVE) {
                    self.fail(
                        false,
                        "Intrinsic can only be used from functions with the amdgpu_cs_chain or amdgpu_cs_chain_preserve calling conventions",
                        vec![i.into()],
                    );
                }
                req!(
                    !self.call_param_has(cv, 1, AttrKind::InReg),
                    "Value for inactive lanes must not have the `inreg` attribute",
                    i
                );
                let a = arg(1).expect("an operand");
                req!(
                    ctx.value_kind(a) == ValueKind::Argument,
                    "Value for inactive lanes must be a function argument",
                    i
                );
                let pf = ctx.arg_parent(a);
                let k = ctx.args(pf).iter().position(|&x| x == a).unwrap_or(0) as u32;
                req!(
                    !ctx.function_data(pf)
                        .attrs
                        .param_attrs(k)
                        .has(AttrKind::InReg),
                    "Value for inactive lanes must be a VGPR function argument",
                    i
                );
            }
            "llvm.ptrmask" => {
                let t0 = arg_ty(0).expect("an operand");
                let t1 = arg_ty(1).expect("an operand");
                req!(
                    ctx.is_ptr_or_ptr_vector(t0),
                    "llvm.ptrmask intrinsic first argument must be pointer or vector of pointers",
                    i
                );
                req!(
                    ctx.is_vector(t0) == ctx.is_vector(t1),
                    "llvm.ptrmask intrinsic arguments must be both scalars or both vectors",
                    i
                );
                if ctx.is_vector(t0) {
                    req!(
                        ctx.vector_len(t0) == ctx.vector_len(t1),
                        "llvm.ptrmask intrinsic arguments must have the same number of elements",
                        i
                    );
                }
                let asp = ctx.ptr_addrspace(ctx.scalar_type(t0)).unwrap_or(0);
                req!(
                    self.dl.index_size_in_bits(asp) as u64 == super::ty::scalar_bits(ctx, t1),
                    "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument",
                    i
                );
            }
            "llvm.threadlocal.address" => {
                let a = arg(0).expect("an operand");
                req!(
                    ctx.value_kind(a).is_global(),
                    "llvm.threadlocal.address first argument must be a GlobalValue"
                );
                req!(
                    ctx.global_data(a).thread_local
                        != crate::ir::global::ThreadLocal::NotThreadLocal,
                    "llvm.threadlocal.address operand isThreadLocal() must be true"
                );
            }
            _ if base.starts_with("llvm.experimental.constrained.") => {
                return self.constrained_fp_rules(base, cv);
            }
            _ => {}
        }
        if base.starts_with("llvm.objc.") {
            return self.funclet_token_rule(cv);
        }
        true
    }

    fn is_undef(&self, v: Value) -> bool {
        let ctx = self.ctx;
        ctx.value_kind(v) == ValueKind::Constant
            && matches!(ctx.const_kind(v), ConstKind::Undef | ConstKind::Poison)
    }

    /// LLVM's `AllocaInst::isStaticAlloca`: a constant count, in the entry
    /// block, not `inalloca`.
    fn is_static_alloca(&self, a: Inst) -> bool {
        let ctx = self.ctx;
        let count = ctx.operand(a.0, 0);
        let constant = count.is_some_and(|c| {
            ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Int
        });
        let entry = ctx
            .inst_parent(a)
            .is_some_and(|b| ctx.block_parent(b).and_then(|f| ctx.entry_block(f)) == Some(b));
        constant && entry && ctx.inst_flags(a) & crate::inst::mem::WEAK == 0
    }

    /// The operand-bundle rules of `llvm.assume`.
    fn assume_bundles(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        for b in &cv.data.bundles {
            let n = b.len;
            let op = |k: u32| ctx.operand(i.0, b.start + k).map(|v| ctx.type_of(v));
            let fail = |this: &mut Self, m: &str| {
                this.fail(false, m.to_string(), vec![i.into()]);
                false
            };
            if &*b.tag == b"separate_storage" {
                if n != 2 {
                    return fail(self, "separate_storage assumptions should have 2 arguments");
                }
                if !(op(0).is_some_and(|t| ctx.is_ptr(t)) && op(1).is_some_and(|t| ctx.is_ptr(t))) {
                    return fail(
                        self,
                        "arguments to separate_storage assumptions should be pointers",
                    );
                }
                return true;
            }
            let kind = core::str::from_utf8(&b.tag)
                .ok()
                .and_then(crate::ir::attributes::AttrKind::from_name);
            if &*b.tag != b"ignore" && kind.is_none() {
                return fail(self, "tags must be valid attribute names");
            }
            if kind == Some(AttrKind::Alignment) {
                if !(2..=3).contains(&n) {
                    return fail(self, "alignment assumptions should have 2 or 3 arguments");
                }
                if !op(0).is_some_and(|t| ctx.is_ptr(t)) {
                    return fail(self, "first argument should be a pointer");
                }
                if !op(1).is_some_and(|t| ctx.is_integer(t)) {
                    return fail(self, "second argument should be an integer");
                }
                if n == 3 && !op(2).is_some_and(|t| ctx.is_integer(t)) {
                    return fail(self, "third argument should be an integer if present");
                }
                return true;
            }
            if n > 2 {
                return fail(self, "too many arguments");
            }
            let Some(kind) = kind else {
                break;
            };
            use crate::ir::attributes::{AttrClass, AttrPosition};
            if kind.class() == AttrClass::Int {
                if n != 2 {
                    return fail(self, "this attribute should have 2 arguments");
                }
                let c = ctx.operand(i.0, b.start + 1);
                if !c.is_some_and(|c| {
                    ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Int
                }) {
                    return fail(
                        self,
                        "the second argument should be a constant integral value",
                    );
                }
            } else if kind.allowed_on(AttrPosition::Param) {
                if n != 1 {
                    return fail(self, "this attribute should have one argument");
                }
            } else if kind.allowed_on(AttrPosition::Function) && n != 0 {
                return fail(self, "this attribute has no argument");
            }
        }
        true
    }

    /// The rules of `llvm.call.preallocated.setup`.
    fn preallocated_setup(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let fail = |this: &mut Self, m: &str, items: Vec<Item>| {
            this.fail(false, m.to_string(), items);
            false
        };
        let Some(n) = self.const_arg(cv, 0) else {
            return fail(
                self,
                "llvm.call.preallocated.setup argument must be a constant",
                vec![],
            );
        };
        let mut found = false;
        for u in ctx.users(i.0).collect::<Vec<_>>() {
            let Some(ucv) = ctx.as_inst(u).and_then(|x| self.call_view(x)) else {
                return fail(
                    self,
                    "Uses of llvm.call.preallocated.setup must be calls",
                    vec![],
                );
            };
            let name = self
                .called_function(&ucv)
                .and_then(|f| ctx.name_of(f.0))
                .unwrap_or("");
            if name == "llvm.call.preallocated.arg" {
                let Some(idx) = self.const_arg_signed(&ucv, 1) else {
                    return fail(
                        self,
                        "llvm.call.preallocated.alloc arg index must be a constant",
                        vec![],
                    );
                };
                if !(idx >= 0 && (idx as u64) < n) {
                    return fail(
                        self,
                        "llvm.call.preallocated.alloc arg index must be between 0 and corresponding llvm.call.preallocated.setup's argument count",
                        vec![],
                    );
                }
            } else if name == "llvm.call.preallocated.teardown" {
            } else {
                if found {
                    return fail(
                        self,
                        "Can have at most one call corresponding to a llvm.call.preallocated.setup",
                        vec![],
                    );
                }
                found = true;
                let count = (0..ucv.nargs)
                    .filter(|&k| self.call_param_has(&ucv, k, AttrKind::Preallocated))
                    .count() as u64;
                if count == 0 {
                    return fail(
                        self,
                        "cannot use preallocated intrinsics on a call without preallocated arguments",
                        vec![],
                    );
                }
                if n != count {
                    return fail(
                        self,
                        "llvm.call.preallocated.setup arg size must be equal to number of preallocated arguments at call site",
                        vec![i.into(), ucv.inst.into()],
                    );
                }
                if ucv.count_bundles("preallocated") > 1 {
                    return false;
                }
                let Some(b) = ucv.data.bundles.iter().find(|b| &*b.tag == b"preallocated") else {
                    return fail(
                        self,
                        "Use of llvm.call.preallocated.setup outside intrinsics must be in \"preallocated\" operand bundle",
                        vec![],
                    );
                };
                if ctx.operand(ucv.inst.0, b.start) != Some(i.0) {
                    return fail(
                        self,
                        "preallocated bundle must have token from corresponding llvm.call.preallocated.setup",
                        vec![],
                    );
                }
            }
        }
        true
    }

    /// The shapes of the matrix intrinsics.
    fn matrix_rules(&mut self, base: &str, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let f = self.called_function(cv).expect("direct call");
        let arg_ty = |k: u32| {
            ctx.operand(i.0, k)
                .map(|v| ctx.type_of(v))
                .expect("an operand")
        };
        let elems = |t: crate::types::Type| ctx.vector_len(t).map_or(0, |v| v.0 as u64);
        let ty = ctx.type_of(i.0);
        let (rows, cols, result, op0, op1, stride);
        match base {
            "llvm.matrix.multiply" => {
                rows = self.const_arg(cv, 2).unwrap_or(0);
                let n = self.const_arg(cv, 3).unwrap_or(0);
                cols = self.const_arg(cv, 4).unwrap_or(0);
                if elems(arg_ty(0)) != rows.wrapping_mul(n) {
                    self.fail(
                        false,
                        "First argument of a matrix operation does not match specified shape!",
                        vec![],
                    );
                    return false;
                }
                if elems(arg_ty(1)) != n.wrapping_mul(cols) {
                    self.fail(
                        false,
                        "Second argument of a matrix operation does not match specified shape!",
                        vec![],
                    );
                    return false;
                }
                result = ty;
                op0 = ctx.element_type(arg_ty(0));
                op1 = ctx.element_type(arg_ty(1));
                stride = None;
            }
            "llvm.matrix.transpose" => {
                rows = self.const_arg(cv, 1).unwrap_or(0);
                cols = self.const_arg(cv, 2).unwrap_or(0);
                result = ty;
                op0 = ctx.element_type(arg_ty(0));
                op1 = None;
                stride = None;
            }
            "llvm.matrix.column.major.load" => {
                stride = self.const_arg(cv, 1);
                rows = self.const_arg(cv, 3).unwrap_or(0);
                cols = self.const_arg(cv, 4).unwrap_or(0);
                result = ty;
                op0 = None;
                op1 = None;
            }
            _ => {
                stride = self.const_arg(cv, 2);
                rows = self.const_arg(cv, 4).unwrap_or(0);
                cols = self.const_arg(cv, 5).unwrap_or(0);
                result = arg_ty(0);
                op0 = ctx.element_type(arg_ty(0));
                op1 = None;
            }
        }
        let re = ctx.element_type(result);
        if !re.is_some_and(|e| ctx.is_integer(e) || ctx.is_fp(e)) {
            self.fail(
                false,
                "Result type must be an integer or floating-point type!",
                vec![f.into()],
            );
            return false;
        }
        if op0.is_some() && op0 != re {
            self.fail(
                false,
                "Vector element type mismatch of the result and first operand vector!",
                vec![f.into()],
            );
            return false;
        }
        if op1.is_some() && op1 != re {
            self.fail(
                false,
                "Vector element type mismatch of the result and second operand vector!",
                vec![f.into()],
            );
            return false;
        }
        if elems(result) != rows.wrapping_mul(cols) {
            self.fail(
                false,
                "Result of a matrix operation does not fit in the returned vector!",
                vec![],
            );
            return false;
        }
        if let Some(s) = stride {
            if s < rows {
                self.fail(
                    false,
                    "Stride must be greater or equal than the number of rows!",
                    vec![f.into()],
                );
                return false;
            }
        }
        true
    }

    /// The rules of `llvm.callbr.landingpad`.
    fn callbr_landingpad(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let cbr = ctx
            .operand(i.0, 0)
            .and_then(|v| ctx.as_inst(v))
            .filter(|&x| ctx.opcode(x) == Opcode::CallBr);
        let Some(cbr) = cbr else {
            self.fail(false, "intrinstic requires callbr operand", vec![i.into()]);
            return false;
        };
        let b = ctx.inst_parent(i).expect("in a block");
        let preds: Vec<_> = ctx.predecessors(b).collect();
        let unique = !preds.is_empty() && preds.iter().all(|&p| p == preds[0]);
        if !unique {
            self.fail(
                false,
                "Intrinsic in block must have 1 unique predecessor",
                vec![i.into()],
            );
            return true;
        }
        let pt = ctx.terminator(preds[0]);
        if pt.is_none_or(|t| ctx.opcode(t) != Opcode::CallBr) {
            self.fail(
                false,
                "Intrinsic must have corresponding callbr in predecessor",
                vec![i.into()],
            );
            return true;
        }
        let cbcv = self.call_view(cbr).expect("a callbr");
        let n = ctx.num_operands(cbr.0);
        let first_indirect = n - 1 - cbcv.data.num_indirect;
        let in_indirect = (first_indirect..n - 1).any(|k| ctx.operand(cbr.0, k) == Some(b.0));
        if !in_indirect {
            self.fail(
                false,
                "Intrinsic's corresponding callbr must have intrinsic's parent basic block in indirect destination list",
                vec![i.into()],
            );
            return false;
        }
        if ctx.first_inst(b) != Some(i) {
            self.fail(
                false,
                "No other instructions may proceed intrinsic",
                vec![i.into()],
            );
            return false;
        }
        true
    }

    /// LLVM's `visitConstrainedFPIntrinsic`.
    fn constrained_fp_rules(&mut self, base: &str, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let tail = base.trim_start_matches("llvm.experimental.constrained.");
        let Some(&(_, nargs, rounding)) = CONSTRAINED.iter().find(|c| c.0 == tail) else {
            return true;
        };
        let is_cmp = tail == "fcmp" || tail == "fcmps";
        let expected = nargs + 1 + rounding as u32 + is_cmp as u32;
        if cv.nargs != expected {
            self.fail(
                false,
                "invalid arguments for constrained FP intrinsic",
                vec![i.into()],
            );
            return false;
        }
        let ty = ctx.type_of(i.0);
        let a0 = ctx
            .operand(i.0, 0)
            .map(|v| ctx.type_of(v))
            .expect("an operand");
        let fail = |this: &mut Self, m: &str| {
            this.fail(false, m.to_string(), vec![i.into()]);
            false
        };
        match tail {
            "lrint" | "llrint" | "lround" | "llround"
                if (ctx.is_vector(a0) || ctx.is_vector(ty)) =>
            {
                return fail(self, "Intrinsic does not support vectors");
            }
            "fcmp" | "fcmps" => {
                let pred = ctx
                    .operand(i.0, 2)
                    .and_then(|v| ctx.value_metadata(v))
                    .and_then(|m| ctx.md_data(m).as_bytes());
                let ok = pred.is_some_and(|p| {
                    matches!(
                        p,
                        b"oeq"
                            | b"ogt"
                            | b"oge"
                            | b"olt"
                            | b"ole"
                            | b"one"
                            | b"ord"
                            | b"uno"
                            | b"ueq"
                            | b"ugt"
                            | b"uge"
                            | b"ult"
                            | b"ule"
                            | b"une"
                    )
                });
                if !ok {
                    return fail(
                        self,
                        "invalid predicate for constrained FP comparison intrinsic",
                    );
                }
            }
            "fptosi" | "fptoui" => {
                if !ctx.is_fp_or_fp_vector(a0) {
                    return fail(self, "Intrinsic first argument must be floating point");
                }
                if ctx.is_vector(a0) != ctx.is_vector(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result disagree on vector use",
                    );
                }
                if !ctx.is_int_or_int_vector(ty) {
                    return fail(self, "Intrinsic result must be an integer");
                }
                if ctx.is_vector(ty) && ctx.vector_len(a0) != ctx.vector_len(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result vector lengths must be equal",
                    );
                }
            }
            "sitofp" | "uitofp" => {
                if !ctx.is_int_or_int_vector(a0) {
                    return fail(self, "Intrinsic first argument must be integer");
                }
                if ctx.is_vector(a0) != ctx.is_vector(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result disagree on vector use",
                    );
                }
                if !ctx.is_fp_or_fp_vector(ty) {
                    return fail(self, "Intrinsic result must be a floating point");
                }
                if ctx.is_vector(ty) && ctx.vector_len(a0) != ctx.vector_len(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result vector lengths must be equal",
                    );
                }
            }
            "fptrunc" | "fpext" => {
                if !ctx.is_fp_or_fp_vector(a0) {
                    return fail(self, "Intrinsic first argument must be FP or FP vector");
                }
                if !ctx.is_fp_or_fp_vector(ty) {
                    return fail(self, "Intrinsic result must be FP or FP vector");
                }
                if ctx.is_vector(a0) != ctx.is_vector(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result disagree on vector use",
                    );
                }
                if ctx.is_vector(a0) && ctx.vector_len(a0) != ctx.vector_len(ty) {
                    return fail(
                        self,
                        "Intrinsic first argument and result vector lengths must be equal",
                    );
                }
                let (sb, db) = (
                    super::ty::scalar_bits(ctx, a0),
                    super::ty::scalar_bits(ctx, ty),
                );
                if tail == "fptrunc" {
                    if sb <= db {
                        return fail(
                            self,
                            "Intrinsic first argument's type must be larger than result type",
                        );
                    }
                } else if sb >= db {
                    return fail(
                        self,
                        "Intrinsic first argument's type must be smaller than result type",
                    );
                }
            }
            _ => {}
        }
        let md_str = |k: u32| -> Option<&[u8]> {
            ctx.operand(i.0, k)
                .and_then(|v| ctx.value_metadata(v))
                .and_then(|m| ctx.md_data(m).as_bytes())
        };
        let except = md_str(cv.nargs - 1);
        if !except.is_some_and(|e| {
            matches!(
                e,
                b"fpexcept.ignore" | b"fpexcept.maytrap" | b"fpexcept.strict"
            )
        }) {
            return fail(self, "invalid exception behavior argument");
        }
        if rounding {
            let r = md_str(cv.nargs - 2);
            if !r.is_some_and(|r| {
                matches!(
                    r,
                    b"round.dynamic"
                        | b"round.tonearest"
                        | b"round.tonearestaway"
                        | b"round.downward"
                        | b"round.upward"
                        | b"round.towardzero"
                )
            }) {
                return fail(self, "invalid rounding mode argument");
            }
        }
        true
    }

    /// LLVM's `verifyStatepoint`.
    fn verify_statepoint(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let i = cv.inst;
        let fail = |this: &mut Self, m: &str, items: Vec<Item>| {
            this.fail(false, m.to_string(), items);
            false
        };
        let mem = cv
            .attrs()
            .fn_attrs()
            .get(AttrKind::Memory)
            .and_then(crate::ir::attributes::Attribute::int_value)
            .or_else(|| {
                self.called_function(cv).and_then(|f| {
                    ctx.function_data(f)
                        .attrs
                        .fn_attrs()
                        .get(AttrKind::Memory)
                        .and_then(crate::ir::attributes::Attribute::int_value)
                })
            });
        if let Some(m) = mem {
            let me = crate::ir::attributes::MemoryEffects::from_bits_truncate(m);
            let reads_only = (m & 0b10_1010) == 0;
            let arg_only = me.modref(crate::ir::attributes::MemLocation::Other) as u8 == 0
                && me.modref(crate::ir::attributes::MemLocation::InaccessibleMem) as u8 == 0;
            if m == 0 || reads_only || arg_only {
                return fail(
                    self,
                    "gc.statepoint must read and write all memory to preserve reordering restrictions required by safepoint semantics",
                    vec![i.into()],
                );
            }
        }
        if self.const_arg_signed(cv, 1).unwrap_or(0) < 0 {
            return fail(
                self,
                "gc.statepoint number of patchable bytes must be positive",
                vec![i.into()],
            );
        }
        let target = cv
            .attrs()
            .param_attrs(2)
            .get(AttrKind::ElementType)
            .and_then(crate::ir::attributes::Attribute::type_value);
        let Some(target) = target else {
            return fail(
                self,
                "gc.statepoint callee argument must have elementtype attribute",
                vec![i.into()],
            );
        };
        let Some((tret, tparams, tva)) = ctx
            .function_parts(target)
            .map(|(r, p, v)| (r, p.to_vec(), v))
        else {
            return fail(
                self,
                "gc.statepoint callee elementtype must be function type",
                vec![i.into()],
            );
        };
        let ncall = self.const_arg(cv, 3).unwrap_or(0) as i64 as i32;
        if ncall < 0 {
            return fail(
                self,
                "gc.statepoint number of arguments to underlying call must be positive",
                vec![i.into()],
            );
        }
        let np = tparams.len() as i32;
        if tva {
            if ncall < np {
                return fail(
                    self,
                    "gc.statepoint mismatch in number of vararg call args",
                    vec![i.into()],
                );
            }
            if !ctx.is_void(tret) {
                return fail(
                    self,
                    "gc.statepoint doesn't support wrapping non-void vararg functions yet",
                    vec![i.into()],
                );
            }
        } else if ncall != np {
            return fail(
                self,
                "gc.statepoint mismatch in number of call args",
                vec![i.into()],
            );
        }
        let flags = self.const_arg(cv, 4).unwrap_or(0);
        if flags & !3 != 0 {
            return fail(
                self,
                "unknown flag used in gc.statepoint flags argument",
                vec![i.into()],
            );
        }
        for (k, &p) in tparams.iter().enumerate() {
            let a = ctx.operand(i.0, 5 + k as u32).map(|v| ctx.type_of(v));
            if a != Some(p) {
                return fail(
                    self,
                    "gc.statepoint call argument does not match wrapped function type",
                    vec![i.into()],
                );
            }
            if tva
                && cv
                    .attrs()
                    .param_attrs(5 + k as u32)
                    .has(AttrKind::StructRet)
            {
                return fail(
                    self,
                    "Attribute 'sret' cannot be used for vararg call arguments!",
                    vec![i.into()],
                );
            }
        }
        let end_call = 4 + ncall as u32;
        let is_const_int = |v: Option<Value>| {
            v.is_some_and(|v| {
                ctx.value_kind(v) == ValueKind::Constant && ctx.const_kind(v) == ConstKind::Int
            })
        };
        let ntrans = ctx.operand(i.0, end_call + 1);
        if !is_const_int(ntrans) {
            return fail(
                self,
                "gc.statepoint number of transition arguments must be constant integer",
                vec![i.into()],
            );
        }
        if self.const_arg(cv, end_call + 1).unwrap_or(1) != 0 {
            return fail(
                self,
                "gc.statepoint w/inline transition bundle is deprecated",
                vec![i.into()],
            );
        }
        let ndeopt = ctx.operand(i.0, end_call + 2);
        if !is_const_int(ndeopt) {
            return fail(
                self,
                "gc.statepoint number of deoptimization arguments must be constant integer",
                vec![i.into()],
            );
        }
        if self.const_arg(cv, end_call + 2).unwrap_or(1) != 0 {
            return fail(
                self,
                "gc.statepoint w/inline deopt operands is deprecated",
                vec![i.into()],
            );
        }
        if 7 + ncall as u32 != cv.nargs {
            return fail(self, "gc.statepoint too many arguments", vec![i.into()]);
        }
        for u in ctx.users(i.0).collect::<Vec<_>>() {
            let uc = ctx.as_inst(u).filter(|&x| ctx.opcode(x) == Opcode::Call);
            let Some(uc) = uc else {
                return fail(
                    self,
                    "illegal use of statepoint token",
                    vec![i.into(), u.into()],
                );
            };
            let un = self.intrinsic_name_of(uc).and_then(known_intrinsic);
            if !matches!(
                un,
                Some("llvm.experimental.gc.relocate" | "llvm.experimental.gc.result")
            ) {
                return fail(
                    self,
                    "gc.result or gc.relocate are the only value uses of a gc.statepoint",
                    vec![i.into(), u.into()],
                );
            }
            if un == Some("llvm.experimental.gc.result") && ctx.operand(uc.0, 0) != Some(i.0) {
                return fail(
                    self,
                    "gc.result connected to wrong gc.statepoint",
                    vec![i.into(), uc.into()],
                );
            }
        }
        true
    }

    /// "Missing funclet token on intrinsic call": intrinsics that may become
    /// calls need a funclet bundle inside a funclet of a scoped EH
    /// personality.
    fn funclet_token_rule(&mut self, cv: &CallView) -> bool {
        let ctx = self.ctx;
        let f = self.func.expect("in a function");
        let Some(p) = ctx.function_operand(f, crate::ir::function::PERSONALITY) else {
            return true;
        };
        let pname = self
            .strip_pointer_casts(p)
            .and_then(|v| ctx.name_of(v))
            .unwrap_or("");
        let scoped = matches!(
            pname,
            "__CxxFrameHandler3"
                | "__C_specific_handler"
                | "_except_handler3"
                | "_except_handler4"
                | "__CxxFrameHandler4"
                | "__ExceptionHandler"
                | "__gxx_wasm_personality_v0"
                | "ProcessCLRException"
        );
        if !scoped {
            return true;
        }
        let b = ctx.inst_parent(cv.inst).expect("in a block");
        if self.in_eh_funclet(b) && cv.count_bundles("funclet") == 0 {
            self.fail(
                false,
                "Missing funclet token on intrinsic call",
                vec![cv.inst.into()],
            );
            return false;
        }
        true
    }

    /// Whether block `b` is colored by a funclet pad (LLVM's
    /// `colorEHFunclets`: the pads reaching `b` along non-unwind edges).
    fn in_eh_funclet(&self, b: crate::ir::Block) -> bool {
        let ctx = self.ctx;
        let f = self.func.expect("in a function");
        let mut seen = hashbrown::HashSet::new();
        let mut work = vec![(ctx.entry_block(f).expect("a body"), None::<Inst>)];
        let mut colors: hashbrown::HashMap<crate::ir::Block, Vec<Option<Inst>>> =
            hashbrown::HashMap::new();
        while let Some((blk, color)) = work.pop() {
            if !seen.insert((blk, color)) {
                continue;
            }
            let first = self.first_non_phi(blk);
            let color = match first {
                Some(fi)
                    if matches!(
                        ctx.opcode(fi),
                        Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
                    ) =>
                {
                    Some(fi)
                }
                _ => color,
            };
            colors.entry(blk).or_default().push(color);
            let Some(t) = ctx.terminator(blk) else {
                continue;
            };
            let exits = matches!(ctx.opcode(t), Opcode::CatchRet | Opcode::CleanupRet);
            let unwind = self.unwind_dest(t);
            for s in ctx.successors(blk) {
                if Some(s) == unwind && ctx.opcode(t) != Opcode::CatchSwitch {
                    continue;
                }
                let c = if exits { None } else { color };
                work.push((s, c));
            }
        }
        colors.get(&b).is_some_and(|cs| {
            cs.iter().any(|c| {
                c.is_some_and(|p| matches!(ctx.opcode(p), Opcode::CatchPad | Opcode::CleanupPad))
            })
        })
    }

    /// LLVM's `verifyNoAliasScopeDecl`.
    pub(crate) fn verify_noalias_scope_decls(&mut self) {
        let ctx = self.ctx;
        let decls = core::mem::take(&mut self.noalias_decls);
        for i in decls {
            let v = ctx.operand(i.0, 0);
            let md = v.and_then(|v| ctx.value_metadata(v));
            let Some(md) = md else {
                self.fail(
                    false,
                    "llvm.experimental.noalias.scope.decl must have a MetadataAsValue argument",
                    vec![i.into()],
                );
                return;
            };
            if !super::metadata::is_md_node(ctx, md) {
                self.fail(
                    false,
                    "!id.scope.list must point to an MDNode",
                    vec![i.into()],
                );
                return;
            }
            if super::metadata::num_md_operands(ctx, md) != 1 {
                self.fail(
                    false,
                    "!id.scope.list must point to a list with a single scope",
                    vec![i.into()],
                );
                return;
            }
            if !self.visit_alias_scope_list(md) {
                return;
            }
        }
    }
}
