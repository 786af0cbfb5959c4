//! Incremental updates of a dominator tree: LLVM 19's `InsertEdge`,
//! `DeleteEdge` and `ApplyUpdates` (`GenericDomTreeConstruction.h`, the
//! depth-based search of Georgiadis et al.), its `cfg::LegalizeUpdates`
//! and `GraphDiff` (the CFG as it was before the updates not yet applied),
//! and the node-level edits (`addNewBlock`, `changeImmediateDominator`,
//! `eraseNode`, `splitBlock`, `setNewRoot`).
//!
//! Owns [`Update`], [`UpdateKind`] and the crate-internal [`GraphDiff`].
//! Every step is LLVM's, including its tie-breaking: the bucket queue of
//! `InsertReachable` is a `std::priority_queue` ordered by level only, so
//! nodes of equal level come out in the order libstdc++'s heap gives
//! them, and that order decides where they land among their new parent's
//! children; [`Heap`] reproduces it.
//!
//! `InsertEdge` (`InsertReachable`, `InsertUnreachable`), `DeleteEdge`
//! (`DeleteReachable`, `DeleteUnreachable`, `HasProperSupport`) and the
//! post-dominator root checks are LLVM's. `ApplyUpdates` legalizes the batch
//! (opposite updates of an edge cancel; the rest are applied in the order of
//! their last mention) and views the CFG through a `GraphDiff` of the
//! updates not yet applied (hidden children: every copy removed; added ones
//! appended). One update takes the direct path; a batch of more than the
//! tree's size (up to 100 nodes) or more than a 40th of it (above) rebuilds
//! the tree.

use super::build::{children, has_forward_succ, slot_of};
use super::{Direction, DomTreeBase, VROOT_SLOT};
use crate::entity::NONE;
use crate::ir::Block;
use crate::Context;
use hashbrown::HashMap;

/// Whether an update adds or removes an edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum UpdateKind {
    /// The edge was added to the CFG.
    Insert,
    /// The edge was removed from the CFG.
    Delete,
}

/// A CFG edge change (LLVM's `cfg::Update<BasicBlock *>`): the CFG already
/// has it when the tree is told.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Update {
    /// Insert or delete.
    pub kind: UpdateKind,
    /// The edge's source block.
    pub from: Block,
    /// The edge's target block.
    pub to: Block,
}

impl Update {
    /// An inserted edge.
    pub fn insert(from: Block, to: Block) -> Self {
        Update {
            kind: UpdateKind::Insert,
            from,
            to,
        }
    }

    /// A deleted edge.
    pub fn delete(from: Block, to: Block) -> Self {
        Update {
            kind: UpdateKind::Delete,
            from,
            to,
        }
    }
}

/// One legalized update on raw block indices, in the tree's direction
/// (`from`/`to` swapped for post-dominators, as LLVM's `InverseGraph`).
#[derive(Clone, Copy, Debug)]
struct RawUpdate {
    insert: bool,
    from: u32,
    to: u32,
}

/// LLVM's `GraphDiff<BasicBlock *, IsPostDom>` built with
/// `ReverseApplyUpdates`: the legalized updates still to apply, and per
/// block the children the view hides (`[0]`) and adds (`[1]`).
pub(crate) struct GraphDiff {
    legalized: Vec<RawUpdate>,
    succ: HashMap<u32, [Vec<u32>; 2]>,
    pred: HashMap<u32, [Vec<u32>; 2]>,
}

impl GraphDiff {
    /// LLVM's `LegalizeUpdates` then the view of the CFG before them:
    /// opposite updates of one edge cancel, and the rest are ordered so
    /// that they are applied in the order of their last mention.
    ///
    /// # Panics
    /// If an edge is inserted (or deleted) twice more than it is deleted
    /// (inserted), which LLVM asserts.
    fn new(ctx: &Context, updates: &[Update], inverse: bool) -> Self {
        let key = |u: &Update| {
            let (f, t) = (u.from.0.idx, u.to.0.idx);
            if inverse {
                (t, f)
            } else {
                (f, t)
            }
        };
        // (balance, last index) per edge, in first-mention order.
        let mut ops: HashMap<(u32, u32), (i32, usize)> = HashMap::with_capacity(updates.len());
        let mut first: Vec<(u32, u32)> = Vec::new();
        for (i, u) in updates.iter().enumerate() {
            ctx.graph.get(u.from.0);
            ctx.graph.get(u.to.0);
            let k = key(u);
            let e = ops.entry(k).or_insert_with(|| {
                first.push(k);
                (0, 0)
            });
            e.0 += if u.kind == UpdateKind::Insert { 1 } else { -1 };
            e.1 = i;
        }
        let mut legalized: Vec<(usize, RawUpdate)> = Vec::with_capacity(first.len());
        for k in first {
            let (n, last) = ops[&k];
            assert!(
                n.abs() <= 1,
                "apply_updates: unbalanced operations on an edge (inserted or deleted twice)"
            );
            if n != 0 {
                legalized.push((
                    last,
                    RawUpdate {
                        insert: n > 0,
                        from: k.0,
                        to: k.1,
                    },
                ));
            }
        }
        // Latest mention first: the applying loop pops from the back.
        legalized.sort_unstable_by_key(|x| core::cmp::Reverse(x.0));
        let mut g = GraphDiff {
            legalized: legalized.into_iter().map(|x| x.1).collect(),
            succ: HashMap::new(),
            pred: HashMap::new(),
        };
        for u in &g.legalized {
            // Reverse-applied: an insertion is hidden, a deletion shown.
            let i = usize::from(!u.insert);
            g.succ.entry(u.from).or_default()[i].push(u.to);
            g.pred.entry(u.to).or_default()[i].push(u.from);
        }
        g
    }

    fn len(&self) -> usize {
        self.legalized.len()
    }

    /// LLVM's `popUpdateForIncrementalUpdates`: the next update to apply;
    /// the view moves past it.
    fn pop(&mut self) -> RawUpdate {
        let u = self.legalized.pop().expect("an update to pop");
        let i = usize::from(!u.insert);
        for (map, k, v) in [
            (&mut self.succ, u.from, u.to),
            (&mut self.pred, u.to, u.from),
        ] {
            let e = map.get_mut(&k).expect("the update is in the view");
            let x = e[i].pop();
            debug_assert_eq!(x, Some(v));
            if e[0].is_empty() && e[1].is_empty() {
                map.remove(&k);
            }
        }
        u
    }

    /// LLVM's `GraphDiff::getChildren`: `out` holds the CFG children of
    /// `raw` in `getChildren` order; the view removes every copy of each
    /// hidden child and appends the added ones.
    pub(crate) fn adjust<D: Direction>(&self, raw: u32, inverse_edge: bool, out: &mut Vec<u32>) {
        let map = if inverse_edge != D::POST {
            &self.pred
        } else {
            &self.succ
        };
        if let Some(e) = map.get(&raw) {
            for c in &e[0] {
                out.retain(|x| x != c);
            }
            out.extend_from_slice(&e[1]);
        }
    }
}

/// A binary max-heap of (level, slot) ordered by level only, with
/// libstdc++'s `push_heap` / `pop_heap` steps, so that equal levels leave
/// in the order LLVM's `std::priority_queue` gives them.
#[derive(Default)]
struct Heap {
    v: Vec<(u32, u32)>,
}

impl Heap {
    fn push(&mut self, x: (u32, u32)) {
        self.v.push(x);
        let hole = self.v.len() - 1;
        self.sift_up(hole, 0, x);
    }

    /// libstdc++'s `__push_heap`.
    fn sift_up(&mut self, mut hole: usize, top: usize, x: (u32, u32)) {
        while hole > top {
            let parent = (hole - 1) / 2;
            if self.v[parent].0 < x.0 {
                self.v[hole] = self.v[parent];
                hole = parent;
            } else {
                break;
            }
        }
        self.v[hole] = x;
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        let top = *self.v.first()?;
        let len = self.v.len();
        if len > 1 {
            // libstdc++'s __pop_heap: the last value fills the hole left by
            // the top, through __adjust_heap over the first len - 1.
            let value = self.v[len - 1];
            self.v[len - 1] = top;
            let n = len - 1;
            let mut hole = 0;
            let mut child = 0;
            while child < (n.saturating_sub(1)) / 2 {
                child = 2 * (child + 1);
                if self.v[child].0 < self.v[child - 1].0 {
                    child -= 1;
                }
                self.v[hole] = self.v[child];
                hole = child;
            }
            if n & 1 == 0 && n >= 2 && child == (n - 2) / 2 {
                child = 2 * (child + 1);
                self.v[hole] = self.v[child - 1];
                hole = child - 1;
            }
            self.sift_up(hole, 0, value);
        }
        self.v.pop();
        Some(top)
    }
}

impl<D: Direction> DomTreeBase<D> {
    /// The slot of a block's node (`raw` = `NONE`: the virtual root's).
    #[inline]
    fn get_node(&self, ctx: &Context, raw: u32) -> Option<u32> {
        if raw == NONE {
            return (D::POST && self.nodes.first().is_some_and(|n| n.is_present()))
                .then_some(VROOT_SLOT);
        }
        self.node_slot_raw(ctx, raw)
    }

    /// The raw block of a present slot (`NONE` for the virtual root).
    #[inline]
    fn raw_of(&self, s: u32) -> u32 {
        self.n(s).block.map_or(NONE, |b| b.0.idx)
    }

    /// LLVM's block-level `findNearestCommonDominator` on raw indices (both
    /// in the tree); `NONE` is the virtual root.
    fn ncd_raw(&self, ctx: &Context, a: u32, b: u32) -> u32 {
        if !D::POST {
            let f = self.func_or_panic("nearest_common_dominator");
            if let Some(e) = ctx.entry_block(f) {
                if a == e.0.idx || b == e.0.idx {
                    return e.0.idx;
                }
            }
        }
        let na = self.get_node(ctx, a).expect("A must be in the tree");
        let nb = self.get_node(ctx, b).expect("B must be in the tree");
        self.raw_of(self.nca_slots(na, nb))
    }

    // ---- the public update API ---------------------------------------

    /// Tells the tree about a batch of CFG edge changes already made
    /// (LLVM's `DominatorTree::applyUpdates`, as the eager `DomTreeUpdater`
    /// calls it): the updates are legalized, then applied one by one
    /// against a view of the CFG as it was before the ones not yet applied,
    /// or the tree is rebuilt when there are more than its size (up to 100
    /// nodes) or a 40th of its size (above).
    ///
    /// # Panics
    /// If the tree's blocks were renumbered since it was built, or an edge
    /// is inserted or deleted twice in a row.
    pub fn apply_updates(&mut self, ctx: &Context, updates: &[Update]) {
        self.check_epoch(ctx);
        let mut view = GraphDiff::new(ctx, updates, D::POST);
        let n = view.len();
        if n == 0 {
            return;
        }
        if n == 1 {
            let u = view.pop();
            if u.insert {
                self.insert_edge_raw(ctx, None, u.from, u.to);
            } else {
                self.delete_edge_raw(ctx, None, u.from, u.to);
            }
            return;
        }
        self.batch_recalculated = false;
        let size = self.num_nodes as usize;
        if (size <= 100 && n > size) || (size > 100 && n > size / 40) {
            self.calculate_from_scratch(ctx);
        }
        for _ in 0..n {
            if self.batch_recalculated {
                break;
            }
            let u = view.pop();
            if u.insert {
                self.insert_edge_raw(ctx, Some(&view), u.from, u.to);
            } else {
                self.delete_edge_raw(ctx, Some(&view), u.from, u.to);
            }
        }
    }

    /// Tells the tree that the CFG edge `from -> to` was added (LLVM's
    /// `insertEdge`).
    pub fn insert_edge(&mut self, ctx: &Context, from: Block, to: Block) {
        self.check_epoch(ctx);
        let (f, t) = if D::POST {
            (to.0.idx, from.0.idx)
        } else {
            (from.0.idx, to.0.idx)
        };
        self.insert_edge_raw(ctx, None, f, t);
    }

    /// Tells the tree that the CFG edge `from -> to` was removed (LLVM's
    /// `deleteEdge`).
    pub fn delete_edge(&mut self, ctx: &Context, from: Block, to: Block) {
        self.check_epoch(ctx);
        let (f, t) = if D::POST {
            (to.0.idx, from.0.idx)
        } else {
            (from.0.idx, to.0.idx)
        };
        self.delete_edge_raw(ctx, None, f, t);
    }

    // ---- insertion -----------------------------------------------------

    /// LLVM's `InsertEdge` (edge in the tree's direction).
    fn insert_edge_raw(&mut self, ctx: &Context, view: Option<&GraphDiff>, from: u32, to: u32) {
        let from_tn = match self.get_node(ctx, from) {
            Some(s) => s,
            None => {
                // Edges from unreachable blocks do not matter to dominators;
                // for post-dominators the block becomes a new root.
                if !D::POST {
                    return;
                }
                let s = slot_of(ctx, from);
                self.create_child(s, Some(Block(ctx.graph.handle(from))), VROOT_SLOT);
                self.roots.push(Block(ctx.graph.handle(from)));
                s
            }
        };
        self.invalidate_dfs();
        match self.get_node(ctx, to) {
            None => self.insert_unreachable(ctx, view, from_tn, to),
            Some(to_tn) => self.insert_reachable(ctx, view, from_tn, to_tn),
        }
    }

    /// LLVM's `InsertReachable`: the depth-based search for the nodes whose
    /// immediate dominator becomes the nearest common dominator.
    fn insert_reachable(&mut self, ctx: &Context, view: Option<&GraphDiff>, from: u32, to: u32) {
        if D::POST && self.update_roots_before_insertion(ctx, to) {
            return;
        }
        let (fb, tb) = (self.raw_of(from), self.raw_of(to));
        let ncd = if fb != NONE && tb != NONE {
            let r = self.ncd_raw(ctx, fb, tb);
            self.get_node(ctx, r).expect("the NCD is in the tree")
        } else {
            VROOT_SLOT
        };
        let ncd_level = self.n(ncd).level;
        if ncd_level + 1 >= self.n(to).level {
            return;
        }
        let mut bucket = Heap::default();
        let mut visited = hashbrown::HashSet::<u32>::new();
        let mut affected: Vec<u32> = Vec::new();
        let mut unaffected: Vec<u32> = Vec::new();
        let mut kids = Vec::new();
        bucket.push((self.n(to).level, to));
        visited.insert(to);
        while let Some((_, tn)) = bucket.pop() {
            affected.push(tn);
            let current = self.n(tn).level;
            let mut tn = tn;
            loop {
                children::<D>(ctx, view, self.raw_of(tn), D::POST, &mut kids);
                for &succ in &kids {
                    let succ_tn = self
                        .get_node(ctx, succ)
                        .expect("unreachable successor found at reachable insertion");
                    let succ_level = self.n(succ_tn).level;
                    if succ_level <= ncd_level + 1 || !visited.insert(succ_tn) {
                        continue;
                    }
                    if succ_level > current {
                        unaffected.push(succ_tn);
                    } else {
                        bucket.push((succ_level, succ_tn));
                    }
                }
                match unaffected.pop() {
                    Some(x) => tn = x,
                    None => break,
                }
            }
        }
        // LLVM's `UpdateInsertion`.
        for tn in affected {
            self.set_idom(tn, ncd);
        }
        if D::POST {
            self.update_roots_after_update(ctx, view);
        }
    }

    /// LLVM's `InsertUnreachable`: the blocks the new edge makes reachable
    /// get nodes, then the edges from them into the tree are inserted.
    fn insert_unreachable(&mut self, ctx: &Context, view: Option<&GraphDiff>, from: u32, to: u32) {
        let mut discovered: Vec<(u32, u32)> = Vec::new();
        // LLVM's `ComputeUnreachableDominators`.
        let mut sc = core::mem::take(&mut self.sc);
        sc.reserve_slots(self.nodes.len());
        sc.clear();
        sc.run_dfs::<D>(ctx, view, to, 0, 0, D::POST, None, |f, t| {
            match self.get_node(ctx, t) {
                None => true,
                Some(t_tn) => {
                    discovered.push((f, t_tn));
                    false
                }
            }
        });
        sc.run_semi_nca();
        self.attach_new_subtree(ctx, &sc, from);
        sc.clear();
        self.sc = sc;
        for (f, t) in discovered {
            let f_tn = self
                .get_node(ctx, f)
                .expect("a discovered block has a node");
            self.insert_reachable(ctx, view, f_tn, t);
        }
    }

    /// LLVM's `UpdateRootsBeforeInsertion`: when the edge's target was a
    /// root hanging from the virtual exit, the tree is rebuilt.
    fn update_roots_before_insertion(&mut self, ctx: &Context, to: u32) -> bool {
        if self.n(to).idom != VROOT_SLOT {
            return false;
        }
        let tb = self.raw_of(to);
        if !self.roots.iter().any(|r| r.0.idx == tb) {
            return false;
        }
        self.calculate_from_scratch(ctx);
        true
    }

    /// LLVM's `UpdateRootsAfterUpdate`: if some root has successors, the
    /// roots are found again, and the tree rebuilt when they differ as sets.
    fn update_roots_after_update(&mut self, ctx: &Context, view: Option<&GraphDiff>) {
        let mut kids = Vec::new();
        if !self
            .roots
            .iter()
            .any(|r| has_forward_succ::<D>(ctx, view, r.0.idx, &mut kids))
        {
            return;
        }
        let f = self.func_or_panic("update_roots_after_update");
        let mut sc = core::mem::take(&mut self.sc);
        sc.reserve_slots(self.nodes.len());
        let roots = Self::find_roots(ctx, f, view, &mut sc);
        sc.clear();
        self.sc = sc;
        let same = roots.len() == self.roots.len() && roots.iter().all(|r| self.roots.contains(r));
        if !same {
            self.calculate_from_scratch(ctx);
        }
    }

    // ---- deletion ------------------------------------------------------

    /// LLVM's `DeleteEdge` (edge in the tree's direction).
    fn delete_edge_raw(&mut self, ctx: &Context, view: Option<&GraphDiff>, from: u32, to: u32) {
        let Some(from_tn) = self.get_node(ctx, from) else {
            return;
        };
        let Some(to_tn) = self.get_node(ctx, to) else {
            return;
        };
        let ncd_raw = self.ncd_raw(ctx, from, to);
        let ncd = self.get_node(ctx, ncd_raw);
        if Some(to_tn) != ncd {
            self.invalidate_dfs();
            let to_idom = self.n(to_tn).idom;
            if from_tn != to_idom || self.has_proper_support(ctx, view, to_tn) {
                self.delete_reachable(ctx, view, from_tn, to_tn);
            } else {
                self.delete_unreachable(ctx, view, to_tn);
            }
        }
        if D::POST {
            self.update_roots_after_update(ctx, view);
        }
    }

    /// LLVM's `DeleteReachable`: the subtree under the nearest common
    /// dominator of the edge's ends is rebuilt.
    fn delete_reachable(&mut self, ctx: &Context, view: Option<&GraphDiff>, from: u32, to: u32) {
        let to_idom_raw = self.ncd_raw(ctx, self.raw_of(from), self.raw_of(to));
        let to_idom = self
            .get_node(ctx, to_idom_raw)
            .expect("the NCD is in the tree");
        let prev_idom_subtree = self.n(to_idom).idom;
        if prev_idom_subtree == NONE {
            self.calculate_from_scratch(ctx);
            return;
        }
        let level = self.n(to_idom).level;
        let mut sc = core::mem::take(&mut self.sc);
        sc.reserve_slots(self.nodes.len());
        sc.clear();
        sc.run_dfs::<D>(ctx, view, to_idom_raw, 0, 0, D::POST, None, |_, t| {
            self.get_node(ctx, t)
                .is_some_and(|t| self.n(t).level > level)
        });
        sc.run_semi_nca();
        self.reattach_existing_subtree(&sc, prev_idom_subtree);
        sc.clear();
        self.sc = sc;
    }

    /// LLVM's `HasProperSupport`: whether some predecessor (in the tree's
    /// direction) of `tn` keeps it reachable after the deletion.
    fn has_proper_support(&self, ctx: &Context, view: Option<&GraphDiff>, tn: u32) -> bool {
        let tnb = self.raw_of(tn);
        let mut kids = Vec::new();
        children::<D>(ctx, view, tnb, !D::POST, &mut kids);
        for &pred in &kids {
            if self.get_node(ctx, pred).is_none() {
                continue;
            }
            if self.ncd_raw(ctx, tnb, pred) != tnb {
                return true;
            }
        }
        false
    }

    /// LLVM's `DeleteUnreachable`: the deletion cut `to` off; its subtree
    /// goes, and what it reached is rebuilt. For post-dominators the block
    /// becomes a new root instead.
    fn delete_unreachable(&mut self, ctx: &Context, view: Option<&GraphDiff>, to: u32) {
        if D::POST {
            let b = self.n(to).block.expect("a block node");
            self.roots.push(b);
            self.insert_reachable(ctx, view, VROOT_SLOT, to);
            return;
        }
        let level = self.n(to).level;
        let to_raw = self.raw_of(to);
        let mut affected: Vec<u32> = Vec::new();
        let mut sc = core::mem::take(&mut self.sc);
        sc.reserve_slots(self.nodes.len());
        sc.clear();
        let last = sc.run_dfs::<D>(ctx, view, to_raw, 0, 0, D::POST, None, |_, t| {
            let tn = self.get_node(ctx, t).expect("a reachable block");
            if self.n(tn).level > level {
                return true;
            }
            if !affected.contains(&t) {
                affected.push(t);
            }
            false
        });
        let mut min_node = to;
        for &n in &affected {
            let tn = self.get_node(ctx, n).expect("an affected block");
            let ncd_raw = self.ncd_raw(ctx, n, to_raw);
            let ncd = self.get_node(ctx, ncd_raw).expect("the NCD is in the tree");
            if ncd != tn && self.n(ncd).level < self.n(min_node).level {
                min_node = ncd;
            }
        }
        if self.n(min_node).idom == NONE {
            sc.clear();
            self.sc = sc;
            self.calculate_from_scratch(ctx);
            return;
        }
        // Erase the cut-off subtree, children before parents.
        for i in (1..=last).rev() {
            let s = sc.slot_of_num(i);
            self.erase_leaf(s);
        }
        if min_node == to {
            sc.clear();
            self.sc = sc;
            return;
        }
        let min_level = self.n(min_node).level;
        let prev_idom = self.n(min_node).idom;
        sc.clear();
        let min_raw = self.raw_of(min_node);
        sc.run_dfs::<D>(ctx, view, min_raw, 0, 0, D::POST, None, |_, t| {
            self.get_node(ctx, t)
                .is_some_and(|t| self.n(t).level > min_level)
        });
        sc.run_semi_nca();
        self.reattach_existing_subtree(&sc, prev_idom);
        sc.clear();
        self.sc = sc;
    }

    /// LLVM's `EraseNode`: removes a leaf, the last of its siblings taking
    /// its place.
    fn erase_leaf(&mut self, s: u32) {
        let idom = self.n(s).idom;
        debug_assert!(idom != NONE);
        self.swap_remove_child(idom, s);
        self.drop_node(s);
    }

    // ---- node-level edits ----------------------------------------------

    /// Adds a node for the new block `b` as a child of `idom`'s (LLVM's
    /// `addNewBlock`).
    ///
    /// # Panics
    /// If `b` has a node already or `idom` has none.
    pub fn add_new_block(&mut self, ctx: &Context, b: Block, idom: Block) -> super::DomNode {
        assert!(
            self.node(ctx, b).is_none(),
            "add_new_block: block {:?} already in the dominator tree",
            b.0
        );
        let Some(i) = self.node(ctx, idom) else {
            panic!(
                "add_new_block: immediate dominator {:?} is not in the tree",
                idom.0
            )
        };
        self.invalidate_dfs();
        let s = slot_of(ctx, b.0.idx);
        self.create_child(s, Some(b), i.0);
        super::DomNode(s)
    }

    /// Makes `new_idom` the immediate dominator of `b` (LLVM's
    /// `changeImmediateDominator`).
    ///
    /// # Panics
    /// If either block has no node, or `b` is the root.
    pub fn change_immediate_dominator(&mut self, ctx: &Context, b: Block, new_idom: Block) {
        let (Some(n), Some(i)) = (self.node(ctx, b), self.node(ctx, new_idom)) else {
            panic!("change_immediate_dominator: a block is not in the tree");
        };
        assert!(
            self.n(n.0).idom != NONE,
            "change_immediate_dominator: the root has no immediate dominator"
        );
        self.invalidate_dfs();
        self.set_idom(n.0, i.0);
    }

    /// Removes the node of `b`, which must be a leaf (LLVM's `eraseNode`);
    /// a post-dominator root is dropped from the roots.
    ///
    /// # Panics
    /// If `b` has no node or its node has children.
    pub fn erase_node(&mut self, ctx: &Context, b: Block) {
        let Some(n) = self.node(ctx, b) else {
            panic!("erase_node: block {:?} is not in the tree", b.0)
        };
        assert!(
            self.n(n.0).last_child == NONE,
            "erase_node: the node of {:?} is not a leaf",
            b.0
        );
        self.invalidate_dfs();
        let idom = self.n(n.0).idom;
        if idom != NONE {
            self.remove_child(idom, n.0);
        } else {
            self.root_slot = NONE;
        }
        self.drop_node(n.0);
        if D::POST {
            if let Some(i) = self.roots.iter().position(|&r| r == b) {
                self.roots.swap_remove(i);
            }
        }
    }

    /// Updates the tree after `new_bb` was split off with a single
    /// successor (post-dominators: predecessor) that it now leads to
    /// (LLVM's `splitBlock`).
    ///
    /// # Panics
    /// If `new_bb` does not have exactly one such successor.
    pub fn split_block(&mut self, ctx: &Context, new_bb: Block) {
        let raw = new_bb.0.idx;
        let mut fwd = Vec::new();
        children::<D>(ctx, None, raw, D::POST, &mut fwd);
        assert!(
            fwd.len() == 1,
            "split_block: the new block must have a single successor"
        );
        let succ = fwd[0];
        let mut preds = Vec::new();
        children::<D>(ctx, None, raw, !D::POST, &mut preds);
        // getChildren returns successors reversed; inverse_children are
        // plain predecessors (or, for post-dominators, plain successors).
        if D::POST {
            preds.reverse();
        }
        let mut succ_preds = Vec::new();
        children::<D>(ctx, None, succ, !D::POST, &mut succ_preds);
        if D::POST {
            succ_preds.reverse();
        }
        let block = |r: u32| Block(ctx.graph.handle(r));
        let mut dominates_succ = true;
        for &p in &succ_preds {
            if p != raw
                && !self.dominates(ctx, block(succ), block(p))
                && self.get_node(ctx, p).is_some()
            {
                dominates_succ = false;
                break;
            }
        }
        let mut reachable = preds
            .iter()
            .copied()
            .filter(|&p| self.get_node(ctx, p).is_some());
        let Some(mut idom) = reachable.next() else {
            return;
        };
        for p in reachable {
            idom = self.ncd_raw(ctx, idom, p);
        }
        let idom_slot = self.get_node(ctx, idom).expect("in the tree");
        self.invalidate_dfs();
        let s = slot_of(ctx, raw);
        self.create_child(s, Some(new_bb), idom_slot);
        if dominates_succ {
            let succ_slot = self
                .get_node(ctx, succ)
                .expect("the successor is in the tree");
            self.invalidate_dfs();
            self.set_idom(succ_slot, s);
        }
    }
}

impl DomTreeBase<super::Forward> {
    /// Makes the new block `b` the root, the old root its child (LLVM's
    /// `setNewRoot`).
    ///
    /// # Panics
    /// If `b` already has a node.
    pub fn set_new_root(&mut self, ctx: &Context, b: Block) -> super::DomNode {
        assert!(
            self.node(ctx, b).is_none(),
            "set_new_root: block {:?} already in the dominator tree",
            b.0
        );
        self.invalidate_dfs();
        let s = slot_of(ctx, b.0.idx);
        self.create_node(s, Some(b));
        if self.roots.is_empty() {
            self.roots.push(b);
        } else {
            let old = self.root_slot;
            self.nodes[old as usize].idom = s;
            self.push_child(s, old);
            self.update_level(old);
            self.roots[0] = b;
        }
        self.root_slot = s;
        super::DomNode(s)
    }
}
