//! Dominance: every use of an instruction is dominated by its definition
//! (`verifyDominatesUse`), and only PHIs refer to their own value in
//! reachable code. The tree is `analysis/`'s [`DomTree`], rebuilt for each
//! function before its body is visited, as LLVM recalculates its
//! `DominatorTree` at the start of `verify(const Function &)`.

use super::report::check;
use super::Verifier;
use crate::analysis::DomTree;
use crate::inst::Opcode;
use crate::ir::{Block, Function, Inst};
use crate::value::{Use, ValueData};

impl Verifier<'_> {
    /// Rebuilds the dominator tree for `f`, a function with a body whose
    /// blocks all end in a terminator. A terminator naming a block of
    /// another function (`foreign`; the API can make one, and LLVM's tree
    /// would walk into that function) leaves the tree empty and the
    /// dominance rules off for `f`: the visit reports the foreign block.
    pub(crate) fn build_dom_tree(&mut self, f: Function, foreign: bool) {
        self.dom_ok = !foreign;
        if self.dom_ok {
            self.dt.recalculate(self.ctx, f);
        } else {
            self.dt = DomTree::empty();
        }
    }

    /// LLVM's check at the start of `visitInstruction`: a non-PHI among its
    /// own operands (`own`, found by the operand walk of `visit_inst`) is
    /// allowed only in a block unreachable from the entry. False if the
    /// rule failed (LLVM returns from `visitInstruction`).
    pub(crate) fn verify_self_reference(&mut self, i: Inst, bb: Block, own: bool) -> bool {
        let ctx = self.ctx;
        if own
            && self.dom_ok
            && ctx.opcode(i) != Opcode::Phi
            && self.dt.is_reachable_from_entry(ctx, bb)
        {
            self.fail(
                false,
                "Only PHI nodes may reference their own value!",
                vec![i.into()],
            );
            return false;
        }
        true
    }

    /// LLVM's `verifyDominatesUse`: operand `k` of `i` is instruction `op`,
    /// which must dominate the use. The caller has taken the quick exits
    /// (`dominance_settled`).
    #[cold]
    pub(crate) fn verify_dominates_use(&mut self, i: Inst, k: u32, op: Inst) {
        let ctx = self.ctx;
        if ctx.opcode(op) == Opcode::Invoke {
            let n = ctx.num_operands(op.0);
            if n >= 3 && ctx.operand(op.0, n - 3) == ctx.operand(op.0, n - 2) {
                return;
            }
        }
        let u = Use {
            user: i.0,
            operand_no: k,
        };
        check!(
            self,
            self.dt.dominates_use(ctx, op.0, u),
            "Instruction does not dominate all uses!",
            op,
            i
        );
    }

    /// The quick exits of `verifyDominatesUse` for a use in non-PHI `i` of
    /// the instruction whose record is `def` (raw index `idx`): no tree
    /// (the rules are off), already seen in this block (LLVM's
    /// `InstsInThisBlock`), or defined in the entry block by other than an
    /// `invoke` and used in another block (the entry dominates every
    /// reachable block, and an unreachable use is dominated).
    #[inline]
    pub(crate) fn dominance_settled(&self, idx: u32, def: &ValueData, use_bb: u32) -> bool {
        !self.dom_ok
            || self.seen.get(idx as usize) == Some(&self.block_serial)
            || (def.a == self.entry_idx && def.a != use_bb && def.opcode != Opcode::Invoke as u8)
    }
}
