//! The two quantities every layout answer is made of: [`Align`] (a power of
//! two, in bytes) and [`TypeSize`] (a size that may be a multiple of
//! `vscale`).
//!
//! Owns their arithmetic and nothing else: which alignment a type gets is
//! `sizes.rs`, what the data layout string says is `datalayout.rs`.

use core::fmt;

/// A power-of-two alignment in bytes (LLVM's `Align`): never zero.
///
/// Stored as its base-2 logarithm, so every value is a valid alignment.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Align {
    log2: u8,
}

// An alignment is one byte: `Align` stays as small as its log.
const _: () = assert!(core::mem::size_of::<Align>() == 1);

impl Align {
    /// One byte: no alignment constraint.
    pub const ONE: Align = Align { log2: 0 };

    /// The alignment of `bytes` bytes, or `None` if `bytes` is not a power of
    /// two (zero included).
    pub const fn from_bytes(bytes: u64) -> Option<Align> {
        if bytes.is_power_of_two() {
            Some(Align {
                log2: bytes.trailing_zeros() as u8,
            })
        } else {
            None
        }
    }

    /// `2^log2` bytes.
    ///
    /// # Panics
    /// If `log2 > 63` (the alignment would not fit in a `u64`).
    pub const fn from_log2(log2: u8) -> Align {
        assert!(log2 < 64, "alignment 2^log2 does not fit in a u64");
        Align { log2 }
    }

    /// LLVM's "natural" fallback alignment for `bytes` bytes: the next power
    /// of two at or above it (one byte for zero).
    pub(crate) const fn natural_for(bytes: u64) -> Align {
        if bytes <= 1 {
            Align::ONE
        } else {
            match bytes.checked_next_power_of_two() {
                Some(p) => Align {
                    log2: p.trailing_zeros() as u8,
                },
                None => Align { log2: 63 },
            }
        }
    }

    /// The alignment in bytes.
    pub const fn bytes(self) -> u64 {
        1u64 << self.log2
    }

    /// The alignment in bits (`8 × bytes`).
    pub const fn bits(self) -> u64 {
        self.bytes() << 3
    }

    /// The base-2 logarithm of the alignment in bytes.
    pub const fn log2(self) -> u8 {
        self.log2
    }

    /// `n` rounded up to a multiple of this alignment, or `None` on overflow.
    pub const fn align_up(self, n: u64) -> Option<u64> {
        let mask = self.bytes() - 1;
        match n.checked_add(mask) {
            Some(v) => Some(v & !mask),
            None => None,
        }
    }

    /// Whether `n` is a multiple of this alignment.
    pub const fn is_aligned(self, n: u64) -> bool {
        n & (self.bytes() - 1) == 0
    }
}

impl fmt::Debug for Align {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Align({})", self.bytes())
    }
}

impl fmt::Display for Align {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.bytes())
    }
}

/// A size that is either fixed or a multiple of the run-time `vscale`
/// (LLVM's `TypeSize`). The unit (bits or bytes) is the one of the query
/// that returned it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TypeSize {
    /// The size when `vscale` is 1: the exact size if not `scalable`.
    pub min: u64,
    /// Whether the real size is `min × vscale`.
    pub scalable: bool,
}

impl TypeSize {
    /// A fixed size.
    pub const fn fixed(min: u64) -> TypeSize {
        TypeSize {
            min,
            scalable: false,
        }
    }

    /// A size of `min × vscale`.
    pub const fn scalable(min: u64) -> TypeSize {
        TypeSize {
            min,
            scalable: true,
        }
    }

    /// The size if it is fixed.
    pub const fn fixed_value(self) -> Option<u64> {
        if self.scalable {
            None
        } else {
            Some(self.min)
        }
    }

    /// Whether the size is zero (for every `vscale`).
    pub const fn is_zero(self) -> bool {
        self.min == 0
    }
}

impl fmt::Display for TypeSize {
    /// `128`, or `vscale x 128` when scalable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.scalable {
            write!(f, "vscale x {}", self.min)
        } else {
            write!(f, "{}", self.min)
        }
    }
}
