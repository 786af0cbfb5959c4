//! LLVM 19's `FoldBranchToCommonDest` (SimplifyCFG.cpp) in the form
//! `LoopSimplify` calls it: no dominator-tree updater, no memory SSA, no
//! target cost model (so every recipe is taken) and a bonus-instruction
//! threshold of 1.
//!
//! A block `BB` ending in `br i1 %c, A, B` where `%c` is its own one-use
//! compare, binary operator or select is folded into a predecessor whose
//! conditional branch shares a destination with it: the predecessor's
//! condition is inverted when needed (`InvertBranch`: a one-use compare
//! gets the inverse predicate, otherwise `<cond>.not = xor`), `%c` is
//! cloned before the predecessor's branch (taking the name, the original
//! renamed `<c>.old`; its `!dbg` kept only when equal to the branch's;
//! metadata but `!annotation`, `!range`, `!nonnull`, `!align` dropped;
//! its debug records copied), the branch's debug records are copied onto
//! the predecessor's branch, and the two conditions are joined by
//! `or.cond`: an `or`/`and` when `impliesPoison(%c, cond)`, else a
//! `select` (`createLogicalOp`). Branch weights combine as LLVM's
//! (`fitWeights` halving), `!llvm.loop` moves to the predecessor's
//! branch, and PHIs of the new successor get the predecessor's entry.
//!
//! Deviation: a block holding instructions besides `%c` and the branch
//! (bonus instructions, which LLVM clones when there is at most one) is
//! not folded. `LoopSimplify` only folds blocks it has cleared of all
//! other instructions, so that call site is exact.

use super::salvage::{location_ops, make_location_ops};
use crate::builder::Builder;
use crate::inst::{Opcode, Predicate};
use crate::ir::metadata::{MdData, MdKindId, Metadata};
use crate::ir::{Block, Inst};
use crate::value::{Value, ValueKind};
use crate::Context;

/// LLVM's `CmpInst::getInversePredicate`.
fn inverse(p: Predicate) -> Predicate {
    use Predicate::*;
    if !p.is_int() {
        // FFalse..FTrue are 0..15; the inverse of n is 15 - n.
        return Predicate::ALL[15 - p as usize];
    }
    match p {
        IEq => INe,
        INe => IEq,
        IUgt => IUle,
        IUle => IUgt,
        IUge => IUlt,
        IUlt => IUge,
        ISgt => ISle,
        ISle => ISgt,
        ISge => ISlt,
        ISlt => ISge,
        _ => unreachable!("float predicates handled above"),
    }
}

/// How to fold `BB`'s branch into a predecessor's: the common successor,
/// whether the join is `or` (else `and`), whether the predecessor's
/// condition is inverted first (`shouldFoldCondBranchesToCommonDestination`
/// without a cost model).
struct Recipe {
    or: bool,
    invert: bool,
}

fn recipe(ps: [Block; 2], bs: [Block; 2]) -> Option<Recipe> {
    if ps[0] == bs[0] {
        Some(Recipe {
            or: true,
            invert: false,
        })
    } else if ps[1] == bs[1] {
        Some(Recipe {
            or: false,
            invert: false,
        })
    } else if ps[0] == bs[1] {
        Some(Recipe {
            or: false,
            invert: true,
        })
    } else if ps[1] == bs[0] {
        Some(Recipe {
            or: true,
            invert: true,
        })
    } else {
        None
    }
}

/// # Folding a branch into its predecessor
///
/// SimplifyCFG's `FoldBranchToCommonDest`, as loop-simplify uses it.
impl Context {
    fn cond_br_succs(&self, t: Inst) -> Option<[Block; 2]> {
        if self.opcode(t) != Opcode::Br || self.num_operands(t.0) != 3 {
            return None;
        }
        let mut s = self.inst_successors(t);
        Some([s.next()?, s.next()?])
    }

    /// LLVM's `safeToMergeTerminators`: PHIs of the successors both blocks
    /// share take the same value from both.
    fn safe_to_merge_terminators(&self, a: Block, b: Block) -> bool {
        let sa: Vec<Block> = self.successors(a).collect();
        for s in self.successors(b) {
            if !sa.contains(&s) {
                continue;
            }
            for pn in self.phis(s) {
                let (x, y) = (self.phi_value_for(pn, a), self.phi_value_for(pn, b));
                if x != y {
                    return false;
                }
            }
        }
        true
    }

    fn phi_value_for(&self, pn: Inst, b: Block) -> Option<Value> {
        let k = self.phi_blocks(pn).iter().position(|&x| x == b.0)?;
        self.operand(pn.0, k as u32)
    }

    /// The two weights of a `!prof !{!"branch_weights", [!"expected",] w0,
    /// w1}` on `t` (LLVM's `extractBranchWeights`).
    fn branch_weights(&self, t: Inst) -> Option<(u64, u64)> {
        let md = self.inst_metadata(t, MdKindId::PROF)?;
        let MdData::Tuple { ops, .. } = self.md_data(self.md_resolved(md)) else {
            return None;
        };
        let name = |m: Option<Metadata>| -> Option<Vec<u8>> {
            match self.md_data(self.md_resolved(m?)) {
                MdData::String(s) => Some(s.to_vec()),
                _ => None,
            }
        };
        if ops.len() < 2 || name(ops[0]).as_deref() != Some(b"branch_weights".as_slice()) {
            return None;
        }
        let off = if name(ops[1]).as_deref() == Some(b"expected".as_slice()) {
            2
        } else {
            1
        };
        let mut w = Vec::new();
        for m in &ops[off..] {
            let v = match m.map(|m| self.md_data(self.md_resolved(m))) {
                Some(MdData::Value(v)) => *v,
                _ => return None,
            };
            w.push(self.const_int_value(v)?.to_u64());
        }
        (w.len() == 2).then(|| (w[0], w[1]))
    }

    fn set_branch_weights(&mut self, t: Inst, w0: u32, w1: u32) {
        let name = self.md_string("branch_weights");
        let i32t = self.int_type(32);
        let a = self.const_int(i32t, u64::from(w0));
        let b = self.const_int(i32t, u64::from(w1));
        let (a, b) = (self.md_value(a), self.md_value(b));
        let node = self.md_tuple(&[Some(name), Some(a), Some(b)]);
        self.set_inst_metadata(t, MdKindId::PROF, Some(node));
    }

    /// LLVM's `swapProfMetadata` after the successors of `t` swapped.
    fn swap_prof(&mut self, t: Inst) {
        let Some(md) = self.inst_metadata(t, MdKindId::PROF) else {
            return;
        };
        let MdData::Tuple { ops, .. } = self.md_data(self.md_resolved(md)) else {
            return;
        };
        let ops = ops.clone();
        let is_str = |ctx: &Context, m: Option<Metadata>, s: &[u8]| {
            m.is_some_and(
                |m| matches!(ctx.md_data(ctx.md_resolved(m)), MdData::String(x) if &x[..] == s),
            )
        };
        if ops.is_empty() || !is_str(self, ops[0], b"branch_weights") {
            return;
        }
        let first = if ops.len() > 1 && is_str(self, ops[1], b"expected") {
            2
        } else {
            1
        };
        if ops.len() != 2 + first {
            return;
        }
        let mut new = ops[..first].to_vec();
        new.push(ops[first + 1]);
        new.push(ops[first]);
        let node = self.md_tuple(&new);
        self.set_inst_metadata(t, MdKindId::PROF, Some(node));
    }

    /// Copies `from`'s `!annotation` and `dl` onto a new instruction `i`
    /// (the IRBuilder's `AddMetadataToInst`).
    fn builder_md(&mut self, v: Value, dl: Option<Metadata>, ann: Option<Metadata>) -> bool {
        if self.value_kind(v) != ValueKind::Instruction {
            return false;
        }
        let i = Inst(v);
        self.set_dbg_loc(i, dl);
        if ann.is_some() {
            self.set_inst_metadata(i, MdKindId::ANNOTATION, ann);
        }
        true
    }

    /// Folds the conditional branch `bi` into a predecessor's, as LLVM
    /// 19's `FoldBranchToCommonDest(BI, nullptr, nullptr, nullptr, 1)`;
    /// `bi`'s block is left with no predecessors from that one. Returns
    /// whether it folded.
    pub fn fold_branch_to_common_dest(&mut self, bi: Inst) -> bool {
        let Some(bs) = self.cond_br_succs(bi) else {
            return false;
        };
        let bb = self.inst_parent(bi).expect("a branch in a block");
        let Some(cond) = self.operand(bi.0, 0).and_then(|c| self.as_inst(c)) else {
            return false;
        };
        let op = self.opcode(cond);
        if !(matches!(op, Opcode::ICmp | Opcode::FCmp | Opcode::Select) || op.is_binary())
            || self.inst_parent(cond) != Some(bb)
            || !self.has_one_use(cond.0)
        {
            return false;
        }
        if bs.contains(&bb) {
            return false;
        }
        let mut preds = Vec::new();
        for p in self.predecessors(bb) {
            let Some(pbi) = self.terminator(p) else {
                continue;
            };
            let Some(ps) = self.cond_br_succs(pbi) else {
                continue;
            };
            if pbi == bi || !self.safe_to_merge_terminators(bb, p) {
                continue;
            }
            if recipe(ps, bs).is_some() {
                preds.push(p);
            }
        }
        let Some(&pred) = preds.first() else {
            return false;
        };
        // Bonus instructions: this form folds only a block of `cond` and
        // the branch.
        if self.insts(bb).any(|i| i != cond && i != bi) {
            return false;
        }
        self.perform_branch_fold(bi, bs, bb, cond, pred);
        true
    }

    fn perform_branch_fold(
        &mut self,
        bi: Inst,
        bs: [Block; 2],
        bb: Block,
        cond: Inst,
        pred: Block,
    ) {
        let pbi = self
            .terminator(pred)
            .expect("a predecessor has a terminator");
        let ps = self.cond_br_succs(pbi).expect("a conditional branch");
        let r = recipe(ps, bs).expect("a recipe");
        let dl = self.dbg_loc(pbi);
        let ann = self.inst_metadata(bi, MdKindId::ANNOTATION);
        if r.invert {
            let c = self.operand(pbi.0, 0).expect("a condition");
            let cmp = self.as_inst(c).filter(|&ci| {
                matches!(self.opcode(ci), Opcode::ICmp | Opcode::FCmp) && self.has_one_use(ci.0)
            });
            if let Some(ci) = cmp {
                let p = inverse(self.predicate(ci));
                self.set_predicate(ci, p);
            } else {
                let name = format!("{}.not", self.name_of(c).unwrap_or(""));
                let ty = self.type_of(c);
                let t = self.const_all_ones(ty);
                let n = Builder::before(self, pbi).xor(c, t);
                if self.builder_md(n, dl, ann) {
                    self.set_name(n, &name);
                }
                self.set_operand(pbi.0, 0, Some(n));
            }
            self.swap_operands(pbi.0, 1, 2);
            self.swap_prof(pbi);
        }
        let ps = self.cond_br_succs(pbi).expect("a conditional branch");
        let unique = if ps[0] == bb { bs[0] } else { bs[1] };
        let phis: Vec<Inst> = self.phis(unique).collect();
        for pn in phis {
            let v = self.phi_value_for(pn, bb).expect("an entry for the block");
            self.phi_add_incoming(pn, v, pred);
        }
        match (self.branch_weights(pbi), self.branch_weights(bi)) {
            (None, None) => self.set_inst_metadata(pbi, MdKindId::PROF, None),
            (p, s) => {
                let (pt, pf) = p.unwrap_or((1, 1));
                let (st, sf) = s.unwrap_or((1, 1));
                let mut w = if ps[0] == bb {
                    [pt * st, pf * (sf + st) + pt * sf]
                } else {
                    [pt * (sf + st) + pf * st, pf * sf]
                };
                let max = w[0].max(w[1]);
                if max > u64::from(u32::MAX) {
                    let off = 64 - max.leading_zeros() - 32;
                    w = [w[0] >> off, w[1] >> off];
                }
                self.set_branch_weights(pbi, w[0] as u32, w[1] as u32);
            }
        }
        let k = u32::from(ps[0] != bb);
        self.set_successor(pbi, k, unique);
        if let Some(l) = self.inst_metadata(bi, MdKindId::LOOP) {
            self.set_inst_metadata(pbi, MdKindId::LOOP, Some(l));
        }
        // Clone the condition before the predecessor's branch.
        let mut vm = super::ValueMap::new();
        let nc = self.clone_inst_shell(cond, &vm);
        for k in 0..self.num_operands(cond.0) {
            let o = self.operand(cond.0, k).expect("an operand");
            let o = vm.get(o).unwrap_or(o);
            self.set_operand(nc.0, k, Some(o));
        }
        let md: Vec<(MdKindId, Metadata)> = self
            .extra(cond)
            .map(|e| e.md.iter().collect())
            .unwrap_or_default();
        for (kind, m) in md {
            if matches!(
                kind,
                MdKindId::ANNOTATION | MdKindId::RANGE | MdKindId::NONNULL | MdKindId::ALIGN
            ) {
                self.set_inst_metadata(nc, kind, Some(m));
            }
        }
        let cdl = self.dbg_loc(cond);
        if cdl == dl {
            self.set_dbg_loc(nc, cdl);
        }
        self.insert_inst_before(pbi, nc);
        let recs = self.dbg_records(cond).to_vec();
        for r in recs {
            self.push_dbg_record(nc, r);
        }
        let name = self.name_of(cond.0).unwrap_or("").to_string();
        if !name.is_empty() {
            self.set_name(cond.0, "");
            self.set_name(nc.0, &name);
            self.set_name(cond.0, &format!("{name}.old"));
        }
        vm.insert(cond.0, nc.0);
        // The branch's debug records, mapped, go onto the predecessor's.
        let recs = self.dbg_records(bi).to_vec();
        for mut r in recs {
            if let Some(loc) = r.ops.first().copied().flatten() {
                let vals = location_ops(self, Some(loc));
                if vals.contains(&cond.0) {
                    let arg_list = self.md_data(self.md_resolved(loc)).is_arg_list();
                    let mapped: Vec<Value> = vals
                        .iter()
                        .map(|&v| if v == cond.0 { nc.0 } else { v })
                        .collect();
                    r.ops[0] = Some(make_location_ops(self, &mapped, arg_list));
                }
            }
            self.push_dbg_record(pbi, r);
        }
        let pc = self.operand(pbi.0, 0).expect("a condition");
        let mut b = Builder::before(self, pbi);
        let v = if b.ctx.implies_poison(nc.0, pc) {
            if r.or {
                b.or(pc, nc.0)
            } else {
                b.and(pc, nc.0)
            }
        } else {
            let ty = b.ctx.type_of(nc.0);
            if r.or {
                let t = b.ctx.const_all_ones(ty);
                b.select(pc, t, nc.0)
            } else {
                let f = b.ctx.const_null(ty);
                b.select(pc, nc.0, f)
            }
        };
        if self.builder_md(v, dl, ann) {
            self.set_name(v, "or.cond");
        }
        self.set_operand(pbi.0, 0, Some(v));
    }
}
