//! The closed set of LLVM 19 attribute kinds: one declarative table.
//!
//! Owns [`AttrKind`] and everything derived from its table: the textual
//! name, the value class ([`AttrClass`]), LLVM's enum value (which is also
//! the order in which llvm-dis prints the attributes of a set), and where an
//! attribute may appear ([`AttrPositions`]). It does not own attribute
//! values, sets or printing (see the sibling modules).
//!
//! The table is transcribed from LLVM 19's `Attributes.td` and the enum order
//! of its generated `Attributes.inc`: enum attributes first (sorted by their
//! TableGen record name), then type, int, constant-range and
//! constant-range-list attributes. `captures` does not exist in LLVM 19.

use core::fmt;
use core::ops::BitOr;

/// The value class of an attribute kind, as LLVM 19 classifies it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrClass {
    /// Present or absent, no value (`nounwind`).
    Enum,
    /// Carries a `u64` (`align 8`, `memory(read)`, `uwtable(sync)`).
    Int,
    /// Carries a type (`byval(%struct.S)`).
    Type,
    /// Carries one constant range (`range(i8 0, 2)`).
    ConstantRange,
    /// Carries a sorted list of disjoint 64-bit ranges
    /// (`initializes((0, 4), (8, 12))`).
    ConstantRangeList,
}

/// One place an attribute can be attached to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrPosition {
    /// The function (or call site) itself: `#N` groups.
    Function,
    /// A parameter (or call argument).
    Param,
    /// The return value.
    Return,
}

/// A set of [`AttrPosition`]s: where LLVM 19's `Attributes.td` allows a
/// kind (`FnAttr`, `ParamAttr`, `RetAttr`). Data for the verifier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttrPositions(u8);

impl AttrPositions {
    /// Allowed on functions and call sites.
    pub const FN: AttrPositions = AttrPositions(1);
    /// Allowed on parameters and call arguments.
    pub const PARAM: AttrPositions = AttrPositions(2);
    /// Allowed on return values.
    pub const RET: AttrPositions = AttrPositions(4);

    /// Whether `pos` is in the set.
    pub fn contains(self, pos: AttrPosition) -> bool {
        let bit = match pos {
            AttrPosition::Function => Self::FN.0,
            AttrPosition::Param => Self::PARAM.0,
            AttrPosition::Return => Self::RET.0,
        };
        self.0 & bit != 0
    }
}

impl BitOr for AttrPositions {
    type Output = AttrPositions;
    fn bitor(self, rhs: AttrPositions) -> AttrPositions {
        AttrPositions(self.0 | rhs.0)
    }
}

const FN: AttrPositions = AttrPositions::FN;
const PARAM: AttrPositions = AttrPositions::PARAM;
const RET: AttrPositions = AttrPositions::RET;

/// Declares [`AttrKind`] and its derived tables from one list of
/// `Variant = llvm_enum_value, "name", Class, positions;` rows.
macro_rules! attr_kinds {
    ($($variant:ident = $value:literal, $name:literal, $class:ident, $places:expr;)*) => {
        /// An LLVM 19 attribute kind (enum, int, type, constant-range or
        /// constant-range-list attribute). String attributes (`"key"="value"`)
        /// have no kind.
        ///
        /// The discriminant is LLVM's `Attribute::AttrKind` value, so the
        /// derived `Ord` is LLVM's print order.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum AttrKind {
            $(
                #[doc = concat!("`", $name, "` (LLVM `Attribute::", stringify!($variant), "`).")]
                $variant = $value,
            )*
        }

        impl AttrKind {
            /// Every kind, in LLVM's enum (print) order.
            pub const ALL: &'static [AttrKind] = &[$(AttrKind::$variant),*];

            /// The textual name: `noinline`, `align`, `byval`, `memory`.
            pub fn name(self) -> &'static str {
                match self {
                    $(AttrKind::$variant => $name,)*
                }
            }

            /// The value class.
            pub fn class(self) -> AttrClass {
                match self {
                    $(AttrKind::$variant => AttrClass::$class,)*
                }
            }

            /// Where LLVM 19 allows this kind.
            pub fn positions(self) -> AttrPositions {
                match self {
                    $(AttrKind::$variant => $places,)*
                }
            }

            /// The kind named `name` (exactly as written in `.ll` text), if
            /// any. Legacy keywords that the `.ll` parser upgrades
            /// (`argmemonly`, function-level `readnone`, ...) are not kinds:
            /// see [`legacy_memory_keyword`](super::legacy_memory_keyword).
            pub fn from_name(name: &str) -> Option<AttrKind> {
                match name {
                    $($name => Some(AttrKind::$variant),)*
                    _ => None,
                }
            }

            /// The kind whose LLVM enum value is `value`.
            pub fn from_enum_value(value: u8) -> Option<AttrKind> {
                match value {
                    $($value => Some(AttrKind::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

attr_kinds! {
    AllocAlign                       =  1, "allocalign", Enum, PARAM;
    AllocatedPointer                 =  2, "allocptr", Enum, PARAM;
    AlwaysInline                     =  3, "alwaysinline", Enum, FN;
    Builtin                          =  4, "builtin", Enum, FN;
    Cold                             =  5, "cold", Enum, FN;
    Convergent                       =  6, "convergent", Enum, FN;
    CoroDestroyOnlyWhenComplete      =  7, "coro_only_destroy_when_complete", Enum, FN;
    DeadOnUnwind                     =  8, "dead_on_unwind", Enum, PARAM;
    DisableSanitizerInstrumentation  =  9, "disable_sanitizer_instrumentation", Enum, FN;
    FnRetThunkExtern                 = 10, "fn_ret_thunk_extern", Enum, FN;
    Hot                              = 11, "hot", Enum, FN;
    HybridPatchable                  = 12, "hybrid_patchable", Enum, FN;
    ImmArg                           = 13, "immarg", Enum, PARAM;
    InReg                            = 14, "inreg", Enum, PARAM | RET;
    InlineHint                       = 15, "inlinehint", Enum, FN;
    JumpTable                        = 16, "jumptable", Enum, FN;
    MinSize                          = 17, "minsize", Enum, FN;
    MustProgress                     = 18, "mustprogress", Enum, FN;
    Naked                            = 19, "naked", Enum, FN;
    Nest                             = 20, "nest", Enum, PARAM;
    NoAlias                          = 21, "noalias", Enum, PARAM | RET;
    NoBuiltin                        = 22, "nobuiltin", Enum, FN;
    NoCallback                       = 23, "nocallback", Enum, FN;
    NoCapture                        = 24, "nocapture", Enum, PARAM;
    NoCfCheck                        = 25, "nocf_check", Enum, FN;
    NoDuplicate                      = 26, "noduplicate", Enum, FN;
    NoFree                           = 27, "nofree", Enum, FN | PARAM;
    NoImplicitFloat                  = 28, "noimplicitfloat", Enum, FN;
    NoInline                         = 29, "noinline", Enum, FN;
    NoMerge                          = 30, "nomerge", Enum, FN;
    NoProfile                        = 31, "noprofile", Enum, FN;
    NoRecurse                        = 32, "norecurse", Enum, FN;
    NoRedZone                        = 33, "noredzone", Enum, FN;
    NoReturn                         = 34, "noreturn", Enum, FN;
    NoSanitizeBounds                 = 35, "nosanitize_bounds", Enum, FN;
    NoSanitizeCoverage               = 36, "nosanitize_coverage", Enum, FN;
    NoSync                           = 37, "nosync", Enum, FN;
    NoUndef                          = 38, "noundef", Enum, PARAM | RET;
    NoUnwind                         = 39, "nounwind", Enum, FN;
    NonLazyBind                      = 40, "nonlazybind", Enum, FN;
    NonNull                          = 41, "nonnull", Enum, PARAM | RET;
    NullPointerIsValid               = 42, "null_pointer_is_valid", Enum, FN;
    OptForFuzzing                    = 43, "optforfuzzing", Enum, FN;
    OptimizeForDebugging             = 44, "optdebug", Enum, FN;
    OptimizeForSize                  = 45, "optsize", Enum, FN;
    OptimizeNone                     = 46, "optnone", Enum, FN;
    PresplitCoroutine                = 47, "presplitcoroutine", Enum, FN;
    ReadNone                         = 48, "readnone", Enum, PARAM;
    ReadOnly                         = 49, "readonly", Enum, PARAM;
    Returned                         = 50, "returned", Enum, PARAM;
    ReturnsTwice                     = 51, "returns_twice", Enum, FN;
    SExt                             = 52, "signext", Enum, PARAM | RET;
    SafeStack                        = 53, "safestack", Enum, FN;
    SanitizeAddress                  = 54, "sanitize_address", Enum, FN;
    SanitizeHwAddress                = 55, "sanitize_hwaddress", Enum, FN;
    SanitizeMemTag                   = 56, "sanitize_memtag", Enum, FN;
    SanitizeMemory                   = 57, "sanitize_memory", Enum, FN;
    SanitizeNumericalStability       = 58, "sanitize_numerical_stability", Enum, FN;
    SanitizeThread                   = 59, "sanitize_thread", Enum, FN;
    ShadowCallStack                  = 60, "shadowcallstack", Enum, FN;
    SkipProfile                      = 61, "skipprofile", Enum, FN;
    Speculatable                     = 62, "speculatable", Enum, FN;
    SpeculativeLoadHardening         = 63, "speculative_load_hardening", Enum, FN;
    StackProtect                     = 64, "ssp", Enum, FN;
    StackProtectReq                  = 65, "sspreq", Enum, FN;
    StackProtectStrong               = 66, "sspstrong", Enum, FN;
    StrictFp                         = 67, "strictfp", Enum, FN;
    SwiftAsync                       = 68, "swiftasync", Enum, PARAM;
    SwiftError                       = 69, "swifterror", Enum, PARAM;
    SwiftSelf                        = 70, "swiftself", Enum, PARAM;
    WillReturn                       = 71, "willreturn", Enum, FN;
    Writable                         = 72, "writable", Enum, PARAM;
    WriteOnly                        = 73, "writeonly", Enum, PARAM;
    ZExt                             = 74, "zeroext", Enum, PARAM | RET;
    ByRef                            = 75, "byref", Type, PARAM;
    ByVal                            = 76, "byval", Type, PARAM;
    ElementType                      = 77, "elementtype", Type, PARAM;
    InAlloca                         = 78, "inalloca", Type, PARAM;
    Preallocated                     = 79, "preallocated", Type, FN | PARAM;
    StructRet                        = 80, "sret", Type, PARAM;
    Alignment                        = 81, "align", Int, PARAM | RET;
    AllocKind                        = 82, "allockind", Int, FN;
    AllocSize                        = 83, "allocsize", Int, FN;
    Dereferenceable                  = 84, "dereferenceable", Int, PARAM | RET;
    DereferenceableOrNull            = 85, "dereferenceable_or_null", Int, PARAM | RET;
    Memory                           = 86, "memory", Int, FN;
    NoFpClass                        = 87, "nofpclass", Int, PARAM | RET;
    StackAlignment                   = 88, "alignstack", Int, FN | PARAM;
    UwTable                          = 89, "uwtable", Int, FN;
    VScaleRange                      = 90, "vscale_range", Int, FN;
    Range                            = 91, "range", ConstantRange, PARAM | RET;
    Initializes                      = 92, "initializes", ConstantRangeList, PARAM;
}

impl AttrKind {
    /// LLVM's `Attribute::AttrKind` value (1-based); attributes of a set are
    /// printed in increasing order of it.
    pub fn enum_value(self) -> u8 {
        self as u8
    }

    /// Whether this kind may appear at `pos`.
    pub fn allowed_on(self, pos: AttrPosition) -> bool {
        self.positions().contains(pos)
    }
}

impl fmt::Display for AttrKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
