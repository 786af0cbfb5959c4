//! Dominance: every use of an instruction is dominated by its definition
//! (`verifyDominatesUse`), and only PHIs refer to their own value in
//! reachable code. The tree is `analysis/`'s [`DomTree`], built for a
//! function on its first question (LLVM recalculates its `DominatorTree`
//! at the start of `verify(const Function &)`; the verifier changes
//! nothing, so the tree is the same), and most functions never ask.

use super::report::check;
use super::Verifier;
use crate::analysis::DomTree;
use crate::inst::Opcode;
use crate::ir::{Block, Inst};
use crate::value::{Use, Value, ValueData};

impl Verifier<'_> {
    /// Turns the dominance rules on for `f`, a function with a body whose
    /// blocks all end in a terminator, unless a terminator names a block
    /// of another function (`foreign`; the API can make one, and LLVM's
    /// tree would walk into that function): the rules are then off for
    /// `f` and the visit reports the foreign block. The tree itself is
    /// built on the first question ([`Verifier::dom_tree`]).
    pub(crate) fn start_dominance(&mut self, foreign: bool) {
        self.dom_ok = !foreign;
        self.dt_built = false;
    }

    /// The current function's dominator tree (LLVM's `DT`), built on the
    /// first question of the function. LLVM recalculates it before the
    /// body is visited; the verifier only reads the function, so building
    /// it when first asked gives the same tree, and a function whose uses
    /// all settle early (`dominance_settled`) never builds one.
    fn dom_tree(&mut self) -> &DomTree {
        if !self.dt_built {
            let f = self.func.expect("dominance is asked inside a function");
            self.dt.recalculate(self.ctx, f);
            self.dt_built = true;
        }
        &self.dt
    }

    /// LLVM's check at the start of `visitInstruction`: a non-PHI among its
    /// own operands (`own`, found by the operand walk of `visit_inst`) is
    /// allowed only in a block unreachable from the entry; `op` is `i`'s
    /// opcode and `bb` its block. False if the rule failed (LLVM returns
    /// from `visitInstruction`).
    pub(crate) fn verify_self_reference(
        &mut self,
        i: Inst,
        op: Opcode,
        bb: Block,
        own: bool,
    ) -> bool {
        let ctx = self.ctx;
        if own
            && self.dom_ok
            && op != Opcode::Phi
            && self.dom_tree().is_reachable_from_entry(ctx, bb)
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
        let dominated = self.dom_tree().dominates_use(ctx, op.0, u);
        check!(
            self,
            dominated,
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

    /// The quick exits of `verifyDominatesUse` for a use in a PHI whose
    /// incoming block for the operand is `incoming`, of the instruction
    /// whose record is `def`: no tree, or a definition other than an
    /// `invoke` in the incoming block itself or in the entry block (LLVM's
    /// `dominates(Def, Use)` asks whether the definition dominates the
    /// end of the incoming block: it does from that block, and from the
    /// entry for a reachable incoming block; an unreachable one is
    /// dominated).
    #[inline]
    pub(crate) fn phi_dominance_settled(&self, def: &ValueData, incoming: Option<Value>) -> bool {
        if !self.dom_ok {
            return true;
        }
        if def.opcode == Opcode::Invoke as u8 {
            return false;
        }
        // Without an incoming block (a malformed PHI) the tree answers.
        incoming.is_some_and(|b| {
            def.a == self.entry_idx || (b.idx == def.a && self.ctx.graph.handle(def.a) == b)
        })
    }
}
