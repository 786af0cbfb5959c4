//! Comparison predicates: [`IntPredicate`] for `icmp`, [`FloatPredicate`]
//! for `fcmp`, and [`Predicate`], the union in LLVM's `CmpInst::Predicate`
//! order that constants and the folder work with.
//!
//! Owns their spellings and numbering. The builder takes the split types,
//! so an integer predicate cannot reach `fcmp`; the stored form is the
//! union's number (`ir/flags.rs` reads it back).

macro_rules! predicates {
    ($(#[$m:meta])* $name:ident, $union:ident, { $($v:ident = $u:ident, $t:literal;)* }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        #[repr(u8)]
        pub enum $name { $(#[doc = concat!("`", $t, "`")] $v,)* }

        impl $name {
            /// Every predicate, in LLVM's order.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];
            /// Textual spelling.
            pub fn name(self) -> &'static str {
                match self { $($name::$v => $t,)* }
            }
            /// Parses a spelling.
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($t => Some($name::$v),)* _ => None }
            }
        }

        impl From<$name> for $union {
            #[inline]
            fn from(p: $name) -> $union {
                match p { $($name::$v => $union::$u,)* }
            }
        }
    };
}

/// Comparison predicates: the 16 fcmp ones (0..=15) then the 10 icmp ones,
/// in LLVM's `CmpInst::Predicate` order.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the spellings are in `PREDICATE_NAMES`
pub enum Predicate {
    FFalse,
    FOeq,
    FOgt,
    FOge,
    FOlt,
    FOle,
    FOne,
    FOrd,
    FUno,
    FUeq,
    FUgt,
    FUge,
    FUlt,
    FUle,
    FUne,
    FTrue,
    IEq,
    INe,
    IUgt,
    IUge,
    IUlt,
    IUle,
    ISgt,
    ISge,
    ISlt,
    ISle,
}

const PREDICATE_NAMES: [&str; 26] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult",
    "ule", "une", "true", "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
];

predicates! {
    /// An `icmp` predicate.
    IntPredicate, Predicate, {
        Eq = IEq, "eq"; Ne = INe, "ne"; Ugt = IUgt, "ugt"; Uge = IUge, "uge";
        Ult = IUlt, "ult"; Ule = IUle, "ule"; Sgt = ISgt, "sgt"; Sge = ISge, "sge";
        Slt = ISlt, "slt"; Sle = ISle, "sle";
    }
}

predicates! {
    /// An `fcmp` predicate.
    FloatPredicate, Predicate, {
        False = FFalse, "false"; Oeq = FOeq, "oeq"; Ogt = FOgt, "ogt"; Oge = FOge, "oge";
        Olt = FOlt, "olt"; Ole = FOle, "ole"; One = FOne, "one"; Ord = FOrd, "ord";
        Uno = FUno, "uno"; Ueq = FUeq, "ueq"; Ugt = FUgt, "ugt"; Uge = FUge, "uge";
        Ult = FUlt, "ult"; Ule = FUle, "ule"; Une = FUne, "une"; True = FTrue, "true";
    }
}

impl Predicate {
    /// Every predicate, in LLVM's order.
    pub const ALL: [Predicate; 26] = {
        use Predicate::*;
        [
            FFalse, FOeq, FOgt, FOge, FOlt, FOle, FOne, FOrd, FUno, FUeq, FUgt, FUge, FUlt, FUle,
            FUne, FTrue, IEq, INe, IUgt, IUge, IUlt, IUle, ISgt, ISge, ISlt, ISle,
        ]
    };
    /// Textual spelling.
    pub fn name(self) -> &'static str {
        PREDICATE_NAMES[self as usize]
    }
    /// From LLVM's predicate number.
    pub fn from_u16(x: u16) -> Option<Predicate> {
        Predicate::ALL.get(x as usize).copied()
    }
    /// Whether this is an integer predicate.
    #[inline]
    pub fn is_int(self) -> bool {
        self as u8 >= Predicate::IEq as u8
    }
    /// The integer predicate, if this is one.
    #[inline]
    pub fn as_int(self) -> Option<IntPredicate> {
        IntPredicate::ALL
            .get((self as u8).wrapping_sub(Predicate::IEq as u8) as usize)
            .copied()
    }
    /// The floating-point predicate, if this is one.
    #[inline]
    pub fn as_float(self) -> Option<FloatPredicate> {
        FloatPredicate::ALL.get(self as usize).copied()
    }
    /// Parses an integer predicate spelling.
    pub fn int_from_name(s: &str) -> Option<Predicate> {
        IntPredicate::from_name(s).map(Predicate::from)
    }
    /// Parses a float predicate spelling.
    pub fn float_from_name(s: &str) -> Option<Predicate> {
        FloatPredicate::from_name(s).map(Predicate::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_predicates_agree_with_the_union() {
        for &p in IntPredicate::ALL {
            let u = Predicate::from(p);
            assert!(u.is_int());
            assert_eq!(u.name(), p.name());
            assert_eq!(u.as_int(), Some(p));
            assert_eq!(u.as_float(), None);
        }
        for &p in FloatPredicate::ALL {
            let u = Predicate::from(p);
            assert!(!u.is_int());
            assert_eq!(u.name(), p.name());
            assert_eq!(u.as_float(), Some(p));
            assert_eq!(u.as_int(), None);
        }
        assert_eq!(IntPredicate::ALL.len() + FloatPredicate::ALL.len(), 26);
    }
}
