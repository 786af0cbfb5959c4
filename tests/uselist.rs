//! `uselistorder` / `uselistorder_bb` directives: after parsing, the use
//! list of the named value is in the order the directive asks for, as
//! llvm-as-19 leaves it (LLVM's `sortUseListOrder`: the use at position
//! `i` of the list as parsed gets key `indexes[i]`, then a stable sort by
//! key). Checked by walking the uses, and against LLVM 19 itself through
//! the `; preds = ...` comments (a block's terminator users in use-list
//! order), which `llvm-dis` prints from bitcode that keeps the order.

use lair::asm::parse::parse_module;
use lair::ir::{Function, Module};
use lair::value::Value;
use lair::Context;
use std::path::Path;
use std::process::Command;

const LLVM: &str = "/usr/lib/llvm-19/bin";

fn parse(src: &str) -> (Context, Module) {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "u.ll").unwrap_or_else(|e| panic!("{e}\n{src}"));
    (ctx, m)
}

/// A user for messages and comparisons: the instruction's text, or the
/// constant's / global's operand text.
fn describe(ctx: &Context, u: Value) -> String {
    ctx.display_value(u).to_string()
}

/// The uses of `v`, in use-list order, as `user text #operand`.
fn use_list(ctx: &Context, v: Value) -> Vec<String> {
    ctx.uses(v)
        .map(|u| format!("{} #{}", describe(ctx, u.user), u.operand_no))
        .collect()
}

fn function(ctx: &Context, m: Module, name: &str) -> Function {
    ctx.functions(m)
        .find(|&f| ctx.name_of(f.0) == Some(name))
        .expect("function")
}

/// Parses `base` and `base + extra` (the directive) and checks that the
/// value `pick` finds has, in the second parse, the use at position `i`
/// of the first parse at position `order[i]`.
fn check_permutation(
    base: &str,
    directive_at_end: &str,
    order: &[usize],
    pick: impl Fn(&Context, Module) -> Value,
) {
    let (ctx0, m0) = parse(base);
    let before = use_list(&ctx0, pick(&ctx0, m0));
    assert_eq!(before.len(), order.len(), "{before:?}");
    let src = directive_at_end.replace("{base}", base);
    let (ctx1, m1) = parse(&src);
    let after = use_list(&ctx1, pick(&ctx1, m1));
    let mut want = vec![String::new(); order.len()];
    for (i, &to) in order.iter().enumerate() {
        want[to] = before[i].clone();
    }
    assert_eq!(after, want, "before: {before:?}\n{src}");
    assert_ne!(after, before);
    ctx1.check_use_lists().unwrap();
}

const GLOBAL: &str = "@g = global i32 0
@p = global ptr @g

define void @f() {
  store i32 1, ptr @g
  store i32 2, ptr @g
  %v = load i32, ptr @g
  ret void
}
";

#[test]
fn global_directive_reorders_the_global() {
    check_permutation(
        GLOBAL,
        "{base}\nuselistorder ptr @g, { 3, 0, 2, 1 }\n",
        &[3, 0, 2, 1],
        |ctx, m| ctx.global_by_name(m, "g").unwrap(),
    );
}

const LOCAL: &str = "define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = mul i32 %x, %x
  %z = sub i32 %x, %a
  %w = add i32 %y, %z
  ret i32 %w
}
";

#[test]
fn function_local_directive_reorders_an_instruction_and_an_argument() {
    let with = |d: &str| LOCAL.replace("  ret i32 %w\n", &format!("  ret i32 %w\n{d}\n"));
    // %x: uses in order mul #0, mul #1, sub #0, parsed most recent first.
    let src = with("  uselistorder i32 %x, { 2, 0, 1 }");
    check_permutation(LOCAL, &src, &[2, 0, 1], |ctx, m| {
        let f = function(ctx, m, "f");
        ctx.local_by_name(f, "x").unwrap()
    });
    let src = with("  uselistorder i32 %a, { 1, 0 }");
    check_permutation(LOCAL, &src, &[1, 0], |ctx, m| {
        ctx.args(function(ctx, m, "f"))[0]
    });
    // Two directives in one body, applied in order.
    let src = with("  uselistorder i32 %a, { 1, 0 }\n  uselistorder i32 %x, { 1, 2, 0 }");
    let (ctx, m) = parse(&src);
    let f = function(&ctx, m, "f");
    let x = use_list(&ctx, ctx.local_by_name(f, "x").unwrap());
    let (ctx0, m0) = parse(LOCAL);
    let x0 = use_list(
        &ctx0,
        ctx0.local_by_name(function(&ctx0, m0, "f"), "x").unwrap(),
    );
    assert_eq!(x, vec![x0[2].clone(), x0[0].clone(), x0[1].clone()]);
}

/// A block whose uses are a block address (from a global defined before
/// the function: it is the block's oldest use, as in LLVM) and branches.
const BLOCKS: &str = "@ba = global ptr blockaddress(@f, %bb)

define void @f(i32 %c) {
entry:
  switch i32 %c, label %bb [
    i32 1, label %other
    i32 2, label %bb
  ]
other:
  br label %bb
bb:
  ret void
}
";

#[test]
fn uselistorder_bb_reorders_a_block_with_a_block_address() {
    let (ctx, m) = parse(BLOCKS);
    let f = function(&ctx, m, "f");
    let bb = ctx.local_by_name(f, "bb").unwrap();
    let uses = use_list(&ctx, bb);
    assert_eq!(uses.len(), 4, "{uses:?}");
    assert!(
        uses[3].starts_with("ptr blockaddress(@f, %bb)"),
        "the block address is the oldest use: {uses:?}"
    );
    check_permutation(
        BLOCKS,
        "{base}\nuselistorder_bb @f, %bb, { 1, 3, 0, 2 }\n",
        &[1, 3, 0, 2],
        |ctx, m| {
            let f = function(ctx, m, "f");
            ctx.local_by_name(f, "bb").unwrap()
        },
    );
}

#[test]
fn indexes_that_are_not_a_permutation_sort_stably_as_llvm() {
    // LLVM accepts { 0, 3, 3, 0 } (its check is a sum and a maximum) and
    // sorts by key, stably: positions 0, 3, 1, 2.
    let src = BLOCKS.replace(
        "  ret void\n",
        "  ret void\n  uselistorder label %bb, { 0, 3, 3, 0 }\n",
    );
    let (ctx0, m0) = parse(BLOCKS);
    let before = use_list(
        &ctx0,
        ctx0.local_by_name(function(&ctx0, m0, "f"), "bb").unwrap(),
    );
    let (ctx, m) = parse(&src);
    let after = use_list(
        &ctx,
        ctx.local_by_name(function(&ctx, m, "f"), "bb").unwrap(),
    );
    let want: Vec<String> = [0, 3, 1, 2].iter().map(|&i| before[i].clone()).collect();
    assert_eq!(after, want);
}

fn preds_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.contains("; preds = "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// `llvm-dis(llvm-as src)`; llvm-as keeps use-list order in the bitcode
/// and llvm-dis prints `; preds` in that order.
fn llvm_text(src: &str, name: &str) -> Option<String> {
    if !Path::new(LLVM).join("llvm-as").exists() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("lair-uselist-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("u.ll");
    let bc = dir.join("u.bc");
    std::fs::write(&ll, src).unwrap();
    let st = Command::new(format!("{LLVM}/llvm-as"))
        .arg(&ll)
        .arg("-o")
        .arg(&bc)
        .status()
        .unwrap();
    assert!(st.success(), "llvm-as rejects:\n{src}");
    let out = Command::new(format!("{LLVM}/llvm-dis"))
        .arg(&bc)
        .arg("-o")
        .arg("-")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn preds_order_after_directives_is_llvms() {
    let many = "define void @g(i32 %c) {
entry:
  switch i32 %c, label %t [
    i32 1, label %a
    i32 2, label %b
    i32 3, label %t
  ]
a:
  br label %t
b:
  br i1 true, label %t, label %a
t:
  ret void
  uselistorder label %t, { 3, 1, 0, 2 }
  uselistorder label %a, { 1, 0 }
}
";
    let cases = [
        (
            "bb",
            format!("{BLOCKS}\nuselistorder_bb @f, %bb, {{ 1, 3, 0, 2 }}\n"),
        ),
        (
            "bb2",
            format!("{BLOCKS}\nuselistorder_bb @f, %bb, {{ 3, 2, 1, 0 }}\n"),
        ),
        (
            "local",
            BLOCKS.replace(
                "  ret void\n",
                "  ret void\n  uselistorder label %bb, { 2, 0, 3, 1 }\n",
            ),
        ),
        (
            "stable",
            BLOCKS.replace(
                "  ret void\n",
                "  ret void\n  uselistorder label %bb, { 0, 3, 3, 0 }\n",
            ),
        ),
        ("many", many.to_string()),
        ("plain", BLOCKS.to_string()),
    ];
    for (name, src) in cases {
        let (ctx, m) = parse(&src);
        let ours = ctx.print_module(m);
        let Some(theirs) = llvm_text(&src, name) else {
            return;
        };
        assert_eq!(
            preds_lines(&ours),
            preds_lines(&theirs),
            "{name}: preds order differs from LLVM 19's\n{src}"
        );
    }
}
