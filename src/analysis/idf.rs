//! Iterated dominance frontiers: LLVM 19's `IDFCalculatorBase`
//! (`GenericIteratedDominanceFrontier.h`), the blocks where a value
//! defined in some blocks needs a PHI (mem2reg's question).
//!
//! Owns [`IdfCalculator`]. The algorithm is Sreedhar and Gao's, as LLVM
//! runs it: the defining blocks go into a priority queue ordered by (tree
//! level, DFS number), deepest first; from each, a walk of its dominator
//! subtree looks at CFG successors (predecessors for post-dominators) no
//! deeper than the root, and each new one is a result, queued in turn
//! unless it defines the value. The results come out in that discovery
//! order, which is LLVM's. Per-block sets are stamped vectors indexed by
//! tree slot, kept between calls.

use super::cfg::{for_each_pred, for_each_succ};
use super::domtree::{Direction, DomTreeBase};
use crate::entity::NONE;
use crate::ir::Block;
use crate::Context;
use std::collections::BinaryHeap;

/// Computes iterated dominance frontiers over one tree (LLVM's
/// `ForwardIDFCalculator` / `ReverseIDFCalculator`).
pub struct IdfCalculator<'t, D: Direction> {
    dt: &'t DomTreeBase<D>,
    /// Stamp per slot: a defining block.
    def: Vec<u32>,
    def_stamp: u32,
    /// Stamp per slot: a live-in block.
    live: Vec<u32>,
    live_stamp: u32,
    use_live_in: bool,
    /// Stamps per slot for one calculation: queued, walked.
    seen_pq: Vec<u32>,
    seen_wl: Vec<u32>,
    calc_stamp: u32,
    defs: Vec<u32>,
}

fn stamp(v: &mut [u32], s: &mut u32) -> u32 {
    *s = s.wrapping_add(1);
    if *s == 0 {
        v.fill(0);
        *s = 1;
    }
    *s
}

impl<'t, D: Direction> IdfCalculator<'t, D> {
    /// A calculator over `dt`.
    pub fn new(dt: &'t DomTreeBase<D>) -> Self {
        let n = dt.nodes.len();
        IdfCalculator {
            dt,
            def: vec![0; n],
            def_stamp: 0,
            live: vec![0; n],
            live_stamp: 0,
            use_live_in: false,
            seen_pq: vec![0; n],
            seen_wl: vec![0; n],
            calc_stamp: 0,
            defs: Vec::new(),
        }
    }

    fn slot(&self, ctx: &Context, b: Block) -> Option<usize> {
        let s = ctx.raw_block_number(b.0.idx).wrapping_add(1) as usize;
        (s < self.def.len()).then_some(s)
    }

    /// The blocks that define the value (LLVM's `setDefiningBlocks`).
    pub fn set_defining_blocks(&mut self, ctx: &Context, blocks: &[Block]) {
        let st = stamp(&mut self.def, &mut self.def_stamp);
        self.defs.clear();
        for &b in blocks {
            ctx.graph.get(b.0);
            if let Some(s) = self.slot(ctx, b) {
                self.def[s] = st;
            }
            self.defs.push(b.0.idx);
        }
    }

    /// Restricts the results to these blocks (LLVM's `setLiveInBlocks`:
    /// where the value is live on entry).
    pub fn set_live_in_blocks(&mut self, ctx: &Context, blocks: &[Block]) {
        let st = stamp(&mut self.live, &mut self.live_stamp);
        for &b in blocks {
            ctx.graph.get(b.0);
            if let Some(s) = self.slot(ctx, b) {
                self.live[s] = st;
            }
        }
        self.use_live_in = true;
    }

    /// Drops the live-in restriction.
    pub fn reset_live_in_blocks(&mut self) {
        self.use_live_in = false;
    }

    /// The iterated dominance frontier of the defining blocks, in LLVM's
    /// order, into `out` (cleared first). Renumbers the tree's DFS numbers
    /// first, as LLVM does.
    pub fn calculate(&mut self, ctx: &Context, out: &mut Vec<Block>) {
        out.clear();
        let dt = self.dt;
        dt.update_dfs_numbers();
        let cs = {
            let s = stamp(&mut self.seen_pq, &mut self.calc_stamp);
            if s == 1 {
                self.seen_wl.fill(0);
            }
            s
        };
        // Max-heap of (level, dfs in, slot): deepest, then latest, first.
        let mut pq: BinaryHeap<(u32, u32, u32)> = BinaryHeap::new();
        for &raw in &self.defs {
            if let Some(s) = dt.node_slot_raw(ctx, raw) {
                let n = dt.n(s);
                pq.push((n.level, n.dfs_in.get(), s));
                self.seen_wl[s as usize] = cs;
            }
        }
        let mut worklist: Vec<u32> = Vec::new();
        let mut kids: Vec<u32> = Vec::new();
        while let Some((root_level, _, root)) = pq.pop() {
            worklist.push(root);
            while let Some(node) = worklist.pop() {
                let bb = dt.n(node).block.map_or(NONE, |b| b.0.idx);
                kids.clear();
                if bb != NONE {
                    if D::POST {
                        for_each_pred(ctx, bb, |p| kids.push(p));
                    } else {
                        for_each_succ(ctx, bb, |p| kids.push(p));
                    }
                }
                for &succ in &kids {
                    let Some(sn) = dt.node_slot_raw(ctx, succ) else {
                        continue;
                    };
                    let snode = dt.n(sn);
                    if snode.level > root_level {
                        continue;
                    }
                    if self.seen_pq[sn as usize] == cs {
                        continue;
                    }
                    self.seen_pq[sn as usize] = cs;
                    if self.use_live_in && self.live[sn as usize] != self.live_stamp {
                        continue;
                    }
                    let b = snode.block.expect("a block node");
                    out.push(b);
                    if self.def[sn as usize] != self.def_stamp {
                        pq.push((snode.level, snode.dfs_in.get(), sn));
                    }
                }
                for c in dt.child_slots(node) {
                    if self.seen_wl[c as usize] != cs {
                        self.seen_wl[c as usize] = cs;
                        worklist.push(c);
                    }
                }
            }
        }
    }
}
