//! Dominance between definitions and uses: LLVM 19's `DominatorTree`
//! methods of `Dominators.cpp` (and `PostDominatorTree::dominates` on
//! instructions), on top of the block-level tree.
//!
//! Owns [`BlockEdge`] and the instruction-level queries. The rules are
//! LLVM's: a PHI uses its operand at the end of the incoming block; an
//! `invoke` defines its result on the edge to its normal destination; a
//! use in an unreachable block is dominated by everything, and a
//! definition in an unreachable block dominates nothing; arguments and
//! constants dominate everything; in one block, program order
//! ([`Context::comes_before`]) decides.

use super::{Backward, DomTreeBase, Forward};
use crate::inst::Opcode;
use crate::ir::{Block, Inst};
use crate::value::{Use, Value};
use crate::Context;

/// A CFG edge (LLVM's `BasicBlockEdge`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct BlockEdge {
    /// The block the edge leaves.
    pub start: Block,
    /// The block the edge enters.
    pub end: Block,
}

impl BlockEdge {
    /// The edge `start -> end`.
    pub fn new(start: Block, end: Block) -> Self {
        BlockEdge { start, end }
    }

    /// Whether `start` reaches `end` through one edge only (LLVM's
    /// `isSingleEdge`).
    pub fn is_single_edge(&self, ctx: &Context) -> bool {
        ctx.successors(self.start)
            .filter(|&s| s == self.end)
            .count()
            == 1
    }
}

/// The block a use happens in: a PHI's incoming block, else the user's
/// block. `None` when the user is not an instruction in a block.
fn use_block(ctx: &Context, u: Use) -> Option<Block> {
    let user = ctx.as_inst(u.user)?;
    if ctx.opcode(user) == Opcode::Phi {
        let b = *ctx.phi_blocks(user).get(u.operand_no as usize)?;
        return ctx.as_block(b);
    }
    ctx.inst_parent(user)
}

/// The single predecessor of `b` (exactly one predecessor entry).
fn single_predecessor(ctx: &Context, b: Block) -> Option<Block> {
    let mut p = ctx.predecessors(b);
    let first = p.next()?;
    p.next().is_none().then_some(first)
}

/// # Dominance of uses
impl DomTreeBase<Forward> {
    /// Whether block `bb` dominates the use `u` (LLVM's
    /// `dominates(const BasicBlock *, const Use &)`): for a PHI, whether it
    /// dominates the incoming block; else whether it properly dominates
    /// the user's block.
    pub fn block_dominates_use(&self, ctx: &Context, bb: Block, u: Use) -> bool {
        let user = Inst(u.user);
        if ctx.opcode(user) == Opcode::Phi {
            match use_block(ctx, u) {
                Some(ib) => self.dominates(ctx, bb, ib),
                None => false,
            }
        } else {
            match ctx.inst_parent(user) {
                Some(ub) => self.properly_dominates(ctx, bb, ub),
                None => false,
            }
        }
    }

    /// Whether `def` dominates a use in `user` (LLVM's
    /// `dominates(const Value *, const Instruction *)`): an instruction
    /// does not dominate a use in itself; an `invoke` or `callbr` result,
    /// and any definition used by a PHI, must dominate the whole user
    /// block.
    pub fn dominates_inst(&self, ctx: &Context, def: Value, user: Inst) -> bool {
        let Some(d) = ctx.as_inst(def) else {
            return true; // arguments and constants dominate everything
        };
        let (Some(use_bb), Some(def_bb)) = (ctx.inst_parent(user), ctx.inst_parent(d)) else {
            return false;
        };
        if !self.is_reachable_from_entry(ctx, use_bb) {
            return true;
        }
        if !self.is_reachable_from_entry(ctx, def_bb) {
            return false;
        }
        if d == user {
            return false;
        }
        if matches!(ctx.opcode(d), Opcode::Invoke | Opcode::CallBr)
            || ctx.opcode(user) == Opcode::Phi
        {
            return self.dominates_block_uses(ctx, d, use_bb);
        }
        if def_bb != use_bb {
            return self.dominates(ctx, def_bb, use_bb);
        }
        ctx.comes_before(d, user)
    }

    /// Whether `def` would dominate a use in any instruction of `use_bb`
    /// (LLVM's `dominates(const Instruction *, const BasicBlock *)`); false
    /// for `def`'s own block.
    pub fn dominates_block_uses(&self, ctx: &Context, def: Inst, use_bb: Block) -> bool {
        let Some(def_bb) = ctx.inst_parent(def) else {
            return false;
        };
        if !self.is_reachable_from_entry(ctx, use_bb) {
            return true;
        }
        if !self.is_reachable_from_entry(ctx, def_bb) {
            return false;
        }
        if def_bb == use_bb {
            return false;
        }
        if ctx.opcode(def) == Opcode::Invoke {
            let normal = ctx.successor(def_bb, 0);
            return self.edge_dominates(ctx, BlockEdge::new(def_bb, normal), use_bb);
        }
        self.dominates(ctx, def_bb, use_bb)
    }

    /// Whether the edge dominates `use_bb`: every path from the entry to
    /// `use_bb` takes the edge (LLVM's `dominates(const BasicBlockEdge &,
    /// const BasicBlock *)`).
    pub fn edge_dominates(&self, ctx: &Context, e: BlockEdge, use_bb: Block) -> bool {
        if !self.dominates(ctx, e.end, use_bb) {
            return false;
        }
        if single_predecessor(ctx, e.end).is_some() {
            return true;
        }
        let mut duplicate = 0;
        for p in ctx.predecessors(e.end) {
            if p == e.start {
                if duplicate > 0 {
                    return false;
                }
                duplicate += 1;
                continue;
            }
            if !self.dominates(ctx, e.end, p) {
                return false;
            }
        }
        true
    }

    /// Whether the edge dominates the use `u` (LLVM's
    /// `dominates(const BasicBlockEdge &, const Use &)`): a PHI in the
    /// edge's end using the value on this edge is dominated by it.
    pub fn edge_dominates_use(&self, ctx: &Context, e: BlockEdge, u: Use) -> bool {
        let user = Inst(u.user);
        let is_phi = ctx.opcode(user) == Opcode::Phi;
        if is_phi && ctx.inst_parent(user) == Some(e.end) && use_block(ctx, u) == Some(e.start) {
            return true;
        }
        match use_block(ctx, u) {
            Some(ub) => self.edge_dominates(ctx, e, ub),
            None => false,
        }
    }

    /// Whether edge `a` dominates edge `b`: they are the same edge, or `a`
    /// dominates `b`'s start.
    pub fn edge_dominates_edge(&self, ctx: &Context, a: BlockEdge, b: BlockEdge) -> bool {
        a == b || self.edge_dominates(ctx, a, b.start)
    }

    /// Whether `def` dominates the use `u` (LLVM's
    /// `dominates(const Value *, const Use &)`): the use happens in the
    /// PHI's incoming block for a PHI; an `invoke` result is defined on
    /// the edge to its normal destination.
    pub fn dominates_use(&self, ctx: &Context, def: Value, u: Use) -> bool {
        let Some(d) = ctx.as_inst(def) else {
            return true;
        };
        let user = Inst(u.user);
        let (Some(def_bb), Some(use_bb)) = (ctx.inst_parent(d), use_block(ctx, u)) else {
            return false;
        };
        if !self.is_reachable_from_entry(ctx, use_bb) {
            return true;
        }
        if !self.is_reachable_from_entry(ctx, def_bb) {
            return false;
        }
        if ctx.opcode(d) == Opcode::Invoke {
            let normal = ctx.successor(def_bb, 0);
            return self.edge_dominates_use(ctx, BlockEdge::new(def_bb, normal), u);
        }
        if def_bb != use_bb {
            return self.dominates(ctx, def_bb, use_bb);
        }
        if ctx.opcode(user) == Opcode::Phi {
            return true;
        }
        ctx.comes_before(d, user)
    }

    /// Whether the use `u` happens in a block reachable from the entry
    /// (LLVM's `isReachableFromEntry(const Use &)`): a PHI's use on its
    /// incoming edge; a use by a non-instruction counts as reachable.
    pub fn is_use_reachable(&self, ctx: &Context, u: Use) -> bool {
        if ctx.as_inst(u.user).is_none() {
            return true;
        }
        match use_block(ctx, u) {
            Some(b) => self.is_reachable_from_entry(ctx, b),
            None => false,
        }
    }

    /// The nearest instruction dominating both `a` and `b` (LLVM's
    /// `findNearestCommonDominator(Instruction *, Instruction *)`): the
    /// earlier one in one block; one in an unreachable block yields the
    /// other; else the one in the common dominator block, or its
    /// terminator.
    pub fn nearest_common_dominator_inst(&self, ctx: &Context, a: Inst, b: Inst) -> Option<Inst> {
        let (ba, bb) = (ctx.inst_parent(a)?, ctx.inst_parent(b)?);
        if ba == bb {
            return Some(if ctx.comes_before(a, b) { a } else { b });
        }
        if !self.is_reachable_from_entry(ctx, bb) {
            return Some(a);
        }
        if !self.is_reachable_from_entry(ctx, ba) {
            return Some(b);
        }
        let d = self.nearest_common_dominator(ctx, ba, bb)?;
        if d == ba {
            return Some(a);
        }
        if d == bb {
            return Some(b);
        }
        ctx.terminator(d)
    }
}

impl DomTreeBase<Backward> {
    /// Whether instruction `a` post-dominates instruction `b` (LLVM's
    /// `PostDominatorTree::dominates(const Instruction *, const
    /// Instruction *)`): in different blocks, whether `a`'s block
    /// post-dominates `b`'s; two PHIs of one block do not; otherwise
    /// whether `b` does not come after `a`.
    pub fn dominates_inst(&self, ctx: &Context, a: Inst, b: Inst) -> bool {
        let (Some(ba), Some(bb)) = (ctx.inst_parent(a), ctx.inst_parent(b)) else {
            return false;
        };
        if ba != bb {
            return self.dominates(ctx, ba, bb);
        }
        if ctx.opcode(a) == Opcode::Phi && ctx.opcode(b) == Opcode::Phi {
            return false;
        }
        a == b || ctx.comes_before(b, a)
    }
}
