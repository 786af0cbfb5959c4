//! Sizes and alignments of types under a [`DataLayout`], and the algorithm
//! that lays out structs.
//!
//! Owns LLVM 19's rules (`getTypeSizeInBits`, `getTypeStoreSize`,
//! `getTypeAllocSize`, `getABITypeAlign`, `getPrefTypeAlign`, the
//! `StructLayout` constructor) as one walk over the type graph, generic over
//! where finished struct layouts are remembered ([`StructMemo`]): a
//! throw-away map for the one-shot queries on [`DataLayout`], or the
//! caller's [`LayoutCache`](super::LayoutCache). It does not own the cache
//! itself (`cache.rs`) or GEP walks (`gep.rs`).
//!
//! Unsized types (void, label, metadata, token, functions, opaque structs,
//! structs that contain themselves, structs mixing scalable and other
//! fields, target types LLVM 19 gives no layout) are an `Err`, never a
//! panic. So is a size that does not fit in 64 bits (LLVM wraps silently).

use core::fmt;

use hashbrown::HashMap;

use crate::context::Context;
use crate::types::{Type, TypeData};

use super::datalayout::DataLayout;
use super::struct_layout::StructLayout;
use crate::types::{Align, TypeSize};

/// Why a type has no size or alignment under a data layout.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LayoutError {
    /// The type (named here, or a type inside it) is not sized.
    Unsized(Type),
    /// The size of this type in bits does not fit in 64 bits.
    SizeOverflow(Type),
    /// A struct layout was asked of a type that is not a struct.
    NotAStruct(Type),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Unsized(t) => write!(f, "type {t:?} is not sized"),
            LayoutError::SizeOverflow(t) => {
                write!(f, "size of type {t:?} in bits does not fit in 64 bits")
            }
            LayoutError::NotAStruct(t) => write!(f, "type {t:?} is not a struct"),
        }
    }
}

impl std::error::Error for LayoutError {}

/// Where finished struct layouts are remembered during a walk.
///
/// A struct's slot is `None` (never seen, or seen and found unsized: an
/// unsized answer is never remembered, because an opaque struct inside may
/// get a body later), `Some(IN_PROGRESS)` while its fields are being laid
/// out (meeting it again means it contains itself: unsized), or the index
/// of its layout.
pub(crate) trait StructMemo {
    /// The slot of `ty`.
    fn slot(&self, ty: Type) -> Option<u32>;
    /// Sets the slot of `ty`; `None` clears it.
    fn set_slot(&mut self, ty: Type, slot: Option<u32>);
    /// The finished layouts.
    fn store(&self) -> &LayoutStore;
    /// The finished layouts, to add one.
    fn store_mut(&mut self) -> &mut LayoutStore;
    /// The GEP step info of `ty`, if remembered.
    fn step_info(&self, ty: Type) -> Option<StepInfo>;
    /// Remembers the GEP step info of a sized `ty`.
    fn set_step_info(&mut self, ty: Type, info: StepInfo);
}

/// What a GEP index does with a sized type, precomputed: its alloc size (the
/// stride when an index steps over it) and what the next index steps into.
///
/// ```text
/// kind     inner                 elem_store
/// SCALAR   -                     -
/// ARRAY    element type index    -
/// VECTOR   element type index    element store size, or NOT_BYTE_SIZED
/// STRUCT   first field record    number of fields
///          in the LayoutStore pool
/// ```
///
/// `fast` is the kind the constant fast walk (`layout/ir.rs`) steps with:
/// `kind` for a type of fixed size, `UNKNOWN` for a scalable one, so that
/// one test of it refuses a slot never filled, a stride that is a multiple
/// of `vscale` and a struct of scalable fields (the only sized structs
/// with scalable fields are scalable themselves).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct StepInfo {
    /// Alloc size in bytes (a multiple of `vscale` if `scalable`).
    pub(crate) alloc: u64,
    pub(crate) inner: u32,
    pub(crate) elem_store: u32,
    pub(crate) kind: u8,
    /// `kind`, or `UNKNOWN` when `scalable`.
    pub(crate) fast: u8,
    pub(crate) scalable: bool,
    /// ABI alignment (for laying out a struct that has this type as a
    /// field).
    pub(crate) abi: Align,
}

impl StepInfo {
    /// `kind` of a slot never filled.
    pub(crate) const UNKNOWN: u8 = 0;
    /// Not an aggregate: no index may follow.
    pub(crate) const SCALAR: u8 = 1;
    /// `[N x T]`.
    pub(crate) const ARRAY: u8 = 2;
    /// `<N x T>` / `<vscale x N x T>`.
    pub(crate) const VECTOR: u8 = 3;
    /// A sized struct.
    pub(crate) const STRUCT: u8 = 4;
    /// `elem_store` of a vector whose elements are not whole bytes.
    pub(crate) const NOT_BYTE_SIZED: u32 = u32::MAX;
    /// An empty slot.
    pub(crate) const EMPTY: StepInfo = StepInfo {
        alloc: 0,
        inner: 0,
        elem_store: 0,
        kind: StepInfo::UNKNOWN,
        fast: StepInfo::UNKNOWN,
        scalable: false,
        abi: Align::ONE,
    };
}

/// Finished struct layouts, with every layout's per-field GEP records
/// `(offset, step info of the field type)` in one flat pool, so that a
/// struct index in a GEP walk costs one load.
///
/// Invariant: `spans[i]` is the `(start, len)` of layout `i`'s records in
/// `pool`, `len` its number of fields.
#[derive(Default, Clone, Debug)]
pub(crate) struct LayoutStore {
    layouts: Vec<StructLayout>,
    spans: Vec<(u32, u32)>,
    pool: Vec<(u64, StepInfo)>,
}

impl LayoutStore {
    /// Stores a finished layout and its field records; returns its index.
    fn push(&mut self, layout: StructLayout, steps: Vec<(u64, StepInfo)>) -> u32 {
        debug_assert_eq!(steps.len(), layout.field_offsets().len());
        let start = self.pool.len() as u32;
        self.spans.push((start, steps.len() as u32));
        self.pool.extend(steps);
        self.layouts.push(layout);
        (self.layouts.len() - 1) as u32
    }

    /// The layout at `index`.
    #[inline]
    pub(crate) fn layout(&self, index: u32) -> &StructLayout {
        &self.layouts[index as usize]
    }

    /// Where the field records of layout `index` are in the pool.
    #[inline]
    pub(crate) fn span(&self, index: u32) -> (u32, u32) {
        self.spans[index as usize]
    }

    /// Field record `i` of the layout whose records start at `start`; the
    /// caller has checked `i` against the span's length.
    #[inline]
    pub(crate) fn field_step(&self, start: u32, i: usize) -> (u64, StepInfo) {
        self.pool[start as usize + i]
    }

    /// Every layout's field records, `(offset, step info)`, in one pool.
    #[inline]
    pub(crate) fn field_pool(&self) -> &[(u64, StepInfo)] {
        &self.pool
    }

    /// Number of layouts held.
    pub(crate) fn len(&self) -> usize {
        self.layouts.len()
    }

    /// Takes the layout at `index` out (the store is dropped afterwards).
    pub(crate) fn take(mut self, index: u32) -> StructLayout {
        self.layouts.swap_remove(index as usize)
    }
}

/// Slot value of a struct whose layout is being computed.
pub(crate) const IN_PROGRESS: u32 = u32::MAX;

/// A memo for one query: nothing is allocated until a struct is met.
#[derive(Default)]
pub(crate) struct OneShotMemo {
    slots: HashMap<Type, u32>,
    store: LayoutStore,
}

impl OneShotMemo {
    /// Takes the layout at `index` out (the memo is dropped afterwards).
    pub(crate) fn take(self, index: u32) -> StructLayout {
        self.store.take(index)
    }
}

impl StructMemo for OneShotMemo {
    fn slot(&self, ty: Type) -> Option<u32> {
        self.slots.get(&ty).copied()
    }
    fn set_slot(&mut self, ty: Type, slot: Option<u32>) {
        match slot {
            Some(s) => {
                self.slots.insert(ty, s);
            }
            None => {
                self.slots.remove(&ty);
            }
        }
    }
    fn store(&self) -> &LayoutStore {
        &self.store
    }
    fn store_mut(&mut self) -> &mut LayoutStore {
        &mut self.store
    }
    fn step_info(&self, _: Type) -> Option<StepInfo> {
        None // one query: not worth remembering
    }
    fn set_step_info(&mut self, _: Type, _: StepInfo) {}
}

/// LLVM 19's layout type of a target extension type
/// (`TargetExtType::getLayoutType`, checked with `llvm-as`/libLLVM 19):
/// `spirv.*` lays out as `ptr` (address space 0), `aarch64.svcount` as
/// `<vscale x 16 x i1>`, everything else (`dx.*` included) as `void`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum TargetExtLayout {
    Ptr0,
    SvCount,
    Unsized,
}

fn target_ext_layout(name: &str) -> TargetExtLayout {
    if name.starts_with("spirv.") {
        TargetExtLayout::Ptr0
    } else if name == "aarch64.svcount" {
        TargetExtLayout::SvCount
    } else {
        TargetExtLayout::Unsized
    }
}

/// Size in bits and ABI alignment of one type: what every other answer is
/// derived from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct SizeAlign {
    /// `getTypeSizeInBits`.
    pub(crate) bits: TypeSize,
    /// `getABITypeAlign`.
    pub(crate) abi: Align,
}

impl SizeAlign {
    /// `getTypeStoreSize`: bits rounded up to bytes.
    #[inline]
    pub(crate) fn store_size(self) -> TypeSize {
        TypeSize {
            min: self.bits.min.div_ceil(8),
            scalable: self.bits.scalable,
        }
    }

    /// `getTypeAllocSize`: the store size rounded up to the ABI alignment.
    /// Cannot overflow: the store size is at most `2^61` and alignments at
    /// most `2^31`.
    #[inline]
    pub(crate) fn alloc_size(self) -> TypeSize {
        let store = self.store_size();
        let mask = self.abi.bytes() - 1;
        TypeSize {
            min: (store.min + mask) & !mask,
            scalable: store.scalable,
        }
    }
}

/// One walk: a data layout, the types, and where struct layouts go.
pub(crate) struct Walk<'a, M: StructMemo> {
    pub(crate) dl: &'a DataLayout,
    pub(crate) ctx: &'a Context,
    pub(crate) memo: &'a mut M,
}

impl<M: StructMemo> Walk<'_, M> {
    /// Size in bits and ABI alignment of `ty`.
    pub(crate) fn size_align(&mut self, ty: Type) -> Result<SizeAlign, LayoutError> {
        let dl = self.dl;
        let fixed = |bits: u64, abi: Align| {
            Ok(SizeAlign {
                bits: TypeSize::fixed(bits),
                abi,
            })
        };
        match self.ctx.type_data(ty) {
            TypeData::Int(w) => fixed(u64::from(*w), dl.int_spec(*w).abi),
            TypeData::Ptr(addr_space) => {
                let p = dl.pointer_spec(*addr_space);
                fixed(u64::from(p.bits), p.abi)
            }
            TypeData::Half | TypeData::BFloat => fixed(16, float_align(dl, 16, true)),
            TypeData::Float => fixed(32, float_align(dl, 32, true)),
            TypeData::Double => fixed(64, float_align(dl, 64, true)),
            TypeData::X86Fp80 => fixed(80, float_align(dl, 80, true)),
            TypeData::Fp128 | TypeData::PpcFp128 => fixed(128, float_align(dl, 128, true)),
            TypeData::X86Amx => fixed(8192, Align::from_log2(6)),
            // Aligned as a 64-bit vector (LLVM 19's DataLayout).
            TypeData::X86Mmx => fixed(64, vector_align(dl, TypeSize::fixed(64), true)),
            TypeData::Array { elem, len } => {
                let e = crate::stack::deep(|| self.size_align(*elem))?;
                let bits = e
                    .alloc_size()
                    .min
                    .checked_mul(8)
                    .and_then(|b| b.checked_mul(*len))
                    .ok_or(LayoutError::SizeOverflow(ty))?;
                Ok(SizeAlign {
                    bits: TypeSize {
                        min: bits,
                        scalable: e.bits.scalable,
                    },
                    abi: e.abi,
                })
            }
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => {
                let e = crate::stack::deep(|| self.size_align(*elem))?;
                // Element sizes are at most 2^23 bits and lengths 2^32: no
                // overflow.
                let bits = TypeSize {
                    min: e.bits.min * u64::from(*len),
                    scalable: *scalable,
                };
                Ok(SizeAlign {
                    bits,
                    abi: vector_align(dl, bits, true),
                })
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                let layout = self.struct_layout(ty)?;
                let layout = self.memo.store().layout(layout);
                Ok(SizeAlign {
                    bits: layout.size_in_bits(),
                    abi: struct_align(dl, layout, self.ctx.is_packed_struct(ty), true),
                })
            }
            TypeData::TargetExt { name, .. } => match target_ext_layout(name) {
                TargetExtLayout::Ptr0 => {
                    let p = dl.pointer_spec(0);
                    fixed(u64::from(p.bits), p.abi)
                }
                TargetExtLayout::SvCount => {
                    let bits = TypeSize::scalable(16);
                    Ok(SizeAlign {
                        bits,
                        abi: vector_align(dl, bits, true),
                    })
                }
                TargetExtLayout::Unsized => Err(LayoutError::Unsized(ty)),
            },
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Function { .. } => Err(LayoutError::Unsized(ty)),
        }
    }

    /// The GEP step info of sized `ty`, from the memo or computed (and
    /// remembered).
    #[inline]
    pub(crate) fn step_info(&mut self, ty: Type) -> Result<StepInfo, LayoutError> {
        match self.memo.step_info(ty) {
            Some(info) => Ok(info),
            None => self.compute_step_info(ty),
        }
    }

    #[cold]
    fn compute_step_info(&mut self, ty: Type) -> Result<StepInfo, LayoutError> {
        let sa = self.size_align(ty)?;
        let alloc = sa.alloc_size();
        let mut info = StepInfo {
            alloc: alloc.min,
            scalable: alloc.scalable,
            abi: sa.abi,
            ..StepInfo::EMPTY
        };
        match self.ctx.type_data(ty) {
            TypeData::Array { elem, .. } => {
                info.kind = StepInfo::ARRAY;
                info.inner = elem.raw();
            }
            TypeData::Vector { elem, .. } => {
                let e = self.size_align(*elem)?;
                info.kind = StepInfo::VECTOR;
                info.inner = elem.raw();
                info.elem_store = if e.bits.min % 8 == 0 {
                    u32::try_from(e.bits.min / 8).unwrap_or(StepInfo::NOT_BYTE_SIZED)
                } else {
                    StepInfo::NOT_BYTE_SIZED
                };
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                let index = self.struct_layout(ty)?;
                let (start, len) = self.memo.store().span(index);
                info.kind = StepInfo::STRUCT;
                info.inner = start;
                info.elem_store = len;
            }
            _ => info.kind = StepInfo::SCALAR,
        }
        if !info.scalable {
            info.fast = info.kind;
        }
        self.memo.set_step_info(ty, info);
        Ok(info)
    }

    /// Preferred alignment of `ty` (`getPrefTypeAlign`).
    pub(crate) fn pref_align(&mut self, ty: Type) -> Result<Align, LayoutError> {
        let dl = self.dl;
        Ok(match self.ctx.type_data(ty) {
            TypeData::Int(w) => dl.int_spec(*w).pref,
            TypeData::Ptr(addr_space) => dl.pointer_spec(*addr_space).pref,
            TypeData::Half | TypeData::BFloat => float_align(dl, 16, false),
            TypeData::Float => float_align(dl, 32, false),
            TypeData::Double => float_align(dl, 64, false),
            TypeData::X86Fp80 => float_align(dl, 80, false),
            TypeData::Fp128 | TypeData::PpcFp128 => float_align(dl, 128, false),
            TypeData::X86Amx => Align::from_log2(6),
            TypeData::X86Mmx => vector_align(dl, TypeSize::fixed(64), false),
            TypeData::Array { elem, .. } => {
                // Sizedness (and size overflow) of the whole array first, as
                // LLVM asserts `isSized` before answering.
                self.size_align(ty)?;
                crate::stack::deep(|| self.pref_align(*elem))?
            }
            TypeData::Vector { .. } => {
                let bits = self.size_align(ty)?.bits;
                vector_align(dl, bits, false)
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                let layout = self.struct_layout(ty)?;
                let layout = self.memo.store().layout(layout);
                struct_align(dl, layout, self.ctx.is_packed_struct(ty), false)
            }
            TypeData::TargetExt { name, .. } => match target_ext_layout(name) {
                TargetExtLayout::Ptr0 => dl.pointer_spec(0).pref,
                TargetExtLayout::SvCount => vector_align(dl, TypeSize::scalable(16), false),
                TargetExtLayout::Unsized => return Err(LayoutError::Unsized(ty)),
            },
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Function { .. } => return Err(LayoutError::Unsized(ty)),
        })
    }

    /// The index in the memo of the layout of struct `ty`, computing it if
    /// needed.
    pub(crate) fn struct_layout(&mut self, ty: Type) -> Result<u32, LayoutError> {
        match self.memo.slot(ty) {
            Some(IN_PROGRESS) => return Err(LayoutError::Unsized(ty)),
            Some(index) => return Ok(index),
            None => {}
        }
        let ctx = self.ctx;
        let Some(fields) = ctx.struct_elements(ty) else {
            return Err(if ctx.is_struct(ty) {
                LayoutError::Unsized(ty) // opaque
            } else {
                LayoutError::NotAStruct(ty)
            });
        };
        let packed = ctx.is_packed_struct(ty);
        self.memo.set_slot(ty, Some(IN_PROGRESS));
        let result = self.lay_out_fields(ty, fields, packed);
        match result {
            Ok((layout, steps)) => {
                let index = self.memo.store_mut().push(layout, steps);
                self.memo.set_slot(ty, Some(index));
                Ok(index)
            }
            Err(e) => {
                self.memo.set_slot(ty, None);
                Err(e)
            }
        }
    }

    /// LLVM 19's `StructLayout` constructor, after its `isSized` check.
    fn lay_out_fields(
        &mut self,
        ty: Type,
        fields: &[Type],
        packed: bool,
    ) -> Result<(StructLayout, Vec<(u64, StepInfo)>), LayoutError> {
        let ctx = self.ctx;
        // Sized structs with scalable fields are exactly the ones whose
        // fields are all the same scalable vector type.
        let homogeneous_scalable = match fields.first() {
            Some(&first) => {
                matches!(
                    ctx.type_data(first),
                    TypeData::Vector { scalable: true, .. }
                ) && fields.iter().all(|&f| f == first)
            }
            None => false,
        };
        let mut offset: u64 = 0;
        let mut align = Align::ONE;
        let mut padded = false;
        let mut offsets = Vec::with_capacity(fields.len());
        let mut steps = Vec::with_capacity(fields.len());
        for &field in fields {
            let f = crate::stack::deep(|| self.step_info(field))?;
            // A scalable field (a scalable vector, a struct of them, an array
            // of them, even of length 0) outside the homogeneous case makes
            // the struct unsized (LLVM's `isScalableTy` check in `isSized`).
            if f.scalable && !homogeneous_scalable {
                return Err(LayoutError::Unsized(ty));
            }
            let field_align = if packed { Align::ONE } else { f.abi };
            if !homogeneous_scalable && !field_align.is_aligned(offset) {
                padded = true;
                offset = field_align
                    .align_up(offset)
                    .ok_or(LayoutError::SizeOverflow(ty))?;
            }
            align = align.max(field_align);
            offsets.push(offset);
            steps.push((offset, f));
            offset = offset
                .checked_add(f.alloc)
                .ok_or(LayoutError::SizeOverflow(ty))?;
        }
        if !homogeneous_scalable && !align.is_aligned(offset) {
            padded = true;
            offset = align
                .align_up(offset)
                .ok_or(LayoutError::SizeOverflow(ty))?;
        }
        // Sizes are reported in bits too: keep `8 × size` representable.
        if offset > u64::MAX / 8 {
            return Err(LayoutError::SizeOverflow(ty));
        }
        let layout = StructLayout::new(
            offsets.into_boxed_slice(),
            fields.into(),
            offset,
            align,
            padded,
            homogeneous_scalable,
        );
        Ok((layout, steps))
    }
}

/// Float alignment: the spec of exactly that width, else the next power of
/// two of the byte size.
#[inline]
fn float_align(dl: &DataLayout, bits: u32, abi: bool) -> Align {
    match DataLayout::exact_spec(&dl.float_specs, bits) {
        Some(s) if abi => s.abi,
        Some(s) => s.pref,
        None => Align::natural_for(u64::from(bits / 8)),
    }
}

/// Vector alignment: the spec of exactly the (minimum) bit size, else the
/// next power of two of the (minimum) store size.
#[inline]
fn vector_align(dl: &DataLayout, bits: TypeSize, abi: bool) -> Align {
    let exact = u32::try_from(bits.min)
        .ok()
        .and_then(|b| DataLayout::exact_spec(&dl.vector_specs, b));
    match exact {
        Some(s) if abi => s.abi,
        Some(s) => s.pref,
        None => Align::natural_for(bits.min.div_ceil(8)),
    }
}

/// Struct alignment as a type: one byte for the ABI alignment of a packed
/// struct; otherwise the layout alignment raised to the aggregate spec.
#[inline]
fn struct_align(dl: &DataLayout, layout: &StructLayout, packed: bool, abi: bool) -> Align {
    if abi && packed {
        return Align::ONE;
    }
    let spec = if abi {
        dl.aggregate_abi
    } else {
        dl.aggregate_pref
    };
    spec.max(layout.alignment())
}

/// The one-shot type queries: each call lays out the structs it meets and
/// forgets them. For repeated queries use a
/// [`LayoutCache`](super::LayoutCache).
impl DataLayout {
    fn one_shot<T>(
        &self,
        ctx: &Context,
        f: impl FnOnce(&mut Walk<'_, OneShotMemo>) -> Result<T, LayoutError>,
    ) -> Result<T, LayoutError> {
        let mut memo = OneShotMemo::default();
        f(&mut Walk {
            dl: self,
            ctx,
            memo: &mut memo,
        })
    }

    /// Number of bits `ty` holds (`getTypeSizeInBits`): 36 for `i36`, 80
    /// for `x86_fp80`, `vscale x 128` for `<vscale x 4 x i32>`.
    ///
    /// # Errors
    /// [`LayoutError`] if `ty` is unsized or too large.
    pub fn size_in_bits(&self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        self.one_shot(ctx, |w| Ok(w.size_align(ty)?.bits))
    }

    /// Bytes a store of `ty` may write (`getTypeStoreSize`): the bit size
    /// rounded up to bytes (5 for `i36`, 10 for `x86_fp80`).
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn store_size(&self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        self.one_shot(ctx, |w| Ok(w.size_align(ty)?.store_size()))
    }

    /// Distance in bytes between consecutive `ty`s in memory
    /// (`getTypeAllocSize`): the store size rounded up to the ABI alignment.
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn alloc_size(&self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        self.one_shot(ctx, |w| Ok(w.size_align(ty)?.alloc_size()))
    }

    /// ABI alignment of `ty` (`getABITypeAlign`).
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn abi_align(&self, ctx: &Context, ty: Type) -> Result<Align, LayoutError> {
        self.one_shot(ctx, |w| Ok(w.size_align(ty)?.abi))
    }

    /// Preferred alignment of `ty` (`getPrefTypeAlign`); at least the ABI
    /// alignment.
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn pref_align(&self, ctx: &Context, ty: Type) -> Result<Align, LayoutError> {
        self.one_shot(ctx, |w| w.pref_align(ty))
    }

    /// `align` if given, else the ABI alignment of `ty`
    /// (`getValueOrABITypeAlignment`).
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits), only when `align` is `None`.
    pub fn value_or_abi_align(
        &self,
        align: Option<Align>,
        ctx: &Context,
        ty: Type,
    ) -> Result<Align, LayoutError> {
        match align {
            Some(a) => Ok(a),
            None => self.abi_align(ctx, ty),
        }
    }

    /// The layout of struct `ty`, computed afresh (a
    /// [`LayoutCache`](super::LayoutCache) keeps them instead).
    ///
    /// # Errors
    /// [`LayoutError::Unsized`] if `ty` is not a sized struct.
    pub fn struct_layout(&self, ctx: &Context, ty: Type) -> Result<StructLayout, LayoutError> {
        let mut memo = OneShotMemo::default();
        let index = Walk {
            dl: self,
            ctx,
            memo: &mut memo,
        }
        .struct_layout(ty)?;
        Ok(memo.take(index))
    }

    /// `iN` with N the pointer size of `addr_space` (`getIntPtrType`).
    pub fn int_ptr_type(&self, ctx: &mut Context, addr_space: u32) -> Type {
        ctx.int_type(self.pointer_size_in_bits(addr_space))
    }

    /// `iN` with N the GEP index width of `addr_space` (`getIndexType`).
    pub fn index_type(&self, ctx: &mut Context, addr_space: u32) -> Type {
        ctx.int_type(self.index_size_in_bits(addr_space))
    }
}
