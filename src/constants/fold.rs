//! Constant folding: what LLVM 19's `ConstantFoldBinaryInstruction`,
//! `ConstantFoldCastInstruction` and the `ConstantExpr::get*` builders
//! produce for constant operands.
//!
//! Owns the integer folding rules (including the i1 special cases and the
//! poison results) and the typed constant-expression constructors that try
//! folding first. The IRBuilder (`builder.rs`) folds through these.

use super::apint::APInt;
use super::{ConstKind, ConstPayload};
use crate::inst::Opcode;
use crate::types::TypeData;
use crate::value::{Value, ValueKind};
use crate::Context;

/// The result of folding two integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Folded {
    /// A plain integer.
    Int(APInt),
    /// `poison` (shift out of range, division by zero, `INT_MIN / -1`).
    Poison,
}

/// Folds an integer binary operator as LLVM 19's
/// `ConstantFoldBinaryInstruction` does for two `ConstantInt`s. Wrap and
/// exact flags do not change the result (LLVM's folder ignores them).
/// `None` when `op` is not an integer binary operator.
pub fn fold_int_binop(op: Opcode, x: &APInt, y: &APInt) -> Option<Folded> {
    use Folded::{Int, Poison};
    let w = x.width();
    if w == 1 {
        // i1 special cases (LLVM C4): add/sub are xor, mul is and, division
        // by one is the identity, remainders are false, shifts by 1 poison.
        return Some(match op {
            Opcode::Add | Opcode::Sub | Opcode::Xor => Int(x.xor(y)),
            Opcode::Mul | Opcode::And => Int(x.and(y)),
            Opcode::Or => Int(x.or(y)),
            Opcode::UDiv | Opcode::SDiv => {
                if y.is_zero() {
                    Poison
                } else {
                    Int(x.clone())
                }
            }
            Opcode::URem | Opcode::SRem => {
                if y.is_zero() {
                    Poison
                } else {
                    Int(APInt::zero(1))
                }
            }
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                if y.is_zero() {
                    Int(x.clone())
                } else {
                    Poison
                }
            }
            _ => return None,
        });
    }
    let shift = |f: &dyn Fn(u64) -> Option<APInt>| match y.try_to_u64().and_then(f) {
        Some(r) => Int(r),
        None => Poison,
    };
    Some(match op {
        Opcode::Add => Int(x.add(y)),
        Opcode::Sub => Int(x.sub(y)),
        Opcode::Mul => Int(x.mul(y)),
        Opcode::And => Int(x.and(y)),
        Opcode::Or => Int(x.or(y)),
        Opcode::Xor => Int(x.xor(y)),
        Opcode::UDiv => x.checked_udiv(y).map_or(Poison, Int),
        Opcode::URem => x.checked_urem(y).map_or(Poison, Int),
        Opcode::SDiv | Opcode::SRem if y.is_all_ones() && x.is_signed_min() => Poison,
        Opcode::SDiv => x.checked_sdiv(y).map_or(Poison, Int),
        Opcode::SRem => x.checked_srem(y).map_or(Poison, Int),
        Opcode::Shl => shift(&|a| x.checked_shl(a)),
        Opcode::LShr => shift(&|a| x.checked_lshr(a)),
        Opcode::AShr => shift(&|a| x.checked_ashr(a)),
        _ => return None,
    })
}

impl Context {
    /// Folds `op a, b` when both are integer constants: the integer result
    /// or `poison` (LLVM's folder). `None` when it does not fold.
    pub fn fold_binop(&mut self, op: Opcode, a: Value, b: Value) -> Option<Value> {
        let (x, y) = (self.const_int_value(a)?, self.const_int_value(b)?);
        let ty = self.type_of(a);
        Some(match fold_int_binop(op, &x, &y)? {
            Folded::Int(r) => self.const_int_ap(ty, &r),
            Folded::Poison => self.const_poison(ty),
        })
    }

    /// `ConstantExpr::get(op, a, b, flags)` for the binary expressions LLVM
    /// 19 has (add, sub, mul, xor; C19), folded when possible.
    ///
    /// # Panics
    /// If `op` has no constant expression in LLVM 19, or an operand is not a
    /// constant.
    pub fn const_binop(&mut self, op: Opcode, a: Value, b: Value, flags: u16) -> Value {
        assert!(
            matches!(op, Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Xor),
            "LLVM 19 has no `{}` constant expression",
            op.mnemonic()
        );
        assert!(
            self.value_kind(a).is_constant() && self.value_kind(b).is_constant(),
            "constant expression operands must be constants"
        );
        if let Some(v) = self.fold_binop(op, a, b) {
            return v;
        }
        let ty = self.type_of(a);
        self.const_expr(op, ty, &[a, b], flags as u8, None)
    }

    /// Folds a cast of a constant as LLVM's `ConstantFoldCastInstruction`
    /// does for the cases implemented: a null value casts to the null of the
    /// destination (not for addrspacecast, C16), integer-to-integer casts of
    /// integers, and a bitcast to the same type is the operand.
    pub fn fold_cast(&mut self, op: Opcode, v: Value, ty: crate::types::Type) -> Option<Value> {
        if op == Opcode::BitCast && self.type_of(v) == ty {
            return Some(v);
        }
        if self.value_kind(v) != ValueKind::Constant {
            return None;
        }
        if op != Opcode::AddrSpaceCast
            && self.is_null_value(v)
            && !matches!(self.type_data(ty), TypeData::X86Amx)
        {
            return Some(self.const_null(ty));
        }
        if let (Some(x), Some(w)) = (self.const_int_value(v), self.int_width(ty)) {
            let r = match op {
                Opcode::Trunc => x.trunc(w),
                Opcode::ZExt => x.zext(w),
                Opcode::SExt => x.sext(w),
                _ => return None,
            };
            return Some(self.const_int_ap(ty, &r));
        }
        if self.is_const_kind(v, ConstKind::Undef)
            && matches!(
                op,
                Opcode::Trunc | Opcode::BitCast | Opcode::PtrToInt | Opcode::IntToPtr
            )
        {
            return Some(self.const_undef(ty));
        }
        if self.is_const_kind(v, ConstKind::Poison) {
            return Some(self.const_poison(ty));
        }
        None
    }

    /// `ConstantExpr::getCast(op, v, ty)` for the casts LLVM 19 keeps as
    /// expressions (trunc, ptrtoint, inttoptr, bitcast, addrspacecast; C19),
    /// folded when possible (C15, C16).
    ///
    /// # Panics
    /// If the cast has no constant expression in LLVM 19 and does not fold.
    pub fn const_cast(&mut self, op: Opcode, v: Value, ty: crate::types::Type) -> Value {
        if let Some(f) = self.fold_cast(op, v, ty) {
            return f;
        }
        assert!(
            matches!(
                op,
                Opcode::Trunc
                    | Opcode::PtrToInt
                    | Opcode::IntToPtr
                    | Opcode::BitCast
                    | Opcode::AddrSpaceCast
            ),
            "LLVM 19 has no `{}` constant expression",
            op.mnemonic()
        );
        self.const_expr(op, ty, &[v], 0, None)
    }

    /// `ConstantExpr::getGetElementPtr` of LLVM 19: folded as its
    /// `ConstantFoldGetElementPtr` folds (checked against `llvm-as-19`,
    /// `tests/gep_fold.rs`), else the uniqued expression with its indices
    /// in canonical form.
    ///
    /// Folds: no indices → `base`; a `poison` / `undef` base → `poison` /
    /// `undef` of the result type; without `inrange`, indices that are all
    /// null or `undef`/`poison` → `base` (splatted when the result is a
    /// vector and the base is not). Canonical indices: in a vector GEP a
    /// scalar index over an array, vector or the source type becomes a
    /// splat vector, and a vector struct index becomes its scalar splat
    /// value. No layout-dependent folding here (that is
    /// `LayoutCache::fold_gep`-style work of LLVM's `ConstantFolding.cpp`).
    pub fn const_gep(
        &mut self,
        src: crate::types::Type,
        base: Value,
        indices: &[Value],
        flags: u16,
        inrange: Option<(i64, i64)>,
    ) -> Value {
        if indices.is_empty() {
            return base;
        }
        let bt = self.type_of(base);
        let mut vec_len = self.vector_len(bt);
        for &i in indices {
            if let Some(n) = self.vector_len(self.type_of(i)) {
                vec_len = Some(n);
            }
        }
        let p = self.scalar_type(bt);
        let ty = match vec_len {
            Some((n, false)) => self.vector_type(p, n),
            Some((n, true)) => self.scalable_vector_type(p, n),
            None => p,
        };
        if self.value_kind(base) == ValueKind::Constant {
            match self.const_kind(base) {
                ConstKind::Poison => return self.const_poison(ty),
                ConstKind::Undef => return self.const_undef(ty),
                _ => {}
            }
        }
        let noop = |ctx: &Context, i: Value| {
            ctx.is_null_value(i)
                || (ctx.value_kind(i) == ValueKind::Constant
                    && matches!(ctx.const_kind(i), ConstKind::Undef | ConstKind::Poison))
        };
        if inrange.is_none() && indices.iter().all(|&i| noop(self, i)) {
            return match (vec_len, self.vector_len(bt)) {
                (Some((n, scalable)), None) => self.const_splat(n, scalable, base),
                _ => base,
            };
        }
        let mut ops = Vec::with_capacity(indices.len() + 1);
        ops.push(base);
        // Canonical index forms, walking the indexed types as
        // `gep_type_iterator` does: the first index steps over `src`.
        let mut cur: Option<crate::types::Type> = None;
        for &i in indices {
            let is_struct = cur.is_some_and(|t| {
                matches!(
                    self.type_data(t),
                    TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
                )
            });
            let it = self.type_of(i);
            let idx = if is_struct && self.vector_len(it).is_some() {
                self.splat_value(i).unwrap_or(i)
            } else if !is_struct && self.vector_len(it).is_none() {
                match vec_len {
                    Some((n, scalable)) => self.const_splat(n, scalable, i),
                    None => i,
                }
            } else {
                i
            };
            ops.push(idx);
            cur = Some(match cur {
                None => src,
                Some(t) if is_struct => {
                    let k = self
                        .const_int_value(idx)
                        .and_then(|k| k.try_to_u64())
                        .unwrap_or(0) as usize;
                    self.struct_elements(t)
                        .and_then(|f| f.get(k).copied())
                        .unwrap_or(t)
                }
                Some(t) => self.element_type(t).unwrap_or(t),
            });
        }
        self.const_expr(
            Opcode::GetElementPtr,
            ty,
            &ops,
            flags as u8,
            Some(ConstPayload::Gep { src, inrange }),
        )
    }

    /// The value every lane of constant vector `v` holds, when they are all
    /// the same (LLVM's `Constant::getSplatValue`).
    pub fn splat_value(&mut self, v: Value) -> Option<Value> {
        if self.value_kind(v) != ValueKind::Constant {
            return None;
        }
        let (n, scalable) = self.vector_len(self.type_of(v))?;
        let et = self.scalar_type(self.type_of(v));
        match self.const_kind(v) {
            ConstKind::Zero => Some(self.const_null(et)),
            ConstKind::Undef => Some(self.const_undef(et)),
            ConstKind::Poison => Some(self.const_poison(et)),
            _ if scalable => None,
            ConstKind::Vector | ConstKind::DataVector => {
                let first = self.const_element(v, 0)?;
                for k in 1..n as usize {
                    if self.const_element(v, k)? != first {
                        return None;
                    }
                }
                Some(first)
            }
            _ => None,
        }
    }

    /// `extractelement` of a constant vector at a constant index: the
    /// element, or poison for an out-of-range or undef index (C17). `None`
    /// when it does not fold.
    pub fn fold_extract_element(&mut self, vec: Value, idx: Value) -> Option<Value> {
        let et = self.scalar_type(self.type_of(vec));
        if self.is_const_kind(idx, ConstKind::Undef) || self.is_const_kind(idx, ConstKind::Poison) {
            return Some(self.const_poison(et));
        }
        let i = self.const_int_value(idx)?;
        let (n, scalable) = self.vector_len(self.type_of(vec))?;
        match i.try_to_u64() {
            Some(k) if k < n as u64 => {}
            _ if !scalable => return Some(self.const_poison(et)),
            _ => return None,
        }
        let k = i.to_u64() as usize;
        self.const_element(vec, k)
    }

    /// Element `k` of a constant aggregate or vector, when it is known.
    pub fn const_element(&mut self, c: Value, k: usize) -> Option<Value> {
        if self.value_kind(c) != ValueKind::Constant {
            return None;
        }
        let ty = self.type_of(c);
        let et = match self.type_data(ty) {
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                self.struct_elements(ty)?.get(k).copied()?
            }
            _ => self.element_type(ty)?,
        };
        match self.const_kind(c) {
            ConstKind::Zero => Some(self.const_null(et)),
            ConstKind::Undef => Some(self.const_undef(et)),
            ConstKind::Poison => Some(self.const_poison(et)),
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => self.operand(c, k as u32),
            ConstKind::DataArray | ConstKind::DataVector => {
                let x = *self.const_data(c)?.get(k)?;
                Some(if self.is_fp(et) {
                    self.const_float_bits(et, x as u128)
                } else {
                    self.const_int(et, x)
                })
            }
            _ => None,
        }
    }

    /// `insertelement` of constants: poison for an out-of-range or undef
    /// index (C17), the rebuilt vector for a known vector; `None` otherwise.
    pub fn fold_insert_element(&mut self, vec: Value, elt: Value, idx: Value) -> Option<Value> {
        let vt = self.type_of(vec);
        if self.is_const_kind(idx, ConstKind::Undef) || self.is_const_kind(idx, ConstKind::Poison) {
            return Some(self.const_poison(vt));
        }
        let i = self.const_int_value(idx)?;
        let (n, scalable) = self.vector_len(vt)?;
        if scalable {
            return None;
        }
        let k = match i.try_to_u64() {
            Some(k) if k < n as u64 => k as usize,
            _ => return Some(self.const_poison(vt)),
        };
        if self.value_kind(elt) != ValueKind::Constant && !self.value_kind(elt).is_constant() {
            return None;
        }
        let mut elems = Vec::with_capacity(n as usize);
        for j in 0..n as usize {
            elems.push(if j == k {
                elt
            } else {
                self.const_element(vec, j)?
            });
        }
        Some(self.const_aggregate(vt, &elems))
    }
}
