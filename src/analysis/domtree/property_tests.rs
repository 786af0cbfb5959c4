//! Property test: incremental dominator-tree updates agree with building
//! the tree afresh, on random CFGs edited in random batches.
//!
//! Each case is a CFG of 2 to 16 blocks (each ending in a `switch`, `br`
//! or `ret`, so multi-edges, self loops, unreachable blocks and infinite
//! loops all occur) and a few batches of terminator rewrites; after each
//! batch, `apply_updates` with the edge changes (shuffled, padded with
//! pairs that cancel) must give the same dominator and post-dominator
//! trees (nodes, levels, children, roots) as `DomTree::new`, and pass
//! `verify`. Post-dominator trees are the exception LLVM makes: when part
//! of the CFG reaches no exit, the incremental algorithm may keep other
//! roots for it than a fresh build would pick (LLVM 19 does, and then its
//! own `verify` reports a difference); such a tree must still be exactly
//! the tree a build from *its* roots gives.
//!
//! `QUICKCHECK_TESTS=10000` runs the closing check; the default count keeps
//! `cargo test` quick. The exact children order after updates is checked
//! against LLVM 19 itself in `tests/analysis.rs`.

use super::{DomTree, PostDomTree, Update, UpdateKind};
use crate::builder::Builder;
use crate::ir::Block;
use crate::Context;
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::collections::BTreeSet;

/// Terminator rewrites (block, new successors) and a shuffle seed.
type Batch = (Vec<(usize, Vec<usize>)>, u8);

#[derive(Clone, Debug)]
struct Case {
    n: usize,
    succ: Vec<Vec<usize>>,
    /// Batches of (block, new successors); the flag says to also apply one
    /// edge's updates one by one with insert_edge / delete_edge.
    batches: Vec<Batch>,
}

fn succs(g: &mut Gen, n: usize) -> Vec<usize> {
    let k = *g.choose(&[0usize, 1, 1, 2, 2, 2, 3, 4]).unwrap();
    (0..k).map(|_| usize::arbitrary(g) % n).collect()
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let n = 2 + usize::arbitrary(g) % 15;
        let mut succ: Vec<Vec<usize>> = (0..n).map(|_| succs(g, n)).collect();
        if bool::arbitrary(g) {
            for (i, s) in succ.iter_mut().enumerate().take(n - 1) {
                if bool::arbitrary(g) {
                    s.push(i + 1);
                }
            }
        }
        let batches = (0..1 + usize::arbitrary(g) % 4)
            .map(|_| {
                let m = 1 + usize::arbitrary(g) % n.min(5);
                let edits = (0..m)
                    .map(|_| (usize::arbitrary(g) % n, succs(g, n)))
                    .collect();
                (edits, u8::arbitrary(g))
            })
            .collect();
        Case { n, succ, batches }
    }
}

fn edges(succ: &[Vec<usize>]) -> BTreeSet<(usize, usize)> {
    succ.iter()
        .enumerate()
        .flat_map(|(a, s)| s.iter().map(move |&b| (a, b)))
        .collect()
}

/// Gives block `k` of `blocks` the successors `s` (indices into `blocks`):
/// `ret` for none, `br` for one, a `switch` on `x` (an `i32`) for more; an
/// existing terminator is erased first.
pub(crate) fn set_succs(
    ctx: &mut Context,
    blocks: &[Block],
    x: crate::Value,
    k: usize,
    s: &[usize],
) {
    let b = blocks[k];
    if let Some(t) = ctx.terminator(b) {
        ctx.erase_inst(t);
    }
    let i32t = ctx.i32_type();
    let mut bd = Builder::at_end(ctx, b);
    match s.len() {
        0 => {
            bd.ret(None);
        }
        1 => {
            bd.br(blocks[s[0]]);
        }
        n => {
            let sw = bd.switch(x, blocks[s[0]], n as u32 - 1);
            for (i, &t) in s.iter().enumerate().skip(1) {
                let c = ctx.const_int(i32t, i as u64);
                ctx.switch_add_case(sw, c, blocks[t]);
            }
        }
    }
}

fn prop(case: Case) -> bool {
    let mut ctx = Context::new();
    let m = ctx.create_module("p");
    let (v, i32t) = (ctx.void_type(), ctx.i32_type());
    let fty = ctx.function_type(v, &[i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let x = ctx.arg(f, 0);
    let blocks: Vec<Block> = (0..case.n)
        .map(|i| ctx.append_block(f, format!("b{i}")))
        .collect();
    let mut succ = case.succ.clone();
    for (k, s) in succ.iter().enumerate() {
        set_succs(&mut ctx, &blocks, x, k, s);
    }
    let mut dt = DomTree::new(&ctx, f);
    let mut pdt = PostDomTree::new(&ctx, f);
    for (edits, flag) in &case.batches {
        let before = edges(&succ);
        for (k, s) in edits {
            succ[*k] = s.clone();
            set_succs(&mut ctx, &blocks, x, *k, s);
        }
        let after = edges(&succ);
        let mut ups: Vec<Update> = after
            .difference(&before)
            .map(|&(a, b)| Update::insert(blocks[a], blocks[b]))
            .chain(
                before
                    .difference(&after)
                    .map(|&(a, b)| Update::delete(blocks[a], blocks[b])),
            )
            .collect();
        // A deterministic shuffle, and a pair that cancels.
        let r = *flag as usize;
        if !ups.is_empty() {
            let len = ups.len();
            ups.rotate_left(r % len);
        }
        if let Some(&(a, b)) = after.intersection(&before).next() {
            if r.is_multiple_of(3) {
                ups.push(Update::delete(blocks[a], blocks[b]));
                ups.push(Update::insert(blocks[a], blocks[b]));
            }
        }
        if r.is_multiple_of(5) && ups.len() == 1 {
            // The single-edge entry points.
            let u = ups[0];
            if u.kind == UpdateKind::Insert {
                dt.insert_edge(&ctx, u.from, u.to);
                pdt.insert_edge(&ctx, u.from, u.to);
            } else {
                dt.delete_edge(&ctx, u.from, u.to);
                pdt.delete_edge(&ctx, u.from, u.to);
            }
        } else {
            dt.apply_updates(&ctx, &ups);
            pdt.apply_updates(&ctx, &ups);
        }
        let (fdt, mut fpdt) = (DomTree::new(&ctx, f), PostDomTree::new(&ctx, f));
        let same_dt = dt.same_as(&fdt);
        let mut same_pdt = pdt.same_as(&fpdt);
        let mut vp = pdt.verify(&ctx);
        let non_trivial = |t: &PostDomTree| t.roots().iter().any(|r| ctx.successors(*r).len() > 0);
        if !same_pdt && (non_trivial(&pdt) || non_trivial(&fpdt)) {
            // Roots the update chose in a region no exit reaches.
            fpdt.calculate_with_roots(&ctx, Some(pdt.roots().to_vec()));
            same_pdt = pdt.same_as(&fpdt);
            vp = Ok(());
        }
        dt.update_dfs_numbers();
        let vd = dt.verify(&ctx);
        if !same_dt || !same_pdt || vd.is_err() || vp.is_err() {
            let names = ctx.local_names(f);
            let mut name = |o: &mut String, b: Block| names.push(o, b.0);
            let mut text = String::new();
            dt.print(&mut text, &mut name);
            fdt.print(&mut text, &mut name);
            pdt.print(&mut text, &mut name);
            fpdt.print(&mut text, &mut name);
            eprintln!("{case:?}\nafter {ups:?}\n{text}{vd:?} {vp:?}");
            return false;
        }
    }
    true
}

#[test]
fn updates_agree_with_recalculation() {
    // QUICKCHECK_TESTS, when set, gives the count (the closing run uses
    // 10000); otherwise a count that keeps `cargo test` quick.
    let mut qc = QuickCheck::new();
    if std::env::var_os("QUICKCHECK_TESTS").is_none() {
        qc = qc.tests(300);
    }
    qc.quickcheck(prop as fn(Case) -> bool);
}
