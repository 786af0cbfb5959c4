//! Aggressive dead code elimination: LLVM 19's `ADCEPass`
//! (`Scalar/ADCE.cpp`) with its defaults (control flow removed, loops
//! kept).
//!
//! Owns [`Context::aggressive_dce`]. Everything is dead until shown live:
//! side effects, EH pads and terminators other than `br`/`switch` are the
//! roots; liveness flows to operands, from a PHI to the branches its
//! incoming blocks depend on, and from a live block to the branches it is
//! control dependent on (the reverse iterated dominance frontier over the
//! post-dominator tree, restricted to blocks whose terminators are still
//! dead). Loop back edges and blocks that cannot reach a return keep their
//! branches. A dead conditional branch becomes `br` to the successor
//! latest in a post-order of the reverse CFG; then dead instructions are
//! salvaged into debug records and erased, last first, and debug records
//! whose scope no live instruction's location reaches are dropped.
//! O(instructions + blocks × IDF).

use hashbrown::{HashMap, HashSet};

use super::debuginfo::{location_parts, parent_scope};
use crate::analysis::{IdfCalculator, PostDomTree, Update, UpdateKind};
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{Metadata, SpecKind};
use crate::ir::{Block, Function, Inst};
use crate::Context;

/// What [`Context::aggressive_dce`] changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdceChanged {
    /// Anything at all.
    pub anything: bool,
    /// A non-debug instruction was removed.
    pub non_debug_inst: bool,
    /// A branch was rewritten (the CFG changed).
    pub control_flow: bool,
    /// The CFG edges removed, in LLVM's order: the updates that bring the
    /// dominator and post-dominator trees up to date (LLVM applies them
    /// to its trees; lair leaves that to the caller).
    pub deleted_edges: Vec<Update>,
}

#[derive(Default)]
struct BlockInfo {
    live: bool,
    unconditional: bool,
    has_live_phis: bool,
    cf_live: bool,
    block: Option<Block>,
    term: Option<Inst>,
    post_order: u32,
}

struct Adce<'a> {
    pdt: &'a PostDomTree,
    blocks: Vec<BlockInfo>,
    block_index: HashMap<Block, usize>,
    /// Instruction -> (live, block index).
    insts: HashMap<Inst, (bool, usize)>,
    worklist: Vec<Inst>,
    alive_scopes: HashSet<Metadata>,
    /// LLVM's `SmallSetVector`: insertion order, with removals.
    dead_terms: Vec<usize>,
    dead_term_set: HashSet<usize>,
    new_live: Vec<Block>,
    new_live_set: HashSet<Block>,
}

fn is_unconditional_branch(ctx: &Context, t: Option<Inst>) -> bool {
    t.is_some_and(|t| ctx.opcode(t) == Opcode::Br && ctx.num_operands(t.0) == 1)
}

/// # Aggressive dead code elimination
///
/// LLVM's `ADCEPass`.
impl Context {
    /// Runs LLVM 19's aggressive dead code elimination on `f`, with `pdt`
    /// its post-dominator tree (not updated: the caller applies
    /// [`AdceChanged::deleted_edges`] to its trees, or drops them, when
    /// the control flow changed). Returns what changed.
    pub fn aggressive_dce(&mut self, f: Function, pdt: &PostDomTree) -> AdceChanged {
        let mut a = Adce {
            pdt,
            blocks: Vec::new(),
            block_index: HashMap::new(),
            insts: HashMap::new(),
            worklist: Vec::new(),
            alive_scopes: HashSet::new(),
            dead_terms: Vec::new(),
            dead_term_set: HashSet::new(),
            new_live: Vec::new(),
            new_live_set: HashSet::new(),
        };
        a.initialize(self, f);
        a.mark_live_instructions(self);
        a.remove_dead_instructions(self, f)
    }
}

impl Adce<'_> {
    fn initialize(&mut self, ctx: &Context, f: Function) {
        for b in ctx.blocks(f) {
            let term = ctx.terminator(b);
            let idx = self.blocks.len();
            self.blocks.push(BlockInfo {
                block: Some(b),
                term,
                unconditional: is_unconditional_branch(ctx, term),
                ..BlockInfo::default()
            });
            self.block_index.insert(b, idx);
            for i in ctx.insts(b) {
                self.insts.insert(i, (false, idx));
            }
        }
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi].block.expect("set above");
            for i in ctx.insts(b) {
                if is_always_live(ctx, i) {
                    self.mark_inst_live(ctx, i);
                }
            }
        }
        // Loop back edges found by a depth-first walk keep their branches.
        let entry = ctx.entry_block(f);
        if let Some(entry) = entry {
            self.mark_back_edges(ctx, entry);
        }
        // Blocks that never reach a return keep their branches.
        if let Some(root) = self.pdt.root_node() {
            let kids: Vec<_> = self.pdt.children(root).collect();
            for k in kids {
                let Some(b) = self.pdt.block(k) else { continue };
                let bi = self.block_index[&b];
                if self.blocks[bi]
                    .term
                    .is_some_and(|t| ctx.opcode(t) == Opcode::Ret)
                {
                    continue;
                }
                let mut stack = vec![k];
                while let Some(n) = stack.pop() {
                    if let Some(nb) = self.pdt.block(n) {
                        let t = self.blocks[self.block_index[&nb]].term;
                        if let Some(t) = t {
                            self.mark_inst_live(ctx, t);
                        }
                    }
                    stack.extend(self.pdt.children(n));
                }
            }
        }
        // The entry block is always live.
        if let Some(entry) = entry {
            let ei = self.block_index[&entry];
            self.blocks[ei].live = true;
            if self.blocks[ei].unconditional {
                let t = self.blocks[ei].term.expect("a branch");
                self.mark_inst_live(ctx, t);
            }
        }
        for bi in 0..self.blocks.len() {
            let live = self.blocks[bi]
                .term
                .is_some_and(|t| self.insts.get(&t).is_some_and(|x| x.0));
            if !live {
                self.dead_terms.push(bi);
                self.dead_term_set.insert(bi);
            }
        }
    }

    /// LLVM's `depth_first_ext` from the entry with an on-stack state: a
    /// successor on the stack of the block being visited marks its
    /// terminator live.
    fn mark_back_edges(&mut self, ctx: &Context, entry: Block) {
        // Visited blocks: true while on the stack.
        let mut state: HashMap<Block, bool> = HashMap::new();
        let mut stack: Vec<(Block, Vec<Block>, usize)> = Vec::new();
        let visit = |this: &mut Self, state: &HashMap<Block, bool>, b: Block| {
            let bi = this.block_index[&b];
            let Some(t) = this.blocks[bi].term else {
                return;
            };
            if this.insts[&t].0 {
                return;
            }
            if ctx
                .successors(b)
                .any(|s| state.get(&s).copied().unwrap_or(false))
            {
                this.mark_inst_live(ctx, t);
            }
        };
        state.insert(entry, true);
        visit(self, &state, entry);
        stack.push((entry, ctx.successors(entry).collect(), 0));
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let s = top.1[top.2];
                top.2 += 1;
                if let hashbrown::hash_map::Entry::Vacant(e) = state.entry(s) {
                    e.insert(true);
                    visit(self, &state, s);
                    stack.push((s, ctx.successors(s).collect(), 0));
                }
            } else {
                let b = top.0;
                stack.pop();
                state.insert(b, false);
            }
        }
    }

    fn mark_live_instructions(&mut self, ctx: &Context) {
        loop {
            while let Some(i) = self.worklist.pop() {
                for k in 0..ctx.num_operands(i.0) {
                    if let Some(op) = ctx.operand(i.0, k) {
                        if let Some(oi) = ctx.as_inst(op) {
                            self.mark_inst_live(ctx, oi);
                        }
                    }
                }
                if ctx.opcode(i) == Opcode::Phi {
                    self.mark_phi_live(ctx, i);
                }
            }
            self.mark_live_branches_from_control_dependences(ctx);
            if self.worklist.is_empty() {
                break;
            }
        }
    }

    fn mark_inst_live(&mut self, ctx: &Context, i: Inst) {
        let Some(info) = self.insts.get_mut(&i) else {
            return;
        };
        if info.0 {
            return;
        }
        info.0 = true;
        let bi = info.1;
        self.worklist.push(i);
        if let Some(dl) = ctx.extra(i).and_then(|e| e.dbg) {
            self.collect_live_location(ctx, dl);
        }
        if self.blocks[bi].term == Some(i) {
            if self.dead_term_set.remove(&bi) {
                self.dead_terms.retain(|&x| x != bi);
            }
            if !self.blocks[bi].unconditional {
                let b = self.blocks[bi].block.expect("set");
                let succs: Vec<Block> = ctx.successors(b).collect();
                for s in succs {
                    if let Some(&si) = self.block_index.get(&s) {
                        self.mark_block_live(ctx, si);
                    }
                }
            }
        }
        self.mark_block_live(ctx, bi);
    }

    fn mark_block_live(&mut self, ctx: &Context, bi: usize) {
        if self.blocks[bi].live {
            return;
        }
        self.blocks[bi].live = true;
        if !self.blocks[bi].cf_live {
            self.blocks[bi].cf_live = true;
            let b = self.blocks[bi].block.expect("set");
            if self.new_live_set.insert(b) {
                self.new_live.push(b);
            }
        }
        if self.blocks[bi].unconditional {
            let t = self.blocks[bi].term.expect("a branch");
            self.mark_inst_live(ctx, t);
        }
    }

    /// LLVM's `collectLiveScopes(const DILocation &)`.
    fn collect_live_location(&mut self, ctx: &Context, mut dl: Metadata) {
        for _ in 0..100_000 {
            if !self.alive_scopes.insert(dl) {
                return;
            }
            let Some((_, _, scope, ia)) = location_parts(ctx, dl) else {
                return;
            };
            self.collect_live_scope(ctx, scope);
            match ia {
                Some(ia) => dl = ia,
                None => return,
            }
        }
    }

    /// LLVM's `collectLiveScopes(const DILocalScope &)`.
    fn collect_live_scope(&mut self, ctx: &Context, mut s: Metadata) {
        for _ in 0..100_000 {
            if !self.alive_scopes.insert(s) {
                return;
            }
            if ctx.md_data(s).spec_kind() == Some(SpecKind::DISubprogram) {
                return;
            }
            match parent_scope(ctx, s) {
                Some(p) => s = p,
                None => return,
            }
        }
    }

    fn mark_phi_live(&mut self, ctx: &Context, phi: Inst) {
        let Some(b) = ctx.inst_parent(phi) else {
            return;
        };
        let bi = self.block_index[&b];
        if self.blocks[bi].has_live_phis {
            return;
        }
        self.blocks[bi].has_live_phis = true;
        let preds: Vec<Block> = ctx.predecessors(b).collect();
        for p in preds {
            let Some(&pi) = self.block_index.get(&p) else {
                continue;
            };
            if !self.blocks[pi].cf_live {
                self.blocks[pi].cf_live = true;
                if self.new_live_set.insert(p) {
                    self.new_live.push(p);
                }
            }
        }
    }

    fn mark_live_branches_from_control_dependences(&mut self, ctx: &Context) {
        if self.dead_terms.is_empty() {
            return;
        }
        let live_in: Vec<Block> = self
            .dead_terms
            .iter()
            .map(|&bi| self.blocks[bi].block.expect("set"))
            .collect();
        let mut idf = IdfCalculator::new(self.pdt);
        idf.set_defining_blocks(ctx, &self.new_live);
        idf.set_live_in_blocks(ctx, &live_in);
        let mut out = Vec::new();
        idf.calculate(ctx, &mut out);
        self.new_live.clear();
        self.new_live_set.clear();
        for b in out {
            if let Some(t) = ctx.terminator(b) {
                self.mark_inst_live(ctx, t);
            }
        }
    }

    fn is_live(&self, i: Inst) -> bool {
        self.insts.get(&i).is_some_and(|x| x.0)
    }

    fn remove_dead_instructions(&mut self, ctx: &mut Context, f: Function) -> AdceChanged {
        let mut deleted_edges = Vec::new();
        let mut changed = AdceChanged {
            control_flow: self.update_dead_regions(ctx, &mut deleted_edges),
            deleted_edges,
            ..AdceChanged::default()
        };
        let assign_ids = assignment_ids(ctx, f);
        let blocks: Vec<Block> = ctx.blocks(f).collect();
        let mut dead: Vec<Inst> = Vec::new();
        for &b in blocks.iter().rev() {
            let insts: Vec<Inst> = ctx.insts(b).collect();
            for &i in insts.iter().rev() {
                self.drop_dead_scope_records(ctx, i, &assign_ids);
                if self.is_live(i) {
                    continue;
                }
                changed.non_debug_inst = true;
                dead.push(i);
                ctx.salvage_debug_info(i);
            }
        }
        for &i in &dead {
            let n = ctx.num_operands(i.0);
            for k in 0..n {
                ctx.set_operand(i.0, k, None);
            }
        }
        for &i in &dead {
            ctx.erase_inst(i);
        }
        changed.anything = changed.control_flow || !dead.is_empty();
        changed
    }

    /// Drops the debug records before `i` whose location's scope is not
    /// alive (a `#dbg_assign` linked to an instruction stays).
    fn drop_dead_scope_records(&self, ctx: &mut Context, i: Inst, assign_ids: &HashSet<Metadata>) {
        let recs = ctx.dbg_records(i);
        if recs.is_empty() {
            return;
        }
        let keep: Vec<bool> = recs
            .iter()
            .map(|r| {
                if &*r.kind == "assign" && r.ops[3].is_some_and(|id| assign_ids.contains(&id)) {
                    return true;
                }
                let scope = r
                    .ops
                    .last()
                    .copied()
                    .flatten()
                    .and_then(|dl| location_parts(ctx, dl))
                    .map(|p| p.2);
                scope.is_some_and(|s| self.alive_scopes.contains(&s))
            })
            .collect();
        if keep.iter().all(|&k| k) {
            return;
        }
        let recs = ctx.take_dbg_records(i);
        let kept: Vec<_> = recs
            .into_iter()
            .zip(keep)
            .filter_map(|(r, k)| k.then_some(r))
            .collect();
        ctx.set_dbg_records(i, kept);
    }

    /// Rewrites each still-dead conditional terminator as a branch to its
    /// successor latest in the reverse-CFG post-order (LLVM's
    /// `updateDeadRegions`); each removed edge is pushed on `deleted`.
    fn update_dead_regions(&mut self, ctx: &mut Context, deleted: &mut Vec<Update>) -> bool {
        let mut have_post_order = false;
        let mut changed = false;
        let dead_terms = std::mem::take(&mut self.dead_terms);
        for &bi in &dead_terms {
            if self.blocks[bi].unconditional {
                let t = self.blocks[bi].term.expect("a branch");
                if let Some(x) = self.insts.get_mut(&t) {
                    x.0 = true;
                }
                continue;
            }
            if !have_post_order {
                self.compute_reverse_post_order(ctx);
                have_post_order = true;
            }
            let b = self.blocks[bi].block.expect("set");
            let succs: Vec<Block> = ctx.successors(b).collect();
            let mut preferred: Option<(Block, u32)> = None;
            for &s in &succs {
                let po = self
                    .block_index
                    .get(&s)
                    .map_or(0, |&si| self.blocks[si].post_order);
                if preferred.is_none_or(|(_, p)| p < po) {
                    preferred = Some((s, po));
                }
            }
            let Some((target, _)) = preferred else {
                continue;
            };
            let mut first = true;
            let mut removed: Vec<Block> = Vec::new();
            for &s in &succs {
                if !first || s != target {
                    ctx.remove_predecessor(s, b, false);
                    if !removed.contains(&s) {
                        removed.push(s);
                    }
                } else {
                    first = false;
                }
            }
            self.make_unconditional(ctx, bi, target);
            // A successor that was also the target keeps its edge.
            for s in removed.into_iter().filter(|&s| s != target) {
                deleted.push(Update {
                    kind: UpdateKind::Delete,
                    from: b,
                    to: s,
                });
            }
            changed = true;
        }
        changed
    }

    /// LLVM's `computeReversePostOrder`: post-order numbers of the reverse
    /// CFG, from each block without successors in function order.
    fn compute_reverse_post_order(&mut self, ctx: &Context) {
        let mut visited: HashSet<Block> = HashSet::new();
        let mut n = 0u32;
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi].block.expect("set");
            if ctx.successors(b).len() != 0 {
                continue;
            }
            if !visited.insert(b) {
                continue;
            }
            let mut stack: Vec<(Block, Vec<Block>, usize)> =
                vec![(b, ctx.predecessors(b).collect(), 0)];
            while let Some(top) = stack.last_mut() {
                if top.2 < top.1.len() {
                    let p = top.1[top.2];
                    top.2 += 1;
                    if visited.insert(p) {
                        stack.push((p, ctx.predecessors(p).collect(), 0));
                    }
                } else {
                    let done = top.0;
                    stack.pop();
                    if let Some(&di) = self.block_index.get(&done) {
                        self.blocks[di].post_order = n;
                    }
                    n += 1;
                }
            }
        }
    }

    fn make_unconditional(&mut self, ctx: &mut Context, bi: usize, target: Block) {
        let t = self.blocks[bi].term.expect("a terminator");
        if let Some(dl) = ctx.extra(t).and_then(|e| e.dbg) {
            self.collect_live_location(ctx, dl);
        }
        if is_unconditional_branch(ctx, Some(t)) {
            ctx.set_operand(t.0, 0, Some(target.0));
            if let Some(x) = self.insts.get_mut(&t) {
                x.0 = true;
            }
            return;
        }
        let void = ctx.void_type();
        let br = ctx.create_inst(Opcode::Br, void, &[target.0], InstPayload::None);
        ctx.insert_inst_before(t, br);
        self.insts.insert(br, (true, bi));
        if let Some(dl) = ctx.extra(t).and_then(|e| e.dbg) {
            ctx.extra_mut(br).dbg = Some(dl);
        }
        self.insts.remove(&t);
        let n = ctx.num_operands(t.0);
        for k in 0..n {
            ctx.set_operand(t.0, k, None);
        }
        ctx.erase_inst(t);
        self.blocks[bi].term = Some(br);
    }
}

/// LLVM's `isAlwaysLive` (with control flow removal on).
fn is_always_live(ctx: &Context, i: Inst) -> bool {
    if ctx.is_eh_pad(i) || ctx.may_have_side_effects(i) {
        return !is_instruments_constant(ctx, i);
    }
    let op = ctx.opcode(i);
    op.is_terminator() && !matches!(op, Opcode::Br | Opcode::Switch)
}

/// A value-profiling call on a constant (LLVM's `isInstrumentsConstant`).
fn is_instruments_constant(ctx: &Context, i: Inst) -> bool {
    if ctx.opcode(i) != Opcode::Call {
        return false;
    }
    let Some(callee) = ctx.called_function(i) else {
        return false;
    };
    if ctx.name_of(callee.0) != Some("__llvm_profile_instrument_target") {
        return false;
    }
    ctx.operand(i.0, 0)
        .is_some_and(|a| ctx.value_kind(a).is_constant())
}

/// The `!DIAssignID`s some instruction of `f` carries (a `#dbg_assign`
/// naming one is linked and stays).
fn assignment_ids(ctx: &Context, f: Function) -> HashSet<Metadata> {
    let mut out = HashSet::new();
    let Some(kind) = ctx.md_find_kind("DIAssignID") else {
        return out;
    };
    for b in ctx.blocks(f) {
        for i in ctx.insts(b) {
            if let Some(id) = ctx.extra(i).and_then(|e| e.md.get(kind)) {
                out.insert(id);
            }
        }
    }
    out
}
