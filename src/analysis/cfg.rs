//! The control-flow graph as the analyses read it: successor and
//! predecessor walks on raw block indices, post-order and reverse
//! post-order.
//!
//! Owns [`PostOrder`] (a reusable traversal) and the crate-internal raw
//! walks the dominator-tree and loop builders run on. It does not own the
//! edges: they are the terminators' operands (`ir/inst.rs`
//! [`Context::successors`], [`Context::predecessors`]).
//!
//! Order is LLVM's: successors as `getSuccessor(i)`, predecessors in
//! use-list order (`pred_begin`), post-order as `po_iterator` (a depth-first
//! walk taking successors in order, a block emitted when its last successor
//! is done).
//!
//! The raw walks (`for_each_succ[_rev]`, `for_each_pred`) skip a block of
//! another function (only ill-formed IR has such edges; LLVM would follow
//! them and misbehave). `PostOrder` keeps an explicit stack of (block,
//! `SuccCursor`) and a visit mark per block number, stamped so that nothing
//! is cleared between functions. O(blocks + edges).

use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::inst::SuccCursor;
use crate::ir::{Block, Function};
use crate::value::ValueKind;
use crate::Context;

/// The raw index of the block holding the terminator that owns use `u`'s
/// user, when that user is a terminator in a block: one predecessor entry
/// (LLVM's `PredIterator` skips every other user, e.g. `blockaddress`).
#[inline]
fn pred_of_use(ctx: &Context, u: u32) -> Option<u32> {
    let ud = &ctx.graph.pool.uses[u as usize];
    if ud.const_user() {
        return None;
    }
    let d = &ctx.graph.values[ud.user() as usize];
    if d.is(ValueKind::Instruction) && Opcode::from_u8(d.opcode).is_terminator() && d.a != NONE {
        Some(d.a)
    } else {
        None
    }
}

/// Calls `f` with the raw index of each predecessor of the block at raw
/// index `b`, in use-list order (one call per edge). Blocks of another
/// function, or of none, are skipped (only ill-formed IR has such edges).
#[inline]
pub(crate) fn for_each_pred(ctx: &Context, b: u32, mut f: impl FnMut(u32)) {
    let func = ctx.graph.values[b as usize].a;
    let mut u = ctx.graph.values[b as usize].first_use;
    while u != NONE {
        if let Some(p) = pred_of_use(ctx, u) {
            if ctx.graph.values[p as usize].a == func {
                f(p);
            }
        }
        u = ctx.graph.pool.uses[u as usize].next;
    }
}

/// Calls `f` with the raw index of each successor of the block at raw
/// index `b`, in LLVM's order (`getSuccessor(0)` first); a dropped
/// destination operand is skipped, as LLVM's dominator construction drops
/// null children, and so is a block of another function or of none.
#[inline]
pub(crate) fn for_each_succ(ctx: &Context, b: u32, mut f: impl FnMut(u32)) {
    let func = ctx.graph.values[b as usize].a;
    let mut s = succ_cursor_of_block(ctx, b);
    while let Some(v) = s.next(ctx) {
        if is_block_of(ctx, v, func) {
            f(v);
        }
    }
}

/// [`for_each_succ`] from the last successor to the first.
#[inline]
pub(crate) fn for_each_succ_rev(ctx: &Context, b: u32, mut f: impl FnMut(u32)) {
    let func = ctx.graph.values[b as usize].a;
    let mut s = succ_cursor_of_block(ctx, b).reversed();
    while let Some(v) = s.next(ctx) {
        if is_block_of(ctx, v, func) {
            f(v);
        }
    }
}

/// Whether raw index `v` (a successor operand) is a block of function
/// `func` (raw index).
#[inline]
pub(crate) fn is_block_of(ctx: &Context, v: u32, func: u32) -> bool {
    v != NONE && ctx.graph.values[v as usize].a == func
}

/// The successor cursor of the block at raw index `b` (empty when its
/// last instruction is not a terminator, or it has none).
#[inline]
pub(crate) fn succ_cursor_of_block(ctx: &Context, b: u32) -> SuccCursor {
    let last = ctx.graph.values[b as usize].nops;
    if last == NONE {
        SuccCursor::EMPTY
    } else {
        ctx.succ_cursor(last)
    }
}

/// Whether the block at raw index `b` has a successor.
#[inline]
pub(crate) fn has_succ(ctx: &Context, b: u32) -> bool {
    let func = ctx.graph.values[b as usize].a;
    let mut s = succ_cursor_of_block(ctx, b);
    while let Some(v) = s.next(ctx) {
        if is_block_of(ctx, v, func) {
            return true;
        }
    }
    false
}

/// A reusable depth-first traversal of a function's CFG from its entry
/// block: post-order and reverse post-order as LLVM's `po_iterator` /
/// `ReversePostOrderTraversal` give them (successors in order, each
/// reachable block once). Keeps its buffers between functions.
#[derive(Default)]
pub struct PostOrder {
    /// The blocks in post-order.
    order: Vec<Block>,
    /// Visit marks by block number, `epoch`-stamped so no reset is needed.
    mark: Vec<u32>,
    stamp: u32,
    /// Work stack: (raw block index, its successors not yet tried).
    stack: Vec<(u32, SuccCursor)>,
}

impl PostOrder {
    /// An empty traversal.
    pub fn new() -> Self {
        Self::default()
    }

    /// Walks `f` from its entry block; afterwards [`blocks`](Self::blocks)
    /// holds the reachable blocks in post-order. O(blocks + edges).
    pub fn compute(&mut self, ctx: &Context, f: Function) {
        self.order.clear();
        let Some(entry) = ctx.entry_block(f) else {
            return;
        };
        let n = ctx.max_block_number(f) as usize;
        if self.mark.len() < n {
            self.mark.resize(n, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let func = f.0.idx;
        self.visit(ctx, entry.0.idx, stamp);
        while let Some(top) = self.stack.last_mut() {
            let b = top.0;
            let mut next = None;
            while let Some(v) = top.1.next(ctx) {
                if is_block_of(ctx, v, func) && self.mark[ctx.raw_block_number(v) as usize] != stamp
                {
                    next = Some(v);
                    break;
                }
            }
            match next {
                Some(v) => self.visit(ctx, v, stamp),
                None => {
                    self.stack.pop();
                    self.order.push(Block(ctx.graph.handle(b)));
                }
            }
        }
    }

    fn visit(&mut self, ctx: &Context, b: u32, stamp: u32) {
        self.mark[ctx.raw_block_number(b) as usize] = stamp;
        self.stack.push((b, succ_cursor_of_block(ctx, b)));
    }

    /// The blocks of the last [`compute`](Self::compute), in post-order.
    pub fn blocks(&self) -> &[Block] {
        &self.order
    }

    /// The blocks in reverse post-order.
    pub fn reverse(&self) -> impl DoubleEndedIterator<Item = Block> + ExactSizeIterator + '_ {
        self.order.iter().rev().copied()
    }
}

/// # Control-flow graph
///
/// Post-order and reverse post-order of a function's blocks (LLVM's
/// `post_order(&F)` and `ReversePostOrderTraversal`).
impl Context {
    /// The blocks of `f` reachable from its entry, in post-order.
    /// Allocates the result; [`PostOrder`] reuses its buffers.
    pub fn post_order(&self, f: Function) -> Vec<Block> {
        let mut p = PostOrder::new();
        p.compute(self, f);
        p.order
    }

    /// The blocks of `f` reachable from its entry, in reverse post-order.
    pub fn reverse_post_order(&self, f: Function) -> Vec<Block> {
        let mut v = self.post_order(f);
        v.reverse();
        v
    }
}
