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
//! once they have grown. From the second calculation on (or from the
//! first when the defining blocks' subtrees hold half the tree), the CFG
//! neighbours of every tree slot are read from a compact table (slots,
//! filled once in O(edges)) instead of from terminators and block records:
//! a caller that asks for many frontiers of one function (mem2reg, once
//! per alloca) walks a few kilobytes instead of the IR. With the table
//! comes, per slot, the least level any CFG neighbour of its dominator
//! subtree has (the DJ-graph's J-edges summarised); a walk from a root at
//! level `L` does not enter a subtree whose figure is above `L`, as
//! nothing there can be a result. A definition in the entry block, whose
//! walk LLVM takes over the whole tree, so costs a walk down to the few
//! blocks with edges back to the entry.

use super::cfg::{for_each_pred, for_each_succ};
use super::domtree::{Direction, DomTreeBase};
use crate::entity::NONE;
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
    /// Whether the neighbour table may be filled (always, but in the tests
    /// that compare against walks without it).
    may_tabulate: bool,
    /// The neighbour table: the tree slots of the CFG successors
    /// (predecessors, for post-dominators) of slot `s` are
    /// `nbr_slots[nbr_start[s]..nbr_start[s + 1]]`, in CFG order, blocks
    /// outside the tree left out. Empty until filled.
    nbr_start: Vec<u32>,
    nbr_slots: Vec<u32>,
    /// Filled with the neighbour table: by slot, the least tree level of
    /// a CFG neighbour of any node of the slot's dominator subtree
    /// (`u32::MAX` for none). A walk from a root at level `L` skips a
    /// subtree whose figure is above `L`: none of its edges can lead to a
    /// result.
    sub_min: Vec<u32>,
    /// The tree's nodes, parents before children (the fill's scratch).
    order: Vec<u32>,
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
    sub_min: Vec<u32>,
    order: Vec<u32>,
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
            mut sub_min,
            mut order,
        } = bufs;
        marks.clear();
        marks.resize(dt.nodes.len(), Marks::default());
        defs.clear();
        pq.clear();
        worklist.clear();
        nbr_start.clear();
        nbr_slots.clear();
        sub_min.clear();
        order.clear();
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
            may_tabulate: true,
            nbr_start,
            nbr_slots,
            sub_min,
            order,
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
            sub_min: self.sub_min,
            order: self.order,
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
        self.fill_subtree_min();
    }

    /// Fills `sub_min` from the neighbour table: each node's least
    /// neighbour level, then folded into the parents, children first.
    /// O(nodes + edges).
    fn fill_subtree_min(&mut self) {
        let dt = self.dt;
        let (start, slots) = (&self.nbr_start, &self.nbr_slots);
        let sub_min = &mut self.sub_min;
        sub_min.clear();
        sub_min.extend((0..dt.nodes.len()).map(|s| {
            slots[start[s] as usize..start[s + 1] as usize]
                .iter()
                .map(|&sn| dt.n(sn).level)
                .min()
                .unwrap_or(u32::MAX)
        }));
        if dt.root_slot == NONE {
            return;
        }
        let (order, stack) = (&mut self.order, &mut self.worklist);
        order.clear();
        stack.clear();
        stack.push(dt.root_slot);
        while let Some(s) = stack.pop() {
            order.push(s);
            stack.extend(dt.child_slots(s));
        }
        for &s in order.iter().rev() {
            let p = dt.n(s).idom;
            if p != NONE {
                sub_min[p as usize] = sub_min[p as usize].min(sub_min[s as usize]);
            }
        }
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

    /// [`set_live_in_blocks`](Self::set_live_in_blocks) given the blocks'
    /// numbers (blocks of the tree's function, numbered as when the tree
    /// was built): no block record is read.
    pub(crate) fn set_live_in_block_numbers(&mut self, nums: &[u32]) {
        let st = next_stamp(&mut self.marks, &mut self.live_stamp, |m| &mut m.live);
        for &n in nums {
            let s = n.wrapping_add(1) as usize;
            if let Some(m) = self.marks.get_mut(s) {
                m.live = st;
            }
        }
        self.use_live_in = true;
    }

    /// Drops the live-in restriction.
    pub fn reset_live_in_blocks(&mut self) {
        self.use_live_in = false;
    }

    /// Whether the dominator subtrees of the defining blocks hold at
    /// least half the tree's nodes (the DFS numbers must be valid: a
    /// subtree of `k` nodes spans `2k - 1` numbers).
    fn defs_span_half(&self, ctx: &Context) -> bool {
        let dt = self.dt;
        let mut total = 0u64;
        for &raw in &self.defs {
            if let Some(s) = dt.node_slot_raw(ctx, raw) {
                let n = dt.n(s);
                total += u64::from((n.dfs_out.get() - n.dfs_in.get()).div_ceil(2));
            }
        }
        2 * total >= dt.num_nodes as u64
    }

    /// The iterated dominance frontier of the defining blocks, in LLVM's
    /// order, into `out` (cleared first). Renumbers the tree's DFS numbers
    /// first, as LLVM does.
    pub fn calculate(&mut self, ctx: &Context, out: &mut Vec<Block>) {
        out.clear();
        self.calcs = self.calcs.saturating_add(1);
        let dt = self.dt;
        dt.update_dfs_numbers();
        // The table pays from the second calculation on, or at once when
        // the defining blocks' subtrees hold half the tree (the first
        // walk would read most of the CFG anyway).
        if self.may_tabulate
            && self.nbr_start.is_empty()
            && (self.calcs >= 2 || self.defs_span_half(ctx))
        {
            self.fill_neighbours(ctx);
        }
        let cached = !self.nbr_start.is_empty();
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
        // Empty before the table is filled: then nothing is skipped.
        let sub_min = &self.sub_min[..];
        // Whether no edge of slot `s`'s subtree can give a result for a
        // root at level `l`. Skipping such a subtree leaves the results
        // and their order as they are: its walk would find nothing, and
        // its `walked` marks are never read again, every later root
        // being no deeper than `l` (the queue only gains nodes no deeper
        // than the root it pops) and so skipping it too.
        let barren = |s: u32, l: u32| sub_min.get(s as usize).is_some_and(|&m| m > l);
        worklist.clear();
        while let Some((root_level, _, root)) = pq.pop() {
            if barren(root, root_level) {
                continue;
            }
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
                    if m.walked != cs && !barren(c, root_level) {
                        m.walked = cs;
                        worklist.push(c);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Property test: the subtree pruning and the neighbour table change
    //! nothing. On random CFGs (multi-edges, self loops, unreachable
    //! blocks and infinite loops included), one calculator asked many
    //! times (table filled, subtrees skipped) gives the same frontiers, in
    //! the same order, as walks over the IR without the table, for
    //! dominators and post-dominators, with and without live-in blocks.

    use super::IdfCalculator;
    use crate::analysis::domtree::property_tests::set_succs;
    use crate::analysis::{Direction, DomTree, DomTreeBase, PostDomTree};
    use crate::ir::Block;
    use crate::Context;
    use quickcheck::{Arbitrary, Gen, QuickCheck};

    #[derive(Clone, Debug)]
    struct Case {
        succ: Vec<Vec<usize>>,
        /// (defining blocks, live-in blocks or none) per calculation.
        queries: Vec<(Vec<usize>, Option<Vec<usize>>)>,
    }

    fn pick(g: &mut Gen, n: usize, most: usize) -> Vec<usize> {
        let k = usize::arbitrary(g) % (most + 1);
        (0..k).map(|_| usize::arbitrary(g) % n).collect()
    }

    impl Arbitrary for Case {
        fn arbitrary(g: &mut Gen) -> Case {
            let n = 2 + usize::arbitrary(g) % 24;
            let succ = (0..n)
                .map(|i| {
                    let mut s = pick(g, n, 3);
                    if i + 1 < n && bool::arbitrary(g) {
                        s.push(i + 1);
                    }
                    s
                })
                .collect();
            let queries = (0..1 + usize::arbitrary(g) % 8)
                .map(|_| {
                    let mut defs = pick(g, n, 3);
                    if bool::arbitrary(g) {
                        defs.push(0);
                    }
                    let live = bool::arbitrary(g).then(|| pick(g, n, n));
                    (defs, live)
                })
                .collect();
            Case { succ, queries }
        }
    }

    fn build(case: &Case) -> (Context, crate::ir::Function, Vec<Block>) {
        let mut ctx = Context::new();
        let m = ctx.create_module("p");
        let (v, i32t) = (ctx.void_type(), ctx.i32_type());
        let fty = ctx.function_type(v, &[i32t], false);
        let f = ctx.add_function(m, "f", fty);
        let x = ctx.arg(f, 0);
        let blocks: Vec<Block> = (0..case.succ.len())
            .map(|i| ctx.append_block(f, format!("b{i}")))
            .collect();
        for (k, s) in case.succ.iter().enumerate() {
            set_succs(&mut ctx, &blocks, x, k, s);
        }
        (ctx, f, blocks)
    }

    fn agree<D: Direction>(
        ctx: &Context,
        dt: &DomTreeBase<D>,
        blocks: &[Block],
        case: &Case,
    ) -> bool {
        let mut shared = IdfCalculator::new(dt);
        let (mut got, mut want) = (Vec::new(), Vec::new());
        // Twice over, so that every query also meets the filled table.
        for (defs, live) in case.queries.iter().chain(&case.queries) {
            let defs: Vec<Block> = defs.iter().map(|&k| blocks[k]).collect();
            let mut plain = IdfCalculator::new(dt);
            plain.may_tabulate = false;
            for c in [&mut shared, &mut plain] {
                c.set_defining_blocks(ctx, &defs);
                match live {
                    Some(l) => {
                        let l: Vec<Block> = l.iter().map(|&k| blocks[k]).collect();
                        c.set_live_in_blocks(ctx, &l);
                    }
                    None => c.reset_live_in_blocks(),
                }
            }
            shared.calculate(ctx, &mut got);
            plain.calculate(ctx, &mut want);
            assert!(plain.nbr_start.is_empty());
            if got != want {
                eprintln!("{case:?}: {defs:?} gave {got:?}, want {want:?}");
                return false;
            }
        }
        // Two calculations or more: the shared one has its table.
        !shared.nbr_start.is_empty()
    }

    fn prop(case: Case) -> bool {
        let (ctx, f, blocks) = build(&case);
        let dt = DomTree::new(&ctx, f);
        let pdt = PostDomTree::new(&ctx, f);
        agree(&ctx, &dt, &blocks, &case) && agree(&ctx, &pdt, &blocks, &case)
    }

    #[test]
    fn pruned_walks_agree_with_plain_walks() {
        let mut qc = QuickCheck::new();
        if std::env::var_os("QUICKCHECK_TESTS").is_none() {
            qc = qc.tests(500);
        }
        qc.quickcheck(prop as fn(Case) -> bool);
    }
}
