//! Id vocabulary shared by every arena in the crate.
//!
//! Owns the sentinel [`NONE`] and the macro that declares plain (never freed)
//! index handles. It does not own any arena: each store mints its own ids.
//! Generational handles (values, which can be erased) live in `value/`.

/// Sentinel for "no index" in packed `u32` link fields.
pub(crate) const NONE: u32 = u32::MAX;

/// Declares a `Copy` handle that is a plain `u32` index into an arena whose
/// entries are never freed (types, metadata, modules). Indices never escape
/// as integers: only `pub(crate)` accessors exist.
macro_rules! plain_entity {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            #[inline]
            #[allow(dead_code)] // not every entity is minted from a raw index
            pub(crate) fn from_index(i: usize) -> Self {
                debug_assert!(i < u32::MAX as usize);
                $name(i as u32)
            }
            #[inline]
            #[allow(dead_code)] // not every entity is read back as an index
            pub(crate) fn index(self) -> usize {
                self.0 as usize
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
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }
    };
}
pub(crate) use plain_entity;
