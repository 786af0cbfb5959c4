//! Checked construction: every way of making or changing an instruction
//! (the builder, `create_inst`, `set_operand`, `swap_operands`, the
//! growing operand lists, insertion) refuses what LLVM 19's constructors
//! assert against, naming the method, the operand and the types.
//!
//! One test per misuse found on main (the `issue 12` list), then the rest
//! of the rules by opcode family. Flags of the wrong family do not compile:
//! those are the `compile_fail` examples in `src/inst/ops.rs`. An
//! instruction after the terminator is refused where it is placed (the
//! builder, `append_inst`, `insert_inst_before`/`_after`). Two misuses are
//! whole-function properties, left to the verifier (issue 12 parts 1-2,
//! `src/verify/`): a block without a terminator (a block under
//! construction has none yet), and a PHI without an entry for a
//! predecessor.

use lair::builder::Builder;
use lair::inst::{
    FloatOp, FloatPredicate, GepFlags, IntPredicate, NoFlags, Opcode, Ordering, RmwOp, WrapOp,
};
use lair::ir::inst::{CallData, InstPayload};
use lair::ir::{Block, Function, Inst};
use lair::types::Align;
use lair::{Context, Value};

/// A module with `define i64 @f(i64 %a64, i32 %a32, ptr %p, float %x, i1
/// %c)` (block `entry`) and `define i64 @g(i32, i64, ptr)` (block
/// `gother`, arguments named `a64`... as in `@f`).
struct World {
    ctx: Context,
    f: Function,
    g: Function,
    entry: Block,
    gother: Block,
}

impl World {
    fn new() -> World {
        let mut ctx = Context::new();
        let m = ctx.create_module("m");
        let (i64t, i32t, ptr, f32t, i1) = (
            ctx.i64_type(),
            ctx.i32_type(),
            ctx.ptr_type(0),
            ctx.float_type(),
            ctx.i1_type(),
        );
        let fty = ctx.function_type(i64t, &[i64t, i32t, ptr, f32t, i1], false);
        let f = ctx.add_function(m, "f", fty);
        for (k, n) in ["a64", "a32", "p", "x", "c"].iter().enumerate() {
            let a = ctx.arg(f, k);
            ctx.set_name(a, n);
        }
        let gty = ctx.function_type(i64t, &[i32t, i64t, ptr], false);
        let g = ctx.add_function(m, "g", gty);
        for (k, n) in ["a32", "a64", "p"].iter().enumerate() {
            let a = ctx.arg(g, k);
            ctx.set_name(a, n);
        }
        let entry = ctx.append_block(f, "entry");
        let gother = ctx.append_block(g, "gother");
        World {
            ctx,
            f,
            g,
            entry,
            gother,
        }
    }
    /// A world whose entry block holds `%s = add i64 %a64, %a64`.
    fn with_add_s() -> (World, Inst) {
        let mut w = World::new();
        let a = w.arg(0);
        let s = w.b().add(a, a);
        w.ctx.set_name(s, "s");
        let s = w.ctx.as_inst(s).unwrap();
        (w, s)
    }
    fn arg(&self, k: usize) -> Value {
        self.ctx.arg(self.f, k)
    }
    fn b(&mut self) -> Builder<'_> {
        let mut b = Builder::at_end(&mut self.ctx, self.entry);
        b.set_folding(false);
        b
    }
}

fn al(n: u64) -> Option<Align> {
    Align::from_bytes(n)
}

// ---- the misuses found on main ---------------------------------------------

#[test]
#[should_panic(expected = "Builder::call_function: @g takes 3 arguments, got 1")]
fn call_with_too_few_arguments() {
    let mut w = World::new();
    let (g, a32) = (w.g, w.arg(1));
    w.b().call_function(g, &[a32]);
}

#[test]
#[should_panic(
    expected = "Builder::call_function: argument 1 of @g has type i32, the callee's parameter 1 is i64"
)]
fn call_with_a_wrong_argument_type() {
    let mut w = World::new();
    let (g, a32, p) = (w.g, w.arg(1), w.arg(2));
    w.b().call_function(g, &[a32, a32, p]);
}

#[test]
#[should_panic(
    expected = "Builder::br: %gother is a block of @g, not of @f, where the instruction is"
)]
fn branch_to_a_block_of_another_function() {
    let mut w = World::new();
    let gother = w.gother;
    w.b().br(gother);
}

#[test]
#[should_panic(
    expected = "Builder::add: %a64 is an argument of @g, not of @f, where the instruction is"
)]
fn argument_of_another_function() {
    let mut w = World::new();
    let other = w.ctx.arg(w.g, 1);
    let mine = w.arg(0);
    w.b().add(mine, other);
}

#[test]
#[should_panic(expected = "is from another context")]
fn value_of_another_context() {
    let mut w = World::new();
    let w2 = World::new();
    let (mine, theirs) = (w.arg(0), w2.arg(0));
    w.b().add(mine, theirs);
}

#[test]
#[should_panic(
    expected = "Builder::icmp: the operands of `icmp` have different types, i32 and i64"
)]
fn icmp_of_i32_with_i64() {
    let mut w = World::new();
    let (a32, a64) = (w.arg(1), w.arg(0));
    w.b().icmp(IntPredicate::Eq, a32, a64);
}

#[test]
#[should_panic(
    expected = "Builder::fcmp: `fcmp` takes floating-point (or vector of floating-point) operands, got i32"
)]
fn fcmp_on_integers() {
    let mut w = World::new();
    let a32 = w.arg(1);
    w.b().fcmp(FloatPredicate::Olt, a32, a32);
}

#[test]
#[should_panic(
    expected = "Builder::select: both values of a select must have the same type, got i32 and i64"
)]
fn select_with_i32_and_i64_arms() {
    let mut w = World::new();
    let (c, a32, a64) = (w.arg(4), w.arg(1), w.arg(0));
    w.b().select(c, a32, a64);
}

#[test]
#[should_panic(
    expected = "Builder::store: the address of a store (its second operand) must be a pointer, got i64 (the stored value is ptr; are the operands swapped?)"
)]
fn store_with_swapped_operands() {
    let mut w = World::new();
    let (a64, p) = (w.arg(0), w.arg(2));
    w.b().store(p, a64, al(8));
}

#[test]
#[should_panic(expected = "Builder::ret: `ret i32` in @f, which returns i64")]
fn ret_i32_in_an_i64_function() {
    let mut w = World::new();
    let a32 = w.arg(1);
    w.b().ret(Some(a32));
}

#[test]
#[should_panic(expected = "Builder::cond_br: a branch condition must be i1, got i32")]
fn cond_br_on_an_i32() {
    let mut w = World::new();
    let (a32, e) = (w.arg(1), w.entry);
    w.b().cond_br(a32, e, e);
}

#[test]
#[should_panic(expected = "Builder::cast: `trunc` cannot cast i32 to i64")]
fn trunc_to_a_wider_type() {
    let mut w = World::new();
    let a32 = w.arg(1);
    let i64t = w.ctx.i64_type();
    w.b().cast(Opcode::Trunc, a32, i64t);
}

#[test]
#[should_panic(
    expected = "Builder::add: %entry already ends with its terminator `ret`; placing `add` after it would put an instruction after the terminator"
)]
fn instruction_after_the_terminator() {
    let mut w = World::new();
    let a64 = w.arg(0);
    let mut b = w.b();
    b.ret(Some(a64));
    b.add(a64, a64);
}

#[test]
#[should_panic(
    expected = "Builder::br: the terminator `br` before %s (`add`) would leave \
                           instructions after the terminator of %entry"
)]
fn terminator_in_the_middle_of_a_block() {
    let mut w = World::new();
    let (a64, e) = (w.arg(0), w.entry);
    let s = w.b().add(a64, a64);
    w.ctx.set_name(s, "s");
    w.b().ret(Some(s));
    Builder::before(&mut w.ctx, Inst(s)).br(e);
}

#[test]
#[should_panic(expected = "Builder::store: %entry already ends with its terminator `br`")]
fn store_after_a_branch() {
    let mut w = World::new();
    let (a64, p, e) = (w.arg(0), w.arg(2), w.entry);
    let mut b = w.b();
    b.br(e);
    b.store(a64, p, None);
}

#[test]
#[should_panic(expected = "Context::append_inst: %entry already ends with its terminator `ret`")]
fn append_after_the_terminator() {
    let mut w = World::new();
    let (a64, e) = (w.arg(0), w.entry);
    w.b().ret(Some(a64));
    let i64t = w.ctx.i64_type();
    let s = w
        .ctx
        .create_inst(Opcode::Add, i64t, &[a64, a64], InstPayload::None);
    w.ctx.append_inst(e, s);
}

#[test]
#[should_panic(
    expected = "Context::insert_inst_after: %entry already ends with its terminator `ret`"
)]
fn insert_after_the_terminator() {
    let mut w = World::new();
    let a64 = w.arg(0);
    let r = w.b().ret(Some(a64));
    let i64t = w.ctx.i64_type();
    let s = w
        .ctx
        .create_inst(Opcode::Add, i64t, &[a64, a64], InstPayload::None);
    w.ctx.insert_inst_after(r, s);
}

#[test]
#[should_panic(expected = "Context::insert_inst_before: the terminator `br` before")]
fn insert_a_terminator_before_an_add() {
    let mut w = World::new();
    let (a64, e) = (w.arg(0), w.entry);
    let s = w.b().add(a64, a64);
    let void = w.ctx.void_type();
    let br = w
        .ctx
        .create_inst(Opcode::Br, void, &[e.0], InstPayload::None);
    w.ctx.insert_inst_before(Inst(s), br);
}

/// LLVM's replace idiom stays open: a new terminator just before the old
/// one, which is then erased; and once erased, the block takes new
/// instructions at its end again.
#[test]
fn replacing_a_terminator() {
    let mut w = World::new();
    let (a64, c, e) = (w.arg(0), w.arg(4), w.entry);
    let other = w.ctx.append_block(w.f, "other");
    let old = w.b().br(other);
    let new = Builder::before(&mut w.ctx, old).cond_br(c, other, e);
    w.ctx.erase_inst(old);
    w.ctx.erase_inst(new);
    let s = w.b().add(a64, a64);
    w.b().ret(Some(s));
    let void = w.ctx.void_type();
    let br = w
        .ctx
        .create_inst(Opcode::Br, void, &[e.0], InstPayload::None);
    let r = w.ctx.terminator(e).expect("a ret");
    w.ctx.insert_inst_before(r, br);
    w.ctx.erase_inst(r);
    assert_eq!(w.ctx.terminator(e), Some(br));
    w.ctx.check_use_lists().unwrap();
}

// ---- binary operators and compares ------------------------------------------

#[test]
#[should_panic(
    expected = "Builder::binop: `fadd` takes floating-point (or vector of floating-point) operands, got i64"
)]
fn fadd_of_integers() {
    let mut w = World::new();
    let a = w.arg(0);
    w.b().binop(FloatOp::FAdd, a, a, Default::default());
}

#[test]
#[should_panic(
    expected = "Builder::add: `add` takes integer (or vector of integer) operands, got float"
)]
fn add_of_floats() {
    let mut w = World::new();
    let x = w.arg(3);
    w.b().add(x, x);
}

#[test]
#[should_panic(
    expected = "Builder::add: `add` takes integer (or vector of integer) operands, got ptr"
)]
fn add_of_pointers() {
    let mut w = World::new();
    let p = w.arg(2);
    w.b().add(p, p);
}

#[test]
#[should_panic(expected = "Builder::binop: `icmp` is not a binary operator")]
fn binop_of_a_non_binary_opcode() {
    let mut w = World::new();
    let a = w.arg(0);
    w.b().binop(Opcode::ICmp, a, a, NoFlags);
}

#[test]
#[should_panic(
    expected = "Builder::binop: the operands of `mul` have different types, i64 and i32"
)]
fn mul_of_mixed_widths() {
    let mut w = World::new();
    let (a64, a32) = (w.arg(0), w.arg(1));
    w.b().binop(WrapOp::Mul, a64, a32, Default::default());
}

#[test]
fn icmp_of_pointers_and_vectors_is_fine() {
    let mut w = World::new();
    let p = w.arg(2);
    let i32t = w.ctx.i32_type();
    let v4 = w.ctx.vector_type(i32t, 4);
    let u = w.ctx.const_undef(v4);
    let mut b = w.b();
    let c = b.icmp(IntPredicate::Ult, p, p);
    let cv = b.icmp(IntPredicate::Eq, u, u);
    let (tc, tcv) = (w.ctx.type_of(c), w.ctx.type_of(cv));
    assert_eq!(tc, w.ctx.i1_type());
    assert_eq!(w.ctx.vector_len(tcv), Some((4, false)));
}

#[test]
#[should_panic(
    expected = "Builder::select: the select condition must be i1 or a vector of i1, got i32"
)]
fn select_on_an_i32() {
    let mut w = World::new();
    let (a32, a64) = (w.arg(1), w.arg(0));
    w.b().select(a32, a64, a64);
}

#[test]
#[should_panic(expected = "a select on <2 x i1> needs vectors of the same length, got <4 x i32>")]
fn vector_select_of_another_length() {
    let mut w = World::new();
    let (i1, i32t) = (w.ctx.i1_type(), w.ctx.i32_type());
    let (c2, v4) = (w.ctx.vector_type(i1, 2), w.ctx.vector_type(i32t, 4));
    let (c, u) = (w.ctx.const_undef(c2), w.ctx.const_undef(v4));
    let a = w.arg(0);
    let _ = a;
    w.b().select(c, u, u);
}

// ---- casts -------------------------------------------------------------------

#[test]
fn cast_is_valid_follows_llvm() {
    let mut c = Context::new();
    let (i1, i8t, i32t, i64t) = (c.i1_type(), c.i8_type(), c.i32_type(), c.i64_type());
    let (f16, f32t, f64t) = (c.half_type(), c.float_type(), c.double_type());
    let (p0, p1) = (c.ptr_type(0), c.ptr_type(1));
    let v2i32 = c.vector_type(i32t, 2);
    let v2i64 = c.vector_type(i64t, 2);
    let v4i32 = c.vector_type(i32t, 4);
    let v2f32 = c.vector_type(f32t, 2);
    let v2p = c.vector_type(p0, 2);
    let v1p = c.vector_type(p0, 1);
    let sv2i32 = c.scalable_vector_type(i32t, 2);
    let sv2i64 = c.scalable_vector_type(i64t, 2);
    let arr = c.array_type(i32t, 2);
    use Opcode::*;
    let yes = [
        (Trunc, i64t, i32t),
        (Trunc, v2i64, v2i32),
        (ZExt, i1, i8t),
        (SExt, sv2i32, sv2i64),
        (FPTrunc, f64t, f16),
        (FPExt, f32t, f64t),
        (UIToFP, v2i32, v2f32),
        (FPToSI, f32t, i8t),
        (PtrToInt, p1, i64t),
        (PtrToInt, v2p, v2i64),
        (IntToPtr, i32t, p0),
        (BitCast, i64t, v2i32),
        (BitCast, v2f32, i64t),
        (BitCast, f32t, i32t),
        (BitCast, v1p, p0),
        (BitCast, p0, v1p),
        (BitCast, p0, p0),
        (AddrSpaceCast, p0, p1),
    ];
    let no = [
        (Trunc, i32t, i64t),
        (Trunc, i32t, i32t),
        (ZExt, v2i32, v4i32),
        (ZExt, i32t, f64t),
        (SExt, sv2i32, v2i64),
        (FPTrunc, f32t, f64t),
        (FPExt, f64t, f32t),
        (UIToFP, v2i32, f32t),
        (FPToUI, i32t, i32t),
        (PtrToInt, i64t, i64t),
        (PtrToInt, v2p, i64t),
        (IntToPtr, v2i64, p0),
        (BitCast, p0, i64t),
        (BitCast, p0, p1),
        (BitCast, i32t, i64t),
        (BitCast, v2i32, sv2i32),
        (BitCast, v2p, p0),
        (BitCast, arr, v2i32),
        (AddrSpaceCast, p0, p0),
        (AddrSpaceCast, i64t, p0),
        (Add, i32t, i32t),
    ];
    for (op, from, to) in yes {
        assert!(c.cast_is_valid(op, from, to), "{op:?} {from:?} -> {to:?}");
    }
    for (op, from, to) in no {
        assert!(!c.cast_is_valid(op, from, to), "{op:?} {from:?} -> {to:?}");
    }
}

#[test]
#[should_panic(expected = "Builder::cast: `addrspacecast` cannot cast ptr to ptr")]
fn addrspacecast_to_the_same_address_space() {
    let mut w = World::new();
    let p = w.arg(2);
    let ptr = w.ctx.ptr_type(0);
    w.b().cast(Opcode::AddrSpaceCast, p, ptr);
}

#[test]
#[should_panic(expected = "Builder::cast: `add` is not a cast")]
fn cast_of_a_non_cast_opcode() {
    let mut w = World::new();
    let a = w.arg(0);
    let i64t = w.ctx.i64_type();
    w.b().cast(Opcode::Add, a, i64t);
}

// ---- memory -----------------------------------------------------------------

#[test]
#[should_panic(expected = "Builder::load: the address of a load must be a pointer, got i64")]
fn load_from_an_integer() {
    let mut w = World::new();
    let a = w.arg(0);
    let i64t = w.ctx.i64_type();
    w.b().load(i64t, a, al(8));
}

#[test]
#[should_panic(expected = "Builder::load: cannot load a value of unsized type %T")]
fn load_of_an_opaque_struct() {
    let mut w = World::new();
    let p = w.arg(2);
    let t = w.ctx.create_struct("T");
    w.b().load(t, p, None);
}

#[test]
#[should_panic(expected = "Builder::alloca: cannot allocate unsized type void")]
fn alloca_of_void() {
    let mut w = World::new();
    let void = w.ctx.void_type();
    w.b().alloca(void, None, None);
}

#[test]
#[should_panic(
    expected = "Builder::alloca: the element count of an alloca must be an integer, got float"
)]
fn alloca_of_a_float_count() {
    let mut w = World::new();
    let x = w.arg(3);
    let i8t = w.ctx.i8_type();
    w.b().alloca(i8t, Some(x), None);
}

#[test]
#[should_panic(expected = "Builder::atomicrmw: `atomicrmw fadd` cannot operate on i64")]
fn atomic_fadd_of_an_integer() {
    let mut w = World::new();
    let (p, a) = (w.arg(2), w.arg(0));
    w.b().atomicrmw(RmwOp::FAdd, p, a, Ordering::SeqCst, al(8));
}

#[test]
#[should_panic(
    expected = "Builder::atomicrmw: an atomic read-modify-write needs monotonic ordering or stronger, got unordered"
)]
fn unordered_atomicrmw() {
    let mut w = World::new();
    let (p, a) = (w.arg(2), w.arg(0));
    w.b()
        .atomicrmw(RmwOp::Add, p, a, Ordering::Unordered, al(8));
}

#[test]
#[should_panic(
    expected = "Builder::cmpxchg: cmpxchg operands must be integers or pointers, got float"
)]
fn cmpxchg_of_floats() {
    let mut w = World::new();
    let (p, x) = (w.arg(2), w.arg(3));
    w.b()
        .cmpxchg(p, x, x, Ordering::SeqCst, Ordering::SeqCst, al(4));
}

#[test]
#[should_panic(
    expected = "Builder::cmpxchg: a cmpxchg failure ordering cannot be release or acq_rel, got acq_rel"
)]
fn cmpxchg_with_an_acq_rel_failure() {
    let mut w = World::new();
    let (p, a) = (w.arg(2), w.arg(0));
    w.b()
        .cmpxchg(p, a, a, Ordering::SeqCst, Ordering::AcqRel, al(8));
}

#[test]
#[should_panic(
    expected = "Builder::fence: a fence takes acquire, release, acq_rel or seq_cst ordering, got monotonic"
)]
fn monotonic_fence() {
    let mut w = World::new();
    w.b().fence(Ordering::Monotonic);
}

#[test]
#[should_panic(
    expected = "Builder::load: alignment 8589934592 exceeds LLVM's maximum of 2^32 bytes"
)]
fn alignment_above_two_to_the_32() {
    let mut w = World::new();
    let p = w.arg(2);
    let i8t = w.ctx.i8_type();
    w.b().load(i8t, p, al(1 << 33));
}

#[test]
#[should_panic(
    expected = "Builder::gep: getelementptr index 0 must be an integer or a vector of integers, got float"
)]
fn gep_with_a_float_index() {
    let mut w = World::new();
    let (p, x) = (w.arg(2), w.arg(3));
    let i8t = w.ctx.i8_type();
    w.b().gep(i8t, p, &[x], GepFlags::NONE);
}

#[test]
#[should_panic(expected = "Builder::gep: invalid getelementptr indices for { i32, i64 }")]
fn gep_with_a_variable_struct_index() {
    let mut w = World::new();
    let (p, a32) = (w.arg(2), w.arg(1));
    let (i32t, i64t) = (w.ctx.i32_type(), w.ctx.i64_type());
    let s = w.ctx.struct_type(&[i32t, i64t], false);
    let z = w.ctx.const_int(i64t, 0);
    w.b().gep(s, p, &[z, a32], GepFlags::INBOUNDS);
}

#[test]
#[should_panic(
    expected = "Builder::gep: the base of a getelementptr must be a pointer or a vector of pointers, got i64"
)]
fn gep_of_an_integer() {
    let mut w = World::new();
    let a = w.arg(0);
    let i8t = w.ctx.i8_type();
    w.b().gep(i8t, a, &[a], GepFlags::NONE);
}

// ---- aggregates and vectors --------------------------------------------------

#[test]
#[should_panic(expected = "Builder::extract_value: invalid indices [2] into { i32, i64 }")]
fn extractvalue_out_of_range() {
    let mut w = World::new();
    let (i32t, i64t) = (w.ctx.i32_type(), w.ctx.i64_type());
    let s = w.ctx.struct_type(&[i32t, i64t], false);
    let a = w.ctx.arg(w.f, 0);
    let _ = a;
    let u = w.ctx.const_undef(s);
    w.b().extract_value(u, &[2]);
}

#[test]
#[should_panic(expected = "Builder::extract_value: invalid indices [] into { i32, i64 }")]
fn extractvalue_without_indices() {
    let mut w = World::new();
    let (i32t, i64t) = (w.ctx.i32_type(), w.ctx.i64_type());
    let s = w.ctx.struct_type(&[i32t, i64t], false);
    let u = w.ctx.const_undef(s);
    w.b().extract_value(u, &[]);
}

#[test]
#[should_panic(
    expected = "Builder::insert_value: the inserted value has type i32, the element at [1] is i64"
)]
fn insertvalue_of_the_wrong_type() {
    let mut w = World::new();
    let (i32t, i64t) = (w.ctx.i32_type(), w.ctx.i64_type());
    let s = w.ctx.struct_type(&[i32t, i64t], false);
    let u = w.ctx.const_undef(s);
    let a32 = w.arg(1);
    w.b().insert_value(u, a32, &[1]);
}

#[test]
#[should_panic(
    expected = "Builder::extract_element: the operand of extractelement must be a vector, got i64"
)]
fn extractelement_of_a_scalar() {
    let mut w = World::new();
    let a = w.arg(0);
    w.b().extract_element(a, a);
}

#[test]
#[should_panic(
    expected = "Builder::insert_element: the inserted element has type i64, the vector's elements are i32"
)]
fn insertelement_of_the_wrong_type() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let v = w.ctx.vector_type(i32t, 4);
    let u = w.ctx.const_undef(v);
    let (a64, a32) = (w.arg(0), w.arg(1));
    w.b().insert_element(u, a64, a32);
}

#[test]
#[should_panic(
    expected = "Builder::shuffle_vector: shufflevector mask element 8 is out of range for two <4 x i32> operands"
)]
fn shufflevector_mask_out_of_range() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let v = w.ctx.vector_type(i32t, 4);
    let u = w.ctx.const_undef(v);
    let a = w.arg(0);
    let _ = a;
    w.b().shuffle_vector(u, u, &[0, 8]);
}

#[test]
#[should_panic(
    expected = "Builder::shuffle_vector: both operands of shufflevector must have the same type, got <4 x i32> and <2 x i32>"
)]
fn shufflevector_of_two_types() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let (v4, v2) = (w.ctx.vector_type(i32t, 4), w.ctx.vector_type(i32t, 2));
    let (a, b) = (w.ctx.const_undef(v4), w.ctx.const_undef(v2));
    w.b().shuffle_vector(a, b, &[0]);
}

// ---- calls and terminators -------------------------------------------------

#[test]
fn varargs_take_extra_arguments() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let vty = w.ctx.function_type(i32t, &[i32t], true);
    let (a32, a64, p) = (w.arg(1), w.arg(0), w.arg(2));
    let r = w.b().call(vty, p, &[a32, a64, p]);
    assert_eq!(w.ctx.num_operands(r), 4);
}

#[test]
#[should_panic(expected = "Builder::call: the callee %a64 must be a pointer, got i64")]
fn call_through_an_integer() {
    let mut w = World::new();
    let a = w.arg(0);
    let fty = w.ctx.signature(w.f);
    w.b().call(fty, a, &[]);
}

#[test]
#[should_panic(expected = "Builder::ret: `ret void` in @f, which returns i64")]
fn ret_void_in_an_i64_function() {
    let mut w = World::new();
    w.b().ret(None);
}

#[test]
#[should_panic(expected = "Builder::switch: a switch condition must be an integer, got float")]
fn switch_on_a_float() {
    let mut w = World::new();
    let (x, e) = (w.arg(3), w.entry);
    w.b().switch(x, e, 0);
}

#[test]
#[should_panic(
    expected = "Context::switch_add_case: a switch case has type i64, the condition is i32"
)]
fn switch_case_of_another_type() {
    let mut w = World::new();
    let (a32, e) = (w.arg(1), w.entry);
    let sw = w.b().switch(a32, e, 1);
    let i64t = w.ctx.i64_type();
    let k = w.ctx.const_int(i64t, 1);
    w.ctx.switch_add_case(sw, k, e);
}

#[test]
#[should_panic(
    expected = "Context::switch_add_case: a switch case must be an integer constant, got %a32 of type i32"
)]
fn switch_case_not_a_constant() {
    let mut w = World::new();
    let (a32, e) = (w.arg(1), w.entry);
    let sw = w.b().switch(a32, e, 1);
    w.ctx.switch_add_case(sw, a32, e);
}

#[test]
#[should_panic(
    expected = "Context::switch_add_case: %gother is a block of @g, not of @f, where the instruction is"
)]
fn switch_case_to_another_function() {
    let mut w = World::new();
    let (a32, e, go) = (w.arg(1), w.entry, w.gother);
    let sw = w.b().switch(a32, e, 1);
    let i32t = w.ctx.i32_type();
    let k = w.ctx.const_int(i32t, 1);
    w.ctx.switch_add_case(sw, k, go);
}

#[test]
#[should_panic(expected = "Builder::br: %a64 is not a block (a Argument of type i64)")]
fn branch_to_a_value() {
    let mut w = World::new();
    let a = w.arg(0);
    w.b().br(Block(a));
}

#[test]
#[should_panic(
    expected = "Context::phi_add_incoming: incoming value %a32 has type i32, the PHI is i64"
)]
fn phi_incoming_of_another_type() {
    let mut w = World::new();
    let (a32, e) = (w.arg(1), w.entry);
    let i64t = w.ctx.i64_type();
    let phi = w.b().phi(i64t, 1);
    w.ctx.phi_add_incoming(phi, a32, e);
}

#[test]
#[should_panic(
    expected = "Context::phi_add_incoming: %a64 is an argument of @g, not of @f, where the instruction is"
)]
fn phi_incoming_argument_of_another_function() {
    let mut w = World::new();
    let e = w.entry;
    let i64t = w.ctx.i64_type();
    let other = w.ctx.arg(w.g, 1);
    let phi = w.b().phi(i64t, 1);
    w.ctx.phi_add_incoming(phi, other, e);
}

/// Release builds check a PHI's incoming block for liveness only (its
/// record is a cache miss per entry; DESIGN.md); debug builds check that it
/// is a block of the PHI's function.
#[cfg(debug_assertions)]
#[test]
#[should_panic(
    expected = "Context::phi_add_incoming: %gother is a block of @g, not of @f, where the instruction is"
)]
fn phi_incoming_block_of_another_function() {
    let mut w = World::new();
    let (a, go) = (w.arg(0), w.gother);
    let i64t = w.ctx.i64_type();
    let phi = w.b().phi(i64t, 1);
    w.ctx.phi_add_incoming(phi, a, go);
}

#[test]
#[should_panic(expected = "Builder::phi: a PHI cannot have type void")]
fn phi_of_void() {
    let mut w = World::new();
    let void = w.ctx.void_type();
    w.b().phi(void, 0);
}

#[test]
#[should_panic(
    expected = "Builder::catch_pad: the catchswitch of a catchpad must be a `catchswitch`, got %a64"
)]
fn catchpad_within_a_value() {
    let mut w = World::new();
    let a = w.arg(0);
    w.b().catch_pad(a, &[]);
}

#[test]
#[should_panic(
    expected = "Context::landing_pad_add_clause: a catch clause must be a pointer, got i32"
)]
fn landingpad_catch_of_an_integer() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let ptr = w.ctx.ptr_type(0);
    let lt = w.ctx.struct_type(&[ptr, i32t], false);
    let lp = w.b().landing_pad(lt, false);
    let one = w.ctx.const_int(i32t, 1);
    w.ctx.landing_pad_add_clause(lp, one, true);
}

// ---- create_inst, set_operand, insertion ----------------------------------------

#[test]
#[should_panic(expected = "Context::create_inst: a `add` of these operands has type i64, got i32")]
fn create_inst_with_the_wrong_result_type() {
    let mut w = World::new();
    let a = w.arg(0);
    let i32t = w.ctx.i32_type();
    w.ctx
        .create_inst(Opcode::Add, i32t, &[a, a], InstPayload::None);
}

#[test]
#[should_panic(
    expected = "Context::create_inst: `call` needs an InstPayload::Call with the callee's function type"
)]
fn create_inst_call_without_its_payload() {
    let mut w = World::new();
    let g = w.g.0;
    let i64t = w.ctx.i64_type();
    w.ctx
        .create_inst(Opcode::Call, i64t, &[g], InstPayload::None);
}

#[test]
#[should_panic(expected = "Context::create_inst: @g takes 3 arguments, got 0")]
fn create_inst_call_of_the_wrong_arity() {
    let mut w = World::new();
    let g = w.g.0;
    let i64t = w.ctx.i64_type();
    let gty = w.ctx.signature(w.g);
    let data = CallData {
        fn_ty: Some(gty),
        ..Default::default()
    };
    w.ctx
        .create_inst(Opcode::Call, i64t, &[g], InstPayload::Call(Box::new(data)));
}

#[test]
#[should_panic(
    expected = "Context::create_inst: %a32 is an argument of @g, not of @f, where the instruction is"
)]
fn create_inst_mixing_two_functions() {
    let mut w = World::new();
    let mine = w.arg(1);
    let theirs = w.ctx.arg(w.g, 0);
    let i32t = w.ctx.i32_type();
    w.ctx
        .create_inst(Opcode::Add, i32t, &[mine, theirs], InstPayload::None);
}

#[test]
fn create_inst_starts_compares_and_atomics_valid() {
    let mut w = World::new();
    let (a, p) = (w.arg(0), w.arg(2));
    let i1 = w.ctx.i1_type();
    let void = w.ctx.void_type();
    let c = w
        .ctx
        .create_inst(Opcode::ICmp, i1, &[a, a], InstPayload::None);
    let fe = w
        .ctx
        .create_inst(Opcode::Fence, void, &[], InstPayload::None);
    let i64t = w.ctx.i64_type();
    let r = w
        .ctx
        .create_inst(Opcode::AtomicRMW, i64t, &[p, a], InstPayload::None);
    assert_eq!(w.ctx.int_predicate(c), IntPredicate::Eq);
    assert_eq!(w.ctx.ordering(fe), Ordering::SeqCst);
    assert_eq!(w.ctx.ordering(r), Ordering::SeqCst);
    assert_eq!(w.ctx.rmw_op(r), RmwOp::Xchg);
}

#[test]
#[should_panic(
    expected = "Context::append_inst: %a32 is an argument of @g, not of @f, where the instruction is"
)]
fn append_an_instruction_of_another_function() {
    let mut w = World::new();
    let theirs = w.ctx.arg(w.g, 0);
    let i32t = w.ctx.i32_type();
    let i = w
        .ctx
        .create_inst(Opcode::Add, i32t, &[theirs, theirs], InstPayload::None);
    w.ctx.append_inst(w.entry, i);
}

#[test]
#[should_panic(expected = "Context::append_inst: `ret i32` in @f, which returns i64")]
fn append_a_ret_of_the_wrong_type() {
    let mut w = World::new();
    let a32 = w.arg(1);
    let void = w.ctx.void_type();
    let r = w
        .ctx
        .create_inst(Opcode::Ret, void, &[a32], InstPayload::None);
    w.ctx.append_inst(w.entry, r);
}

#[test]
#[should_panic(expected = "Context::append_inst:")]
fn append_a_constant_as_an_instruction() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let k = w.ctx.const_int(i32t, 1);
    w.ctx.append_inst(w.entry, Inst(k));
}

#[test]
#[should_panic(
    expected = "Context::set_operand: the operands of `add` have different types, i64 and i32"
)]
fn set_operand_to_another_type() {
    let mut w = World::new();
    let (a64, a32) = (w.arg(0), w.arg(1));
    let s = w.b().add(a32, a32);
    w.ctx.set_operand(s, 0, Some(a64));
}

#[test]
#[should_panic(
    expected = "Context::set_operand: %a64 is an argument of @g, not of @f, where the instruction is"
)]
fn set_operand_to_another_function() {
    let mut w = World::new();
    let a64 = w.arg(0);
    let theirs = w.ctx.arg(w.g, 1);
    let s = w.b().add(a64, a64);
    w.ctx.set_operand(s, 1, Some(theirs));
}

#[test]
#[should_panic(expected = "Context::set_operand: %a64 is not a block (a Argument of type i64)")]
fn set_operand_of_a_branch_to_a_value() {
    let mut w = World::new();
    let (a, e) = (w.arg(0), w.entry);
    let br = w.b().br(e);
    w.ctx.set_operand(br, 0, Some(a));
}

#[test]
#[should_panic(
    expected = "Context::set_operand: a switch case must be an integer constant, got %a32 of type i32"
)]
fn set_operand_of_a_switch_case_to_a_variable() {
    let mut w = World::new();
    let (a32, e) = (w.arg(1), w.entry);
    let sw = w.b().switch(a32, e, 1);
    let i32t = w.ctx.i32_type();
    let k = w.ctx.const_int(i32t, 7);
    w.ctx.switch_add_case(sw, k, e);
    w.ctx.set_operand(sw, 2, Some(a32));
}

#[test]
#[should_panic(
    expected = "Context::swap_operands: the address of a store (its second operand) must be a pointer, got i64"
)]
fn swapping_a_store() {
    let mut w = World::new();
    let (a, p) = (w.arg(0), w.arg(2));
    let st = w.b().store(a, p, al(8));
    w.ctx.swap_operands(st, 0, 1);
}

#[test]
fn valid_edits_pass() {
    let mut w = World::new();
    let (a64, a32, c) = (w.arg(0), w.arg(1), w.arg(4));
    let e = w.entry;
    let mut b = w.b();
    let s = b.add(a64, a64);
    let t = b.icmp(IntPredicate::Slt, a32, a32);
    let sw = b.switch(a32, e, 1);
    w.ctx.set_operand(s, 1, Some(s));
    w.ctx.swap_operands(t, 0, 1);
    w.ctx.set_operand(sw, 0, Some(a32));
    let i32t = w.ctx.i32_type();
    let k = w.ctx.const_int(i32t, 3);
    w.ctx.switch_add_case(sw, k, e);
    w.ctx.replace_uses_of_with(t, a32, a32);
    let sel = Builder::before(&mut w.ctx, sw).select(c, a64, s);
    w.ctx.drop_all_references(sel);
    // A dropped operand is set back one at a time: the other slots are not
    // checked until they are all set.
    w.ctx.set_operand(sel, 1, Some(a64));
    w.ctx.check_use_lists().unwrap();
}

#[test]
#[should_panic(
    expected = "Context::replace_all_uses_with: %a32 is an argument of @g, not of @f, where the instruction is"
)]
fn rauw_with_a_value_of_another_function() {
    let mut w = World::new();
    let a32 = w.arg(1);
    let theirs = w.ctx.arg(w.g, 0);
    w.b().add(a32, a32);
    w.ctx.replace_all_uses_with(a32, theirs);
}

#[test]
#[should_panic(
    expected = "Context::replace_all_uses_with: %a32 is an argument of @g, not of @f, where the instruction is"
)]
fn rauw_of_a_constant_with_a_value_of_another_function() {
    let mut w = World::new();
    let i32t = w.ctx.i32_type();
    let k = w.ctx.const_int(i32t, 12345);
    let theirs = w.ctx.arg(w.g, 0);
    w.b().add(k, k);
    w.ctx.replace_all_uses_with(k, theirs);
}

#[test]
#[should_panic(
    expected = "Context::replace_uses_with_if: %a32 is an argument of @g, not of @f, where the instruction is"
)]
fn replace_if_with_a_value_of_another_function() {
    let mut w = World::new();
    let a32 = w.arg(1);
    let theirs = w.ctx.arg(w.g, 0);
    w.b().add(a32, a32);
    w.ctx.replace_uses_with_if(a32, theirs, |_, _| true);
}

#[test]
#[should_panic(expected = "Context::opcode: ")]
fn opcode_of_a_value_that_is_not_an_instruction() {
    let w = World::new();
    let a = w.arg(0);
    w.ctx.opcode(Inst(a));
}

#[test]
#[should_panic(
    expected = "Context::replace_phi_incoming_block: %gother is a block of @g, not of @f, where the instruction is"
)]
fn phi_block_renamed_to_a_block_of_another_function() {
    let mut w = World::new();
    let (e, go) = (w.entry, w.gother);
    w.ctx.replace_phi_incoming_block(e, e, go);
}

// ---- the side record's public setters ---------------------------------------

#[test]
#[should_panic(expected = "Context::set_call_conv: calling convention 1024 exceeds")]
fn calling_convention_beyond_ten_bits() {
    let mut w = World::new();
    let (g, a32, a64, p) = (w.g, w.arg(1), w.arg(0), w.arg(2));
    let c = w.b().call_function(g, &[a32, a64, p]);
    w.ctx.set_call_conv(Inst(c), 1024);
}

#[test]
#[should_panic(expected = "Context::set_call_attrs: ")]
fn call_attributes_on_an_add() {
    let mut w = World::new();
    let a64 = w.arg(0);
    let s = w.b().add(a64, a64);
    let attrs = lair::ir::attributes::AttributeList::default();
    w.ctx.set_call_attrs(Inst(s), attrs);
}

#[test]
fn side_record_setters_round_trip() {
    let mut w = World::new();
    let (g, a32, a64, p) = (w.g, w.arg(1), w.arg(0), w.arg(2));
    let c = Inst(w.b().call_function(g, &[a32, a64, p]));
    w.ctx.set_call_conv(c, 8);
    assert_eq!(w.ctx.call_data(c).call_conv, 8);
    let kind = w.ctx.md_kind_id("custom");
    let s = w.ctx.md_string("x");
    let t = w.ctx.md_tuple(&[Some(s)]);
    assert_eq!(w.ctx.inst_metadata(c, kind), None);
    w.ctx.set_inst_metadata(c, kind, Some(t));
    assert_eq!(w.ctx.inst_metadata(c, kind), Some(t));
    w.ctx.set_inst_metadata(c, kind, None);
    assert_eq!(w.ctx.inst_metadata(c, kind), None);
    assert_eq!(w.ctx.dbg_loc(c), None);
    let text = w.ctx.display_function(w.f).to_string();
    assert!(
        text.contains("call fastcc i64 @g(i32 %a32, i64 %a64, ptr %p)"),
        "{text}"
    );
}

// ---- API misuse names the method, the value and its type ----------------

#[test]
#[should_panic(
    expected = "Context::function_data: %a64 is not a function (a Argument of type i64)"
)]
fn function_data_of_an_argument() {
    let w = World::new();
    w.ctx.function_data(Function(w.arg(0)));
}

#[test]
#[should_panic(
    expected = "Context::call_function_type: %s (`add`, of type i64) is not a call site"
)]
fn call_function_type_of_an_add() {
    let (w, s) = World::with_add_s();
    w.ctx.call_function_type(s);
}

#[test]
#[should_panic(expected = "Context::phi_blocks: %s (`add`, of type i64) is not a PHI")]
fn phi_blocks_of_an_add() {
    let (w, s) = World::with_add_s();
    w.ctx.phi_blocks(s);
}

#[test]
#[should_panic(
    expected = "Context::global_data: %a64 is not a global value (a Argument of type i64)"
)]
fn global_data_of_an_argument() {
    let w = World::new();
    w.ctx.global_data(w.arg(0));
}
