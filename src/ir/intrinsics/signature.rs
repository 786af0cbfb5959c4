//! Intrinsic function types: building one from overload types
//! (`Intrinsic::getType`) and matching one against a signature
//! (`Intrinsic::matchIntrinsicSignature` and `matchIntrinsicVarArg`).
//!
//! Owns the meaning of each [`Descriptor`] for types and the matcher's
//! deferred checks: a descriptor that refers to an overload type not seen
//! yet (a parameter whose type depends on a later one) is checked after
//! all parameters, as LLVM does, and its failure is blamed on the return
//! type or a parameter by where it was deferred from. The matcher compares
//! types structurally, so it needs no `&mut` to build the types it
//! compares against (LLVM builds them); where LLVM 19's release build
//! would compute a type from a nonsensical one (the half of an `i1`, the
//! integer of a pointer's width), no lair type equals the result and the
//! match fails.

use super::descriptor::{ArgKind, ArgRef, Descriptor};
use super::IntrinsicId;
use crate::types::{Type, TypeData};
use crate::Context;
use core::fmt;

/// Why a function type does not fit an intrinsic's signature.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SignatureMismatch {
    /// The return type (`MatchIntrinsicTypes_NoMatchRet`; the verifier's
    /// "Intrinsic has incorrect return type!").
    Return,
    /// A parameter type, or too many parameters
    /// (`MatchIntrinsicTypes_NoMatchArg`; "Intrinsic has incorrect
    /// argument type!").
    Argument,
    /// The types fit but the variadic property does not, or parameters are
    /// missing (`matchIntrinsicVarArg`; the verifier says "Intrinsic was
    /// not defined with variable arguments!" when the function type is
    /// variadic, "Callsite was not defined with variable arguments!"
    /// otherwise).
    VarArg,
}

impl fmt::Display for SignatureMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SignatureMismatch::Return => "incorrect return type",
            SignatureMismatch::Argument => "incorrect argument type",
            SignatureMismatch::VarArg => "variadic property does not match",
        })
    }
}

/// An element count: (minimum length, scalable).
type Count = (u32, bool);

/// A deferred check: the type and the descriptors from the one that
/// referred forward.
type Deferred<'d> = (Type, &'d [Descriptor]);

/// # Intrinsics: signatures
///
/// Intrinsic function types from overload types, and the overload types of
/// a function type.
impl Context {
    /// The function type of intrinsic `id` with `overloads` for its
    /// overloaded types, in order (`Intrinsic::getType`). The overload
    /// types are not checked against their constraints (an `anyint` given
    /// `float` makes a type the verifier rejects), as in LLVM.
    ///
    /// # Panics
    ///
    /// Where LLVM asserts or crashes: too few overload types, a derived
    /// type of an unsuitable overload (the wider type of a `float`, half
    /// the elements of a scalar, an odd-width truncation), and intrinsics
    /// on `x86_mmx`, a type lair does not model.
    pub fn intrinsic_type(&mut self, id: IntrinsicId, overloads: &[Type]) -> Type {
        let descs = id.descriptors();
        let mut rest: &[Descriptor] = &descs;
        let ret = self.decode_fixed(id, &mut rest, overloads);
        let mut params = Vec::new();
        while !rest.is_empty() {
            params.push(self.decode_fixed(id, &mut rest, overloads));
        }
        let varargs = params.last().is_some_and(|&t| self.is_void(t));
        if varargs {
            params.pop();
        }
        self.function_type(ret, &params, varargs)
    }

    /// LLVM's `DecodeFixedType`: the type of the descriptors at the front
    /// of `rest`, which it consumes.
    fn decode_fixed(&mut self, id: IntrinsicId, rest: &mut &[Descriptor], tys: &[Type]) -> Type {
        use Descriptor as D;
        let (&d, tail) = rest
            .split_first()
            .unwrap_or_else(|| unreachable!("{id}: signature ends early"));
        *rest = tail;
        let overload = |a: u32| -> Type {
            *tys.get(a as usize).unwrap_or_else(|| {
                panic!(
                    "intrinsic_type: {id} needs overload type {a}, given {}",
                    tys.len()
                )
            })
        };
        let fail = |ctx: &Context, what: &str, t: Type| -> ! {
            panic!(
                "intrinsic_type: {id}: {what} of overload type {}",
                t.display(ctx)
            )
        };
        match d {
            D::Void | D::VarArg => self.void_type(),
            D::Mmx => self.x86_mmx_type(),
            D::Amx => self.x86_amx_type(),
            D::Token => self.token_type(),
            D::Metadata => self.metadata_type(),
            D::Half => self.half_type(),
            D::BFloat => self.bfloat_type(),
            D::Float => self.float_type(),
            D::Double => self.double_type(),
            D::Quad => self.fp128_type(),
            D::PpcQuad => self.ppc_fp128_type(),
            D::AArch64Svcount => self.target_ext_type("aarch64.svcount", &[], &[]),
            D::Integer(w) => self.int_type(w),
            D::Vector { len, scalable } => {
                let elem = self.decode_fixed(id, rest, tys);
                self.vector_of(elem, (len, scalable))
            }
            D::Pointer(a) => self.ptr_type(a),
            D::Struct(n) => {
                let elems: Vec<Type> = (0..n).map(|_| self.decode_fixed(id, rest, tys)).collect();
                self.struct_type(&elems, false)
            }
            D::Argument(a) => overload(a.index),
            D::Extend(a) => {
                let t = overload(a.index);
                let (elem, count) = self.split_vector(t);
                match self.int_width(elem) {
                    Some(w) => {
                        let e = self.int_type(2 * w);
                        self.rewrap(e, count)
                    }
                    None => fail(self, "the extended type", t),
                }
            }
            D::Trunc(a) => {
                let t = overload(a.index);
                let (elem, count) = self.split_vector(t);
                match self.narrower(elem) {
                    Some(Narrow::Int(w)) if w * 2 == self.int_width(elem).unwrap_or(0) => {
                        let e = self.int_type(w);
                        self.rewrap(e, count)
                    }
                    Some(Narrow::Float) if count.is_some() => {
                        let e = self.float_type();
                        self.rewrap(e, count)
                    }
                    Some(Narrow::Half) if count.is_some() => {
                        let e = self.half_type();
                        self.rewrap(e, count)
                    }
                    _ => fail(self, "the truncated type", t),
                }
            }
            D::Subdivide2(a) | D::Subdivide4(a) => {
                let t = overload(a.index);
                let times = if matches!(d, D::Subdivide2(_)) { 1 } else { 2 };
                match self.subdivided(t, times) {
                    Some((elem, count)) => {
                        let e = match elem {
                            Narrow::Int(w) => self.int_type(w),
                            Narrow::Float => self.float_type(),
                            Narrow::Half => self.half_type(),
                        };
                        self.vector_of(e, count)
                    }
                    None => fail(self, "the subdivided vector", t),
                }
            }
            D::HalfVec(a) => {
                let t = overload(a.index);
                match self.split_vector(t) {
                    (elem, Some((n, s))) if n % 2 == 0 => self.vector_of(elem, (n / 2, s)),
                    _ => fail(self, "half the elements", t),
                }
            }
            D::SameVecWidth(a) => {
                let elem = self.decode_fixed(id, rest, tys);
                let t = overload(a.index);
                match self.split_vector(t).1 {
                    Some(count) => self.vector_of(elem, count),
                    None => elem,
                }
            }
            D::VecElement(a) => {
                let t = overload(a.index);
                match self.split_vector(t) {
                    (elem, Some(_)) => elem,
                    _ => fail(self, "the element type", t),
                }
            }
            D::VecOfBitcastsToInt(a) => {
                let t = overload(a.index);
                match self.split_vector(t) {
                    (elem, Some(count)) if self.primitive_bits(elem) > 0 => {
                        let e = self.int_type(self.primitive_bits(elem));
                        self.vector_of(e, count)
                    }
                    _ => fail(self, "the integer vector", t),
                }
            }
            D::VecOfAnyPtrsToElt { overload: o, .. } => overload(o),
        }
    }

    /// `elem` as a vector of `count` elements.
    fn vector_of(&mut self, elem: Type, (len, scalable): Count) -> Type {
        if scalable {
            self.scalable_vector_type(elem, len)
        } else {
            self.vector_type(elem, len)
        }
    }

    /// `elem`, as a vector if `count` is given.
    fn rewrap(&mut self, elem: Type, count: Option<Count>) -> Type {
        match count {
            Some(c) => self.vector_of(elem, c),
            None => elem,
        }
    }

    /// A vector's element and count; any other type with no count.
    fn split_vector(&self, t: Type) -> (Type, Option<Count>) {
        match *self.type_data(t) {
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => (elem, Some((len, scalable))),
            _ => (t, None),
        }
    }

    /// `Type::getPrimitiveSizeInBits` of a scalar (0 for a pointer or a
    /// non-primitive type).
    fn primitive_bits(&self, t: Type) -> u32 {
        match *self.type_data(t) {
            TypeData::Int(w) => w,
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::X86Fp80 => 80,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            TypeData::X86Amx => 8192,
            TypeData::X86Mmx => 64,
            _ => 0,
        }
    }

    /// The element of `getTruncatedElementVectorType` (and of a truncated
    /// scalar integer): `double` → `float`, `float` → `half`, an integer
    /// or pointer of N bits → `i(N/2)`, as LLVM's release build computes
    /// it; `None` where LLVM reaches `llvm_unreachable` or makes `i0`.
    fn narrower(&self, elem: Type) -> Option<Narrow> {
        match *self.type_data(elem) {
            TypeData::Double => Some(Narrow::Float),
            TypeData::Float => Some(Narrow::Half),
            _ if self.is_fp(elem) => None,
            _ => {
                let half = self.primitive_bits(elem) / 2;
                (half > 0).then_some(Narrow::Int(half))
            }
        }
    }

    /// `getSubdividedVectorType(t, times)`: the element and count, `None`
    /// when `t` is no vector or an element cannot be narrowed.
    fn subdivided(&self, t: Type, times: u32) -> Option<(Narrow, Count)> {
        let (elem, count) = self.split_vector(t);
        let (mut len, scalable) = count?;
        let mut cur = self.narrower(elem)?;
        len = len.checked_mul(2)?;
        for _ in 1..times {
            cur = match cur {
                Narrow::Float => Narrow::Half,
                Narrow::Half => return None,
                Narrow::Int(w) if w >= 2 => Narrow::Int(w / 2),
                Narrow::Int(_) => return None,
            };
            len = len.checked_mul(2)?;
        }
        Some((cur, (len, scalable)))
    }

    /// Whether `t` is the scalar `n` (an integer of a width, `float` or
    /// `half`), as a vector of `count` when `count` is given.
    fn is_narrow(&self, t: Type, n: Narrow, count: Option<Count>) -> bool {
        let (elem, c) = self.split_vector(t);
        if c != count {
            return false;
        }
        match n {
            Narrow::Int(w) => self.int_width(elem) == Some(w),
            Narrow::Float => matches!(self.type_data(elem), TypeData::Float),
            Narrow::Half => matches!(self.type_data(elem), TypeData::Half),
        }
    }

    /// Whether `fn_ty` fits intrinsic `id`'s signature, and with which
    /// overload types: LLVM 19's `Intrinsic::getIntrinsicSignature`, with
    /// the reason when it does not (`matchIntrinsicSignature`, then
    /// `matchIntrinsicVarArg`). The overload types are those
    /// [`intrinsic_type`](Context::intrinsic_type) and
    /// [`intrinsic_name`](Context::intrinsic_name) take.
    ///
    /// # Panics
    ///
    /// If `fn_ty` is not a function type.
    pub fn match_intrinsic_signature(
        &self,
        id: IntrinsicId,
        fn_ty: Type,
    ) -> Result<Vec<Type>, SignatureMismatch> {
        let (ret, params, varargs) = self.function_parts(fn_ty).unwrap_or_else(|| {
            panic!(
                "match_intrinsic_signature: {} is not a function type",
                fn_ty.display(self)
            )
        });
        let descs = id.descriptors();
        let mut infos: &[Descriptor] = &descs;
        let mut tys = Vec::new();
        let mut deferred: Vec<Deferred<'_>> = Vec::new();
        if self.match_type(ret, &mut infos, &mut tys, &mut deferred, false) {
            return Err(SignatureMismatch::Return);
        }
        let from_ret = deferred.len();
        for &p in params {
            if self.match_type(p, &mut infos, &mut tys, &mut deferred, false) {
                return Err(SignatureMismatch::Argument);
            }
        }
        for i in 0..deferred.len() {
            let (t, mut at) = deferred[i];
            if self.match_type(t, &mut at, &mut tys, &mut deferred, true) {
                return Err(if i < from_ret {
                    SignatureMismatch::Return
                } else {
                    SignatureMismatch::Argument
                });
            }
        }
        // matchIntrinsicVarArg: nothing left but, for a variadic function
        // type, exactly the trailing `VarArg`.
        let fits = match infos {
            [] => !varargs,
            [Descriptor::VarArg] => varargs,
            _ => false,
        };
        if fits {
            Ok(tys)
        } else {
            Err(SignatureMismatch::VarArg)
        }
    }

    /// LLVM's `matchIntrinsicType`: whether `ty` does NOT fit the
    /// descriptors at the front of `infos` (which it consumes), pushing
    /// overload types to `tys` and forward references to `deferred`.
    fn match_type<'d>(
        &self,
        ty: Type,
        infos: &mut &'d [Descriptor],
        tys: &mut Vec<Type>,
        deferred: &mut Vec<Deferred<'d>>,
        is_deferred: bool,
    ) -> bool {
        use Descriptor as D;
        let whole = *infos;
        let Some((&d, tail)) = infos.split_first() else {
            return true; // too many arguments
        };
        *infos = tail;
        // Checks `t` against `whole` after all parameters (`DeferCheck`).
        macro_rules! defer {
            ($t:expr) => {{
                deferred.push(($t, whole));
                false
            }};
        }
        let data = self.type_data(ty);
        match d {
            D::Void => !self.is_void(ty),
            D::VarArg => true,
            D::Mmx => !matches!(data, TypeData::X86Mmx),
            D::Amx => !matches!(data, TypeData::X86Amx),
            D::Token => !self.is_token(ty),
            D::Metadata => !self.is_metadata(ty),
            D::Half => !matches!(data, TypeData::Half),
            D::BFloat => !matches!(data, TypeData::BFloat),
            D::Float => !matches!(data, TypeData::Float),
            D::Double => !matches!(data, TypeData::Double),
            D::Quad => !matches!(data, TypeData::Fp128),
            D::PpcQuad => !matches!(data, TypeData::PpcFp128),
            D::Integer(w) => self.int_width(ty) != Some(w),
            D::AArch64Svcount => {
                !matches!(data, TypeData::TargetExt { name, .. } if &**name == "aarch64.svcount")
            }
            D::Vector { len, scalable } => match self.split_vector(ty) {
                (elem, Some(c)) if c == (len, scalable) => {
                    crate::stack::deep(|| self.match_type(elem, infos, tys, deferred, is_deferred))
                }
                _ => true,
            },
            D::Pointer(a) => self.ptr_addrspace(ty) != Some(a),
            D::Struct(n) => {
                let TypeData::LiteralStruct {
                    elems,
                    packed: false,
                } = data
                else {
                    return true;
                };
                if elems.len() != n as usize {
                    return true;
                }
                elems.iter().any(|&e| {
                    crate::stack::deep(|| self.match_type(e, infos, tys, deferred, is_deferred))
                })
            }
            D::Argument(a) => {
                let i = a.index as usize;
                if i < tys.len() {
                    return ty != tys[i];
                }
                if i > tys.len() || a.kind == ArgKind::MatchType {
                    return is_deferred || defer!(ty);
                }
                tys.push(ty);
                match a.kind {
                    ArgKind::Any | ArgKind::MatchType => false,
                    ArgKind::AnyInteger => !self.is_int_or_int_vector(ty),
                    ArgKind::AnyFloat => !self.is_fp_or_fp_vector(ty),
                    ArgKind::AnyVector => !self.is_vector(ty),
                    ArgKind::AnyPointer => !self.is_ptr(ty),
                }
            }
            D::Extend(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                let (elem, count) = self.split_vector(r);
                match self.int_width(elem) {
                    Some(w) => !self.is_narrow(ty, Narrow::Int(2 * w), count),
                    None => true,
                }
            }
            D::Trunc(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                let (elem, count) = self.split_vector(r);
                if count.is_none() && self.int_width(elem).is_none() {
                    return true;
                }
                match self.narrower(elem) {
                    Some(n) => !self.is_narrow(ty, n, count),
                    None => true,
                }
            }
            D::HalfVec(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                match (self.split_vector(r), self.split_vector(ty)) {
                    ((re, Some((n, s))), (te, Some(c))) => {
                        re != te || c != (n / 2, s) || n / 2 == 0
                    }
                    _ => true,
                }
            }
            D::SameVecWidth(a) => {
                let Some(r) = self.referent(a, tys) else {
                    // Defer it, skipping the element's descriptor.
                    if let Some((_, t)) = infos.split_first() {
                        *infos = t;
                    }
                    return is_deferred || defer!(ty);
                };
                let (_, rc) = self.split_vector(r);
                let (elem, tc) = self.split_vector(ty);
                match (rc, tc) {
                    (None, None) => crate::stack::deep(|| {
                        self.match_type(ty, infos, tys, deferred, is_deferred)
                    }),
                    (Some(x), Some(y)) if x == y => crate::stack::deep(|| {
                        self.match_type(elem, infos, tys, deferred, is_deferred)
                    }),
                    _ => true,
                }
            }
            D::VecOfAnyPtrsToElt { reference, .. } => {
                let r = reference as usize;
                if r >= tys.len() {
                    if is_deferred {
                        return true;
                    }
                    tys.push(ty);
                    return defer!(ty);
                }
                if !is_deferred {
                    tys.push(ty);
                }
                match (self.split_vector(tys[r]).1, self.split_vector(ty)) {
                    (Some(rc), (elem, Some(tc))) if rc == tc => !self.is_ptr(elem),
                    _ => true,
                }
            }
            D::VecElement(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                match self.split_vector(r) {
                    (elem, Some(_)) => ty != elem,
                    _ => true,
                }
            }
            D::Subdivide2(a) | D::Subdivide4(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                let times = if matches!(d, D::Subdivide2(_)) { 1 } else { 2 };
                match self.subdivided(r, times) {
                    Some((n, c)) => !self.is_narrow(ty, n, Some(c)),
                    None => true,
                }
            }
            D::VecOfBitcastsToInt(a) => {
                let Some(r) = self.referent(a, tys) else {
                    return is_deferred || defer!(ty);
                };
                match self.split_vector(r) {
                    (elem, Some(c)) => {
                        let bits = self.primitive_bits(elem);
                        bits == 0 || !self.is_narrow(ty, Narrow::Int(bits), Some(c))
                    }
                    _ => true,
                }
            }
        }
    }

    /// The overload type `a` refers to, if matched already.
    fn referent(&self, a: ArgRef, tys: &[Type]) -> Option<Type> {
        tys.get(a.index as usize).copied()
    }
}

/// A scalar computed from another: an integer width, `float` or `half`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Narrow {
    Int(u32),
    Float,
    Half,
}
