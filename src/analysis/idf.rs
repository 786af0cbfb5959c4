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
//! order, which is LLVM's. The per-block sets (defining, live-in, queued,
//! walked) are four stamps in one 16-byte record per tree slot, kept
//! between calls, so a set is cleared by moving its stamp on; the queue
//! and the walk's stack are kept too, so a calculation allocates nothing
//! once they have grown. From the second calculation on, the CFG
//! neighbours of every tree slot are read from a compact table (slots,
//! filled once in O(edges)) instead of from terminators and block records:
//! a caller that asks for many frontiers of one function (mem2reg, once
//! per alloca) walks a few kilobytes instead of the IR.

use super::cfg::{for_each_pred, for_each_succ};
use super::domtree::{Direction, DomTreeBase};
use crate::ir::Block;
use crate::Context;
use std::collections::BinaryHeap;

/// The four per-slot sets of [`IdfCalculator`], as stamps: a slot is in a
/// set when its field equals the set's current stamp.
#[derive(Clone, Copy, Default)]
struct Marks {
    def: u32,
    live: u32,
    queued: u32,
    walked: u32,
}

/// Computes iterated dominance frontiers over one tree (LLVM's
/// `ForwardIDFCalculator` / `ReverseIDFCalculator`).
pub struct IdfCalculator<'t, D: Direction> {
    dt: &'t DomTreeBase<D>,
    marks: Vec<Marks>,
    def_stamp: u32,
    live_stamp: u32,
    use_live_in: bool,
    /// Stamp of one calculation, for `queued` and `walked`.
    calc_stamp: u32,
    defs: Vec<u32>,
    /// Max-heap of (level, DFS in-number, slot): deepest, then latest,
    /// first.
    pq: BinaryHeap<(u32, u32, u32)>,
    worklist: Vec<u32>,
    /// Calculations run so far (the neighbour table is filled before the
    /// second).
    calcs: u32,
    /// The neighbour table: the tree slots of the CFG successors
    /// (predecessors, for post-dominators) of slot `s` are
    /// `nbr_slots[nbr_start[s]..nbr_start[s + 1]]`, in CFG order, blocks
    /// outside the tree left out. Empty until filled.
    nbr_start: Vec<u32>,
    nbr_slots: Vec<u32>,
}

/// The lists an [`IdfCalculator`] grows, kept from one calculator to the
/// next ([`IdfCalculator::with_buffers`]); the contents do not carry over.
#[derive(Default)]
pub struct IdfBuffers {
    marks: Vec<Marks>,
    defs: Vec<u32>,
    pq: BinaryHeap<(u32, u32, u32)>,
    worklist: Vec<u32>,
    nbr_start: Vec<u32>,
    nbr_slots: Vec<u32>,
}

/// Moves a stamp on; when it wraps, every slot's field (`get`) is cleared
/// first so no old stamp matches.
fn next_stamp(marks: &mut [Marks], s: &mut u32, get: fn(&mut Marks) -> &mut u32) -> u32 {
    *s = s.wrapping_add(1);
    if *s == 0 {
        for m in marks.iter_mut() {
            *get(m) = 0;
        }
        *s = 1;
    }
    *s
}

impl<'t, D: Direction> IdfCalculator<'t, D> {
    /// A calculator over `dt`.
    pub fn new(dt: &'t DomTreeBase<D>) -> Self {
        Self::with_buffers(dt, IdfBuffers::default())
    }

    /// A calculator over `dt` that grows the lists `bufs` holds (from
    /// [`into_buffers`](Self::into_buffers) of an earlier one) instead
    /// of allocating its own: a caller asking about many functions in a
    /// row allocates only while they grow.
    pub fn with_buffers(dt: &'t DomTreeBase<D>, bufs: IdfBuffers) -> Self {
        let IdfBuffers {
            mut marks,
            mut defs,
            mut pq,
            mut worklist,
            mut nbr_start,
            mut nbr_slots,
        } = bufs;
        marks.clear();
        marks.resize(dt.nodes.len(), Marks::default());
        defs.clear();
        pq.clear();
        worklist.clear();
        nbr_start.clear();
        nbr_slots.clear();
        IdfCalculator {
            dt,
            marks,
            def_stamp: 0,
            live_stamp: 0,
            use_live_in: false,
            calc_stamp: 0,
            defs,
            pq,
            worklist,
            calcs: 0,
            nbr_start,
            nbr_slots,
        }
    }

    /// The calculator's lists, for [`with_buffers`](Self::with_buffers).
    pub fn into_buffers(self) -> IdfBuffers {
        IdfBuffers {
            marks: self.marks,
            defs: self.defs,
            pq: self.pq,
            worklist: self.worklist,
            nbr_start: self.nbr_start,
            nbr_slots: self.nbr_slots,
        }
    }

    /// Fills the neighbour table from the CFG (the tree's function must
    /// not have changed its CFG since the tree was built, as for any
    /// query of the tree).
    fn fill_neighbours(&mut self, ctx: &Context) {
        let dt = self.dt;
        let (start, slots) = (&mut self.nbr_start, &mut self.nbr_slots);
        start.clear();
        slots.clear();
        start.reserve(dt.nodes.len() + 1);
        for (s, n) in dt.nodes.iter().enumerate() {
            start.push(slots.len() as u32);
            let Some(b) = n.block.filter(|_| n.is_present()) else {
                continue;
            };
            debug_assert_eq!(dt.node_slot_raw(ctx, b.0.idx), Some(s as u32));
            let mut push = |succ: u32| {
                if let Some(sn) = dt.node_slot_raw(ctx, succ) {
                    slots.push(sn);
                }
            };
            if D::POST {
                for_each_pred(ctx, b.0.idx, &mut push);
            } else {
                for_each_succ(ctx, b.0.idx, &mut push);
            }
        }
        start.push(slots.len() as u32);
    }

    fn slot(&self, ctx: &Context, b: Block) -> Option<usize> {
        let s = ctx.raw_block_number(b.0.idx).wrapping_add(1) as usize;
        (s < self.marks.len()).then_some(s)
    }

    /// The blocks that define the value (LLVM's `setDefiningBlocks`).
    pub fn set_defining_blocks(&mut self, ctx: &Context, blocks: &[Block]) {
        let st = next_stamp(&mut self.marks, &mut self.def_stamp, |m| &mut m.def);
        self.defs.clear();
        for &b in blocks {
            ctx.graph.get(b.0);
            if let Some(s) = self.slot(ctx, b) {
                self.marks[s].def = st;
            }
            self.defs.push(b.0.idx);
        }
    }

    /// Restricts the results to these blocks (LLVM's `setLiveInBlocks`:
    /// where the value is live on entry).
    pub fn set_live_in_blocks(&mut self, ctx: &Context, blocks: &[Block]) {
        let st = next_stamp(&mut self.marks, &mut self.live_stamp, |m| &mut m.live);
        for &b in blocks {
            ctx.graph.get(b.0);
            if let Some(s) = self.slot(ctx, b) {
                self.marks[s].live = st;
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
        self.calcs = self.calcs.saturating_add(1);
        if self.calcs == 2 {
            self.fill_neighbours(ctx);
        }
        let cached = self.calcs >= 2;
        let dt = self.dt;
        dt.update_dfs_numbers();
        // `queued` and `walked` share one stamp per calculation.
        let cs = next_stamp(&mut self.marks, &mut self.calc_stamp, |m| &mut m.queued);
        if cs == 1 {
            for m in self.marks.iter_mut() {
                m.walked = 0;
            }
        }
        let pq = &mut self.pq;
        pq.clear();
        for &raw in &self.defs {
            if let Some(s) = dt.node_slot_raw(ctx, raw) {
                let n = dt.n(s);
                pq.push((n.level, n.dfs_in.get(), s));
                self.marks[s as usize].walked = cs;
            }
        }
        let (def_stamp, live_stamp) = (self.def_stamp, self.live_stamp);
        let use_live_in = self.use_live_in;
        let marks = &mut self.marks;
        let worklist = &mut self.worklist;
        let (nbr_start, nbr_slots) = (&self.nbr_start, &self.nbr_slots);
        worklist.clear();
        while let Some((root_level, _, root)) = pq.pop() {
            worklist.push(root);
            while let Some(node) = worklist.pop() {
                // One CFG neighbour of `node` (its tree slot): a result
                // when it is no deeper than the root, new, and live in.
                let mut visit = |sn: u32| {
                    let snode = dt.n(sn);
                    if snode.level > root_level {
                        return;
                    }
                    let m = &mut marks[sn as usize];
                    if m.queued == cs {
                        return;
                    }
                    m.queued = cs;
                    if use_live_in && m.live != live_stamp {
                        return;
                    }
                    out.push(snode.block.expect("a block node"));
                    if m.def != def_stamp {
                        pq.push((snode.level, snode.dfs_in.get(), sn));
                    }
                };
                if cached {
                    let (a, b) = (nbr_start[node as usize], nbr_start[node as usize + 1]);
                    for &sn in &nbr_slots[a as usize..b as usize] {
                        visit(sn);
                    }
                } else if let Some(bb) = dt.n(node).block.map(|b| b.0.idx) {
                    let mut by_block = |succ: u32| {
                        if let Some(sn) = dt.node_slot_raw(ctx, succ) {
                            visit(sn);
                        }
                    };
                    if D::POST {
                        for_each_pred(ctx, bb, &mut by_block);
                    } else {
                        for_each_succ(ctx, bb, &mut by_block);
                    }
                }
                for c in dt.child_slots(node) {
                    let m = &mut marks[c as usize];
                    if m.walked != cs {
                        m.walked = cs;
                        worklist.push(c);
                    }
                }
            }
        }
    }
}
