//! Typed instruction flags, one type per family, and their packed encoding
//! in the hot record's 16-bit `flags` word.
//!
//! Owns [`WrapFlags`] (`nuw`/`nsw`), [`Exact`], [`Disjoint`], [`NonNeg`],
//! [`FastMathFlags`], [`GepFlags`] (`inbounds`/`nusw`/`nuw`) and
//! [`SyncScope`], and the crate-private bit layouts they are stored in
//! (`wrap`, `fmf`, `gep`, `mem`). It does not own which opcode takes which
//! family (`ops.rs` and the setters in `ir/flags.rs`) nor orderings and
//! predicates (`mod.rs`, `predicate.rs`).
//!
//! A flag type's bits never escape: a pass reads and writes flags through
//! these types, so flags of one family cannot be given to another.
//!
//! # The 16-bit `flags`
//!
//! * wrap (`add`, `sub`, `mul`, `shl`, `trunc`): `nuw` 1, `nsw` 2;
//!   `exact`, `disjoint`, `nneg`: 1;
//! * fast-math: bits 0..7 in LLVM's print order (all seven print as
//!   `fast`);
//! * GEP: `inbounds` 1, `nusw` 2 (cleared under `inbounds`, which implies
//!   it), `nuw` 4;
//! * memory instructions (`mem`): alignment as log2 + 1 in bits 0..6,
//!   `volatile` bit 6, the (success) ordering at bit 7, the failure
//!   ordering or `atomicrmw` operation at bit 10, `weak` bit 15; `alloca`
//!   has `swifterror` at bit 7 and `inalloca` at bit 15;
//! * `catchswitch`: bit 0 says operand 1 is the unwind destination;
//! * `icmp`/`fcmp`: the [`Predicate`](super::Predicate) in the low byte
//!   (LLVM's order: 16 `fcmp` predicates, then 10 `icmp`); `fcmp` keeps
//!   its fast-math flags in the high byte.

use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign};

/// Declares a set-of-flags newtype over `u8` with named constants, set
/// operations and a `Debug` listing the names.
macro_rules! flag_set {
    (
        $(#[$m:meta])* $name:ident {
            $($(#[$fm:meta])* $flag:ident = $bit:expr, $text:literal;)*
        }
    ) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
        pub struct $name(u8);

        impl $name {
            /// No flag.
            pub const NONE: $name = $name(0);
            $($(#[$fm])* pub const $flag: $name = $name($bit);)*
            /// Every flag with its spelling, in LLVM's print order.
            pub const NAMES: &'static [($name, &'static str)] = &[$(($name::$flag, $text),)*];

            /// Whether every flag of `other` is set in `self`.
            #[inline]
            pub const fn contains(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }
            /// Whether no flag is set.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// `self` with the flags of `other` removed.
            #[inline]
            pub const fn without(self, other: $name) -> $name {
                $name(self.0 & !other.0)
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, o: $name) {
                self.0 |= o.0;
            }
        }
        impl BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, o: $name) -> $name {
                $name(self.0 & o.0)
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), "("))?;
                let mut first = true;
                for &(flag, text) in $name::NAMES {
                    if flag.0 != 0 && self.contains(flag) {
                        if !first {
                            f.write_str(" ")?;
                        }
                        f.write_str(text)?;
                        first = false;
                    }
                }
                f.write_str(")")
            }
        }
    };
}

flag_set! {
    /// `nuw` / `nsw` of `add`, `sub`, `mul`, `shl` and `trunc`
    /// (LLVM's `OverflowingBinaryOperator` and `TruncInst` flags).
    WrapFlags {
        /// `nuw`: no unsigned wrap.
        NUW = 1, "nuw";
        /// `nsw`: no signed wrap.
        NSW = 2, "nsw";
    }
}

flag_set! {
    /// Fast-math flags of a floating-point operation (LLVM's
    /// `FastMathFlags`): `fneg`, `fadd` … `frem`, `fcmp`, and `phi`,
    /// `select` and `call` of floating-point type. All seven print as
    /// `fast`.
    FastMathFlags {
        /// `reassoc`
        REASSOC = 1 << 0, "reassoc";
        /// `nnan`
        NNAN = 1 << 1, "nnan";
        /// `ninf`
        NINF = 1 << 2, "ninf";
        /// `nsz`
        NSZ = 1 << 3, "nsz";
        /// `arcp`
        ARCP = 1 << 4, "arcp";
        /// `contract`
        CONTRACT = 1 << 5, "contract";
        /// `afn`
        AFN = 1 << 6, "afn";
    }
}

impl FastMathFlags {
    /// All seven flags: `fast`.
    pub const FAST: FastMathFlags = FastMathFlags(0x7f);

    /// Whether all seven flags are set (printed `fast`).
    #[inline]
    pub const fn is_fast(self) -> bool {
        self.0 == 0x7f
    }
}

flag_set! {
    /// The no-wrap flags of a `getelementptr` (LLVM 19's `GEPNoWrapFlags`).
    /// `INBOUNDS` implies `nusw` and includes it (as LLVM's
    /// `GEPNoWrapFlags::inBounds()`), so `INBOUNDS | NUSW == INBOUNDS`; it
    /// prints as `inbounds` alone.
    GepFlags {
        /// `inbounds` (includes `nusw`).
        INBOUNDS = 3, "inbounds";
        /// `nusw`: no unsigned-signed wrap of the offset arithmetic.
        NUSW = 2, "nusw";
        /// `nuw`: no unsigned wrap.
        NUW = 4, "nuw";
    }
}

impl GepFlags {
    /// Whether `inbounds` is set.
    #[inline]
    pub const fn is_inbounds(self) -> bool {
        self.0 & 1 != 0
    }
    /// Whether `nusw` holds (set, or implied by `inbounds`).
    #[inline]
    pub const fn has_nusw(self) -> bool {
        self.0 & 2 != 0
    }
    /// Whether `nuw` is set.
    #[inline]
    pub const fn has_nuw(self) -> bool {
        self.0 & 4 != 0
    }
}

/// `exact` of `udiv`, `sdiv`, `lshr`, `ashr` (LLVM's
/// `PossiblyExactOperator`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Exact(pub bool);

/// `disjoint` of `or` (LLVM's `PossiblyDisjointInst`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Disjoint(pub bool);

/// `nneg` of `zext` and `uitofp` (LLVM's `PossiblyNonNegInst`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct NonNeg(pub bool);

/// The flags of an opcode that takes none.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct NoFlags;

/// The synchronisation scope of an atomic instruction (LLVM's
/// `SyncScope::ID`): the whole system (the default, printed as nothing),
/// one thread (`syncscope("singlethread")`), or a target-defined scope
/// named by a string of bytes, as LLVM's (`syncscope("agent")`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum SyncScope<'a> {
    /// All threads of the system.
    #[default]
    System,
    /// The executing thread only (signal handlers).
    SingleThread,
    /// A target-defined scope: its name's bytes.
    Named(&'a [u8]),
}

impl<'a> SyncScope<'a> {
    /// The scope a `syncscope("…")` string names, as LLVM's
    /// `getOrInsertSyncScopeID`: `""` is the system, `"singlethread"` one
    /// thread.
    pub fn from_name<S: AsRef<[u8]> + ?Sized>(name: &'a S) -> SyncScope<'a> {
        match name.as_ref() {
            b"" => SyncScope::System,
            b"singlethread" => SyncScope::SingleThread,
            s => SyncScope::Named(s),
        }
    }

    /// The bytes of `syncscope("…")`, `None` for the system scope.
    pub fn name_bytes(self) -> Option<&'a [u8]> {
        match self {
            SyncScope::System => None,
            SyncScope::SingleThread => Some(b"singlethread"),
            SyncScope::Named(s) => Some(s),
        }
    }

    /// The string of `syncscope("…")` as text: `None` for the system
    /// scope and for a name that is not UTF-8 ([`name_bytes`](Self::name_bytes)
    /// has it).
    pub fn name(self) -> Option<&'a str> {
        self.name_bytes().and_then(|s| core::str::from_utf8(s).ok())
    }
}

/// The encodings of the families above in `ValueData::flags` (a flag
/// type's bits are the stored bits unless noted).
pub(crate) mod bits {
    use super::*;

    /// `nuw` 1, `nsw` 2.
    #[inline]
    pub(crate) fn wrap(f: WrapFlags) -> u16 {
        f.0 as u16
    }
    #[inline]
    pub(crate) fn wrap_of(flags: u16) -> WrapFlags {
        WrapFlags(flags as u8 & 3)
    }
    /// Bit 0 of `exact`, `disjoint`, `nneg`.
    pub(crate) const ONE_FLAG: u16 = 1;
    /// Bit 0 of a `catchswitch`: operand 1 is its unwind destination
    /// (without it the switch unwinds to the caller).
    pub(crate) const CATCHSWITCH_HAS_UNWIND: u16 = 1;
    /// Fast-math bits 0..7 (`fcmp` keeps them in the high byte).
    #[inline]
    pub(crate) fn fmf(f: FastMathFlags) -> u16 {
        f.0 as u16
    }
    #[inline]
    pub(crate) fn fmf_of(flags: u16) -> FastMathFlags {
        FastMathFlags(flags as u8 & 0x7f)
    }
    /// GEP flags as stored: `inbounds` 1, `nusw` 2 (cleared when `inbounds`
    /// is set, which implies it), `nuw` 4.
    #[inline]
    pub(crate) fn gep(f: GepFlags) -> u16 {
        let b = f.0 as u16;
        if b & 1 != 0 {
            b & !2
        } else {
            b
        }
    }
    #[inline]
    pub(crate) fn gep_of(flags: u16) -> GepFlags {
        let b = flags as u8 & 7;
        GepFlags(if b & 1 != 0 { b | 2 } else { b })
    }
}

/// Memory-instruction fields packed in `flags`:
/// ```text
///   15   14        10 9       7  6   5             0
/// +----+------------+----------+---+---------------+
/// |weak| rmw op /   | ordering |vol| align log2+1  |
/// |    | fail order | (success)|   | (0 = none)    |
/// +----+------------+----------+---+---------------+
/// ```
/// `alloca` has no ordering: its `swifterror` bit sits at bit 7 and its
/// `inalloca` bit is `WEAK`.
pub(crate) mod mem {
    use crate::types::Align;

    /// Width of the alignment field (log2 + 1, 0 = unspecified).
    pub(crate) const ALIGN_BITS: u16 = 6;
    /// Mask of the alignment field.
    pub(crate) const ALIGN_MASK: u16 = (1 << ALIGN_BITS) - 1;
    /// `volatile`.
    pub(crate) const VOLATILE: u16 = 1 << 6;
    /// Shift of the (success) ordering (3 bits).
    pub(crate) const ORDER_SHIFT: u16 = 7;
    /// Mask of the (success) ordering, in place.
    pub(crate) const ORDER_MASK: u16 = 7 << ORDER_SHIFT;
    /// `swifterror` (alloca only; alloca has no ordering).
    pub(crate) const SWIFTERROR: u16 = 1 << 7;
    /// Shift of the failure ordering (cmpxchg) or atomicrmw operation.
    pub(crate) const EXTRA_SHIFT: u16 = 10;
    /// Mask of the field at `EXTRA_SHIFT` (5 bits: 17 atomicrmw operations).
    pub(crate) const EXTRA_MASK: u16 = 0x1f;
    /// `weak` (cmpxchg), `inalloca` (alloca).
    pub(crate) const WEAK: u16 = 1 << 15;

    /// The field at `EXTRA_SHIFT`.
    #[inline]
    pub(crate) fn extra(flags: u16) -> u16 {
        (flags >> EXTRA_SHIFT) & EXTRA_MASK
    }

    /// The alignment field of `a` (`None`: unspecified).
    #[inline]
    pub(crate) fn align(a: Option<Align>) -> u16 {
        match a {
            Some(a) => (a.log2() as u16 + 1) & ALIGN_MASK,
            None => 0,
        }
    }

    /// The alignment in an alignment field.
    #[inline]
    pub(crate) fn align_of(flags: u16) -> Option<Align> {
        match flags & ALIGN_MASK {
            0 => None,
            l => Some(Align::from_log2((l - 1) as u8)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inbounds_implies_nusw_and_is_stored_alone() {
        let f = GepFlags::INBOUNDS | GepFlags::NUSW;
        assert_eq!(f, GepFlags::INBOUNDS);
        assert!(f.is_inbounds() && f.has_nusw() && !f.has_nuw());
        assert!(!GepFlags::NUSW.is_inbounds() && !GepFlags::NUSW.contains(GepFlags::INBOUNDS));
        assert_eq!(bits::gep(f), 1);
        assert_eq!(bits::gep_of(bits::gep(f)), GepFlags::INBOUNDS);
        assert!(GepFlags::INBOUNDS.has_nusw());
        assert_eq!(bits::gep(GepFlags::NUSW | GepFlags::NUW), 6);
    }

    #[test]
    fn flag_sets_list_their_names() {
        assert_eq!(
            format!("{:?}", WrapFlags::NUW | WrapFlags::NSW),
            "WrapFlags(nuw nsw)"
        );
        assert_eq!(format!("{:?}", FastMathFlags::NONE), "FastMathFlags()");
        assert!(FastMathFlags::FAST.is_fast());
        assert!(FastMathFlags::FAST.contains(FastMathFlags::NNAN | FastMathFlags::AFN));
        assert_eq!(FastMathFlags::NAMES.len(), 7);
        assert_eq!(
            FastMathFlags::FAST.without(FastMathFlags::REASSOC),
            FastMathFlags(0x7e)
        );
    }

    #[test]
    fn alignments_round_trip_through_the_field() {
        use crate::types::Align;
        for log2 in 0..=32 {
            let a = Align::from_log2(log2);
            assert_eq!(mem::align_of(mem::align(Some(a))), Some(a));
        }
        assert_eq!(mem::align_of(mem::align(None)), None);
    }

    #[test]
    fn sync_scopes_by_name() {
        assert_eq!(SyncScope::from_name(""), SyncScope::System);
        assert_eq!(
            SyncScope::from_name("singlethread"),
            SyncScope::SingleThread
        );
        assert_eq!(SyncScope::from_name("agent").name(), Some("agent"));
        let raw = SyncScope::from_name(b"a\xFF");
        assert_eq!(raw, SyncScope::Named(b"a\xFF"));
        assert_eq!((raw.name(), raw.name_bytes()), (None, Some(&b"a\xFF"[..])));
        assert_eq!(SyncScope::System.name(), None);
    }
}
