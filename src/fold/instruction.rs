//! LLVM 19's `ConstantFoldInstruction` and `ConstantFoldConstant`
//! (`Analysis/ConstantFolding.cpp`) without target library info: an
//! instruction whose operands are all constants, folded with the data
//! layout.
//!
//! Owns the driver (PHIs, operands folded first, memoized), the
//! layout-aware operator folds (`SymbolicallyEvaluateBinop`,
//! `ConstantFoldCastOperand` with `FoldBitCast`,
//! `ConstantFoldCompareInstOperands`, the denormal flushing of
//! `ConstantFoldFPInstOperands`) and `freeze` of constants. Loads from
//! constant globals are `load.rs`'s, calls `call.rs`'s; the layout-free
//! rules are `constant.rs`'s and GEPs `gep.rs`'s. Cost: O(size of the
//! operands' constant trees), each subtree folded once.
//!
//! # By opcode
//!
//! A PHI folds when all its incoming values are one constant (undef ones
//! skipped). Otherwise every operand must be a constant, folded first by
//! `constant_fold_constant` (each expression and vector rebuilt once from
//! folded operands), then:
//!
//! * binary operators go through `SymbolicallyEvaluateBinop` when an operand
//!   is an expression (`and` decided by known bits of integers and of
//!   `ptrtoint`s of aligned pointers and their constant GEPs; the difference
//!   of two offsets from one global); floating point gets the function's
//!   `"denormal-fp-math[-f32]"` flushing of denormal inputs and output
//!   (`dynamic` refuses);
//! * casts go through `ConstantFoldCastOperand` (`ptrtoint` of `inttoptr`,
//!   of a GEP from null, of a negated-offset `i8` GEP; `inttoptr` of a wide
//!   `ptrtoint`; the layout-aware `FoldBitCast` of vectors to scalars,
//!   scalars to vectors and vectors of other element counts, by
//!   endianness);
//! * compares go through `ConstantFoldCompareInstOperands` (`inttoptr` /
//!   `ptrtoint` pairs and null, `inbounds` offsets from one base compared
//!   signed);
//! * GEPs through `fold_gep`, else `const_gep`; select, vector and aggregate
//!   operations through `constant.rs`; `freeze` of a constant that cannot
//!   be undef or poison;
//! * loads (not volatile) through `load.rs`: the initializer of a constant,
//!   non-interposable, not externally initialized global, at the offset of
//!   stripped constant GEPs; out-of-bounds reads are poison;
//! * calls through `call.rs`.

use super::constant::swapped_predicate;
use crate::constants::apfloat::{APFloat, FloatKind};
use crate::constants::apint::APInt;
use crate::constants::{ConstKind, ConstPayload, ExprFlags};
use crate::inst::{Opcode, Predicate, WrapFlags};
use crate::ir::inst::InstPayload;
use crate::ir::Inst;
use crate::layout::LayoutCache;
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::HashMap;

/// Folded constants by the constant they fold (LLVM's `FoldedOps`).
type Memo = HashMap<Value, Value>;

/// What is being folded: an instruction, or a constant expression.
#[derive(Copy, Clone)]
pub(super) enum Source {
    Inst(Inst),
    Expr(Value),
}

impl Source {
    fn value(self) -> Value {
        match self {
            Source::Inst(i) => i.0,
            Source::Expr(v) => v,
        }
    }
}

/// A denormal mode component (`DenormalMode::DenormalModeKind`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Denormal {
    Ieee,
    PreserveSign,
    PositiveZero,
    Dynamic,
    Invalid,
}

/// # Folding instructions
///
/// LLVM 19's `ConstantFoldInstruction` and `ConstantFoldConstant`: what an
/// instruction with constant operands, or a constant, folds to under a
/// data layout.
impl Context {
    /// The constant instruction `i` computes when its operands are all
    /// constants (LLVM 19's `ConstantFoldInstruction` without target
    /// library info): a PHI whose incoming values are one constant (or
    /// undef), any other instruction whose operands are constants (folded
    /// first, constant expressions included) and that folds: arithmetic,
    /// casts, compares, GEPs, vector and aggregate operations, `freeze`,
    /// loads from constant globals, and the intrinsic calls LLVM folds.
    /// `None` when it does not fold. `layout` must be the data layout of
    /// `i`'s module.
    pub fn constant_fold_instruction(
        &mut self,
        i: Inst,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let op = self.opcode(i);
        let n = self.num_operands(i.0);
        let mut memo = Memo::new();
        if op == Opcode::Phi {
            let mut common = None;
            for k in 0..n {
                let v = self.operand(i.0, k)?;
                if self.is_undef_like(v) {
                    continue;
                }
                if !self.value_kind(v).is_constant() {
                    return None;
                }
                let c = self.fold_constant_memo(v, layout, &mut memo);
                if common.is_some_and(|x| x != c) {
                    return None;
                }
                common = Some(c);
            }
            let ty = self.type_of(i.0);
            return Some(common.unwrap_or_else(|| self.const_undef(ty)));
        }
        let mut ops = Vec::with_capacity(n as usize);
        for k in 0..n {
            let v = self.operand(i.0, k)?;
            if !self.value_kind(v).is_constant() {
                return None;
            }
            ops.push(v);
        }
        for o in &mut ops {
            *o = self.fold_constant_memo(*o, layout, &mut memo);
        }
        self.fold_inst_operands(Source::Inst(i), op, &ops, layout)
    }

    /// Constant `c` with its constant expressions folded under the layout
    /// (LLVM 19's `ConstantFoldConstant`): each expression and vector is
    /// rebuilt from its folded operands; an expression that does not fold
    /// stays.
    pub fn constant_fold_constant(&mut self, c: Value, layout: &mut LayoutCache) -> Value {
        let mut memo = Memo::new();
        self.fold_constant_memo(c, layout, &mut memo)
    }

    fn fold_constant_memo(&mut self, c: Value, layout: &mut LayoutCache, memo: &mut Memo) -> Value {
        let kind = self.ckind(c);
        if !matches!(kind, Some(ConstKind::Vector | ConstKind::Expr)) {
            return c;
        }
        let n = self.num_operands(c);
        let mut ops = Vec::with_capacity(n as usize);
        for k in 0..n {
            let Some(o) = self.operand(c, k) else {
                return c;
            };
            let folded = if matches!(self.ckind(o), Some(ConstKind::Vector | ConstKind::Expr)) {
                match memo.get(&o) {
                    Some(&f) => f,
                    None => {
                        let f = crate::stack::deep(|| self.fold_constant_memo(o, layout, memo));
                        memo.insert(o, f);
                        f
                    }
                }
            } else {
                o
            };
            ops.push(folded);
        }
        if kind == Some(ConstKind::Expr) {
            let Some((op, _)) = self.const_expr_opcode(c) else {
                return c;
            };
            return self
                .fold_inst_operands(Source::Expr(c), op, &ops, layout)
                .unwrap_or(c);
        }
        let ty = self.type_of(c);
        self.const_aggregate(ty, &ops)
    }

    /// LLVM's `ConstantFoldInstOperandsImpl`.
    pub(super) fn fold_inst_operands(
        &mut self,
        src: Source,
        op: Opcode,
        ops: &[Value],
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let dest_ty = self.type_of(src.value());
        if op == Opcode::FNeg {
            return self.cf_unary(op, *ops.first()?);
        }
        if op.is_binary() {
            let (&a, &b) = (ops.first()?, ops.get(1)?);
            if let (true, Source::Inst(i)) = (op.is_fp_binary(), src) {
                return self.fold_fp_inst_operands(op, a, b, i, layout);
            }
            return self.fold_binop_operands(op, a, b, layout);
        }
        if op.is_cast() {
            return self.fold_cast_operand(op, *ops.first()?, dest_ty, layout);
        }
        if op == Opcode::GetElementPtr {
            return self.fold_gep_operands(src, ops, layout);
        }
        if let Source::Expr(c) = src {
            // `getWithOperands` of the vector expressions.
            return Some(match op {
                Opcode::ExtractElement => self.const_extract_element(ops[0], ops[1]),
                Opcode::InsertElement => self.const_insert_element(ops[0], ops[1], ops[2]),
                Opcode::ShuffleVector => {
                    let Some(ConstPayload::Mask(m)) = self.const_expr_payload(c).cloned() else {
                        return None;
                    };
                    self.const_shuffle_vector(ops[0], ops[1], &m)
                }
                _ => return None,
            });
        }
        let Source::Inst(i) = src else {
            return None;
        };
        match op {
            Opcode::ICmp | Opcode::FCmp => {
                let pred = Predicate::from_u16(self.inst_flags(i) & 0xff)?;
                self.fold_compare_operands(pred, ops[0], ops[1], layout, Some(i))
            }
            Opcode::Freeze => self
                .guaranteed_not_undef_or_poison(ops[0], 0)
                .then_some(ops[0]),
            Opcode::Call => self.fold_call(i, ops, layout),
            Opcode::Select => self.cf_select(ops[0], ops[1], ops[2]),
            Opcode::ExtractElement => Some(self.const_extract_element(ops[0], ops[1])),
            Opcode::InsertElement => Some(self.const_insert_element(ops[0], ops[1], ops[2])),
            Opcode::ShuffleVector => {
                let InstPayload::Mask(m) = self.payload(i).clone() else {
                    return None;
                };
                Some(self.const_shuffle_vector(ops[0], ops[1], &m))
            }
            Opcode::ExtractValue => {
                let InstPayload::Indices(idx) = self.payload(i).clone() else {
                    return None;
                };
                let mut c = ops[0];
                for &k in idx.iter() {
                    c = self.aggregate_element(c, u64::from(k))?;
                }
                Some(c)
            }
            Opcode::InsertValue => {
                let InstPayload::Indices(idx) = self.payload(i).clone() else {
                    return None;
                };
                self.cf_insert_value(ops[0], ops[1], &idx)
            }
            Opcode::Load => {
                if self.inst_flags(i) & crate::inst::mem::VOLATILE != 0 {
                    return None;
                }
                self.fold_load_from_const_ptr(ops[0], dest_ty, layout)
            }
            _ => None,
        }
    }

    // ---- binary operators ---------------------------------------------------

    /// `ConstantFoldBinaryOpOperands`: the symbolic folds when an operand
    /// is an expression, then `ConstantExpr::get` or the layout-free fold.
    pub(super) fn fold_binop_operands(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if self.is_cexpr(a) || self.is_cexpr(b) {
            if let Some(c) = self.symbolic_binop(op, a, b, layout) {
                return Some(c);
            }
        }
        self.maybe_undesirable_binop(op, a, b)
    }

    /// `SymbolicallyEvaluateBinop`: `and` decided by known bits, and the
    /// difference of two addresses in the same global.
    fn symbolic_binop(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if op == Opcode::And {
            let ka = self.known_bits(a, layout)?;
            let kb = self.known_bits(b, layout)?;
            if kb.one.or(&ka.zero).is_all_ones() {
                return Some(a);
            }
            if ka.one.or(&kb.zero).is_all_ones() {
                return Some(b);
            }
            let zero = ka.zero.or(&kb.zero);
            let one = ka.one.and(&kb.one);
            if zero.or(&one).is_all_ones() {
                let ty = self.type_of(a);
                return Some(self.const_int_ap(ty, &one));
            }
        }
        if op == Opcode::Sub {
            let (ga, oa) = self.constant_offset_from_global(a, layout)?;
            let (gb, ob) = self.constant_offset_from_global(b, layout)?;
            if ga == gb {
                let ty = self.type_of(a);
                let w = self.int_width(ty)?;
                let d = oa.zext_or_trunc(w).sub(&ob.zext_or_trunc(w));
                return Some(self.const_int_ap(ty, &d));
            }
        }
        None
    }

    /// `computeKnownBits` of an integer constant, as far as constant
    /// folding can use it: an integer is known exactly; `ptrtoint` of a
    /// pointer has the low bits its alignment guarantees clear (and, of
    /// `null`, all); nothing else is known. `None` for a non-integer.
    fn known_bits(&mut self, v: Value, layout: &mut LayoutCache) -> Option<KnownBits> {
        let w = self.int_width(self.type_of(v))?;
        if let Some(x) = self.const_int_value(v).filter(|_| self.is_cint(v)) {
            return Some(KnownBits {
                zero: x.not(),
                one: x,
            });
        }
        let mut k = KnownBits {
            zero: APInt::zero(w),
            one: APInt::zero(w),
        };
        if self.const_expr_opcode(v).map(|p| p.0) == Some(Opcode::PtrToInt) {
            let p = self.operand(v, 0)?;
            let pw = layout
                .data_layout()
                .pointer_size_in_bits(self.ptr_addrspace(self.type_of(p))?);
            let (low, val) = self.pointer_known_low_bits(p, layout, 0);
            // Known low bits of the pointer, zero-extended or truncated.
            let bits = low.min(pw).min(w);
            if bits > 0 {
                let mask = APInt::all_ones(w).lshr(w - bits);
                let v = APInt::from_words(w, &[val as u64, (val >> 64) as u64]).and(&mask);
                k.one = v.clone();
                k.zero = mask.and(&v.not());
            }
            if pw < w {
                // ptrtoint zero-extends: the high bits are zero too.
                k.zero = k.zero.or(&APInt::all_ones(w).shl(pw));
            }
        }
        Some(k)
    }

    /// How many low bits of constant pointer `p` are known, and their value
    /// (`computeKnownBits` of a pointer): all of `null`'s; a GEP's from its
    /// base's and its constant offset; otherwise the zeros of its
    /// alignment.
    fn pointer_known_low_bits(
        &mut self,
        p: Value,
        layout: &mut LayoutCache,
        depth: u32,
    ) -> (u32, u128) {
        if self.is_null_value(p) {
            return (128, 0);
        }
        if depth < 6 && self.const_expr_opcode(p).map(|o| o.0) == Some(Opcode::GetElementPtr) {
            if let (Some(base), Ok(off)) = (
                self.operand(p, 0),
                layout.accumulate_constant_offset(self, p),
            ) {
                let (k, v) =
                    crate::stack::deep(|| self.pointer_known_low_bits(base, layout, depth + 1));
                let align = self.pointer_alignment(p, layout).log2() as u32;
                let k = k.min(127);
                let sum = v.wrapping_add(off.offset as u128) & mask128(k);
                return (k.max(align), if k >= align { sum } else { 0 });
            }
        }
        (self.pointer_alignment(p, layout).log2() as u32, 0)
    }

    /// `IsConstantOffsetFromGlobal`: a global value and a byte offset (in
    /// the index width) for a global, `ptrtoint`/`bitcast` of one, or a
    /// GEP of one with constant indices.
    pub(super) fn constant_offset_from_global(
        &mut self,
        c: Value,
        layout: &mut LayoutCache,
    ) -> Option<(Value, APInt)> {
        if self.value_kind(c).is_global() {
            let w = layout
                .data_layout()
                .index_size_in_bits(self.ptr_addrspace(self.type_of(c))?);
            return Some((c, APInt::zero(w)));
        }
        if self.ckind(c) == Some(ConstKind::DsoLocalEquivalent) {
            let g = self.operand(c, 0)?;
            let w = layout
                .data_layout()
                .index_size_in_bits(self.ptr_addrspace(self.type_of(g))?);
            return Some((g, APInt::zero(w)));
        }
        match self.const_expr_opcode(c)?.0 {
            Opcode::PtrToInt | Opcode::BitCast => {
                let o = self.operand(c, 0)?;
                crate::stack::deep(|| self.constant_offset_from_global(o, layout))
            }
            Opcode::GetElementPtr => {
                let w = layout
                    .data_layout()
                    .index_size_in_bits(self.ptr_addrspace(self.scalar_type(self.type_of(c)))?);
                let base = self.operand(c, 0)?;
                let (g, off) =
                    crate::stack::deep(|| self.constant_offset_from_global(base, layout))?;
                let add = layout.accumulate_constant_offset(self, c).ok()?.offset;
                let add = APInt::from_words(w, &[add as u64, (add >> 64) as u64]);
                Some((g, off.sext_or_trunc(w).add(&add)))
            }
            _ => None,
        }
    }

    // ---- floating point with denormal modes -------------------------------

    /// `ConstantFoldFPInstOperands` for an instruction: denormal inputs and
    /// output flushed as the function's denormal mode says.
    fn fold_fp_inst_operands(
        &mut self,
        op: Opcode,
        a: Value,
        b: Value,
        i: Inst,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let a = self.flush_fp_constant(a, Some(i), false)?;
        let b = self.flush_fp_constant(b, Some(i), false)?;
        let c = self.fold_binop_operands(op, a, b, layout)?;
        self.flush_fp_constant(c, Some(i), true)
    }

    /// `FlushFPConstant`: a denormal scalar float flushed to zero as the
    /// function of `i` says (inputs or output); `None` under a dynamic
    /// mode.
    pub(super) fn flush_fp_constant(
        &mut self,
        c: Value,
        i: Option<Inst>,
        output: bool,
    ) -> Option<Value> {
        let Some(f) = i
            .and_then(|i| self.inst_parent(i))
            .and_then(|b| self.block_parent(b))
        else {
            return Some(c);
        };
        if !self.is_cfp(c) {
            return Some(c);
        }
        let v = self.fp_of(c)?;
        if !is_denormal(&v) {
            return Some(c);
        }
        let (out_mode, in_mode) = self.denormal_mode(f, v.kind());
        let mode = if output { out_mode } else { in_mode };
        let ty = self.type_of(c);
        match mode {
            Denormal::Dynamic => None,
            Denormal::Ieee | Denormal::Invalid => Some(c),
            Denormal::PreserveSign => {
                Some(self.const_fp(ty, &APFloat::zero(v.kind(), v.is_negative())))
            }
            Denormal::PositiveZero => Some(self.const_fp(ty, &APFloat::zero(v.kind(), false))),
        }
    }

    /// `Function::getDenormalMode` for floats of `kind`: (output, input)
    /// from `"denormal-fp-math-f32"` for `float` when valid, else from
    /// `"denormal-fp-math"`; IEEE when absent.
    pub(super) fn denormal_mode(
        &self,
        f: crate::ir::Function,
        kind: FloatKind,
    ) -> (Denormal, Denormal) {
        let attrs = self.function_data(f).attrs.fn_attrs();
        let get = |key: &str| {
            attrs
                .get_string(key)
                .and_then(|a| a.as_string())
                .map(|s| String::from_utf8_lossy(s.value()).into_owned())
        };
        if kind == FloatKind::Float {
            if let Some(s) = get("denormal-fp-math-f32") {
                let m = parse_denormal(&s);
                if m.0 != Denormal::Invalid && m.1 != Denormal::Invalid {
                    return m;
                }
            }
        }
        parse_denormal(&get("denormal-fp-math").unwrap_or_default())
    }

    // ---- casts --------------------------------------------------------------

    /// `ConstantFoldCastOperand`: the layout-aware pairs (`ptrtoint` of
    /// `inttoptr`, of a GEP from null, of a negated-offset `i8` GEP;
    /// `inttoptr` of a wide-enough `ptrtoint`), `FoldBitCast`, then
    /// `ConstantExpr::getCast` or the layout-free fold.
    pub(super) fn fold_cast_operand(
        &mut self,
        op: Opcode,
        c: Value,
        dest: Type,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        match op {
            Opcode::PtrToInt if self.is_cexpr(c) => {
                let mut folded = None;
                match self.const_expr_opcode(c)?.0 {
                    Opcode::IntToPtr => {
                        let it = self.int_ptr_type_of(self.type_of(c), layout)?;
                        let inner = self.operand(c, 0)?;
                        folded = self.fold_integer_cast(inner, it, false, layout);
                    }
                    Opcode::GetElementPtr => {
                        let aspace = self.ptr_addrspace(self.scalar_type(self.type_of(c)))?;
                        let w = layout.data_layout().index_size_in_bits(aspace);
                        let (base, off) = self.strip_and_accumulate(c, w, true, layout);
                        if self.is_null_value(base) {
                            let it = self.int_type(w);
                            folded = Some(self.const_int_ap(it, &off));
                        } else if let Some(f) = self.ptrtoint_of_negated_gep(c, layout) {
                            folded = Some(f);
                        }
                    }
                    _ => {}
                }
                if let Some(f) = folded {
                    return self.fold_integer_cast(f, dest, false, layout);
                }
            }
            Opcode::IntToPtr
                if self.is_cexpr(c) && self.const_expr_opcode(c)?.0 == Opcode::PtrToInt =>
            {
                let src = self.operand(c, 0)?;
                let sp = self.type_of(src);
                let src_bits = layout
                    .data_layout()
                    .pointer_size_in_bits(self.ptr_addrspace(self.scalar_type(sp))?);
                let mid = self.int_width(self.scalar_type(self.type_of(c)))?;
                if mid >= src_bits
                    && self.ptr_addrspace(self.scalar_type(sp))
                        == self.ptr_addrspace(self.scalar_type(dest))
                {
                    return self.fold_bitcast_dl(src, dest, layout);
                }
            }
            Opcode::BitCast => return self.fold_bitcast_dl(c, dest, layout),
            _ => {}
        }
        self.maybe_undesirable_cast(op, c, dest)
    }

    /// `ptrtoint (gep i8, Ptr, (sub 0, V))` → `sub (ptrtoint Ptr), V`.
    fn ptrtoint_of_negated_gep(&mut self, gep: Value, layout: &mut LayoutCache) -> Option<Value> {
        let Some(ConstPayload::Gep { src, .. }) = self.const_expr_payload(gep).cloned() else {
            return None;
        };
        if self.num_operands(gep) != 2 || self.int_width(src) != Some(8) {
            return None;
        }
        let ptr = self.operand(gep, 0)?;
        let sub = self.operand(gep, 1)?;
        let aspace = self.ptr_addrspace(self.type_of(ptr))?;
        let iw = layout.data_layout().index_size_in_bits(aspace);
        let it = self.int_type(iw);
        if self.type_of(sub) != it || self.const_expr_opcode(sub).map(|p| p.0) != Some(Opcode::Sub)
        {
            return None;
        }
        if !self.is_null_value(self.operand(sub, 0)?) {
            return None;
        }
        let v = self.operand(sub, 1)?;
        let pi = self.const_cast(Opcode::PtrToInt, ptr, it);
        Some(self.const_binop(Opcode::Sub, pi, v, WrapFlags::NONE))
    }

    /// `DL.getIntPtrType` of a pointer (or vector of pointers) type.
    fn int_ptr_type_of(&mut self, ptr_ty: Type, layout: &mut LayoutCache) -> Option<Type> {
        let aspace = self.ptr_addrspace(self.scalar_type(ptr_ty))?;
        let it = self.int_type(layout.data_layout().pointer_size_in_bits(aspace));
        Some(match self.vector_len(ptr_ty) {
            Some((n, false)) => self.vector_type(it, n),
            Some((n, true)) => self.scalable_vector_type(it, n),
            None => it,
        })
    }

    /// `ConstantFoldIntegerCast`.
    pub(super) fn fold_integer_cast(
        &mut self,
        c: Value,
        dest: Type,
        signed: bool,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let src = self.type_of(c);
        if src == dest {
            return Some(c);
        }
        let sw = self.int_width(self.scalar_type(src))?;
        let dw = self.int_width(self.scalar_type(dest))?;
        let op = if sw > dw {
            Opcode::Trunc
        } else if signed {
            Opcode::SExt
        } else {
            Opcode::ZExt
        };
        self.fold_cast_operand(op, c, dest, layout)
    }

    /// `stripAndAccumulateConstantOffsets` of a constant pointer: GEPs
    /// with constant offsets (only `inbounds` ones unless `non_inbounds`),
    /// bitcasts, address-space casts and non-interposable aliases looked
    /// through; the offset in `width` bits.
    pub(super) fn strip_and_accumulate(
        &mut self,
        c: Value,
        width: u32,
        non_inbounds: bool,
        layout: &mut LayoutCache,
    ) -> (Value, APInt) {
        let mut offset = APInt::zero(width);
        let mut v = c;
        let mut visited = vec![v];
        loop {
            let next = match self.value_kind(v) {
                ValueKind::Constant => match self.const_expr_opcode(v).map(|p| p.0) {
                    Some(Opcode::GetElementPtr) => {
                        let inbounds = matches!(
                            self.const_expr_flags(v),
                            Some(ExprFlags::Gep(g)) if g.is_inbounds()
                        );
                        if !non_inbounds && !inbounds {
                            return (v, offset);
                        }
                        let Ok(off) = layout.accumulate_constant_offset(self, v) else {
                            return (v, offset);
                        };
                        let Some(aspace) = self.ptr_addrspace(self.scalar_type(self.type_of(v)))
                        else {
                            return (v, offset);
                        };
                        let gw = layout.data_layout().index_size_in_bits(aspace);
                        let g =
                            APInt::from_words(gw, &[off.offset as u64, (off.offset >> 64) as u64]);
                        if g.min_signed_bits() > width {
                            return (v, offset);
                        }
                        offset = offset.add(&g.sext_or_trunc(width));
                        self.operand(v, 0)
                    }
                    Some(Opcode::BitCast | Opcode::AddrSpaceCast) => self.operand(v, 0),
                    _ => None,
                },
                ValueKind::Alias => {
                    let d = self.global_data(v);
                    if d.linkage.is_interposable() {
                        None
                    } else {
                        self.indirect_target(crate::ir::Global(v))
                    }
                }
                _ => None,
            };
            let Some(n) = next else {
                return (v, offset);
            };
            if visited.contains(&n) {
                return (n, offset);
            }
            visited.push(n);
            v = n;
        }
    }

    /// `FoldBitCast` (the layout-aware one of `ConstantFolding.cpp`):
    /// uniform values, vectors to scalars and scalars to vectors by the
    /// data layout's endianness, vectors to vectors of another element
    /// count; otherwise `ConstantExpr::getBitCast`.
    pub(super) fn fold_bitcast_dl(
        &mut self,
        c: Value,
        dest: Type,
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        if let Some(r) = self.fold_load_from_uniform_value(c, dest, layout) {
            return Some(r);
        }
        let src_ty = self.type_of(c);
        let little = layout.data_layout().is_little_endian();
        if let Some((n_src, false)) = self.vector_len(src_ty) {
            let dest_int = self.int_width(dest);
            if dest_int.is_some() || self.is_fp(dest) {
                let mut cc = c;
                let mut src_elt = self.scalar_type(src_ty);
                if self.is_fp(src_elt) {
                    let w = self.primitive_bits_of(src_elt);
                    let it = self.int_type(w);
                    let ivt = self.vector_type(it, n_src);
                    cc = self.const_cast(Opcode::BitCast, cc, ivt);
                    src_elt = it;
                }
                let dw = layout.size_in_bits(self, dest).ok()?.min as u32;
                let shift = layout.size_in_bits(self, src_elt).ok()?.min as u32;
                let mut result = APInt::zero(dw);
                for k in 0..n_src {
                    let idx = if little { n_src - k - 1 } else { k };
                    let e = self.aggregate_element(cc, u64::from(idx));
                    if e.is_some_and(|e| self.is_undef_like(e)) {
                        result = result.shl(shift.min(dw));
                        continue;
                    }
                    let Some(x) = e
                        .filter(|&e| self.is_cint(e))
                        .and_then(|e| self.const_int_value(e))
                    else {
                        return Some(self.const_cast(Opcode::BitCast, cc, dest));
                    };
                    result = result.shl(shift.min(dw)).or(&x.zext_or_trunc(dw));
                }
                if dest_int.is_some() {
                    return Some(self.const_int_ap(dest, &result));
                }
                let kind = FloatKind::of_type(self.type_data(dest))?;
                let bits = apint_to_u128(&result);
                return Some(self.const_float_bits(dest, bits & mask128(kind.bit_width())));
            }
        }
        let Some((n_dst, false)) = self.vector_len(dest) else {
            return Some(self.const_cast(Opcode::BitCast, c, dest));
        };
        if self.is_cint(c) || self.is_cfp(c) {
            let v1 = self.vector_type(src_ty, 1);
            let vec = self.const_aggregate(v1, &[c]);
            return crate::stack::deep(|| self.fold_bitcast_dl(vec, dest, layout));
        }
        if !matches!(
            self.ckind(c),
            Some(ConstKind::Vector | ConstKind::DataVector)
        ) {
            return Some(self.const_cast(Opcode::BitCast, c, dest));
        }
        let (n_src, _) = self.vector_len(src_ty)?;
        if n_src == n_dst {
            return Some(self.const_cast(Opcode::BitCast, c, dest));
        }
        let mut src_elt = self.scalar_type(src_ty);
        let dst_elt = self.scalar_type(dest);
        if self.is_fp(dst_elt) {
            let w = self.primitive_bits_of(dst_elt);
            let it = self.int_type(w);
            let divt = self.vector_type(it, n_dst);
            let r = crate::stack::deep(|| self.fold_bitcast_dl(c, divt, layout))?;
            return Some(self.const_cast(Opcode::BitCast, r, dest));
        }
        let mut cc = c;
        if self.is_fp(src_elt) {
            let w = self.primitive_bits_of(src_elt);
            let it = self.int_type(w);
            let sivt = self.vector_type(it, n_src);
            cc = self.const_cast(Opcode::BitCast, cc, sivt);
            if !matches!(
                self.ckind(cc),
                Some(ConstKind::Vector | ConstKind::DataVector)
            ) {
                return Some(cc);
            }
            src_elt = it;
        }
        let mut result = Vec::new();
        if n_dst < n_src {
            let ratio = n_src / n_dst;
            let sbits = self.primitive_bits_of(src_elt);
            let dbits = self.primitive_bits_of(dst_elt);
            let mut k = 0u64;
            for _ in 0..n_dst {
                let mut elt = APInt::zero(dbits);
                let mut shift = if little { 0 } else { sbits * (ratio - 1) };
                for _ in 0..ratio {
                    let s = self.aggregate_element(cc, k);
                    k += 1;
                    let x = match s {
                        Some(s) if self.is_undef_like(s) => APInt::zero(sbits),
                        Some(s) if self.is_cint(s) => self.const_int_value(s)?,
                        _ => return Some(self.const_cast(Opcode::BitCast, cc, dest)),
                    };
                    elt = elt.or(&x.zext(dbits).shl(shift));
                    if little {
                        shift += sbits;
                    } else {
                        shift = shift.wrapping_sub(sbits);
                    }
                }
                result.push(self.const_int_ap(dst_elt, &elt));
            }
        } else {
            let ratio = n_dst / n_src;
            let dbits = layout.size_in_bits(self, dst_elt).ok()?.min as u32;
            for k in 0..n_src {
                let Some(e) = self.aggregate_element(cc, u64::from(k)) else {
                    return Some(self.const_cast(Opcode::BitCast, cc, dest));
                };
                if self.is_undef_like(e) {
                    for _ in 0..ratio {
                        let u = self.const_undef(dst_elt);
                        result.push(u);
                    }
                    continue;
                }
                let Some(x) = self.const_int_value(e).filter(|_| self.is_cint(e)) else {
                    return Some(self.const_cast(Opcode::BitCast, cc, dest));
                };
                let mut shift = if little { 0 } else { dbits * (ratio - 1) };
                for _ in 0..ratio {
                    let piece = x.lshr(shift).trunc(dbits);
                    if little {
                        shift += dbits;
                    } else {
                        shift = shift.wrapping_sub(dbits);
                    }
                    result.push(self.const_int_ap(dst_elt, &piece));
                }
            }
        }
        let vt = self.vector_type(dst_elt, n_dst);
        Some(self.const_aggregate(vt, &result))
    }

    /// `Type::getPrimitiveSizeInBits` of a scalar.
    pub(super) fn primitive_bits_of(&self, t: Type) -> u32 {
        match *self.type_data(t) {
            TypeData::Int(w) => w,
            TypeData::X86Mmx => 64,
            ref d => FloatKind::of_type(d).map_or(0, FloatKind::bit_width),
        }
    }

    // ---- compares -----------------------------------------------------------

    /// `ConstantFoldCompareInstOperands`: casts of null and of matching
    /// integer or pointer pairs looked through, `inbounds` offsets from a
    /// common base compared, an expression moved to the left, denormals
    /// flushed, then the layout-free fold.
    pub(super) fn fold_compare_operands(
        &mut self,
        pred: Predicate,
        a: Value,
        b: Value,
        layout: &mut LayoutCache,
        i: Option<Inst>,
    ) -> Option<Value> {
        if self.is_cexpr(a) {
            let op0 = self.const_expr_opcode(a)?.0;
            if self.is_null_value(b) {
                if op0 == Opcode::IntToPtr {
                    let it = self.int_ptr_type_of(self.type_of(a), layout)?;
                    let inner = self.operand(a, 0)?;
                    if let Some(c) = self.fold_integer_cast(inner, it, false, layout) {
                        let ct = self.type_of(c);
                        let null = self.const_null(ct);
                        return self.fold_compare_operands(pred, c, null, layout, None);
                    }
                }
                if op0 == Opcode::PtrToInt {
                    let p = self.operand(a, 0)?;
                    let it = self.int_ptr_type_of(self.type_of(p), layout)?;
                    if self.type_of(a) == it {
                        let pt = self.type_of(p);
                        let null = self.const_null(pt);
                        return self.fold_compare_operands(pred, p, null, layout, None);
                    }
                }
            }
            if self.is_cexpr(b) && self.const_expr_opcode(b)?.0 == op0 {
                if op0 == Opcode::IntToPtr {
                    let it = self.int_ptr_type_of(self.type_of(a), layout)?;
                    let (ia, ib) = (self.operand(a, 0)?, self.operand(b, 0)?);
                    let ca = self.fold_integer_cast(ia, it, false, layout);
                    let cb = self.fold_integer_cast(ib, it, false, layout);
                    if let (Some(ca), Some(cb)) = (ca, cb) {
                        return self.fold_compare_operands(pred, ca, cb, layout, None);
                    }
                }
                if op0 == Opcode::PtrToInt {
                    let (pa, pb) = (self.operand(a, 0)?, self.operand(b, 0)?);
                    let it = self.int_ptr_type_of(self.type_of(pa), layout)?;
                    if self.type_of(a) == it && self.type_of(pa) == self.type_of(pb) {
                        return self.fold_compare_operands(pred, pa, pb, layout, None);
                    }
                }
            }
            if self.is_ptr(self.type_of(a)) && !is_signed_pred(pred) {
                let aspace = self.ptr_addrspace(self.type_of(a))?;
                let w = layout.data_layout().index_size_in_bits(aspace);
                let (sa, oa) = self.strip_and_accumulate(a, w, false, layout);
                let (sb, ob) = self.strip_and_accumulate(b, w, false, layout);
                if sa == sb {
                    let r = super::icmp_ints(signed_pred(pred), &oa, &ob);
                    return Some(self.const_bool(r));
                }
            }
        } else if self.is_cexpr(b) {
            return self.fold_compare_operands(swapped_predicate(pred), b, a, layout, i);
        }
        let a = self.flush_fp_constant(a, i, false)?;
        let b = self.flush_fp_constant(b, i, false)?;
        self.cf_compare(pred, a, b)
    }

    // ---- freeze -------------------------------------------------------------

    /// `isGuaranteedNotToBeUndefOrPoison` of a constant: integers, floats,
    /// null, global variables and functions are; vectors without undef,
    /// poison or expression elements are; an expression is when it cannot
    /// make poison (a cast, or an operator without poison flags) and its
    /// operands are not undef or poison.
    pub(super) fn guaranteed_not_undef_or_poison(&mut self, c: Value, depth: u32) -> bool {
        if depth >= 6 {
            return false;
        }
        match self.value_kind(c) {
            ValueKind::GlobalVariable | ValueKind::Function => return true,
            ValueKind::Constant => {}
            _ => return false,
        }
        let kind = self.const_kind(c);
        match kind {
            ConstKind::Undef | ConstKind::Poison => return false,
            ConstKind::Int | ConstKind::Float | ConstKind::Null => return true,
            _ => {}
        }
        if self.is_vector(self.type_of(c)) && kind != ConstKind::Expr {
            return match kind {
                ConstKind::Zero | ConstKind::DataVector => true,
                ConstKind::Vector => (0..self.num_operands(c)).all(|k| {
                    self.operand(c, k).is_some_and(|e| {
                        !self.is_undef_like(e) && self.ckind(e) != Some(ConstKind::Expr)
                    })
                }),
                _ => false,
            };
        }
        if kind != ConstKind::Expr {
            return false;
        }
        let Some((op, flags)) = self.const_expr_opcode(c) else {
            return false;
        };
        let can_poison = if op.is_cast() {
            false
        } else if op.is_binary() || op == Opcode::GetElementPtr {
            flags != 0
        } else {
            true
        };
        !can_poison
            && (0..self.num_operands(c)).all(|k| {
                self.operand(c, k).is_some_and(|o| {
                    crate::stack::deep(|| self.guaranteed_not_undef_or_poison(o, depth + 1))
                })
            })
    }

    // ---- GEPs ---------------------------------------------------------------

    /// The GEP case of `ConstantFoldInstOperandsImpl`:
    /// `SymbolicallyEvaluateGEP`, else `ConstantExpr::getGetElementPtr`.
    fn fold_gep_operands(
        &mut self,
        src: Source,
        ops: &[Value],
        layout: &mut LayoutCache,
    ) -> Option<Value> {
        let v = src.value();
        let parts = self.gep_parts(v).ok()?;
        if self.is_scalable(parts.source) {
            return None;
        }
        let flags = parts.flags;
        let same =
            (0..self.num_operands(v)).all(|k| self.operand(v, k) == ops.get(k as usize).copied());
        let gep = if same {
            v
        } else {
            let ty = self.type_of(v);
            let payload = ConstPayload::Gep {
                src: parts.source,
                inrange: parts.inrange,
            };
            self.const_expr(
                Opcode::GetElementPtr,
                ty,
                ops,
                ExprFlags::Gep(flags),
                Some(payload),
            )
        };
        if self.is_sized(parts.source) {
            if let Some(c) = layout.fold_gep(self, gep) {
                return Some(c);
            }
        }
        Some(self.const_gep(parts.source, ops[0], &ops[1..], flags, parts.inrange))
    }
}

/// Known zero and one bits (LLVM's `KnownBits`).
struct KnownBits {
    zero: APInt,
    one: APInt,
}

/// Whether `f` is a denormal (subnormal, nonzero) of an IEEE-like kind.
pub(super) fn is_denormal(f: &APFloat) -> bool {
    let (exp_bits, frac_bits) = match f.kind() {
        FloatKind::Half => (5, 10),
        FloatKind::BFloat => (8, 7),
        FloatKind::Float => (8, 23),
        FloatKind::Double => (11, 52),
        FloatKind::Fp128 => (15, 112),
        FloatKind::X86Fp80 => (15, 64),
        FloatKind::PpcFp128 => return false,
    };
    let bits = f.bits();
    let exp = (bits >> frac_bits) & ((1u128 << exp_bits) - 1);
    let frac = bits & ((1u128 << frac_bits) - 1);
    exp == 0 && frac != 0
}

/// `parseDenormalFPAttribute`: "output,input" (input = output when
/// omitted).
fn parse_denormal(s: &str) -> (Denormal, Denormal) {
    let comp = |c: &str| match c {
        "" | "ieee" => Denormal::Ieee,
        "preserve-sign" => Denormal::PreserveSign,
        "positive-zero" => Denormal::PositiveZero,
        "dynamic" => Denormal::Dynamic,
        _ => Denormal::Invalid,
    };
    let (o, i) = s.split_once(',').unwrap_or((s, ""));
    let out = comp(o);
    (out, if i.is_empty() { out } else { comp(i) })
}

fn is_signed_pred(p: Predicate) -> bool {
    matches!(
        p,
        Predicate::ISgt | Predicate::ISge | Predicate::ISlt | Predicate::ISle
    )
}

/// `ICmpInst::getSignedPredicate`.
fn signed_pred(p: Predicate) -> Predicate {
    match p {
        Predicate::IUgt => Predicate::ISgt,
        Predicate::IUge => Predicate::ISge,
        Predicate::IUlt => Predicate::ISlt,
        Predicate::IUle => Predicate::ISle,
        p => p,
    }
}

/// The low 128 bits of `x`.
pub(super) fn apint_to_u128(x: &APInt) -> u128 {
    let w = x.words();
    u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64
}

/// The low `bits` bits set.
pub(super) fn mask128(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}
