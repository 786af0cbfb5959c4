//! The instruction builder: what a frontend writes IR with. A cursor and
//! a method per instruction, folding constant operands where LLVM's
//! default `ConstantFolder` would, and checking every operand as LLVM's
//! constructors assert.
//!
//! The method families, each with a runnable example on its first method:
//!
//! | family | methods |
//! |---|---|
//! | names | [`named`](Builder::named) (`b.named("sum").add(x, y)`), [`set_name`](Builder::set_name) |
//! | constants, types | [`const_int`](Builder::const_int), [`i32`](Builder::i32), [`i64`](Builder::i64), [`f64`](Builder::f64), [`bool`](Builder::bool), [`const_null`](Builder::const_null), [`i64_type`](Builder::i64_type), ... |
//! | integer arithmetic | [`add`](Builder::add), [`sub`](Builder::sub), [`mul`](Builder::mul), [`add_nsw`](Builder::add_nsw), [`sdiv`](Builder::sdiv), [`udiv`](Builder::udiv), [`srem`](Builder::srem), [`urem`](Builder::urem), [`shl`](Builder::shl), [`lshr`](Builder::lshr), [`ashr`](Builder::ashr), [`and`](Builder::and), [`or`](Builder::or), [`xor`](Builder::xor), [`neg`](Builder::neg), [`not`](Builder::not), with flags: [`binop`](Builder::binop) |
//! | floating point | [`fadd`](Builder::fadd), [`fsub`](Builder::fsub), [`fmul`](Builder::fmul), [`fdiv`](Builder::fdiv), [`frem`](Builder::frem), [`fneg`](Builder::fneg) |
//! | comparisons | [`icmp`](Builder::icmp), [`icmp_slt`](Builder::icmp_slt), ..., [`fcmp`](Builder::fcmp), [`fcmp_olt`](Builder::fcmp_olt), ..., [`select`](Builder::select) |
//! | casts | [`trunc`](Builder::trunc), [`zext`](Builder::zext), [`sext`](Builder::sext), [`fptosi`](Builder::fptosi), [`sitofp`](Builder::sitofp), ... [`int_cast`](Builder::int_cast), with flags: [`cast_with`](Builder::cast_with) |
//! | memory | [`alloca`](Builder::alloca), [`load`](Builder::load), [`store`](Builder::store) (alignment from the data layout), [`gep`](Builder::gep), [`in_bounds_gep`](Builder::in_bounds_gep), [`struct_gep`](Builder::struct_gep), [`global_string_ptr`](Builder::global_string_ptr), atomics |
//! | aggregates, vectors | [`extract_value`](Builder::extract_value), [`insert_value`](Builder::insert_value), [`extract_element`](Builder::extract_element), [`insert_element`](Builder::insert_element), [`shuffle_vector`](Builder::shuffle_vector) |
//! | control flow | [`br`](Builder::br), [`cond_br`](Builder::cond_br), [`switch_with`](Builder::switch_with), [`phi_with`](Builder::phi_with), [`empty_phi`](Builder::empty_phi) + [`add_incoming`](Builder::add_incoming), [`ret`](Builder::ret), [`unreachable`](Builder::unreachable) |
//! | calls | [`call_function`](Builder::call_function), [`call`](Builder::call), [`call_intrinsic`](Builder::call_intrinsic), [`invoke`](Builder::invoke) |
//! | where the cursor is | [`position_at_end`](Builder::position_at_end), [`block`](Builder::block), [`function`](Builder::function), [`module`](Builder::module), [`append_block`](Builder::append_block), [`arg`](Builder::arg) |
//!
//! Owns [`Builder`], [`Cursor`] and [`Named`]. A failed check panics naming
//! the method ("Builder::call_function: ..."); local operands must be of
//! the cursor's function. It does not own the instruction representation
//! (`ir/inst.rs`) nor layout-aware folding.
//!
//! # Costs
//!
//! At the end of a block, creation, linking and placement are one step
//! (`append_new_inst`); binary operators, which read their operands' records
//! anyway, use `append_new_inst_live`, which does not check them live twice.
//!
//! `Context::phi_add_incoming` is `#[inline]` with its growth `#[cold]`; it
//! reads the capacity from the PHI's extra and appends through
//! `Graph::push_inst_operand_live` without re-reading the PHI's record.
//! What is left is a chain of dependent loads (generation, record,
//! `side_idx`, side record, the 104-byte `InstExtra`) on every call. A
//! fused pre-linked write, a capacity in a tagged reserved slot, reserving
//! the top run without writing it and a one-entry last-PHI cache all
//! measured no gain; [`PhiAdder`] (`builder/incoming.rs`) follows the chain
//! once for many pairs (phi_grow ~124 instructions an entry against ~170).
//!
//! `intrinsic_declaration` is LLVM's `Intrinsic::getDeclaration`: get or
//! insert by name, in the program address space of the module's layout; it
//! panics where LLVM would return a global of another kind or type.
//! `Builder::call_intrinsic` is `CreateIntrinsic`.

use crate::entity::NONE;
use crate::inst::{
    bits, mem, BinaryOpcode, CastOpcode, FlagBits, FloatPredicate, GepFlags, IntPredicate, Opcode,
    Ordering, Predicate, RmwOp, TailKind, WrapFlags,
};
use crate::ir::check::fail;
use crate::ir::flags::{check_align, failure_ordering_error, ordering_error};
use crate::ir::inst::{CallData, InstPayload};
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::{Block, Function, Inst, Module};
use crate::types::{Align, Type};
use crate::value::{Value, ValueKind};
use crate::Context;

mod frontend;
mod incoming;
pub use frontend::Named;
pub use incoming::PhiAdder;

/// Where the builder inserts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cursor {
    /// At the end of a block.
    End(Block),
    /// Just before an instruction.
    Before(Inst),
}

/// An IRBuilder: inserts each new instruction at its cursor.
pub struct Builder<'a> {
    /// The context everything is created in.
    pub ctx: &'a mut Context,
    cursor: Cursor,
    fold: bool,
}

impl<'a> Builder<'a> {
    /// A builder inserting at the end of `b`.
    pub fn at_end(ctx: &'a mut Context, b: Block) -> Self {
        Builder {
            ctx,
            cursor: Cursor::End(b),
            fold: true,
        }
    }

    /// A builder inserting before `i`.
    pub fn before(ctx: &'a mut Context, i: Inst) -> Self {
        Builder {
            ctx,
            cursor: Cursor::Before(i),
            fold: true,
        }
    }

    /// Turns constant folding on or off (on by default).
    pub fn set_folding(&mut self, on: bool) {
        self.fold = on;
    }

    /// Moves the cursor to the end of `b`.
    pub fn position_at_end(&mut self, b: Block) {
        self.cursor = Cursor::End(b);
    }

    /// Moves the cursor before `i`.
    pub fn position_before(&mut self, i: Inst) {
        self.cursor = Cursor::Before(i);
    }

    /// The cursor.
    pub fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// Inserts a detached instruction at the cursor, checking its local
    /// operands against the cursor's function as
    /// [`Context::append_inst`] does.
    pub fn insert(&mut self, i: Inst) -> Inst {
        match self.cursor {
            Cursor::End(b) => self.ctx.append_inst(b, i),
            Cursor::Before(p) => self.ctx.insert_inst_before(p, i),
        }
        i
    }

    /// The block and function (raw indices; the function `NONE` when the
    /// block is in none) the cursor inserts into: one record read at the
    /// end of a block.
    #[inline(always)]
    fn site(&self, who: &str) -> (u32, u32) {
        match self.cursor {
            Cursor::End(b) => {
                let d = self.ctx.graph.get(b.0);
                if !d.is(ValueKind::Block) {
                    self.ctx.not_a_block(who, b.0);
                }
                (b.0.idx, d.a)
            }
            Cursor::Before(i) => self.site_before(who, i),
        }
    }

    /// [`site`](Self::site) and the block's last instruction (raw index;
    /// `NONE` when the block is empty or the cursor is before an
    /// instruction), read with the block's record.
    #[inline(always)]
    fn site_last(&self, who: &str) -> (u32, u32, u32) {
        match self.cursor {
            Cursor::End(b) => {
                let d = self.ctx.graph.get(b.0);
                if !d.is(ValueKind::Block) {
                    self.ctx.not_a_block(who, b.0);
                }
                (b.0.idx, d.a, d.nops)
            }
            Cursor::Before(i) => {
                let (blk, f) = self.site_before(who, i);
                (blk, f, NONE)
            }
        }
    }

    #[inline(never)]
    fn site_before(&self, who: &str, i: Inst) -> (u32, u32) {
        let blk = self.ctx.graph.get(i.0).a;
        if blk == NONE {
            fail(who, format_args!("the insert position is not in a block"));
        }
        (blk, self.ctx.graph.values[blk as usize].a)
    }

    #[cold]
    #[inline(never)]
    fn locals_slow(&self, who: &str, ops: &[Value]) {
        self.locals(who, ops);
    }

    /// Checks that the local operands `ops` are in the cursor's function.
    #[inline]
    fn locals(&self, who: &str, ops: &[Value]) {
        let (blk, f) = self.site(who);
        for &o in ops {
            self.ctx.check_local(who, o, f, blk);
        }
    }

    /// Creates the (checked) instruction at the cursor, refusing to place
    /// it after the block's terminator.
    #[inline]
    fn build(
        &mut self,
        who: &str,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        flags: u16,
        payload: InstPayload,
    ) -> Inst {
        match self.cursor {
            Cursor::End(b) => {
                let d = self.ctx.graph.get(b.0);
                if !d.is(ValueKind::Block) {
                    self.ctx.not_a_block(who, b.0);
                }
                let last = d.nops;
                self.ctx.check_after_last(who, b.0.idx, last, op);
                self.ctx
                    .append_new_inst_in(b.0.idx, op, ty, ops, payload, flags)
            }
            Cursor::Before(p) => {
                let blk = self.ctx.graph.get(p.0).a;
                if blk == NONE {
                    fail(who, format_args!("the insert position is not in a block"));
                }
                self.ctx.check_insert_order(who, p.0.idx, op);
                let i = self.ctx.create_inst_unchecked(op, ty, ops, payload);
                if flags != 0 {
                    self.ctx.set_inst_flags(i, flags);
                }
                self.ctx.insert_inst_before_unchecked(p, i);
                i
            }
        }
    }

    // ---- arithmetic ------------------------------------------------------

    /// A binary operator with the flags of its family: `WrapOp` takes
    /// [`WrapFlags`], `ExactOp` [`Exact`](crate::inst::Exact), `FloatOp`
    /// [`FastMathFlags`](crate::inst::FastMathFlags), `DisjointOp`
    /// [`Disjoint`](crate::inst::Disjoint), and a plain [`Opcode`]
    /// [`NoFlags`](crate::inst::NoFlags); flags of another family do not compile. Folded when
    /// both operands are constants, as LLVM's `ConstantFolder` (flags do
    /// not change the folded value; division by zero and out-of-range
    /// shifts fold to `poison`).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder, inst::{WrapOp, WrapFlags, FloatOp, FastMathFlags}};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i32t, f32t) = (ctx.i32_type(), ctx.float_type());
    /// # let fty = ctx.function_type(i32t, &[i32t, f32t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let blk = ctx.append_block(f, "entry");
    /// # let (a, x) = (ctx.arg(f, 0), ctx.arg(f, 1));
    /// let mut b = Builder::at_end(&mut ctx, blk);
    /// let s = b.binop(WrapOp::Add, a, a, WrapFlags::NSW);
    /// let y = b.binop(FloatOp::FAdd, x, x, FastMathFlags::NNAN);
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("add nsw i32 %0, %0"), "{text}");
    /// assert!(text.contains("fadd nnan float %1, %1"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If `op` is not a binary operator, the operand types differ or are
    /// not of the opcode's family (integer or floating point, or vectors of
    /// them), or an operand is a local value of another function.
    #[inline]
    pub fn binop<O: BinaryOpcode>(&mut self, op: O, a: Value, b: Value, flags: O::Flags) -> Value {
        self.binop_raw("Builder::binop", op.opcode(), a, b, flags.bits())
    }

    /// The body of every binary operator: one compare of the operand type
    /// ids, one type load for the family, one kind-byte test per operand
    /// for its function.
    #[inline(always)]
    fn binop_raw(
        &mut self,
        who: &'static str,
        op: Opcode,
        a: Value,
        b: Value,
        flags: u16,
    ) -> Value {
        if !op.is_binary() {
            not_binary(who, op);
        }
        let (blk, f, last) = self.site_last(who);
        let g = &self.ctx.graph;
        let (da, db) = (g.get(a), g.get(b));
        let (ty, ty_b) = (da.ty, db.ty);
        let (a_const, b_const) = (da.is_constant_kind(), db.is_constant_kind());
        if ty != ty_b {
            self.ctx.bad_binary_types(who, op, ty, ty_b);
        }
        let family_ok = if op.is_fp_binary() {
            self.ctx.fp_like(ty)
        } else {
            self.ctx.int_like(ty)
        };
        if !family_ok {
            self.ctx.bad_binary_family(who, op, ty);
        }
        if f != NONE && !(self.ctx.local_ok(da, f, blk) && self.ctx.local_ok(db, f, blk)) {
            self.locals_slow(who, &[a, b]);
        }
        if self.fold && a_const && b_const {
            let wrap = if op.has_wrap_flags() {
                bits::wrap_of(flags)
            } else {
                WrapFlags::NONE
            };
            if let Some(v) = self.ctx.fold_binop(op, a, b, wrap) {
                return v;
            }
        }
        if let Cursor::End(_) = self.cursor {
            // Both operands and the block were checked live just above.
            // Folding above makes constants only: `last` is still the
            // block's last instruction.
            self.ctx.check_after_last(who, blk, last, op);
            return self
                .ctx
                .append_new_inst_live(blk, last, op, ty, &[a, b], flags)
                .0;
        }
        self.build(who, op, ty, &[a, b], flags, InstPayload::None).0
    }

    /// `add`: integer addition (wrapping; `nsw`/`nuw` through
    /// [`add_nsw`](Self::add_nsw) or [`binop`](Self::binop)), folded when both
    /// operands are constants; checked and folded as [`binop`](Self::binop).
    /// Example on [`sdiv`](Self::sdiv).
    #[inline]
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::add", Opcode::Add, a, b, 0)
    }
    /// `sub`: integer subtraction (wrapping; flags through
    /// [`sub_nsw`](Self::sub_nsw) or [`binop`](Self::binop)), folded when both
    /// operands are constants; checked and folded as [`binop`](Self::binop).
    /// Example on [`sdiv`](Self::sdiv).
    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::sub", Opcode::Sub, a, b, 0)
    }
    /// `mul`: integer multiplication (wrapping; flags through
    /// [`mul_nsw`](Self::mul_nsw) or [`binop`](Self::binop)), folded when both
    /// operands are constants; checked and folded as [`binop`](Self::binop).
    /// Example on [`sdiv`](Self::sdiv).
    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::mul", Opcode::Mul, a, b, 0)
    }
    /// `and`: bitwise and, folded when both operands are constants; checked and
    /// folded as [`binop`](Self::binop). Example on [`sdiv`](Self::sdiv).
    pub fn and(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::and", Opcode::And, a, b, 0)
    }
    /// `or`: bitwise or (`disjoint` through [`binop`](Self::binop)), folded
    /// when both operands are constants; checked and folded as
    /// [`binop`](Self::binop). Example on [`sdiv`](Self::sdiv).
    pub fn or(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::or", Opcode::Or, a, b, 0)
    }
    /// `xor`: bitwise exclusive or, folded when both operands are constants;
    /// checked and folded as [`binop`](Self::binop). Example on
    /// [`sdiv`](Self::sdiv).
    pub fn xor(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::xor", Opcode::Xor, a, b, 0)
    }
    /// `shl`: shift left (flags through [`binop`](Self::binop)), folded when
    /// both operands are constants; checked and folded as
    /// [`binop`](Self::binop). Example on [`sdiv`](Self::sdiv).
    pub fn shl(&mut self, a: Value, b: Value) -> Value {
        self.binop_raw("Builder::shl", Opcode::Shl, a, b, 0)
    }

    /// `fneg`; fast-math flags are set with [`Context::set_fast_math`].
    ///
    /// # Panics
    /// If `a` is not floating point (or a vector of it), or is a local
    /// value of another function.
    pub fn fneg(&mut self, a: Value) -> Value {
        const WHO: &str = "Builder::fneg";
        let ty = self.ctx.check_fneg(WHO, a);
        self.locals(WHO, &[a]);
        if self.fold {
            if let Some(v) = self.ctx.fold_unop(Opcode::FNeg, a) {
                return v;
            }
        }
        self.build(WHO, Opcode::FNeg, ty, &[a], 0, InstPayload::None)
            .0
    }

    /// `icmp <pred>`, folded for constants as LLVM's `ConstantFolder`.
    ///
    /// ```
    /// # use lair::{Context, builder::Builder, inst::{IntPredicate, FloatPredicate}};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i32t, f64t) = (ctx.i32_type(), ctx.double_type());
    /// # let fty = ctx.function_type(i32t, &[i32t, f64t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let (x, d) = (ctx.arg(f, 0), ctx.arg(f, 1));
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let zero = b.i32(0);
    /// let neg = b.named("neg").icmp(IntPredicate::Slt, x, zero);
    /// let half = b.f64(0.5);
    /// let small = b.named("small").fcmp(FloatPredicate::Olt, d, half);
    /// let both = b.named("both").and(neg, small);
    /// let r = b.named("r").select(both, zero, x);
    /// b.ret(Some(r));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%neg = icmp slt i32 %0, 0"), "{text}");
    /// assert!(text.contains("%small = fcmp olt double %1, 5.000000e-01"), "{text}");
    /// assert!(text.contains("%r = select i1 %both, i32 0, i32 %0"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If the operand types differ or are not integers or pointers (or
    /// vectors of them), or an operand is of another function.
    pub fn icmp(&mut self, pred: IntPredicate, a: Value, b: Value) -> Value {
        self.cmp("Builder::icmp", Opcode::ICmp, pred.into(), a, b)
    }

    /// `fcmp <pred>`, folded for constants as LLVM's `ConstantFolder`.
    /// Fast-math flags are set with [`Context::set_fast_math`].
    ///
    /// # Panics
    /// If the operand types differ or are not floating point (or vectors of
    /// it), or an operand is of another function.
    pub fn fcmp(&mut self, pred: FloatPredicate, a: Value, b: Value) -> Value {
        self.cmp("Builder::fcmp", Opcode::FCmp, pred.into(), a, b)
    }

    fn cmp(&mut self, who: &str, op: Opcode, pred: Predicate, a: Value, b: Value) -> Value {
        let ty = self.ctx.check_cmp(who, op, pred, a, b);
        self.locals(who, &[a, b]);
        if self.fold {
            if let Some(v) = self.ctx.fold_cmp(pred, a, b) {
                return v;
            }
        }
        self.build(who, op, ty, &[a, b], pred as u16, InstPayload::None)
            .0
    }

    /// A cast to `ty`, folded for constants as `Context::fold_cast`.
    ///
    /// # Panics
    /// If `op` is not a cast or cannot cast `v` to `ty` (LLVM's
    /// `castIsValid`: widths, element counts, address spaces), or `v` is
    /// of another function.
    pub fn cast(&mut self, op: Opcode, v: Value, ty: Type) -> Value {
        self.cast_raw("Builder::cast", op, v, ty, 0)
    }

    /// A cast to `ty` with the flags of its family: `TruncOp` takes
    /// [`WrapFlags`], `NonNegOp` [`NonNeg`](crate::inst::NonNeg), a plain
    /// [`Opcode`] [`NoFlags`](crate::inst::NoFlags). Folded and checked as [`cast`](Self::cast).
    pub fn cast_with<O: CastOpcode>(
        &mut self,
        op: O,
        v: Value,
        ty: Type,
        flags: O::Flags,
    ) -> Value {
        self.cast_raw("Builder::cast_with", op.opcode(), v, ty, flags.bits())
    }

    fn cast_raw(&mut self, who: &str, op: Opcode, v: Value, ty: Type, flags: u16) -> Value {
        self.ctx.check_cast(who, op, v, ty);
        self.locals(who, &[v]);
        if self.fold {
            if let Some(f) = self.ctx.fold_cast(op, v, ty) {
                return f;
            }
        }
        self.build(who, op, ty, &[v], flags, InstPayload::None).0
    }

    /// `select`, folded for constants as LLVM's `ConstantFolder`.
    /// Fast-math flags are set with [`Context::set_fast_math`].
    ///
    /// # Panics
    /// If the condition is not `i1` (or a vector of `i1` as long as the
    /// arms, which are vectors), the arms' types differ or are `token`, or
    /// an operand is of another function.
    pub fn select(&mut self, c: Value, t: Value, f: Value) -> Value {
        const WHO: &str = "Builder::select";
        let ty = self.ctx.check_select(WHO, c, t, f);
        self.locals(WHO, &[c, t, f]);
        if self.fold {
            if let Some(v) = self.ctx.fold_select(c, t, f) {
                return v;
            }
        }
        self.build(WHO, Opcode::Select, ty, &[c, t, f], 0, InstPayload::None)
            .0
    }

    /// `freeze`
    pub fn freeze(&mut self, v: Value) -> Value {
        const WHO: &str = "Builder::freeze";
        self.locals(WHO, &[v]);
        let ty = self.ctx.type_of(v);
        self.build(WHO, Opcode::Freeze, ty, &[v], 0, InstPayload::None)
            .0
    }

    // ---- memory ----------------------------------------------------------

    /// `alloca <ty>[, <count>], align <align>` (the count defaults to
    /// `i32 1`; the alignment to the preferred alignment of `ty` in the
    /// module's data layout, as `IRBuilder::CreateAlloca` does).
    ///
    /// # Panics
    /// If `ty` is unsized, the count is not an integer, `align` exceeds
    /// 2^32, or the count is of another function.
    pub fn alloca(&mut self, ty: Type, count: Option<Value>, align: Option<Align>) -> Value {
        const WHO: &str = "Builder::alloca";
        let p = self.ctx.ptr_type(0);
        let n = match count {
            Some(n) => n,
            None => {
                let i32t = self.ctx.i32_type();
                self.ctx.const_int(i32t, 1)
            }
        };
        self.ctx.check_alloca(WHO, ty, n);
        self.locals(WHO, &[n]);
        let align = align.or_else(|| self.default_align(ty, true));
        let fl = align_bits(WHO, align);
        self.build(WHO, Opcode::Alloca, p, &[n], fl, InstPayload::Ty(ty))
            .0
    }

    /// `load <ty>, ptr <p>, align <align>` (the alignment defaults to the
    /// ABI alignment of `ty` in the module's data layout, as
    /// `IRBuilder::CreateLoad` does); volatility and atomicity are set with
    /// [`Context::set_volatile`] and [`Context::set_atomic`].
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// let mut ctx = Context::new();
    /// let m = ctx.create_module("m");
    /// ctx.module_mut(m).datalayout = "e-i64:32".into(); // i64 is 4-aligned here
    /// # let (i64t, i16t) = (ctx.i64_type(), ctx.i16_type());
    /// # let fty = ctx.function_type(i64t, &[], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let slot = b.named("slot").alloca(i64t, None, None);
    /// let seven = b.i64(7);
    /// b.store(seven, slot, None);
    /// let v = b.named("v").load(i64t, slot, None);
    /// b.ret(Some(v));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%slot = alloca i64, align 4"), "{text}");
    /// assert!(text.contains("store i64 7, ptr %slot, align 4"), "{text}");
    /// assert!(text.contains("%v = load i64, ptr %slot, align 4"), "{text}");
    /// # let _ = i16t;
    /// ```
    ///
    /// # Panics
    /// If `p` is not a pointer, `ty` is unsized, `align` exceeds 2^32, or
    /// `p` is of another function.
    pub fn load(&mut self, ty: Type, p: Value, align: Option<Align>) -> Value {
        const WHO: &str = "Builder::load";
        self.ctx.check_load(WHO, ty, p);
        self.locals(WHO, &[p]);
        let align = align.or_else(|| self.default_align(ty, false));
        let fl = align_bits(WHO, align);
        self.build(WHO, Opcode::Load, ty, &[p], fl, InstPayload::None)
            .0
    }

    /// `store <v>, ptr <p>, align <align>` (the alignment defaults to the
    /// ABI alignment of `v`'s type in the module's data layout, as
    /// `IRBuilder::CreateStore` does); volatility and atomicity are set
    /// with [`Context::set_volatile`] and [`Context::set_atomic`].
    ///
    /// # Panics
    /// If `p` is not a pointer (operands swapped?), `v` is unsized, `align`
    /// exceeds 2^32, or an operand is of another function.
    pub fn store(&mut self, v: Value, p: Value, align: Option<Align>) -> Inst {
        const WHO: &str = "Builder::store";
        self.ctx.check_store(WHO, v, p);
        self.locals(WHO, &[v, p]);
        let void = self.ctx.void_type();
        let vt = self.ctx.type_of(v);
        let align = align.or_else(|| self.default_align(vt, false));
        let fl = align_bits(WHO, align);
        self.build(WHO, Opcode::Store, void, &[v, p], fl, InstPayload::None)
    }

    /// `fence <ordering>`; the scope is set with
    /// [`Context::set_sync_scope`].
    ///
    /// # Panics
    /// If `ord` is not acquire, release, acq_rel or seq_cst.
    pub fn fence(&mut self, ord: Ordering) -> Inst {
        const WHO: &str = "Builder::fence";
        check_ordering(WHO, Opcode::Fence, ord);
        let void = self.ctx.void_type();
        self.build(
            WHO,
            Opcode::Fence,
            void,
            &[],
            (ord as u16) << mem::ORDER_SHIFT,
            InstPayload::None,
        )
    }

    /// `atomicrmw <op> ptr <p>, <v> <ordering>, align <align>` (the alignment
    /// defaults to the store size of `v`'s type in the module's data layout,
    /// as `IRBuilder::CreateAtomicRMW` does).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder, inst::{Ordering, RmwOp}};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i64t, ptr) = (ctx.i64_type(), ctx.ptr_type(0));
    /// # let fty = ctx.function_type(i64t, &[ptr], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let p = ctx.arg(f, 0);
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let one = b.i64(1);
    /// let old = b.named("old").atomicrmw(RmwOp::Add, p, one, Ordering::SeqCst, None);
    /// let two = b.i64(2);
    /// let pair = b.named("pair").cmpxchg(p, one, two, Ordering::AcqRel, Ordering::Acquire, None);
    /// b.fence(Ordering::Release);
    /// b.ret(Some(old));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%old = atomicrmw add ptr %0, i64 1 seq_cst, align 8"), "{text}");
    /// assert!(text.contains("%pair = cmpxchg ptr %0, i64 1, i64 2 acq_rel acquire, align 8"), "{text}");
    /// assert!(text.contains("fence release"), "{text}");
    /// # let _ = pair;
    /// ```
    ///
    /// # Panics
    /// If `p` is not a pointer, `v`'s type does not suit `op` (integers;
    /// floating point for the `f*` operations; integers, floating point or
    /// pointers for `xchg`), `ord` is weaker than monotonic, `align`
    /// exceeds 2^32, or an operand is of another function.
    pub fn atomicrmw(
        &mut self,
        op: RmwOp,
        p: Value,
        v: Value,
        ord: Ordering,
        align: Option<Align>,
    ) -> Value {
        const WHO: &str = "Builder::atomicrmw";
        let ty = self.ctx.check_atomicrmw(WHO, op, p, v);
        check_ordering(WHO, Opcode::AtomicRMW, ord);
        self.locals(WHO, &[p, v]);
        let vt = self.ctx.type_of(v);
        let align = align.or_else(|| self.default_atomic_align(vt));
        let fl = align_bits(WHO, align)
            | (ord as u16) << mem::ORDER_SHIFT
            | (op as u16) << mem::EXTRA_SHIFT;
        self.build(WHO, Opcode::AtomicRMW, ty, &[p, v], fl, InstPayload::None)
            .0
    }

    /// `cmpxchg ptr <p>, <cmp>, <new> <success> <failure>, align <align>`;
    /// yields `{ T, i1 }`. The alignment defaults to the store size of
    /// `new`'s type, as `IRBuilder::CreateAtomicCmpXchg` does.
    ///
    /// # Panics
    /// If `p` is not a pointer, `cmp` and `new` differ in type or are not
    /// integers or pointers, an ordering is invalid (success weaker than
    /// monotonic; failure weaker than monotonic, release or acq_rel),
    /// `align` exceeds 2^32, or an operand is of another function.
    pub fn cmpxchg(
        &mut self,
        p: Value,
        cmp: Value,
        new: Value,
        success: Ordering,
        failure: Ordering,
        align: Option<Align>,
    ) -> Value {
        const WHO: &str = "Builder::cmpxchg";
        let ty = self.ctx.check_cmpxchg(WHO, p, cmp, new);
        check_ordering(WHO, Opcode::AtomicCmpXchg, success);
        if let Some(e) = failure_ordering_error(failure) {
            fail(
                WHO,
                format_args!("{e}, got {}", failure.name_or_not_atomic()),
            );
        }
        self.locals(WHO, &[p, cmp, new]);
        let nt = self.ctx.type_of(new);
        let align = align.or_else(|| self.default_atomic_align(nt));
        let fl = align_bits(WHO, align)
            | (success as u16) << mem::ORDER_SHIFT
            | (failure as u16) << mem::EXTRA_SHIFT;
        self.build(
            WHO,
            Opcode::AtomicCmpXchg,
            ty,
            &[p, cmp, new],
            fl,
            InstPayload::None,
        )
        .0
    }

    /// `getelementptr [flags] <src>, ptr <base>, <indices...>`. With all
    /// operands constant, it becomes a constant expression (LLVM's
    /// folder); with no indices, the base itself.
    ///
    /// # Panics
    /// If the base is not a pointer (or vector of pointers), an index is not
    /// an integer (or vector of integers), vector lengths disagree, `src`
    /// is unsized, the indices do not index `src` (LLVM's "invalid
    /// getelementptr indices": a struct index that is not an in-range `i32`
    /// constant, or indexing into a non-aggregate), or an operand is of
    /// another function.
    pub fn gep(&mut self, src: Type, base: Value, indices: &[Value], flags: GepFlags) -> Value {
        const WHO: &str = "Builder::gep";
        let ty = self.ctx.check_gep(WHO, src, base, indices);
        let mut ops = Vec::with_capacity(indices.len() + 1);
        ops.push(base);
        ops.extend_from_slice(indices);
        self.locals(WHO, &ops);
        if self.fold && ops.iter().all(|&o| self.ctx.value_kind(o).is_constant()) {
            return self.ctx.const_gep(src, base, indices, flags, None);
        }
        self.build(
            WHO,
            Opcode::GetElementPtr,
            ty,
            &ops,
            bits::gep(flags),
            InstPayload::Ty(src),
        )
        .0
    }

    // ---- aggregates and vectors ----------------------------------------

    /// `extractvalue <agg>, idx...`
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// let (i32t, i1t) = (ctx.i32_type(), ctx.i1_type());
    /// let pair = ctx.struct_type(&[i32t, i1t], false);
    /// # let fty = ctx.function_type(i32t, &[pair, i32t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let (p, x) = (ctx.arg(f, 0), ctx.arg(f, 1));
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let v = b.named("v").extract_value(p, &[0]);
    /// let q = b.named("q").insert_value(p, x, &[0]);
    /// let w = b.named("w").extract_value(q, &[0]);
    /// let s = b.named("s").add(v, w);
    /// b.ret(Some(s));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%v = extractvalue { i32, i1 } %0, 0"), "{text}");
    /// assert!(text.contains("%q = insertvalue { i32, i1 } %0, i32 %1, 0"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If the indices are empty or do not index `agg`'s type, or `agg` is
    /// of another function.
    pub fn extract_value(&mut self, agg: Value, idx: &[u32]) -> Value {
        const WHO: &str = "Builder::extract_value";
        let t = self.ctx.check_extract_value(WHO, agg, idx);
        self.locals(WHO, &[agg]);
        if self.fold {
            if let Some(v) = self.ctx.fold_extract_value(agg, idx) {
                return v;
            }
        }
        self.build(
            WHO,
            Opcode::ExtractValue,
            t,
            &[agg],
            0,
            InstPayload::Indices(idx.into()),
        )
        .0
    }

    /// `insertvalue <agg>, <v>, idx...`
    ///
    /// # Panics
    /// If the indices do not index `agg`'s type or `v` does not have the
    /// indexed type, or an operand is of another function.
    pub fn insert_value(&mut self, agg: Value, v: Value, idx: &[u32]) -> Value {
        const WHO: &str = "Builder::insert_value";
        let t = self.ctx.check_insert_value(WHO, agg, v, idx);
        self.locals(WHO, &[agg, v]);
        if self.fold {
            if let Some(f) = self.ctx.fold_insert_value(agg, v, idx) {
                return f;
            }
        }
        self.build(
            WHO,
            Opcode::InsertValue,
            t,
            &[agg, v],
            0,
            InstPayload::Indices(idx.into()),
        )
        .0
    }

    /// `extractelement <vec>, <idx>`
    ///
    /// # Panics
    /// If `vec` is not a vector or `idx` not an integer, or an operand is of
    /// another function.
    pub fn extract_element(&mut self, vec: Value, idx: Value) -> Value {
        const WHO: &str = "Builder::extract_element";
        let t = self.ctx.check_extract_element(WHO, vec, idx);
        self.locals(WHO, &[vec, idx]);
        if self.fold {
            if let Some(f) = self.ctx.fold_extract_element(vec, idx) {
                return f;
            }
        }
        self.build(
            WHO,
            Opcode::ExtractElement,
            t,
            &[vec, idx],
            0,
            InstPayload::None,
        )
        .0
    }

    /// `insertelement <vec>, <v>, <idx>`
    ///
    /// # Panics
    /// If `vec` is not a vector, `v` is not of its element type or `idx`
    /// not an integer, or an operand is of another function.
    pub fn insert_element(&mut self, vec: Value, v: Value, idx: Value) -> Value {
        const WHO: &str = "Builder::insert_element";
        let t = self.ctx.check_insert_element(WHO, vec, v, idx);
        self.locals(WHO, &[vec, v, idx]);
        if self.fold {
            if let Some(f) = self.ctx.fold_insert_element(vec, v, idx) {
                return f;
            }
        }
        self.build(
            WHO,
            Opcode::InsertElement,
            t,
            &[vec, v, idx],
            0,
            InstPayload::None,
        )
        .0
    }

    /// `shufflevector <a>, <b>, <mask>` (-1 = poison lane).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// let i32t = ctx.i32_type();
    /// let v4 = ctx.vector_type(i32t, 4);
    /// # let fty = ctx.function_type(i32t, &[v4, i32t], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let entry = ctx.append_block(f, "entry");
    /// # let (v, x) = (ctx.arg(f, 0), ctx.arg(f, 1));
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (i0, i3) = (b.i32(0), b.i32(3));
    /// let w = b.named("w").insert_element(v, x, i0);
    /// let rev = b.named("rev").shuffle_vector(w, w, &[3, 2, 1, 0]);
    /// let last = b.named("last").extract_element(rev, i3);
    /// b.ret(Some(last));
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%w = insertelement <4 x i32> %0, i32 %1, i32 0"), "{text}");
    /// assert!(text.contains("%rev = shufflevector <4 x i32> %w, <4 x i32> %w, <4 x i32> <i32 3, i32 2, i32 1, i32 0>"), "{text}");
    /// assert!(text.contains("%last = extractelement <4 x i32> %rev, i32 3"), "{text}");
    /// ```
    ///
    /// # Panics
    /// If `a` and `b` are not vectors of one type, the mask is empty or
    /// names a lane past both inputs (a scalable mask: not all zero or all
    /// poison), or an operand is of another function.
    pub fn shuffle_vector(&mut self, a: Value, b: Value, mask: &[i32]) -> Value {
        const WHO: &str = "Builder::shuffle_vector";
        let t = self.ctx.check_shuffle(WHO, a, b, mask);
        self.locals(WHO, &[a, b]);
        if self.fold {
            if let Some(f) = self.ctx.fold_shuffle_vector(a, b, mask) {
                return f;
            }
        }
        self.build(
            WHO,
            Opcode::ShuffleVector,
            t,
            &[a, b],
            0,
            InstPayload::Mask(mask.into()),
        )
        .0
    }

    /// `va_arg ptr <list>, <ty>`
    ///
    /// # Panics
    /// If `list` is not a pointer or is of another function.
    pub fn va_arg(&mut self, list: Value, ty: Type) -> Value {
        const WHO: &str = "Builder::va_arg";
        self.ctx
            .check_ptr_operand(WHO, "va_list operand of va_arg", list);
        self.locals(WHO, &[list]);
        self.build(WHO, Opcode::VAArg, ty, &[list], 0, InstPayload::None)
            .0
    }

    // ---- PHI and calls -------------------------------------------------

    /// An empty `phi <ty>` with room for `reserve` incoming entries; grow it
    /// with [`Context::phi_add_incoming`].
    ///
    /// # Panics
    /// If `ty` cannot be a PHI's type (`void`, `label`, `metadata`,
    /// `token`, a function type).
    pub fn phi(&mut self, ty: Type, reserve: u32) -> Inst {
        const WHO: &str = "Builder::phi";
        self.ctx.check_phi_type(WHO, ty);
        self.site(WHO);
        let i = self.build(
            WHO,
            Opcode::Phi,
            ty,
            &[],
            0,
            InstPayload::Phi {
                blocks: Vec::new(),
                cap: 0,
            },
        );
        if reserve > 0 {
            self.ctx.phi_reserve(i, reserve);
        }
        i
    }

    /// `call <fn_ty> <callee>(<args>)`.
    ///
    /// # Panics
    /// If `fn_ty` is not a function type, `callee` is not a pointer, the
    /// argument count or an argument's type does not match `fn_ty`, or an
    /// operand is of another function.
    pub fn call(&mut self, fn_ty: Type, callee: Value, args: &[Value]) -> Value {
        self.call_in("Builder::call", fn_ty, callee, args)
    }

    fn call_in(&mut self, who: &str, fn_ty: Type, callee: Value, args: &[Value]) -> Value {
        let ret = self.ctx.check_call(who, fn_ty, callee, args);
        let mut ops = args.to_vec();
        ops.push(callee);
        self.locals(who, &ops);
        let data = CallData {
            fn_ty: Some(fn_ty),
            tail: TailKind::None,
            ..Default::default()
        };
        self.build(
            who,
            Opcode::Call,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `call` of a function of this context, through its own function
    /// type.
    ///
    /// # Panics
    /// As [`call`](Self::call); also if `f` is not a function.
    pub fn call_function(&mut self, f: Function, args: &[Value]) -> Value {
        const WHO: &str = "Builder::call_function";
        if self.ctx.value_kind(f.0) != ValueKind::Function {
            fail(WHO, format_args!("the callee is not a function"));
        }
        let fty = self.ctx.signature(f);
        self.call_in(WHO, fty, f.0, args)
    }

    // ---- terminators -----------------------------------------------------

    /// `ret <v>` / `ret void`.
    ///
    /// # Panics
    /// If the cursor's function returns another type (or `void` with a
    /// value, or a value with `None`), or `v` is of another function.
    pub fn ret(&mut self, v: Option<Value>) -> Inst {
        const WHO: &str = "Builder::ret";
        let (_, f) = self.site(WHO);
        self.ctx.check_ret(WHO, f, v);
        let void = self.ctx.void_type();
        match v {
            Some(v) => {
                self.locals(WHO, &[v]);
                self.build(WHO, Opcode::Ret, void, &[v], 0, InstPayload::None)
            }
            None => self.build(WHO, Opcode::Ret, void, &[], 0, InstPayload::None),
        }
    }

    /// `br label <dest>`.
    ///
    /// # Panics
    /// If `dest` is not a block or is a block of another function.
    pub fn br(&mut self, dest: Block) -> Inst {
        const WHO: &str = "Builder::br";
        self.ctx.check_block(WHO, dest.0);
        self.locals(WHO, &[dest.0]);
        let void = self.ctx.void_type();
        self.build(WHO, Opcode::Br, void, &[dest.0], 0, InstPayload::None)
    }

    /// `br i1 <c>, label <t>, label <f>` (operands `[c, f, t]`, LLVM U11).
    ///
    /// # Panics
    /// If `c` is not `i1`, a destination is not a block, or an operand is of
    /// another function.
    pub fn cond_br(&mut self, c: Value, t: Block, f: Block) -> Inst {
        const WHO: &str = "Builder::cond_br";
        self.ctx.check_branch_cond(WHO, c);
        self.ctx.check_block(WHO, t.0);
        self.ctx.check_block(WHO, f.0);
        self.locals(WHO, &[c, f.0, t.0]);
        let void = self.ctx.void_type();
        self.build(WHO, Opcode::Br, void, &[c, f.0, t.0], 0, InstPayload::None)
    }

    /// `switch <cond>, label <default> [...]` with room for `reserve`
    /// cases; add them with [`Context::switch_add_case`].
    ///
    /// # Panics
    /// If `cond` is not an integer, `default` not a block, or an operand is
    /// of another function.
    pub fn switch(&mut self, cond: Value, default: Block, reserve: u32) -> Inst {
        const WHO: &str = "Builder::switch";
        self.ctx.check_switch_cond(WHO, cond);
        self.ctx.check_block(WHO, default.0);
        self.locals(WHO, &[cond, default.0]);
        let void = self.ctx.void_type();
        let i = self.build(
            WHO,
            Opcode::Switch,
            void,
            &[cond, default.0],
            0,
            InstPayload::None,
        );
        self.ctx.grow_reserve(i, 2 + 2 * reserve);
        i
    }

    /// `indirectbr ptr <addr>, [...]`.
    ///
    /// # Panics
    /// If `addr` is not a pointer, a destination not a block, or an operand
    /// is of another function.
    pub fn indirect_br(&mut self, addr: Value, dests: &[Block]) -> Inst {
        const WHO: &str = "Builder::indirect_br";
        self.ctx
            .check_ptr_operand(WHO, "address of an indirectbr", addr);
        let mut ops = vec![addr];
        for d in dests {
            self.ctx.check_block(WHO, d.0);
            ops.push(d.0);
        }
        self.locals(WHO, &ops);
        let void = self.ctx.void_type();
        self.build(WHO, Opcode::IndirectBr, void, &ops, 0, InstPayload::None)
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> Inst {
        self.site("Builder::unreachable");
        let void = self.ctx.void_type();
        self.build(
            "Builder::unreachable",
            Opcode::Unreachable,
            void,
            &[],
            0,
            InstPayload::None,
        )
    }

    /// `resume <v>`.
    pub fn resume(&mut self, v: Value) -> Inst {
        self.locals("Builder::resume", &[v]);
        let void = self.ctx.void_type();
        self.build(
            "Builder::resume",
            Opcode::Resume,
            void,
            &[v],
            0,
            InstPayload::None,
        )
    }

    /// `invoke <fn_ty> <callee>(<args>) to label <normal> unwind label <unwind>`
    /// (operands `[args..., normal, unwind, callee]`).
    ///
    /// ```
    /// # use lair::{Context, builder::Builder};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    /// let may_throw_ty = ctx.function_type(i32t, &[], false);
    /// let may_throw = ctx.add_function(m, "may_throw", may_throw_ty);
    /// # let f = ctx.add_function(m, "f", may_throw_ty);
    /// # let entry = ctx.append_block(f, "entry");
    /// let mut b = Builder::at_end(&mut ctx, entry);
    /// let (ok, lpad) = (b.append_block("ok"), b.append_block("lpad"));
    /// let r = b.named("r").invoke(may_throw_ty, may_throw.0, &[], ok, lpad);
    /// b.position_at_end(ok);
    /// b.ret(Some(r));
    /// b.position_at_end(lpad);
    /// let lp_ty = b.ctx.struct_type(&[ptr, i32t], false);
    /// let lp = b.named("lp").landing_pad(lp_ty, true);
    /// b.resume(lp.0);
    /// let text = ctx.display_function(f).to_string();
    /// assert!(text.contains("%r = invoke i32 @may_throw()\n          to label %ok unwind label %lpad"), "{text}");
    /// assert!(text.contains("%lp = landingpad { ptr, i32 }\n          cleanup"), "{text}");
    /// ```
    ///
    /// # Panics
    /// As [`call`](Self::call); also if a destination is not a block.
    pub fn invoke(
        &mut self,
        fn_ty: Type,
        callee: Value,
        args: &[Value],
        normal: Block,
        unwind: Block,
    ) -> Value {
        const WHO: &str = "Builder::invoke";
        let ret = self.ctx.check_call(WHO, fn_ty, callee, args);
        self.ctx.check_block(WHO, normal.0);
        self.ctx.check_block(WHO, unwind.0);
        let mut ops = args.to_vec();
        ops.extend([normal.0, unwind.0, callee]);
        self.locals(WHO, &ops);
        let data = CallData {
            fn_ty: Some(fn_ty),
            ..Default::default()
        };
        self.build(
            WHO,
            Opcode::Invoke,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `callbr <fn_ty> <callee>(<args>) to label <default> [label <indirect>...]`
    /// (operands `[args..., default, indirect..., callee]`).
    ///
    /// # Panics
    /// As [`call`](Self::call); also if a destination is not a block.
    pub fn callbr(
        &mut self,
        fn_ty: Type,
        callee: Value,
        args: &[Value],
        default: Block,
        indirect: &[Block],
    ) -> Value {
        const WHO: &str = "Builder::callbr";
        let ret = self.ctx.check_call(WHO, fn_ty, callee, args);
        let mut ops = args.to_vec();
        ops.push(default.0);
        ops.extend(indirect.iter().map(|b| b.0));
        for &d in &ops[args.len()..] {
            self.ctx.check_block(WHO, d);
        }
        ops.push(callee);
        self.locals(WHO, &ops);
        let data = CallData {
            fn_ty: Some(fn_ty),
            num_indirect: indirect.len() as u32,
            ..Default::default()
        };
        self.build(
            WHO,
            Opcode::CallBr,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `catchswitch within <parent> [label %h...] unwind label <u> | unwind to caller`
    /// (operands `[parent, unwind?, handlers...]`; `flags` bit 0 = has an
    /// unwind destination). Add handlers with [`Context::catch_switch_add_handler`].
    ///
    /// # Panics
    /// If `parent` is not a token (`none` or a pad), `unwind` not a block,
    /// or an operand is of another function.
    pub fn catch_switch(&mut self, parent: Value, unwind: Option<Block>, reserve: u32) -> Value {
        const WHO: &str = "Builder::catch_switch";
        self.ctx.check_token(WHO, "parent of a catchswitch", parent);
        let tok = self.ctx.token_type();
        let mut ops = vec![parent];
        if let Some(u) = unwind {
            self.ctx.check_block(WHO, u.0);
            ops.push(u.0);
        }
        self.locals(WHO, &ops);
        let i = self.build(
            WHO,
            Opcode::CatchSwitch,
            tok,
            &ops,
            if unwind.is_some() {
                bits::CATCHSWITCH_HAS_UNWIND
            } else {
                0
            },
            InstPayload::None,
        );
        self.ctx.grow_reserve(i, ops.len() as u32 + reserve);
        i.0
    }

    /// `catchpad within <catchswitch> [args...]` (operands `[args..., catchswitch]`).
    ///
    /// # Panics
    /// If `catch_switch` is not a `catchswitch`, or an operand is of
    /// another function.
    pub fn catch_pad(&mut self, catch_switch: Value, args: &[Value]) -> Value {
        const WHO: &str = "Builder::catch_pad";
        self.ctx.check_pad(
            WHO,
            "catchswitch of a catchpad",
            catch_switch,
            &[Opcode::CatchSwitch],
        );
        let tok = self.ctx.token_type();
        let mut ops = args.to_vec();
        ops.push(catch_switch);
        self.locals(WHO, &ops);
        self.build(WHO, Opcode::CatchPad, tok, &ops, 0, InstPayload::None)
            .0
    }

    /// `cleanuppad within <parent> [args...]` (operands `[args..., parent]`).
    ///
    /// # Panics
    /// If `parent` is not a token, or an operand is of another function.
    pub fn cleanup_pad(&mut self, parent: Value, args: &[Value]) -> Value {
        const WHO: &str = "Builder::cleanup_pad";
        self.ctx.check_token(WHO, "parent of a cleanuppad", parent);
        let tok = self.ctx.token_type();
        let mut ops = args.to_vec();
        ops.push(parent);
        self.locals(WHO, &ops);
        self.build(WHO, Opcode::CleanupPad, tok, &ops, 0, InstPayload::None)
            .0
    }

    /// `catchret from <pad> to label <dest>`.
    ///
    /// # Panics
    /// If `pad` is not a `catchpad`, `dest` not a block, or an operand is
    /// of another function.
    pub fn catch_ret(&mut self, pad: Value, dest: Block) -> Inst {
        const WHO: &str = "Builder::catch_ret";
        self.ctx
            .check_pad(WHO, "pad of a catchret", pad, &[Opcode::CatchPad]);
        self.ctx.check_block(WHO, dest.0);
        self.locals(WHO, &[pad, dest.0]);
        let void = self.ctx.void_type();
        self.build(
            WHO,
            Opcode::CatchRet,
            void,
            &[pad, dest.0],
            0,
            InstPayload::None,
        )
    }

    /// `cleanupret from <pad> unwind label <u>` / `unwind to caller`.
    ///
    /// # Panics
    /// If `pad` is not a `cleanuppad`, `unwind` not a block, or an operand
    /// is of another function.
    pub fn cleanup_ret(&mut self, pad: Value, unwind: Option<Block>) -> Inst {
        const WHO: &str = "Builder::cleanup_ret";
        self.ctx
            .check_pad(WHO, "pad of a cleanupret", pad, &[Opcode::CleanupPad]);
        let mut ops = vec![pad];
        if let Some(u) = unwind {
            self.ctx.check_block(WHO, u.0);
            ops.push(u.0);
        }
        self.locals(WHO, &ops);
        let void = self.ctx.void_type();
        self.build(WHO, Opcode::CleanupRet, void, &ops, 0, InstPayload::None)
    }

    /// `landingpad <ty>` with `cleanup` and no clauses yet.
    pub fn landing_pad(&mut self, ty: Type, cleanup: bool) -> Inst {
        self.site("Builder::landing_pad");
        self.build(
            "Builder::landing_pad",
            Opcode::LandingPad,
            ty,
            &[],
            0,
            InstPayload::Grow {
                cap: 0,
                clauses: Vec::new(),
                cleanup,
            },
        )
    }
}

/// The alignment field of `align`.
///
/// # Panics
/// If `align` exceeds LLVM's largest instruction alignment, 2^32 bytes.
#[track_caller]
fn align_bits(who: &str, align: Option<Align>) -> u16 {
    check_align(who, align);
    mem::align(align)
}

#[cold]
#[inline(never)]
#[track_caller]
fn not_binary(who: &str, op: Opcode) -> ! {
    fail(
        who,
        format_args!("`{}` is not a binary operator", op.mnemonic()),
    )
}

/// Panics unless ordering `o` is allowed on `op`.
#[track_caller]
fn check_ordering(who: &str, op: Opcode, o: Ordering) {
    if let Some(e) = ordering_error(op, o) {
        fail(who, format_args!("{e}, got {}", o.name_or_not_atomic()));
    }
}

/// # Instructions: growing operand lists
///
/// The operand lists that grow after creation: PHI incomings, switch
/// cases, `indirectbr` destinations, `catchswitch` handlers, `landingpad`
/// clauses. Each addition is checked as the instruction's creation is.
impl Context {
    /// Makes room for `n` incoming entries in a PHI without adding any.
    pub fn phi_reserve(&mut self, phi: Inst, n: u32) {
        let cap = match &self.payload(phi) {
            InstPayload::Phi { cap, .. } => *cap,
            _ => self.not_an_inst_of_kind("Context::phi_reserve", phi, "PHI"),
        };
        if n > cap {
            let mut c = cap;
            self.graph.grow_operands(phi.0, &mut c, n);
            if let InstPayload::Phi { cap, blocks } = &mut self.extra_mut(phi).payload {
                *cap = c;
                blocks.reserve_exact(n as usize - blocks.len());
            }
        }
    }

    /// Adds an incoming `(value, block)` pair to a PHI, growing its
    /// hung-off operands by LLVM's rule (`e + e/2`, at least 2; H2) when
    /// full. The block gets no use (LLVM U12). O(1) amortised; the run grows
    /// in place when it ends at the top of the use pool.
    ///
    /// # Panics
    /// If `phi` is not a PHI, `v` does not have the PHI's type, `b` is not
    /// a block, or `v` or `b` belongs to another function than the PHI.
    #[inline]
    pub fn phi_add_incoming(&mut self, phi: Inst, v: Value, b: Block) {
        const WHO: &str = "Context::phi_add_incoming";
        let g = &self.graph;
        // (That `phi` is a PHI is read from its payload below.)
        let d = g.get(phi.0);
        let (n, ops, pb, kind_bits) = (d.nops, d.ops, d.a, d.kind_bits);
        // The incoming value: live, of the PHI's type, of the PHI's
        // function (none when the PHI is detached). The incoming block:
        // live and of this context in every build (the dense generation
        // array); a block of the PHI's function in debug builds only, as
        // reading its record is one cache miss per entry (phi_grow 1.3x;
        // DESIGN.md, Builder).
        let dv = g.get(v);
        let f = if pb == NONE {
            NONE
        } else {
            g.values[pb as usize].a
        };
        let ok = (dv.ty == d.ty) & (f == NONE || self.local_ok(dv, f, pb)) & g.gen_matches(b.0);
        if !ok || cfg!(debug_assertions) {
            self.check_incoming(WHO, phi, v, b);
        }
        let side = self.graph.side_of(phi.0.idx, kind_bits);
        let x = match self.sides.recs.get(side as usize).map(|r| &r.payload) {
            Some(&crate::ir::side::Payload::Inst { extra: x, .. }) => x,
            _ => self.not_an_inst_of_kind(WHO, phi, "PHI"),
        };
        // One look at the payload for the common case, room left; a full
        // PHI (or a non-PHI) takes the cold path.
        if let Some(InstPayload::Phi { cap, blocks }) = self
            .sides
            .extras
            .get_mut(x as usize)
            .map(|e| &mut e.payload)
        {
            if n < *cap {
                blocks.push(b.0);
                self.graph.push_inst_operand_live(phi.0.idx, ops, n, v.idx);
                return;
            }
        }
        self.phi_add_incoming_grown(phi, x, n, v, b);
    }

    /// [`phi_add_incoming`](Self::phi_add_incoming) when the PHI is full
    /// (`n` entries, payload `x`): grows it, then adds the pair.
    #[cold]
    #[inline(never)]
    fn phi_add_incoming_grown(&mut self, phi: Inst, x: u32, n: u32, v: Value, b: Block) {
        let ops = self.grow_phi(phi, x, n);
        self.graph.push_inst_operand_live(phi.0.idx, ops, n, v.idx);
        if let InstPayload::Phi { blocks, .. } = &mut self.sides.extras[x as usize].payload {
            blocks.push(b.0);
        }
    }

    /// The full checks of a PHI incoming pair, with their messages (the
    /// failure path of [`phi_add_incoming`](Self::phi_add_incoming), and
    /// every call in debug builds).
    #[inline(never)]
    fn check_incoming(&self, who: &str, phi: Inst, v: Value, b: Block) {
        let ty = self.type_of(phi.0);
        if self.type_of(v) != ty {
            self.bad_incoming(who, v, ty);
        }
        self.check_block(who, b.0);
        let pb = self.graph.get(phi.0).a;
        if pb != NONE {
            let f = self.graph.values[pb as usize].a;
            self.check_local(who, v, f, pb);
            self.check_local(who, b.0, f, pb);
        }
    }

    /// Grows a full PHI's operand run and block list by LLVM's rule
    /// (`e + e/2`, at least 2); returns the run's (possibly new) start.
    #[cold]
    #[inline(never)]
    fn grow_phi(&mut self, phi: Inst, x: u32, n: u32) -> u32 {
        let InstPayload::Phi { blocks, cap } = &mut self.sides.extras[x as usize].payload else {
            self.not_an_inst_of_kind("Context::phi_add_incoming", phi, "PHI")
        };
        let new_cap = (n + n / 2).max(2);
        blocks.reserve_exact(new_cap as usize - blocks.len());
        self.graph.grow_operands(phi.0, cap, new_cap);
        self.graph.get(phi.0).ops
    }

    /// The incoming blocks of a PHI, parallel to its operands.
    pub fn phi_blocks(&self, phi: Inst) -> &[Value] {
        match self.payload(phi) {
            InstPayload::Phi { blocks, .. } => blocks,
            _ => self.not_an_inst_of_kind("Context::phi_blocks", phi, "PHI"),
        }
    }

    pub(crate) fn grow_reserve(&mut self, i: Inst, n: u32) {
        let cap = match self.payload(i) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => self.not_an_inst_of_kind(
                "Context::grow_reserve",
                i,
                "instruction with growable operands",
            ),
        };
        if n > cap {
            let mut c = cap;
            self.graph.grow_operands(i.0, &mut c, n);
            if let InstPayload::Grow { cap, .. } = &mut self.extra_mut(i).payload {
                *cap = c;
            }
        }
    }

    /// The function (raw index, `NONE` if none) and block of instruction
    /// `i`, checking that it has opcode `op`.
    fn placed(&self, who: &str, i: Inst, op: Opcode) -> (u32, u32) {
        let got = self.opcode(i);
        if got != op {
            fail(
                who,
                format_args!("expected a `{}`, got a `{}`", op.mnemonic(), got.mnemonic()),
            );
        }
        let blk = self.graph.get(i.0).a;
        let f = if blk == NONE {
            NONE
        } else {
            self.graph.values[blk as usize].a
        };
        (f, blk)
    }

    /// Adds a case to a switch, growing its operands to 3× when full
    /// (LLVM H5).
    ///
    /// # Panics
    /// If `sw` is not a switch, `value` is not an integer constant of the
    /// condition's type, `dest` is not a block, or `dest` is a block of
    /// another function.
    pub fn switch_add_case(&mut self, sw: Inst, value: Value, dest: Block) {
        const WHO: &str = "Context::switch_add_case";
        let (f, blk) = self.placed(WHO, sw, Opcode::Switch);
        let cond_ty = self.operand(sw.0, 0).map(|c| self.type_of(c));
        self.check_switch_case(WHO, cond_ty, value);
        self.check_block(WHO, dest.0);
        self.check_local(WHO, dest.0, f, blk);
        let n = self.num_operands(sw.0);
        let cap = match self.payload(sw) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 2 > cap {
            self.grow_reserve(sw, (n * 3).max(n + 2));
        }
        self.graph.push_operand(sw.0, Some(value));
        self.graph.push_operand(sw.0, Some(dest.0));
    }

    /// Removes case `i` of a switch: the last case moves into its slot
    /// (LLVM H6: order is not kept).
    pub fn switch_remove_case(&mut self, sw: Inst, i: u32) {
        let n = self.num_operands(sw.0);
        let cases = (n - 2) / 2;
        assert!(i < cases, "switch case {i} out of range ({cases} cases)");
        let (s, last) = (2 + 2 * i, n - 2);
        if s != last {
            let v = self.operand(sw.0, last);
            let d = self.operand(sw.0, last + 1);
            self.graph.set_operand(sw.0, s, v);
            self.graph.set_operand(sw.0, s + 1, d);
        }
        self.graph.truncate_operands(sw.0, n - 2);
    }

    /// Adds a destination to an indirectbr.
    ///
    /// # Panics
    /// If `ib` is not an indirectbr, or `dest` is not a block of its
    /// function.
    pub fn indirect_br_add_dest(&mut self, ib: Inst, dest: Block) {
        const WHO: &str = "Context::indirect_br_add_dest";
        let (f, blk) = self.placed(WHO, ib, Opcode::IndirectBr);
        self.check_block(WHO, dest.0);
        self.check_local(WHO, dest.0, f, blk);
        let n = self.num_operands(ib.0);
        let cap = match self.payload(ib) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(ib, (n * 2).max(n + 1));
        }
        self.graph.push_operand(ib.0, Some(dest.0));
    }

    /// Adds a handler block to a catchswitch.
    ///
    /// # Panics
    /// If `cs` is not a catchswitch, or `handler` is not a block of its
    /// function.
    pub fn catch_switch_add_handler(&mut self, cs: Inst, handler: Block) {
        const WHO: &str = "Context::catch_switch_add_handler";
        let (f, blk) = self.placed(WHO, cs, Opcode::CatchSwitch);
        self.check_block(WHO, handler.0);
        self.check_local(WHO, handler.0, f, blk);
        let n = self.num_operands(cs.0);
        let cap = match self.payload(cs) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(cs, (n * 2).max(n + 1));
        }
        self.graph.push_operand(cs.0, Some(handler.0));
    }

    /// Adds a clause to a landingpad (`catch` when `is_catch`, else `filter`).
    ///
    /// # Panics
    /// If `lp` is not a landingpad, or the clause is not a constant (a
    /// pointer for `catch`, an array for `filter`).
    pub fn landing_pad_add_clause(&mut self, lp: Inst, clause: Value, is_catch: bool) {
        const WHO: &str = "Context::landing_pad_add_clause";
        self.placed(WHO, lp, Opcode::LandingPad);
        self.check_clause(WHO, clause, is_catch);
        self.landing_pad_push_clause(lp, clause, is_catch);
    }

    /// Appends a clause to landingpad `lp` without checking it (the `.ll`
    /// parser adds each clause as it reads it, as LLVM's does, and leaves
    /// a clause of the wrong type to the verifier).
    pub(crate) fn landing_pad_push_clause(&mut self, lp: Inst, clause: Value, is_catch: bool) {
        let n = self.num_operands(lp.0);
        let cap = match self.payload(lp) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(lp, (n * 2).max(n + 1));
        }
        self.graph.push_operand(lp.0, Some(clause));
        if let InstPayload::Grow { clauses, .. } = &mut self.extra_mut(lp).payload {
            clauses.push(is_catch);
        }
    }
}

/// # Intrinsic declarations
///
/// Getting or inserting the declaration of an intrinsic in a module
/// (LLVM's `Intrinsic::getDeclaration`). It lives with the builder because
/// a new declaration goes in the data layout's program address space.
impl Context {
    /// The declaration of intrinsic `id` with overload types `overloads` in
    /// module `m`, inserted if the module has none
    /// (`Intrinsic::getDeclaration`): named by
    /// [`intrinsic_name`](Context::intrinsic_name), of type
    /// [`intrinsic_type`](Context::intrinsic_type), in the data layout's
    /// program address space, with the intrinsic's attributes.
    ///
    /// # Panics
    ///
    /// As `intrinsic_type` and `intrinsic_name`, and if `m` has a global of
    /// that name that is not a function of that type (LLVM returns it
    /// anyway, a call through it then means something else).
    pub fn intrinsic_declaration(
        &mut self,
        m: Module,
        id: IntrinsicId,
        overloads: &[Type],
    ) -> Function {
        let v = self.intrinsic_declaration_value(m, id, overloads);
        let fty = self.intrinsic_type(id, overloads);
        match self.as_function(v) {
            Some(f) if self.signature(f) == fty => f,
            _ => panic!(
                "intrinsic_declaration: @{} is taken by a global that is not a {} function",
                self.name_of(v).unwrap_or_default(),
                fty.display(self)
            ),
        }
    }

    /// LLVM's `getDeclaration` exactly: what `Module::getOrInsertFunction`
    /// returns, which is whatever global has the name when there is one.
    pub(crate) fn intrinsic_declaration_value(
        &mut self,
        m: Module,
        id: IntrinsicId,
        overloads: &[Type],
    ) -> Value {
        let fty = self.intrinsic_type(id, overloads);
        let name = if overloads.is_empty() {
            id.name().as_bytes().to_vec()
        } else {
            self.intrinsic_name_bytes(id, overloads, m, Some(fty))
        };
        if let Some(g) = self.global_by_name(m, &name) {
            return g;
        }
        let addrspace = self
            .module_layout(m)
            .map_or(0, |dl| dl.program_address_space());
        let f = self.add_function(m, &name, fty);
        if addrspace != 0 {
            self.set_function_addrspace(f, addrspace);
        }
        f.0
    }
}

impl Builder<'_> {
    /// `call` of intrinsic `id` with overload types `overloads` (LLVM's
    /// `IRBuilder::CreateIntrinsic`), declaring it in the module of the
    /// block the cursor is in.
    ///
    /// # Panics
    ///
    /// As [`Context::intrinsic_declaration`], and if the cursor's block is
    /// in no function.
    pub fn call_intrinsic(&mut self, id: IntrinsicId, overloads: &[Type], args: &[Value]) -> Value {
        let block = match self.cursor {
            Cursor::End(b) => b,
            Cursor::Before(i) => self
                .ctx
                .inst_parent(i)
                .expect("call_intrinsic: the cursor's instruction is in no block"),
        };
        let f = self
            .ctx
            .block_parent(block)
            .expect("call_intrinsic: the cursor's block is in no function");
        let m = self.ctx.global_parent(f);
        let decl = self.ctx.intrinsic_declaration(m, id, overloads);
        self.call_function(decl, args)
    }
}
