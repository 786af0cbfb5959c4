//! [`LayoutCache`]: a [`DataLayout`] plus the struct layouts computed under
//! it, for callers that ask many questions (passes, folders, the GEP walk).
//!
//! Owns the cache and its invalidation story. It does not own the rules
//! (`sizes.rs`) or the parsed string (`datalayout.rs`).
//!
//! Why a separate, caller-owned object and not a cache inside
//! `DataLayout` (as LLVM has): a cache filled through `&self` needs interior
//! mutability (`RefCell`, which makes `DataLayout` `!Sync` and can panic, or
//! a lock, which costs more than the lookups it saves). Here `DataLayout`
//! stays a plain immutable value, and whoever wants speed owns a
//! `LayoutCache` and passes `&mut` to it. Lookups are one `Vec` index by
//! type id: no hashing.
//!
//! Invariants: `slots[t]` is 0 (no layout known for type `t`), `IN_PROGRESS`
//! only during a walk, or `1 + i` where `store` layout `i` is the layout of `t`
//! under `dl`, computed from the context the cache has been used with;
//! `infos[t]` is `StepInfo::EMPTY` or the GEP step info of sized type `t`
//! (its alloc size and what an index into it steps over), so that a GEP walk
//! costs one array load per index. Only sized types get either entry.
//!
//! `DataLayout` itself computes afresh with a throw-away `OneShotMemo`.
//! `StepInfo` (24 B per type id, `sizes.rs`) holds the alloc size,
//! scalability, ABI alignment and what an index steps over (element type,
//! element store size, or the struct's `(offset, StepInfo)` field records in
//! one flat `LayoutStore` pool). A struct index is one pool load, an array
//! index one table load: no `TypeData` match, hashing or division; a `u64`
//! accumulator when the index width w ≤ 64, arithmetic modulo 2^w. The walk
//! is generic over `ConstIndexList`, so an IR GEP's operands are read inside
//! the loop. Only sized answers are kept and struct bodies are set once, so
//! nothing goes stale; a new layout is a new cache (DL32), and a cache
//! serves one context.

use crate::context::Context;
use crate::types::Type;

use super::datalayout::DataLayout;
use super::sizes::{LayoutError, LayoutStore, SizeAlign, StepInfo, StructMemo, Walk, IN_PROGRESS};
use super::struct_layout::StructLayout;
use crate::types::{Align, TypeSize};

/// Struct layouts and GEP step infos by type id, densely.
#[derive(Default, Clone, Debug)]
pub(crate) struct DenseMemo {
    slots: Vec<u32>,
    store: LayoutStore,
    infos: Vec<StepInfo>,
}

impl DenseMemo {
    /// The step infos by type index (`StepInfo::UNKNOWN` where none is
    /// known yet).
    #[inline]
    pub(crate) fn infos(&self) -> &[StepInfo] {
        &self.infos
    }
}

impl StructMemo for DenseMemo {
    #[inline]
    fn slot(&self, ty: Type) -> Option<u32> {
        match self.slots.get(ty.index()) {
            None | Some(0) => None,
            Some(&IN_PROGRESS) => Some(IN_PROGRESS),
            Some(&s) => Some(s - 1),
        }
    }

    fn set_slot(&mut self, ty: Type, slot: Option<u32>) {
        let i = ty.index();
        if i >= self.slots.len() {
            if slot.is_none() {
                return;
            }
            self.slots.resize(i + 1, 0);
        }
        self.slots[i] = match slot {
            None => 0,
            Some(IN_PROGRESS) => IN_PROGRESS,
            Some(s) => s + 1,
        };
    }

    #[inline]
    fn store(&self) -> &LayoutStore {
        &self.store
    }

    fn store_mut(&mut self) -> &mut LayoutStore {
        &mut self.store
    }

    #[inline]
    fn step_info(&self, ty: Type) -> Option<StepInfo> {
        match self.infos.get(ty.index()) {
            Some(info) if info.kind != StepInfo::UNKNOWN => Some(*info),
            _ => None,
        }
    }

    fn set_step_info(&mut self, ty: Type, info: StepInfo) {
        let i = ty.index();
        if i >= self.infos.len() {
            self.infos.resize(i + 1, StepInfo::EMPTY);
        }
        self.infos[i] = info;
    }
}

/// A [`DataLayout`] with a cache of struct layouts: the same queries as the
/// one-shot ones on `DataLayout`, through `&mut self`, each struct laid out
/// once.
///
/// The cache belongs to one [`Context`]: type ids of another context would
/// find the wrong layouts, so use one `LayoutCache` per context (or
/// [`clear`](Self::clear) it when switching). Identified struct bodies are
/// set once, so a cached layout never goes stale; an opaque struct is never
/// cached (it is unsized until its body is set). A cache made for another
/// data layout is another `LayoutCache` (LLVM's "assignment invalidates the
/// struct layouts", DL32, by construction).
#[derive(Clone, Debug)]
pub struct LayoutCache {
    dl: DataLayout,
    /// `64 - ` `dl`'s index width in address space 0, read once: the
    /// fast constant walk's sign-extension shift (64 or more when that
    /// width is not in `1..=64`, which the fast walk refuses).
    pub(crate) index_shift0: u32,
    pub(crate) memo: DenseMemo,
}

impl LayoutCache {
    /// An empty cache for `dl`.
    pub fn new(dl: DataLayout) -> LayoutCache {
        LayoutCache {
            index_shift0: 64u32.wrapping_sub(dl.index_size_in_bits(0)),
            dl,
            memo: DenseMemo::default(),
        }
    }

    /// The data layout the answers are for.
    pub fn data_layout(&self) -> &DataLayout {
        &self.dl
    }

    /// Forgets every cached layout (needed before use with another
    /// context).
    pub fn clear(&mut self) {
        self.memo = DenseMemo::default();
    }

    /// Number of struct layouts held.
    pub fn num_cached(&self) -> usize {
        self.memo.store.len()
    }

    #[inline]
    pub(crate) fn walk<'a>(&'a mut self, ctx: &'a Context) -> Walk<'a, DenseMemo> {
        Walk {
            dl: &self.dl,
            ctx,
            memo: &mut self.memo,
        }
    }

    #[inline]
    pub(crate) fn size_align(&mut self, ctx: &Context, ty: Type) -> Result<SizeAlign, LayoutError> {
        self.walk(ctx).size_align(ty)
    }

    /// As [`DataLayout::size_in_bits`].
    ///
    /// # Errors
    /// [`LayoutError`] if `ty` is unsized or too large.
    pub fn size_in_bits(&mut self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        Ok(self.size_align(ctx, ty)?.bits)
    }

    /// As [`DataLayout::store_size`].
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn store_size(&mut self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        Ok(self.size_align(ctx, ty)?.store_size())
    }

    /// As [`DataLayout::alloc_size`].
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn alloc_size(&mut self, ctx: &Context, ty: Type) -> Result<TypeSize, LayoutError> {
        Ok(self.size_align(ctx, ty)?.alloc_size())
    }

    /// As [`DataLayout::abi_align`].
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn abi_align(&mut self, ctx: &Context, ty: Type) -> Result<Align, LayoutError> {
        Ok(self.size_align(ctx, ty)?.abi)
    }

    /// As [`DataLayout::pref_align`].
    ///
    /// # Errors
    /// As [`size_in_bits`](Self::size_in_bits).
    pub fn pref_align(&mut self, ctx: &Context, ty: Type) -> Result<Align, LayoutError> {
        self.walk(ctx).pref_align(ty)
    }

    /// The layout of struct `ty`, computed on first request and kept.
    ///
    /// # Errors
    /// [`LayoutError::Unsized`] if `ty` is not a sized struct.
    pub fn struct_layout(&mut self, ctx: &Context, ty: Type) -> Result<&StructLayout, LayoutError> {
        let index = self.walk(ctx).struct_layout(ty)?;
        Ok(self.memo.store.layout(index))
    }
}
