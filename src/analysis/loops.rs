//! The loop forest: LLVM 19's `LoopInfoBase::analyze`
//! (`GenericLoopInfoImpl.h`) and the queries of `LoopBase`.
//!
//! Owns [`LoopInfo`] and [`Loop`]. A loop is a header and the blocks that
//! reach one of its back edges (edges into the header from blocks it
//! dominates) without passing the header: natural loops, so an irreducible
//! cycle (two entries) is no loop.
//!
//! Construction is LLVM's in two passes. *Discover*: the dominator tree is
//! walked in post-order (children in order), so inner loops come before
//! the loops holding them; for each header with back edges a backward walk
//! from them maps each unmapped reachable block to the loop and hangs each
//! outermost loop it meets below the new one. *Populate*: a CFG post-order
//! from the entry adds each block to its innermost loop and all enclosing
//! ones; when a header is met its loop is complete, so its blocks after the
//! header and its sub-loops are reversed (reverse post-order) and it joins
//! its parent's sub-loops (or the top level, which is left in post-order).
//!
//! # Layout
//!
//! No loop owns an allocation. Loops are records in one vector; each
//! loop's blocks (header first) are a range of one block pool and its
//! sub-loops a range of one loop pool, sized after discovery (a loop holds
//! every block whose innermost loop is it or one of its descendants). The
//! innermost loop of each block is a vector indexed by block number.
//!
//! Discovery asks for back edges through `dominates_node`, so the dominator
//! tree's slow-query count moves as LLVM's does. `LoopData` is 32 bytes.
//! Queries: `loop_for`, `loop_depth`, `contains` (walks up the innermost
//! loop's parents to the depth asked), latches, exiting and exit blocks,
//! `loop_predecessor`, `preheader` (with `isLegalToHoistInto`), `loop_id`,
//! `is_annotated_parallel` (access groups and
//! `llvm.mem.parallel_loop_access`; whether an instruction touches memory is
//! `Context::may_read_or_write_memory` of `ir/effects.rs`).

use super::cfg::{for_each_pred, PostOrder};
use super::domtree::{DomNode, DomTree};
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::metadata::{MdData, MdKindId, Metadata};
use crate::ir::{Block, Function};
use crate::Context;

/// A loop of a [`LoopInfo`] (LLVM's `Loop *`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Loop(u32);

/// One loop's record.
#[derive(Clone, Debug)]
struct LoopData {
    header: Block,
    /// Enclosing loop, `NONE` at the top level.
    parent: u32,
    /// 1 for a top-level loop.
    depth: u32,
    /// Blocks: `block_pool[blocks.0 .. blocks.0 + blocks.1]`, header first.
    blocks: (u32, u32),
    /// Sub-loops: `sub_pool[subs.0 .. subs.0 + subs.1]`.
    subs: (u32, u32),
}

/// The loops of one function (LLVM's `LoopInfo`).
#[derive(Default)]
pub struct LoopInfo {
    func: Option<Function>,
    loops: Vec<LoopData>,
    top_level: Vec<Loop>,
    block_pool: Vec<Block>,
    sub_pool: Vec<Loop>,
    /// Innermost loop by block number, `NONE` for none.
    loop_of: Vec<u32>,
    // Scratch kept between analyses.
    post: PostOrder,
    work: Vec<u32>,
    backedges: Vec<u32>,
    dom_stack: Vec<(u32, bool)>,
    fill: Vec<u32>,
}

impl LoopInfo {
    /// An empty forest.
    pub fn new() -> Self {
        Self::default()
    }

    /// The loops of `dt`'s function (LLVM's `LoopInfo(DT)`).
    pub fn compute(ctx: &Context, dt: &DomTree) -> Self {
        let mut li = Self::new();
        li.analyze(ctx, dt);
        li
    }

    /// Recomputes the loops of `dt`'s function, reusing this forest's
    /// buffers (LLVM's `analyze`). Queries `dt` as LLVM does, so its
    /// slow-query count moves as LLVM's would. O(blocks + edges) plus the
    /// back-edge dominance queries.
    ///
    /// # Panics
    /// If `dt` was built for no function.
    pub fn analyze(&mut self, ctx: &Context, dt: &DomTree) {
        let f = dt
            .function()
            .expect("LoopInfo::analyze: an empty dominator tree");
        self.func = Some(f);
        self.loops.clear();
        self.top_level.clear();
        self.block_pool.clear();
        self.sub_pool.clear();
        self.loop_of.clear();
        self.loop_of.resize(ctx.max_block_number(f) as usize, NONE);
        self.discover(ctx, dt);
        self.populate(ctx, f);
    }

    /// A forest given loop by loop, as a pass that grows and shrinks
    /// loops leaves LLVM's `LoopInfo` (`addBasicBlockToLoop` appends,
    /// `removeBlock` keeps the others' order): `loops[k]` is loop `k`'s
    /// blocks (header first), parent and sub-loops, `top` the top-level
    /// loops and `innermost` each block's innermost loop. Loop `k` of the
    /// result is `Loop(k)`.
    pub(crate) fn from_parts(
        ctx: &Context,
        f: Function,
        loops: &[(&[Block], Option<usize>, &[usize])],
        top: &[usize],
        innermost: impl Iterator<Item = (Block, usize)>,
    ) -> Self {
        let mut li = Self::new();
        li.func = Some(f);
        for &(blocks, parent, subs) in loops {
            let b0 = li.block_pool.len() as u32;
            li.block_pool.extend_from_slice(blocks);
            let s0 = li.sub_pool.len() as u32;
            li.sub_pool.extend(subs.iter().map(|&x| Loop(x as u32)));
            let mut depth = 1;
            let mut x = parent;
            while let Some(y) = x {
                depth += 1;
                x = loops[y].1;
            }
            li.loops.push(LoopData {
                header: blocks[0],
                parent: parent.map_or(NONE, |p| p as u32),
                depth,
                blocks: (b0, blocks.len() as u32),
                subs: (s0, subs.len() as u32),
            });
        }
        li.top_level = top.iter().map(|&x| Loop(x as u32)).collect();
        li.loop_of.resize(ctx.max_block_number(f) as usize, NONE);
        for (b, l) in innermost {
            let n = crate::ir::block_number::number_of(ctx.graph.get(b.0)) as usize;
            li.loop_of[n] = l as u32;
        }
        li
    }

    #[inline]
    fn loop_of_raw(&self, ctx: &Context, raw: u32) -> u32 {
        self.loop_of
            .get(ctx.raw_block_number(raw) as usize)
            .copied()
            .unwrap_or(NONE)
    }

    fn outermost(&self, mut l: u32) -> u32 {
        while self.loops[l as usize].parent != NONE {
            l = self.loops[l as usize].parent;
        }
        l
    }

    /// Pass 1: loops, their parents and the innermost loop of each block.
    fn discover(&mut self, ctx: &Context, dt: &DomTree) {
        let Some(root) = dt.root_node() else {
            return;
        };
        // Post-order of the dominator tree, children in order.
        let mut stack = core::mem::take(&mut self.dom_stack);
        stack.clear();
        stack.push((slot(root), false));
        while let Some((s, done)) = stack.pop() {
            if !done {
                stack.push((s, true));
                let first = stack.len();
                stack.extend(dt.child_slots(s).map(|c| (c, false)));
                stack[first..].reverse();
                continue;
            }
            let node = DomNode::from_slot(s);
            let header = dt.block(node).expect("a block node");
            self.backedges.clear();
            let backedges = &mut self.backedges;
            for_each_pred(ctx, header.0.idx, |p| {
                if let Some(pn) = dt.node_slot_raw(ctx, p) {
                    if dt.dominates_node(Some(node), Some(DomNode::from_slot(pn))) {
                        backedges.push(p);
                    }
                }
            });
            if !self.backedges.is_empty() {
                let l = self.loops.len() as u32;
                self.loops.push(LoopData {
                    header,
                    parent: NONE,
                    depth: 0,
                    blocks: (0, 0),
                    subs: (0, 0),
                });
                self.discover_and_map_subloop(ctx, dt, l);
            }
        }
        self.dom_stack = stack;
    }

    /// LLVM's `discoverAndMapSubloop`: the backward walk from loop `l`'s
    /// back edges.
    fn discover_and_map_subloop(&mut self, ctx: &Context, dt: &DomTree, l: u32) {
        let header = self.loops[l as usize].header.0.idx;
        let mut work = core::mem::take(&mut self.work);
        work.clear();
        work.extend_from_slice(&self.backedges);
        while let Some(pred) = work.pop() {
            let sub = self.loop_of_raw(ctx, pred);
            if sub == NONE {
                if dt.node_slot_raw(ctx, pred).is_none() {
                    continue;
                }
                let n = ctx.raw_block_number(pred) as usize;
                self.loop_of[n] = l;
                if pred == header {
                    continue;
                }
                for_each_pred(ctx, pred, |p| work.push(p));
            } else {
                let sub = self.outermost(sub);
                if sub == l {
                    continue;
                }
                self.loops[sub as usize].parent = l;
                let sub_header = self.loops[sub as usize].header.0.idx;
                for_each_pred(ctx, sub_header, |p| {
                    if self.loop_of_raw(ctx, p) != sub {
                        work.push(p);
                    }
                });
            }
        }
        self.work = work;
    }

    /// Pass 2: block and sub-loop lists in LLVM's order.
    fn populate(&mut self, ctx: &Context, f: Function) {
        let nl = self.loops.len();
        if nl == 0 {
            return;
        }
        // Sizes: every mapped block counts for its loop and the enclosing
        // ones; inner loops precede outer ones in `loops`.
        let mut size = core::mem::take(&mut self.fill);
        size.clear();
        size.resize(nl * 2, 0);
        for &l in &self.loop_of {
            if l != NONE {
                size[l as usize] += 1;
            }
        }
        for l in 0..nl {
            let p = self.loops[l].parent;
            if p != NONE {
                size[p as usize] += size[l];
                size[nl + p as usize] += 1;
            }
        }
        // Depths, outer loops first.
        for l in (0..nl).rev() {
            let p = self.loops[l].parent;
            self.loops[l].depth = if p == NONE {
                1
            } else {
                self.loops[p as usize].depth + 1
            };
        }
        // Ranges; `size` becomes the fill cursors.
        let (mut bstart, mut sstart) = (0u32, 0u32);
        for l in 0..nl {
            let (bn, sn) = (size[l], size[nl + l]);
            self.loops[l].blocks = (bstart, bn);
            self.loops[l].subs = (sstart, sn);
            bstart += bn;
            sstart += sn;
            size[l] = 1; // the header is in place
            size[nl + l] = 0;
        }
        self.block_pool
            .resize(bstart as usize, self.loops[0].header);
        self.sub_pool.resize(sstart as usize, Loop(0));
        for l in 0..nl {
            let h = self.loops[l].header;
            self.block_pool[self.loops[l].blocks.0 as usize] = h;
        }
        // The CFG post-order from the entry.
        let mut post = core::mem::take(&mut self.post);
        post.compute(ctx, f);
        for &b in post.blocks() {
            let mut sub = self.loop_of[ctx.raw_block_number(b.0.idx) as usize];
            if sub != NONE && self.loops[sub as usize].header == b {
                let p = self.loops[sub as usize].parent;
                if p != NONE {
                    let (s0, _) = self.loops[p as usize].subs;
                    let k = &mut size[nl + p as usize];
                    self.sub_pool[(s0 + *k) as usize] = Loop(sub);
                    *k += 1;
                } else {
                    self.top_level.push(Loop(sub));
                }
                let (b0, bn) = self.loops[sub as usize].blocks;
                self.block_pool[(b0 + 1) as usize..(b0 + bn) as usize].reverse();
                let (s0, sn) = self.loops[sub as usize].subs;
                self.sub_pool[s0 as usize..(s0 + sn) as usize].reverse();
                sub = p;
            }
            while sub != NONE {
                let (b0, _) = self.loops[sub as usize].blocks;
                let k = &mut size[sub as usize];
                self.block_pool[(b0 + *k) as usize] = b;
                *k += 1;
                sub = self.loops[sub as usize].parent;
            }
        }
        self.post = post;
        self.fill = size;
    }

    // ---- queries -------------------------------------------------------

    /// The top-level loops, in LLVM's order (post-order of their headers).
    pub fn top_level_loops(&self) -> &[Loop] {
        &self.top_level
    }

    /// Number of loops at all depths.
    pub fn num_loops(&self) -> usize {
        self.loops.len()
    }

    /// The innermost loop holding `b` (LLVM's `getLoopFor`).
    pub fn loop_for(&self, ctx: &Context, b: Block) -> Option<Loop> {
        let d = ctx.graph.get(b.0);
        if d.a == NONE || self.func.map(|f| f.0.idx) != Some(d.a) {
            return None;
        }
        let n = crate::ir::block_number::number_of(d);
        let l = *self.loop_of.get(n as usize)?;
        (l != NONE).then_some(Loop(l))
    }

    /// How many loops hold `b` (LLVM's `getLoopDepth`): 0 outside loops.
    pub fn loop_depth(&self, ctx: &Context, b: Block) -> u32 {
        self.loop_for(ctx, b).map_or(0, |l| self.depth(l))
    }

    /// Whether `b` is the header of a loop.
    pub fn is_loop_header(&self, ctx: &Context, b: Block) -> bool {
        self.loop_for(ctx, b).is_some_and(|l| self.header(l) == b)
    }

    /// The loops in pre-order (LLVM's `getLoopsInPreorder`: top-level
    /// loops last to first, each followed by its sub-loops in order).
    pub fn loops_in_preorder(&self) -> Vec<Loop> {
        let mut out = Vec::with_capacity(self.loops.len());
        let mut work = Vec::new();
        for &root in self.top_level.iter().rev() {
            work.push(root);
            while let Some(l) = work.pop() {
                out.push(l);
                work.extend(self.sub_loops(l).iter().rev().copied());
            }
        }
        out
    }

    /// The header of `l`.
    pub fn header(&self, l: Loop) -> Block {
        self.loops[l.0 as usize].header
    }

    /// The loop holding `l`, if any.
    pub fn parent(&self, l: Loop) -> Option<Loop> {
        let p = self.loops[l.0 as usize].parent;
        (p != NONE).then_some(Loop(p))
    }

    /// The depth of `l`: 1 at the top level.
    pub fn depth(&self, l: Loop) -> u32 {
        self.loops[l.0 as usize].depth
    }

    /// The blocks of `l`, header first, the rest in LLVM's order (reverse
    /// post-order, sub-loops' blocks included).
    pub fn blocks(&self, l: Loop) -> &[Block] {
        let (s, n) = self.loops[l.0 as usize].blocks;
        &self.block_pool[s as usize..(s + n) as usize]
    }

    /// The loops directly inside `l`, in LLVM's order.
    pub fn sub_loops(&self, l: Loop) -> &[Loop] {
        let (s, n) = self.loops[l.0 as usize].subs;
        &self.sub_pool[s as usize..(s + n) as usize]
    }

    /// Whether `l` contains `b` (in itself or a sub-loop).
    pub fn contains(&self, ctx: &Context, l: Loop, b: Block) -> bool {
        let Some(mut x) = self.loop_for(ctx, b).map(|x| x.0) else {
            return false;
        };
        let want = self.depth(l);
        while x != NONE && self.loops[x as usize].depth > want {
            x = self.loops[x as usize].parent;
        }
        x == l.0
    }

    /// Whether `inner` is `l` or nested in it.
    pub fn contains_loop(&self, l: Loop, inner: Loop) -> bool {
        let mut x = inner.0;
        while x != NONE {
            if x == l.0 {
                return true;
            }
            x = self.loops[x as usize].parent;
        }
        false
    }

    /// Whether `b` (in `l`) is a latch: a predecessor of the header.
    pub fn is_loop_latch(&self, ctx: &Context, l: Loop, b: Block) -> bool {
        ctx.predecessors(self.header(l)).any(|p| p == b)
    }

    /// Whether `b` (in `l`) has a successor outside `l`.
    pub fn is_loop_exiting(&self, ctx: &Context, l: Loop, b: Block) -> bool {
        ctx.successors(b).any(|s| !self.contains(ctx, l, s))
    }

    /// The latches: the header's predecessors inside `l`, in predecessor
    /// order (LLVM's `getLoopLatches`).
    pub fn latches(&self, ctx: &Context, l: Loop) -> Vec<Block> {
        ctx.predecessors(self.header(l))
            .filter(|&p| self.contains(ctx, l, p))
            .collect()
    }

    /// The single latch, if there is exactly one (LLVM's `getLoopLatch`).
    pub fn latch(&self, ctx: &Context, l: Loop) -> Option<Block> {
        let mut latch = None;
        for p in ctx.predecessors(self.header(l)) {
            if self.contains(ctx, l, p) {
                if latch.is_some() {
                    return None;
                }
                latch = Some(p);
            }
        }
        latch
    }

    /// The blocks of `l` with a successor outside it, in block order
    /// (LLVM's `getExitingBlocks`).
    pub fn exiting_blocks(&self, ctx: &Context, l: Loop) -> Vec<Block> {
        self.blocks(l)
            .iter()
            .copied()
            .filter(|&b| self.is_loop_exiting(ctx, l, b))
            .collect()
    }

    /// The successors outside `l` of its blocks, one per edge (LLVM's
    /// `getExitBlocks`).
    pub fn exit_blocks(&self, ctx: &Context, l: Loop) -> Vec<Block> {
        let mut out = Vec::new();
        for &b in self.blocks(l) {
            for s in ctx.successors(b) {
                if !self.contains(ctx, l, s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The exit blocks without repeats, in first-seen order (LLVM's
    /// `getUniqueExitBlocks`).
    pub fn unique_exit_blocks(&self, ctx: &Context, l: Loop) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::new();
        for b in self.exit_blocks(ctx, l) {
            if !out.contains(&b) {
                out.push(b);
            }
        }
        out
    }

    /// The single predecessor of the header outside `l`, if exactly one
    /// block enters (LLVM's `getLoopPredecessor`).
    pub fn loop_predecessor(&self, ctx: &Context, l: Loop) -> Option<Block> {
        loop_predecessor(ctx, self.header(l), |b| self.contains(ctx, l, b))
    }

    /// The preheader (LLVM's `getLoopPreheader`): the loop predecessor,
    /// when it may take hoisted code (its terminator is not an `invoke`,
    /// `callbr`, `resume` or exception-handling terminator) and it has
    /// the header as its only successor.
    pub fn preheader(&self, ctx: &Context, l: Loop) -> Option<Block> {
        preheader(ctx, self.loop_predecessor(ctx, l)?)
    }

    /// The loop's `!llvm.loop` node (LLVM's `getLoopID`): the node every
    /// latch's terminator carries, when they all carry the same one and it
    /// names itself first.
    pub fn loop_id(&self, ctx: &Context, l: Loop) -> Option<Metadata> {
        loop_id(ctx, self.latches(ctx, l))
    }

    /// Whether `l` is marked parallel (LLVM's `isAnnotatedParallel`): it
    /// has a loop ID, and every instruction of it that may read or write
    /// memory is in an access group its `llvm.loop.parallel_accesses`
    /// lists, or names the loop ID in `!llvm.mem.parallel_loop_access`.
    pub fn is_annotated_parallel(&self, ctx: &Context, l: Loop) -> bool {
        let Some(id) = self.loop_id(ctx, l) else {
            return false;
        };
        let mut groups: Vec<Metadata> = Vec::new();
        if let Some(pa) = find_loop_option(ctx, id, b"llvm.loop.parallel_accesses") {
            if let MdData::Tuple { ops, .. } = ctx.md_data(pa) {
                groups.extend(ops.iter().skip(1).flatten().map(|&g| ctx.md_resolved(g)));
            }
        }
        for &b in self.blocks(l) {
            for i in ctx.insts(b) {
                if !ctx.may_read_or_write_memory(i) {
                    continue;
                }
                let md = ctx.extra(i).map(|e| &e.md);
                if let Some(ag) = md.and_then(|m| m.get(MdKindId::ACCESS_GROUP)) {
                    let ag = ctx.md_resolved(ag);
                    let listed = match ctx.md_data(ag) {
                        MdData::Tuple { ops, .. } if !ops.is_empty() => ops
                            .iter()
                            .flatten()
                            .any(|&g| groups.contains(&ctx.md_resolved(g))),
                        _ => groups.contains(&ag),
                    };
                    if listed {
                        continue;
                    }
                }
                let Some(pla) = md.and_then(|m| m.get(MdKindId::MEM_PARALLEL_LOOP_ACCESS)) else {
                    return false;
                };
                let names_id = match ctx.md_data(pla) {
                    MdData::Tuple { ops, .. } => {
                        ops.iter().flatten().any(|&x| ctx.md_resolved(x) == id)
                    }
                    _ => false,
                };
                if !names_id {
                    return false;
                }
            }
        }
        true
    }

    /// Appends the forest as LLVM's `LoopInfo::print` writes it: each
    /// top-level loop, then its sub-loops indented, one line each:
    /// `Loop at depth D containing: %h<header><latch>,%b<exiting>`.
    /// `name` spells a block; `parallel` says whether a loop is annotated
    /// parallel (printed as a `Parallel ` prefix).
    pub fn print(
        &self,
        ctx: &Context,
        out: &mut String,
        name: &mut dyn FnMut(&mut String, Block),
        parallel: &mut dyn FnMut(Loop) -> bool,
    ) {
        let mut stack: Vec<(Loop, u32)> = Vec::new();
        for &top in &self.top_level {
            stack.push((top, 0));
            while let Some((l, indent)) = stack.pop() {
                for _ in 0..indent * 2 {
                    out.push(' ');
                }
                if parallel(l) {
                    out.push_str("Parallel ");
                }
                out.push_str("Loop at depth ");
                super::domtree::push_u32(out, self.depth(l));
                out.push_str(" containing: ");
                let h = self.header(l);
                for (i, &b) in self.blocks(l).iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    name(out, b);
                    if b == h {
                        out.push_str("<header>");
                    }
                    if self.is_loop_latch(ctx, l, b) {
                        out.push_str("<latch>");
                    }
                    if self.is_loop_exiting(ctx, l, b) {
                        out.push_str("<exiting>");
                    }
                }
                out.push('\n');
                for &s in self.sub_loops(l).iter().rev() {
                    stack.push((s, indent + 2));
                }
            }
        }
    }
}

/// LLVM's `findOptionMDForLoopID`: the operand of loop ID `id` (after
/// the first) that is a node whose first operand is the string `name`.
/// [`LoopInfo::loop_predecessor`] for the loop with header `header` and
/// blocks `contains` says are in it (shared with forests that grow, as
/// `loop-simplify`'s does).
pub(crate) fn loop_predecessor(
    ctx: &Context,
    header: Block,
    contains: impl Fn(Block) -> bool,
) -> Option<Block> {
    let mut out: Option<Block> = None;
    for p in ctx.predecessors(header) {
        if !contains(p) {
            if out.is_some_and(|o| o != p) {
                return None;
            }
            out = Some(p);
        }
    }
    out
}

/// [`LoopInfo::preheader`] given the loop predecessor `out`.
pub(crate) fn preheader(ctx: &Context, out: Block) -> Option<Block> {
    let t = ctx.terminator(out)?;
    if matches!(
        ctx.opcode(t),
        Opcode::CatchSwitch
            | Opcode::CatchRet
            | Opcode::CleanupRet
            | Opcode::Invoke
            | Opcode::Resume
            | Opcode::CallBr
    ) {
        return None;
    }
    (ctx.successors(out).len() == 1).then_some(out)
}

/// [`LoopInfo::loop_id`] given the loop's latches.
pub(crate) fn loop_id(ctx: &Context, latches: impl IntoIterator<Item = Block>) -> Option<Metadata> {
    let mut id = None;
    for latch in latches {
        let t = ctx.last_inst(latch)?;
        let md = ctx.md_resolved(ctx.inst_metadata(t, MdKindId::LOOP)?);
        match id {
            None => id = Some(md),
            Some(x) if x != md => return None,
            _ => {}
        }
    }
    let id = id?;
    match ctx.md_data(id) {
        MdData::Tuple { ops, .. }
            if ops.first().copied().flatten().map(|x| ctx.md_resolved(x)) == Some(id) =>
        {
            Some(id)
        }
        _ => None,
    }
}

fn find_loop_option(ctx: &Context, id: Metadata, name: &[u8]) -> Option<Metadata> {
    let MdData::Tuple { ops, .. } = ctx.md_data(id) else {
        return None;
    };
    ops.iter()
        .skip(1)
        .flatten()
        .copied()
        .find(|&op| match ctx.md_data(op) {
            MdData::Tuple { ops, .. } => matches!(
                ops.first().copied().flatten().map(|s| ctx.md_data(s)),
                Some(MdData::String(s)) if &s[..] == name
            ),
            _ => false,
        })
}

#[inline]
fn slot(n: DomNode) -> u32 {
    n.slot()
}

#[cfg(test)]
mod size_tests {
    #[test]
    fn records_are_small() {
        assert_eq!(core::mem::size_of::<super::LoopData>(), 32);
    }
}
