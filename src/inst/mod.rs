//! The instruction set: one declarative opcode table and the packed flag
//! encodings of each instruction family.
//!
//! Owns [`Opcode`] (with mnemonic, class and operand-storage kind derived
//! from the single table below), predicates, atomic orderings, atomicrmw
//! operations and the bit layout of `ValueData::flags`. It does not own the
//! placement of instructions (`ir/`) nor bitcode codes (a separate frozen
//! table in `bitcode/`, since file codes do not follow this order).
//!
//! # The 16-bit `flags`
//!
//! * wrap (`add`, `sub`, `mul`, `shl`, `trunc`): `nuw` 1, `nsw` 2
//!   ([`wrap`]); `exact`, `disjoint`, `nneg`: 1;
//! * fast-math ([`fmf`]): bits 0..7 in LLVM's print order (all seven print
//!   as `fast`);
//! * GEP ([`gep`]): `inbounds` 1, `nusw` 2, `nuw` 4;
//! * memory instructions ([`mem`]): alignment as log2 + 1 in bits 0..6,
//!   `volatile` bit 6, the (success) ordering at bit 7, the failure ordering
//!   or `atomicrmw` operation at bit 10, `weak` bit 15; `alloca` has
//!   `swifterror` at bit 7 and `inalloca` at bit 15;
//! * `catchswitch`: bit 0 ([`CATCHSWITCH_HAS_UNWIND`]) says operand 1 is the
//!   unwind destination;
//! * `icmp`/`fcmp`: the [`Predicate`] in the low byte (LLVM's order: 16
//!   `fcmp` predicates, then 10 `icmp`); `fcmp` keeps its fast-math flags in
//!   the high byte. That one encoding is not named here yet: the `.ll`
//!   parser, the bitcode reader and the printer (`fcmp_parts`) spell it out.

/// What family an opcode belongs to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpClass {
    /// Ends a block.
    Terminator,
    /// `fneg`.
    Unary,
    /// Integer or float binary arithmetic and bitwise operations.
    Binary,
    /// Memory access and addressing.
    Memory,
    /// Casts.
    Cast,
    /// Exception-handling pads.
    Pad,
    /// Everything else.
    Other,
}

/// How an instruction stores its operands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OperandStorage {
    /// A run of exactly this many operands, allocated with the instruction.
    Fixed(u8),
    /// A run whose length is chosen at creation and never changes
    /// (allocated with the instruction, like LLVM's variadic operands).
    Variadic,
    /// A growable hung-off run (PHI, switch, indirectbr, landingpad,
    /// catchswitch).
    HungOff,
}

macro_rules! opcodes {
    ($($name:ident = $text:literal, $class:ident, $storage:expr;)*) => {
        /// Every LLVM 19 instruction opcode, in LLVM's `Instruction.def` order.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Opcode { $(#[doc = $text] $name,)* }

        impl Opcode {
            /// All opcodes, in table order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];
            /// The textual IR mnemonic.
            pub fn mnemonic(self) -> &'static str {
                match self { $(Opcode::$name => $text,)* }
            }
            /// The opcode family.
            #[inline]
            pub fn class(self) -> OpClass {
                match self { $(Opcode::$name => OpClass::$class,)* }
            }
            /// How the operands are stored.
            #[inline]
            pub fn storage(self) -> OperandStorage {
                use OperandStorage::*;
                match self { $(Opcode::$name => $storage,)* }
            }
            /// The opcode spelled `s` in textual IR.
            pub fn from_mnemonic(s: &str) -> Option<Opcode> {
                match s { $($text => Some(Opcode::$name),)* _ => None }
            }
        }
    };
}

opcodes! {
    Ret = "ret", Terminator, Variadic;
    Br = "br", Terminator, Variadic;
    Switch = "switch", Terminator, HungOff;
    IndirectBr = "indirectbr", Terminator, HungOff;
    Invoke = "invoke", Terminator, Variadic;
    Resume = "resume", Terminator, Fixed(1);
    Unreachable = "unreachable", Terminator, Fixed(0);
    CleanupRet = "cleanupret", Terminator, Variadic;
    CatchRet = "catchret", Terminator, Fixed(2);
    CatchSwitch = "catchswitch", Terminator, HungOff;
    CallBr = "callbr", Terminator, Variadic;
    FNeg = "fneg", Unary, Fixed(1);
    Add = "add", Binary, Fixed(2);
    FAdd = "fadd", Binary, Fixed(2);
    Sub = "sub", Binary, Fixed(2);
    FSub = "fsub", Binary, Fixed(2);
    Mul = "mul", Binary, Fixed(2);
    FMul = "fmul", Binary, Fixed(2);
    UDiv = "udiv", Binary, Fixed(2);
    SDiv = "sdiv", Binary, Fixed(2);
    FDiv = "fdiv", Binary, Fixed(2);
    URem = "urem", Binary, Fixed(2);
    SRem = "srem", Binary, Fixed(2);
    FRem = "frem", Binary, Fixed(2);
    Shl = "shl", Binary, Fixed(2);
    LShr = "lshr", Binary, Fixed(2);
    AShr = "ashr", Binary, Fixed(2);
    And = "and", Binary, Fixed(2);
    Or = "or", Binary, Fixed(2);
    Xor = "xor", Binary, Fixed(2);
    Alloca = "alloca", Memory, Fixed(1);
    Load = "load", Memory, Fixed(1);
    Store = "store", Memory, Fixed(2);
    GetElementPtr = "getelementptr", Memory, Variadic;
    Fence = "fence", Memory, Fixed(0);
    AtomicCmpXchg = "cmpxchg", Memory, Fixed(3);
    AtomicRMW = "atomicrmw", Memory, Fixed(2);
    Trunc = "trunc", Cast, Fixed(1);
    ZExt = "zext", Cast, Fixed(1);
    SExt = "sext", Cast, Fixed(1);
    FPToUI = "fptoui", Cast, Fixed(1);
    FPToSI = "fptosi", Cast, Fixed(1);
    UIToFP = "uitofp", Cast, Fixed(1);
    SIToFP = "sitofp", Cast, Fixed(1);
    FPTrunc = "fptrunc", Cast, Fixed(1);
    FPExt = "fpext", Cast, Fixed(1);
    PtrToInt = "ptrtoint", Cast, Fixed(1);
    IntToPtr = "inttoptr", Cast, Fixed(1);
    BitCast = "bitcast", Cast, Fixed(1);
    AddrSpaceCast = "addrspacecast", Cast, Fixed(1);
    CleanupPad = "cleanuppad", Pad, Variadic;
    CatchPad = "catchpad", Pad, Variadic;
    ICmp = "icmp", Other, Fixed(2);
    FCmp = "fcmp", Other, Fixed(2);
    Phi = "phi", Other, HungOff;
    Call = "call", Other, Variadic;
    Select = "select", Other, Fixed(3);
    VAArg = "va_arg", Other, Fixed(1);
    ExtractElement = "extractelement", Other, Fixed(2);
    InsertElement = "insertelement", Other, Fixed(3);
    ShuffleVector = "shufflevector", Other, Fixed(2);
    ExtractValue = "extractvalue", Other, Fixed(1);
    InsertValue = "insertvalue", Other, Fixed(2);
    LandingPad = "landingpad", Pad, HungOff;
    Freeze = "freeze", Other, Fixed(1);
}

impl Opcode {
    /// Whether the opcode ends a block.
    #[inline]
    pub fn is_terminator(self) -> bool {
        self.class() == OpClass::Terminator
    }
    /// Whether the opcode is a cast.
    #[inline]
    pub fn is_cast(self) -> bool {
        self.class() == OpClass::Cast
    }
    /// Whether the opcode is a binary operator (integer, float or bitwise).
    #[inline]
    pub fn is_binary(self) -> bool {
        self.class() == OpClass::Binary
    }
    /// Whether the binary operator works on floating point.
    #[inline]
    pub fn is_fp_binary(self) -> bool {
        matches!(
            self,
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem
        )
    }
    /// Whether the binary operator is commutative.
    #[inline]
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            Opcode::Add
                | Opcode::Mul
                | Opcode::And
                | Opcode::Or
                | Opcode::Xor
                | Opcode::FAdd
                | Opcode::FMul
        )
    }
    /// Whether `nuw`/`nsw` apply (add, sub, mul, shl, trunc).
    pub fn has_wrap_flags(self) -> bool {
        matches!(
            self,
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc
        )
    }
    /// Whether `exact` applies (udiv, sdiv, lshr, ashr).
    pub fn has_exact_flag(self) -> bool {
        matches!(
            self,
            Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr
        )
    }
    /// Whether the instruction produces no value when it has a void type.
    pub(crate) fn from_u8(b: u8) -> Opcode {
        Opcode::ALL[b as usize]
    }
}

/// `flags` bits of add/sub/mul/shl/trunc.
pub mod wrap {
    /// `nuw`
    pub const NUW: u16 = 1;
    /// `nsw`
    pub const NSW: u16 = 2;
}
/// `flags` bit of udiv/sdiv/lshr/ashr.
pub const EXACT: u16 = 1;
/// `flags` bit of `or`.
pub const DISJOINT: u16 = 1;
/// `flags` bit of zext/uitofp.
pub const NNEG: u16 = 1;

/// Fast-math flags (bits of `flags` on floating-point operations, calls,
/// phi, select and fcmp), in LLVM's printing order.
pub mod fmf {
    /// `reassoc`
    pub const REASSOC: u16 = 1 << 0;
    /// `nnan`
    pub const NNAN: u16 = 1 << 1;
    /// `ninf`
    pub const NINF: u16 = 1 << 2;
    /// `nsz`
    pub const NSZ: u16 = 1 << 3;
    /// `arcp`
    pub const ARCP: u16 = 1 << 4;
    /// `contract`
    pub const CONTRACT: u16 = 1 << 5;
    /// `afn`
    pub const AFN: u16 = 1 << 6;
    /// All seven: printed as `fast`.
    pub const FAST: u16 = 0x7f;
    /// Mask of the fast-math bits.
    pub const MASK: u16 = 0x7f;
    /// Spellings in LLVM's printing order.
    pub const NAMES: [(u16, &str); 7] = [
        (REASSOC, "reassoc"),
        (NNAN, "nnan"),
        (NINF, "ninf"),
        (NSZ, "nsz"),
        (ARCP, "arcp"),
        (CONTRACT, "contract"),
        (AFN, "afn"),
    ];
}

/// GEP no-wrap flags (bits of `flags` on getelementptr).
pub mod gep {
    /// `inbounds` (implies nusw)
    pub const INBOUNDS: u16 = 1;
    /// `nusw`
    pub const NUSW: u16 = 2;
    /// `nuw`
    pub const NUW: u16 = 4;
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
pub mod mem {
    /// Width of the alignment field (log2 + 1, 0 = unspecified).
    pub const ALIGN_BITS: u16 = 6;
    /// Mask of the alignment field.
    pub const ALIGN_MASK: u16 = (1 << ALIGN_BITS) - 1;
    /// `volatile`.
    pub const VOLATILE: u16 = 1 << 6;
    /// Shift of the (success) ordering (3 bits).
    pub const ORDER_SHIFT: u16 = 7;
    /// `swifterror` (alloca only; alloca has no ordering).
    pub const SWIFTERROR: u16 = 1 << 7;
    /// Shift of the failure ordering (cmpxchg) or atomicrmw operation.
    pub const EXTRA_SHIFT: u16 = 10;
    /// Mask of the field at `EXTRA_SHIFT` (5 bits: 17 atomicrmw operations).
    pub const EXTRA_MASK: u16 = 0x1f;
    /// `weak` (cmpxchg), `inalloca` (alloca).
    pub const WEAK: u16 = 1 << 15;

    /// The field at `EXTRA_SHIFT`.
    #[inline]
    pub fn extra(flags: u16) -> u16 {
        (flags >> EXTRA_SHIFT) & EXTRA_MASK
    }
}

/// `flags` bit of `catchswitch`: operand 1 is the unwind destination
/// (`unwind label %x`); clear for `unwind to caller`.
pub const CATCHSWITCH_HAS_UNWIND: u16 = 1;

/// Atomic memory orderings.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Ordering {
    /// Not atomic.
    NotAtomic = 0,
    /// `unordered`
    Unordered = 1,
    /// `monotonic`
    Monotonic = 2,
    /// `acquire`
    Acquire = 3,
    /// `release`
    Release = 4,
    /// `acq_rel`
    AcqRel = 5,
    /// `seq_cst`
    SeqCst = 6,
}

impl Ordering {
    /// Textual spelling (empty for not-atomic).
    pub fn name(self) -> &'static str {
        [
            "",
            "unordered",
            "monotonic",
            "acquire",
            "release",
            "acq_rel",
            "seq_cst",
        ][self as usize]
    }
    /// From the 3-bit field.
    pub fn from_bits(b: u16) -> Ordering {
        [
            Ordering::NotAtomic,
            Ordering::Unordered,
            Ordering::Monotonic,
            Ordering::Acquire,
            Ordering::Release,
            Ordering::AcqRel,
            Ordering::SeqCst,
            Ordering::SeqCst,
        ][(b & 7) as usize]
    }
    /// Parses a spelling.
    pub fn from_name(s: &str) -> Option<Ordering> {
        [
            Ordering::Unordered,
            Ordering::Monotonic,
            Ordering::Acquire,
            Ordering::Release,
            Ordering::AcqRel,
            Ordering::SeqCst,
        ]
        .into_iter()
        .find(|o| o.name() == s)
    }
}

macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($v:ident = $t:literal,)* }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
        #[repr(u8)]
        pub enum $name { $(#[doc = $t] $v,)* }
        impl $name {
            /// Every value, in table order.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];
            /// Textual spelling.
            pub fn name(self) -> &'static str { match self { $($name::$v => $t,)* } }
            /// Parses a spelling.
            pub fn from_name(s: &str) -> Option<$name> { match s { $($t => Some($name::$v),)* _ => None } }
        }
    };
}

named_enum! {
    /// `atomicrmw` operations (LLVM 19).
    RmwOp {
        Xchg = "xchg", Add = "add", Sub = "sub", And = "and", Nand = "nand", Or = "or", Xor = "xor",
        Max = "max", Min = "min", UMax = "umax", UMin = "umin", FAdd = "fadd", FSub = "fsub",
        FMax = "fmax", FMin = "fmin", UIncWrap = "uinc_wrap", UDecWrap = "udec_wrap",
    }
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
    /// Parses an integer predicate spelling.
    pub fn int_from_name(s: &str) -> Option<Predicate> {
        Predicate::ALL[16..].iter().copied().find(|p| p.name() == s)
    }
    /// Parses a float predicate spelling.
    pub fn float_from_name(s: &str) -> Option<Predicate> {
        Predicate::ALL[..16].iter().copied().find(|p| p.name() == s)
    }
}

/// Tail-call marker of a call.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum TailKind {
    /// No marker.
    #[default]
    None,
    /// `tail`
    Tail,
    /// `musttail`
    MustTail,
    /// `notail`
    NoTail,
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn every_rmw_op_fits_its_field() {
        for &op in RmwOp::ALL {
            let flags = (op as u16) << mem::EXTRA_SHIFT | mem::WEAK | mem::ALIGN_MASK;
            assert_eq!(mem::extra(flags), op as u16);
        }
        assert_eq!(mem::ALIGN_MASK & mem::VOLATILE, 0);
        assert_eq!(
            (7 << mem::ORDER_SHIFT) & (mem::EXTRA_MASK << mem::EXTRA_SHIFT),
            0
        );
    }

    #[test]
    fn table_round_trips() {
        for &op in Opcode::ALL {
            assert_eq!(Opcode::from_mnemonic(op.mnemonic()), Some(op));
            assert_eq!(Opcode::from_u8(op as u8), op);
        }
        assert_eq!(Opcode::ALL.len(), 65); // LLVM 19 less the internal UserOp1/2
        assert_eq!(Predicate::ALL.len(), 26);
        assert_eq!(Predicate::int_from_name("ult"), Some(Predicate::IUlt));
        assert_eq!(Predicate::float_from_name("ult"), Some(Predicate::FUlt));
    }
}
