//! Loads from constant memory: LLVM 19's `ConstantFoldLoadFromConstPtr`
//! and what it uses (`ConstantFoldLoadFromConst`, `getConstantAtOffset`,
//! `ConstantFoldLoadThroughBitcast`, `ConstantFoldLoadFromUniformValue`,
//! `FoldReinterpretLoadFromConst`, `ReadDataFromGlobal`).
//!
//! Owns reading a typed value out of a constant global's initializer at a
//! byte offset: an element at that offset cast to the loaded type, a
//! uniform initializer (all undef, zero or ones), or, for loads of at most
//! 32 bytes, the initializer's bytes in the data layout's byte order
//! reinterpreted as the loaded type (integers of whole bytes, `half`,
//! `float` and `double`; anything else is not read). Cost: O(bytes read +
//! aggregate depth).

use super::instruction::mask128;
use crate::constants::apfloat::FloatKind;
use crate::constants::apint::APInt;
use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::layout::{LayoutCache, TypeSize};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use crate::Context;

/// Largest load LLVM reinterprets from bytes.
const MAX_BYTES: usize = 32;

/// # Folding loads from constants
///
/// Reading a typed value out of a constant global (the `load` case of
/// `constant_fold_instruction`).
impl Context {
    /// `ConstantFoldLoadFromConstPtr`: a load of `ty` through the constant
    /// pointer `c`, from a constant global with a definitive initializer.
    pub(super) fn fold_load_from_const_ptr(
        &mut self,
        c: Value,
        ty: Type,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let gv = self.underlying_object(c);
        if self.value_kind(gv) != ValueKind::GlobalVariable {
            return None;
        }
        let d = self.global_data(gv);
        if !d.is_constant || d.linkage.is_interposable() || d.externally_initialized {
            return None;
        }
        let init = self.initializer(crate::ir::Global(gv))?;
        let aspace = self.ptr_addrspace(self.scalar_type(self.type_of(c)))?;
        let w = layout.data_layout().index_size_in_bits(aspace);
        let (base, offset) = self.strip_and_accumulate(c, w, true, layout);
        if base == gv {
            if let Some(r) = self.fold_load_from_const(init, ty, offset, layout) {
                return Some(r);
            }
        }
        self.fold_load_from_uniform_value(init, ty, layout)
    }

    /// `getUnderlyingObject` of a constant pointer (at most 6 steps):
    /// through GEPs, pointer casts and non-interposable aliases.
    fn underlying_object(&self, mut v: Value) -> Value {
        for _ in 0..6 {
            let next = match self.value_kind(v) {
                ValueKind::Constant => match self.const_expr_opcode(v).map(|p| p.0) {
                    Some(Opcode::GetElementPtr) => self.operand(v, 0),
                    Some(Opcode::BitCast | Opcode::AddrSpaceCast) => {
                        self.operand(v, 0).filter(|&o| self.is_ptr(self.type_of(o)))
                    }
                    _ => None,
                },
                ValueKind::Alias if !self.global_data(v).linkage.is_interposable() => {
                    self.indirect_target(crate::ir::Global(v))
                }
                _ => None,
            };
            match next {
                Some(n) => v = n,
                None => return v,
            }
        }
        v
    }

    /// `ConstantFoldLoadFromConst`: a load of `ty` at byte `offset` of the
    /// constant `c`.
    fn fold_load_from_const(
        &mut self,
        c: Value,
        ty: Type,
        offset: APInt,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if let Some(at) = self.constant_at_offset(c, offset.clone(), layout) {
            if let Some(r) = self.fold_load_through_bitcast(at, ty, layout) {
                return Some(r);
            }
        }
        let size = layout.alloc_size(self, self.type_of(c)).ok()?;
        if !size.scalable && sge_u64(&offset, size.min) {
            return Some(self.const_poison(ty));
        }
        if let Some(r) = self.fold_load_from_uniform_value(c, ty, layout) {
            return Some(r);
        }
        if offset.min_signed_bits() <= 64 {
            return self.fold_reinterpret_load(c, ty, offset.sext_value(), layout);
        }
        None
    }

    /// `getConstantAtOffset`: the aggregate element starting exactly at
    /// byte `offset` of `base` (`base` itself at 0).
    fn constant_at_offset(
        &mut self,
        base: Value,
        offset: APInt,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if offset.is_zero() {
            return Some(base);
        }
        if !matches!(
            self.ckind(base),
            Some(
                ConstKind::Array
                    | ConstKind::Struct
                    | ConstKind::Vector
                    | ConstKind::DataArray
                    | ConstKind::DataVector
            )
        ) {
            return None;
        }
        let (indices, rest) = self.gep_indices_for_offset(self.type_of(base), offset, layout)?;
        if !rest.is_zero() || !indices[0].is_zero() {
            return None;
        }
        let mut c = base;
        for idx in &indices[1..] {
            if idx.is_negative() || idx.active_bits() >= 32 {
                return None;
            }
            c = self.aggregate_element(c, idx.to_u64())?;
        }
        Some(c)
    }

    /// `DataLayout::getGEPIndicesForOffset`: the GEP indices reaching byte
    /// `offset` of type `ty`, and the offset left over.
    fn gep_indices_for_offset(
        &self,
        ty: Type,
        mut offset: APInt,
        layout: &mut LayoutCache,
    ) -> Option<(Vec<APInt>, APInt)> {
        let size = layout.alloc_size(self, ty).ok()?;
        let mut indices = vec![element_index(size, &mut offset)];
        let mut t = ty;
        while !offset.is_zero() {
            match *self.type_data(t) {
                TypeData::Array { elem, .. } => {
                    t = elem;
                    let s = layout.alloc_size(self, elem).ok()?;
                    indices.push(element_index(s, &mut offset));
                }
                TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                    let sl = layout.struct_layout(self, t).ok()?;
                    let off = offset.to_u64();
                    if offset.active_bits() > 64 || off >= sl.size().min {
                        break;
                    }
                    let k = sl.element_containing_offset(off)?;
                    let fo = sl.field_offset(k).min;
                    let ft = sl.field_types()[k as usize];
                    offset = offset.sub(&APInt::new(offset.width(), fo));
                    t = ft;
                    indices.push(APInt::new(32, u64::from(k)));
                }
                _ => break,
            }
        }
        Some((indices, offset))
    }

    /// `ConstantFoldLoadThroughBitcast`: `c` read as `dest`, drilling into
    /// the first element of aggregates and vectors until a same-sized
    /// value can be cast.
    pub(super) fn fold_load_through_bitcast(
        &mut self,
        mut c: Value,
        dest: Type,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        loop {
            let src = self.type_of(c);
            if src == dest {
                return Some(c);
            }
            let ds = layout.size_in_bits(self, dest).ok()?;
            let ss = layout.size_in_bits(self, src).ok()?;
            if !known_ge(ss, ds) {
                return None;
            }
            if let Some(r) = self.fold_load_from_uniform_value(c, dest, layout) {
                return Some(r);
            }
            let dl = layout.data_layout();
            let non_integral = |ctx: &Context, t: Type| {
                ctx.ptr_addrspace(ctx.scalar_type(t))
                    .is_some_and(|a| dl.is_non_integral_address_space(a))
            };
            if ss == ds && non_integral(self, src) == non_integral(self, dest) {
                let cast = if self.is_integer(src) && self.is_ptr(dest) {
                    Opcode::IntToPtr
                } else if self.is_ptr(src) && self.is_integer(dest) {
                    Opcode::PtrToInt
                } else {
                    Opcode::BitCast
                };
                if self.cast_is_valid(cast, src, dest) {
                    return self.fold_cast_operand(cast, c, dest, layout);
                }
            }
            if !self.is_aggregate(src) && !self.is_vector(src) {
                return None;
            }
            let next = if self.is_struct(src) {
                let mut k = 0u64;
                loop {
                    let e = self.aggregate_element(c, k);
                    k += 1;
                    match e {
                        Some(e) => {
                            let zero = layout
                                .size_in_bits(self, self.type_of(e))
                                .is_ok_and(|s| s.min == 0);
                            if !zero {
                                break Some(e);
                            }
                        }
                        None => break None,
                    }
                }
            } else {
                if self.is_vector(src) {
                    let elem = self.scalar_type(src);
                    if !self.type_size_equals_store_size(elem, layout) {
                        return None;
                    }
                }
                self.aggregate_element(c, 0)
            };
            c = next?;
        }
    }

    /// `DataLayout::typeSizeEqualsStoreSize`.
    pub(super) fn type_size_equals_store_size(&self, t: Type, layout: &mut LayoutCache) -> bool {
        match (layout.size_in_bits(self, t), layout.store_size(self, t)) {
            (Ok(b), Ok(s)) => b.scalable == s.scalable && b.min == s.min * 8,
            _ => false,
        }
    }

    /// `ConstantFoldLoadFromUniformValue`: a load of `ty` anywhere in `c`
    /// when `c` is the same everywhere: poison, undef, zero (any type but
    /// `x86_amx`), all ones (integer or float types).
    pub(super) fn fold_load_from_uniform_value(
        &mut self,
        c: Value,
        ty: Type,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if self.is_poison(c) {
            return Some(self.const_poison(ty));
        }
        if self.is_undef_like(c) {
            return Some(self.const_undef(ty));
        }
        let ct = self.type_of(c);
        if !self.type_size_equals_store_size(ct, layout) {
            return None;
        }
        if self.is_null_value(c)
            && !matches!(self.type_data(ty), TypeData::X86Amx | TypeData::X86Mmx)
        {
            return Some(self.const_null(ty));
        }
        if self.is_all_ones_value(c)
            && (self.is_int_or_int_vector(ty) || self.is_fp_or_fp_vector(ty))
        {
            return Some(self.const_all_ones(ty));
        }
        None
    }

    /// `FoldReinterpretLoadFromConst`: a load of at most 32 bytes at byte
    /// `offset` of `c` (which may be negative or past the end), from the
    /// bytes of the initializer.
    fn fold_reinterpret_load(
        &mut self,
        c: Value,
        ty: Type,
        offset: i64,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if self.vector_len(ty).is_some_and(|v| v.1) {
            return None;
        }
        let Some(width) = self.int_width(ty) else {
            if !self.is_fp(ty) && !self.is_ptr(ty) && !self.is_vector(ty) {
                return None;
            }
            let bits = layout.size_in_bits(self, ty).ok()?.min;
            let map = self.try_int_type(u32::try_from(bits).ok()?)?;
            let res = crate::stack::deep(|| self.fold_reinterpret_load(c, map, offset, layout))?;
            let amx = matches!(self.type_data(ty), TypeData::X86Amx | TypeData::X86Mmx);
            if self.is_null_value(res) && !amx {
                return Some(self.const_null(ty));
            }
            let is_ptr = self.is_ptr_or_ptr_vector(ty);
            let cast_ty = if is_ptr {
                let aspace = self.ptr_addrspace(self.scalar_type(ty))?;
                let it = self.int_type(layout.data_layout().pointer_size_in_bits(aspace));
                match self.vector_len(ty) {
                    Some((n, _)) => self.vector_type(it, n),
                    None => it,
                }
            } else {
                ty
            };
            let mut res = self.fold_bitcast_dl(res, cast_ty, layout)?;
            if is_ptr {
                if self.is_null_value(res) {
                    return Some(self.const_null(ty));
                }
                let aspace = self.ptr_addrspace(self.scalar_type(ty))?;
                if layout.data_layout().is_non_integral_address_space(aspace) {
                    return None;
                }
                res = self.const_cast(Opcode::IntToPtr, res, ty);
            }
            return Some(res);
        };
        let loaded = width.div_ceil(8) as usize;
        if loaded > MAX_BYTES || loaded == 0 {
            return None;
        }
        if offset <= -(loaded as i64) {
            return Some(self.const_poison(ty));
        }
        let init = layout.alloc_size(self, self.type_of(c)).ok()?;
        if init.scalable {
            return None;
        }
        if offset >= 0 && offset as u64 >= init.min {
            return Some(self.const_poison(ty));
        }
        let mut raw = [0u8; MAX_BYTES];
        let (mut start, mut left, mut off) = (0usize, loaded, offset);
        if off < 0 {
            start = (-off) as usize;
            left = (loaded as i64 + off) as usize;
            off = 0;
        }
        if !self.read_data(c, off as u64, &mut raw[start..start + left], layout) {
            return None;
        }
        let little = layout.data_layout().is_little_endian();
        let mut v = APInt::zero(width);
        for k in 0..loaded {
            let byte = if little { raw[loaded - 1 - k] } else { raw[k] };
            v = v.shl(8.min(width)).or(&APInt::new(width, u64::from(byte)));
        }
        Some(self.const_int_ap(ty, &v))
    }

    /// `ReadDataFromGlobal`: the bytes of `c` from byte `offset` into
    /// `out` (whose length is the number wanted); false for an initializer
    /// LLVM cannot read.
    fn read_data(
        &mut self,
        c: Value,
        offset: u64,
        out: &mut [u8],
        layout: &mut LayoutCache,
    ) -> bool {
        let Some(kind) = self.ckind(c) else {
            return false;
        };
        let little = layout.data_layout().is_little_endian();
        match kind {
            ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => true,
            ConstKind::Int => {
                let Some(x) = self.const_int_value(c) else {
                    return false;
                };
                if x.width() % 8 != 0 {
                    return false;
                }
                let nbytes = u64::from(x.width() / 8);
                let mut off = offset;
                let mut k = 0;
                while k < out.len() && off != nbytes {
                    let n = if little { off } else { nbytes - off - 1 };
                    out[k] = x.lshr((n * 8) as u32).trunc(8).to_u64() as u8;
                    off += 1;
                    k += 1;
                }
                true
            }
            ConstKind::Float => {
                let ty = self.type_of(c);
                let Some(kind) = FloatKind::of_type(self.type_data(ty)) else {
                    return false;
                };
                let w = match kind {
                    FloatKind::Double => 64,
                    FloatKind::Float => 32,
                    FloatKind::Half => 16,
                    _ => return false,
                };
                let bits = self.const_float_value(c).unwrap_or(0) & mask128(w);
                let it = self.int_type(w);
                let as_int = self.const_int(it, bits as u64);
                crate::stack::deep(|| self.read_data(as_int, offset, out, layout))
            }
            ConstKind::Struct => {
                let ty = self.type_of(c);
                let Ok(sl) = layout.struct_layout(self, ty).cloned() else {
                    return false;
                };
                let Some(mut index) = sl.element_containing_offset(offset) else {
                    return false;
                };
                let mut cur = sl.field_offset(index).min;
                let mut off = offset - cur;
                let n = sl.num_fields();
                let mut pos = 0usize;
                loop {
                    let Some(e) = self.operand(c, index) else {
                        return false;
                    };
                    let Ok(esz) = layout.alloc_size(self, self.type_of(e)) else {
                        return false;
                    };
                    let left = out.len() - pos;
                    if off < esz.min
                        && !crate::stack::deep(|| {
                            self.read_data(e, off, &mut out[pos..pos + left], layout)
                        })
                    {
                        return false;
                    }
                    index += 1;
                    if index == n {
                        return true;
                    }
                    let next = sl.field_offset(index).min;
                    let step = next - cur - off;
                    if left as u64 <= step {
                        return true;
                    }
                    pos += step as usize;
                    off = 0;
                    cur = next;
                }
            }
            ConstKind::Array | ConstKind::Vector | ConstKind::DataArray | ConstKind::DataVector => {
                let ty = self.type_of(c);
                let (n, elem, esz) = match *self.type_data(ty) {
                    TypeData::Array { elem, len } => {
                        let Ok(s) = layout.alloc_size(self, elem) else {
                            return false;
                        };
                        (len, elem, s.min)
                    }
                    TypeData::Vector {
                        elem,
                        len,
                        scalable: false,
                    } => {
                        if !self.type_size_equals_store_size(elem, layout) {
                            return false;
                        }
                        let Ok(s) = layout.store_size(self, elem) else {
                            return false;
                        };
                        (u64::from(len), elem, s.min)
                    }
                    _ => return false,
                };
                let _ = elem;
                if esz == 0 {
                    return false;
                }
                let mut index = offset / esz;
                let mut off = offset - index * esz;
                let mut pos = 0usize;
                while index != n {
                    let Some(e) = self.aggregate_element(c, index) else {
                        return false;
                    };
                    let left = out.len() - pos;
                    if !crate::stack::deep(|| {
                        self.read_data(e, off, &mut out[pos..pos + left], layout)
                    }) {
                        return false;
                    }
                    let written = esz - off;
                    if written >= left as u64 {
                        return true;
                    }
                    off = 0;
                    pos += written as usize;
                    index += 1;
                }
                true
            }
            ConstKind::Expr => {
                if self.const_expr_opcode(c).map(|p| p.0) != Some(Opcode::IntToPtr) {
                    return false;
                }
                let Some(op) = self.operand(c, 0) else {
                    return false;
                };
                let Some(aspace) = self.ptr_addrspace(self.type_of(c)) else {
                    return false;
                };
                let pw = layout.data_layout().pointer_size_in_bits(aspace);
                if self.int_width(self.type_of(op)) != Some(pw) {
                    return false;
                }
                crate::stack::deep(|| self.read_data(op, offset, out, layout))
            }
            _ => false,
        }
    }
}

/// `getElementIndex`: `offset / size` rounded toward negative infinity
/// (the remainder left in `offset`, made non-negative); 0 for a zero,
/// scalable or too large size.
fn element_index(size: TypeSize, offset: &mut APInt) -> APInt {
    let w = offset.width();
    let fits = w >= 65 || size.min < (1u64 << (w - 1));
    if size.scalable || size.min == 0 || !fits {
        return APInt::zero(w);
    }
    let s = APInt::new(w, size.min);
    let mut index = offset.sdiv(&s);
    *offset = offset.sub(&index.mul(&s));
    if offset.is_negative() {
        index = index.sub(&APInt::one(w));
        *offset = offset.add(&s);
    }
    index
}

/// `APInt::sge(uint64_t)` as LLVM computes it (the right side read as
/// `int64_t`).
fn sge_u64(x: &APInt, rhs: u64) -> bool {
    if x.min_signed_bits() > 64 {
        return !x.is_negative();
    }
    x.sext_value() >= rhs as i64
}

/// `TypeSize::isKnownGE`.
fn known_ge(a: TypeSize, b: TypeSize) -> bool {
    match (a.scalable, b.scalable) {
        (false, true) => b.min == 0,
        _ => a.min >= b.min,
    }
}
