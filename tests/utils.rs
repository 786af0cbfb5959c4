//! The transform utilities against libLLVM 19: each module of
//! `tests/data/utils` names operations in its `; OPS:` line
//! (`merge_block_into_predecessor`, `split_edge`, `clone_function`);
//! `scripts/utils-oracle.cpp` applied LLVM's `MergeBlockIntoPredecessor`,
//! `SplitEdge` and `CloneFunction` and kept what it printed in the
//! `.expected` file beside it (`scripts/utils-table.sh`, re-derived by
//! `.ci/run` with `--check`). Here lair applies the same operations and
//! must print the same, and the result must verify. `clone_module` must
//! print as the module it copies.

#[path = "support/replay.rs"]
mod replay;
#[path = "support/verified.rs"]
mod verified;

use lair::ir::{Block, Function, Module};
use lair::transforms::ValueMap;
use lair::Context;

fn block(ctx: &Context, f: Function, s: &str) -> Block {
    if let Some(k) = s.strip_prefix("%$") {
        return ctx.blocks(f).nth(k.parse().unwrap()).expect("block index");
    }
    let name = s.strip_prefix('%').unwrap();
    ctx.blocks(f)
        .find(|&b| ctx.name_of(b.0) == Some(name))
        .unwrap_or_else(|| panic!("no block {s}"))
}

/// Applies `ops`; returns the lines the oracle prints before the module.
fn apply(ctx: &mut Context, m: Module, ops: &str) -> String {
    let mut out = String::new();
    for op in ops.split(';').map(str::trim).filter(|o| !o.is_empty()) {
        let t: Vec<&str> = op.split_whitespace().collect();
        let f = Function(ctx.global_by_name(m, t[1]).expect("function"));
        match t[0] {
            "merge" | "merge2" => {
                let b = block(ctx, f, t[2]);
                let done = ctx.merge_block_into_predecessor(b, t[0] == "merge2");
                out += &format!("; merged: {}\n", if done { "yes" } else { "no" });
            }
            "split_edge" => {
                let (a, b) = (block(ctx, f, t[2]), block(ctx, f, t[3]));
                let nb = ctx.split_edge(a, b, "");
                out += &format!("; split: {}\n", if nb.is_some() { "yes" } else { "no" });
            }
            "clone" => {
                let mut vm = ValueMap::new();
                ctx.clone_function(f, &mut vm);
            }
            other => panic!("unknown operation {other}"),
        }
    }
    out
}

#[test]
fn utilities_print_as_llvm_19s() {
    replay::replay("utils", 6, |name, text, ops| {
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(text, name).unwrap();
        let mut got = apply(&mut ctx, m, ops);
        verified::assert_sound(&ctx, m);
        got += &ctx.print_module(m);
        got
    });
}

#[test]
fn clone_module_prints_as_the_original() {
    for path in replay::data_files("utils", "ll") {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(&text, "t.ll").unwrap();
        let want = ctx.print_module(m);
        let mut vm = ValueMap::new();
        let c = ctx.clone_module(m, &mut vm);
        verified::assert_sound(&ctx, c);
        assert_eq!(ctx.print_module(c), want, "{}", path.display());
        // Every global value, block and instruction is in the map.
        for f in ctx.functions(m).collect::<Vec<_>>() {
            assert!(vm.get(f.0).is_some());
            for b in ctx.blocks(f).collect::<Vec<_>>() {
                assert!(vm.get(b.0).is_some());
                for i in ctx.insts(b) {
                    assert!(vm.get(i.0).is_some());
                }
            }
        }
        // The original is untouched.
        assert_eq!(ctx.print_module(m), want);
    }
}

#[test]
fn clone_function_drops_arguments_seeded_in_the_map() {
    let mut ctx = Context::new();
    let m = ctx
        .parse_assembly(
            "define i32 @f(i32 %a, i32 noundef %b) {\n  %s = add i32 %a, %b\n  ret i32 %s\n}\n",
            "t.ll",
        )
        .unwrap();
    let f = Function(ctx.global_by_name(m, "f").unwrap());
    let a = ctx.arg(f, 0);
    let i32t = ctx.i32_type();
    let seven = ctx.const_int(i32t, 7);
    let mut vm = ValueMap::new();
    vm.insert(a, seven);
    let g = ctx.clone_function(f, &mut vm);
    verified::assert_sound(&ctx, m);
    let text = ctx.print_module(m);
    assert!(
        text.contains("define i32 @f.1(i32 noundef %b) {\n  %s = add i32 7, %b\n"),
        "{text}"
    );
    assert_eq!(ctx.name_of(g.0), Some("f.1"));
}
