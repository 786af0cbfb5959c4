//! Building a dominator tree from scratch: LLVM 19's `SemiNCAInfo`
//! (`GenericDomTreeConstruction.h`): its depth-first numbering, Semi-NCA,
//! and for post-dominators `FindRoots` and `RemoveRedundantRoots`.
//!
//! Owns [`SemiNca`], the scratch of one run: arrays indexed by DFS number
//! (1-based, 0 a dummy) and one indexed by tree slot, reset sparsely after
//! each run, so a run over a part of the tree (the incremental updates)
//! costs only what it visits. Blocks are named by raw value index; `NONE`
//! is LLVM's `nullptr`, the post-dominator tree's virtual exit.
//!
//! The walk is LLVM's, step for step, because its order decides the order
//! of every node's children: a stack of (block, parent number) pairs; a
//! block is numbered when first *popped*; its children are pushed in the
//! order `getChildren` returns them (successors reversed, predecessors in
//! use-list order), so the first successor is visited first and the last
//! predecessor first. Each edge met from a numbered block is remembered on
//! its target as a "reverse child" for the semidominator step. A full
//! forward build first reads the CFG in layout order into a slot-indexed
//! successor table (`read_forward_cfg`), then walks that table: the walk
//! is the same, but the records' cache misses overlap across blocks
//! instead of following one another.
//!
//! Semi-NCA runs with a path-compressing `eval`, then nodes are created in
//! DFS order, so each node's children are in DFS order. For post-dominators
//! `FindRoots` takes the blocks without successors in layout order, then,
//! for each block no exit reaches, the last block a forward walk numbers
//! (successors sorted by layout position); `RemoveRedundantRoots` follows.
//! The scratch holds 28-byte `Info` records by DFS number, a slot → number
//! map reset sparsely, and the reverse children as linked entries in one
//! vector; the tree edge is not stored (the semidominator starts at the DFS
//! parent, which is all it would contribute). `recalculate` reuses the
//! tree's and the scratch's buffers. O(edges · log) with path compression,
//! O(n²) in theory, as LLVM.

use super::update::GraphDiff;
use super::{Direction, DomTreeBase, VROOT_SLOT};
use crate::analysis::cfg::{for_each_pred, for_each_succ_rev, succ_cursor_of_block};
use crate::entity::NONE;
use crate::ir::Block;
use crate::Context;

/// What a run knows of one numbered block (LLVM's `InfoRec`), 28 bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Info {
    /// The block (raw index, `NONE` for the virtual root).
    pub(crate) raw: u32,
    /// Its tree slot.
    pub(crate) slot: u32,
    /// The DFS parent's number (rewritten by path compression in `eval`).
    parent: u32,
    /// Semidominator number.
    semi: u32,
    /// The number with the least `semi` on the compressed path.
    label: u32,
    /// Immediate dominator's number.
    pub(crate) idom: u32,
    /// Head of the list of reverse children in `SemiNca::rc`.
    rc_head: u32,
}

/// Scratch of one Semi-NCA run (LLVM's `SemiNCAInfo`); see the module docs.
#[derive(Default)]
pub(crate) struct SemiNca {
    /// By DFS number (entry 0 a dummy).
    pub(crate) info: Vec<Info>,
    /// Reverse-child entries: (number of the block the edge comes from,
    /// next entry).
    rc: Vec<(u32, u32)>,
    /// By tree slot: DFS number, 0 when unvisited.
    node_to_num: Vec<u32>,
    /// The DFS work stack: (block, number of the block it was pushed from).
    work: Vec<(u32, u32)>,
    /// `eval`'s path stack.
    stack: Vec<u32>,
    /// A block's children when they go through a view or a sort.
    kids: Vec<u32>,
    /// The forward CFG read in layout order before a full forward walk:
    /// by slot, the block's raw index (`NONE` for a slot without a block
    /// of the function) and its successors' range in `cfg_adj`.
    cfg_node: Vec<CfgNode>,
    /// The successors' slots, each block's in `getSuccessor` order.
    cfg_adj: Vec<u32>,
}

/// One block of the CFG a full forward walk reads first (see
/// `SemiNca::read_forward_cfg`): its raw index and its successors' range
/// `start .. end` in `SemiNca::cfg_adj`.
#[derive(Clone, Copy, Debug)]
struct CfgNode {
    raw: u32,
    start: u32,
    end: u32,
}

impl CfgNode {
    const EMPTY: CfgNode = CfgNode {
        raw: NONE,
        start: 0,
        end: 0,
    };
}

impl SemiNca {
    /// Forgets the last run (LLVM's `clear`), in O(blocks visited).
    pub(crate) fn clear(&mut self) {
        for i in self.info.iter().skip(1) {
            if let Some(x) = self.node_to_num.get_mut(i.slot as usize) {
                *x = 0;
            }
        }
        self.info.clear();
        self.rc.clear();
        // The dummy entry 0.
        self.push_num(NONE, NONE, 0);
    }

    /// Makes the slot map cover `n` slots.
    pub(crate) fn reserve_slots(&mut self, n: usize) {
        if self.node_to_num.len() < n {
            self.node_to_num.resize(n, 0);
        }
    }

    /// The DFS number of the block with tree slot `s` (0: unvisited).
    #[inline]
    pub(crate) fn num_of_slot(&self, s: u32) -> u32 {
        self.node_to_num.get(s as usize).copied().unwrap_or(0)
    }

    /// Number of numbered entries, the dummy included
    /// (LLVM's `NumToNode.size()`).
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        self.info.len() as u32
    }

    /// The block numbered `n` (raw index).
    #[inline]
    pub(crate) fn node_of(&self, n: u32) -> u32 {
        self.info[n as usize].raw
    }

    /// The tree slot of the block numbered `n`.
    #[inline]
    pub(crate) fn slot_of_num(&self, n: u32) -> u32 {
        self.info[n as usize].slot
    }

    #[inline]
    fn push_num(&mut self, raw: u32, slot: u32, parent: u32) -> u32 {
        let n = self.info.len() as u32;
        self.info.push(Info {
            raw,
            slot,
            parent,
            semi: n,
            label: n,
            idom: NONE,
            rc_head: NONE,
        });
        n
    }

    /// Numbers a block first met from `parent` (LLVM: `DFSNum = Semi =
    /// Label = ++LastNum`). The tree edge is not kept as a reverse child:
    /// `semi` starts at the parent, which is what it would contribute.
    #[inline]
    fn number(&mut self, raw: u32, slot: u32, parent: u32) -> u32 {
        let n = self.push_num(raw, slot, parent);
        if self.node_to_num.len() <= slot as usize {
            self.node_to_num.resize(slot as usize + 1, 0);
        }
        self.node_to_num[slot as usize] = n;
        n
    }

    #[inline]
    fn add_reverse_child(&mut self, num: u32, from: u32) {
        let e = self.rc.len() as u32;
        let head = &mut self.info[num as usize].rc_head;
        self.rc.push((from, *head));
        *head = e;
    }

    /// Adds the virtual root as number 1 (LLVM's `addVirtualRoot`).
    pub(crate) fn add_virtual_root(&mut self) {
        debug_assert_eq!(self.len(), 1, "fresh scratch expected");
        self.number(NONE, VROOT_SLOT, 0);
    }

    /// Undoes the numbering of everything numbered after `keep` (LLVM's
    /// "Removing DFS info" in `FindRoots`).
    pub(crate) fn truncate(&mut self, keep: u32) {
        for i in &self.info[keep as usize + 1..] {
            self.node_to_num[i.slot as usize] = 0;
        }
        self.info.truncate(keep as usize + 1);
    }

    /// LLVM's `runDFS`: numbers what is reachable from `v` along `D`'s
    /// edges (successors when `dir_pred` is false, predecessors when true)
    /// for which `cond(from, to)` holds, from `last + 1` on; `v` hangs
    /// from number `attach`. `order` (a rank per tree slot) sorts each
    /// block's successors first, as `FindRoots` asks. Blocks of another
    /// function (only ill-formed IR reaches them) are not entered. Returns
    /// the last number given.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run_dfs<D: Direction>(
        &mut self,
        ctx: &Context,
        view: Option<&GraphDiff>,
        v: u32,
        mut last: u32,
        attach: u32,
        dir_pred: bool,
        order: Option<&[u32]>,
        mut cond: impl FnMut(u32, u32) -> bool,
    ) -> u32 {
        let values = &ctx.graph.values;
        let func = if v == NONE {
            NONE
        } else {
            values[v as usize].a
        };
        self.work.clear();
        self.work.push((v, attach));
        while let Some((bb, pnum)) = self.work.pop() {
            let slot = if bb == NONE {
                VROOT_SLOT
            } else {
                let d = &values[bb as usize];
                if d.a != func {
                    continue;
                }
                crate::ir::block_number::number_of(d).wrapping_add(1)
            };
            let num = self.num_of_slot(slot);
            if num != 0 {
                self.add_reverse_child(num, pnum);
                continue;
            }
            last += 1;
            let me = self.number(bb, slot, pnum);
            debug_assert_eq!(me, last);
            if view.is_none() && order.is_none() {
                // Push straight from the CFG, in getChildren's order.
                if dir_pred {
                    let work = &mut self.work;
                    for_each_pred(ctx, bb, |p| {
                        if cond(bb, p) {
                            work.push((p, me));
                        }
                    });
                } else {
                    let mut s = succ_cursor_of_block(ctx, bb).reversed();
                    while let Some(x) = s.next(ctx) {
                        if x != NONE && cond(bb, x) {
                            self.work.push((x, me));
                        }
                    }
                }
            } else {
                let mut kids = core::mem::take(&mut self.kids);
                children::<D>(ctx, view, bb, dir_pred, &mut kids);
                if let Some(order) = order {
                    if kids.len() > 1 {
                        kids.sort_unstable_by_key(|&k| order[slot_of(ctx, k) as usize]);
                    }
                }
                for &k in &kids {
                    if cond(bb, k) {
                        self.work.push((k, me));
                    }
                }
                self.kids = kids;
            }
        }
        last
    }

    /// Reads the forward CFG of function `func` (raw index), whose entry
    /// block is `entry` and whose slots are below `n_slots`, into
    /// `cfg_node` / `cfg_adj`: one pass over the blocks in layout order.
    /// Each block's terminator and successor records are loads
    /// independent of the next block's, so their cache misses overlap,
    /// where the depth-first walk would wait for each in turn. Successors
    /// outside the function are left out (the walk would not enter them).
    fn read_forward_cfg(&mut self, ctx: &Context, func: u32, entry: u32, n_slots: usize) {
        let values = &ctx.graph.values;
        let mut nodes = core::mem::take(&mut self.cfg_node);
        let mut adj = core::mem::take(&mut self.cfg_adj);
        nodes.clear();
        nodes.resize(n_slots, CfgNode::EMPTY);
        adj.clear();
        let mut b = entry;
        while b != NONE {
            let d = &values[b as usize];
            let s = crate::ir::block_number::number_of(d).wrapping_add(1) as usize;
            let start = adj.len() as u32;
            let mut cur = succ_cursor_of_block(ctx, b);
            while let Some(x) = cur.next(ctx) {
                if x != NONE {
                    let dx = &values[x as usize];
                    if dx.a == func {
                        adj.push(crate::ir::block_number::number_of(dx).wrapping_add(1));
                    }
                }
            }
            if let Some(e) = nodes.get_mut(s) {
                *e = CfgNode {
                    raw: b,
                    start,
                    end: adj.len() as u32,
                };
            }
            b = d.c;
        }
        self.cfg_node = nodes;
        self.cfg_adj = adj;
    }

    /// LLVM's `runDFS` from the entry block `entry` of function `func`
    /// (raw indices) along successors with `AlwaysDescend`, numbering from
    /// 1: [`run_dfs`](Self::run_dfs)'s walk, step for step, over the CFG
    /// [`read_forward_cfg`](Self::read_forward_cfg) read first. Returns
    /// the last number given.
    fn run_forward_dfs(&mut self, ctx: &Context, func: u32, entry: u32, n_slots: usize) -> u32 {
        self.read_forward_cfg(ctx, func, entry, n_slots);
        let nodes = core::mem::take(&mut self.cfg_node);
        let adj = core::mem::take(&mut self.cfg_adj);
        let mut work = core::mem::take(&mut self.work);
        let entry_slot = ctx.raw_block_number(entry).wrapping_add(1);
        let mut last = 0;
        // The work stack holds (slot, number of the block it was pushed
        // from), as `run_dfs`'s holds (block, number).
        work.clear();
        work.push((entry_slot, 0));
        while let Some((slot, pnum)) = work.pop() {
            let num = self.num_of_slot(slot);
            if num != 0 {
                self.add_reverse_child(num, pnum);
                continue;
            }
            // A slot without a block of the function's list is skipped
            // (only ill-formed IR names one).
            let Some(&CfgNode { raw, start, end }) = nodes.get(slot as usize) else {
                continue;
            };
            if raw == NONE {
                continue;
            }
            last += 1;
            let me = self.number(raw, slot, pnum);
            debug_assert_eq!(me, last);
            for &k in adj[start as usize..end as usize].iter().rev() {
                work.push((k, me));
            }
        }
        self.cfg_node = nodes;
        self.cfg_adj = adj;
        self.work = work;
        last
    }

    /// LLVM's `eval`: the number with the least semidominator on the
    /// virtual-forest path from `v`, compressing the path.
    #[inline]
    fn eval(&mut self, v: u32, last_linked: u32) -> u32 {
        let info = &mut self.info;
        if info[v as usize].parent < last_linked {
            return info[v as usize].label;
        }
        let stack = &mut self.stack;
        debug_assert!(stack.is_empty());
        let mut x = v;
        loop {
            stack.push(x);
            x = info[x as usize].parent;
            if info[x as usize].parent < last_linked {
                break;
            }
        }
        let mut p = x;
        let mut p_label_semi = info[info[p as usize].label as usize].semi;
        let mut w = p;
        while let Some(y) = stack.pop() {
            w = y;
            info[y as usize].parent = info[p as usize].parent;
            let y_label_semi = info[info[y as usize].label as usize].semi;
            if p_label_semi < y_label_semi {
                info[y as usize].label = info[p as usize].label;
            } else {
                p_label_semi = y_label_semi;
            }
            p = y;
        }
        info[w as usize].label
    }

    /// LLVM's `runSemiNCA`: immediate dominators (as numbers) of everything
    /// numbered.
    pub(crate) fn run_semi_nca(&mut self) {
        let n = self.len();
        // IDoms start as the spanning-tree parents.
        for i in self.info.iter_mut().skip(1) {
            i.idom = i.parent;
        }
        // Semidominators, last number first.
        let mut i = n.saturating_sub(1);
        while i >= 2 {
            let mut s = self.info[i as usize].parent;
            let mut e = self.info[i as usize].rc_head;
            while e != NONE {
                let (from, next) = self.rc[e as usize];
                let u = self.eval(from, i + 1);
                let su = self.info[u as usize].semi;
                if su < s {
                    s = su;
                }
                e = next;
            }
            self.info[i as usize].semi = s;
            i -= 1;
        }
        // IDom = NCA(semidominator, parent), first number first.
        for i in 2..n as usize {
            let sdom = self.info[i].semi;
            let mut c = self.info[i].idom;
            while c > sdom {
                c = self.info[c as usize].idom;
            }
            self.info[i].idom = c;
        }
    }
}

/// The tree slot of a block (raw index) or of the virtual root (`NONE`).
#[inline]
pub(crate) fn slot_of(ctx: &Context, raw: u32) -> u32 {
    if raw == NONE {
        VROOT_SLOT
    } else {
        ctx.raw_block_number(raw).wrapping_add(1)
    }
}

/// LLVM's `getChildren<Inversed>(N, BUI)`: `raw`'s successors, last first
/// (`inversed` false) or its predecessors in use-list order (true), seen
/// through `view` when there is one.
pub(crate) fn children<D: Direction>(
    ctx: &Context,
    view: Option<&GraphDiff>,
    raw: u32,
    inversed: bool,
    out: &mut Vec<u32>,
) {
    out.clear();
    if inversed {
        for_each_pred(ctx, raw, |p| out.push(p));
    } else {
        for_each_succ_rev(ctx, raw, |s| out.push(s));
    }
    if let Some(v) = view {
        v.adjust::<D>(raw, inversed, out);
    }
}

/// LLVM's `HasForwardSuccessors`.
pub(crate) fn has_forward_succ<D: Direction>(
    ctx: &Context,
    view: Option<&GraphDiff>,
    raw: u32,
    kids: &mut Vec<u32>,
) -> bool {
    match view {
        None => crate::analysis::cfg::has_succ(ctx, raw),
        Some(_) => {
            children::<D>(ctx, view, raw, false, kids);
            !kids.is_empty()
        }
    }
}

impl<D: Direction> DomTreeBase<D> {
    /// LLVM's `CalculateFromScratch`: the tree rebuilt from the function's
    /// CFG (a batch update's view is not consulted, as in LLVM when there
    /// is no post-update view).
    pub(crate) fn calculate_from_scratch(&mut self, ctx: &Context) {
        self.calculate_with_roots(ctx, None);
    }

    /// [`calculate_from_scratch`](Self::calculate_from_scratch) with the
    /// roots given instead of found (`None`: found), for checking a
    /// post-dominator tree whose roots an update chose.
    pub(crate) fn calculate_with_roots(&mut self, ctx: &Context, roots: Option<Vec<Block>>) {
        let f = self.func_or_panic("calculate_from_scratch");
        self.reset_nodes();
        let n_slots = ctx.max_block_number(f) as usize + 1;
        self.nodes.resize(n_slots, super::Node::empty());
        let mut sc = core::mem::take(&mut self.sc);
        sc.reserve_slots(n_slots);
        self.roots = match roots {
            Some(r) => r,
            None => Self::find_roots(ctx, f, None, &mut sc),
        };
        sc.clear();
        self.full_dfs_walk(ctx, &mut sc);
        sc.run_semi_nca();
        self.batch_recalculated = true;
        if !self.roots.is_empty() {
            let root = if D::POST {
                VROOT_SLOT
            } else {
                slot_of(ctx, self.roots[0].0.idx)
            };
            let block = if D::POST { None } else { Some(self.roots[0]) };
            self.create_node(root, block);
            self.root_slot = root;
            self.attach_new_subtree(ctx, &sc, root);
        }
        sc.clear();
        self.sc = sc;
    }

    /// LLVM's `doFullDFSWalk` with `AlwaysDescend`.
    fn full_dfs_walk(&self, ctx: &Context, sc: &mut SemiNca) {
        if !D::POST {
            let f = self.func_or_panic("full_dfs_walk");
            let n_slots = ctx.max_block_number(f) as usize + 1;
            sc.run_forward_dfs(ctx, f.0.idx, self.roots[0].0.idx, n_slots);
            return;
        }
        sc.add_virtual_root();
        let mut num = 1;
        for r in &self.roots {
            num = sc.run_dfs::<D>(ctx, None, r.0.idx, num, 1, true, None, |_, _| true);
        }
    }

    /// LLVM's `attachNewSubtree`: a node for every block numbered in `sc`
    /// that has none, under its immediate dominator; number 1 hangs from
    /// slot `attach_to`.
    pub(crate) fn attach_new_subtree(&mut self, ctx: &Context, sc: &SemiNca, attach_to: u32) {
        for num in 1..sc.len() {
            let slot = sc.slot_of_num(num);
            if self
                .nodes
                .get(slot as usize)
                .is_some_and(|n| n.is_present())
            {
                continue;
            }
            let idom = if num == 1 {
                attach_to
            } else {
                sc.slot_of_num(sc.info[num as usize].idom)
            };
            let raw = sc.node_of(num);
            let block = (raw != NONE).then(|| Block(ctx.graph.handle(raw)));
            self.create_child(slot, block, idom);
        }
    }

    /// LLVM's `reattachExistingSubtree`: every block numbered in `sc` moves
    /// under its new immediate dominator, in number order; number 1 under
    /// slot `attach_to`.
    pub(crate) fn reattach_existing_subtree(&mut self, sc: &SemiNca, attach_to: u32) {
        for num in 1..sc.len() {
            let slot = sc.slot_of_num(num);
            let idom = if num == 1 {
                attach_to
            } else {
                sc.slot_of_num(sc.info[num as usize].idom)
            };
            self.set_idom(slot, idom);
        }
    }

    /// LLVM's `FindRoots`: the entry block for dominators; for
    /// post-dominators the blocks without successors in layout order, then
    /// for each block no exit reaches (an infinite loop) the last block a
    /// forward walk from it numbers, then redundant ones removed.
    pub(crate) fn find_roots(
        ctx: &Context,
        f: crate::ir::Function,
        view: Option<&GraphDiff>,
        sc: &mut SemiNca,
    ) -> Vec<Block> {
        let mut roots = Vec::new();
        let entry = ctx
            .entry_block(f)
            .expect("find_roots: the function has a body");
        if !D::POST {
            roots.push(entry);
            return roots;
        }
        sc.clear();
        sc.add_virtual_root();
        let mut num = 1;
        let mut total = 0u32;
        let mut kids = Vec::new();
        // Step 1: blocks without successors.
        let mut cur = entry.0.idx;
        while cur != NONE {
            total += 1;
            if !has_forward_succ::<D>(ctx, view, cur, &mut kids) {
                roots.push(Block(ctx.graph.handle(cur)));
                num = sc.run_dfs::<D>(ctx, view, cur, num, 1, true, None, |_, _| true);
            }
            cur = ctx.graph.values[cur as usize].c;
        }
        // Step 2: what the exits do not reach.
        let mut non_trivial = false;
        if total + 1 != num {
            non_trivial = true;
            // The successors' order: their position in the function.
            let mut order = vec![
                0u32;
                sc.node_to_num
                    .len()
                    .max(ctx.max_block_number(f) as usize + 1)
            ];
            let mut k = 0;
            let mut cur = entry.0.idx;
            while cur != NONE {
                k += 1;
                let s = slot_of(ctx, cur) as usize;
                if order.len() <= s {
                    order.resize(s + 1, 0);
                }
                order[s] = k;
                cur = ctx.graph.values[cur as usize].c;
            }
            let mut cur = entry.0.idx;
            while cur != NONE {
                if sc.num_of_slot(slot_of(ctx, cur)) == 0 {
                    let new_num =
                        sc.run_dfs::<D>(ctx, view, cur, num, num, false, Some(&order), |_, _| true);
                    let furthest = sc.node_of(new_num);
                    roots.push(Block(ctx.graph.handle(furthest)));
                    sc.truncate(num);
                    num = sc.run_dfs::<D>(ctx, view, furthest, num, 1, true, None, |_, _| true);
                }
                cur = ctx.graph.values[cur as usize].c;
            }
        }
        debug_assert_eq!(total + 1, num, "everything should have been visited");
        if non_trivial {
            Self::remove_redundant_roots(ctx, view, sc, &mut roots);
        }
        roots
    }

    /// LLVM's `RemoveRedundantRoots`: a non-trivial root from which a
    /// forward walk finds another root is dropped (the last root takes its
    /// place).
    fn remove_redundant_roots(
        ctx: &Context,
        view: Option<&GraphDiff>,
        sc: &mut SemiNca,
        roots: &mut Vec<Block>,
    ) {
        let mut kids = Vec::new();
        let mut i = 0;
        while i < roots.len() {
            let root = roots[i].0.idx;
            if !has_forward_succ::<D>(ctx, view, root, &mut kids) {
                i += 1;
                continue;
            }
            sc.clear();
            let num = sc.run_dfs::<D>(ctx, view, root, 0, 0, false, None, |_, _| true);
            let mut removed = false;
            for x in 2..=num {
                let n = sc.node_of(x);
                if roots.iter().any(|r| r.0.idx == n) {
                    roots.swap_remove(i);
                    removed = true;
                    break;
                }
            }
            if !removed {
                i += 1;
            }
        }
        sc.clear();
    }
}
