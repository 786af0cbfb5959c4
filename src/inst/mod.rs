//! The instruction set: one declarative opcode table and the packed flag
//! encodings of each instruction family.
//!
//! Owns [`Opcode`] (with mnemonic, class and operand-storage kind derived
//! from the single table below), atomic orderings, atomicrmw operations and
//! tail-call markers; `predicate.rs` the comparison predicates, `flags.rs`
//! the typed flags and the bit layout of `ValueData::flags`, `ops.rs` the
//! opcode families typed by their flags. It does not own the placement of
//! instructions (`ir/`) nor bitcode codes (a separate frozen table in
//! `bitcode/`, since file codes do not follow this order).

mod flags;
mod ops;
mod predicate;

pub(crate) use flags::{bits, mem};
pub use flags::{Disjoint, Exact, FastMathFlags, GepFlags, NoFlags, NonNeg, SyncScope, WrapFlags};
pub(crate) use ops::sealed::FlagBits;
pub use ops::{BinaryOpcode, CastOpcode, DisjointOp, ExactOp, FloatOp, NonNegOp, TruncOp, WrapOp};
pub use predicate::{FloatPredicate, IntPredicate, Predicate};

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
    /// Whether `disjoint` applies (`or`).
    pub fn has_disjoint_flag(self) -> bool {
        self == Opcode::Or
    }
    /// Whether `nneg` applies (`zext`, `uitofp`).
    pub fn has_nneg_flag(self) -> bool {
        matches!(self, Opcode::ZExt | Opcode::UIToFP)
    }
    /// The opcode numbered `b` in table order (a stored opcode byte).
    pub(crate) fn from_u8(b: u8) -> Opcode {
        Opcode::ALL[b as usize]
    }

    /// [`is_terminator`](Self::is_terminator) of a stored opcode byte: one
    /// compare (the terminators open `Instruction.def`, `ret` to
    /// `callbr`).
    #[inline(always)]
    pub(crate) fn is_terminator_byte(b: u8) -> bool {
        b <= Opcode::CallBr as u8
    }
}

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
    /// The spelling, `not atomic` for [`Ordering::NotAtomic`] (for
    /// messages).
    pub(crate) fn name_or_not_atomic(self) -> &'static str {
        match self {
            Ordering::NotAtomic => "not atomic",
            o => o.name(),
        }
    }
    /// From the 3-bit field.
    pub(crate) fn from_bits(b: u16) -> Ordering {
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
            assert_eq!(Opcode::is_terminator_byte(op as u8), op.is_terminator());
        }
        assert_eq!(Opcode::ALL.len(), 65); // LLVM 19 less the internal UserOp1/2
        assert_eq!(Predicate::int_from_name("ult"), Some(Predicate::IUlt));
        assert_eq!(Predicate::float_from_name("ult"), Some(Predicate::FUlt));
    }
}
