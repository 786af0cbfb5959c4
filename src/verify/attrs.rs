//! Attribute rules: where each attribute may appear, which pairs exclude
//! each other, which types an attribute applies to, the values of string
//! attributes LLVM interprets (`"frame-pointer"`, `"denormal-fp-math"`,
//! ...), and the function-level attribute rules (`verifyFunctionAttrs`,
//! `verifyParameterAttrs`, `verifyAttributeTypes`).

use super::report::check;
use super::ty::{can_losslessly_bitcast, primitive_bits};
use super::Verifier;
use crate::ir::attributes::{
    unpack_allocsize, unpack_vscale_range, AttrClass, AttrKind, AttrPosition, Attribute,
    AttributeList, AttributeSet, MemLocation, MemoryEffects,
};
use crate::types::Type;
use crate::value::{Value, ValueKind};

/// The kinds of an attribute set as a bit mask by LLVM enum value (all
/// below 128): one pass over the set, then each query is a bit test.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
pub(crate) struct Kinds(u128);

impl Kinds {
    /// The kinds in `set` (string attributes are not kinds).
    #[inline]
    pub(crate) fn of(set: &AttributeSet) -> Kinds {
        let mut m = 0u128;
        for a in set.iter() {
            if let Some(k) = a.kind() {
                m |= 1u128 << (k as u8);
            }
        }
        Kinds(m)
    }

    /// The kinds of every parameter set of `list`.
    pub(crate) fn of_params(list: &AttributeList) -> Kinds {
        let mut m = Kinds::default();
        for k in 0..list.num_param_sets() {
            m.0 |= Kinds::of(list.param_attrs(k)).0;
        }
        m
    }

    /// Whether `k` is in the mask.
    #[inline]
    pub(crate) fn has(self, k: AttrKind) -> bool {
        (self.0 >> (k as u8)) & 1 != 0
    }

    /// Whether any of `ks` is in the mask.
    #[inline]
    pub(crate) fn any(self, ks: &[AttrKind]) -> bool {
        ks.iter().any(|&k| self.has(k))
    }

    /// The union of two masks.
    #[inline]
    pub(crate) fn union(self, o: Kinds) -> Kinds {
        Kinds(self.0 | o.0)
    }
}

/// LLVM 19's string attributes with boolean values (`ATTRIBUTE_STRBOOL`).
const STR_BOOL: [&str; 10] = [
    "approx-func-fp-math",
    "less-precise-fpmad",
    "no-infs-fp-math",
    "no-inline-line-tables",
    "no-jump-tables",
    "no-nans-fp-math",
    "no-signed-zeros-fp-math",
    "profile-sample-accurate",
    "unsafe-fp-math",
    "use-sample-profile",
];

/// Whether `s` is an unsigned decimal that fits 32 bits (`getAsInteger(10,
/// unsigned&)` succeeding).
fn is_unsigned_base_ten(s: &[u8]) -> bool {
    !s.is_empty()
        && s.iter().all(u8::is_ascii_digit)
        && core::str::from_utf8(s)
            .ok()
            .and_then(|t| t.parse::<u32>().ok())
            .is_some()
}

impl Verifier<'_> {
    /// An attribute as LLVM's `getAsString` spells it.
    pub(crate) fn attr_text(&self, a: &Attribute) -> String {
        a.display(self.ctx).to_string()
    }

    /// LLVM's `verifyAttributeTypes`.
    fn verify_attribute_types(&mut self, set: &AttributeSet, v: Value) {
        for a in set.iter() {
            if let Some(s) = a.as_string() {
                if let Ok(key) = core::str::from_utf8(s.key()) {
                    if STR_BOOL.contains(&key) {
                        let val = s.value();
                        if !(val.is_empty() || val == b"true" || val == b"false") {
                            let val = crate::ir::shown(val);
                            self.fail(
                                false,
                                format!("invalid value for '{key}' attribute: {val}"),
                                vec![],
                            );
                        }
                    }
                }
                continue;
            }
            let k = a.kind().expect("not a string attribute");
            let is_int = matches!(a, Attribute::Int(..));
            if is_int != (k.class() == AttrClass::Int) {
                let text = self.attr_text(a);
                self.fail(
                    false,
                    format!("Attribute '{text}' should have an Argument"),
                    vec![v.into()],
                );
                return;
            }
        }
    }

    /// LLVM's `verifyParameterAttrs`: `set` on a parameter or return value
    /// of type `ty`; `v` (the function or call) is printed.
    pub(crate) fn verify_parameter_attrs(&mut self, set: &AttributeSet, ty: Type, v: Value) {
        let ctx = self.ctx;
        if set.is_empty() {
            return;
        }
        self.verify_attribute_types(set, v);
        let kinds = Kinds::of(set);
        let has = |k: AttrKind| kinds.has(k);
        let get = |k: AttrKind| if kinds.has(k) { set.get(k) } else { None };
        for a in set.iter() {
            if let Some(k) = a.kind() {
                if !k.allowed_on(AttrPosition::Param) {
                    let text = self.attr_text(a);
                    check!(
                        self,
                        false,
                        format!("Attribute '{text}' does not apply to parameters"),
                        v
                    );
                }
            }
        }
        if has(AttrKind::ImmArg) {
            check!(
                self,
                set.len() == 1,
                "Attribute 'immarg' is incompatible with other attributes",
                v
            );
        }
        let count = has(AttrKind::ByVal) as u32
            + has(AttrKind::InAlloca) as u32
            + has(AttrKind::Preallocated) as u32
            + (has(AttrKind::StructRet) || has(AttrKind::InReg)) as u32
            + has(AttrKind::Nest) as u32
            + has(AttrKind::ByRef) as u32;
        check!(
            self,
            count <= 1,
            "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!",
            v
        );
        let pairs: [(AttrKind, AttrKind, &str); 8] = [
            (
                AttrKind::InAlloca,
                AttrKind::ReadOnly,
                "Attributes 'inalloca and readonly' are incompatible!",
            ),
            (
                AttrKind::StructRet,
                AttrKind::Returned,
                "Attributes 'sret and returned' are incompatible!",
            ),
            (
                AttrKind::ZExt,
                AttrKind::SExt,
                "Attributes 'zeroext and signext' are incompatible!",
            ),
            (
                AttrKind::ReadNone,
                AttrKind::ReadOnly,
                "Attributes 'readnone and readonly' are incompatible!",
            ),
            (
                AttrKind::ReadNone,
                AttrKind::WriteOnly,
                "Attributes 'readnone and writeonly' are incompatible!",
            ),
            (
                AttrKind::ReadOnly,
                AttrKind::WriteOnly,
                "Attributes 'readonly and writeonly' are incompatible!",
            ),
            (
                AttrKind::NoInline,
                AttrKind::AlwaysInline,
                "Attributes 'noinline and alwaysinline' are incompatible!",
            ),
            (
                AttrKind::Writable,
                AttrKind::ReadNone,
                "Attributes writable and readnone are incompatible!",
            ),
        ];
        for (a, b, msg) in pairs {
            check!(self, !(has(a) && has(b)), msg, v);
        }
        check!(
            self,
            !(has(AttrKind::Writable) && has(AttrKind::ReadOnly)),
            "Attributes writable and readonly are incompatible!",
            v
        );
        for a in set.iter() {
            if let Some(k) = a.kind() {
                if crate::ir::attributes::type_incompatible(ctx, ty, k) {
                    let text = self.attr_text(a);
                    check!(
                        self,
                        false,
                        format!("Attribute '{text}' applied to incompatible type!"),
                        v
                    );
                }
            }
        }
        if ctx.is_ptr(ty) {
            if let Some(a) = get(AttrKind::Alignment).and_then(Attribute::int_value) {
                check!(
                    self,
                    a <= super::inst::MAX_ALIGN,
                    "huge alignment values are unsupported",
                    v
                );
            }
            for (k, name) in [
                (AttrKind::ByVal, "byval"),
                (AttrKind::ByRef, "byref"),
                (AttrKind::InAlloca, "inalloca"),
                (AttrKind::Preallocated, "preallocated"),
            ] {
                if let Some(t) = get(k).and_then(Attribute::type_value) {
                    check!(
                        self,
                        ctx.is_sized(t),
                        format!("Attribute '{name}' does not support unsized types!"),
                        v
                    );
                    let size = self.layout().alloc_size(ctx, t).map(|s| s.min).unwrap_or(0);
                    check!(
                        self,
                        size < (1u64 << 32),
                        format!("huge '{name}' arguments are unsupported"),
                        v
                    );
                }
            }
        }
        if let Some(Attribute::Initializes(list)) = get(AttrKind::Initializes) {
            let r = list.ranges();
            check!(
                self,
                !r.is_empty(),
                "Attribute 'initializes' does not support empty list",
                v
            );
            let ordered = r.iter().all(|(lo, hi)| lo < hi) && r.windows(2).all(|w| w[0].1 < w[1].0);
            check!(
                self,
                ordered,
                "Attribute 'initializes' does not support unordered ranges",
                v
            );
        }
        if let Some(val) = get(AttrKind::NoFpClass).and_then(Attribute::int_value) {
            check!(
                self,
                val != 0,
                "Attribute 'nofpclass' must have at least one test bit set",
                v
            );
            check!(
                self,
                val & !0x3ff == 0,
                "Invalid value for 'nofpclass' test mask",
                v
            );
        }
        if let Some(Attribute::Range(r)) = get(AttrKind::Range) {
            let w = r.bit_width();
            check!(
                self,
                ctx.int_width(ctx.scalar_type(ty)) == Some(w),
                "Range bit width must match type bit width!",
                v
            );
        }
    }

    /// LLVM's `verifyFunctionAttrs`: `attrs` of a function or call of type
    /// `fty`; `v` (the function or call) is printed.
    ///
    /// The rules read only the list, the type, the two flags and (for
    /// `jumptable`) the function's `unnamed_addr`, so a combination that
    /// passed once passes again: it is remembered by the identity of the
    /// list's sets (the parser shares equal sets), and checked once.
    pub(crate) fn verify_function_attrs(
        &mut self,
        fty: Type,
        attrs: &AttributeList,
        v: Value,
        is_intrinsic: bool,
        is_inline_asm: bool,
    ) {
        if attrs.is_empty() {
            return;
        }
        let ctx = self.ctx;
        let jump_table = ctx.value_kind(v) == ValueKind::Function
            && ctx.global_data(v).unnamed_addr == crate::ir::global::UnnamedAddr::Global;
        let flags = is_intrinsic as usize
            | (is_inline_asm as usize) << 1
            | ((ctx.value_kind(v) == ValueKind::Function) as usize) << 2
            | (jump_table as usize) << 3;
        let mut key = core::mem::take(&mut self.attr_key);
        key.clear();
        key.push(fty.index());
        key.push(flags);
        key.push(attrs.ret_attrs().as_slice().as_ptr() as usize);
        key.push(attrs.fn_attrs().as_slice().as_ptr() as usize);
        for k in 0..attrs.num_param_sets() {
            key.push(attrs.param_attrs(k).as_slice().as_ptr() as usize);
        }
        if !self.attrs_ok.contains(&key[..]) {
            let errors = self.report.errors.len();
            self.verify_function_attrs_once(fty, attrs, v, is_intrinsic, is_inline_asm);
            if self.report.errors.len() == errors {
                self.attrs_ok.insert(key.as_slice().into());
            }
        }
        self.attr_key = key;
    }

    fn verify_function_attrs_once(
        &mut self,
        fty: Type,
        attrs: &AttributeList,
        v: Value,
        is_intrinsic: bool,
        is_inline_asm: bool,
    ) {
        let ctx = self.ctx;
        let (ret, params, _) = ctx.function_parts(fty).expect("a function type");
        let ret_attrs = attrs.ret_attrs();
        for a in ret_attrs.iter() {
            if let Some(k) = a.kind() {
                if !k.allowed_on(AttrPosition::Return) {
                    let text = self.attr_text(a);
                    check!(
                        self,
                        false,
                        format!("Attribute '{text}' does not apply to function return values"),
                        v
                    );
                }
            }
        }
        let mut max_width = 0u64;
        let mut width = |t: Type| {
            if let Some((_, false)) = ctx.vector_len(t) {
                max_width = max_width.max(primitive_bits(ctx, t).0);
            }
        };
        width(ret);
        self.verify_parameter_attrs(ret_attrs, ret, v);
        let (mut nest, mut returned, mut sret) = (false, false, false);
        let (mut sself, mut sasync, mut serror) = (false, false, false);
        for (i, &t) in params.iter().enumerate() {
            let set = attrs.param_attrs(i as u32);
            let kinds = Kinds::of(set);
            if !is_intrinsic {
                check!(
                    self,
                    !kinds.has(AttrKind::ImmArg),
                    "immarg attribute only applies to intrinsics",
                    v
                );
                if !is_inline_asm {
                    check!(
                        self,
                        !kinds.has(AttrKind::ElementType),
                        "Attribute 'elementtype' can only be applied to intrinsics and inline asm.",
                        v
                    );
                }
            }
            self.verify_parameter_attrs(set, t, v);
            width(t);
            if kinds.has(AttrKind::Nest) {
                check!(
                    self,
                    !nest,
                    "More than one parameter has attribute nest!",
                    v
                );
                nest = true;
            }
            if kinds.has(AttrKind::Returned) {
                check!(
                    self,
                    !returned,
                    "More than one parameter has attribute returned!",
                    v
                );
                check!(
                    self,
                    can_losslessly_bitcast(ctx, t, ret),
                    "Incompatible argument and return types for 'returned' attribute",
                    v
                );
                returned = true;
            }
            if kinds.has(AttrKind::StructRet) {
                check!(self, !sret, "Cannot have multiple 'sret' parameters!", v);
                check!(
                    self,
                    i == 0 || i == 1,
                    "Attribute 'sret' is not on first or second parameter!",
                    v
                );
                sret = true;
            }
            if kinds.has(AttrKind::SwiftSelf) {
                check!(
                    self,
                    !sself,
                    "Cannot have multiple 'swiftself' parameters!",
                    v
                );
                sself = true;
            }
            if kinds.has(AttrKind::SwiftAsync) {
                check!(
                    self,
                    !sasync,
                    "Cannot have multiple 'swiftasync' parameters!",
                    v
                );
                sasync = true;
            }
            if kinds.has(AttrKind::SwiftError) {
                check!(
                    self,
                    !serror,
                    "Cannot have multiple 'swifterror' parameters!",
                    v
                );
                serror = true;
            }
            if kinds.has(AttrKind::InAlloca) {
                check!(
                    self,
                    i == params.len() - 1,
                    "inalloca isn't on the last parameter!",
                    v
                );
            }
        }
        let fa = attrs.fn_attrs();
        if fa.is_empty() {
            return;
        }
        self.verify_attribute_types(fa, v);
        for a in fa.iter() {
            if let Some(k) = a.kind() {
                if !k.allowed_on(AttrPosition::Function) {
                    let text = self.attr_text(a);
                    check!(
                        self,
                        false,
                        format!("Attribute '{text}' does not apply to functions!"),
                        v
                    );
                }
            }
        }
        let fkinds = Kinds::of(fa);
        let has = |k: AttrKind| fkinds.has(k);
        let fget = |k: AttrKind| if fkinds.has(k) { fa.get(k) } else { None };
        let has_s = |k: &str| fa.has_string(k);
        check!(
            self,
            !(has(AttrKind::NoInline) && has(AttrKind::AlwaysInline)),
            "Attributes 'noinline and alwaysinline' are incompatible!",
            v
        );
        if has(AttrKind::OptimizeNone) {
            check!(
                self,
                has(AttrKind::NoInline),
                "Attribute 'optnone' requires 'noinline'!",
                v
            );
            check!(
                self,
                !has(AttrKind::OptimizeForSize),
                "Attributes 'optsize and optnone' are incompatible!",
                v
            );
            check!(
                self,
                !has(AttrKind::MinSize),
                "Attributes 'minsize and optnone' are incompatible!",
                v
            );
            check!(
                self,
                !has(AttrKind::OptimizeForDebugging),
                "Attributes 'optdebug and optnone' are incompatible!",
                v
            );
        }
        if has(AttrKind::OptimizeForDebugging) {
            check!(
                self,
                !has(AttrKind::OptimizeForSize),
                "Attributes 'optsize and optdebug' are incompatible!",
                v
            );
            check!(
                self,
                !has(AttrKind::MinSize),
                "Attributes 'minsize and optdebug' are incompatible!",
                v
            );
        }
        let writable_somewhere = Kinds::of(attrs.ret_attrs())
            .union(fkinds)
            .union(Kinds::of_params(attrs))
            .has(AttrKind::Writable);
        let mem = fa
            .get(AttrKind::Memory)
            .and_then(Attribute::int_value)
            .map_or(MemoryEffects::unknown(), MemoryEffects::from_bits_truncate);
        check!(
            self,
            !writable_somewhere || (mem.modref(MemLocation::ArgMem) as u8) & 2 != 0,
            "Attribute writable and memory without argmem: write are incompatible!",
            v
        );
        if has_s("aarch64_pstate_sm_enabled") {
            check!(
                self,
                !has_s("aarch64_pstate_sm_compatible"),
                "Attributes 'aarch64_pstate_sm_enabled and aarch64_pstate_sm_compatible' are incompatible!",
                v
            );
        }
        let za = [
            "aarch64_new_za",
            "aarch64_in_za",
            "aarch64_inout_za",
            "aarch64_out_za",
            "aarch64_preserves_za",
        ]
        .iter()
        .filter(|k| has_s(k))
        .count();
        check!(
            self,
            za <= 1,
            "Attributes 'aarch64_new_za', 'aarch64_in_za', 'aarch64_out_za', 'aarch64_inout_za' and 'aarch64_preserves_za' are mutually exclusive",
            v
        );
        let zt0 = [
            "aarch64_new_zt0",
            "aarch64_in_zt0",
            "aarch64_inout_zt0",
            "aarch64_out_zt0",
            "aarch64_preserves_zt0",
        ]
        .iter()
        .filter(|k| has_s(k))
        .count();
        check!(
            self,
            zt0 <= 1,
            "Attributes 'aarch64_new_zt0', 'aarch64_in_zt0', 'aarch64_out_zt0', 'aarch64_inout_zt0' and 'aarch64_preserves_zt0' are mutually exclusive",
            v
        );
        if has(AttrKind::JumpTable) && ctx.value_kind(v) == ValueKind::Function {
            check!(
                self,
                ctx.global_data(v).unnamed_addr == crate::ir::global::UnnamedAddr::Global,
                "Attribute 'jumptable' requires 'unnamed_addr'",
                v
            );
        }
        if let Some(packed) = fget(AttrKind::AllocSize).and_then(Attribute::int_value) {
            let (elem, num) = unpack_allocsize(packed);
            for (name, p) in [("element size", Some(elem)), ("number of elements", num)] {
                let Some(p) = p else {
                    continue;
                };
                if p as usize >= params.len() {
                    self.fail(
                        false,
                        format!("'allocsize' {name} argument is out of bounds"),
                        vec![v.into()],
                    );
                    return;
                }
                if !ctx.is_integer(params[p as usize]) {
                    self.fail(
                        false,
                        format!("'allocsize' {name} argument must refer to an integer parameter"),
                        vec![v.into()],
                    );
                    return;
                }
            }
        }
        if let Some(k) = fget(AttrKind::AllocKind).and_then(Attribute::int_value) {
            let ty = k & 7;
            if !matches!(ty, 1 | 2 | 4) {
                self.fail(
                    false,
                    "'allockind()' requires exactly one of alloc, realloc, and free",
                    vec![],
                );
            }
            if ty == 4 && k & (8 | 16 | 32) != 0 {
                self.fail(
                    false,
                    "'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers.",
                    vec![],
                );
            }
            if k & 24 == 24 {
                self.fail(
                    false,
                    "'allockind()' can't be both zeroed and uninitialized",
                    vec![],
                );
            }
        }
        if let Some(packed) = fget(AttrKind::VScaleRange).and_then(Attribute::int_value) {
            let (min, max) = unpack_vscale_range(packed);
            if min == 0 {
                self.fail(
                    false,
                    "'vscale_range' minimum must be greater than 0",
                    vec![v.into()],
                );
            } else if !min.is_power_of_two() {
                self.fail(
                    false,
                    "'vscale_range' minimum must be power-of-two value",
                    vec![v.into()],
                );
            }
            if let Some(max) = max {
                if min > max {
                    self.fail(
                        false,
                        "'vscale_range' minimum cannot be greater than maximum",
                        vec![v.into()],
                    );
                } else if !max.is_power_of_two() {
                    self.fail(
                        false,
                        "'vscale_range' maximum must be power-of-two value",
                        vec![v.into()],
                    );
                }
            }
        }
        let sval = |k: &str| {
            fa.get_string(k)
                .and_then(Attribute::as_string)
                .map(|s| s.value().to_vec())
        };
        let text = |b: &[u8]| crate::ir::shown(b).into_owned();
        if let Some(fp) = sval("frame-pointer") {
            if !matches!(&fp[..], b"all" | b"non-leaf" | b"none" | b"reserved") {
                self.fail(
                    false,
                    format!("invalid value for 'frame-pointer' attribute: {}", text(&fp)),
                    vec![v.into()],
                );
            }
        }
        if max_width >= 512 && self.is_x86() {
            if let Some(tf) = sval("target-features") {
                let tf = text(&tf);
                check!(
                    self,
                    !tf.contains("+avx512f") || !tf.contains("-evex512"),
                    "512-bit vector arguments require 'evex512' for AVX512",
                    v
                );
            }
        }
        for key in [
            "patchable-function-prefix",
            "patchable-function-entry",
            "warn-stack-size",
        ] {
            if let Some(s) = sval(key) {
                if !is_unsigned_base_ten(&s) {
                    self.fail(
                        false,
                        format!("\"{key}\" takes an unsigned integer: {}", text(&s)),
                        vec![v.into()],
                    );
                }
            }
        }
        if let Some(s) = sval("sign-return-address") {
            if !matches!(&s[..], b"none" | b"all" | b"non-leaf") {
                self.fail(
                    false,
                    format!(
                        "invalid value for 'sign-return-address' attribute: {}",
                        text(&s)
                    ),
                    vec![v.into()],
                );
            }
        }
        if let Some(s) = sval("sign-return-address-key") {
            if !matches!(&s[..], b"a_key" | b"b_key") {
                self.fail(
                    false,
                    format!(
                        "invalid value for 'sign-return-address-key' attribute: {}",
                        text(&s)
                    ),
                    vec![v.into()],
                );
            }
            if sval("sign-return-address").is_none() {
                self.fail(
                    false,
                    "'sign-return-address-key' present without `sign-return-address`",
                    vec![],
                );
            }
        }
        for key in [
            "branch-target-enforcement",
            "branch-protection-pauth-lr",
            "guarded-control-stack",
        ] {
            if let Some(s) = sval(key) {
                if !matches!(&s[..], b"" | b"true" | b"false") {
                    self.fail(
                        false,
                        format!("invalid value for '{key}' attribute: {}", text(&s)),
                        vec![v.into()],
                    );
                }
            }
        }
        if let Some(s) = sval("vector-function-abi-variant") {
            if !super::vfabi::is_valid_variant(ctx, &s, fty) {
                self.fail(
                    false,
                    format!("invalid name for a VFABI variant: {}", text(&s)),
                    vec![v.into()],
                );
            }
        }
    }

    /// Whether the module's target triple names an x86 architecture.
    pub(crate) fn is_x86(&self) -> bool {
        let t = self.ctx.module(self.m).triple_str();
        let arch = t.split('-').next().unwrap_or("");
        matches!(
            arch,
            "i386"
                | "i486"
                | "i586"
                | "i686"
                | "i786"
                | "i886"
                | "i986"
                | "x86"
                | "x86_64"
                | "amd64"
                | "x86_64h"
        )
    }
}
