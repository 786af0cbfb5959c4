//! The check every test that builds or transforms IR ends with: the module
//! must satisfy LLVM 19's verifier (`Context::verify_module`, every rule,
//! debug info included) besides the graph's own invariants. Cheap: one
//! verifier run over a small module.
#![allow(dead_code)]

use lair::ir::Module;
use lair::Context;

/// Panics with every error the verifier finds in `m`, debug-info rules
/// included.
#[track_caller]
pub fn assert_verifies(ctx: &Context, m: Module) {
    let v = ctx.verify_module(m);
    assert!(v.is_ok(), "the module does not verify:\n{v}");
}

/// Panics with every error the verifier finds in function `f`.
#[track_caller]
pub fn assert_function_verifies(ctx: &Context, f: lair::ir::Function) {
    let v = ctx.verify_function(f);
    assert!(v.is_ok(), "the function does not verify:\n{v}");
}

/// The use lists are consistent and `m` verifies.
#[track_caller]
pub fn assert_sound(ctx: &Context, m: Module) {
    if let Err(e) = ctx.check_use_lists() {
        panic!("use lists broken: {e}");
    }
    assert_verifies(ctx, m);
}

/// `m` printed, after checking that it verifies.
#[track_caller]
pub fn text(ctx: &Context, m: Module) -> String {
    assert_verifies(ctx, m);
    ctx.print_module(m)
}
