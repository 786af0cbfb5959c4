//! Input-driven depth: modules nesting types, constants, metadata and
//! debug-info scopes 10,000 levels deep (LLVM 19's practical depth) parse,
//! verify, print to a fixed point, write bitcode and read it back to the
//! same text on a `cargo test` thread's 2 MiB stack; past
//! `asm::parse::MAX_DEPTH` the parser refuses with a located error.
//! `.ci/run` checks the same modules against llvm-as-19/llvm-dis-19
//! (`examples/deep_ll.rs`).

use lair::asm::parse::parse_module;
use lair::bitcode::{read_bitcode, write_bitcode, WriteOptions};
use lair::transforms::ValueMap;
use lair::Context;

#[path = "support/deep.rs"]
mod deep;

/// The module's text without its ModuleID and source_filename lines
/// (bitcode read from memory has neither name).
fn body(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts `a == b`, naming the first line that differs.
fn same(a: &str, b: &str, what: &str) {
    if a != b {
        let (i, (x, y)) = a
            .lines()
            .zip(b.lines())
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .unwrap_or((0, ("(length)", "(length)")));
        let cut = |s: &str| s.chars().take(300).collect::<String>();
        panic!("{what}: line {}:\n  {}\n  {}", i + 1, cut(x), cut(y));
    }
}

fn round_trip(kind: &str, n: usize) {
    let src = deep::deep_module(kind, n);
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, &src, "deep.ll").unwrap_or_else(|e| panic!("{kind}: {e}"));
    let v = ctx.verify_module(m);
    assert!(v.is_ok(), "{kind}: {:?}", v.errors().first());
    let printed = ctx.print_module(m);
    assert!(printed.len() > n, "{kind}: printed {} bytes", printed.len());

    let mut ctx2 = Context::new();
    let m2 = parse_module(&mut ctx2, &printed, "deep.ll").unwrap();
    same(
        &body(&ctx2.print_module(m2)),
        &body(&printed),
        &format!("{kind}: fixed point"),
    );

    let mut bc = Vec::new();
    write_bitcode(&ctx, m, &mut bc, &WriteOptions::default()).unwrap();
    let mut ctx3 = Context::new();
    let m3 = read_bitcode(&mut ctx3, &bc).unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert!(ctx3.verify_module(m3).is_ok(), "{kind}: read back");
    same(
        &body(&ctx3.print_module(m3)),
        &body(&printed),
        &format!("{kind}: bitcode"),
    );

    let m4 = ctx3.clone_module(m3, &mut ValueMap::default());
    same(
        &body(&ctx3.print_module(m4)),
        &body(&printed),
        &format!("{kind}: clone"),
    );

    // The linker's type mapping and value mapping: into an empty module.
    let dst = parse_module(&mut ctx3, "", "dst.ll").unwrap();
    ctx3.link_modules(dst, m4)
        .unwrap_or_else(|e| panic!("{kind}: {e}"));
    same(
        &body(&ctx3.print_module(dst)),
        &body(&printed),
        &format!("{kind}: linked"),
    );
}

#[test]
fn ten_thousand_levels_on_a_test_thread() {
    for kind in deep::KINDS {
        round_trip(kind, 10_000);
    }
}

#[test]
fn past_the_limit_is_a_located_error() {
    const N: usize = 100_001;
    let src = format!(
        "\n\n@g = global i64 {}i64 1{}\n",
        "add (i64 1, i64 ".repeat(N),
        ")".repeat(N)
    );
    let mut ctx = Context::new();
    let e = parse_module(&mut ctx, &src, "deep.ll").unwrap_err();
    assert_eq!(e.message, "constants nested more than 100000 levels deep");
    assert_eq!(e.line, 3);
}
