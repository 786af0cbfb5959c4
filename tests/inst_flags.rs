//! Typed instruction flags: each family is read and written through its
//! own type (`WrapFlags`, `Exact`, `Disjoint`, `NonNeg`, `FastMathFlags`,
//! `GepFlags`, predicates, `Align`, orderings, sync scopes), on the opcodes
//! that carry it; another opcode panics naming the accessor and the
//! opcode, and a flag of the wrong family does not compile (the
//! `compile_fail` examples in `src/inst/ops.rs`).

use lair::builder::Builder;
use lair::inst::{
    Disjoint, DisjointOp, Exact, ExactOp, FastMathFlags, FloatOp, FloatPredicate, GepFlags,
    IntPredicate, NoFlags, NonNeg, NonNegOp, Opcode, Ordering, Predicate, RmwOp, SyncScope,
    TailKind, TruncOp, WrapFlags, WrapOp,
};
use lair::ir::{Block, Function, Inst};
use lair::types::Align;
use lair::{Context, Value};

/// `define void @f(i32 %a, float %x, ptr %p, i1 %c)`, block `entry`.
fn world() -> (Context, Function, Block) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let (i32t, f32t, ptr, i1, void) = (
        ctx.i32_type(),
        ctx.float_type(),
        ctx.ptr_type(0),
        ctx.i1_type(),
        ctx.void_type(),
    );
    let fty = ctx.function_type(void, &[i32t, f32t, ptr, i1], false);
    let f = ctx.add_function(m, "f", fty);
    let b = ctx.append_block(f, "entry");
    (ctx, f, b)
}

fn args(ctx: &Context, f: Function) -> [Value; 4] {
    core::array::from_fn(|k| ctx.arg(f, k))
}

fn inst(ctx: &Context, v: Value) -> Inst {
    ctx.as_inst(v).expect("an instruction")
}

fn al(n: u64) -> Option<Align> {
    Align::from_bytes(n)
}

#[test]
fn wrap_exact_disjoint_nneg_round_trip() {
    let (mut ctx, f, blk) = world();
    let [a, x, ..] = args(&ctx, f);
    let i64t = ctx.i64_type();
    let i8t = ctx.i8_type();
    let f64t = ctx.double_type();
    let mut b = Builder::at_end(&mut ctx, blk);
    let add = b.binop(WrapOp::Add, a, a, WrapFlags::NUW);
    let div = b.binop(ExactOp::SDiv, a, a, Exact(true));
    let or = b.binop(DisjointOp::Or, a, a, Disjoint(true));
    let xor = b.binop(Opcode::Xor, a, a, NoFlags);
    let tr = b.cast_with(TruncOp::Trunc, a, i8t, WrapFlags::NSW);
    let ze = b.cast_with(NonNegOp::ZExt, a, i64t, NonNeg(true));
    let fe = b.cast(Opcode::FPExt, x, f64t);
    let (add, div, or, xor, tr, ze, fe) = (
        inst(&ctx, add),
        inst(&ctx, div),
        inst(&ctx, or),
        inst(&ctx, xor),
        inst(&ctx, tr),
        inst(&ctx, ze),
        inst(&ctx, fe),
    );
    assert_eq!(ctx.wrap_flags(add), WrapFlags::NUW);
    ctx.set_wrap_flags(add, WrapFlags::NUW | WrapFlags::NSW);
    assert_eq!(ctx.wrap_flags(add), WrapFlags::NUW | WrapFlags::NSW);
    assert!(ctx.is_exact(div));
    ctx.set_exact(div, false);
    assert!(!ctx.is_exact(div));
    assert!(ctx.is_disjoint(or));
    assert_eq!(ctx.wrap_flags(tr), WrapFlags::NSW);
    assert!(ctx.is_nneg(ze));
    ctx.set_nneg(ze, false);
    assert!(!ctx.is_nneg(ze));
    let _ = (xor, fe);
    let text = ctx.display_function(f).to_string();
    for s in [
        "add nuw nsw i32",
        "sdiv i32",
        "or disjoint i32",
        "xor i32",
        "trunc nsw i32",
        "zext i32",
    ] {
        assert!(text.contains(s), "{s} in\n{text}");
    }
}

#[test]
fn fast_math_on_fp_operations() {
    let (mut ctx, f, blk) = world();
    let [_, x, _, c] = args(&ctx, f);
    let mut b = Builder::at_end(&mut ctx, blk);
    let s = b.binop(
        FloatOp::FMul,
        x,
        x,
        FastMathFlags::NNAN | FastMathFlags::NSZ,
    );
    let cmp = b.fcmp(FloatPredicate::Olt, x, x);
    let sel = b.select(c, x, x);
    let n = b.fneg(x);
    let (s, cmp, sel, n) = (
        inst(&ctx, s),
        inst(&ctx, cmp),
        inst(&ctx, sel),
        inst(&ctx, n),
    );
    assert_eq!(ctx.fast_math(s), FastMathFlags::NNAN | FastMathFlags::NSZ);
    ctx.set_fast_math(cmp, FastMathFlags::FAST);
    assert!(ctx.fast_math(cmp).is_fast());
    // The predicate shares the word with fcmp's fast-math flags.
    assert_eq!(ctx.float_predicate(cmp), FloatPredicate::Olt);
    ctx.set_predicate(cmp, FloatPredicate::Uge.into());
    assert_eq!(ctx.float_predicate(cmp), FloatPredicate::Uge);
    assert!(ctx.fast_math(cmp).is_fast());
    ctx.set_fast_math(sel, FastMathFlags::NINF);
    ctx.set_fast_math(n, FastMathFlags::AFN);
    assert!(ctx.is_fp_math(sel));
    let text = ctx.display_function(f).to_string();
    for s in [
        "fmul nnan nsz float",
        "fcmp fast uge float",
        "select ninf i1 %3, float %1, float %1",
        "fneg afn float",
    ] {
        assert!(text.contains(s), "{s} in\n{text}");
    }
}

#[test]
fn predicates_are_typed() {
    let (mut ctx, f, blk) = world();
    let [a, ..] = args(&ctx, f);
    let c = Builder::at_end(&mut ctx, blk).icmp(IntPredicate::Sle, a, a);
    let c = inst(&ctx, c);
    assert_eq!(ctx.int_predicate(c), IntPredicate::Sle);
    assert_eq!(ctx.predicate(c), Predicate::ISle);
    ctx.set_predicate(c, IntPredicate::Ult.into());
    assert_eq!(ctx.int_predicate(c), IntPredicate::Ult);
}

#[test]
#[should_panic(expected = "Context::set_predicate: `icmp` takes an integer predicate, got `olt`")]
fn float_predicate_on_icmp() {
    let (mut ctx, f, blk) = world();
    let [a, ..] = args(&ctx, f);
    let c = Builder::at_end(&mut ctx, blk).icmp(IntPredicate::Eq, a, a);
    let c = inst(&ctx, c);
    ctx.set_predicate(c, FloatPredicate::Olt.into());
}

#[test]
fn memory_flags_round_trip() {
    let (mut ctx, f, blk) = world();
    let [a, _, p, _] = args(&ctx, f);
    let i32t = ctx.i32_type();
    let mut b = Builder::at_end(&mut ctx, blk);
    let slot = b.alloca(i32t, None, al(4));
    let l = b.load(i32t, p, al(4));
    let s = b.store(a, p, None);
    let fe = b.fence(Ordering::Release);
    let cx = b.cmpxchg(p, a, a, Ordering::SeqCst, Ordering::Acquire, al(4));
    let rmw = b.atomicrmw(RmwOp::UMax, p, a, Ordering::Monotonic, al(8));
    let (slot, l, cx, rmw) = (
        inst(&ctx, slot),
        inst(&ctx, l),
        inst(&ctx, cx),
        inst(&ctx, rmw),
    );
    assert_eq!(ctx.alignment(slot), al(4));
    // No alignment given: the data layout's ABI alignment, as IRBuilder.
    assert_eq!(ctx.alignment(s), al(4));
    ctx.set_alignment(s, al(16));
    assert_eq!(ctx.alignment(s), al(16));
    ctx.set_swifterror(slot, true);
    assert!(ctx.is_swifterror(slot) && !ctx.is_inalloca(slot));
    assert_eq!(ctx.ordering(l), Ordering::NotAtomic);
    ctx.set_atomic(l, Ordering::Acquire, SyncScope::Named(b"agent"));
    assert_eq!(ctx.ordering(l), Ordering::Acquire);
    assert_eq!(ctx.sync_scope(l), SyncScope::Named(b"agent"));
    ctx.set_volatile(l, true);
    assert!(ctx.is_volatile(l));
    assert_eq!(ctx.alignment(l), al(4));
    assert_eq!(ctx.ordering(fe), Ordering::Release);
    ctx.set_sync_scope(fe, SyncScope::SingleThread);
    assert_eq!(ctx.sync_scope(fe), SyncScope::SingleThread);
    assert_eq!(ctx.ordering(cx), Ordering::SeqCst);
    assert_eq!(ctx.failure_ordering(cx), Ordering::Acquire);
    ctx.set_failure_ordering(cx, Ordering::Monotonic);
    ctx.set_weak(cx, true);
    assert!(ctx.is_weak(cx));
    assert_eq!(ctx.rmw_op(rmw), RmwOp::UMax);
    assert_eq!(ctx.alignment(rmw), al(8));
    ctx.set_sync_scope(l, SyncScope::System);
    assert_eq!(ctx.sync_scope(l), SyncScope::System);
    let text = ctx.display_function(f).to_string();
    for s in [
        "alloca swifterror i32, align 4",
        "load atomic volatile i32, ptr %2 acquire, align 4",
        "store i32 %0, ptr %2, align 16",
        "fence syncscope(\"singlethread\") release",
        "cmpxchg weak ptr %2, i32 %0, i32 %0 seq_cst monotonic, align 4",
        "atomicrmw umax ptr %2, i32 %0 monotonic, align 8",
    ] {
        assert!(text.contains(s), "{s} in\n{text}");
    }
}

#[test]
fn gep_flags_round_trip() {
    let (mut ctx, f, blk) = world();
    let [a, _, p, _] = args(&ctx, f);
    let i8t = ctx.i8_type();
    let g = Builder::at_end(&mut ctx, blk).gep(i8t, p, &[a], GepFlags::NUSW);
    let g = inst(&ctx, g);
    assert_eq!(ctx.gep_flags(g), GepFlags::NUSW);
    ctx.set_gep_flags(g, GepFlags::INBOUNDS | GepFlags::NUW);
    let fl = ctx.gep_flags(g);
    assert!(fl.is_inbounds() && fl.has_nusw() && fl.has_nuw());
    assert!(ctx
        .display_function(f)
        .to_string()
        .contains("getelementptr inbounds nuw i8, ptr %2, i32 %0"));
}

#[test]
fn tail_kind_round_trip() {
    let (mut ctx, f, blk) = world();
    let fty = ctx.signature(f);
    let [a, x, p, c] = args(&ctx, f);
    let call = Builder::at_end(&mut ctx, blk).call(fty, f.0, &[a, x, p, c]);
    let call = inst(&ctx, call);
    assert_eq!(ctx.tail_kind(call), TailKind::None);
    ctx.set_tail_kind(call, TailKind::MustTail);
    assert_eq!(ctx.tail_kind(call), TailKind::MustTail);
}

macro_rules! wrong_opcode {
    ($name:ident, $msg:literal, |$ctx:ident, $add:ident, $load:ident| $body:expr) => {
        #[test]
        #[should_panic(expected = $msg)]
        fn $name() {
            let (mut ctx, f, blk) = world();
            let [a, _, p, _] = args(&ctx, f);
            let i32t = ctx.i32_type();
            let mut b = Builder::at_end(&mut ctx, blk);
            let add = b.add(a, a);
            let load = b.load(i32t, p, al(4));
            let ($add, $load) = (inst(&ctx, add), inst(&ctx, load));
            let $ctx = &mut ctx;
            let _ = $load;
            $body;
        }
    };
}

wrong_opcode!(
    exact_on_add,
    "Context::set_exact: `add` has no `exact` flag",
    |c, add, _l| c.set_exact(add, true)
);
wrong_opcode!(
    wrap_on_load,
    "Context::wrap_flags: `load` has no wrap flags",
    |c, _a, l| c.wrap_flags(l)
);
wrong_opcode!(
    fmf_on_add,
    "Context::set_fast_math: `add` has no fast-math flags",
    |c, add, _l| c.set_fast_math(add, FastMathFlags::NNAN)
);
wrong_opcode!(
    gep_flags_on_add,
    "Context::gep_flags: `add` has no GEP flags",
    |c, add, _l| c.gep_flags(add)
);
wrong_opcode!(
    align_on_add,
    "Context::set_alignment: `add` has no alignment",
    |c, add, _l| c.set_alignment(add, al(4))
);
wrong_opcode!(
    weak_on_load,
    "Context::set_weak: `load` has no `weak` flag",
    |c, _a, l| c.set_weak(l, true)
);
wrong_opcode!(
    predicate_on_load,
    "Context::predicate: `load` has no predicate",
    |c, _a, l| c.predicate(l)
);
wrong_opcode!(
    release_load,
    "Context::set_ordering: a load cannot have release or acq_rel ordering, got release",
    |c, _a, l| c.set_ordering(l, Ordering::Release)
);
wrong_opcode!(
    huge_alignment,
    "Context::set_alignment: alignment 8589934592 exceeds LLVM's maximum of 2^32 bytes",
    |c, _a, l| c.set_alignment(l, al(1 << 33))
);

#[test]
#[should_panic(expected = "a `call` of type i32 is not a floating-point operation")]
fn fast_math_on_an_integer_call() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[], false);
    let f = ctx.add_function(m, "f", fty);
    let blk = ctx.append_block(f, "entry");
    let c = Builder::at_end(&mut ctx, blk).call(fty, f.0, &[]);
    let c = inst(&ctx, c);
    ctx.set_fast_math(c, FastMathFlags::FAST);
}

#[test]
#[should_panic(expected = "a fence takes acquire, release, acq_rel or seq_cst ordering")]
fn monotonic_fence() {
    let (mut ctx, _, blk) = world();
    let fe = Builder::at_end(&mut ctx, blk).fence(Ordering::SeqCst);
    ctx.set_ordering(fe, Ordering::Monotonic);
}

#[test]
#[should_panic(expected = "a cmpxchg failure ordering cannot be release or acq_rel, got release")]
fn release_failure_ordering() {
    let (mut ctx, f, blk) = world();
    let [a, _, p, _] = args(&ctx, f);
    let cx =
        Builder::at_end(&mut ctx, blk).cmpxchg(p, a, a, Ordering::SeqCst, Ordering::SeqCst, al(4));
    let cx = inst(&ctx, cx);
    ctx.set_failure_ordering(cx, Ordering::Release);
}
