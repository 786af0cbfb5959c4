//! Block-level CFG utilities: LLVM 19's `BasicBlock::removePredecessor`,
//! `PHINode::hasConstantValue`, `Instruction::setSuccessor`,
//! `isCriticalEdge`, `SplitCriticalEdge` and `SplitAllCriticalEdges`
//! (`BreakCriticalEdges.cpp`, `CFG.cpp`), `changeToUnreachable`,
//! `DeleteDeadBlock`, `MergeBlockIntoPredecessor` and `SplitEdge`
//! (`Local.cpp`, `BasicBlockUtils.cpp`).
//!
//! Debug records follow LLVM 19's splices: merging a block into its
//! predecessor keeps the text order (the predecessor's branch's records,
//! then the block's instructions with theirs, then the records before the
//! block's terminator, now before the surviving terminator).
//!
//! Owns the edge and PHI surgery the passes share. New blocks get LLVM's
//! names (`<from>.<to>_crit_edge`, made unique by the function's symbol
//! table), go where LLVM puts them, and PHI entries are renamed or removed
//! exactly where LLVM's would be, so `opt -S` output matches.

use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Function, Inst};
use crate::value::{Value, ValueKind};
use crate::Context;

/// # Edges and PHIs
///
/// LLVM's block-level utilities: removing a predecessor, retargeting a
/// successor, splitting critical edges.
impl Context {
    /// The value every incoming entry of `phi` carries, ignoring entries
    /// that are the PHI itself; `poison` when all are (LLVM's
    /// `PHINode::hasConstantValue`). `None` when two entries differ.
    pub fn phi_has_constant_value(&mut self, phi: Inst) -> Option<Value> {
        let n = self.num_operands(phi.0);
        let mut c = self.operand(phi.0, 0)?;
        for k in 1..n {
            let v = self.operand(phi.0, k)?;
            if v != c && v != phi.0 {
                if c != phi.0 {
                    return None;
                }
                c = v;
            }
        }
        if c == phi.0 {
            let ty = self.type_of(phi.0);
            return Some(self.const_poison(ty));
        }
        Some(c)
    }

    /// The index of the first incoming entry of `phi` from `b` (LLVM's
    /// `getBasicBlockIndex`).
    pub fn phi_block_index(&self, phi: Inst, b: Block) -> Option<u32> {
        self.phi_blocks(phi)
            .iter()
            .position(|&x| x == b.0)
            .map(|k| k as u32)
    }

    /// Removes `phi`'s first entry from `b` (LLVM's
    /// `removeIncomingValue(BB, DeletePHIIfEmpty)`); a PHI left with no
    /// entries is replaced by `poison` and erased when `delete_if_empty`.
    /// Returns the removed value.
    ///
    /// # Panics
    /// If `phi` has no entry from `b`.
    pub fn phi_remove_incoming_block(
        &mut self,
        phi: Inst,
        b: Block,
        delete_if_empty: bool,
    ) -> Option<Value> {
        let k = self.phi_block_index(phi, b).unwrap_or_else(|| {
            panic!(
                "phi_remove_incoming_block: {:?} has no entry from {:?}",
                phi.0, b.0
            )
        });
        let removed = self.phi_remove_incoming(phi, k);
        if delete_if_empty && self.num_operands(phi.0) == 0 {
            let ty = self.type_of(phi.0);
            let p = self.const_poison(ty);
            self.replace_all_uses_with(phi.0, p);
            self.erase_inst(phi);
        }
        removed
    }

    /// Tells `b` that `pred` no longer branches to it: each PHI loses its
    /// first entry from `pred`, and unless `keep_one_input_phis` a PHI
    /// that then merges one value is replaced by it (LLVM's
    /// `BasicBlock::removePredecessor`).
    pub fn remove_predecessor(&mut self, b: Block, pred: Block, keep_one_input_phis: bool) {
        let Some(first) = self.first_inst(b) else {
            return;
        };
        if self.opcode(first) != Opcode::Phi {
            return;
        }
        let num_preds = self.num_operands(first.0);
        let phis: Vec<Inst> = self.phis(b).collect();
        for phi in phis {
            self.phi_remove_incoming_block(phi, pred, !keep_one_input_phis);
            if keep_one_input_phis || num_preds == 1 {
                continue;
            }
            if let Some(c) = self.phi_has_constant_value(phi) {
                self.replace_all_uses_with(phi.0, c);
                self.erase_inst(phi);
            }
        }
    }

    /// The operand index of successor `k` of terminator `t`.
    fn successor_operand(&self, t: Inst, k: u32) -> u32 {
        let n = self.num_operands(t.0);
        let idx = match self.opcode(t) {
            Opcode::Br if n == 3 => 2 - k,
            Opcode::Br => k,
            Opcode::Switch => 1 + 2 * k,
            Opcode::IndirectBr | Opcode::CatchSwitch | Opcode::CleanupRet | Opcode::CatchRet => {
                1 + k
            }
            Opcode::Invoke => n - 3 + k,
            Opcode::CallBr => {
                let ind = match self.payload(t) {
                    InstPayload::Call(cd) => cd.num_indirect,
                    _ => 0,
                };
                n - 2 - ind + k
            }
            op => panic!("set_successor: {op:?} {:?} has no successors", t.0),
        };
        assert!(
            idx < n,
            "set_successor: successor {k} out of range for {:?}",
            t.0
        );
        idx
    }

    /// Makes successor `k` of terminator `t` be `b` (LLVM's
    /// `setSuccessor`).
    pub fn set_successor(&mut self, t: Inst, k: u32, b: Block) {
        let idx = self.successor_operand(t, k);
        self.set_operand(t.0, idx, Some(b.0));
    }

    /// Whether the edge from `t`'s block to its successor `k` is critical:
    /// `t` has several successors and the destination several
    /// predecessors (LLVM's `isCriticalEdge` without identical-edge
    /// merging).
    pub fn is_critical_edge(&self, t: Inst, k: u32) -> bool {
        let succs = self.inst_successors(t);
        if succs.len() == 1 {
            return false;
        }
        let dest = succs.clone().nth(k as usize).expect("successor in range");
        self.predecessors(dest).nth(1).is_some()
    }

    /// Whether `b` starts (after its PHIs) with an EH pad (LLVM's
    /// `BasicBlock::isEHPad`).
    pub fn is_eh_pad_block(&self, b: Block) -> bool {
        self.insts(b)
            .find(|&i| self.opcode(i) != Opcode::Phi)
            .is_some_and(|i| self.is_eh_pad(i))
    }

    /// Splits the edge from `t`'s block to its successor `k` if it is
    /// critical (LLVM's `SplitCriticalEdge` with default options and no
    /// analyses to update): a block `<from>.<to>_crit_edge` right after
    /// the source, holding `br label %<to>` with `t`'s location, takes the
    /// edge, and the destination's PHIs take it as the incoming block.
    /// Returns the new block; `None` when the edge is not critical or goes
    /// to an EH pad.
    pub fn split_critical_edge(&mut self, t: Inst, k: u32) -> Option<Block> {
        if !self.is_critical_edge(t, k) {
            return None;
        }
        self.split_known_critical_edge(t, k, "")
    }

    /// [`split_critical_edge`](Self::split_critical_edge) for an edge known
    /// to be critical; `name` names the new block when not empty.
    pub fn split_known_critical_edge(&mut self, t: Inst, k: u32, name: &str) -> Option<Block> {
        assert!(
            self.opcode(t) != Opcode::IndirectBr,
            "split_known_critical_edge: cannot split an edge from indirectbr {:?}",
            t.0
        );
        let from = self.inst_parent(t).expect("terminator in a block");
        let dest = self
            .inst_successors(t)
            .nth(k as usize)
            .expect("successor in range");
        if self.is_eh_pad_block(dest) {
            return None;
        }
        let f = self.block_parent(from).expect("block in a function");
        let nb_name = if name.is_empty() {
            let mut n = self.suffixed_name(from.0, ".");
            n.extend_from_slice(&self.suffixed_name(dest.0, "_crit_edge"));
            n
        } else {
            name.as_bytes().to_vec()
        };
        let nb = self.create_block(&nb_name);
        let void = self.void_type();
        let br = self.create_inst(Opcode::Br, void, &[dest.0], InstPayload::None);
        let dl = self.extra(t).and_then(|e| e.dbg);
        if dl.is_some() {
            self.extra_mut(br).dbg = dl;
        }
        self.append_inst(nb, br);
        let after = self.next_block(from);
        self.insert_block(f, nb, after);
        self.set_successor(t, k, nb);
        let phis: Vec<Inst> = self.phis(dest).collect();
        let mut idx = 0u32;
        for phi in phis {
            if self.phi_blocks(phi).get(idx as usize) != Some(&from.0) {
                idx = self
                    .phi_block_index(phi, from)
                    .expect("a PHI entry for the split edge");
            }
            if let InstPayload::Phi { blocks, .. } = &mut self.extra_mut(phi).payload {
                blocks[idx as usize] = nb.0;
            }
        }
        Some(nb)
    }

    /// Splits every critical edge of `f` whose source does not end in
    /// `indirectbr` (`callbr` edges are split too, as LLVM 19 does; LLVM's
    /// `SplitAllCriticalEdges` with no analyses to update). Returns how many blocks were inserted.
    pub fn split_all_critical_edges(&mut self, f: Function) -> u32 {
        self.split_critical_edges_with(f, |ctx, t, k| ctx.split_critical_edge(t, k).is_some())
    }

    /// The walk of LLVM's `SplitAllCriticalEdges`: each successor `k` of
    /// each terminator `t` with more than one successor, other than
    /// `indirectbr`, in layout order (blocks inserted on the way are
    /// visited too), is offered to `split(ctx, t, k)`, which says whether
    /// it split the edge. Returns how many it split.
    pub(crate) fn split_critical_edges_with(
        &mut self,
        f: Function,
        mut split: impl FnMut(&mut Self, Inst, u32) -> bool,
    ) -> u32 {
        let mut n = 0;
        let mut cur = self.entry_block(f);
        while let Some(b) = cur {
            if let Some(t) = self.terminator(b) {
                let ns = self.inst_successors(t).len() as u32;
                if ns > 1 && self.opcode(t) != Opcode::IndirectBr {
                    for k in 0..ns {
                        n += u32::from(split(self, t, k));
                    }
                }
            }
            cur = self.next_block(b);
        }
        n
    }

    /// Replaces `i` and everything after it in its block with
    /// `unreachable` carrying `i`'s `!dbg`; the block's successors first
    /// lose their PHI entries for it (LLVM's `changeToUnreachable` without
    /// analyses to update). Erased values still in use are replaced by
    /// `poison`. Returns how many instructions were erased.
    pub fn change_to_unreachable(&mut self, i: Inst, keep_one_input_phis: bool) -> u32 {
        let b = self
            .inst_parent(i)
            .unwrap_or_else(|| panic!("change_to_unreachable: {:?} is not in a block", i.0));
        let succs: Vec<Block> = self.successors(b).collect();
        for s in succs {
            self.remove_predecessor(s, b, keep_one_input_phis);
        }
        let dl = self.extra(i).and_then(|e| e.dbg);
        // The new terminator takes `i`'s debug records, as LLVM's
        // insertion before `i` does; `i` and what follows go, last first.
        let records = self.take_dbg_records(i);
        let mut n = 0;
        while let Some(x) = self.last_inst(b) {
            self.erase_with_poison(x);
            n += 1;
            if x == i {
                break;
            }
        }
        let void = self.void_type();
        let ui = self.create_inst(Opcode::Unreachable, void, &[], InstPayload::None);
        self.append_inst(b, ui);
        if dl.is_some() {
            self.extra_mut(ui).dbg = dl;
        }
        if !records.is_empty() {
            self.set_dbg_records(ui, records);
        }
        n
    }

    /// Erases `x`, first replacing its uses by `poison` and dropping its
    /// operands.
    fn erase_with_poison(&mut self, x: Inst) {
        if !self.use_empty(x.0) {
            let ty = self.type_of(x.0);
            let p = self.const_poison(ty);
            self.replace_all_uses_with(x.0, p);
        }
        self.erase_inst(x);
    }

    /// Deletes block `b`, which no path from the entry reaches: its
    /// successors lose their PHI entries for it, its instructions go last
    /// first (uses replaced by `poison`) and the block is erased (LLVM's
    /// `DeleteDeadBlock` without analyses to update).
    ///
    /// # Panics
    /// If `b` still has predecessors other than itself, or a
    /// `blockaddress` names it.
    pub fn delete_dead_block(&mut self, b: Block, keep_one_input_phis: bool) {
        assert!(
            self.predecessors(b).all(|p| p == b),
            "delete_dead_block: block {:?} still has predecessors",
            b.0
        );
        let succs: Vec<Block> = self.successors(b).collect();
        for s in succs {
            self.remove_predecessor(s, b, keep_one_input_phis);
        }
        while let Some(x) = self.last_inst(b) {
            self.erase_with_poison(x);
        }
        self.erase_block(b);
    }

    /// The block after `b` in its function, if any. O(1).
    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.block_parent(b)?;
        let next = self.graph.get(b.0).c;
        (next != crate::entity::NONE).then(|| Block(self.graph.handle(next)))
    }

    /// Folds `b` into its unique predecessor (LLVM's
    /// `MergeBlockIntoPredecessor` without analyses to update). Refused
    /// (`false`, nothing changed) when `b` has its address taken, has no
    /// unique predecessor or is its own, the predecessor's terminator is an
    /// exceptional one or has side effects, the predecessor has another
    /// successor (unless `predecessor_with_two_successors`, where the
    /// predecessor must end in `br` and `b` in an unconditional `br`, and
    /// the predecessor's branch is retargeted to `b`'s successor), a PHI
    /// of `b` names itself, or both blocks hold a loop or entry
    /// convergence token. Otherwise `b`'s single-entry PHIs are replaced
    /// by their value, its instructions move before the predecessor's
    /// terminator, PHIs of `b`'s successors name the predecessor, an
    /// unnamed predecessor takes `b`'s name, and `b` is erased.
    /// O(instructions of `b` + uses of its PHIs + successor PHIs).
    pub fn merge_block_into_predecessor(
        &mut self,
        b: Block,
        predecessor_with_two_successors: bool,
    ) -> bool {
        if self
            .users(b.0)
            .any(|u| self.value_kind(u) == ValueKind::Constant)
        {
            return false;
        }
        let Some(pred) = self.predecessors(b).next() else {
            return false;
        };
        if self.predecessors(b).any(|p| p != pred) || pred == b {
            return false;
        }
        let Some(pti) = self.terminator(pred) else {
            return false;
        };
        if matches!(
            self.opcode(pti),
            Opcode::Invoke
                | Opcode::CallBr
                | Opcode::CatchSwitch
                | Opcode::CatchRet
                | Opcode::CleanupRet
                | Opcode::Resume
        ) || self.may_have_side_effects(pti)
        {
            return false;
        }
        let Some(sti) = self.terminator(b) else {
            return false;
        };
        let mut redirect = None;
        if predecessor_with_two_successors {
            if self.opcode(pti) != Opcode::Br
                || self.opcode(sti) != Opcode::Br
                || self.num_operands(sti.0) != 1
            {
                return false;
            }
            let new_succ = self.successor(b, 0);
            let fall_thru = u32::from(self.inst_successors(pti).next() != Some(b));
            redirect = Some((fall_thru, new_succ));
        } else {
            let mut succs = self.inst_successors(pti);
            if succs.any(|s| s != b) {
                return false;
            }
        }
        let phis: Vec<Inst> = self.phis(b).collect();
        if phis
            .iter()
            .any(|&p| self.operands(p.0).any(|o| o == Some(p.0)))
        {
            return false;
        }
        if self.has_convergence_token(b) && self.has_convergence_token(pred) {
            return false;
        }
        for p in phis {
            let v = match self.operand(p.0, 0) {
                Some(v) if v != p.0 => v,
                _ => {
                    let ty = self.type_of(p.0);
                    self.const_poison(ty)
                }
            };
            self.replace_all_uses_with(p.0, v);
            self.erase_inst(p);
        }
        // The records keep their order in the text: the predecessor's
        // branch's go before the first moved instruction (or, with none
        // moved, before the records of `b`'s terminator), and those end up
        // before the surviving terminator.
        let mut head = self.take_dbg_records(pti);
        let tail = self.take_dbg_records(sti);
        let moved: Vec<Inst> = self.insts(b).filter(|&i| i != sti).collect();
        for (k, &i) in moved.iter().enumerate() {
            self.unlink_inst(i);
            self.insert_inst_before_records(pti, i);
            if k == 0 && !head.is_empty() {
                self.prepend_dbg_records(i, core::mem::take(&mut head));
            }
        }
        head.extend(tail);
        self.replace_all_uses_with(b.0, pred.0);
        let term = match redirect {
            Some((k, new_succ)) => {
                self.erase_inst(sti);
                self.set_successor(pti, k, new_succ);
                pti
            }
            None => {
                self.erase_inst(pti);
                self.unlink_inst(sti);
                self.append_inst(pred, sti);
                sti
            }
        };
        if !head.is_empty() {
            self.prepend_dbg_records(term, head);
        }
        if !self.has_name(pred.0) {
            if let Some(n) = self.name_bytes(b.0).map(<[u8]>::to_vec) {
                self.set_name(b.0, "");
                self.set_name_bytes(pred.0, &n);
            }
        }
        self.erase_block(b);
        true
    }

    /// Whether `b` holds a call to `llvm.experimental.convergence.entry`
    /// or `.loop` (LLVM's `HasLoopOrEntryConvergenceToken`).
    fn has_convergence_token(&self, b: Block) -> bool {
        self.insts(b).any(|i| {
            matches!(self.opcode(i), Opcode::Call)
                && self.called_function(i).is_some_and(|f| {
                    matches!(
                        self.name_of(f.0),
                        Some(
                            "llvm.experimental.convergence.entry"
                                | "llvm.experimental.convergence.loop"
                        )
                    )
                })
        })
    }

    /// Splits the edge from `from` to its successor `to` (the first such
    /// edge; LLVM's `SplitEdge` without analyses to update) and returns
    /// the block now on it. A critical edge gets a
    /// [`split_known_critical_edge`](Self::split_known_critical_edge)
    /// block (`None` when `to` is an EH pad); when `to` has `from` as
    /// its only predecessor, `to`'s PHIs move to a new block `<to>.split`
    /// (or `name`) before it that branches to `to`, carrying the records
    /// and location of `to`'s first non-PHI instruction; otherwise `from`
    /// has the one successor and is split before its terminator
    /// (`<from>.split`, or `name`).
    ///
    /// # Panics
    /// If `to` is not a successor of `from`.
    pub fn split_edge(&mut self, from: Block, to: Block, name: &str) -> Option<Block> {
        let t = self
            .terminator(from)
            .expect("split_edge: a terminated block");
        let k = self
            .inst_successors(t)
            .position(|s| s == to)
            .unwrap_or_else(|| panic!("split_edge: {:?} is not a successor of {:?}", to.0, from.0))
            as u32;
        if self.is_critical_edge(t, k) {
            return self.split_known_critical_edge(t, k, name);
        }
        let single = {
            let mut preds = self.predecessors(to);
            preds.next() == Some(from) && preds.next().is_none()
        };
        if single {
            return Some(self.split_block_before_first_non_phi(to, name));
        }
        let name = if name.is_empty() {
            self.suffixed_name(from.0, ".split")
        } else {
            name.as_bytes().to_vec()
        };
        Some(self.split_block(from, t, &name))
    }

    /// LLVM's `splitBlockBefore` at `b`'s first instruction that is neither
    /// a PHI nor an EH pad: the instructions above it go to a new block
    /// before `b`, which takes `b`'s predecessors and branches to `b`.
    fn split_block_before_first_non_phi(&mut self, b: Block, name: &str) -> Block {
        let f = self
            .block_parent(b)
            .expect("split_edge: a block in a function");
        let at = self
            .insts(b)
            .find(|&i| self.opcode(i) != Opcode::Phi && !self.is_eh_pad(i))
            .expect("split_edge: a block with a terminator");
        let name = if name.is_empty() {
            self.suffixed_name(b.0, ".split")
        } else {
            name.as_bytes().to_vec()
        };
        let nb = self.create_block(&name);
        self.insert_block(f, nb, Some(b));
        let dl = self.dbg_loc(at);
        let records = self.take_dbg_records(at);
        let above: Vec<Inst> = self.insts(b).take_while(|&i| i != at).collect();
        for i in above {
            self.unlink_inst(i);
            self.append_inst(nb, i);
        }
        let preds: Vec<Block> = self.predecessors(b).collect();
        let mut seen: Vec<Block> = Vec::new();
        for p in preds {
            if seen.contains(&p) {
                continue;
            }
            seen.push(p);
            let t = self
                .terminator(p)
                .expect("a predecessor ends in a terminator");
            self.replace_successor_with(t, b, nb);
        }
        let void = self.void_type();
        let br = self.create_inst(Opcode::Br, void, &[b.0], InstPayload::None);
        if dl.is_some() {
            self.set_dbg_loc(br, dl);
        }
        self.append_inst(nb, br);
        if !records.is_empty() {
            self.prepend_dbg_records(br, records);
        }
        nb
    }
}
