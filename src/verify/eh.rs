//! Exception handling: landing pads, funclet pads (`catchpad`,
//! `cleanuppad`), `catchswitch`, the returns out of them, which edges may
//! enter a pad (`visitEHPadPredecessors`), where each funclet unwinds to
//! (`visitFuncletPadInst`) and cycles of sibling funclets
//! (`verifySiblingFuncletUnwinds`).

use super::report::{check, Item};
use super::Verifier;
use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::ir::attributes::AttrKind;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Inst};
use crate::value::{Value, ValueKind};

/// `catchswitch` flag bit: operand 1 is the unwind destination.
const CATCHSWITCH_HAS_UNWIND: u16 = 1;

/// Stands for LLVM's `ConstantTokenNone` in pad walks (the `none` parent
/// of a top-level pad, and "unwinds to the caller"): pad values equal to
/// the `none` constant are mapped to it, so one comparison suffices.
const NONE_TOKEN: Value = Value {
    idx: crate::entity::NONE,
    gen: core::num::NonZeroU32::MIN,
};

impl Verifier<'_> {
    /// The first instruction of `b` that is not a PHI.
    pub(crate) fn first_non_phi(&self, b: Block) -> Option<Inst> {
        self.ctx
            .insts(b)
            .find(|&i| self.ctx.opcode(i) != Opcode::Phi)
    }

    fn is_eh_pad(&self, i: Inst) -> bool {
        matches!(
            self.ctx.opcode(i),
            Opcode::LandingPad | Opcode::CatchSwitch | Opcode::CatchPad | Opcode::CleanupPad
        )
    }

    /// Whether `b`'s first non-PHI instruction is an EH pad.
    pub(crate) fn is_eh_pad_block(&self, b: Block) -> bool {
        self.first_non_phi(b).is_some_and(|i| self.is_eh_pad(i))
    }

    /// The parent pad of a funclet pad or catchswitch (LLVM `getParentPad`).
    fn parent_pad(&self, pad: Value) -> Option<Value> {
        let ctx = self.ctx;
        if pad == NONE_TOKEN {
            return None;
        }
        let i = ctx.as_inst(pad)?;
        match ctx.opcode(i) {
            Opcode::CatchPad | Opcode::CleanupPad => {
                let n = ctx.num_operands(pad);
                ctx.operand(pad, n.checked_sub(1)?)
            }
            Opcode::CatchSwitch => ctx.operand(pad, 0),
            _ => None,
        }
        .map(|p| if self.is_token_none(p) { NONE_TOKEN } else { p })
    }

    fn is_token_none(&self, v: Value) -> bool {
        v == NONE_TOKEN
            || self.ctx.value_kind(v) == ValueKind::Constant
                && self.ctx.const_kind(v) == ConstKind::TokenNone
    }

    fn is_funclet_pad(&self, v: Value) -> bool {
        v != NONE_TOKEN
            && self.ctx.as_inst(v).is_some_and(|i| {
                matches!(self.ctx.opcode(i), Opcode::CatchPad | Opcode::CleanupPad)
            })
    }

    fn is_op(&self, v: Value, op: Opcode) -> bool {
        v != NONE_TOKEN
            && self
                .ctx
                .as_inst(v)
                .is_some_and(|i| self.ctx.opcode(i) == op)
    }

    /// The unwind destination of an invoke, catchswitch or cleanupret.
    pub(crate) fn unwind_dest(&self, t: Inst) -> Option<Block> {
        let ctx = self.ctx;
        let n = ctx.num_operands(t.0);
        let v = match ctx.opcode(t) {
            Opcode::Invoke => ctx.operand(t.0, n.checked_sub(2)?),
            Opcode::CatchSwitch if ctx.inst_flags(t) & CATCHSWITCH_HAS_UNWIND != 0 => {
                ctx.operand(t.0, 1)
            }
            Opcode::CleanupRet if n == 2 => ctx.operand(t.0, 1),
            _ => None,
        };
        v.and_then(|v| ctx.as_block(v))
    }

    /// The normal destination of an invoke.
    fn normal_dest(&self, t: Inst) -> Option<Block> {
        let n = self.ctx.num_operands(t.0);
        self.ctx
            .operand(t.0, n.checked_sub(3)?)
            .and_then(|v| self.ctx.as_block(v))
    }

    /// The handlers of a catchswitch.
    fn handlers(&self, cs: Inst) -> Vec<Block> {
        let ctx = self.ctx;
        let start = if ctx.inst_flags(cs) & CATCHSWITCH_HAS_UNWIND != 0 {
            2
        } else {
            1
        };
        (start..ctx.num_operands(cs.0))
            .filter_map(|k| ctx.operand(cs.0, k).and_then(|v| ctx.as_block(v)))
            .collect()
    }

    fn has_personality(&self) -> bool {
        let f = self.func.expect("in a function");
        self.ctx
            .function_operand(f, crate::ir::function::PERSONALITY)
            .is_some()
    }

    /// LLVM's `visitEHPadPredecessors`.
    fn visit_eh_pad_predecessors(&mut self, i: Inst) -> bool {
        let ctx = self.ctx;
        let b = ctx.inst_parent(i).expect("in a block");
        let f = self.func.expect("in a function");
        if ctx.entry_block(f) == Some(b) {
            self.fail(false, "EH pad cannot be in entry block.", vec![i.into()]);
            return false;
        }
        let preds: Vec<Block> = ctx.predecessors(b).collect();
        match ctx.opcode(i) {
            Opcode::LandingPad => {
                for p in preds {
                    let t = ctx.terminator(p);
                    let ok = t.is_some_and(|t| {
                        ctx.opcode(t) == Opcode::Invoke
                            && self.unwind_dest(t) == Some(b)
                            && self.normal_dest(t) != Some(b)
                    });
                    if !ok {
                        self.fail(
                            false,
                            "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.",
                            vec![i.into()],
                        );
                        return false;
                    }
                }
                return true;
            }
            Opcode::CatchPad => {
                let cs = self.parent_pad(i.0);
                let cs_block = cs
                    .and_then(|c| ctx.as_inst(c))
                    .and_then(|c| ctx.inst_parent(c));
                if !preds.is_empty() {
                    let unique = preds.iter().all(|&p| p == preds[0]);
                    if !(unique && Some(preds[0]) == cs_block) {
                        self.fail(
                            false,
                            "Block containg CatchPadInst must be jumped to only by its catchswitch.",
                            vec![i.into()],
                        );
                        return false;
                    }
                }
                let cs_unwind = cs
                    .and_then(|c| ctx.as_inst(c))
                    .and_then(|c| self.unwind_dest(c));
                if cs_unwind == Some(b) {
                    let csv = cs.expect("a catchswitch");
                    self.fail(
                        false,
                        "Catchswitch cannot unwind to one of its catchpads",
                        vec![csv.into(), i.into()],
                    );
                    return false;
                }
                return true;
            }
            _ => {}
        }
        let to_pad = i.0;
        let to_parent = self.parent_pad(to_pad);
        for p in preds {
            let Some(t) = ctx.terminator(p) else {
                continue;
            };
            let mut from: Option<Value> = match ctx.opcode(t) {
                Opcode::Invoke => {
                    if !(self.unwind_dest(t) == Some(b) && self.normal_dest(t) != Some(b)) {
                        self.fail(
                            false,
                            "EH pad must be jumped to via an unwind edge",
                            vec![to_pad.into(), t.into()],
                        );
                        return false;
                    }
                    let cv = self.call_view(t);
                    let callee = cv.as_ref().and_then(|cv| cv.callee);
                    let callee_fn = callee
                        .and_then(|c| self.strip_pointer_casts(c))
                        .and_then(|c| ctx.as_function(c));
                    if let (Some(cf), Some(cv)) = (callee_fn, cv.as_ref()) {
                        let nounwind = cv.attrs().fn_attrs().has(AttrKind::NoUnwind)
                            || ctx
                                .function_data(cf)
                                .attrs
                                .fn_attrs()
                                .has(AttrKind::NoUnwind);
                        let name = ctx.name_of(cf.0).unwrap_or("");
                        if self.is_intrinsic(cf) && nounwind && !name.starts_with("llvm.objc.") {
                            continue;
                        }
                    }
                    let bundle = cv.as_ref().and_then(|cv| {
                        cv.data
                            .bundles
                            .iter()
                            .find(|bd| &*bd.tag == b"funclet")
                            .and_then(|bd| ctx.operand(t.0, bd.start))
                    });
                    Some(bundle.unwrap_or(NONE_TOKEN))
                }
                Opcode::CleanupRet => {
                    let fp =
                        ctx.operand(t.0, 0)
                            .map(|p| if self.is_token_none(p) { NONE_TOKEN } else { p });
                    if fp == to_parent {
                        self.fail(false, "A cleanupret must exit its cleanup", vec![t.into()]);
                        return false;
                    }
                    fp
                }
                Opcode::CatchSwitch => Some(t.0),
                _ => {
                    self.fail(
                        false,
                        "EH pad must be jumped to via an unwind edge",
                        vec![to_pad.into(), t.into()],
                    );
                    return false;
                }
            };
            let mut seen: hashbrown::HashSet<Value> = hashbrown::HashSet::new();
            while let Some(fp) = from {
                if fp == to_pad {
                    self.fail(
                        false,
                        "EH pad cannot handle exceptions raised within it",
                        vec![fp.into(), t.into()],
                    );
                    return false;
                }
                if Some(fp) == to_parent {
                    break;
                }
                if fp == NONE_TOKEN || self.is_token_none(fp) {
                    self.fail(
                        false,
                        "A single unwind edge may only enter one EH pad",
                        vec![t.into()],
                    );
                    return false;
                }
                if !seen.insert(fp) {
                    self.fail(
                        false,
                        "EH pad jumps through a cycle of pads",
                        vec![fp.into()],
                    );
                    return false;
                }
                if !(self.is_funclet_pad(fp) || self.is_op(fp, Opcode::CatchSwitch)) {
                    self.fail(
                        false,
                        "Parent pad must be catchpad/cleanuppad/catchswitch",
                        vec![t.into()],
                    );
                    return false;
                }
                from = self.parent_pad(fp);
            }
        }
        true
    }

    pub(crate) fn visit_landing_pad(&mut self, i: Inst) {
        let ctx = self.ctx;
        let (clauses, cleanup) = match self.payload(i) {
            InstPayload::Grow {
                clauses, cleanup, ..
            } => (clauses.clone(), *cleanup),
            _ => (Vec::new(), false),
        };
        check!(
            self,
            !clauses.is_empty() || cleanup,
            "LandingPadInst needs at least one clause or to be a cleanup.",
            i
        );
        if !self.visit_eh_pad_predecessors(i) {
            return;
        }
        let ty = ctx.type_of(i.0);
        match self.landing_pad_ty {
            None => self.landing_pad_ty = Some(ty),
            Some(t) => check!(
                self,
                t == ty,
                "The landingpad instruction should have a consistent result type inside a function.",
                i
            ),
        }
        check!(
            self,
            self.has_personality(),
            "LandingPadInst needs to be in a function with a personality.",
            i
        );
        let b = ctx.inst_parent(i).expect("in a block");
        check!(
            self,
            self.first_non_phi(b) == Some(i),
            "LandingPadInst not the first non-PHI instruction in the block.",
            i
        );
        // LLVM tells a catch from a filter by the clause's type (a filter is
        // an array), not by the keyword the text used.
        for k in 0..clauses.len() {
            let c = ctx.operand(i.0, k as u32).expect("checked");
            if !ctx.is_array(ctx.type_of(c)) {
                check!(
                    self,
                    ctx.is_ptr(ctx.type_of(c)),
                    "Catch operand does not have pointer type!",
                    i
                );
            } else {
                let ok = ctx.value_kind(c) == ValueKind::Constant
                    && (matches!(ctx.const_kind(c), ConstKind::Array | ConstKind::DataArray)
                        || (ctx.const_kind(c) == ConstKind::Zero
                            && ctx.is_aggregate(ctx.type_of(c))));
                check!(self, ok, "Filter operand is not an array of constants!", i);
            }
        }
        self.visit_instruction(i);
    }

    pub(crate) fn visit_resume(&mut self, i: Inst) {
        let ctx = self.ctx;
        check!(
            self,
            self.has_personality(),
            "ResumeInst needs to be in a function with a personality.",
            i
        );
        let ty = ctx.type_of(ctx.operand(i.0, 0).expect("checked"));
        match self.landing_pad_ty {
            None => self.landing_pad_ty = Some(ty),
            Some(t) => check!(
                self,
                t == ty,
                "The resume instruction should have a consistent result type inside a function.",
                i
            ),
        }
        self.visit_terminator(i);
    }

    pub(crate) fn visit_catch_pad(&mut self, i: Inst) {
        let ctx = self.ctx;
        check!(
            self,
            self.has_personality(),
            "CatchPadInst needs to be in a function with a personality.",
            i
        );
        let parent = self.parent_pad(i.0).expect("checked");
        check!(
            self,
            self.is_op(parent, Opcode::CatchSwitch),
            "CatchPadInst needs to be directly nested in a CatchSwitchInst.",
            parent
        );
        let b = ctx.inst_parent(i).expect("in a block");
        check!(
            self,
            self.first_non_phi(b) == Some(i),
            "CatchPadInst not the first non-PHI instruction in the block.",
            i
        );
        if !self.visit_eh_pad_predecessors(i) {
            return;
        }
        self.visit_funclet_pad(i);
    }

    pub(crate) fn visit_catch_ret(&mut self, i: Inst) {
        let pad = self.ctx.operand(i.0, 0).expect("checked");
        check!(
            self,
            self.is_op(pad, Opcode::CatchPad),
            "CatchReturnInst needs to be provided a CatchPad",
            i,
            pad
        );
        self.visit_terminator(i);
    }

    pub(crate) fn visit_cleanup_pad(&mut self, i: Inst) {
        let ctx = self.ctx;
        check!(
            self,
            self.has_personality(),
            "CleanupPadInst needs to be in a function with a personality.",
            i
        );
        let b = ctx.inst_parent(i).expect("in a block");
        check!(
            self,
            self.first_non_phi(b) == Some(i),
            "CleanupPadInst not the first non-PHI instruction in the block.",
            i
        );
        let parent = self.parent_pad(i.0).expect("checked");
        check!(
            self,
            self.is_token_none(parent) || self.is_funclet_pad(parent),
            "CleanupPadInst has an invalid parent.",
            i
        );
        if !self.visit_eh_pad_predecessors(i) {
            return;
        }
        self.visit_funclet_pad(i);
    }

    /// LLVM's `visitFuncletPadInst`.
    fn visit_funclet_pad(&mut self, fpi: Inst) {
        let ctx = self.ctx;
        let mut first_user: Option<Value> = None;
        let mut first_unwind: Option<Value> = None;
        let mut worklist: Vec<Value> = vec![fpi.0];
        let mut seen: hashbrown::HashSet<Value> = hashbrown::HashSet::new();
        while let Some(cur) = worklist.pop() {
            check!(
                self,
                seen.insert(cur),
                "FuncletPadInst must not be nested within itself",
                cur
            );
            let mut unresolved: Option<Value> = None;
            let users: Vec<Value> = ctx.users(cur).collect();
            for u in users {
                let Some(ui) = ctx.as_inst(u) else {
                    check!(self, false, "Bogus funclet pad use", u);
                    return;
                };
                let unwind: Option<Block> = match ctx.opcode(ui) {
                    Opcode::CleanupRet => self.unwind_dest(ui),
                    Opcode::CatchSwitch => {
                        let d = self.unwind_dest(ui);
                        if d.is_none() {
                            continue;
                        }
                        d
                    }
                    Opcode::Invoke => self.unwind_dest(ui),
                    Opcode::Call => continue,
                    Opcode::CleanupPad => {
                        worklist.push(u);
                        continue;
                    }
                    Opcode::CatchRet => continue,
                    _ => {
                        check!(self, false, "Bogus funclet pad use", u);
                        return;
                    }
                };
                let unwind_pad: Value;
                let exits_fpi: bool;
                if let Some(ud) = unwind {
                    let Some(up) = self.first_non_phi(ud) else {
                        continue;
                    };
                    if !self.is_eh_pad(up) {
                        continue;
                    }
                    unwind_pad = up.0;
                    let up_parent = self.parent_pad(unwind_pad);
                    if up_parent == Some(cur) {
                        continue;
                    }
                    let mut exited = cur;
                    let mut exits = false;
                    loop {
                        if exited == fpi.0 {
                            exits = true;
                            unresolved = Some(fpi.0);
                            break;
                        }
                        let ep = self.parent_pad(exited);
                        if ep == up_parent {
                            unresolved = ep;
                            break;
                        }
                        match ep {
                            Some(p) if !self.is_token_none(p) => exited = p,
                            _ => break,
                        }
                    }
                    exits_fpi = exits;
                } else {
                    unwind_pad = NONE_TOKEN;
                    exits_fpi = true;
                    unresolved = Some(fpi.0);
                }
                if exits_fpi {
                    match first_user {
                        Some(fu) => {
                            let same = first_unwind == Some(unwind_pad);
                            check!(
                                self,
                                same,
                                "Unwind edges out of a funclet pad must have the same unwind dest",
                                fpi,
                                u,
                                fu
                            );
                        }
                        None => {
                            first_user = Some(u);
                            first_unwind = Some(unwind_pad);
                            if ctx.opcode(fpi) == Opcode::CleanupPad
                                && unwind_pad != NONE_TOKEN
                                && self.parent_pad(unwind_pad) == self.parent_pad(fpi.0)
                            {
                                self.sibling_funclets.insert(fpi, ui);
                            }
                        }
                    }
                }
                if cur != fpi.0 {
                    break;
                }
            }
            if let Some(ua) = unresolved {
                if cur == ua {
                    continue;
                }
                let mut resolved = cur;
                while let Some(&uncle) = worklist.last() {
                    let ancestor = self.parent_pad(uncle);
                    while Some(resolved) != ancestor {
                        let rp = self.parent_pad(resolved);
                        if rp == Some(ua) {
                            break;
                        }
                        match rp {
                            Some(p) => resolved = p,
                            None => break,
                        }
                    }
                    if Some(resolved) != ancestor {
                        break;
                    }
                    worklist.pop();
                }
            }
        }
        if let Some(fu) = first_unwind {
            let parent = self.parent_pad(fpi.0);
            if let Some(cs) = parent.filter(|&p| self.is_op(p, Opcode::CatchSwitch)) {
                let csi = Inst(cs);
                let sw_pad = match self.unwind_dest(csi) {
                    Some(d) => self.first_non_phi(d).map_or(NONE_TOKEN, |x| x.0),
                    None => NONE_TOKEN,
                };
                check!(
                    self,
                    sw_pad == fu,
                    "Unwind edges out of a catch must have the same unwind dest as the parent catchswitch",
                    fpi,
                    first_user.expect("set with first_unwind"),
                    cs
                );
            }
        }
        self.visit_instruction(fpi);
    }

    pub(crate) fn visit_catch_switch(&mut self, i: Inst) {
        let ctx = self.ctx;
        check!(
            self,
            self.has_personality(),
            "CatchSwitchInst needs to be in a function with a personality.",
            i
        );
        let b = ctx.inst_parent(i).expect("in a block");
        check!(
            self,
            self.first_non_phi(b) == Some(i),
            "CatchSwitchInst not the first non-PHI instruction in the block.",
            i
        );
        let parent = ctx.operand(i.0, 0).expect("checked");
        check!(
            self,
            self.is_token_none(parent) || self.is_funclet_pad(parent),
            "CatchSwitchInst has an invalid parent.",
            parent
        );
        if let Some(ud) = self.unwind_dest(i) {
            let first = self.first_non_phi(ud);
            let ok =
                first.is_some_and(|x| self.is_eh_pad(x) && ctx.opcode(x) != Opcode::LandingPad);
            check!(
                self,
                ok,
                "CatchSwitchInst must unwind to an EH block which is not a landingpad.",
                i
            );
            let first = first.expect("checked");
            if self.parent_pad(first.0) == Some(parent) {
                self.sibling_funclets.insert(i, i);
            }
        }
        let handlers = self.handlers(i);
        check!(
            self,
            !handlers.is_empty(),
            "CatchSwitchInst cannot have empty handler list",
            i
        );
        for h in handlers {
            let ok = self
                .first_non_phi(h)
                .is_some_and(|x| ctx.opcode(x) == Opcode::CatchPad);
            check!(self, ok, "CatchSwitchInst handlers must be catchpads", i, h);
        }
        if !self.visit_eh_pad_predecessors(i) {
            return;
        }
        self.visit_terminator(i);
    }

    pub(crate) fn visit_cleanup_ret(&mut self, i: Inst) {
        let ctx = self.ctx;
        let pad = ctx.operand(i.0, 0).expect("checked");
        check!(
            self,
            self.is_op(pad, Opcode::CleanupPad),
            "CleanupReturnInst needs to be provided a CleanupPad",
            i,
            pad
        );
        if let Some(ud) = self.unwind_dest(i) {
            let ok = self
                .first_non_phi(ud)
                .is_some_and(|x| self.is_eh_pad(x) && ctx.opcode(x) != Opcode::LandingPad);
            check!(
                self,
                ok,
                "CleanupReturnInst must unwind to an EH block which is not a landingpad.",
                i
            );
        }
        self.visit_terminator(i);
    }

    /// LLVM's `verifySiblingFuncletUnwinds`: no cycle of sibling pads
    /// unwinding into each other.
    pub(crate) fn verify_sibling_funclet_unwinds(&mut self) {
        let map: Vec<(Inst, Inst)> = self
            .sibling_funclets
            .iter()
            .map(|(&a, &b)| (a, b))
            .collect();
        let succ_pad = |this: &Self, t: Inst| -> Option<Inst> {
            this.unwind_dest(t).and_then(|d| this.first_non_phi(d))
        };
        let mut visited: hashbrown::HashSet<Inst> = hashbrown::HashSet::new();
        let mut active: hashbrown::HashSet<Inst> = hashbrown::HashSet::new();
        for &(pred, term) in &map {
            if visited.contains(&pred) {
                continue;
            }
            active.insert(pred);
            let mut term = term;
            while let Some(succ) = succ_pad(self, term) {
                if active.contains(&succ) {
                    let mut cycle: Vec<Item> = Vec::new();
                    let mut cp = succ;
                    loop {
                        cycle.push(cp.into());
                        let Some(&ct) = self.sibling_funclets.get(&cp) else {
                            break;
                        };
                        if ct != cp {
                            cycle.push(ct.into());
                        }
                        match succ_pad(self, ct) {
                            Some(n) if n != succ => cp = n,
                            _ => break,
                        }
                    }
                    self.fail(false, "EH pads can't handle each other's exceptions", cycle);
                    return;
                }
                if !visited.insert(succ) {
                    break;
                }
                let Some(&t) = self.sibling_funclets.get(&succ) else {
                    break;
                };
                term = t;
                active.insert(succ);
            }
            active.clear();
        }
    }
}
