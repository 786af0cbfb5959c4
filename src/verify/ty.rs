//! Type questions LLVM's verifier asks that the type layer does not answer
//! directly: primitive sizes, element counts, lossless bitcasts, LLVM's
//! `castIsValid` for bitcasts, and the type a GEP or an aggregate index
//! path reaches.

use crate::types::{Type, TypeData};
use crate::Context;

/// LLVM's `getPrimitiveSizeInBits`: `(bits, scalable)`; 0 for pointers,
/// aggregates and other non-primitive types.
pub(crate) fn primitive_bits(ctx: &Context, t: Type) -> (u64, bool) {
    match ctx.type_data(t) {
        TypeData::Vector {
            elem,
            len,
            scalable,
        } => (primitive_bits(ctx, *elem).0 * *len as u64, *scalable),
        _ => (scalar_bits(ctx, t), false),
    }
}

/// LLVM's `getScalarSizeInBits`: the primitive size of the scalar type (0
/// for pointers).
pub(crate) fn scalar_bits(ctx: &Context, t: Type) -> u64 {
    match ctx.type_data(ctx.scalar_type(t)) {
        TypeData::Int(w) => *w as u64,
        TypeData::Half | TypeData::BFloat => 16,
        TypeData::Float => 32,
        TypeData::Double => 64,
        TypeData::X86Fp80 => 80,
        TypeData::Fp128 | TypeData::PpcFp128 => 128,
        TypeData::X86Amx => 8192,
        _ => 0,
    }
}

/// Whether `t` is an integer or a pointer (LLVM `isIntOrPtrTy`).
pub(crate) fn is_int_or_ptr(ctx: &Context, t: Type) -> bool {
    ctx.is_integer(t) || ctx.is_ptr(t)
}

/// LLVM's `Type::canLosslesslyBitCastTo`.
pub(crate) fn can_losslessly_bitcast(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    if !ctx.is_first_class(a) || !ctx.is_first_class(b) {
        return false;
    }
    if ctx.is_vector(a) && ctx.is_vector(b) {
        return primitive_bits(ctx, a) == primitive_bits(ctx, b);
    }
    let amx = |x: Type, y: Type| {
        matches!(ctx.type_data(y), TypeData::X86Amx)
            && matches!(ctx.vector_len(x), Some((_, false)))
            && primitive_bits(ctx, x).0 == 8192
    };
    amx(a, b) || amx(b, a)
}

/// LLVM's `CastInst::castIsValid(BitCast, src, dst)`.
pub(crate) fn bitcast_is_valid(ctx: &Context, src: Type, dst: Type) -> bool {
    if !ctx.is_first_class(src)
        || !ctx.is_first_class(dst)
        || ctx.is_aggregate(src)
        || ctx.is_aggregate(dst)
    {
        return false;
    }
    let sp = ctx.is_ptr(ctx.scalar_type(src));
    let dp = ctx.is_ptr(ctx.scalar_type(dst));
    if sp != dp {
        return false;
    }
    if !sp {
        return primitive_bits(ctx, src) == primitive_bits(ctx, dst);
    }
    if ctx.ptr_addrspace(ctx.scalar_type(src)) != ctx.ptr_addrspace(ctx.scalar_type(dst)) {
        return false;
    }
    match (ctx.vector_len(src), ctx.vector_len(dst)) {
        (Some(a), Some(b)) => a == b,
        (Some(_), None) => false,
        _ => true,
    }
}

/// The element type a struct/array/vector index steps into, for
/// `extractvalue`/`insertvalue` index lists (LLVM
/// `ExtractValueInst::getIndexedType`: arrays and structs only).
pub(crate) fn extract_value_type(ctx: &Context, mut t: Type, idx: &[u32]) -> Option<Type> {
    for &i in idx {
        t = match ctx.type_data(t) {
            TypeData::Array { elem, len } => {
                if i as u64 >= *len {
                    return None;
                }
                *elem
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                *ctx.struct_elements(t)?.get(i as usize)?
            }
            _ => return None,
        };
    }
    Some(t)
}
