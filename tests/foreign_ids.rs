//! Ids of one context used in another: every value handle (`Value`,
//! `Inst`, `Block`, `Function`, `Global`) is reported "from another
//! context" in every build; `Type`, `Metadata` and `Module` ids in debug
//! builds (release builds catch them only out of range; DESIGN.md, Ids).

use lair::builder::Builder;
use lair::ir::{Block, Function};
use lair::{Context, Value};

/// `define i64 @f(i64 %a, i64 %b)` with block `entry`, built the same way
/// in every context, so the ids of two such contexts have equal indices.
fn world() -> (Context, Function, Block) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i64t = ctx.i64_type();
    let fty = ctx.function_type(i64t, &[i64t, i64t], false);
    let f = ctx.add_function(m, "f", fty);
    let b = ctx.append_block(f, "entry");
    (ctx, f, b)
}

fn panic_message(f: impl FnOnce()) -> String {
    let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).expect_err("no panic");
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_value_in_a_query() {
    let (ctx1, _, _) = world();
    let (ctx2, f2, _) = world();
    let a2 = ctx2.arg(f2, 0);
    ctx1.type_of(a2);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_value_as_an_operand() {
    let (mut ctx1, f1, b1) = world();
    let (ctx2, f2, _) = world();
    let a1 = ctx1.arg(f1, 0);
    let a2 = ctx2.arg(f2, 0);
    Builder::at_end(&mut ctx1, b1).add(a1, a2);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_block() {
    let (mut ctx1, _, b1) = world();
    let (_ctx2, _, b2) = world();
    Builder::at_end(&mut ctx1, b1).br(b2);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_function() {
    let (ctx1, _, _) = world();
    let (_ctx2, f2, _) = world();
    ctx1.signature(f2);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_inst() {
    let (ctx1, f1, b1) = world();
    let (mut ctx2, f2, b2) = world();
    let _ = (f1, b1);
    let a2 = ctx2.arg(f2, 0);
    let x = Builder::at_end(&mut ctx2, b2).add(a2, a2);
    let i = ctx2.as_inst(x).unwrap();
    ctx1.opcode(i);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_global() {
    let mut ctx1 = Context::new();
    let mut ctx2 = Context::new();
    let m1 = ctx1.create_module("m");
    let m2 = ctx2.create_module("m");
    let t1 = ctx1.i32_type();
    let t2 = ctx2.i32_type();
    ctx1.add_global_var(m1, "g", t1, 0);
    let g2 = ctx2.add_global_var(m2, "g", t2, 0);
    ctx1.initializer(g2);
}

#[test]
fn stale_and_foreign_are_told_apart() {
    let (mut ctx1, f1, b1) = world();
    let a1 = ctx1.arg(f1, 0);
    let x = Builder::at_end(&mut ctx1, b1).add(a1, a1);
    let i = ctx1.as_inst(x).unwrap();
    ctx1.erase_inst(i);
    // The slot is reused by the next instruction: the old id is stale.
    let y = Builder::at_end(&mut ctx1, b1).add(a1, a1);
    assert_ne!(x, y);
    let msg = panic_message(|| {
        ctx1.type_of(x);
    });
    assert!(msg.contains("stale value id"), "{msg}");
    assert!(!msg.contains("another context"), "{msg}");
    let (ctx2, _, _) = world();
    let msg = panic_message(|| {
        ctx2.type_of(y);
    });
    assert!(msg.contains("from another context"), "{msg}");
}

#[test]
fn is_live_is_false_for_a_foreign_value() {
    let (ctx1, f1, _) = world();
    let (ctx2, f2, _) = world();
    let a1: Value = ctx1.arg(f1, 0);
    assert!(ctx1.is_live(a1));
    assert!(!ctx2.is_live(a1));
    assert!(ctx2.is_live(ctx2.arg(f2, 0)));
}

#[test]
fn generations_survive_many_reuses_of_one_slot() {
    // The generation count wraps within the context's tag: after many
    // create/erase cycles on one slot the ids are still this context's.
    let (mut ctx, f, b) = world();
    let a = ctx.arg(f, 0);
    let mut last = None;
    for _ in 0..1000 {
        let x = Builder::at_end(&mut ctx, b).add(a, a);
        if let Some(prev) = last {
            assert!(!ctx.is_live(prev));
        }
        ctx.erase_inst(ctx.as_inst(x).unwrap());
        last = Some(x);
    }
    let y = Builder::at_end(&mut ctx, b).add(a, a);
    assert!(ctx.is_live(y));
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is from another context")]
fn foreign_type_in_a_debug_build() {
    let mut ctx1 = Context::new();
    let ctx2 = Context::new();
    let _ = ctx1.i32_type();
    let t2 = ctx2.i32_type();
    ctx1.vector_type(t2, 4);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is from another context")]
fn foreign_metadata_in_a_debug_build() {
    let mut ctx1 = Context::new();
    let mut ctx2 = Context::new();
    let _ = ctx1.md_string("x");
    let s2 = ctx2.md_string("x");
    ctx1.md_tuple(&[Some(s2)]);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is from another context")]
fn foreign_module_in_a_debug_build() {
    let mut ctx1 = Context::new();
    let mut ctx2 = Context::new();
    ctx1.create_module("a");
    let m2 = ctx2.create_module("b");
    ctx1.module(m2);
}

#[test]
#[should_panic(expected = "is from another context")]
fn foreign_type_out_of_range_in_every_build() {
    let ctx1 = Context::new();
    let mut ctx2 = Context::new();
    let mut t = ctx2.i32_type();
    for n in 1..200 {
        t = ctx2.array_type(t, n);
    }
    ctx1.type_data(t);
}

/// An attachment of another context's node is refused when attached, not
/// when the module is printed.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is from another context")]
fn foreign_attachment_in_a_debug_build() {
    let (mut ctx1, f1, b1) = world();
    let mut ctx2 = Context::new();
    let _ = ctx1.md_string("x");
    let s2 = ctx2.md_string("x");
    let t2 = ctx2.md_tuple(&[Some(s2)]);
    let a = ctx1.arg(f1, 0);
    let r = Builder::at_end(&mut ctx1, b1).ret(Some(a));
    let kind = ctx1.md_kind_id("custom");
    ctx1.set_inst_metadata(r, kind, Some(t2));
}

#[test]
#[should_panic(expected = "was not minted by this context")]
fn foreign_metadata_kind() {
    let (mut ctx1, f1, b1) = world();
    let mut ctx2 = Context::new();
    let k2 = ctx2.md_kind_id("only.in.ctx2");
    let a = ctx1.arg(f1, 0);
    let r = Builder::at_end(&mut ctx1, b1).ret(Some(a));
    let s = ctx1.md_string("x");
    let t = ctx1.md_tuple(&[Some(s)]);
    ctx1.set_inst_metadata(r, k2, Some(t));
}
