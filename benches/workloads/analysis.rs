//! `domtree` and `loops` (WORKLOADS.md): the analyses over every function
//! with a body of one parsed module, reused across repetitions.
//!
//! `domtree`: the dominator tree of each function rebuilt from scratch in
//! one reused tree (LLVM's side: `DT.recalculate(F)` on one tree); checksum
//! the sum over reachable blocks of depth + 1. `loops`: the dominator tree
//! and loop forest of each function (reused buffers; LLVM builds fresh
//! ones); checksum the number of loops plus the sum of block loop depths.
//! Both print their checksum on stderr, as `llvm_ref` does, and check it is
//! the same in every repetition and equal to a fresh tree per function.

use crate::{measure, report, Opts, Sample};
use lair::analysis::{DomTree, LoopInfo};
use lair::asm::parse::parse_module;
use lair::ir::{Function, Module};
use lair::Context;

fn setup(opts: &Opts, name: &str) -> Option<(String, Context, Module)> {
    let src = match std::fs::read_to_string(&opts.input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{name}: {}: {e}", opts.input);
            return None;
        }
    };
    let mut ctx = Context::new();
    let m = match parse_module(&mut ctx, &src, &opts.input) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{name}: {e}");
            return None;
        }
    };
    Some((src, ctx, m))
}

fn bodies(ctx: &Context, m: Module) -> Vec<Function> {
    ctx.functions(m)
        .filter(|&f| !ctx.is_declaration(f))
        .collect()
}

fn dom_checksum(ctx: &Context, dt: &DomTree, f: Function) -> u64 {
    let mut sum = 0;
    for b in ctx.blocks(f) {
        if let Some(n) = dt.node(ctx, b) {
            sum += dt.level(n) as u64 + 1;
        }
    }
    sum
}

/// Runs `domtree`.
pub fn domtree(opts: &Opts) {
    let Some((src, ctx, m)) = setup(opts, "domtree") else {
        return;
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut last = None;
    let mut dt = DomTree::empty();
    for _ in 0..opts.reps() {
        let (sample, sum) = measure(|| {
            let mut sum = 0u64;
            for f in ctx.functions(m) {
                if ctx.is_declaration(f) {
                    continue;
                }
                dt.recalculate(&ctx, f);
                sum += dom_checksum(&ctx, &dt, f);
            }
            sum
        });
        samples.push(sample);
        assert!(last.is_none_or(|l| l == sum), "domtree: checksum changed");
        last = Some(sum);
    }
    let fresh: u64 = bodies(&ctx, m)
        .into_iter()
        .map(|f| dom_checksum(&ctx, &DomTree::new(&ctx, f), f))
        .sum();
    assert_eq!(
        last,
        Some(fresh),
        "domtree: checksum differs from a fresh tree per function"
    );
    eprintln!("lair: domtree: checksum {fresh}");
    report("domtree", src.len(), &samples, false);
}

/// Runs `loops`.
pub fn loops(opts: &Opts) {
    let Some((src, ctx, m)) = setup(opts, "loops") else {
        return;
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut last = None;
    let mut dt = DomTree::empty();
    let mut li = LoopInfo::new();
    for _ in 0..opts.reps() {
        let (sample, sum) = measure(|| {
            let mut sum = 0u64;
            for f in ctx.functions(m) {
                if ctx.is_declaration(f) {
                    continue;
                }
                dt.recalculate(&ctx, f);
                li.analyze(&ctx, &dt);
                sum += li.num_loops() as u64;
                for b in ctx.blocks(f) {
                    sum += li.loop_depth(&ctx, b) as u64;
                }
            }
            sum
        });
        samples.push(sample);
        assert!(last.is_none_or(|l| l == sum), "loops: checksum changed");
        last = Some(sum);
    }
    let mut fresh = 0u64;
    for f in bodies(&ctx, m) {
        let dt = DomTree::new(&ctx, f);
        let li = LoopInfo::compute(&ctx, &dt);
        fresh += li.loops_in_preorder().len() as u64;
        fresh += ctx
            .blocks(f)
            .map(|b| li.loop_depth(&ctx, b) as u64)
            .sum::<u64>();
    }
    assert_eq!(
        last,
        Some(fresh),
        "loops: checksum differs from fresh analyses"
    );
    eprintln!("lair: loops: checksum {fresh}");
    report("loops", src.len(), &samples, false);
}
