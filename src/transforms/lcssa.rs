//! Loop-closed SSA form: LLVM 19's `LCSSA.cpp` (`formLCSSA`,
//! `formLCSSARecursively`, `formLCSSAForInstructions` and the `lcssa`
//! pass).
//!
//! Owns [`Context::form_lcssa_on_all_loops`], [`Context::form_lcssa`] and
//! [`Context::form_lcssa_for_instructions`]. A value defined in a loop and
//! used outside it gets a `<name>.lcssa` PHI in each exit block it
//! dominates (one entry per predecessor, in predecessor order, with the
//! value's `!dbg`); uses outside the loop are rewritten to those PHIs, in
//! an exit block directly, through an [`SsaUpdater`] when several exits
//! carry the value (which may add PHIs named like the value where exits
//! merge). Uses in unreachable blocks become `poison`; `#dbg_value` and
//! `#dbg_assign` records outside the loop follow the new value where the
//! updater knows one. Loops are visited inner first, top-level loops in
//! `LoopInfo`'s order, instructions of the blocks dominating an exit last
//! first (LLVM's worklist), so PHI names and their numbering are LLVM's.
//! The CFG, dominator tree and loop forest are read, never changed.
//! Cost: O(loop instructions + their uses + exit predecessors) per loop,
//! plus the updater's walks.

use hashbrown::HashMap;
use indexmap::IndexSet;

use super::salvage::location_ops;
use super::ssa_updater::SsaUpdater;
use crate::analysis::{DomTree, Loop, LoopInfo};
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Inst};
use crate::value::{Use, Value};
use crate::Context;

/// # Loop-closed SSA form
///
/// LLVM's `formLCSSA` family.
impl Context {
    /// Puts every loop of `f` into LCSSA form, inner loops first (LLVM's
    /// `formLCSSAOnAllLoops`); `dt` and `li` are `f`'s and stay valid.
    /// Returns whether anything changed.
    pub fn form_lcssa_on_all_loops(&mut self, dt: &DomTree, li: &LoopInfo) -> bool {
        let mut changed = false;
        for &l in li.top_level_loops() {
            changed |= self.form_lcssa_recursively(l, dt, li);
        }
        changed
    }

    /// LCSSA form for `l` and, first, every loop inside it (LLVM's
    /// `formLCSSARecursively`).
    pub fn form_lcssa_recursively(&mut self, l: Loop, dt: &DomTree, li: &LoopInfo) -> bool {
        let mut changed = false;
        for &s in li.sub_loops(l) {
            changed |= self.form_lcssa_recursively(s, dt, li);
        }
        changed | self.form_lcssa(l, dt, li)
    }

    /// LCSSA form for the values defined in `l` outside its sub-loops
    /// (LLVM's `formLCSSA`): only blocks that dominate an exit are
    /// scanned.
    pub fn form_lcssa(&mut self, l: Loop, dt: &DomTree, li: &LoopInfo) -> bool {
        let exits = li.exit_blocks(self, l);
        if exits.is_empty() {
            return false;
        }
        let header = li.header(l);
        let mut dominating: IndexSet<Block> = IndexSet::new();
        let mut work: Vec<Block> = exits.clone();
        while let Some(b) = work.pop() {
            if b == header {
                continue;
            }
            let Some(idom) = dt.idom(self, b) else {
                continue;
            };
            if !li.contains(self, l, idom) {
                continue;
            }
            if dominating.insert(idom) {
                work.push(idom);
            }
        }
        let mut insts: Vec<Inst> = Vec::new();
        for &b in &dominating {
            if li.loop_for(self, b) != Some(l) {
                continue;
            }
            for i in self.insts(b) {
                if self.use_empty(i.0) {
                    continue;
                }
                if self.has_one_use(i.0) {
                    let u = self.users(i.0).next().and_then(|u| self.as_inst(u));
                    if u.is_some_and(|u| {
                        self.inst_parent(u) == Some(b) && self.opcode(u) != Opcode::Phi
                    }) {
                        continue;
                    }
                }
                if self.is_token(self.type_of(i.0)) {
                    continue;
                }
                insts.push(i);
            }
        }
        self.form_lcssa_for_instructions(&mut insts, dt, li)
    }

    /// Rewrites the uses outside its loop of each instruction of `work`
    /// (taken last first) through `.lcssa` PHIs in the loop's exit blocks
    /// (LLVM's `formLCSSAForInstructions`); PHIs made in another loop's
    /// blocks are processed in turn. Returns whether a use was rewritten.
    ///
    /// # Panics
    /// If an instruction of `work` is not in a loop of `li`.
    pub fn form_lcssa_for_instructions(
        &mut self,
        work: &mut Vec<Inst>,
        dt: &DomTree,
        li: &LoopInfo,
    ) -> bool {
        let mut changed = false;
        let mut exit_cache: HashMap<Loop, Vec<Block>> = HashMap::new();
        let mut to_remove: IndexSet<Inst> = IndexSet::new();
        while let Some(i) = work.pop() {
            let inst_bb = self.inst_parent(i).expect("an instruction in a block");
            let l = li.loop_for(self, inst_bb).unwrap_or_else(|| {
                panic!("form_lcssa_for_instructions: {:?} is not in a loop", i.0)
            });
            let exits = exit_cache
                .entry(l)
                .or_insert_with(|| li.exit_blocks(self, l))
                .clone();
            if exits.is_empty() {
                continue;
            }
            let ty = self.type_of(i.0);
            let mut rewrite: Vec<Use> = Vec::new();
            let uses: Vec<Use> = self.uses(i.0).collect();
            for u in uses {
                let user = self.as_inst(u.user).expect("an instruction user");
                let mut user_bb = self.inst_parent(user).expect("a user in a block");
                if !dt.contains(self, user_bb) {
                    let p = self.const_poison(ty);
                    self.set_operand(u.user, u.operand_no, Some(p));
                    continue;
                }
                if self.opcode(user) == Opcode::Phi {
                    user_bb = Block(self.phi_blocks(user)[u.operand_no as usize]);
                }
                if inst_bb != user_bb && !li.contains(self, l, user_bb) {
                    rewrite.push(u);
                }
            }
            if rewrite.is_empty() {
                continue;
            }
            let dom_bb = if self.opcode(i) == Opcode::Invoke {
                self.inst_successors(i)
                    .next()
                    .expect("an invoke's normal destination")
            } else {
                inst_bb
            };
            let name = self.name_bytes(i.0).unwrap_or(b"").to_vec();
            let mut ssa = SsaUpdater::new(ty, &name);
            let mut added: Vec<Inst> = Vec::new();
            let mut post: Vec<Inst> = Vec::new();
            let lcssa_name = self.suffixed_name(i.0, ".lcssa");
            let dbg = self.dbg_loc(i);
            for &exit in &exits {
                if !dt.dominates(self, dom_bb, exit) || ssa.has_value_for_block(exit) {
                    continue;
                }
                let preds: Vec<Block> = self.predecessors(exit).collect();
                let pn = self.create_inst(Opcode::Phi, ty, &[], InstPayload::None);
                self.phi_reserve(pn, preds.len() as u32);
                self.set_name_bytes(pn.0, &lcssa_name);
                let first = self.first_inst(exit).expect("a block with a terminator");
                self.insert_inst_before_records(first, pn);
                if dbg.is_some() {
                    self.set_dbg_loc(pn, dbg);
                }
                for p in preds {
                    self.phi_add_incoming(pn, i.0, p);
                    if !li.contains(self, l, p) {
                        let k = self.num_operands(pn.0) - 1;
                        rewrite.push(self.operand_use(pn.0, k));
                    }
                }
                added.push(pn);
                ssa.add_available_value(self, exit, pn.0);
                if let Some(other) = li.loop_for(self, exit) {
                    if !li.contains_loop(l, other) {
                        post.push(pn);
                    }
                }
            }
            for u in rewrite {
                let user = self.as_inst(u.user).expect("an instruction user");
                let mut user_bb = self.inst_parent(user).expect("a user in a block");
                if self.opcode(user) == Opcode::Phi {
                    user_bb = Block(self.phi_blocks(user)[u.operand_no as usize]);
                }
                let first = self.first_inst(user_bb).expect("a block with a terminator");
                if self.opcode(first) == Opcode::Phi && exits.contains(&user_bb) {
                    self.set_operand(u.user, u.operand_no, Some(first.0));
                    continue;
                }
                if added.len() == 1 {
                    self.set_operand(u.user, u.operand_no, Some(added[0].0));
                    continue;
                }
                ssa.rewrite_use(self, u);
            }
            self.lcssa_debug_users(i, inst_bb, l, li, &added, &ssa);
            for &pn in ssa.inserted_phis() {
                let pb = self.inst_parent(pn).expect("a PHI in a block");
                if let Some(other) = li.loop_for(self, pb) {
                    if !li.contains_loop(l, other) {
                        post.push(pn);
                    }
                }
            }
            for pn in post {
                if !self.use_empty(pn.0) {
                    work.push(pn);
                }
            }
            for &pn in &added {
                if self.use_empty(pn.0) {
                    to_remove.insert(pn);
                }
            }
            changed = true;
        }
        for pn in to_remove {
            if self.use_empty(pn.0) {
                self.erase_inst(pn);
            }
        }
        changed
    }

    /// Debug records naming `i` outside `l` follow the value that reaches
    /// them (LLVM's `findDbgValues` and `replaceVariableLocationOp`).
    fn lcssa_debug_users(
        &mut self,
        i: Inst,
        inst_bb: Block,
        l: Loop,
        li: &LoopInfo,
        added: &[Inst],
        ssa: &SsaUpdater,
    ) {
        for du in self.find_dbg_users(i.0) {
            let r = &self.dbg_records(du.inst)[du.record];
            if !matches!(&*r.kind, "value" | "assign") {
                continue;
            }
            let user_bb = self
                .inst_parent(du.inst)
                .expect("a record's instruction in a block");
            if user_bb == inst_bb || li.contains(self, l, user_bb) {
                continue;
            }
            let v = if added.len() == 1 {
                Some(added[0].0)
            } else {
                ssa.find_value_for_block(user_bb)
            };
            let Some(v) = v else {
                continue;
            };
            let mut r = r.clone();
            let locs = location_ops(self, r.ops[0]);
            let arg_list =
                r.ops[0].is_some_and(|m| self.md_data(self.md_resolved(m)).is_arg_list());
            let mut replaced = false;
            if &*r.kind == "assign" {
                let addr = r.ops.get(4).copied().flatten();
                if location_ops(self, addr).first() == Some(&i.0) && !arg_list_md(self, addr) {
                    r.ops[4] = Some(self.md_value(v));
                    replaced = true;
                }
            }
            if locs.contains(&i.0) {
                let new: Vec<Value> = locs.iter().map(|&x| if x == i.0 { v } else { x }).collect();
                r.ops[0] = Some(super::salvage::make_location_ops(self, &new, arg_list));
                replaced = true;
            }
            if replaced {
                let mut recs = self.take_dbg_records(du.inst);
                recs[du.record] = r;
                self.set_dbg_records(du.inst, recs);
            }
        }
    }
}

fn arg_list_md(ctx: &Context, m: Option<crate::ir::metadata::Metadata>) -> bool {
    m.is_some_and(|m| ctx.md_data(ctx.md_resolved(m)).is_arg_list())
}
