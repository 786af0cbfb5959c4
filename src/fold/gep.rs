//! Layout-aware folding of GEPs with constant operands: what LLVM 19's
//! `ConstantFolding.cpp` (`SymbolicallyEvaluateGEP`, used by
//! `ConstantFoldConstant` / `ConstantFoldInstruction`, hence by
//! `opt -passes=instsimplify`) makes of them.
//!
//! Owns [`LayoutCache::fold_gep`]. It does not own the layout-free folder
//! (`constant.rs`, `Context::const_gep`, which the result is built
//! through) or the offset walk (`layout/gep.rs`).
//!
//! The rules, checked against `opt-19 -passes=instsimplify`
//! (`tests/gep_fold.rs`):
//!
//! * only GEPs whose indices are all scalar integer constants, whose base
//!   is a constant pointer (not a vector) and whose source type is sized
//!   and not scalable fold;
//! * the offset is `getIndexedOffsetInType` (64-bit arithmetic, then
//!   sign-extended or truncated to the index width); a base that is itself
//!   such a GEP constant expression is merged in, its no-wrap flags
//!   intersected, and its `inrange` taken (shifted by the outer offset) when
//!   the outer has none;
//! * a null or `inttoptr (iN C)` base in an integral address space gives
//!   `inttoptr (iW offset + C to ptr)` (W = index width);
//! * otherwise `getelementptr [flags] (i8, ptr base, iW offset)`, through
//!   `const_gep` (so offset 0 is the base itself), with `inbounds` inferred
//!   when the base is a global variable that is not `extern_weak`, its
//!   value type is sized, and `0 <= offset <= store size`.

use crate::context::Context;
use crate::inst::{GepFlags, Opcode};
use crate::ir::global::Linkage;
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};

use crate::layout::{GepIndex, LayoutCache};

/// A GEP read for folding: source type, base, constant indices, flags,
/// `inrange`.
struct ConstGep {
    source: Type,
    base: Value,
    indices: Vec<i128>,
    flags: GepFlags,
    inrange: Option<(i64, i64)>,
}

/// `gep` as a GEP whose indices are all scalar integer constants, or
/// `None`.
fn read_const_gep(ctx: &Context, gep: Value) -> Option<ConstGep> {
    let parts = ctx.gep_parts(gep).ok()?;
    let list = ctx.gep_index_list(gep).ok()?;
    let indices = list
        .iter()
        .map(|i| match i {
            GepIndex::Const(c) => Some(*c),
            GepIndex::Var(_) => None,
        })
        .collect::<Option<Vec<i128>>>()?;
    Some(ConstGep {
        source: parts.source,
        base: parts.base,
        indices,
        flags: parts.flags,
        inrange: parts.inrange,
    })
}

/// Whether `v` is a GEP constant expression.
fn is_gep_expr(ctx: &Context, v: Value) -> bool {
    ctx.value_kind(v) == ValueKind::Constant
        && matches!(ctx.const_expr_opcode(v), Some((Opcode::GetElementPtr, _)))
}

/// `v` read back signed from `w` bits (`w` in `1..=128`).
fn wrap(v: i128, w: u32) -> i128 {
    let shift = 128 - w;
    (v << shift) >> shift
}

impl LayoutCache {
    /// LLVM 19's layout-aware fold of GEP `gep` (a constant expression, or
    /// an instruction whose operands are all constants): a single
    /// `getelementptr (i8, ptr base, iW offset)`, the base itself, or
    /// `inttoptr` of the address for a null or integer base. `None` when
    /// LLVM's `SymbolicallyEvaluateGEP` does not fold it (a non-constant or
    /// vector operand, a vector result, an unsized or scalable source type,
    /// an index width above 128 bits).
    ///
    /// The cache must be for the data layout of the module `gep` is in.
    pub fn fold_gep(&mut self, ctx: &mut Context, gep: impl Into<Value>) -> Option<Value> {
        let gep = gep.into();
        let outer = read_const_gep(ctx, gep)?;
        let result_ty = ctx.type_of(gep);
        if !ctx.value_kind(outer.base).is_constant() || ctx.vector_len(result_ty).is_some() {
            return None;
        }
        let addr_space = ctx.ptr_addrspace(ctx.type_of(outer.base))?;
        let width = self.data_layout().index_size_in_bits(addr_space);
        if !(1..=128).contains(&width) || ctx.is_scalable(outer.source) {
            return None;
        }
        let indexed = |cache: &mut LayoutCache, ctx: &Context, g: &ConstGep| -> Option<i128> {
            // getIndexedOffsetInType: 64-bit arithmetic, then APInt(W, v, signed).
            let off = cache
                .walk(ctx)
                .gep_constant(64, g.source, &g.indices[..])
                .ok()?;
            Some(wrap(i128::from(off as i64), width))
        };
        let mut offset = indexed(self, ctx, &outer)?;
        let mut flags = outer.flags;
        let mut inrange = outer.inrange;
        let mut overflow = false;
        let mut base = outer.base;
        while is_gep_expr(ctx, base) {
            let Some(inner) = read_const_gep(ctx, base) else {
                break;
            };
            flags = flags & inner.flags;
            if inrange.is_none() {
                inrange = inner.inrange.map(|(lo, hi)| {
                    let lo = (i128::from(lo) - offset) as i64;
                    let hi = (i128::from(hi) - offset) as i64;
                    (lo, hi)
                });
            }
            let add = indexed(self, ctx, &inner)?;
            let sum = wrap(offset + add, width);
            // Signed overflow of the W-bit addition.
            overflow |= sum != offset + add;
            offset = sum;
            base = inner.base;
        }
        if flags.has_nusw() && !flags.is_inbounds() && overflow {
            flags = flags.without(GepFlags::NUSW);
        }
        // A literal integer base: fold to the address.
        let mut int_base: i128 = 0;
        if ctx.value_kind(base) == ValueKind::Constant
            && matches!(ctx.const_expr_opcode(base), Some((Opcode::IntToPtr, _)))
        {
            if let Some(c) = ctx.operand(base, 0).and_then(|c| ctx.const_int_value(c)) {
                // zextOrTrunc to W bits.
                let words = c.words();
                let lo = u128::from(words.first().copied().unwrap_or(0))
                    | u128::from(words.get(1).copied().unwrap_or(0)) << 64;
                let lo = if c.width() < 128 {
                    lo & ((1u128 << c.width()) - 1)
                } else {
                    lo
                };
                int_base = wrap(lo as i128, width);
            }
        }
        let is_null = ctx.is_null_value(base);
        if (is_null || int_base != 0)
            && !self.data_layout().is_non_integral_address_space(addr_space)
        {
            let it = ctx.int_type(width);
            let addr = wrap(offset.wrapping_add(int_base), width);
            let c = const_int_i128(ctx, it, addr);
            return Some(ctx.const_cast(Opcode::IntToPtr, c, result_ty));
        }
        // Infer inbounds for a GEP of a global variable.
        if !flags.is_inbounds() && offset >= 0 {
            if let Some(size) = self.deref_bytes(ctx, base) {
                if offset <= i128::from(size) {
                    flags |= GepFlags::INBOUNDS;
                }
            }
        }
        let i8t = ctx.i8_type();
        let it = ctx.int_type(width);
        let c = const_int_i128(ctx, it, offset);
        Some(ctx.const_gep(i8t, base, &[c], flags, inrange))
    }

    /// `Value::getPointerDereferenceableBytes` for a constant base: the
    /// store size of a global variable that is not `extern_weak`.
    fn deref_bytes(&mut self, ctx: &Context, base: Value) -> Option<u64> {
        if ctx.value_kind(base) != ValueKind::GlobalVariable {
            return None;
        }
        let data = ctx.global_data(base);
        if data.linkage == Linkage::ExternWeak {
            return None;
        }
        let ty = data.value_type?;
        let size = self.store_size(ctx, ty).ok()?;
        (!size.scalable).then_some(size.min)
    }
}

/// The integer constant `v` (already reduced to the width) of type `ty`.
fn const_int_i128(ctx: &mut Context, ty: Type, v: i128) -> Value {
    let w = match ctx.type_data(ty) {
        TypeData::Int(w) => *w,
        _ => 64,
    };
    if w <= 64 {
        ctx.const_int(ty, v as u64)
    } else {
        let words = [v as u64, (v >> 64) as u64];
        let ap = crate::constants::apint::APInt::from_words(w, &words[..w.div_ceil(64) as usize]);
        ctx.const_int_ap(ty, &ap)
    }
}
