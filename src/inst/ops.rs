//! Opcode families typed by the flags they take, so that the builder's
//! `binop` and `cast_with` accept only the flags of their opcode's family:
//! `b.binop(WrapOp::Add, x, y, WrapFlags::NSW)` compiles,
//! `b.binop(FloatOp::FAdd, x, y, WrapFlags::NSW)` does not.
//!
//! Owns [`BinaryOpcode`] and [`CastOpcode`] (sealed: only the families here
//! implement them) and the families: [`WrapOp`], [`ExactOp`], [`FloatOp`],
//! [`DisjointOp`] for binary operators, [`TruncOp`] and [`NonNegOp`] for
//! casts. A plain [`Opcode`] is a family of its own that takes
//! [`NoFlags`]; the builder checks at run time that it is a binary
//! operator or a cast.
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::{FloatOp, WrapFlags}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let f32t = ctx.float_type();
//! # let fty = ctx.function_type(f32t, &[f32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let x = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.binop(FloatOp::FAdd, x, x, WrapFlags::NSW); // wrap flags on fadd
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::{WrapOp, GepFlags}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let i32t = ctx.i32_type();
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.binop(WrapOp::Add, a, a, GepFlags::INBOUNDS); // a GEP flag on add
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::FloatPredicate};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let i32t = ctx.i32_type();
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.icmp(FloatPredicate::Olt, a, a); // a float predicate on icmp
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::{WrapFlags, TruncOp}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let i32t = ctx.i32_type();
//! # let i8t = ctx.i8_type();
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.gep(i8t, a, &[a], WrapFlags::NSW); // wrap flags on a GEP
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::Opcode};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.binop(Opcode::Add, a, a, 1u16); // raw flag bits
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::{WrapOp, Exact}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.binop(WrapOp::Add, a, a, Exact(true)); // exact on add
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder, inst::{NonNegOp, WrapFlags}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.cast_with(NonNegOp::ZExt, a, i64t, WrapFlags::NUW); // wrap flags on zext
//! ```
//!
//! ```compile_fail,E0308
//! # use lair::{Context, builder::Builder};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
//! # let fty = ctx.function_type(i32t, &[i32t], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let a = ctx.arg(f, 0);
//! let mut b = Builder::at_end(&mut ctx, blk);
//! # let p = ctx.ptr_type(0);
//! b.load(i32t, p, 4u64); // a raw alignment
//! ```
//!
//! The same calls with the right families compile:
//!
//! ```
//! # use lair::{Context, builder::Builder, inst::{IntPredicate, GepFlags, WrapFlags, TruncOp}};
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i8t, ptr) = (ctx.i32_type(), ctx.i8_type(), ctx.ptr_type(0));
//! # let fty = ctx.function_type(i32t, &[i32t, ptr], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let (a, p) = (ctx.arg(f, 0), ctx.arg(f, 1));
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.icmp(IntPredicate::Slt, a, a);
//! b.gep(i8t, p, &[a], GepFlags::INBOUNDS);
//! b.cast_with(TruncOp::Trunc, a, i8t, WrapFlags::NUW);
//! ```
//!
//! ```
//! # use lair::{Context, builder::Builder, inst::{Exact, ExactOp, NoFlags, NonNeg, NonNegOp, Opcode}};
//! # use lair::types::Align;
//! # let mut ctx = Context::new();
//! # let m = ctx.create_module("m");
//! # let (i32t, i64t, ptr) = (ctx.i32_type(), ctx.i64_type(), ctx.ptr_type(0));
//! # let fty = ctx.function_type(i32t, &[i32t, ptr], false);
//! # let f = ctx.add_function(m, "f", fty);
//! # let blk = ctx.append_block(f, "entry");
//! # let (a, p) = (ctx.arg(f, 0), ctx.arg(f, 1));
//! let mut b = Builder::at_end(&mut ctx, blk);
//! b.binop(Opcode::Xor, a, a, NoFlags);
//! b.binop(ExactOp::UDiv, a, a, Exact(true));
//! b.cast_with(NonNegOp::ZExt, a, i64t, NonNeg(true));
//! b.load(i32t, p, Align::from_bytes(4));
//! ```

use super::flags::{Disjoint, Exact, FastMathFlags, NoFlags, NonNeg, WrapFlags};
use super::Opcode;

pub(crate) mod sealed {
    /// Seals [`BinaryOpcode`](super::BinaryOpcode) and
    /// [`CastOpcode`](super::CastOpcode).
    pub trait Sealed {}
    /// The stored bits of a flag type (crate-private: bits never escape).
    pub trait FlagBits: Copy + Default {
        /// The bits in `ValueData::flags`.
        fn bits(self) -> u16;
    }
}
use sealed::{FlagBits, Sealed};

impl FlagBits for NoFlags {
    #[inline]
    fn bits(self) -> u16 {
        0
    }
}
impl FlagBits for WrapFlags {
    #[inline]
    fn bits(self) -> u16 {
        super::flags::bits::wrap(self)
    }
}
impl FlagBits for FastMathFlags {
    #[inline]
    fn bits(self) -> u16 {
        super::flags::bits::fmf(self)
    }
}
impl FlagBits for Exact {
    #[inline]
    fn bits(self) -> u16 {
        self.0 as u16
    }
}
impl FlagBits for Disjoint {
    #[inline]
    fn bits(self) -> u16 {
        self.0 as u16
    }
}
impl FlagBits for NonNeg {
    #[inline]
    fn bits(self) -> u16 {
        self.0 as u16
    }
}

/// A binary-operator opcode typed by the flags it takes (sealed).
pub trait BinaryOpcode: Sealed + Copy {
    /// The flags of this family.
    type Flags: FlagBits;
    /// The opcode.
    fn opcode(self) -> Opcode;
}

/// A cast opcode typed by the flags it takes (sealed).
pub trait CastOpcode: Sealed + Copy {
    /// The flags of this family.
    type Flags: FlagBits;
    /// The opcode.
    fn opcode(self) -> Opcode;
}

impl Sealed for Opcode {}
/// Any binary operator, without flags (checked at run time to be one).
impl BinaryOpcode for Opcode {
    type Flags = NoFlags;
    #[inline]
    fn opcode(self) -> Opcode {
        self
    }
}
/// Any cast, without flags (checked at run time to be one).
impl CastOpcode for Opcode {
    type Flags = NoFlags;
    #[inline]
    fn opcode(self) -> Opcode {
        self
    }
}

macro_rules! family {
    ($(#[$m:meta])* $name:ident: $trait:ident, $flags:ty { $($v:ident,)* }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum $name { $(#[doc = concat!("`", stringify!($v), "`")] $v,)* }
        impl Sealed for $name {}
        impl $trait for $name {
            type Flags = $flags;
            #[inline]
            fn opcode(self) -> Opcode {
                match self { $($name::$v => Opcode::$v,)* }
            }
        }
        impl From<$name> for Opcode {
            #[inline]
            fn from(x: $name) -> Opcode {
                x.opcode()
            }
        }
        /// The family member of an opcode; the opcode back when it is not
        /// one.
        impl TryFrom<Opcode> for $name {
            type Error = Opcode;
            #[inline]
            fn try_from(op: Opcode) -> Result<$name, Opcode> {
                match op {
                    $(Opcode::$v => Ok($name::$v),)*
                    o => Err(o),
                }
            }
        }
    };
}

family! {
    /// The binary operators that take [`WrapFlags`] (`nuw`/`nsw`).
    WrapOp: BinaryOpcode, WrapFlags { Add, Sub, Mul, Shl, }
}
family! {
    /// The binary operators that take [`Exact`].
    ExactOp: BinaryOpcode, Exact { UDiv, SDiv, LShr, AShr, }
}
family! {
    /// The floating-point binary operators, which take [`FastMathFlags`].
    FloatOp: BinaryOpcode, FastMathFlags { FAdd, FSub, FMul, FDiv, FRem, }
}
family! {
    /// `or`, which takes [`Disjoint`].
    DisjointOp: BinaryOpcode, Disjoint { Or, }
}
family! {
    /// `trunc`, which takes [`WrapFlags`].
    TruncOp: CastOpcode, WrapFlags { Trunc, }
}
family! {
    /// The casts that take [`NonNeg`] (`zext`, `uitofp`).
    NonNegOp: CastOpcode, NonNeg { ZExt, UIToFP, }
}
