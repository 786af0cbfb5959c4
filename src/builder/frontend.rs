//! The frontend author's half of the builder: a named method for every
//! instruction LLVM's `IRBuilder` has a `Create*` for, names given at
//! construction ([`Builder::named`]), constants and types without going
//! through [`Builder::ctx`], PHIs and switches built with their entries,
//! struct GEPs, global strings, and the cursor's block, function and module.
//!
//! Everything here is written over the checked primitives of
//! `builder.rs` (`binop`, `cast`, `gep`, `phi`, `switch`, ...), so it checks
//! and folds exactly as they do.
//!
//! # Design
//!
//! The methods, one call more than the checked primitives they use:
//!
//! - a named method for every instruction `IRBuilder` has a `Create*` for:
//!   `sdiv` ... `ashr`, `fadd` ... `frem`, `add_nsw`/`sub_nsw`/`mul_nsw`,
//!   `neg` (`sub 0, x`) and `not` (`xor x, -1`) as LLVM spells them, one
//!   method per cast opcode and `int_cast` (`CreateIntCast`: the value
//!   itself at equal width, else `trunc`/`sext`/`zext`), `icmp_<pred>` and
//!   `fcmp_<pred>` for the predicates frontends use;
//! - names at construction: `b.named("sum").add(x, y)`. `Named` borrows the
//!   builder, runs the method, and names the result only when the method
//!   inserted an instruction — the instruction before the cursor changed and
//!   is the result. A fold to a constant, or a result that is an existing
//!   value (`int_cast` to the same type, a GEP with no indices), keeps no new
//!   name, as `IRBuilder::Insert(V, Name)` names only instructions. One
//!   `last_inst`/`prev_inst` read before and after: O(1). Names are made
//!   unique by `Context::set_name` (`sum`, `sum1`, ...);
//! - constants and common types without `ctx`: `i32(..)`, `i64(..)`,
//!   `f64(..)`, `bool(..)`, `const_int`, `const_null`, `null_ptr`, `i64_type()`...;
//! - entries at creation: `phi_with(&[(v, bb)])` (the type of the first
//!   value; empty panics naming the method), `empty_phi(ty)` +
//!   `add_incoming(phi, v, bb)` for loop headers (both take and give
//!   `Value`, no `.0`), `switch_with(cond, default, &[(c, bb)])`;
//! - `in_bounds_gep`, `struct_gep` (`inbounds`, `i32 0, i32 field`, as
//!   `CreateStructGEP`; a non-struct type panics naming it),
//!   `global_string_ptr` (private `unnamed_addr` constant `[N x i8]`,
//!   align 1, as `CreateGlobalString`; in LLVM 19 with opaque pointers the
//!   "pointer" is the global itself);
//! - the cursor's `block()`, `function()`, `module()`, `append_block(name)`,
//!   `arg(i)`.
//!
//! Alignment: `load`, `store` and `alloca` given `None` take the ABI
//! alignment of the loaded/stored type (the preferred one for `alloca`) in
//! the module's data layout, as `IRBuilder` does; `atomicrmw` and
//! `cmpxchg` take the store size of the value's type (`None` when it is not
//! a power of two, where LLVM's `Align` asserts). So every memory
//! instruction the builder makes has an alignment, as every one LLVM 19 makes
//! does. The layout is the module's cached parse, borrowed beside
//! `&Context` (`parsed_module_layout`: one string compare when fresh, no
//! clone); a cursor in no function, or a module whose layout string does
//! not parse, uses the default layout. `alloca` stays in address
//! space 0 whatever the layout's alloca address space (a deviation: LLVM
//! uses `DL.getAllocaAddrSpace()`; the frontends lair serves today target
//! address space 0).
//!
//! `Context::host_target()` / `layout::Target` (in `layout/target.rs`, as it
//! is data-layout knowledge) give the triple and data layout clang 19 picks
//! for x86_64 and AArch64 on Linux, macOS and Windows and riscv64 Linux;
//! `tests/data/targets/clang19.txt` is what `clang-19 -target <t>
//! -S -emit-llvm` writes for each, re-derived by `scripts/target-table.sh
//! --check` in CI. On macOS clang writes the running OS version into the
//! triple; lair names 11.0.0 (no system call).
//!
//! `examples/toy/` is a frontend for a small language written only against
//! the public API with these methods; `.ci/run` compiles its programs,
//! passes each module through `opt-19 -passes=verify`, builds it with
//! `clang-19`, runs it and compares the output with `examples/toy/*.expected`.

use crate::inst::{
    FloatPredicate, GepFlags, IntPredicate, Opcode, Ordering, RmwOp, WrapFlags, WrapOp,
};
use crate::ir::global::{Linkage, UnnamedAddr};
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::{Block, Function, Inst, Module};
use crate::types::{Align, Type, TypeData};
use crate::value::{Value, ValueKind};

use super::{Builder, Cursor};

/// A builder step that names the value the next method creates
/// (`b.named("sum").add(x, y)`), as `IRBuilder`'s `Name` argument does.
///
/// The name goes on the instruction the method inserts; when the method
/// inserts none (it folded its operands to a constant, or returned an
/// existing value, as [`int_cast`](Builder::int_cast) to the value's own
/// type does), the name is dropped, as LLVM's is. Made by [`Builder::named`]; every value-producing method
/// of [`Builder`] has a counterpart here.
///
/// # Panics
/// When the method inserts a `void` instruction (a call of a `void`
/// function): LLVM cannot name one either.
#[must_use = "a name step does nothing until a method is called on it"]
pub struct Named<'b, 'a> {
    b: &'b mut Builder<'a>,
    name: &'b str,
}

/// What is just before the cursor: the instruction a new instruction
/// follows (`None` at the start of a block).
fn before_cursor(b: &Builder<'_>) -> Option<Inst> {
    match b.cursor {
        Cursor::End(blk) => b.ctx.last_inst(blk),
        Cursor::Before(i) => b.ctx.prev_inst(i),
    }
}

impl Named<'_, '_> {
    /// Runs `make` on the builder and names the instruction it inserted,
    /// if it inserted one.
    fn make<T: Copy + Into<Value>>(self, make: impl FnOnce(&mut Builder<'_>) -> T) -> T {
        let was = before_cursor(self.b);
        let r = make(self.b);
        let v: Value = r.into();
        let now = before_cursor(self.b);
        if now != was && now.map(|i| i.0) == Some(v) && !self.name.is_empty() {
            let ty = self.b.ctx.type_of(v);
            if self.b.ctx.is_void(ty) {
                panic!(
                    "Builder::named: `{}` would name a void instruction, which LLVM \
                     cannot name either (call a void function without `named`)",
                    self.name
                );
            }
            self.b.ctx.set_name(v, self.name);
        }
        r
    }

    /// [`Builder::binop`], named.
    pub fn binop<O: crate::inst::BinaryOpcode>(
        self,
        op: O,
        a: Value,
        b: Value,
        flags: O::Flags,
    ) -> Value {
        self.make(|bl| bl.binop(op, a, b, flags))
    }

    /// [`Builder::cast_with`], named.
    pub fn cast_with<O: crate::inst::CastOpcode>(
        self,
        op: O,
        v: Value,
        ty: Type,
        flags: O::Flags,
    ) -> Value {
        self.make(|bl| bl.cast_with(op, v, ty, flags))
    }
}

/// Generates the [`Named`] counterparts of value-producing methods.
macro_rules! named_methods {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        impl Named<'_, '_> {
            $(
                #[doc = concat!("[`Builder::", stringify!($name), "`], named.")]
                pub fn $name(self, $($arg: $ty),*) -> $ret {
                    self.make(|bl| bl.$name($($arg),*))
                }
            )*
        }
    };
}

named_methods! {
    add(a: Value, b: Value) -> Value;
    sub(a: Value, b: Value) -> Value;
    mul(a: Value, b: Value) -> Value;
    add_nsw(a: Value, b: Value) -> Value;
    sub_nsw(a: Value, b: Value) -> Value;
    mul_nsw(a: Value, b: Value) -> Value;
    sdiv(a: Value, b: Value) -> Value;
    udiv(a: Value, b: Value) -> Value;
    srem(a: Value, b: Value) -> Value;
    urem(a: Value, b: Value) -> Value;
    and(a: Value, b: Value) -> Value;
    or(a: Value, b: Value) -> Value;
    xor(a: Value, b: Value) -> Value;
    shl(a: Value, b: Value) -> Value;
    lshr(a: Value, b: Value) -> Value;
    ashr(a: Value, b: Value) -> Value;
    neg(a: Value) -> Value;
    not(a: Value) -> Value;
    fadd(a: Value, b: Value) -> Value;
    fsub(a: Value, b: Value) -> Value;
    fmul(a: Value, b: Value) -> Value;
    fdiv(a: Value, b: Value) -> Value;
    frem(a: Value, b: Value) -> Value;
    fneg(a: Value) -> Value;
    icmp(pred: IntPredicate, a: Value, b: Value) -> Value;
    fcmp(pred: FloatPredicate, a: Value, b: Value) -> Value;
    icmp_eq(a: Value, b: Value) -> Value;
    icmp_ne(a: Value, b: Value) -> Value;
    icmp_slt(a: Value, b: Value) -> Value;
    icmp_sle(a: Value, b: Value) -> Value;
    icmp_sgt(a: Value, b: Value) -> Value;
    icmp_sge(a: Value, b: Value) -> Value;
    icmp_ult(a: Value, b: Value) -> Value;
    icmp_ule(a: Value, b: Value) -> Value;
    icmp_ugt(a: Value, b: Value) -> Value;
    icmp_uge(a: Value, b: Value) -> Value;
    fcmp_oeq(a: Value, b: Value) -> Value;
    fcmp_one(a: Value, b: Value) -> Value;
    fcmp_olt(a: Value, b: Value) -> Value;
    fcmp_ole(a: Value, b: Value) -> Value;
    fcmp_ogt(a: Value, b: Value) -> Value;
    fcmp_oge(a: Value, b: Value) -> Value;
    fcmp_une(a: Value, b: Value) -> Value;
    fcmp_uno(a: Value, b: Value) -> Value;
    fcmp_ord(a: Value, b: Value) -> Value;
    cast(op: Opcode, v: Value, ty: Type) -> Value;
    trunc(v: Value, ty: Type) -> Value;
    zext(v: Value, ty: Type) -> Value;
    sext(v: Value, ty: Type) -> Value;
    fptrunc(v: Value, ty: Type) -> Value;
    fpext(v: Value, ty: Type) -> Value;
    fptoui(v: Value, ty: Type) -> Value;
    fptosi(v: Value, ty: Type) -> Value;
    uitofp(v: Value, ty: Type) -> Value;
    sitofp(v: Value, ty: Type) -> Value;
    ptrtoint(v: Value, ty: Type) -> Value;
    inttoptr(v: Value, ty: Type) -> Value;
    bitcast(v: Value, ty: Type) -> Value;
    addrspacecast(v: Value, ty: Type) -> Value;
    int_cast(v: Value, ty: Type, signed: bool) -> Value;
    select(c: Value, t: Value, f: Value) -> Value;
    freeze(v: Value) -> Value;
    alloca(ty: Type, count: Option<Value>, align: Option<Align>) -> Value;
    load(ty: Type, p: Value, align: Option<Align>) -> Value;
    gep(src: Type, base: Value, indices: &[Value], flags: GepFlags) -> Value;
    in_bounds_gep(src: Type, base: Value, indices: &[Value]) -> Value;
    struct_gep(ty: Type, base: Value, field: u32) -> Value;
    extract_value(agg: Value, idx: &[u32]) -> Value;
    insert_value(agg: Value, v: Value, idx: &[u32]) -> Value;
    extract_element(vec: Value, idx: Value) -> Value;
    insert_element(vec: Value, v: Value, idx: Value) -> Value;
    shuffle_vector(a: Value, b: Value, mask: &[i32]) -> Value;
    va_arg(list: Value, ty: Type) -> Value;
    phi(ty: Type, reserve: u32) -> Inst;
    phi_with(incoming: &[(Value, Block)]) -> Value;
    empty_phi(ty: Type) -> Value;
    call(fn_ty: Type, callee: Value, args: &[Value]) -> Value;
    call_function(f: Function, args: &[Value]) -> Value;
    call_intrinsic(id: IntrinsicId, overloads: &[Type], args: &[Value]) -> Value;
    invoke(fn_ty: Type, callee: Value, args: &[Value], normal: Block, unwind: Block) -> Value;
    atomicrmw(op: RmwOp, p: Value, v: Value, ord: Ordering, align: Option<Align>) -> Value;
    cmpxchg(p: Value, cmp: Value, new: Value, success: Ordering, failure: Ordering,
        align: Option<Align>) -> Value;
    landing_pad(ty: Type, cleanup: bool) -> Inst;
    catch_switch(parent: Value, unwind: Option<Block>, reserve: u32) -> Value;
    catch_pad(catch_switch: Value, args: &[Value]) -> Value;
    cleanup_pad(parent: Value, args: &[Value]) -> Value;
}

/// Binary operators with a named method each.
macro_rules! binops {
    ($($(#[$doc:meta])* $name:ident = $op:ident;)*) => {
        $(
            $(#[$doc])*
            #[doc = concat!("`", stringify!($name), "`: as [`add`](Self::add) for `",
                stringify!($op), "`.")]
            #[inline]
            pub fn $name(&mut self, a: Value, b: Value) -> Value {
                self.binop_raw(concat!("Builder::", stringify!($name)), Opcode::$op, a, b, 0)
            }
        )*
    };
}

/// Comparisons with a named method each.
macro_rules! cmps {
    ($kind:ident, $pty:ident: $($name:ident = $pred:ident),*) => {
        $(
            #[doc = concat!("`", stringify!($kind), " ", stringify!($pred),
                "`: [`", stringify!($kind), "`](Self::", stringify!($kind), ") with `",
                stringify!($pty), "::", stringify!($pred), "`.")]
            pub fn $name(&mut self, a: Value, b: Value) -> Value {
                self.$kind($pty::$pred, a, b)
            }
        )*
    };
}

/// Casts with a named method each.
macro_rules! casts {
    ($($name:ident = $op:ident),*) => {
        $(
            #[doc = concat!("`", stringify!($name), "` of `v` to `ty`: [`cast`](Self::cast) with `Opcode::",
                stringify!($op), "`, checked and folded as it.")]
            pub fn $name(&mut self, v: Value, ty: Type) -> Value {
                self.cast_raw(concat!("Builder::", stringify!($name)), Opcode::$op, v, ty, 0)
            }
        )*
    };
}

/// # Named instructions, constants, names
impl<'a> Builder<'a> {
    // ---- names -----------------------------------------------------------

    /// Names the value the next method creates: `b.named("sum").add(x, y)`
    /// is `%sum = add ...`. A no-op when that method folds to a constant
    /// or to an existing value (see [`Named`]). Names are made unique in
    /// the function as LLVM does (`sum1`, `sum2`, ...).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let i32t = ctx.i32_type();
    /// # let fty = ctx.function_type(i32t, &[i32t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let x = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let sum = b.named("sum").add(x, x);
    /// let (two, three) = (b.i32(2), b.i32(3));
    /// let five = b.named("five").add(two, three); // folded: stays unnamed
    /// let r = b.named("r").add(sum, five);
    /// b.ret(Some(r));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%sum = add i32 %0, %0"), "{text}");
    /// assert!(text.contains("%r = add i32 %sum, 5"), "{text}");
    /// ```
    pub fn named<'b>(&'b mut self, name: &'b str) -> Named<'b, 'a> {
        Named { b: self, name }
    }

    /// Names `v` if it is an instruction or argument; a constant (what a
    /// folded method returns) keeps no name, as in LLVM. Returns `v`.
    ///
    /// # Panics
    /// If `v` is a `void` instruction (a `store`, a call of a `void`
    /// function), which LLVM cannot name either.
    pub fn set_name(&mut self, v: Value, name: &str) -> Value {
        match self.ctx.value_kind(v) {
            ValueKind::Instruction | ValueKind::Argument | ValueKind::Block => {
                self.ctx.set_name(v, name)
            }
            _ => {}
        }
        v
    }

    // ---- where the cursor is ----------------------------------------------

    /// The block the cursor inserts into.
    ///
    /// # Panics
    /// If the cursor is before an instruction that is in no block.
    pub fn block(&self) -> Block {
        match self.cursor {
            Cursor::End(b) => b,
            Cursor::Before(i) => self.ctx.inst_parent(i).unwrap_or_else(|| {
                panic!("Builder::block: the cursor's instruction is in no block")
            }),
        }
    }

    /// The function the cursor inserts into, if its block is in one.
    pub fn function(&self) -> Option<Function> {
        self.ctx.block_parent(self.block())
    }

    /// The module the cursor inserts into, if its block is in a function.
    pub fn module(&self) -> Option<Module> {
        self.function().map(|f| self.ctx.global_parent(f))
    }

    /// The module, or a panic naming `who`.
    fn module_for(&self, who: &str) -> Module {
        self.module()
            .unwrap_or_else(|| panic!("{who}: the cursor's block is in no function"))
    }

    /// Appends a new block named `name` to the cursor's function (the
    /// cursor does not move; see [`position_at_end`](Self::position_at_end)).
    ///
    /// # Panics
    /// If the cursor's block is in no function.
    pub fn append_block(&mut self, name: &str) -> Block {
        let f = self.function().unwrap_or_else(|| {
            panic!("Builder::append_block: the cursor's block is in no function")
        });
        self.ctx.append_block(f, name)
    }

    /// Argument `i` of the cursor's function.
    ///
    /// # Panics
    /// If the cursor's block is in no function, or `i` is out of range.
    pub fn arg(&self, i: usize) -> Value {
        let f = self
            .function()
            .unwrap_or_else(|| panic!("Builder::arg: the cursor's block is in no function"));
        self.ctx.arg(f, i)
    }

    // ---- types and constants ---------------------------------------------

    /// `i1`.
    pub fn i1_type(&self) -> Type {
        self.ctx.i1_type()
    }
    /// `i8`.
    pub fn i8_type(&self) -> Type {
        self.ctx.i8_type()
    }
    /// `i32`.
    pub fn i32_type(&self) -> Type {
        self.ctx.i32_type()
    }
    /// `i64`.
    pub fn i64_type(&self) -> Type {
        self.ctx.i64_type()
    }
    /// `iN`.
    pub fn int_type(&mut self, bits: u32) -> Type {
        self.ctx.int_type(bits)
    }
    /// `double`.
    pub fn double_type(&self) -> Type {
        self.ctx.double_type()
    }
    /// `float`.
    pub fn float_type(&self) -> Type {
        self.ctx.float_type()
    }
    /// `ptr` (address space 0).
    pub fn ptr_type(&self) -> Type {
        self.ctx.ptr0_type()
    }

    /// An integer (or integer-vector splat) constant of `ty`, `value`
    /// truncated to its width ([`Context::const_int`](crate::Context::const_int)).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let i64t = ctx.i64_type();
    /// # let fty = ctx.function_type(i64t, &[], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (x, y) = (b.i64(-2), b.const_int(i64t, 7));
    /// let yes = b.bool(true);
    /// let pi = b.f64(3.25);
    /// let r = b.mul(x, y); // folded: i64 -14
    /// assert_eq!(b.ctx.const_int_value(r).unwrap().sext_value(), -14);
    /// # let _ = (yes, pi);
    /// ```
    pub fn const_int(&mut self, ty: Type, value: u64) -> Value {
        self.ctx.const_int(ty, value)
    }
    /// A signed integer constant of `ty`, sign-extended or truncated to
    /// its width.
    pub fn const_int_signed(&mut self, ty: Type, value: i64) -> Value {
        self.ctx.const_int_signed(ty, value)
    }
    /// `i1 true` / `i1 false`.
    pub fn bool(&mut self, v: bool) -> Value {
        let t = self.ctx.i1_type();
        self.ctx.const_int(t, v as u64)
    }
    /// An `i8` constant.
    pub fn i8(&mut self, v: i8) -> Value {
        let t = self.ctx.i8_type();
        self.ctx.const_int_signed(t, v.into())
    }
    /// An `i32` constant.
    pub fn i32(&mut self, v: i32) -> Value {
        let t = self.ctx.i32_type();
        self.ctx.const_int_signed(t, v.into())
    }
    /// An `i64` constant.
    pub fn i64(&mut self, v: i64) -> Value {
        let t = self.ctx.i64_type();
        self.ctx.const_int_signed(t, v)
    }
    /// A floating-point constant of `ty`, `x` rounded to its format.
    pub fn const_float(&mut self, ty: Type, x: f64) -> Value {
        self.ctx.const_float(ty, x)
    }
    /// A `double` constant.
    pub fn f64(&mut self, x: f64) -> Value {
        let t = self.ctx.double_type();
        self.ctx.const_float(t, x)
    }
    /// A `float` constant.
    pub fn f32(&mut self, x: f32) -> Value {
        let t = self.ctx.float_type();
        self.ctx.const_float(t, x.into())
    }
    /// The null (all-zero) constant of `ty`: `0`, `0.0`, `null`,
    /// `zeroinitializer`.
    pub fn const_null(&mut self, ty: Type) -> Value {
        self.ctx.const_null(ty)
    }
    /// `ptr null`.
    pub fn null_ptr(&mut self) -> Value {
        let p = self.ctx.ptr0_type();
        self.ctx.const_null(p)
    }
    /// `poison` of `ty`.
    pub fn poison(&mut self, ty: Type) -> Value {
        self.ctx.const_poison(ty)
    }
    /// `undef` of `ty`.
    pub fn undef(&mut self, ty: Type) -> Value {
        self.ctx.const_undef(ty)
    }

    // ---- arithmetic ------------------------------------------------------

    binops! {
        /// Signed division; folded for constants (by zero: `poison`).
        ///
        /// ```
        /// # use lair::{Context, builder::Builder};
        /// # let mut ctx = Context::new();
        /// # let m = ctx.create_module("m");
        /// # let (i32t, f64t) = (ctx.i32_type(), ctx.double_type());
        /// # let fty = ctx.function_type(i32t, &[i32t, i32t, f64t], false);
        /// # let f = ctx.add_function(m, "f", fty);
        /// # let entry = ctx.append_block(f, "entry");
        /// # let (x, y, d) = (ctx.arg(f, 0), ctx.arg(f, 1), ctx.arg(f, 2));
        /// let mut b = Builder::at_end(&mut ctx, entry);
        /// let q = b.named("q").sdiv(x, y);
        /// let r = b.named("r").urem(q, y);
        /// let s = b.named("s").ashr(r, x);
        /// let t = b.named("t").not(s);
        /// let u = b.named("u").neg(t);
        /// let h = b.named("h").fmul(d, d);
        /// let g = b.named("g").fneg(h);
        /// let back = b.named("back").fptosi(g, i32t);
        /// let sum = b.named("sum").add_nsw(u, back);
        /// b.ret(Some(sum));
        /// let text = ctx.display_function(f).to_string();
        /// for line in ["%q = sdiv i32 %0, %1", "%r = urem i32 %q, %1", "%s = ashr i32 %r, %0",
        ///     "%t = xor i32 %s, -1", "%u = sub i32 0, %t", "%h = fmul double %2, %2",
        ///     "%g = fneg double %h", "%back = fptosi double %g to i32",
        ///     "%sum = add nsw i32 %u, %back"] {
        ///     assert!(text.contains(line), "{line} in {text}");
        /// }
        /// ```
        sdiv = SDiv;
        /// Unsigned division.
        udiv = UDiv;
        /// Signed remainder.
        srem = SRem;
        /// Unsigned remainder.
        urem = URem;
        /// Logical shift right.
        lshr = LShr;
        /// Arithmetic shift right.
        ashr = AShr;
        /// Floating-point addition.
        fadd = FAdd;
        /// Floating-point subtraction.
        fsub = FSub;
        /// Floating-point multiplication.
        fmul = FMul;
        /// Floating-point division.
        fdiv = FDiv;
        /// Floating-point remainder.
        frem = FRem;
    }

    /// `add nsw` (`IRBuilder::CreateNSWAdd`).
    pub fn add_nsw(&mut self, a: Value, b: Value) -> Value {
        self.binop(WrapOp::Add, a, b, WrapFlags::NSW)
    }
    /// `sub nsw` (`IRBuilder::CreateNSWSub`).
    pub fn sub_nsw(&mut self, a: Value, b: Value) -> Value {
        self.binop(WrapOp::Sub, a, b, WrapFlags::NSW)
    }
    /// `mul nsw` (`IRBuilder::CreateNSWMul`).
    pub fn mul_nsw(&mut self, a: Value, b: Value) -> Value {
        self.binop(WrapOp::Mul, a, b, WrapFlags::NSW)
    }

    /// `sub 0, a` (`IRBuilder::CreateNeg`).
    ///
    /// # Panics
    /// If `a` is not an integer (or a vector of them).
    pub fn neg(&mut self, a: Value) -> Value {
        let ty = self.ctx.type_of(a);
        let zero = self.ctx.const_null(ty);
        self.binop_raw("Builder::neg", Opcode::Sub, zero, a, 0)
    }

    /// `xor a, -1` (`IRBuilder::CreateNot`).
    ///
    /// # Panics
    /// If `a` is not an integer (or a vector of them).
    pub fn not(&mut self, a: Value) -> Value {
        let ty = self.ctx.type_of(a);
        if !self.ctx.int_like(ty) {
            self.ctx.bad_binary_family("Builder::not", Opcode::Xor, ty);
        }
        let ones = self.ctx.const_all_ones(ty);
        self.binop_raw("Builder::not", Opcode::Xor, a, ones, 0)
    }

    // ---- comparisons -----------------------------------------------------

    cmps!(icmp, IntPredicate: icmp_eq = Eq, icmp_ne = Ne, icmp_slt = Slt, icmp_sle = Sle,
        icmp_sgt = Sgt, icmp_sge = Sge, icmp_ult = Ult, icmp_ule = Ule, icmp_ugt = Ugt,
        icmp_uge = Uge);
    cmps!(fcmp, FloatPredicate: fcmp_oeq = Oeq, fcmp_one = One, fcmp_olt = Olt,
        fcmp_ole = Ole, fcmp_ogt = Ogt, fcmp_oge = Oge, fcmp_une = Une, fcmp_uno = Uno,
        fcmp_ord = Ord);

    // ---- casts -----------------------------------------------------------

    casts!(
        trunc = Trunc,
        zext = ZExt,
        sext = SExt,
        fptrunc = FPTrunc,
        fpext = FPExt,
        fptoui = FPToUI,
        fptosi = FPToSI,
        uitofp = UIToFP,
        sitofp = SIToFP,
        ptrtoint = PtrToInt,
        inttoptr = IntToPtr,
        bitcast = BitCast,
        addrspacecast = AddrSpaceCast
    );

    /// An integer to `ty` by width (`IRBuilder::CreateIntCast`): `v`
    /// itself at the same width, `trunc` to a narrower type, `sext` (when
    /// `signed`) or `zext` to a wider one.
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i8t, i32t, i64t) = (ctx.i8_type(), ctx.i32_type(), ctx.i64_type());
    /// # let fty = ctx.function_type(i64t, &[i32t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let x = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// assert_eq!(b.int_cast(x, i32t, true), x);
    /// let small = b.named("small").int_cast(x, i8t, true);
    /// let wide = b.named("wide").int_cast(small, i64t, true);
    /// b.ret(Some(wide));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%small = trunc i32 %0 to i8"), "{text}");
    /// assert!(text.contains("%wide = sext i8 %small to i64"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If `v` or `ty` is not an integer (or vectors of them of one length).
    pub fn int_cast(&mut self, v: Value, ty: Type, signed: bool) -> Value {
        let from = self.ctx.type_of(v);
        if from == ty {
            return v;
        }
        let (fw, tw) = (
            scalar_int_width(self.ctx, from),
            scalar_int_width(self.ctx, ty),
        );
        let op = match (fw, tw) {
            (Some(f), Some(t)) if f > t => Opcode::Trunc,
            (Some(_), Some(_)) if signed => Opcode::SExt,
            _ => Opcode::ZExt,
        };
        self.cast_raw("Builder::int_cast", op, v, ty, 0)
    }

    // ---- memory ----------------------------------------------------------

    /// `getelementptr inbounds <src>, ptr <base>, <indices...>`
    /// (`IRBuilder::CreateInBoundsGEP`), checked and folded as
    /// [`gep`](Self::gep).
    pub fn in_bounds_gep(&mut self, src: Type, base: Value, indices: &[Value]) -> Value {
        self.gep(src, base, indices, GepFlags::INBOUNDS)
    }

    /// The address of field `field` of the struct of type `ty` at `base`:
    /// `getelementptr inbounds <ty>, ptr <base>, i32 0, i32 <field>`
    /// (`IRBuilder::CreateStructGEP`).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// let (i32t, f64t, ptr) = (ctx.i32_type(), ctx.double_type(), ctx.ptr_type(0));
    /// let point = ctx.create_struct("point");
    /// ctx.set_struct_body(point, &[i32t, f64t], false);
    /// # let fty = ctx.function_type(f64t, &[ptr], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let p = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let yp = b.named("y.addr").struct_gep(point, p, 1);
    /// let y = b.named("y").load(f64t, yp, None);
    /// b.ret(Some(y));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%y.addr = getelementptr inbounds %point, ptr %0, i32 0, i32 1"), "{text}");
    /// assert!(text.contains("%y = load double, ptr %y.addr, align 8"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If `ty` is not a struct with a field `field`, or as [`gep`](Self::gep).
    pub fn struct_gep(&mut self, ty: Type, base: Value, field: u32) -> Value {
        let i32t = self.ctx.i32_type();
        let zero = self.ctx.const_int(i32t, 0);
        let idx = self.ctx.const_int(i32t, field.into());
        if !matches!(
            self.ctx.type_data(ty),
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
        ) {
            panic!(
                "Builder::struct_gep: {} is not a struct type",
                ty.display(self.ctx)
            );
        }
        self.gep(ty, base, &[zero, idx], GepFlags::INBOUNDS)
    }

    /// A private, `unnamed_addr`, constant global holding `s` and a NUL,
    /// aligned to 1, in the cursor's module; returns its address
    /// (`IRBuilder::CreateGlobalStringPtr`, which in LLVM 19 is the global
    /// itself). An empty `name` leaves the global unnamed (`@0`).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    /// let puts_ty = ctx.function_type(i32t, &[ptr], false);
    /// let puts = ctx.add_function(m, "puts", puts_ty);
    /// # let fty = ctx.function_type(i32t, &[], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let hello = b.global_string_ptr("hello", "hello");
    /// let r = b.named("r").call_function(puts, &[hello]);
    /// b.ret(Some(r));
    /// let text = ctx.print_module(m);
    /// assert!(text.contains(r#"@hello = private unnamed_addr constant [6 x i8] c"hello\00", align 1"#), "{text}");
    /// assert!(text.contains("%r = call i32 @puts(ptr @hello)"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If the cursor's block is in no function.
    pub fn global_string_ptr(&mut self, s: &str, name: &str) -> Value {
        let m = self.module_for("Builder::global_string_ptr");
        let init = self.ctx.const_string(s.as_bytes(), true);
        let ty = self.ctx.type_of(init);
        let g = self.ctx.add_global_var(m, name, ty, 0);
        self.ctx.set_initializer(g, Some(init));
        let d = self.ctx.global_data_mut(g);
        d.linkage = Linkage::Private;
        d.unnamed_addr = UnnamedAddr::Global;
        d.is_constant = true;
        d.align = Some(1);
        g.0
    }

    /// The alignment `load`, `store` and `alloca` get when given `None`,
    /// as `IRBuilder` gives it: the ABI alignment of `ty` in the cursor's
    /// module's data layout (the preferred alignment for `alloca`); the
    /// default data layout's when the cursor is in no function.
    pub(super) fn default_align(&mut self, ty: Type, preferred: bool) -> Option<Align> {
        self.with_layout(|dl, ctx| {
            if preferred {
                dl.pref_align(ctx, ty).ok()
            } else {
                dl.abi_align(ctx, ty).ok()
            }
        })
    }

    /// The alignment `atomicrmw` and `cmpxchg` get when given `None`, as
    /// `IRBuilder` gives it: the store size of `ty` (`None` when that is
    /// not a power of two, where LLVM's `Align` asserts).
    pub(super) fn default_atomic_align(&mut self, ty: Type) -> Option<Align> {
        self.with_layout(|dl, ctx| {
            let size = dl.store_size(ctx, ty).ok()?.fixed_value()?;
            Align::from_bytes(size)
        })
    }

    /// Runs `f` on the cursor's module's data layout (the default one when
    /// the cursor is in no function or the string does not parse).
    fn with_layout<R>(&mut self, f: impl FnOnce(&crate::DataLayout, &crate::Context) -> R) -> R {
        if let Some(m) = self.module() {
            // Parse (or find fresh) once; then borrow it beside `&Context`.
            if self.ctx.module_layout(m).is_ok() {
                let ctx: &crate::Context = self.ctx;
                if let Some(dl) = ctx.parsed_module_layout(m) {
                    return f(dl, ctx);
                }
            }
        }
        f(&crate::DataLayout::default(), self.ctx)
    }

    // ---- PHIs and switches -----------------------------------------------

    /// A PHI with its incoming `(value, block)` pairs, of the first value's
    /// type.
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let i32t = ctx.i32_type();
    /// # let fty = ctx.function_type(i32t, &[i32t], false);
    /// # let f = ctx.add_function(m, "abs", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let x = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (neg, join) = (b.append_block("neg"), b.append_block("join"));
    /// let zero = b.i32(0);
    /// let is_neg = b.named("is.neg").icmp_slt(x, zero);
    /// b.cond_br(is_neg, neg, join);
    /// b.position_at_end(neg);
    /// let minus = b.named("minus").neg(x);
    /// b.br(join);
    /// b.position_at_end(join);
    /// let r = b.named("r").phi_with(&[(x, entry), (minus, neg)]);
    /// b.ret(Some(r));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%r = phi i32 [ %0, %entry ], [ %minus, %neg ]"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If `incoming` is empty (use [`empty_phi`](Self::empty_phi)), or as
    /// [`Context::phi_add_incoming`](crate::Context::phi_add_incoming).
    pub fn phi_with(&mut self, incoming: &[(Value, Block)]) -> Value {
        let Some(&(first, _)) = incoming.first() else {
            panic!("Builder::phi_with: no incoming values (use empty_phi and add_incoming)")
        };
        let ty = self.ctx.type_of(first);
        let phi = self.phi(ty, incoming.len() as u32);
        let mut adder = self.ctx.phi_adder(phi);
        for &(v, b) in incoming {
            adder.add(v, b);
        }
        phi.0
    }

    /// A PHI of `ty` with no incoming values yet, for a loop header whose
    /// back-edge value is built later; fill it with
    /// [`add_incoming`](Self::add_incoming).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let i32t = ctx.i32_type();
    /// # let fty = ctx.function_type(i32t, &[i32t], false);
    /// # let f = ctx.add_function(m, "count", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let n = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (body, done) = (b.append_block("loop"), b.append_block("done"));
    /// b.br(body);
    /// b.position_at_end(body);
    /// let i = b.named("i").empty_phi(i32t);
    /// let one = b.i32(1);
    /// let next = b.named("next").add(i, one);
    /// let stop = b.named("stop").icmp_eq(next, n);
    /// b.cond_br(stop, done, body);
    /// let zero = b.i32(0);
    /// b.add_incoming(i, zero, entry);
    /// b.add_incoming(i, next, body);
    /// b.position_at_end(done);
    /// b.ret(Some(next));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%i = phi i32 [ 0, %entry ], [ %next, %loop ]"), "{text}");
    /// ```
    ///
    /// # Panics
    /// As [`phi`](Self::phi).
    pub fn empty_phi(&mut self, ty: Type) -> Value {
        self.phi(ty, 2).0
    }

    /// Adds an incoming `(v, block)` to the PHI `phi`.
    ///
    /// # Panics
    /// If `phi` is not a PHI, or as
    /// [`Context::phi_add_incoming`](crate::Context::phi_add_incoming).
    pub fn add_incoming(&mut self, phi: Value, v: Value, block: Block) {
        if self.ctx.value_kind(phi) != ValueKind::Instruction
            || self.ctx.opcode(Inst(phi)) != Opcode::Phi
        {
            panic!("Builder::add_incoming: the first operand is not a phi");
        }
        self.ctx.phi_add_incoming(Inst(phi), v, block);
    }

    /// `switch <cond>, label <default> [ <c>, label <bb> ... ]` with its
    /// cases.
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let i32t = ctx.i32_type();
    /// # let fty = ctx.function_type(i32t, &[i32t], false);
    /// # let f = ctx.add_function(m, "pick", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let x = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (one, two, other) = (b.append_block("one"), b.append_block("two"), b.append_block("other"));
    /// let (c1, c2) = (b.i32(1), b.i32(2));
    /// b.switch_with(x, other, &[(c1, one), (c2, two)]);
    /// for (bb, r) in [(one, 10), (two, 20), (other, 0)] {
    ///     b.position_at_end(bb);
    ///     let r = b.i32(r);
    ///     b.ret(Some(r));
    /// }
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("switch i32 %0, label %other [\n    i32 1, label %one\n    i32 2, label %two\n  ]"), "{text}");
    /// ```
    ///
    /// # Panics
    /// As [`switch`](Self::switch) and
    /// [`Context::switch_add_case`](crate::Context::switch_add_case).
    pub fn switch_with(&mut self, cond: Value, default: Block, cases: &[(Value, Block)]) -> Inst {
        let sw = self.switch(cond, default, cases.len() as u32);
        for &(c, bb) in cases {
            self.ctx.switch_add_case(sw, c, bb);
        }
        sw
    }

    /// `ret void`.
    pub fn ret_void(&mut self) -> Inst {
        self.ret(None)
    }
}

/// The width of `ty`'s scalar if it is an integer or a vector of
/// integers.
fn scalar_int_width(ctx: &crate::Context, ty: Type) -> Option<u32> {
    let s = match ctx.type_data(ty) {
        TypeData::Vector { elem, .. } => *elem,
        _ => ty,
    };
    match ctx.type_data(s) {
        TypeData::Int(w) => Some(*w),
        _ => None,
    }
}
