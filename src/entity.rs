//! Id vocabulary shared by every arena in the crate.
//!
//! Owns the sentinel [`NONE`], the per-context [`ContextTag`] and the macro
//! that declares plain (never freed) index handles. It does not own any
//! arena: each store mints its own ids. Generational handles (values, which
//! can be erased) live in `value/`; they carry the tag in every build (see
//! `value/mod.rs`), plain handles only in debug builds.

use core::sync::atomic::{AtomicU32, Ordering};

/// Sentinel for "no index" in packed `u32` link fields.
pub(crate) const NONE: u32 = u32::MAX;

/// A number telling the contexts of one process apart, `1..=255`: each
/// [`Context`](crate::Context) takes the next one from a process-wide
/// counter, round robin, so two contexts share a tag only when 255 others
/// were created between them. Value ids carry it in their generation word;
/// plain ids (types, metadata, modules) carry it in their top byte in debug
/// builds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct ContextTag(u8);

impl ContextTag {
    /// The next tag of the process-wide round robin.
    pub(crate) fn next() -> ContextTag {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        ContextTag((NEXT.fetch_add(1, Ordering::Relaxed) % 255 + 1) as u8)
    }

    /// The tag as a number, `1..=255`.
    #[inline]
    pub(crate) fn get(self) -> u32 {
        self.0 as u32
    }
}

/// Shift of the context tag in a plain id (debug builds only).
#[cfg(debug_assertions)]
pub(crate) const PLAIN_TAG_SHIFT: u32 = 24;
/// The index bits of a plain id: all of them in release builds; below the
/// tag byte in debug builds, which therefore hold at most 2^24 entries per
/// arena.
#[cfg(debug_assertions)]
pub(crate) const PLAIN_INDEX_MASK: u32 = (1 << PLAIN_TAG_SHIFT) - 1;
#[cfg(not(debug_assertions))]
pub(crate) const PLAIN_INDEX_MASK: u32 = u32::MAX;

/// Declares a `Copy` handle that is a plain `u32` index into an arena whose
/// entries are never freed (types, metadata, modules). Indices never escape
/// as integers: only `pub(crate)` accessors exist. In debug builds the top
/// byte holds the minting context's [`ContextTag`], so a store tells a
/// foreign id from its own (`tag_matches`); release builds carry no tag
/// and catch a foreign id only when its index is out of range.
macro_rules! plain_entity {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            /// Entry `i` of the arena of the context tagged `tag`.
            #[inline]
            #[allow(dead_code, unused_variables)] // not every entity is minted; the tag is debug-only
            pub(crate) fn mint(i: usize, tag: $crate::entity::ContextTag) -> Self {
                #[cfg(debug_assertions)]
                {
                    assert!(
                        i < $crate::entity::PLAIN_INDEX_MASK as usize,
                        concat!("more than 2^24 ", stringify!($name), " ids in one context (a debug-build limit)")
                    );
                    $name(i as u32 | tag.get() << $crate::entity::PLAIN_TAG_SHIFT)
                }
                #[cfg(not(debug_assertions))]
                {
                    debug_assert!(i < u32::MAX as usize);
                    $name(i as u32)
                }
            }
            /// The whole id word (index and, in debug builds, tag), for
            /// packed fields that store the id and give it back with
            /// [`from_raw`](Self::from_raw).
            #[inline]
            #[allow(dead_code)] // not every entity is stored raw
            pub(crate) fn raw(self) -> u32 {
                self.0
            }
            /// The id whose word is `raw` (see [`raw`](Self::raw)).
            #[inline]
            #[allow(dead_code)] // not every entity is stored raw
            pub(crate) fn from_raw(raw: u32) -> Self {
                $name(raw)
            }
            /// The index into the minting arena.
            #[inline]
            #[allow(dead_code)] // not every entity is read back as an index
            pub(crate) fn index(self) -> usize {
                (self.0 & $crate::entity::PLAIN_INDEX_MASK) as usize
            }
            /// Whether the id was minted by the context tagged `tag`
            /// (always true in release builds, which carry no tag).
            #[inline]
            #[allow(dead_code, unused_variables)] // not every store checks; the tag is debug-only
            pub(crate) fn tag_matches(self, tag: $crate::entity::ContextTag) -> bool {
                #[cfg(debug_assertions)]
                {
                    self.0 >> $crate::entity::PLAIN_TAG_SHIFT == tag.get()
                }
                #[cfg(not(debug_assertions))]
                {
                    true
                }
            }
        }

        impl $name {
            /// An opaque number that identifies this entity within its
            /// context (equal entities, equal numbers), for checksums and
            /// external hashing. It is not an index and has no order.
            #[inline]
            pub fn identity(self) -> u64 {
                self.0 as u64
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.index())
            }
        }
    };
}
pub(crate) use plain_entity;
