//! The transform passes against opt-19's output on the hand-written
//! modules of `tests/data/opt` (the expected files in
//! `tests/data/opt-expected` are opt-19's, written and re-derived in CI by
//! `scripts/opt-golden.sh`), and the edge utilities' contracts through the
//! public API.

use std::path::Path;
use std::process::Command;

use lair::asm::parse::parse_module;
use lair::Context;

const PIPELINES: &[&str] = &[
    "mem2reg",
    "dce",
    "adce",
    "break-crit-edges",
    "loop-simplify",
    "lcssa",
    "reg2mem",
    "mem2reg,dce",
];

/// What oracle-opt.sh compares: the module without its ModuleID line and
/// without `; preds =` comments.
fn normalise(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines().skip(1) {
        let l = match line.find("; preds = ") {
            Some(k) => line[..k].trim_end(),
            None => line,
        };
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[test]
fn passes_match_opt_19_on_hand_written_modules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/opt");
    let mut checked = 0;
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    inputs.sort();
    for input in inputs {
        let stem = input.file_stem().unwrap().to_str().unwrap().to_string();
        for p in PIPELINES {
            // Relative to the crate, as the script names it (the path is
            // the module's `source_filename`).
            let out = Command::new(env!("CARGO_BIN_EXE_lair"))
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .args(["opt", &format!("-passes={p}"), "-S"])
                .arg(format!("tests/data/opt/{stem}.ll"))
                .output()
                .expect("lair runs");
            assert!(
                out.status.success(),
                "lair opt -passes={p} {stem}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let got = normalise(&String::from_utf8_lossy(&out.stdout));
            let want_path = dir
                .join("../opt-expected")
                .join(format!("{stem}.{}.ll", p.replace(',', "+")));
            let want = std::fs::read_to_string(&want_path).unwrap();
            assert_eq!(
                got, want,
                "lair opt -passes={p} on {stem} differs from opt-19"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 12,
        "only {checked} module/pipeline pairs checked"
    );
}

const DIAMOND: &str = "define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %m
a:
  br label %m
m:
  %p = phi i32 [ 1, %a ], [ %x, %entry ]
  ret i32 %p
}
";

#[test]
fn split_critical_edge_names_and_rewires_like_llvm() {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, DIAMOND, "diamond.ll").unwrap();
    let f = ctx.functions(m).next().unwrap();
    let entry = ctx.entry_block(f).unwrap();
    let t = ctx.terminator(entry).unwrap();
    // entry -> a: `a` has one predecessor, not critical.
    assert!(!ctx.is_critical_edge(t, 0));
    assert_eq!(ctx.split_critical_edge(t, 0), None);
    // entry -> m: critical.
    let nb = ctx.split_critical_edge(t, 1).expect("split");
    assert_eq!(ctx.name_of(nb.0), Some("entry.m_crit_edge"));
    let text = ctx.print_module(m);
    assert!(
        text.contains("br i1 %c, label %a, label %entry.m_crit_edge"),
        "{text}"
    );
    assert!(
        text.contains("%p = phi i32 [ 1, %a ], [ %x, %entry.m_crit_edge ]"),
        "{text}"
    );
    assert_eq!(ctx.split_all_critical_edges(f), 0);
}

#[test]
fn remove_predecessor_folds_a_single_value_phi() {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, DIAMOND, "diamond.ll").unwrap();
    let f = ctx.functions(m).next().unwrap();
    let blocks: Vec<_> = ctx.blocks(f).collect();
    let (a, mb) = (blocks[1], blocks[2]);
    ctx.remove_predecessor(mb, a, false);
    let text = ctx.print_module(m);
    // One entry left: the PHI is replaced by its value.
    assert!(text.contains("ret i32 %x"), "{text}");
    assert!(!text.contains("phi"), "{text}");
}

const DEAD: &str = "define i32 @g(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %m
a:
  %y = add i32 %x, 1
  br label %m
dead:
  %z = mul i32 %x, 2
  br label %m
m:
  %p = phi i32 [ %y, %a ], [ %x, %entry ], [ %z, %dead ]
  ret i32 %p
}
";

#[test]
fn delete_dead_block_and_change_to_unreachable() {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, DEAD, "dead.ll").unwrap();
    let f = ctx.functions(m).next().unwrap();
    let blocks: Vec<_> = ctx.blocks(f).collect();
    let (a, dead) = (blocks[1], blocks[2]);
    ctx.delete_dead_block(dead, false);
    let text = ctx.print_module(m);
    assert!(!text.contains("dead:"), "{text}");
    assert!(
        text.contains("%p = phi i32 [ %y, %a ], [ %x, %entry ]"),
        "{text}"
    );
    // `a` ends in unreachable: `%y` goes, and `m`'s PHI merges one value.
    let y = ctx.first_inst(a).unwrap();
    assert_eq!(ctx.change_to_unreachable(y, false), 2);
    let text = ctx.print_module(m);
    assert!(text.contains("  unreachable\n\nm:"), "{text}");
    assert!(text.contains("ret i32 %x"), "{text}");
    assert!(!text.contains("phi"), "{text}");
}

/// The `.ll` files of `tests/data/{opt,analysis}` that parse, in path
/// order, each in a context of its own.
fn hand_written_modules() -> impl Iterator<Item = (std::path::PathBuf, Context, lair::ir::Module)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = ["opt", "analysis"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    files.into_iter().filter_map(|path| {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, &text, "t.ll").ok()?;
        Some((path, ctx, m))
    })
}

/// The loop forest and dominator tree `simplify_loops_updating` leaves
/// behind (what `loop-simplify` hands the next pass) are the analyses
/// computed afresh: same loops, headers, parents, depths and block sets
/// (the block order is LLVM's updated order, checked by the
/// `loop-simplify,print<loops>` pipelines against opt-19 in CI), and the
/// same immediate dominators.
#[test]
fn loop_simplify_keeps_analyses_equal_to_fresh_ones() {
    use lair::analysis::{DomTree, LoopInfo};
    use std::collections::BTreeSet;
    let mut changed = 0;
    for (path, mut ctx, m) in hand_written_modules() {
        let fs: Vec<_> = ctx.functions(m).collect();
        for f in fs {
            if ctx.entry_block(f).is_none() {
                continue;
            }
            let mut dt = DomTree::new(&ctx, f);
            let mut li = LoopInfo::compute(&ctx, &dt);
            if !ctx.simplify_loops_updating(f, &mut dt, &mut li) {
                continue;
            }
            changed += 1;
            let fresh_dt = DomTree::new(&ctx, f);
            let fresh = LoopInfo::compute(&ctx, &fresh_dt);
            let blocks: Vec<_> = ctx.blocks(f).collect();
            for &b in &blocks {
                assert_eq!(
                    dt.idom(&ctx, b),
                    fresh_dt.idom(&ctx, b),
                    "{}: idom of a block",
                    path.display()
                );
                let (a, c) = (li.loop_for(&ctx, b), fresh.loop_for(&ctx, b));
                assert_eq!(
                    a.is_some(),
                    c.is_some(),
                    "{}: loop of a block",
                    path.display()
                );
                if let (Some(a), Some(c)) = (a, c) {
                    assert_eq!(li.header(a), fresh.header(c));
                    assert_eq!(li.depth(a), fresh.depth(c));
                    let x: BTreeSet<_> = li.blocks(a).iter().copied().collect();
                    let y: BTreeSet<_> = fresh.blocks(c).iter().copied().collect();
                    assert_eq!(x, y, "{}: blocks of a loop", path.display());
                    assert_eq!(
                        li.parent(a).map(|p| li.header(p)),
                        fresh.parent(c).map(|p| fresh.header(p))
                    );
                }
            }
            assert_eq!(li.num_loops(), fresh.num_loops());
        }
    }
    assert!(changed >= 5, "only {changed} functions changed");
}

/// `adce` keeps the dominator and post-dominator trees when it rewrites
/// branches (LLVM preserves both): the trees it updated with the deleted
/// edges have the immediate dominators of trees computed afresh.
#[test]
fn adce_keeps_dominator_trees_equal_to_fresh_ones() {
    use lair::analysis::{DomTree, PostDomTree};
    use lair::passes::{AnalysisKind, PassRunner, Pipeline};
    let mut changed = 0;
    for (path, mut ctx, m) in hand_written_modules() {
        let fs: Vec<_> = ctx
            .functions(m)
            .filter(|&f| ctx.entry_block(f).is_some() && !ctx.has_optnone(f))
            .collect();
        let edges = |ctx: &Context| -> Vec<Vec<_>> {
            fs.iter()
                .flat_map(|&f| ctx.blocks(f).collect::<Vec<_>>())
                .map(|b| ctx.successors(b).collect())
                .collect()
        };
        let before = edges(&ctx);
        let mut p = Pipeline::parse("require<domtree>,require<postdomtree>,adce").unwrap();
        let mut runner = PassRunner::new();
        p.run(&mut ctx, m, &mut runner).unwrap();
        if edges(&ctx) == before {
            continue;
        }
        for &f in &fs {
            let am = &mut runner.analyses;
            assert!(am.is_cached(f, AnalysisKind::DomTree));
            assert!(am.is_cached(f, AnalysisKind::PostDomTree));
            let (fresh_dt, fresh_pdt) = (DomTree::new(&ctx, f), PostDomTree::new(&ctx, f));
            for b in ctx.blocks(f) {
                let dt = am.cached_dom_tree(f).unwrap();
                assert_eq!(
                    dt.idom(&ctx, b),
                    fresh_dt.idom(&ctx, b),
                    "{}",
                    path.display()
                );
                let pdt = am.cached_post_dom_tree(f).unwrap();
                assert_eq!(
                    pdt.idom(&ctx, b),
                    fresh_pdt.idom(&ctx, b),
                    "{}",
                    path.display()
                );
            }
            changed += 1;
        }
    }
    assert!(changed >= 1, "adce changed no CFG");
}
