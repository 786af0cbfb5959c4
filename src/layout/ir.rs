//! GEPs of the IR: byte offsets of `getelementptr` instructions and GEP
//! constant expressions (LLVM 19's `GEPOperator::accumulateConstantOffset`,
//! `collectOffset`), per-lane offsets of vector GEPs, and the GEP's no-wrap
//! flags reported with each answer.
//!
//! Owns the mapping from a GEP's operands to the [`GepIndex`] list the walk
//! in `gep.rs` takes, and the result types [`GepConstOffset`],
//! [`GepValueOffset`], [`GepLaneOffsets`]. It does not own the walk itself
//! (`gep.rs`), the layout rules (`sizes.rs`), or GEP folding
//! (`fold/gep.rs`).
//!
//! Operand mapping, as LLVM 19 (G3, G6):
//!
//! * a scalar integer constant (`ConstantInt`) of any width is a
//!   [`GepIndex::Const`]: its value sign-extended to 128 bits (the walk then
//!   truncates it to the index width; wider constants keep their low 128
//!   bits, which is all an index width of at most 128 bits can see);
//! * anything else (an instruction, an argument, a vector constant, a
//!   constant expression, `undef`) is a [`GepIndex::Var`] whose key is the
//!   *operand number* of the first operand holding that value (so repeated
//!   values add up, as LLVM's `MapVector<Value *, APInt>` does, and the key
//!   maps back with [`Context::operand`]).
//!
//! The index width is that of the address space of the base pointer (or of
//! its element type for a vector of pointers).

use smallvec::SmallVec;

use crate::constants::{ConstKind, ConstPayload, INT_SMALL};
use crate::context::Context;
use crate::entity::NONE;
use crate::inst::{bits, GepFlags, Opcode};
use crate::ir::side::Payload;
use crate::types::{Type, TypeData};
use crate::value::{UseData, Value, ValueData, ValueKind, KIND_MASK};

use super::cache::{DenseMemo, LayoutCache};
use super::gep::{ConstIndexList, GepError, GepIndex, IndexList, Mode};
use super::sizes::{StepInfo, StructMemo};

/// The constant byte offset of a GEP, with its flags.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GepConstOffset {
    /// Bytes, computed in the index width and sign-extended from it.
    pub offset: i128,
    /// The GEP's no-wrap flags.
    pub flags: GepFlags,
}

/// A GEP's offset split as LLVM's `collectOffset` splits it:
/// `constant + Σ value × scale` bytes, with the GEP's flags.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GepValueOffset {
    /// The constant part in bytes (sign-extended from the index width).
    pub constant: i128,
    /// `(index value, scale in bytes)` per variable index, in order of
    /// first appearance (LLVM's `MapVector` order), repeated values summed,
    /// zero strides left out. A vector constant index is a term (G6).
    pub terms: SmallVec<[(Value, i128); 2]>,
    /// The GEP's no-wrap flags.
    pub flags: GepFlags,
}

/// Per-lane constant offsets of a GEP: one lane for a scalar GEP, `N` for
/// a `<N x ptr>` result (each relative to that lane's base pointer).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GepLaneOffsets {
    /// Bytes per lane, sign-extended from the index width.
    pub offsets: SmallVec<[i128; 4]>,
    /// The GEP's no-wrap flags.
    pub flags: GepFlags,
}

/// What a GEP is made of, read from an instruction or a constant
/// expression.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GepParts {
    /// The source element type.
    pub source: Type,
    /// The base pointer (or vector of pointers).
    pub base: Value,
    /// Number of index operands.
    pub num_indices: u32,
    /// Address space of the base pointer.
    pub addr_space: u32,
    /// The no-wrap flags.
    pub flags: GepFlags,
    /// `inrange(lo, hi)` of a constant expression.
    pub inrange: Option<(i64, i64)>,
    /// Whether the GEP is a constant expression (not an instruction).
    pub is_const_expr: bool,
}

/// The raw head of a GEP: source type, flags, and its operand run.
struct Head<'c> {
    source: Type,
    flags: u16,
    ops: &'c [UseData],
}

impl Head<'_> {
    /// [`GepError::MissingOperand`] for the first dropped operand.
    fn check_operands(&self) -> Result<(), GepError> {
        match self.ops.iter().position(|u| u.val == NONE) {
            Some(k) => Err(GepError::MissingOperand { operand: k as u32 }),
            None => Ok(()),
        }
    }

    /// A walk error, with `NotConstant` at a dropped operand reported as
    /// the dropped operand.
    #[cold]
    fn explain(&self, e: GepError) -> GepError {
        match e {
            GepError::NotConstant { position } if self.ops[position + 1].val == NONE => {
                GepError::MissingOperand {
                    operand: position as u32 + 1,
                }
            }
            e => e,
        }
    }
}

/// The value of a scalar integer constant at raw value index `raw`,
/// sign-extended to 128 bits (low 128 bits of wider ones); `None` for any
/// other value, and for `NONE` (a dropped operand).
#[inline(always)]
fn const_index(ctx: &Context, raw: u32) -> Option<i128> {
    let d = ctx.graph.values.get(raw as usize)?;
    if d.kind_bits & KIND_MASK != ValueKind::Constant as u8 {
        return None;
    }
    if d.opcode != INT_SMALL {
        return (d.opcode == ConstKind::Int as u8)
            .then(|| wide_const_index(ctx, raw))
            .flatten();
    }
    // Up to 64 bits, in the hot record.
    let TypeData::Int(w) = *ctx.type_data(d.ty) else {
        return None;
    };
    let x = u64::from(d.a) | u64::from(d.b) << 32;
    let shift = 64u32.wrapping_sub(w) & 63;
    Some(i128::from(((x << shift) as i64) >> shift))
}

/// [`const_index`] of an integer wider than 64 bits.
#[cold]
fn wide_const_index(ctx: &Context, raw: u32) -> Option<i128> {
    let ap = ctx.const_int_value(ctx.graph.handle(raw))?;
    let words = ap.words();
    let lo = u128::from(words.first().copied().unwrap_or(0))
        | u128::from(words.get(1).copied().unwrap_or(0)) << 64;
    let w = ap.width();
    Some(if w >= 128 {
        lo as i128
    } else {
        let shift = 128 - w;
        ((lo << shift) as i128) >> shift
    })
}

/// The constant walk of [`LayoutCache::accumulate_constant_offset`] on
/// its fast path, `shift` being `64 -` the index width (`64u32.wrapping_sub`
/// of it): an index width of 1 to 64 bits, every index a
/// constant of at most 64 bits, every step info on the way cached, no
/// scalable type stepped over or into, and no error. `None` when any of
/// that fails; the general walk then gives the answer or the exact error
/// (and fills the cache).
///
/// The same arithmetic as the general walk (modulo `2^64`, read back from
/// the index width), but reading only: with nothing in the loop that can
/// grow the tables, their pointers stay in registers, and each index is
/// one value load, one table load and one jump on the step kind.
#[inline(always)]
fn cached_constant_offset(
    memo: &DenseMemo,
    ctx: &Context,
    shift: u32,
    source: Type,
    uses: &[UseData],
) -> Option<i64> {
    if shift >= 64 {
        return None;
    }
    let values = &ctx.graph.values[..];
    let infos = memo.infos();
    let pool = memo.store().field_pool();
    let i64t = ctx.i64_type();
    // A constant index, sign-extended from its width to 64 bits.
    let signed = |d: &ValueData, x: u64| -> Option<u64> {
        if d.ty == i64t {
            return Some(x);
        }
        let TypeData::Int(w) = *ctx.type_data(d.ty) else {
            return None;
        };
        let up = 64u32.wrapping_sub(w) & 63;
        Some((((x << up) as i64) >> up) as u64)
    };
    let mut offset = 0u64;
    // The cursor of the general walk (`gep.rs`): the first index steps
    // over the source type as over an array element. `inner` and `extra`
    // are kept zero-extended, so that the struct step adds and compares
    // them with the 64-bit field number as they are.
    let (mut kind, mut inner, mut extra) = (StepInfo::ARRAY, source.raw() as usize, 0u64);
    for u in uses {
        let d = values.get(u.val as usize)?;
        // A scalar integer constant of at most 64 bits: the kind, then the
        // constant's opcode byte, which alone tells it from wider ones.
        if d.kind_bits & KIND_MASK != ValueKind::Constant as u8 || d.opcode != INT_SMALL {
            return None;
        }
        let x = u64::from(d.a) | u64::from(d.b) << 32;
        if kind == StepInfo::STRUCT {
            // The field number, zero-extended (`getZExtValue`). A struct
            // of scalable fields (which refuses a field other than 0) is
            // never a `STRUCT` cursor here: its `fast` kind is `UNKNOWN`.
            if x >= extra {
                return None;
            }
            let (field_offset, field) = pool.get(inner + x as usize)?;
            offset = offset.wrapping_add(*field_offset);
            (kind, inner, extra) = (
                field.fast,
                field.inner as usize,
                u64::from(field.elem_store),
            );
        } else if kind == StepInfo::ARRAY {
            let info = infos.get(Type::from_raw(inner as u32).index())?;
            let i = signed(d, x)?;
            // A slot never filled and a scalable element (a stride that is
            // a multiple of `vscale`) are left to the general walk.
            if info.fast == StepInfo::UNKNOWN {
                return None;
            }
            offset = offset.wrapping_add(i.wrapping_mul(info.alloc));
            (kind, inner, extra) = (info.fast, info.inner as usize, u64::from(info.elem_store));
        } else if kind == StepInfo::VECTOR {
            let i = signed(d, x)?;
            if (extra == u64::from(StepInfo::NOT_BYTE_SIZED)) & (i != 0) {
                return None;
            }
            offset = offset.wrapping_add(i.wrapping_mul(extra));
            kind = StepInfo::SCALAR;
        } else {
            return None;
        }
    }
    Some(((offset << shift) as i64) >> shift)
}

/// The answer of the fast constant-offset path: two words, so that it
/// comes back in registers.
#[derive(Copy, Clone)]
struct FastOffset {
    /// Bytes, sign-extended from the index width.
    offset: i64,
    /// The GEP's raw flag bits, or [`FastOffset::MISS`].
    flags: u32,
}

impl FastOffset {
    /// `flags` of a GEP the fast path does not answer (raw flag bits are
    /// 16 bits wide).
    const MISS: u32 = u32::MAX;
}

/// The index operands of a GEP as constants only (the constant walk).
struct ConstOperands<'c> {
    ctx: &'c Context,
    /// The index operands (the base excluded).
    uses: &'c [UseData],
}

impl ConstIndexList for ConstOperands<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.uses.len()
    }

    #[inline(always)]
    fn get(&self, i: usize) -> Option<i128> {
        const_index(self.ctx, self.uses[i].val)
    }

    /// The zero-extended value (LLVM's `getZExtValue` for struct indices):
    /// no type lookup for constants of up to 64 bits.
    #[inline(always)]
    fn field(&self, i: usize) -> Option<u64> {
        let raw = self.uses[i].val;
        let d = self.ctx.graph.values.get(raw as usize)?;
        if d.kind_bits & KIND_MASK != ValueKind::Constant as u8 {
            return None;
        }
        if d.opcode != INT_SMALL {
            return (d.opcode == ConstKind::Int as u8)
                .then(|| wide_const_index(self.ctx, raw))
                .flatten()
                .map(|v| u64::try_from(v).unwrap_or(u64::MAX));
        }
        Some(u64::from(d.a) | u64::from(d.b) << 32)
    }
}

/// The index operands of a GEP as a [`GepIndex`] list (see the module
/// doc); the operand run must have no dropped operand.
struct OperandIndices<'c> {
    ctx: &'c Context,
    /// The index operands (the base excluded).
    uses: &'c [UseData],
}

impl IndexList for OperandIndices<'_> {
    #[inline]
    fn len(&self) -> usize {
        self.uses.len()
    }

    #[inline]
    fn get(&self, i: usize) -> GepIndex {
        let raw = self.uses[i].val;
        match const_index(self.ctx, raw) {
            Some(c) => GepIndex::Const(c),
            None => {
                let first = self.uses[..i]
                    .iter()
                    .position(|u| u.val == raw)
                    .unwrap_or(i);
                GepIndex::Var(first as u32 + 1)
            }
        }
    }
}

/// # Layout: GEPs of the IR
///
/// The source type, base and index list of GEP instructions and constant
/// expressions, for byte-offset computation.
impl Context {
    /// The head of GEP `v` (instruction or constant expression): one
    /// generation check; for an instruction, the side index and the side
    /// record, which holds the source type (`ir/side.rs`). Dropped
    /// operands are not checked here (see [`Head::check_operands`]).
    #[inline(always)]
    fn gep_head(&self, v: Value) -> Result<Head<'_>, GepError> {
        self.gep_head_of(v, self.graph.get(v))
    }

    /// [`gep_head`](Self::gep_head) of `v` whose record `d` is read
    /// already.
    #[inline(always)]
    fn gep_head_of<'c>(&'c self, v: Value, d: &ValueData) -> Result<Head<'c>, GepError> {
        let kind = d.kind_bits & KIND_MASK;
        let (source, flags) =
            if kind == ValueKind::Instruction as u8 && d.opcode == Opcode::GetElementPtr as u8 {
                // `NONE` (no side record) is past the end of `recs`.
                let s = self.graph.side_of(v.idx, d.kind_bits);
                match self.sides.recs.get(s as usize).map(|r| &r.payload) {
                    Some(&Payload::Inst { extra, ty, .. }) if ty != NONE => {
                        // The copy agrees with the extra's payload (every
                        // write goes through `set_extra_payload`).
                        debug_assert_eq!(
                            ty,
                            crate::ir::inst::payload_ty(&self.sides.extras[extra as usize].payload),
                            "gep_head: stale source-type copy in the side record"
                        );
                        (Type::from_raw(ty), d.flags)
                    }
                    _ => return Err(GepError::NotAGep),
                }
            } else if kind == ValueKind::Constant as u8
                && d.opcode == ConstKind::Expr as u8
                && d.flags as u8 == Opcode::GetElementPtr as u8
            {
                match self.const_payload(v) {
                    Some(&ConstPayload::Gep { src, .. }) => (src, d.flags >> 8),
                    _ => return Err(GepError::NotAGep),
                }
            } else {
                return Err(GepError::NotAGep);
            };
        let (start, n) = (d.ops as usize, d.nops as usize);
        if n == 0 {
            return Err(GepError::MissingOperand { operand: 0 });
        }
        let ops = &self.graph.pool.uses[start..start + n];
        Ok(Head { source, flags, ops })
    }

    /// The address space of a GEP base at raw index `base_raw` (a pointer
    /// or a vector of pointers).
    #[inline]
    fn gep_base_addr_space(&self, base_raw: u32) -> Result<u32, GepError> {
        let Some(d) = self.graph.values.get(base_raw as usize) else {
            return Err(GepError::MissingOperand { operand: 0 });
        };
        match *self.type_data(d.ty) {
            TypeData::Ptr(a) => Ok(a),
            TypeData::Vector { elem, .. } => match *self.type_data(elem) {
                TypeData::Ptr(a) => Ok(a),
                _ => Err(GepError::BaseNotPointer),
            },
            _ => Err(GepError::BaseNotPointer),
        }
    }

    /// The parts of GEP `gep`: source type, base, flags, address space.
    ///
    /// # Errors
    /// [`GepError::NotAGep`] if `gep` is neither a `getelementptr`
    /// instruction nor a GEP constant expression; a dropped operand or a
    /// base that is not a pointer.
    pub fn gep_parts(&self, gep: impl Into<Value>) -> Result<GepParts, GepError> {
        let v = gep.into();
        let h = self.gep_head(v)?;
        h.check_operands()?;
        let inrange = match self.const_expr_payload(v) {
            Some(ConstPayload::Gep { inrange, .. }) => *inrange,
            _ => None,
        };
        Ok(GepParts {
            source: h.source,
            base: self.graph.handle(h.ops[0].val),
            num_indices: h.ops.len() as u32 - 1,
            addr_space: self.gep_base_addr_space(h.ops[0].val)?,
            flags: bits::gep_of(h.flags),
            inrange,
            is_const_expr: self.graph.get(v).kind() == ValueKind::Constant,
        })
    }

    /// The index operands of GEP `gep` as the [`GepIndex`] list the layout
    /// queries take: scalar integer constants as [`GepIndex::Const`],
    /// anything else as [`GepIndex::Var`] keyed by the operand number of its
    /// first occurrence.
    ///
    /// # Errors
    /// As [`gep_parts`](Self::gep_parts).
    pub fn gep_index_list(
        &self,
        gep: impl Into<Value>,
    ) -> Result<SmallVec<[GepIndex; 8]>, GepError> {
        let h = self.gep_head(gep.into())?;
        h.check_operands()?;
        let list = OperandIndices {
            ctx: self,
            uses: &h.ops[1..],
        };
        Ok((0..list.len()).map(|i| list.get(i)).collect())
    }
}

/// Offsets of GEP instructions and constant expressions, with struct
/// layouts kept in the cache. The cache must have been made for the data
/// layout of the module the GEP is in (see
/// [`Context::module_layout`](crate::Context::module_layout)).
impl LayoutCache {
    /// LLVM 19's `GEPOperator::accumulateConstantOffset` of `gep` (an
    /// instruction or a constant expression): the byte offset when every
    /// index is a scalar integer constant, computed in the index width of
    /// the base's address space and sign-extended from it.
    ///
    /// Cost: one load per operand, one per index of the cached step tables;
    /// no allocation. The fast path is one call answering in registers
    /// (`FastOffset`); this wrapper is inlined into its callers.
    ///
    /// # Errors
    /// [`GepError::NotConstant`] for a non-constant or vector index (LLVM
    /// returns false, G6); [`GepError::NotAGep`], a dropped operand, a base
    /// that is not a pointer; the walk's errors (scalable types, bad struct
    /// indices, unsized types).
    #[inline]
    pub fn accumulate_constant_offset(
        &mut self,
        ctx: &Context,
        gep: impl Into<Value>,
    ) -> Result<GepConstOffset, GepError> {
        let v = gep.into();
        let fast = self.fast_constant_offset(ctx, v);
        if fast.flags == FastOffset::MISS {
            return self.general_constant_offset(ctx, v);
        }
        Ok(GepConstOffset {
            offset: i128::from(fast.offset),
            flags: bits::gep_of(fast.flags as u16),
        })
    }

    /// The fast path of
    /// [`accumulate_constant_offset`](Self::accumulate_constant_offset):
    /// a GEP whose result (so whose base) is a `ptr` (address space 0,
    /// whose index width the cache keeps) and that [`cached_constant_offset`] answers.
    /// [`FastOffset::MISS`] for anything else (any error included), which
    /// the general path then answers. Out of line, returning two words in
    /// registers, so that the head and the walk keep their values in
    /// registers and no result goes through memory.
    #[inline(never)]
    fn fast_constant_offset(&self, ctx: &Context, v: Value) -> FastOffset {
        const MISS: FastOffset = FastOffset {
            offset: 0,
            flags: FastOffset::MISS,
        };
        // A freed slot whose generation matches is refused by the kind
        // tests of the head (its kind byte is `KIND_FREE`); the general
        // path then names it.
        let d = ctx.graph.get_gen_checked(v);
        // The GEP's own type stands for its base's: a `ptr` result is a
        // `ptr` base with scalar indices (construction keeps the result
        // type the one the base and indices give).
        if d.ty != ctx.ptr0_type() {
            return MISS;
        }
        let Ok(h) = ctx.gep_head_of(v, d) else {
            return MISS;
        };
        // A dropped base is named by the general path.
        if h.ops[0].val == NONE {
            return MISS;
        }
        match cached_constant_offset(&self.memo, ctx, self.index_shift0, h.source, &h.ops[1..]) {
            Some(offset) => FastOffset {
                offset,
                flags: u32::from(h.flags),
            },
            None => MISS,
        }
    }

    /// [`accumulate_constant_offset`](Self::accumulate_constant_offset)
    /// past its fast path: the index width of any address space, the
    /// cached walk for a base outside address space 0, then the general
    /// walk, which fills the cache and names the error.
    #[cold]
    #[inline(never)]
    fn general_constant_offset(
        &mut self,
        ctx: &Context,
        v: Value,
    ) -> Result<GepConstOffset, GepError> {
        let h = ctx.gep_head(v)?;
        let addr_space = ctx.gep_base_addr_space(h.ops[0].val)?;
        let width = self.data_layout().index_size_in_bits(addr_space);
        let flags = bits::gep_of(h.flags);
        let shift = 64u32.wrapping_sub(width);
        if let Some(offset) = cached_constant_offset(&self.memo, ctx, shift, h.source, &h.ops[1..])
        {
            return Ok(GepConstOffset {
                offset: i128::from(offset),
                flags,
            });
        }
        let list = ConstOperands {
            ctx,
            uses: &h.ops[1..],
        };
        match self.walk(ctx).gep_constant(width, h.source, &list) {
            Ok(offset) => Ok(GepConstOffset { offset, flags }),
            Err(e) => Err(h.explain(e)),
        }
    }

    /// LLVM 19's `GEPOperator::collectOffset` of `gep`: the constant part
    /// and the `(value, scale)` terms of the variable indices.
    ///
    /// # Errors
    /// As [`accumulate_constant_offset`](Self::accumulate_constant_offset)
    /// except that variable indices are accepted; a variable struct index
    /// or a variable index over a scalable type is an error (LLVM returns
    /// false).
    pub fn collect_offset(
        &mut self,
        ctx: &Context,
        gep: impl Into<Value>,
    ) -> Result<GepValueOffset, GepError> {
        let v = gep.into();
        let h = ctx.gep_head(v)?;
        h.check_operands()?;
        let addr_space = ctx.gep_base_addr_space(h.ops[0].val)?;
        let width = self.data_layout().index_size_in_bits(addr_space);
        let list = OperandIndices {
            ctx,
            uses: &h.ops[1..],
        };
        let mut keyed = SmallVec::new();
        let constant = self
            .walk(ctx)
            .gep(width, h.source, &list, Mode::Collect, &mut keyed)?;
        let terms = keyed
            .iter()
            .map(|&(key, scale)| (ctx.graph.handle(h.ops[key as usize].val), scale))
            .collect();
        Ok(GepValueOffset {
            constant,
            terms,
            flags: bits::gep_of(h.flags),
        })
    }

    /// The constant offset of each lane of `gep`: one lane for a scalar
    /// GEP; for a `<N x ptr>` GEP, lane `k` reads element `k` of each
    /// vector index and the scalar indices as they are (they apply to every
    /// lane). Each lane is relative to its own base pointer.
    ///
    /// # Errors
    /// [`GepError::NotConstant`] when a lane's index is not a known
    /// integer (a variable, `undef`/`poison` element, or a constant
    /// expression), [`GepError::ScalableLanes`] for a scalable vector GEP,
    /// and the errors of
    /// [`accumulate_constant_offset`](Self::accumulate_constant_offset).
    pub fn lane_offsets(
        &mut self,
        ctx: &Context,
        gep: impl Into<Value>,
    ) -> Result<GepLaneOffsets, GepError> {
        let v = gep.into();
        let h = ctx.gep_head(v)?;
        h.check_operands()?;
        let addr_space = ctx.gep_base_addr_space(h.ops[0].val)?;
        let flags = bits::gep_of(h.flags);
        let lanes = match ctx.vector_len(ctx.type_of(v)) {
            None => 1,
            Some((_, true)) => return Err(GepError::ScalableLanes),
            Some((n, false)) => n,
        };
        let mut offsets = SmallVec::new();
        let mut idx: SmallVec<[i128; 8]> = SmallVec::new();
        for lane in 0..lanes {
            idx.clear();
            for (position, u) in h.ops[1..].iter().enumerate() {
                let val = ctx.graph.handle(u.val);
                let known = match ctx.vector_len(ctx.type_of(val)) {
                    None => const_index(ctx, u.val),
                    Some(_) => lane_value(ctx, val, lane),
                };
                idx.push(known.ok_or(GepError::NotConstant { position })?);
            }
            offsets.push(self.gep_constant_offset(ctx, addr_space, h.source, &idx)?);
        }
        Ok(GepLaneOffsets { offsets, flags })
    }
}

/// Element `lane` of integer vector constant `v`, sign-extended; `None`
/// when it is not a known integer.
fn lane_value(ctx: &Context, v: Value, lane: u32) -> Option<i128> {
    let d = ctx.graph.get(v);
    if d.kind() != ValueKind::Constant {
        return None;
    }
    match ctx.const_kind(v) {
        ConstKind::Zero => Some(0),
        ConstKind::DataVector => {
            let w = ctx.int_width(ctx.scalar_type(d.ty))?;
            let x = *ctx.const_data(v)?.get(lane as usize)?;
            let shift = 64 - w.min(64);
            Some(i128::from(((x << shift) as i64) >> shift))
        }
        ConstKind::Vector => {
            // A vector of the wrong length is malformed IR: no lane.
            if lane >= ctx.num_operands(v) {
                return None;
            }
            let e = ctx.operand(v, lane)?;
            const_index(ctx, e.idx)
        }
        _ => None,
    }
}
