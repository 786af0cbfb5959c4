//! Dominator and post-dominator trees: LLVM 19's `DominatorTreeBase` for
//! both directions, built and updated with the algorithms of its
//! `GenericDomTreeConstruction.h`, so that a tree, the order of each node's
//! children and the printed form are the ones `opt-19` shows.
//!
//! Owns [`DomTreeBase`] (with [`DomTree`] and [`PostDomTree`]), its nodes
//! and the block-level queries. Construction (Semi-NCA) is `build.rs`,
//! incremental updates `update.rs`, instruction-level dominance
//! (`dominates(def, use)`) `dominance.rs`, printing `print.rs`.
//!
//! # Layout
//!
//! A tree is a vector of `Node`s indexed by *slot*: slot 0 is the
//! post-dominator tree's virtual root (the exit every return and infinite
//! loop reaches), slot `n + 1` is the block numbered `n` in its function
//! (`ir/block_number.rs`). A block's node is found with one record load
//! (its number) and one index, no hashing. A node's children are a
//! circular list through `next_sibling`, entered at `last_child`, so
//! appending, removing in place (LLVM's `Children.erase`) and LLVM's
//! swap-with-last removal are O(1) after finding the child, and no node
//! owns an allocation.
//!
//! ```text
//! Node (32 B)
//! 0       8      12      16          20            24       28        32
//! +-------+------+-------+-----------+-------------+--------+---------+
//! | block | idom | level | last_child| next_sibling| dfs_in | dfs_out |
//! +-------+------+-------+-----------+-------------+--------+---------+
//! level = NONE: no node (the block is unreachable, or not in the tree)
//! ```
//!
//! The DFS numbers, the "numbers valid" flag and the slow-query count are
//! `Cell`s: LLVM's `dominates` is a `const` query that counts slow walks
//! and, past 32 of them, renumbers the tree through `mutable` fields, and
//! that state is what `print<domtree>` shows.
//!
//! # Queries
//!
//! `dominates` / `properly_dominates` on blocks and nodes follow LLVM's rules
//! for blocks not in the tree (dominated by everything, dominating nothing);
//! `nearest_common_dominator` takes the entry short-cut for dominators and
//! gives `None` for the virtual exit; also `descendants`, `idom`, DFS
//! numbers, `is_reachable_from_entry`, `same_as` (LLVM's `compare`) and
//! `verify` (LLVM's `Fast` level: same as a fresh tree, levels, DFS
//! nesting). A node keeps the full `Block` handle, so a block of another
//! function (or a stale one) never matches. The 33rd slow query renumbers
//! the tree, as LLVM's does, so `print<loops>,print<domtree>` prints the
//! count LoopInfo's queries left, and DFS numbers once it passed 32, exactly
//! as `opt`. Printing (`print.rs`) is `DominatorTreeBase::print` given a
//! block speller (the passes layer passes `Context::local_names`).
//!
//! Deviations: no post-view `applyUpdates(Updates, PostViewUpdates)` and no
//! `CalculateWithUpdates`; the lazy `DomTreeUpdater` is left to the pass
//! manager. Kept on purpose: after updates in a CFG with infinite loops,
//! LLVM's post-dominator tree may keep other roots than a rebuild picks
//! (LLVM 19 does this, and then fails its own `verify`); lair does the same,
//! and its property test (`property_tests.rs`: random CFGs and update
//! batches, incremental trees against rebuilt ones; 300 cases in `cargo
//! test`, `QUICKCHECK_TESTS=10000` for a closing run) checks such a tree
//! against a build from its own roots.

mod build;
mod dominance;
mod print;
#[cfg(test)]
pub(crate) mod property_tests;

pub(crate) use print::push_u32;
mod update;

pub use dominance::BlockEdge;
pub use update::{Update, UpdateKind};

use crate::entity::NONE;
use crate::ir::{Block, Function};
use crate::Context;
use build::SemiNca;
use core::cell::Cell;
use core::marker::PhantomData;

/// Which way a tree looks at the CFG: [`Forward`] for dominators,
/// [`Backward`] for post-dominators.
pub trait Direction: Copy + core::fmt::Debug + 'static {
    /// Whether the tree is a post-dominator tree.
    const POST: bool;
}

/// Dominators: the tree is rooted at the entry block.
#[derive(Clone, Copy, Debug)]
pub struct Forward;

/// Post-dominators: the tree is rooted at a virtual exit.
#[derive(Clone, Copy, Debug)]
pub struct Backward;

impl Direction for Forward {
    const POST: bool = false;
}

impl Direction for Backward {
    const POST: bool = true;
}

/// LLVM's `DominatorTree`.
pub type DomTree = DomTreeBase<Forward>;

/// LLVM's `PostDominatorTree`.
pub type PostDomTree = DomTreeBase<Backward>;

/// A node of a dominator tree (LLVM's `DomTreeNode *`), valid in its tree
/// until the tree changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DomNode(u32);

impl DomNode {
    #[inline]
    pub(crate) fn from_slot(s: u32) -> Self {
        DomNode(s)
    }
    #[inline]
    pub(crate) fn slot(self) -> u32 {
        self.0
    }
}

/// The slot of the post-dominator tree's virtual root.
pub(crate) const VROOT_SLOT: u32 = 0;

/// One tree node; see the module docs for the layout.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The block, `None` for the virtual root (and for empty slots).
    pub(crate) block: Option<Block>,
    /// Slot of the immediate dominator, `NONE` for the root.
    pub(crate) idom: u32,
    /// Depth in the tree, the root at 0; `NONE` for an empty slot.
    pub(crate) level: u32,
    /// Slot of the last child, `NONE` for a leaf.
    pub(crate) last_child: u32,
    /// Slot of the next sibling, circular (the last child's is the first).
    pub(crate) next_sibling: u32,
    pub(crate) dfs_in: Cell<u32>,
    pub(crate) dfs_out: Cell<u32>,
}

impl Node {
    pub(crate) const fn empty() -> Node {
        Node {
            block: None,
            idom: NONE,
            level: NONE,
            last_child: NONE,
            next_sibling: NONE,
            dfs_in: Cell::new(NONE),
            dfs_out: Cell::new(NONE),
        }
    }

    #[inline]
    pub(crate) fn is_present(&self) -> bool {
        self.level != NONE
    }
}

/// A dominator tree (`D` = [`Forward`]) or post-dominator tree
/// ([`Backward`]) of one function; LLVM 19's `DominatorTreeBase`.
///
/// Built from scratch with Semi-NCA ([`recalculate`](Self::recalculate)),
/// updated edge by edge or in batches ([`apply_updates`](Self::apply_updates))
/// with LLVM's depth-based search; every result, including each node's
/// children order and the post-dominator roots, is LLVM's. Queries take the
/// [`Context`] to find a block's number.
pub struct DomTreeBase<D: Direction> {
    func: Option<Function>,
    /// The function's block-number epoch at construction.
    epoch: u32,
    pub(crate) nodes: Vec<Node>,
    /// Nodes present, the virtual root included (LLVM's `DomTreeNodes.size()`).
    pub(crate) num_nodes: u32,
    /// The roots: the entry block, or the post-dominator roots in LLVM's order.
    pub(crate) roots: Vec<Block>,
    /// Slot of the root node, `NONE` for an empty tree.
    pub(crate) root_slot: u32,
    dfs_valid: Cell<bool>,
    slow_queries: Cell<u32>,
    /// Scratch of the Semi-NCA runs, kept for the next recalculation.
    pub(crate) sc: SemiNca,
    /// Set by a rebuild; a batch update stops applying updates one by one
    /// once it is set (LLVM's `BatchUpdateInfo::IsRecalculated`).
    pub(crate) batch_recalculated: bool,
    _d: PhantomData<D>,
}

impl<D: Direction> Default for DomTreeBase<D> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<D: Direction> DomTreeBase<D> {
    /// A tree of no function (LLVM's default-constructed tree).
    pub fn empty() -> Self {
        DomTreeBase {
            func: None,
            epoch: 0,
            nodes: Vec::new(),
            num_nodes: 0,
            roots: Vec::new(),
            root_slot: NONE,
            dfs_valid: Cell::new(false),
            slow_queries: Cell::new(0),
            sc: SemiNca::default(),
            batch_recalculated: false,
            _d: PhantomData,
        }
    }

    /// The tree of `f`, built from scratch. O(blocks + edges) in practice.
    ///
    /// # Panics
    /// If `f` is a declaration.
    pub fn new(ctx: &Context, f: Function) -> Self {
        let mut t = Self::empty();
        t.recalculate(ctx, f);
        t.sc = SemiNca::default();
        t
    }

    /// Rebuilds the tree for `f` from scratch (LLVM's `recalculate`),
    /// reusing this tree's buffers.
    ///
    /// # Panics
    /// If `f` is a declaration.
    pub fn recalculate(&mut self, ctx: &Context, f: Function) {
        assert!(
            !ctx.is_declaration(f),
            "DomTreeBase::recalculate: function {:?} has no body",
            f.0
        );
        self.func = Some(f);
        self.epoch = ctx.block_number_epoch(f);
        self.calculate_from_scratch(ctx);
    }

    /// Whether this is a post-dominator tree.
    pub fn is_post_dominator(&self) -> bool {
        D::POST
    }

    /// The function the tree was built for.
    pub fn function(&self) -> Option<Function> {
        self.func
    }

    /// The roots: the entry block for dominators; for post-dominators the
    /// blocks without successors and one block of each region that cannot
    /// reach them (an infinite loop), in LLVM's order.
    pub fn roots(&self) -> &[Block] {
        &self.roots
    }

    /// The root node: the entry block's, or the post-dominator tree's
    /// virtual exit.
    pub fn root_node(&self) -> Option<DomNode> {
        (self.root_slot != NONE).then_some(DomNode(self.root_slot))
    }

    /// Number of nodes (the virtual root included).
    pub fn num_nodes(&self) -> usize {
        self.num_nodes as usize
    }

    // ---- nodes ----------------------------------------------------------

    /// The slot a block's node would have.
    #[inline]
    pub(crate) fn slot_of_raw(ctx: &Context, raw: u32) -> u32 {
        ctx.raw_block_number(raw).wrapping_add(1)
    }

    /// The slot of `raw`'s node, if the block has one.
    #[inline]
    pub(crate) fn node_slot_raw(&self, ctx: &Context, raw: u32) -> Option<u32> {
        let s = Self::slot_of_raw(ctx, raw);
        match self.nodes.get(s as usize) {
            Some(n) if n.is_present() && n.block.is_some_and(|b| b.0.idx == raw) => Some(s),
            _ => None,
        }
    }

    /// The node of block `b` (LLVM's `getNode`): `None` when `b` is not
    /// in the tree (unreachable from the entry, for dominators).
    #[inline]
    pub fn node(&self, ctx: &Context, b: Block) -> Option<DomNode> {
        let d = ctx.graph.get(b.0);
        let s = crate::ir::block_number::number_of(d).wrapping_add(1);
        match self.nodes.get(s as usize) {
            Some(n) if n.is_present() && n.block == Some(b) => Some(DomNode(s)),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn n(&self, s: u32) -> &Node {
        &self.nodes[s as usize]
    }

    /// The block of a node (`None` for the virtual root).
    #[inline]
    pub fn block(&self, n: DomNode) -> Option<Block> {
        self.n(n.0).block
    }

    /// The immediate dominator of a node (`None` for the root).
    #[inline]
    pub fn idom_node(&self, n: DomNode) -> Option<DomNode> {
        let i = self.n(n.0).idom;
        (i != NONE).then_some(DomNode(i))
    }

    /// The depth of a node, the root at 0 (LLVM's `getLevel`).
    #[inline]
    pub fn level(&self, n: DomNode) -> u32 {
        self.n(n.0).level
    }

    /// The DFS entry number of a node: `u32::MAX` until
    /// [`update_dfs_numbers`](Self::update_dfs_numbers) ran, and stale
    /// after a change, as in LLVM.
    pub fn dfs_num_in(&self, n: DomNode) -> u32 {
        self.n(n.0).dfs_in.get()
    }

    /// The DFS exit number of a node (see [`dfs_num_in`](Self::dfs_num_in)).
    pub fn dfs_num_out(&self, n: DomNode) -> u32 {
        self.n(n.0).dfs_out.get()
    }

    /// The children of a node, in LLVM's order.
    pub fn children(&self, n: DomNode) -> Children<'_> {
        let last = self.n(n.0).last_child;
        Children {
            nodes: &self.nodes,
            next: if last == NONE {
                NONE
            } else {
                self.n(last).next_sibling
            },
            last,
        }
    }

    /// The children of the node at slot `s`, as slots.
    #[inline]
    pub(crate) fn child_slots(&self, s: u32) -> impl Iterator<Item = u32> + '_ {
        self.children(DomNode(s)).map(|c| c.0)
    }

    /// Number of children of a node.
    pub fn num_children(&self, n: DomNode) -> usize {
        self.children(n).count()
    }

    /// The immediate dominator of `b`: `None` for the root, a block not
    /// in the tree, or (post-dominators) a block whose immediate
    /// post-dominator is the virtual exit.
    pub fn idom(&self, ctx: &Context, b: Block) -> Option<Block> {
        let n = self.node(ctx, b)?;
        self.idom_node(n).and_then(|i| self.block(i))
    }

    /// The blocks `b` dominates, `b` first (LLVM's `getDescendants`): a
    /// depth-first walk of its subtree; empty when `b` is not in the tree.
    pub fn descendants(&self, ctx: &Context, b: Block, out: &mut Vec<Block>) {
        out.clear();
        let Some(n) = self.node(ctx, b) else {
            return;
        };
        let mut stack = vec![n.0];
        while let Some(s) = stack.pop() {
            if let Some(b) = self.n(s).block {
                out.push(b);
            }
            stack.extend(self.child_slots(s));
        }
    }

    // ---- dominance between blocks ----------------------------------------

    /// Whether node `a` dominates node `b` (LLVM's `dominates` on nodes,
    /// with `None` for a block not in the tree: everything dominates it,
    /// and it dominates nothing else). Counts slow queries as LLVM does;
    /// the 33rd renumbers the tree.
    pub fn dominates_node(&self, a: Option<DomNode>, b: Option<DomNode>) -> bool {
        if a == b {
            return true;
        }
        let Some(b) = b else {
            return true;
        };
        let Some(a) = a else {
            return false;
        };
        let (na, nb) = (self.n(a.0), self.n(b.0));
        if nb.idom == a.0 {
            return true;
        }
        if na.idom == b.0 {
            return false;
        }
        if na.level >= nb.level {
            return false;
        }
        if self.dfs_valid.get() {
            return Self::dominated_by(nb, na);
        }
        let q = self.slow_queries.get() + 1;
        self.slow_queries.set(q);
        if q > 32 {
            self.update_dfs_numbers();
            return Self::dominated_by(nb, na);
        }
        self.dominated_by_slow_walk(a.0, b.0)
    }

    #[inline]
    fn dominated_by(b: &Node, a: &Node) -> bool {
        b.dfs_in.get() >= a.dfs_in.get() && b.dfs_out.get() <= a.dfs_out.get()
    }

    fn dominated_by_slow_walk(&self, a: u32, mut b: u32) -> bool {
        let alevel = self.n(a).level;
        loop {
            let i = self.n(b).idom;
            if i == NONE || self.n(i).level < alevel {
                break;
            }
            b = i;
        }
        b == a
    }

    /// Whether `a` dominates `b`: every path from the entry to `b` passes
    /// through `a` (post-dominators: every path from `b` to an exit passes
    /// through `a`). A block dominates itself; a block not in the tree is
    /// dominated by everything and dominates nothing else.
    pub fn dominates(&self, ctx: &Context, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        self.dominates_node(self.node(ctx, a), self.node(ctx, b))
    }

    /// Whether `a` dominates `b` and `a != b`.
    pub fn properly_dominates(&self, ctx: &Context, a: Block, b: Block) -> bool {
        if a == b {
            return false;
        }
        self.dominates_node(self.node(ctx, a), self.node(ctx, b))
    }

    /// Whether `b` has a node (LLVM's `isReachableFromEntry` on nodes; for
    /// dominators, whether `b` is reachable from the entry block).
    pub fn contains(&self, ctx: &Context, b: Block) -> bool {
        self.node(ctx, b).is_some()
    }

    /// The nearest block dominating both `a` and `b` (LLVM's
    /// `findNearestCommonDominator`); for post-dominators `None` when only
    /// the virtual exit post-dominates both.
    ///
    /// # Panics
    /// If `a` or `b` is not in the tree (for dominators, unless one of
    /// them is the entry block).
    pub fn nearest_common_dominator(&self, ctx: &Context, a: Block, b: Block) -> Option<Block> {
        if !D::POST {
            let entry = self.roots.first().copied();
            if Some(a) == entry || Some(b) == entry {
                return entry;
            }
        }
        let na = self.node(ctx, a);
        let nb = self.node(ctx, b);
        let (Some(na), Some(nb)) = (na, nb) else {
            panic!(
                "nearest_common_dominator: block {:?} is not in the tree",
                if na.is_none() { a.0 } else { b.0 }
            );
        };
        self.block(DomNode(self.nca_slots(na.0, nb.0)))
    }

    /// The nearest common ancestor of two present slots.
    #[inline]
    pub(crate) fn nca_slots(&self, mut a: u32, mut b: u32) -> u32 {
        while a != b {
            if self.n(a).level < self.n(b).level {
                core::mem::swap(&mut a, &mut b);
            }
            a = self.n(a).idom;
        }
        a
    }

    // ---- DFS numbers -----------------------------------------------------

    /// Whether the DFS numbers are up to date (then `dominates` is O(1)).
    pub fn dfs_info_valid(&self) -> bool {
        self.dfs_valid.get()
    }

    /// Slow `dominates` queries since the numbers were last valid.
    pub fn slow_queries(&self) -> u32 {
        self.slow_queries.get()
    }

    /// Numbers the nodes in a depth-first walk of the tree, children in
    /// order (LLVM's `updateDFSNumbers`), and resets the slow-query count.
    /// O(nodes); nothing when the numbers are valid already.
    pub fn update_dfs_numbers(&self) {
        if self.dfs_valid.get() {
            self.slow_queries.set(0);
            return;
        }
        if self.root_slot == NONE {
            return;
        }
        // (slot, next child to visit or NONE when done)
        let mut stack: Vec<(u32, u32)> = Vec::with_capacity(32);
        let mut num = 0;
        let root = self.root_slot;
        self.n(root).dfs_in.set(num);
        num += 1;
        stack.push((root, self.first_child(root)));
        while let Some(top) = stack.last_mut() {
            let (s, c) = *top;
            if c == NONE {
                self.n(s).dfs_out.set(num);
                num += 1;
                stack.pop();
            } else {
                top.1 = self.next_child(s, c);
                self.n(c).dfs_in.set(num);
                num += 1;
                stack.push((c, self.first_child(c)));
            }
        }
        self.slow_queries.set(0);
        self.dfs_valid.set(true);
    }

    /// Marks the DFS numbers stale (the tree changed).
    #[inline]
    pub(crate) fn invalidate_dfs(&self) {
        self.dfs_valid.set(false);
    }

    #[inline]
    pub(crate) fn first_child(&self, s: u32) -> u32 {
        let last = self.n(s).last_child;
        if last == NONE {
            NONE
        } else {
            self.n(last).next_sibling
        }
    }

    /// The child after `c` among `s`'s children, `NONE` after the last.
    #[inline]
    pub(crate) fn next_child(&self, s: u32, c: u32) -> u32 {
        if c == self.n(s).last_child {
            NONE
        } else {
            self.n(c).next_sibling
        }
    }

    // ---- tree surgery ----------------------------------------------------

    /// Makes sure slot `s` exists.
    #[inline]
    pub(crate) fn ensure_slot(&mut self, s: u32) {
        if self.nodes.len() <= s as usize {
            self.nodes.resize(s as usize + 1, Node::empty());
        }
    }

    /// Creates a node for `block` at slot `s` with no parent (LLVM's
    /// `createNode`).
    pub(crate) fn create_node(&mut self, s: u32, block: Option<Block>) {
        self.ensure_slot(s);
        debug_assert!(!self.nodes[s as usize].is_present());
        self.nodes[s as usize] = Node {
            block,
            level: 0,
            ..Node::empty()
        };
        self.num_nodes += 1;
    }

    /// Creates a node for `block` at slot `s` as the last child of `idom`
    /// (LLVM's `createChild`).
    pub(crate) fn create_child(&mut self, s: u32, block: Option<Block>, idom: u32) {
        self.ensure_slot(s);
        debug_assert!(!self.nodes[s as usize].is_present());
        let level = self.n(idom).level + 1;
        self.nodes[s as usize] = Node {
            block,
            idom,
            level,
            ..Node::empty()
        };
        self.num_nodes += 1;
        self.push_child(idom, s);
    }

    /// Appends `c` to `p`'s children.
    pub(crate) fn push_child(&mut self, p: u32, c: u32) {
        let last = self.n(p).last_child;
        if last == NONE {
            self.nodes[c as usize].next_sibling = c;
        } else {
            let first = self.n(last).next_sibling;
            self.nodes[c as usize].next_sibling = first;
            self.nodes[last as usize].next_sibling = c;
        }
        self.nodes[p as usize].last_child = c;
    }

    /// The child of `p` whose next sibling is `c` (the last child when `c`
    /// is the first). O(children).
    fn child_before(&self, p: u32, c: u32) -> u32 {
        let last = self.n(p).last_child;
        assert!(last != NONE, "dominator tree: node has no children");
        let mut x = last;
        while self.n(x).next_sibling != c {
            x = self.n(x).next_sibling;
            assert!(x != last, "dominator tree: not among its parent's children");
        }
        x
    }

    /// Removes `c` from `p`'s children keeping the others' order (LLVM's
    /// `Children.erase(find(Children, c))`).
    pub(crate) fn remove_child(&mut self, p: u32, c: u32) {
        let before = self.child_before(p, c);
        if before == c {
            self.nodes[p as usize].last_child = NONE;
        } else {
            let next = self.n(c).next_sibling;
            self.nodes[before as usize].next_sibling = next;
            if self.n(p).last_child == c {
                self.nodes[p as usize].last_child = before;
            }
        }
        self.nodes[c as usize].next_sibling = NONE;
    }

    /// Removes `c` from `p`'s children by moving the last child into its
    /// place (LLVM's `std::swap(*It, Children.back()); pop_back()`).
    pub(crate) fn swap_remove_child(&mut self, p: u32, c: u32) {
        let last = self.n(p).last_child;
        if last == c || self.n(c).next_sibling == last {
            // Either way the result is `c` removed in place.
            self.remove_child(p, c);
            return;
        }
        let first = self.n(last).next_sibling;
        let before_last = self.child_before(p, last);
        let before_c = self.child_before(p, c);
        let after_c = self.n(c).next_sibling;
        self.nodes[last as usize].next_sibling = after_c;
        if c == first {
            self.nodes[before_last as usize].next_sibling = last;
        } else {
            self.nodes[before_c as usize].next_sibling = last;
            self.nodes[before_last as usize].next_sibling = first;
        }
        self.nodes[p as usize].last_child = before_last;
        self.nodes[c as usize].next_sibling = NONE;
    }

    /// Moves node `s` under `new_idom` (LLVM's `DomTreeNode::setIDom`): out
    /// of its old parent's children in place, appended to the new parent's,
    /// and its subtree's levels fixed.
    pub(crate) fn set_idom(&mut self, s: u32, new_idom: u32) {
        let old = self.n(s).idom;
        debug_assert!(old != NONE, "no immediate dominator");
        if old == new_idom {
            return;
        }
        self.remove_child(old, s);
        self.nodes[s as usize].idom = new_idom;
        self.push_child(new_idom, s);
        self.update_level(s);
    }

    /// Fixes the levels below `s` after its parent changed (LLVM's
    /// `UpdateLevel`).
    pub(crate) fn update_level(&mut self, s: u32) {
        let want = self.n(self.n(s).idom).level + 1;
        if self.n(s).level == want {
            return;
        }
        let mut stack = vec![s];
        while let Some(c) = stack.pop() {
            let l = self.n(self.n(c).idom).level + 1;
            self.nodes[c as usize].level = l;
            let mut k = self.first_child(c);
            while k != NONE {
                if self.n(k).level != l + 1 {
                    stack.push(k);
                }
                k = self.next_child(c, k);
            }
        }
    }

    /// Removes the leaf node at slot `s` (its slot becomes empty).
    pub(crate) fn drop_node(&mut self, s: u32) {
        debug_assert!(self.n(s).last_child == NONE, "not a leaf");
        self.nodes[s as usize] = Node::empty();
        self.num_nodes -= 1;
    }

    /// Empties the tree, keeping its buffers (LLVM's `reset`, which also
    /// forgets the function).
    pub(crate) fn reset_nodes(&mut self) {
        self.nodes.clear();
        self.num_nodes = 0;
        self.roots.clear();
        self.root_slot = NONE;
        self.dfs_valid.set(false);
        self.slow_queries.set(0);
    }

    /// Checks that the tree was built for the current numbering of `f`'s
    /// blocks.
    pub(crate) fn check_epoch(&self, ctx: &Context) {
        if let Some(f) = self.func {
            assert!(
                ctx.block_number_epoch(f) == self.epoch,
                "stale dominator tree: the blocks of {:?} were renumbered after it was built",
                f.0
            );
        }
    }

    /// The function, for the builders.
    pub(crate) fn func_or_panic(&self, what: &str) -> Function {
        match self.func {
            Some(f) => f,
            None => panic!("{what}: the tree was built for no function"),
        }
    }
}

impl<D: Direction> DomTreeBase<D> {
    /// Whether `other` is the same tree (LLVM's `compare`, negated): the
    /// same function, roots (in any order), nodes, levels and each node's
    /// children (in any order).
    pub fn same_as(&self, other: &Self) -> bool {
        if self.func != other.func
            || self.num_nodes != other.num_nodes
            || self.roots.len() != other.roots.len()
            || !self.roots.iter().all(|r| other.roots.contains(r))
        {
            return false;
        }
        let mut mine: Vec<Option<Block>> = Vec::new();
        let mut theirs: Vec<Option<Block>> = Vec::new();
        for (s, n) in self.nodes.iter().enumerate() {
            if !n.is_present() {
                continue;
            }
            let Some(o) = other.nodes.get(s).filter(|o| o.is_present()) else {
                return false;
            };
            if o.block != n.block || o.level != n.level {
                return false;
            }
            mine.clear();
            theirs.clear();
            mine.extend(self.child_slots(s as u32).map(|c| self.n(c).block));
            theirs.extend(other.child_slots(s as u32).map(|c| other.n(c).block));
            if mine.len() != theirs.len() || !mine.iter().all(|b| theirs.contains(b)) {
                return false;
            }
        }
        true
    }

    /// Checks the tree against its function (LLVM's `verify` at its `Fast`
    /// level): it equals a tree built afresh, every child is one level
    /// below its parent, and valid DFS numbers nest without gaps. The
    /// error names the first problem.
    ///
    /// # Panics
    /// If the tree was built for no function.
    pub fn verify(&self, ctx: &Context) -> Result<(), String> {
        let f = self.func_or_panic("verify");
        let fresh = Self::new(ctx, f);
        if !self.same_as(&fresh) {
            return Err("the tree is different from a freshly computed one".into());
        }
        for n in self.nodes.iter().filter(|n| n.is_present()) {
            let want = if n.idom == NONE {
                0
            } else {
                self.n(n.idom).level + 1
            };
            if n.level != want {
                return Err(format!(
                    "a node has level {} under a parent one level up from {want}",
                    n.level
                ));
            }
        }
        if self.dfs_valid.get() {
            for (s, n) in self
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| n.is_present())
            {
                let mut kids: Vec<&Node> = self.child_slots(s as u32).map(|c| self.n(c)).collect();
                let (i, o) = (n.dfs_in.get(), n.dfs_out.get());
                if kids.is_empty() {
                    if i + 1 != o {
                        return Err("a leaf's DFS numbers are not consecutive".into());
                    }
                    continue;
                }
                kids.sort_by_key(|k| k.dfs_in.get());
                let mut expect = i + 1;
                for k in &kids {
                    if k.dfs_in.get() != expect {
                        return Err("children's DFS numbers leave a gap".into());
                    }
                    expect = k.dfs_out.get() + 1;
                }
                if expect != o {
                    return Err("the last child's DFS numbers do not end its parent's".into());
                }
            }
        }
        Ok(())
    }
}

/// The children of a tree node, in order.
pub struct Children<'a> {
    nodes: &'a [Node],
    next: u32,
    last: u32,
}

impl Iterator for Children<'_> {
    type Item = DomNode;
    #[inline]
    fn next(&mut self) -> Option<DomNode> {
        if self.next == NONE {
            return None;
        }
        let c = self.next;
        self.next = if c == self.last {
            NONE
        } else {
            self.nodes[c as usize].next_sibling
        };
        Some(DomNode(c))
    }
}

impl DomTreeBase<Forward> {
    /// Whether `b` is reachable from the entry block (LLVM's
    /// `isReachableFromEntry`).
    pub fn is_reachable_from_entry(&self, ctx: &Context, b: Block) -> bool {
        self.node(ctx, b).is_some()
    }

    /// The entry block (LLVM's `getRoot`).
    ///
    /// # Panics
    /// If the tree is empty.
    pub fn root(&self) -> Block {
        match self.roots.first() {
            Some(&r) => r,
            None => panic!("DomTree::root: the tree is empty"),
        }
    }
}

#[cfg(test)]
mod children_tests {
    use super::*;

    /// The children-list operations against a `Vec` model, LLVM's.
    #[test]
    fn children_lists_behave_like_vectors() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u32| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as u32
        };
        for _ in 0..200 {
            let mut t = DomTree::empty();
            t.create_node(0, None);
            let mut model: Vec<u32> = Vec::new();
            let mut free: Vec<u32> = (1..40).rev().collect();
            for _ in 0..200 {
                match next(3) {
                    0 if !free.is_empty() => {
                        let c = free.pop().unwrap();
                        t.create_child(c, None, 0);
                        model.push(c);
                    }
                    1 if !model.is_empty() => {
                        let i = next(model.len() as u32) as usize;
                        let c = model.remove(i);
                        t.remove_child(0, c);
                        t.drop_node(c);
                        free.push(c);
                    }
                    2 if !model.is_empty() => {
                        let i = next(model.len() as u32) as usize;
                        let c = model.swap_remove(i);
                        t.swap_remove_child(0, c);
                        t.drop_node(c);
                        free.push(c);
                    }
                    _ => {}
                }
                let got: Vec<u32> = t.child_slots(0).collect();
                assert_eq!(got, model);
            }
        }
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;
    #[test]
    fn node_is_small() {
        assert_eq!(core::mem::size_of::<Node>(), 32);
        assert_eq!(core::mem::size_of::<super::build::Info>(), 28);
        assert_eq!(core::mem::size_of::<Option<DomNode>>(), 8);
    }
}
