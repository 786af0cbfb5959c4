//! Calls with constant arguments: LLVM 19's `canConstantFoldCallTo` and
//! `ConstantFoldCall` for the target-independent intrinsics, without
//! target library info (so library functions such as `sin` are not
//! folded: LLVM needs the info to know them).
//!
//! Owns the folding of the integer and bit intrinsics (`ctpop`, `ctlz`,
//! `cttz`, `bswap`, `bitreverse`, `fshl`, `fshr`, `abs`, min/max, `scmp`,
//! `ucmp`, the overflow and saturating arithmetic, `smul.fix`), the
//! floating-point ones computed exactly (`fabs`, `copysign`, rounding,
//! min/max, `fma`, `ldexp`, `frexp`, `is.fpclass`, `canonicalize`,
//! `fptoui/fptosi.sat`, `convert.to/from.fp16`), the ones LLVM computes
//! with the host's libm (`sqrt`, `sin`, `cos`, `exp`, `exp2`, `exp10`,
//! `log`, `log2`, `log10`, `pow`, `powi`: lair calls the same functions
//! through Rust's `f64`, which on this host are the same glibc ones, and
//! gives up where LLVM's check of the floating-point exception flags would
//! — a NaN, infinite, subnormal or underflowed result), vector reductions,
//! `masked.load` and `get.active.lane.mask`, lane by lane for fixed
//! vectors. Target intrinsics (`x86.sse.cvt*`, `amdgcn.*`, `arm.mve.vctp*`,
//! `wasm.trunc.*`, `aarch64.sve.convert.from.svbool`) are not folded.
//!
//! Fixed vectors are folded lane by lane, keeping the scalar operands of
//! `abs`, `ctlz`, `cttz`, `powi`, `is.fpclass` and `smul.fix`; overflow
//! arithmetic and `frexp` return structs. `strictfp` call sites keep the
//! intrinsics that depend on the floating-point environment. The libm ones
//! are computed for `half`, `float` and `double` in `double` and rounded
//! back; LLVM also refuses a result whose computation raised a
//! floating-point exception other than inexact, which lair infers from the
//! result (NaN, infinite, subnormal, or a zero the function cannot reach
//! exactly).

use super::instruction::mask128;
use crate::constants::apfloat::{APFloat, FloatKind};
use crate::constants::apint::APInt;
use crate::constants::ConstKind;
use crate::ir::intrinsics::IntrinsicId as Id;
use crate::ir::Inst;
use crate::layout::LayoutCache;
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use crate::Context;

/// Whether LLVM 19 folds calls of `id` (`canConstantFoldCallTo`): `None`
/// for no, `Some(true)` for the floating-point ones a `strictfp` call
/// site keeps, `Some(false)` for the others.
fn foldable(id: Id) -> Option<bool> {
    Some(match id {
        Id::BSWAP
        | Id::CTPOP
        | Id::CTLZ
        | Id::CTTZ
        | Id::FSHL
        | Id::FSHR
        | Id::LAUNDER_INVARIANT_GROUP
        | Id::STRIP_INVARIANT_GROUP
        | Id::MASKED_LOAD
        | Id::GET_ACTIVE_LANE_MASK
        | Id::ABS
        | Id::SMAX
        | Id::SMIN
        | Id::UMAX
        | Id::UMIN
        | Id::SCMP
        | Id::UCMP
        | Id::SADD_WITH_OVERFLOW
        | Id::UADD_WITH_OVERFLOW
        | Id::SSUB_WITH_OVERFLOW
        | Id::USUB_WITH_OVERFLOW
        | Id::SMUL_WITH_OVERFLOW
        | Id::UMUL_WITH_OVERFLOW
        | Id::SADD_SAT
        | Id::UADD_SAT
        | Id::SSUB_SAT
        | Id::USUB_SAT
        | Id::SMUL_FIX
        | Id::SMUL_FIX_SAT
        | Id::BITREVERSE
        | Id::IS_CONSTANT
        | Id::VECTOR_REDUCE_ADD
        | Id::VECTOR_REDUCE_MUL
        | Id::VECTOR_REDUCE_AND
        | Id::VECTOR_REDUCE_OR
        | Id::VECTOR_REDUCE_XOR
        | Id::VECTOR_REDUCE_SMIN
        | Id::VECTOR_REDUCE_SMAX
        | Id::VECTOR_REDUCE_UMIN
        | Id::VECTOR_REDUCE_UMAX => false,
        Id::MINNUM
        | Id::MAXNUM
        | Id::MINIMUM
        | Id::MAXIMUM
        | Id::LOG
        | Id::LOG2
        | Id::LOG10
        | Id::EXP
        | Id::EXP2
        | Id::EXP10
        | Id::SQRT
        | Id::SIN
        | Id::COS
        | Id::POW
        | Id::POWI
        | Id::LDEXP
        | Id::FMA
        | Id::FMULADD
        | Id::FREXP
        | Id::FPTOUI_SAT
        | Id::FPTOSI_SAT
        | Id::CONVERT_FROM_FP16
        | Id::CONVERT_TO_FP16 => true,
        Id::FABS
        | Id::COPYSIGN
        | Id::IS_FPCLASS
        | Id::CEIL
        | Id::FLOOR
        | Id::ROUND
        | Id::ROUNDEVEN
        | Id::TRUNC
        | Id::NEARBYINT
        | Id::RINT
        | Id::CANONICALIZE => false,
        _ => return None,
    })
}

/// Whether operand `k` of a vector call of `id` stays scalar
/// (`isVectorIntrinsicWithScalarOpAtArg`).
fn scalar_operand(id: Id, k: usize) -> bool {
    match id {
        Id::ABS | Id::CTLZ | Id::CTTZ | Id::IS_FPCLASS | Id::POWI => k == 1,
        Id::SMUL_FIX | Id::SMUL_FIX_SAT | Id::UMUL_FIX | Id::UMUL_FIX_SAT => k == 2,
        _ => false,
    }
}

/// # Folding intrinsic calls
///
/// The `call` case of `constant_fold_instruction`.
impl Context {
    /// `ConstantFoldCall` of call `call` whose operands (arguments, then
    /// the callee) folded to `ops`.
    pub(super) fn fold_call(
        &mut self,
        call: Inst,
        ops: &[Value],
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let (&callee, args) = ops.split_last()?;
        let f = self.as_function(callee)?;
        if self.call_is_no_builtin(call) || self.call_function_type(call) != self.signature(f) {
            return None;
        }
        let id = self.intrinsic_id(f)?;
        let fp_sensitive = foldable(id)?;
        if fp_sensitive && self.call_is_strict_fp(call) {
            return None;
        }
        let ty = self.function_parts(self.signature(f))?.0;
        match self.type_data(ty).clone() {
            TypeData::Vector {
                len,
                scalable: false,
                elem,
            } => self.fold_vector_call(id, call, (ty, elem, len), args, layout),
            TypeData::Vector { scalable: true, .. } => None,
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) if id == Id::FREXP => {
                self.fold_frexp(ty, args[0])
            }
            _ => self.fold_scalar_call(id, call, ty, args),
        }
    }

    /// A call returning a fixed vector `(type, element type, length)`.
    fn fold_vector_call(
        &mut self,
        id: Id,
        call: Inst,
        (ty, elem, len): (Type, Type, u32),
        args: &[Value],
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        match id {
            Id::MASKED_LOAD => {
                let data = self.fold_load_from_const_ptr(args[0], ty, layout);
                let mut out = Vec::with_capacity(len as usize);
                for k in 0..u64::from(len) {
                    let m = self.aggregate_element(args[2], k)?;
                    if self.is_undef_like(m) {
                        return None;
                    }
                    let v = if self.is_null_value(m) {
                        self.aggregate_element(args[3], k)?
                    } else if self.const_int_value(m).is_some_and(|x| x.is_one()) {
                        let d = data?;
                        self.aggregate_element(d, k)?
                    } else {
                        return None;
                    };
                    out.push(v);
                }
                return Some(self.const_aggregate(ty, &out));
            }
            Id::GET_ACTIVE_LANE_MASK => {
                let base = self
                    .const_int_value(args[0])
                    .filter(|_| self.is_cint(args[0]))?;
                let limit = self
                    .const_int_value(args[1])
                    .filter(|_| self.is_cint(args[1]))?;
                let (base, limit) = (base.to_u64(), limit.to_u64());
                let out: Vec<Value> = (0..u64::from(len))
                    .map(|k| self.const_bool(base.wrapping_add(k) < limit))
                    .collect();
                return Some(self.const_aggregate(ty, &out));
            }
            _ => {}
        }
        let mut out = Vec::with_capacity(len as usize);
        for k in 0..u64::from(len) {
            let mut lane = Vec::with_capacity(args.len());
            for (j, &a) in args.iter().enumerate() {
                if scalar_operand(id, j) {
                    lane.push(a);
                } else {
                    lane.push(self.aggregate_element(a, k)?);
                }
            }
            out.push(self.fold_scalar_call(id, call, elem, &lane)?);
        }
        Some(self.const_aggregate(ty, &out))
    }

    /// `ConstantFoldScalarCall` (one, two or three operands).
    fn fold_scalar_call(&mut self, id: Id, call: Inst, ty: Type, args: &[Value]) -> Option<Value> {
        match args.len() {
            1 => self.fold_call1(id, call, ty, args[0]),
            2 => self.fold_call2(id, ty, args[0], args[1]),
            3 => self.fold_call3(id, ty, args),
            _ => None,
        }
    }

    /// An integer constant or undef (`getConstIntOrUndef`): `Some(None)`
    /// for undef or poison, `None` for anything else.
    fn int_or_undef(&self, v: Value) -> Option<Option<APInt>> {
        if self.is_undef_like(v) {
            return Some(None);
        }
        if self.is_cint(v) {
            return Some(self.const_int_value(v));
        }
        None
    }

    /// `Constant::isManifestConstant`: data, or aggregates and expressions
    /// of data only.
    fn is_manifest_constant(&self, v: Value) -> bool {
        if self.value_kind(v) != ValueKind::Constant {
            return false;
        }
        match self.const_kind(v) {
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector | ConstKind::Expr => {
                (0..self.num_operands(v)).all(|k| {
                    self.operand(v, k)
                        .is_some_and(|o| crate::stack::deep(|| self.is_manifest_constant(o)))
                })
            }
            ConstKind::BlockAddress | ConstKind::DsoLocalEquivalent | ConstKind::NoCfi => false,
            _ => true,
        }
    }

    fn fold_call1(&mut self, id: Id, call: Inst, ty: Type, op: Value) -> Option<Value> {
        if id == Id::IS_CONSTANT {
            return self.is_manifest_constant(op).then(|| self.const_bool(true));
        }
        if self.is_poison(op) && id == Id::CANONICALIZE {
            return Some(self.const_poison(ty));
        }
        if self.is_undef_like(op) {
            match id {
                Id::COS | Id::CTPOP | Id::FPTOUI_SAT | Id::FPTOSI_SAT | Id::CANONICALIZE => {
                    return Some(self.const_null(ty))
                }
                Id::BSWAP
                | Id::BITREVERSE
                | Id::LAUNDER_INVARIANT_GROUP
                | Id::STRIP_INVARIANT_GROUP => return Some(op),
                _ => {}
            }
        }
        if self.ckind(op) == Some(ConstKind::Null)
            && matches!(id, Id::LAUNDER_INVARIANT_GROUP | Id::STRIP_INVARIANT_GROUP)
        {
            let caller = self.inst_parent(call).and_then(|b| self.block_parent(b))?;
            let aspace = self.ptr_addrspace(self.type_of(op))?;
            return (!self.null_pointer_is_defined(caller, aspace)).then_some(op);
        }
        if let Some(u) = self.fp_of(op).filter(|_| self.is_cfp(op)) {
            return self.fold_fp_call1(id, call, ty, u);
        }
        if let Some(x) = self.const_int_value(op).filter(|_| self.is_cint(op)) {
            let w = x.width();
            return Some(match id {
                Id::BSWAP => {
                    let mut r = APInt::zero(w);
                    for b in 0..w / 8 {
                        let byte = x.lshr(b * 8).trunc(8).zext(w);
                        r = r.or(&byte.shl(w - 8 - b * 8));
                    }
                    self.const_int_ap(ty, &r)
                }
                Id::CTPOP => self.const_int(ty, u64::from(x.count_ones())),
                Id::BITREVERSE => {
                    let mut r = APInt::zero(w);
                    for b in 0..w {
                        if x.bit(b) {
                            r = r.or(&APInt::one(w).shl(w - 1 - b));
                        }
                    }
                    self.const_int_ap(ty, &r)
                }
                Id::CONVERT_FROM_FP16 => {
                    let h = APFloat::from_bits(FloatKind::Half, u128::from(x.to_u64() as u16));
                    let kind = FloatKind::of_type(self.type_data(ty))?;
                    let v = h.convert(kind).0;
                    self.const_fp(ty, &v)
                }
                _ => return None,
            });
        }
        if matches!(
            id,
            Id::VECTOR_REDUCE_ADD
                | Id::VECTOR_REDUCE_MUL
                | Id::VECTOR_REDUCE_AND
                | Id::VECTOR_REDUCE_OR
                | Id::VECTOR_REDUCE_XOR
                | Id::VECTOR_REDUCE_SMIN
                | Id::VECTOR_REDUCE_SMAX
                | Id::VECTOR_REDUCE_UMIN
                | Id::VECTOR_REDUCE_UMAX
        ) {
            return self.fold_vector_reduce(id, op);
        }
        None
    }

    fn fold_vector_reduce(&mut self, id: Id, op: Value) -> Option<Value> {
        let vt = self.type_of(op);
        let (n, false) = self.vector_len(vt)? else {
            return None;
        };
        let et = self.scalar_type(vt);
        if self.ckind(op) == Some(ConstKind::Zero) {
            return Some(self.const_int(et, 0));
        }
        let has_poison = self.is_poison(op)
            || (0..u64::from(n)).any(|k| {
                self.aggregate_element(op, k)
                    .is_some_and(|e| self.is_poison(e))
            });
        if has_poison {
            return Some(self.const_poison(et));
        }
        if !matches!(
            self.ckind(op),
            Some(ConstKind::Vector | ConstKind::DataVector)
        ) {
            return None;
        }
        let mut acc: Option<APInt> = None;
        for k in 0..u64::from(n) {
            let e = self.aggregate_element(op, k)?;
            let x = self.const_int_value(e).filter(|_| self.is_cint(e))?;
            acc = Some(match acc {
                None => x,
                Some(a) => match id {
                    Id::VECTOR_REDUCE_ADD => a.add(&x),
                    Id::VECTOR_REDUCE_MUL => a.mul(&x),
                    Id::VECTOR_REDUCE_AND => a.and(&x),
                    Id::VECTOR_REDUCE_OR => a.or(&x),
                    Id::VECTOR_REDUCE_XOR => a.xor(&x),
                    Id::VECTOR_REDUCE_SMIN => {
                        if x.slt(&a) {
                            x
                        } else {
                            a
                        }
                    }
                    Id::VECTOR_REDUCE_SMAX => {
                        if x.sgt(&a) {
                            x
                        } else {
                            a
                        }
                    }
                    Id::VECTOR_REDUCE_UMIN => {
                        if x.ult(&a) {
                            x
                        } else {
                            a
                        }
                    }
                    _ => {
                        if x.ugt(&a) {
                            x
                        } else {
                            a
                        }
                    }
                },
            });
        }
        Some(self.const_int_ap(et, &acc?))
    }

    fn fold_fp_call1(&mut self, id: Id, call: Inst, ty: Type, u: APFloat) -> Option<Value> {
        let kind = u.kind();
        match id {
            Id::CONVERT_TO_FP16 => {
                let h = u.convert(FloatKind::Half).0;
                return Some(self.const_int(ty, h.bits() as u64));
            }
            Id::FPTOUI_SAT | Id::FPTOSI_SAT => {
                let w = self.int_width(ty)?;
                let signed = id == Id::FPTOSI_SAT;
                let v = if u.is_nan() {
                    APInt::zero(w)
                } else {
                    match u.to_int(w, signed) {
                        Some(v) => v,
                        None if u.is_negative() => {
                            if signed {
                                APInt::signed_min(w)
                            } else {
                                APInt::zero(w)
                            }
                        }
                        None => {
                            if signed {
                                APInt::signed_max(w)
                            } else {
                                APInt::all_ones(w)
                            }
                        }
                    }
                };
                return Some(self.const_int_ap(ty, &v));
            }
            Id::CANONICALIZE => return self.fold_canonicalize(ty, call, u),
            _ => {}
        }
        if !matches!(kind, FloatKind::Half | FloatKind::Float | FloatKind::Double) {
            return None;
        }
        let round = |m: fn(f64) -> f64| -> APFloat { round_with(u, m) };
        let r = match id {
            Id::NEARBYINT | Id::RINT | Id::ROUNDEVEN => round(f64::round_ties_even),
            Id::ROUND => round(f64::round),
            Id::CEIL => round(f64::ceil),
            Id::FLOOR => round(f64::floor),
            Id::TRUNC => round(f64::trunc),
            Id::FABS => APFloat::from_bits(kind, u.bits() & !sign_bit(kind)),
            _ => {
                if u.is_nan() || u.is_infinite() {
                    return None;
                }
                let x = u.to_f64()?;
                let r = match id {
                    Id::LOG => host_fp(x.ln(), x == 1.0)?,
                    Id::LOG2 => host_fp(x.log2(), x == 1.0)?,
                    Id::LOG10 => host_fp(x.log10(), x == 1.0)?,
                    Id::EXP => host_fp(x.exp(), false)?,
                    Id::EXP2 => host_fp(2f64.powf(x), false)?,
                    Id::EXP10 => host_fp(10f64.powf(x), false)?,
                    Id::SIN => host_fp(x.sin(), x == 0.0)?,
                    Id::COS => host_fp(x.cos(), false)?,
                    Id::SQRT => host_fp(x.sqrt(), x == 0.0)?,
                    _ => return None,
                };
                APFloat::from_f64(kind, r)
            }
        };
        Some(self.const_fp(ty, &r))
    }

    /// `constantFoldCanonicalize`.
    fn fold_canonicalize(&mut self, ty: Type, call: Inst, u: APFloat) -> Option<Value> {
        let kind = u.kind();
        if u.is_zero() {
            return Some(self.const_fp(ty, &APFloat::zero(kind, u.is_negative())));
        }
        if kind == FloatKind::PpcFp128 || kind == FloatKind::X86Fp80 {
            return None;
        }
        if !u.is_nan() && !super::instruction::is_denormal(&u) {
            return Some(self.const_fp(ty, &u));
        }
        if super::instruction::is_denormal(&u) {
            let f = self.inst_parent(call).and_then(|b| self.block_parent(b))?;
            use super::instruction::Denormal as D;
            let (out, inp) = self.denormal_mode(f, kind);
            if out == D::Ieee && inp == D::Ieee {
                return Some(self.const_fp(ty, &u));
            }
            if inp == D::Dynamic || (inp == D::Ieee && out == D::Dynamic) {
                return None;
            }
            let positive = !u.is_negative()
                || inp == D::PositiveZero
                || (out == D::PositiveZero && inp == D::Ieee);
            return Some(self.const_fp(ty, &APFloat::zero(kind, !positive)));
        }
        None
    }

    fn fold_call2(&mut self, id: Id, ty: Type, a: Value, b: Value) -> Option<Value> {
        if self.is_fp(ty) && matches!(id, Id::MAXNUM | Id::MINNUM | Id::MAXIMUM | Id::MINIMUM) {
            if self.is_undef_like(a) {
                return Some(b);
            }
            if self.is_undef_like(b) {
                return Some(a);
            }
        }
        if let Some(x) = self.fp_of(a).filter(|_| self.is_cfp(a)) {
            if let Some(y) = self.fp_of(b).filter(|_| self.is_cfp(b)) {
                if x.kind() != y.kind() {
                    return None;
                }
                let kind = x.kind();
                let r = match id {
                    Id::COPYSIGN => {
                        let s = sign_bit(kind);
                        APFloat::from_bits(kind, (x.bits() & !s) | (y.bits() & s))
                    }
                    Id::MINNUM | Id::MAXNUM => {
                        let min = id == Id::MINNUM;
                        if x.is_nan() {
                            y
                        } else if y.is_nan() {
                            x
                        } else if x.is_zero() && y.is_zero() && x.is_negative() != y.is_negative() {
                            // Signed zeros: -0.0 is the smaller.
                            if x.is_negative() == min {
                                x
                            } else {
                                y
                            }
                        } else if (min && less(&y, &x)) || (!min && less(&x, &y)) {
                            y
                        } else {
                            x
                        }
                    }
                    Id::MINIMUM | Id::MAXIMUM => {
                        let min = id == Id::MINIMUM;
                        if x.is_nan() {
                            x
                        } else if y.is_nan() {
                            y
                        } else if x.is_zero() && y.is_zero() && x.is_negative() != y.is_negative() {
                            if x.is_negative() == min {
                                x
                            } else {
                                y
                            }
                        } else if (min && less(&y, &x)) || (!min && less(&x, &y)) {
                            y
                        } else {
                            x
                        }
                    }
                    Id::POW
                        if matches!(
                            kind,
                            FloatKind::Half | FloatKind::Float | FloatKind::Double
                        ) =>
                    {
                        let (xf, yf) = (x.to_f64()?, y.to_f64()?);
                        let exact_zero = xf == 0.0 && yf > 0.0;
                        APFloat::from_f64(kind, host_fp(xf.powf(yf), exact_zero || xf == 1.0)?)
                    }
                    _ => return None,
                };
                return Some(self.const_fp(ty, &r));
            }
            if let Some(n) = self.const_int_value(b).filter(|_| self.is_cint(b)) {
                let kind = x.kind();
                return match id {
                    Id::LDEXP => {
                        if !matches!(kind, FloatKind::Half | FloatKind::Float | FloatKind::Double) {
                            return None;
                        }
                        let r = ldexp(x.to_f64()?, n.sext_value());
                        Some(self.const_fp(ty, &APFloat::from_f64(kind, r)))
                    }
                    Id::IS_FPCLASS => {
                        let m = n.to_u64();
                        let (nan, sig, neg) = (x.is_nan(), x.is_signaling(), x.is_negative());
                        let (inf, zero, sub) = (
                            x.is_infinite(),
                            x.is_zero(),
                            super::instruction::is_denormal(&x),
                        );
                        let normal = !nan && !inf && !zero && !sub;
                        let r = (nan && ((m & 1 != 0 && sig) || (m & 2 != 0 && !sig)))
                            || (m & 4 != 0 && inf && neg)
                            || (m & 8 != 0 && normal && neg)
                            || (m & 16 != 0 && sub && neg)
                            || (m & 32 != 0 && zero && neg)
                            || (m & 64 != 0 && zero && !neg)
                            || (m & 128 != 0 && sub && !neg)
                            || (m & 256 != 0 && normal && !neg)
                            || (m & 512 != 0 && inf && !neg);
                        Some(self.const_int(ty, u64::from(r)))
                    }
                    Id::POWI => {
                        let e = n.sext_value() as i32;
                        let r = match kind {
                            FloatKind::Half | FloatKind::Float => {
                                let f = (x.to_f64()? as f32 as f64).powf(f64::from(e)) as f32;
                                APFloat::from_f32(f).convert(kind).0
                            }
                            FloatKind::Double => {
                                APFloat::from_f64(kind, x.to_f64()?.powf(f64::from(e)))
                            }
                            _ => return None,
                        };
                        Some(self.const_fp(ty, &r))
                    }
                    _ => None,
                };
            }
            return None;
        }
        if !self.is_integer(self.type_of(a)) || !self.is_integer(self.type_of(b)) {
            return None;
        }
        let c0 = self.int_or_undef(a)?;
        let c1 = self.int_or_undef(b)?;
        let any_poison = self.is_poison(a) || self.is_poison(b);
        match id {
            Id::SMAX | Id::SMIN | Id::UMAX | Id::UMIN => {
                if any_poison {
                    return Some(self.const_poison(ty));
                }
                let w = self.int_width(ty)?;
                Some(match (c0, c1) {
                    (None, None) => self.const_undef(ty),
                    (Some(x), Some(y)) => {
                        let pick_x = match id {
                            Id::SMAX => x.sgt(&y),
                            Id::SMIN => x.slt(&y),
                            Id::UMAX => x.ugt(&y),
                            _ => x.ult(&y),
                        };
                        self.const_int_ap(ty, if pick_x { &x } else { &y })
                    }
                    _ => {
                        let sat = match id {
                            Id::SMAX => APInt::signed_max(w),
                            Id::SMIN => APInt::signed_min(w),
                            Id::UMAX => APInt::all_ones(w),
                            _ => APInt::zero(w),
                        };
                        self.const_int_ap(ty, &sat)
                    }
                })
            }
            Id::SCMP | Id::UCMP => {
                if any_poison {
                    return Some(self.const_poison(ty));
                }
                let (Some(x), Some(y)) = (c0, c1) else {
                    return Some(self.const_int(ty, 0));
                };
                let (gt, lt) = if id == Id::SCMP {
                    (x.sgt(&y), x.slt(&y))
                } else {
                    (x.ugt(&y), x.ult(&y))
                };
                let r: i64 = if gt {
                    1
                } else if lt {
                    -1
                } else {
                    0
                };
                Some(self.const_int_signed(ty, r))
            }
            Id::SADD_WITH_OVERFLOW
            | Id::UADD_WITH_OVERFLOW
            | Id::SSUB_WITH_OVERFLOW
            | Id::USUB_WITH_OVERFLOW
            | Id::SMUL_WITH_OVERFLOW
            | Id::UMUL_WITH_OVERFLOW => {
                let (Some(x), Some(y)) = (c0, c1) else {
                    return Some(match id {
                        Id::SADD_WITH_OVERFLOW | Id::UADD_WITH_OVERFLOW => {
                            let et = self.struct_elements(ty)?[0];
                            let i1 = self.i1_type();
                            let ones = self.const_all_ones(et);
                            let f = self.const_null(i1);
                            self.const_aggregate(ty, &[ones, f])
                        }
                        _ => self.const_null(ty),
                    });
                };
                let (r, o) = match id {
                    Id::SADD_WITH_OVERFLOW => x.sadd_ov(&y),
                    Id::UADD_WITH_OVERFLOW => x.uadd_ov(&y),
                    Id::SSUB_WITH_OVERFLOW => x.ssub_ov(&y),
                    Id::USUB_WITH_OVERFLOW => x.usub_ov(&y),
                    Id::SMUL_WITH_OVERFLOW => x.smul_ov(&y),
                    _ => x.umul_ov(&y),
                };
                let et = self.struct_elements(ty)?[0];
                let rv = self.const_int_ap(et, &r);
                let ov = self.const_bool(o);
                Some(self.const_aggregate(ty, &[rv, ov]))
            }
            Id::UADD_SAT | Id::SADD_SAT | Id::USUB_SAT | Id::SSUB_SAT => {
                if any_poison {
                    return Some(self.const_poison(ty));
                }
                let add = matches!(id, Id::UADD_SAT | Id::SADD_SAT);
                let (x, y) = match (c0, c1) {
                    (None, None) => return Some(self.const_undef(ty)),
                    (Some(x), Some(y)) => (x, y),
                    _ => {
                        return Some(if add {
                            self.const_all_ones(ty)
                        } else {
                            self.const_null(ty)
                        })
                    }
                };
                let w = x.width();
                let r = match id {
                    Id::UADD_SAT => {
                        let (r, o) = x.uadd_ov(&y);
                        if o {
                            APInt::all_ones(w)
                        } else {
                            r
                        }
                    }
                    Id::USUB_SAT => {
                        let (r, o) = x.usub_ov(&y);
                        if o {
                            APInt::zero(w)
                        } else {
                            r
                        }
                    }
                    Id::SADD_SAT => {
                        let (r, o) = x.sadd_ov(&y);
                        if !o {
                            r
                        } else if x.is_negative() {
                            APInt::signed_min(w)
                        } else {
                            APInt::signed_max(w)
                        }
                    }
                    _ => {
                        let (r, o) = x.ssub_ov(&y);
                        if !o {
                            r
                        } else if x.is_negative() {
                            APInt::signed_min(w)
                        } else {
                            APInt::signed_max(w)
                        }
                    }
                };
                Some(self.const_int_ap(ty, &r))
            }
            Id::CTTZ | Id::CTLZ => {
                let zero_poison = c1.as_ref()?.is_one();
                if zero_poison && c0.as_ref().is_none_or(APInt::is_zero) {
                    return Some(self.const_poison(ty));
                }
                let Some(x) = c0 else {
                    return Some(self.const_null(ty));
                };
                let n = if id == Id::CTTZ {
                    x.count_trailing_zeros()
                } else {
                    x.count_leading_zeros()
                };
                Some(self.const_int(ty, u64::from(n)))
            }
            Id::ABS => {
                let int_min_poison = c1.as_ref()?.is_one();
                if int_min_poison && c0.as_ref().is_none_or(APInt::is_signed_min) {
                    return Some(self.const_undef(ty));
                }
                let Some(x) = c0 else {
                    return Some(self.const_null(ty));
                };
                let r = if x.is_negative() { x.neg() } else { x };
                Some(self.const_int_ap(ty, &r))
            }
            _ => None,
        }
    }

    fn fold_call3(&mut self, id: Id, ty: Type, args: &[Value]) -> Option<Value> {
        let fps: Option<Vec<APFloat>> = args
            .iter()
            .map(|&a| self.fp_of(a).filter(|_| self.is_cfp(a)))
            .collect();
        if let Some(f) = fps {
            if matches!(id, Id::FMA | Id::FMULADD) {
                let kind = f[0].kind();
                let r = match kind {
                    FloatKind::Double => {
                        let (a, b, c) = (f[0].to_f64()?, f[1].to_f64()?, f[2].to_f64()?);
                        APFloat::from_f64(kind, a.mul_add(b, c))
                    }
                    FloatKind::Float => {
                        let (a, b, c) = (
                            f[0].to_f64()? as f32,
                            f[1].to_f64()? as f32,
                            f[2].to_f64()? as f32,
                        );
                        APFloat::from_f32(a.mul_add(b, c))
                    }
                    FloatKind::Half => {
                        let (a, b, c) = (f[0].to_f64()?, f[1].to_f64()?, f[2].to_f64()?);
                        APFloat::from_f64(kind, a.mul_add(b, c))
                    }
                    _ => return None,
                };
                return Some(self.const_fp(ty, &r));
            }
        }
        if matches!(id, Id::SMUL_FIX | Id::SMUL_FIX_SAT) {
            if self.is_poison(args[0]) || self.is_poison(args[1]) {
                return Some(self.const_poison(ty));
            }
            let c0 = self.int_or_undef(args[0])?;
            let c1 = self.int_or_undef(args[1])?;
            let (Some(x), Some(y)) = (c0, c1) else {
                return Some(self.const_null(ty));
            };
            let scale = self.const_int_value(args[2])?.to_u64() as u32;
            let w = x.width();
            let mut p = x.sext(2 * w).mul(&y.sext(2 * w)).ashr(scale);
            if id == Id::SMUL_FIX_SAT {
                let max = APInt::signed_max(w).sext(2 * w);
                let min = APInt::signed_min(w).sext(2 * w);
                if p.sgt(&max) {
                    p = max;
                }
                if p.slt(&min) {
                    p = min;
                }
            }
            return Some(self.const_int_ap(ty, &p.sext_or_trunc(w)));
        }
        if matches!(id, Id::FSHL | Id::FSHR) {
            let c0 = self.int_or_undef(args[0])?;
            let c1 = self.int_or_undef(args[1])?;
            let c2 = self.int_or_undef(args[2])?;
            let right = id == Id::FSHR;
            let Some(amt) = c2 else {
                return Some(args[usize::from(right)]);
            };
            if c0.is_none() && c1.is_none() {
                return Some(self.const_undef(ty));
            }
            let w = amt.width();
            let sh = amt.urem(&APInt::new(w, u64::from(w))).to_u64() as u32;
            if sh == 0 {
                return Some(args[usize::from(right)]);
            }
            let lshr = if right { sh } else { w - sh };
            let shl = if right { w - sh } else { sh };
            let r = match (c0, c1) {
                (None, Some(y)) => y.lshr(lshr),
                (Some(x), None) => x.shl(shl),
                (Some(x), Some(y)) => x.shl(shl).or(&y.lshr(lshr)),
                (None, None) => unreachable!("both undef returned above"),
            };
            return Some(self.const_int_ap(ty, &r));
        }
        None
    }

    /// `frexp` of a scalar or fixed vector.
    fn fold_frexp(&mut self, ty: Type, op: Value) -> Option<Value> {
        let elems = self.struct_elements(ty)?.to_vec();
        let (t0, t1) = (elems[0], elems[1]);
        let it = self.scalar_type(t1);
        if let Some((n, false)) = self.vector_len(t0) {
            let et = self.scalar_type(t0);
            let mut r0 = Vec::new();
            let mut r1 = Vec::new();
            for k in 0..u64::from(n) {
                let lane = self.aggregate_element(op, k)?;
                let (a, b) = self.frexp_scalar(lane, et, it)?;
                r0.push(a);
                r1.push(b);
            }
            let v0 = self.const_aggregate(t0, &r0);
            let v1 = self.const_aggregate(t1, &r1);
            return Some(self.const_aggregate(ty, &[v0, v1]));
        }
        let (a, b) = self.frexp_scalar(op, t0, it)?;
        Some(self.const_aggregate(ty, &[a, b]))
    }

    fn frexp_scalar(&mut self, op: Value, ft: Type, it: Type) -> Option<(Value, Value)> {
        if self.is_poison(op) {
            let p = self.const_poison(it);
            return Some((op, p));
        }
        let u = self.fp_of(op).filter(|_| self.is_cfp(op))?;
        let kind = u.kind();
        if !matches!(kind, FloatKind::Half | FloatKind::Float | FloatKind::Double) {
            return None;
        }
        if u.is_nan() {
            let q = APFloat::from_bits(kind, u.bits() | quiet_bit(kind));
            let a = self.const_fp(ft, &q);
            let z = self.const_int(it, 0);
            return Some((a, z));
        }
        if u.is_infinite() || u.is_zero() {
            let a = self.const_fp(ft, &u);
            let z = self.const_int(it, 0);
            return Some((a, z));
        }
        let x = u.to_f64()?;
        let mut e = x.abs().log2().floor() as i64 + 1;
        let mut m = ldexp(x, -e);
        // Correct an off-by-one of the logarithm at powers of two.
        if m.abs() >= 1.0 {
            m /= 2.0;
            e += 1;
        } else if m.abs() < 0.5 {
            m *= 2.0;
            e -= 1;
        }
        let a = self.const_fp(ft, &APFloat::from_f64(kind, m));
        let b = self.const_int_signed(it, e);
        Some((a, b))
    }
}

/// `u` rounded to an integral value by `m` (computed on the exact `f64`
/// of a half, float or double); a NaN comes out quiet.
fn round_with(u: APFloat, m: fn(f64) -> f64) -> APFloat {
    let kind = u.kind();
    if u.is_nan() {
        return APFloat::from_bits(kind, u.bits() | quiet_bit(kind));
    }
    match u.to_f64() {
        Some(x) => APFloat::from_f64(kind, m(x)),
        None => u,
    }
}

/// The sign bit of `kind`.
fn sign_bit(kind: FloatKind) -> u128 {
    1u128 << (kind.bit_width() - 1) & mask128(kind.bit_width())
}

/// The quiet bit of a NaN of an IEEE kind.
fn quiet_bit(kind: FloatKind) -> u128 {
    match kind {
        FloatKind::Half => 1 << 9,
        FloatKind::BFloat => 1 << 6,
        FloatKind::Float => 1 << 22,
        FloatKind::Double => 1 << 51,
        FloatKind::Fp128 => 1 << 111,
        FloatKind::X86Fp80 => 1 << 62,
        FloatKind::PpcFp128 => 1 << 51,
    }
}

/// `a < b` for two non-NaN floats of one kind.
fn less(a: &APFloat, b: &APFloat) -> bool {
    a.compare(b) == Some(core::cmp::Ordering::Less)
}

/// The host libm's result `r`, unless LLVM's check of the floating-point
/// exception flags would refuse it: a NaN (invalid), an infinity
/// (overflow or division by zero), a subnormal, or a zero that is not
/// `exact_zero` (underflow).
fn host_fp(r: f64, exact_zero: bool) -> Option<f64> {
    if r.is_nan() || r.is_infinite() {
        return None;
    }
    if r == 0.0 {
        return exact_zero.then_some(r);
    }
    (r.abs() >= f64::MIN_POSITIVE).then_some(r)
}

/// `x × 2^n`, rounded once to nearest-even (`scalbn`).
fn ldexp(x: f64, n: i64) -> f64 {
    let mut x = x;
    let mut n = n.clamp(-4000, 4000);
    while n > 1000 {
        x *= 2f64.powi(1000);
        n -= 1000;
    }
    while n < -1000 {
        // Keep the steps exact until the last: stop above the subnormal range.
        x *= 2f64.powi(-1000);
        n += 1000;
    }
    // The last factor may not be representable when below 2^-1022: split.
    if n < -1022 {
        x *= 2f64.powi(-1022);
        n += 1022;
    }
    x * 2f64.powi(n as i32)
}
