//! Byte offsets of GEP index lists (LLVM 19's
//! `GEPOperator::accumulateConstantOffset` and `collectOffset`), on a pure
//! index-list level: indices are numbers or opaque keys, not IR values.
//!
//! Owns the walk over the indexed types of a GEP (source element type, then
//! into arrays, vectors and structs), the index-width arithmetic, and
//! [`GepIndex`], [`GepOffset`], [`GepError`]. It does not own GEP
//! instructions or constant expressions (they map their operands to
//! [`GepIndex`]es and call in here), nor vector-of-pointer lanes.
//!
//! Arithmetic (G1, G3): everything is computed modulo `2^w`, `w` the index
//! width of the pointer's address space, and read back sign-extended, as
//! LLVM's `APInt` of that width does. Each constant index is first
//! sign-extended or truncated to `w` bits; strides and field offsets are
//! truncated to `w` bits. Index widths above 128 bits are refused
//! ([`GepError::IndexWidthUnsupported`]).

use core::fmt;

use smallvec::SmallVec;

use crate::context::Context;
use crate::types::{Type, TypeData};

use super::cache::LayoutCache;
use super::datalayout::DataLayout;
use super::sizes::{LayoutError, OneShotMemo, StepInfo, StructMemo, Walk};

/// One GEP index as the offset computation sees it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GepIndex {
    /// A constant integer index (LLVM `ConstantInt`): its value
    /// sign-extended to 128 bits (or, for a wider constant, its low 128
    /// bits; only the low `w` bits matter).
    Const(i128),
    /// Any other index: an instruction, an argument, or a vector constant
    /// (LLVM 19 folds only scalar `ConstantInt`s, G6). The key names the
    /// value: terms with the same key add up.
    Var(u32),
}

/// A GEP's offset split as LLVM's `collectOffset` splits it:
/// `constant + Σ key × scale` bytes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GepOffset {
    constant: i128,
    terms: SmallVec<[(u32, i128); 2]>,
}

impl GepOffset {
    /// The constant part in bytes (sign-extended from the index width).
    pub fn constant(&self) -> i128 {
        self.constant
    }

    /// `(key, scale in bytes)` per variable index, in order of first
    /// appearance, repeated keys summed, zero scales left out.
    pub fn variable_terms(&self) -> &[(u32, i128)] {
        &self.terms
    }

    /// Whether there is no variable term.
    pub fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }
}

/// Why a GEP's offset could not be computed. Where LLVM's functions return
/// `false`, so do these (as an error naming the reason); where LLVM
/// asserts, these return an error too.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GepError {
    /// A [`GepIndex::Var`] index, asked for a constant offset
    /// (`accumulateConstantOffset` returns false).
    NotConstant {
        /// Position of the index in the list.
        position: usize,
    },
    /// A non-zero or variable index over a scalable type (both LLVM
    /// functions return false).
    Scalable {
        /// Position of the index in the list.
        position: usize,
    },
    /// A struct index that is not a constant.
    StructIndexNotConstant {
        /// Position of the index in the list.
        position: usize,
    },
    /// A struct index that names no field.
    StructIndexOutOfRange {
        /// Position of the index in the list.
        position: usize,
        /// The index.
        index: i128,
        /// Number of fields of the struct.
        num_fields: u32,
    },
    /// An index after the walk reached a type that is not an aggregate.
    NotIndexable {
        /// Position of the index in the list.
        position: usize,
    },
    /// A non-zero index into a vector whose elements are not a whole number
    /// of bytes (`<8 x i1>`).
    NotByteAddressable {
        /// Position of the index in the list.
        position: usize,
    },
    /// The address space's index width is more than 128 bits.
    IndexWidthUnsupported(u32),
    /// A type on the way has no layout.
    Layout(LayoutError),
    /// The value is neither a `getelementptr` instruction nor a GEP
    /// constant expression (or has no source element type).
    NotAGep,
    /// An operand of the GEP was dropped (`drop_all_references`).
    MissingOperand {
        /// Operand number (0 = the base).
        operand: u32,
    },
    /// The base is not a pointer or a vector of pointers.
    BaseNotPointer,
    /// Per-lane offsets of a scalable vector GEP (the lane count is not
    /// known).
    ScalableLanes,
}

impl fmt::Display for GepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GepError::NotConstant { position } => {
                write!(f, "gep index {position} is not a constant")
            }
            GepError::Scalable { position } => write!(
                f,
                "gep index {position} steps over a scalable type: the offset depends on vscale"
            ),
            GepError::StructIndexNotConstant { position } => {
                write!(f, "gep index {position} into a struct is not a constant")
            }
            GepError::StructIndexOutOfRange {
                position,
                index,
                num_fields,
            } => write!(
                f,
                "gep index {position} is {index}, out of range for a struct of {num_fields} fields"
            ),
            GepError::NotIndexable { position } => {
                write!(f, "gep index {position} indexes into a non-aggregate type")
            }
            GepError::NotByteAddressable { position } => write!(
                f,
                "gep index {position} indexes a vector whose elements are not byte-sized"
            ),
            GepError::IndexWidthUnsupported(w) => {
                write!(f, "gep index width of {w} bits is wider than 128 bits")
            }
            GepError::Layout(e) => write!(f, "{e}"),
            GepError::NotAGep => write!(f, "value is not a getelementptr"),
            GepError::MissingOperand { operand } => {
                write!(f, "gep operand {operand} has been dropped")
            }
            GepError::BaseNotPointer => {
                write!(f, "gep base is not a pointer or a vector of pointers")
            }
            GepError::ScalableLanes => {
                write!(f, "a scalable vector gep has no fixed number of lanes")
            }
        }
    }
}

impl std::error::Error for GepError {}

impl From<LayoutError> for GepError {
    fn from(e: LayoutError) -> Self {
        GepError::Layout(e)
    }
}

/// What the next index steps over (LLVM's `gep_type_iterator` state): the
/// `kind`, `inner` and `elem_store` of the [`StepInfo`] of the type being
/// indexed into, copied as they are, so that moving on is three loads and
/// no conversion:
///
/// ```text
/// kind     inner                      extra
/// ARRAY    element type index         -             stride: element alloc size
/// VECTOR   -                          store size    stride: element store size
/// STRUCT   first field record         field count   a constant field number
/// SCALAR   -                          -             no index may follow
/// ```
///
/// The first index steps over the source element type as over an array
/// element: the walk starts at `ARRAY` with `inner` = the source type.
#[derive(Copy, Clone)]
struct Cursor {
    kind: u8,
    inner: u32,
    extra: u32,
}

impl Cursor {
    /// The cursor of the first index.
    #[inline]
    fn start(source: Type) -> Cursor {
        Cursor {
            kind: StepInfo::ARRAY,
            inner: source.raw(),
            extra: 0,
        }
    }

    /// The cursor after stepping onto a value of the type `info` describes.
    #[inline]
    fn into(info: &StepInfo) -> Cursor {
        Cursor {
            kind: info.kind,
            inner: info.inner,
            extra: info.elem_store,
        }
    }
}

/// Whether variable indices are collected (`collectOffset`) or refused
/// (`accumulateConstantOffset`).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Mode {
    ConstantOnly,
    Collect,
}

/// `v` reduced modulo `2^w` and read back signed (`w` in `1..=128`).
#[inline]
fn wrap(v: i128, w: u32) -> i128 {
    let shift = 128 - w;
    (v << shift) >> shift
}

/// Modular accumulator of a GEP walk: `u64` when the index width is at most
/// 64 bits (arithmetic modulo `2^64` reduces correctly to any smaller
/// width), `u128` otherwise. Every operation wraps.
trait Acc: Copy + Eq {
    const ZERO: Self;
    /// The low bits of `v`.
    fn truncate(v: i128) -> Self;
    /// `v`, widened as needed.
    fn from_u64(v: u64) -> Self;
    fn add(self, other: Self) -> Self;
    fn mul(self, other: Self) -> Self;
    /// The accumulated bits, read back signed from `width` bits.
    fn finish(self, width: u32) -> i128;
}

impl Acc for u64 {
    const ZERO: Self = 0;
    #[inline]
    fn truncate(v: i128) -> Self {
        v as u64
    }
    #[inline]
    fn from_u64(v: u64) -> Self {
        v
    }
    #[inline]
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    #[inline]
    fn mul(self, other: Self) -> Self {
        self.wrapping_mul(other)
    }
    #[inline]
    fn finish(self, width: u32) -> i128 {
        let shift = 64 - width;
        i128::from(((self << shift) as i64) >> shift)
    }
}

impl Acc for u128 {
    const ZERO: Self = 0;
    #[inline]
    fn truncate(v: i128) -> Self {
        v as u128
    }
    #[inline]
    fn from_u64(v: u64) -> Self {
        u128::from(v)
    }
    #[inline]
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    #[inline]
    fn mul(self, other: Self) -> Self {
        self.wrapping_mul(other)
    }
    #[inline]
    fn finish(self, width: u32) -> i128 {
        wrap(self as i128, width)
    }
}

/// A source of GEP indices: a plain slice of constants, or of [`GepIndex`].
pub(super) trait IndexList {
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> GepIndex;
}

impl IndexList for [i128] {
    #[inline]
    fn len(&self) -> usize {
        <[i128]>::len(self)
    }
    #[inline]
    fn get(&self, i: usize) -> GepIndex {
        GepIndex::Const(self[i])
    }
}

/// A source of constant-only GEP indices for the constant walk: `None`
/// at a position that holds no integer constant (the walk then fails with
/// [`GepError::NotConstant`] there). Read once per position, in order.
pub(crate) trait ConstIndexList {
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> Option<i128>;
    /// The index at `i` as a struct field number (only compared against
    /// the field count): any value that is out of range exactly when the
    /// index is (a negative index is huge).
    #[inline]
    fn field(&self, i: usize) -> Option<u64> {
        self.get(i).map(|v| u64::try_from(v).unwrap_or(u64::MAX))
    }
}

impl ConstIndexList for [i128] {
    #[inline]
    fn len(&self) -> usize {
        <[i128]>::len(self)
    }
    #[inline]
    fn get(&self, i: usize) -> Option<i128> {
        Some(self[i])
    }
}

impl IndexList for [GepIndex] {
    #[inline]
    fn len(&self) -> usize {
        <[GepIndex]>::len(self)
    }
    #[inline]
    fn get(&self, i: usize) -> GepIndex {
        self[i]
    }
}

impl<M: StructMemo> Walk<'_, M> {
    /// The GEP walk: returns the offset (constant part and, in `Collect`
    /// mode, the variable terms) in `width`-bit arithmetic.
    #[inline]
    pub(super) fn gep<I: IndexList + ?Sized>(
        &mut self,
        width: u32,
        source: Type,
        indices: &I,
        mode: Mode,
        terms: &mut SmallVec<[(u32, i128); 2]>,
    ) -> Result<i128, GepError> {
        match width {
            0 => Err(GepError::IndexWidthUnsupported(0)),
            1..=64 => self.gep_in::<u64, I>(width, source, indices, mode, terms),
            65..=128 => self.gep_in::<u128, I>(width, source, indices, mode, terms),
            _ => Err(GepError::IndexWidthUnsupported(width)),
        }
    }

    /// [`gep`](Self::gep) accumulating in `A`.
    #[inline]
    fn gep_in<A: Acc, I: IndexList + ?Sized>(
        &mut self,
        width: u32,
        source: Type,
        indices: &I,
        mode: Mode,
        terms: &mut SmallVec<[(u32, i128); 2]>,
    ) -> Result<i128, GepError> {
        let mut offset = A::ZERO;
        let mut at = Cursor::start(source);
        for position in 0..indices.len() {
            let index = indices.get(position);
            // The stride of this index (struct indices `continue`).
            let stride: u64;
            match at.kind {
                StepInfo::STRUCT => {
                    let GepIndex::Const(i) = index else {
                        return Err(GepError::StructIndexNotConstant { position });
                    };
                    if i as u128 >= u128::from(at.extra) {
                        return Err(GepError::StructIndexOutOfRange {
                            position,
                            index: i,
                            num_fields: at.extra,
                        });
                    }
                    let (field_offset, field) = self.memo.store().field_step(at.inner, i as usize);
                    if i != 0 {
                        // The fields of a sized struct are scalable only
                        // when all are (the homogeneous case).
                        if field.scalable {
                            return Err(GepError::Scalable { position });
                        }
                        offset = offset.add(A::from_u64(field_offset));
                    }
                    at = Cursor::into(&field);
                    continue;
                }
                StepInfo::ARRAY => {
                    let info = self.step_info(Type::from_raw(at.inner))?;
                    at = Cursor::into(&info);
                    if index == GepIndex::Const(0) {
                        continue;
                    }
                    if info.scalable {
                        return Err(GepError::Scalable { position });
                    }
                    stride = info.alloc;
                }
                StepInfo::VECTOR => {
                    let store = at.extra;
                    at.kind = StepInfo::SCALAR;
                    if index == GepIndex::Const(0) {
                        continue;
                    }
                    if store == StepInfo::NOT_BYTE_SIZED {
                        return Err(GepError::NotByteAddressable { position });
                    }
                    stride = u64::from(store);
                }
                _ => return Err(GepError::NotIndexable { position }),
            }
            match index {
                GepIndex::Const(i) => {
                    // No reduction of `i` to `width` bits first: the product
                    // is the same modulo 2^width.
                    offset = offset.add(A::truncate(i).mul(A::from_u64(stride)));
                }
                GepIndex::Var(key) => {
                    if mode == Mode::ConstantOnly {
                        return Err(GepError::NotConstant { position });
                    }
                    // LLVM drops a stride that is 0 in the index width.
                    let stride = i128::from(stride);
                    if wrap(stride, width) != 0 {
                        match terms.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, scale)) => *scale = scale.wrapping_add(stride),
                            None => terms.push((key, stride)),
                        }
                    }
                }
            }
        }
        for (_, scale) in terms.iter_mut() {
            *scale = wrap(*scale, width);
        }
        Ok(offset.finish(width))
    }

    /// The constant-only walk over plain constants: what
    /// [`gep`](Self::gep) computes for `Mode::ConstantOnly`, in a loop with
    /// nothing else in it (the hot path of constant folding and of the
    /// `gep_offset` workload). `A` as in `gep_in`.
    #[inline]
    fn gep_const<A: Acc, I: ConstIndexList + ?Sized>(
        &mut self,
        width: u32,
        source: Type,
        indices: &I,
    ) -> Result<i128, GepError> {
        let mut offset = A::ZERO;
        let mut at = Cursor::start(source);
        for position in 0..indices.len() {
            match at.kind {
                StepInfo::STRUCT => {
                    // The field number (LLVM's `getZExtValue`); no sign
                    // extension needed on this path.
                    let Some(f) = indices.field(position) else {
                        return Err(GepError::NotConstant { position });
                    };
                    if f >= u64::from(at.extra) {
                        return Err(GepError::StructIndexOutOfRange {
                            position,
                            index: indices.get(position).unwrap_or(i128::from(f)),
                            num_fields: at.extra,
                        });
                    }
                    let (field_offset, field) = self.memo.store().field_step(at.inner, f as usize);
                    if f != 0 {
                        if field.scalable {
                            return Err(GepError::Scalable { position });
                        }
                        offset = offset.add(A::from_u64(field_offset));
                    }
                    at = Cursor::into(&field);
                    continue;
                }
                StepInfo::ARRAY | StepInfo::VECTOR => {}
                _ => {
                    return Err(match indices.get(position) {
                        None => GepError::NotConstant { position },
                        Some(_) => GepError::NotIndexable { position },
                    })
                }
            }
            let Some(i) = indices.get(position) else {
                return Err(GepError::NotConstant { position });
            };
            match at.kind {
                StepInfo::ARRAY => {
                    let info = self.step_info(Type::from_raw(at.inner))?;
                    at = Cursor::into(&info);
                    if i != 0 {
                        if info.scalable {
                            return Err(GepError::Scalable { position });
                        }
                        offset = offset.add(A::truncate(i).mul(A::from_u64(info.alloc)));
                    }
                }
                StepInfo::VECTOR => {
                    let store = at.extra;
                    at.kind = StepInfo::SCALAR;
                    if i != 0 {
                        if store == StepInfo::NOT_BYTE_SIZED {
                            return Err(GepError::NotByteAddressable { position });
                        }
                        offset = offset.add(A::truncate(i).mul(A::from_u64(u64::from(store))));
                    }
                }
                _ => unreachable!("struct and scalar steps are handled above"),
            }
        }
        Ok(offset.finish(width))
    }

    /// [`gep_const`](Self::gep_const) with the accumulator for `width`.
    #[inline]
    pub(crate) fn gep_constant<I: ConstIndexList + ?Sized>(
        &mut self,
        width: u32,
        source: Type,
        indices: &I,
    ) -> Result<i128, GepError> {
        match width {
            1..=64 => self.gep_const::<u64, I>(width, source, indices),
            65..=128 => self.gep_const::<u128, I>(width, source, indices),
            _ => Err(GepError::IndexWidthUnsupported(width)),
        }
    }

    /// The type the last index selects (`GetElementPtrInst::getIndexedType`).
    fn gep_indexed_type<I: IndexList + ?Sized>(
        &mut self,
        source: Type,
        indices: &I,
    ) -> Result<Type, GepError> {
        let ctx = self.ctx;
        let mut ty = source;
        for position in 0..indices.len() {
            if position == 0 {
                continue; // the first index steps over `source` itself
            }
            ty = match ctx.type_data(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                    let GepIndex::Const(i) = indices.get(position) else {
                        return Err(GepError::StructIndexNotConstant { position });
                    };
                    let fields = ctx.struct_elements(ty).unwrap_or(&[]);
                    match usize::try_from(i).ok().and_then(|i| fields.get(i)) {
                        Some(&f) => f,
                        None => {
                            return Err(GepError::StructIndexOutOfRange {
                                position,
                                index: i,
                                num_fields: fields.len() as u32,
                            })
                        }
                    }
                }
                _ => return Err(GepError::NotIndexable { position }),
            };
        }
        Ok(ty)
    }
}

/// GEP offsets, with struct layouts kept in the cache.
impl LayoutCache {
    /// The byte offset of `getelementptr source, ptr addrspace(addr_space)
    /// %p, indices...` when every index is a constant (LLVM 19's
    /// `accumulateConstantOffset` from 0): sign-extended from the index
    /// width of `addr_space`.
    ///
    /// # Errors
    /// [`GepError`]: a non-zero index over a scalable type, a bad struct
    /// index, an index into a non-aggregate, an unsized type on the way.
    pub fn gep_constant_offset(
        &mut self,
        ctx: &Context,
        addr_space: u32,
        source: Type,
        indices: &[i128],
    ) -> Result<i128, GepError> {
        let width = self.data_layout().index_size_in_bits(addr_space);
        self.walk(ctx).gep_constant(width, source, indices)
    }

    /// The offset of a GEP split into a constant and variable terms (LLVM
    /// 19's `collectOffset`).
    ///
    /// # Errors
    /// As [`gep_constant_offset`](Self::gep_constant_offset), and a
    /// variable struct index or a variable index over a scalable type.
    pub fn gep_offset(
        &mut self,
        ctx: &Context,
        addr_space: u32,
        source: Type,
        indices: &[GepIndex],
    ) -> Result<GepOffset, GepError> {
        let mut terms = SmallVec::new();
        let width = self.data_layout().index_size_in_bits(addr_space);
        let constant = self
            .walk(ctx)
            .gep(width, source, indices, Mode::Collect, &mut terms)?;
        Ok(GepOffset { constant, terms })
    }

    /// The type a GEP with these indices points at
    /// (`GetElementPtrInst::getIndexedType`): `source` with no or one index,
    /// then one step into an array, vector or struct per further index.
    ///
    /// # Errors
    /// A variable or out-of-range struct index, or an index into a
    /// non-aggregate.
    pub fn gep_indexed_type(
        &mut self,
        ctx: &Context,
        source: Type,
        indices: &[GepIndex],
    ) -> Result<Type, GepError> {
        self.walk(ctx).gep_indexed_type(source, indices)
    }
}

/// One-shot GEP offsets (struct layouts computed afresh each call).
impl DataLayout {
    /// As [`LayoutCache::gep_constant_offset`].
    ///
    /// # Errors
    /// As [`LayoutCache::gep_constant_offset`].
    pub fn gep_constant_offset(
        &self,
        ctx: &Context,
        addr_space: u32,
        source: Type,
        indices: &[i128],
    ) -> Result<i128, GepError> {
        let mut memo = OneShotMemo::default();
        let width = self.index_size_in_bits(addr_space);
        Walk {
            dl: self,
            ctx,
            memo: &mut memo,
        }
        .gep_constant(width, source, indices)
    }

    /// As [`LayoutCache::gep_offset`].
    ///
    /// # Errors
    /// As [`LayoutCache::gep_offset`].
    pub fn gep_offset(
        &self,
        ctx: &Context,
        addr_space: u32,
        source: Type,
        indices: &[GepIndex],
    ) -> Result<GepOffset, GepError> {
        let mut memo = OneShotMemo::default();
        let mut terms = SmallVec::new();
        let width = self.index_size_in_bits(addr_space);
        let constant = Walk {
            dl: self,
            ctx,
            memo: &mut memo,
        }
        .gep(width, source, indices, Mode::Collect, &mut terms)?;
        Ok(GepOffset { constant, terms })
    }

    /// LLVM's `getIndexedOffsetInType`: the offset of constant `indices`
    /// into `source` in plain 64-bit arithmetic (wrapping), without an
    /// address space's index width.
    ///
    /// # Errors
    /// As [`LayoutCache::gep_constant_offset`].
    pub fn indexed_offset_in_type(
        &self,
        ctx: &Context,
        source: Type,
        indices: &[i64],
    ) -> Result<i64, GepError> {
        let wide: SmallVec<[i128; 8]> = indices.iter().map(|&i| i128::from(i)).collect();
        let mut memo = OneShotMemo::default();
        let offset = Walk {
            dl: self,
            ctx,
            memo: &mut memo,
        }
        .gep_constant(64, source, &wide[..])?;
        Ok(offset as i64)
    }
}
