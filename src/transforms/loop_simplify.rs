//! Loop canonical form: LLVM 19's `LoopSimplify.cpp` (`simplifyLoop`,
//! `InsertPreheaderForLoop`, `separateNestedLoop`,
//! `insertUniqueBackedgeBlock`), `formDedicatedExitBlocks`
//! (`LoopUtils.cpp`) and the loop upkeep of `SplitBlockPredecessors`
//! (`BasicBlockUtils.cpp`).
//!
//! Owns [`Context::simplify_loops`]. Each top-level loop nest is walked
//! inner loops first (LLVM's worklist); for each loop: edges from
//! unreachable blocks into non-header blocks become `unreachable`,
//! `br i1 undef` exits are resolved to exit, a `<header>.preheader` is
//! split off the outside predecessors (placed after an outside
//! predecessor, preferring one followed by a loop block), exit blocks with
//! outside predecessors get a `<exit>.loopexit` block for the loop's
//! edges, a header PHI that feeds itself along some backedges splits the
//! loop into a `<header>.outer` loop around it (fewer than 8 backedges),
//! and otherwise several backedges meet in a `<header>.backedge` block
//! (after the last backedge block, with `<phi>.be` PHIs and the
//! `!llvm.loop` node); header PHIs that merge one value are then removed.
//! An `indirectbr` predecessor stops the step it would have to split, as
//! in LLVM. Split PHIs are `<phi>.ph`; a split that makes a header's entry
//! block gets the loop's start location as LLVM's does.
//!
//! The pass keeps its own copy of the loop forest (`Forest`: per loop its
//! blocks in LLVM's order, appended to as LLVM's `addBasicBlockToLoop`
//! does, sub-loops, parent), because LLVM's later steps iterate the
//! updated blocks, and that order decides names like `.loopexit1`. The
//! dominator tree is recomputed when a step asks a dominance question
//! after the CFG changed (the tree is unique, so the answers are LLVM's).
//!
//! Last, when all exits go to one block, instructions of single-predecessor
//! exiting blocks that branch on their own compare are hoisted to the
//! preheader while they can be (`makeLoopInvariant`); a block so cleared
//! is folded into its predecessor ([`Context::fold_branch_to_common_dest`],
//! `or.cond`) and erased. A landing-pad header or exit is split as
//! `SplitLandingPadPredecessors` does (`<b><suffix>` and
//! `<b><suffix>.split-lp`, each with a copy of the pad).

use hashbrown::{HashMap, HashSet};

use super::simplify::{is_undef_or_poison, simplify_phi};
use crate::analysis::{loops, DomTree, LoopInfo};
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdData, MdKindId, Metadata, SpecKind};
use crate::ir::{Block, Function, Inst};
use crate::layout::LayoutCache;
use crate::value::Value;
use crate::Context;

/// One loop of the pass's forest.
struct Rec {
    /// Header first, then the rest in LLVM's order.
    blocks: Vec<Block>,
    set: HashSet<Block>,
    parent: Option<usize>,
    subs: Vec<usize>,
}

/// The loop forest as LLVM's `LoopInfo` holds it while loop-simplify
/// changes it.
struct Forest {
    recs: Vec<Rec>,
    top: Vec<usize>,
    of: HashMap<Block, usize>,
}

impl Forest {
    fn new(li: &LoopInfo) -> Self {
        let mut f = Forest {
            recs: Vec::with_capacity(li.num_loops()),
            top: Vec::new(),
            of: HashMap::new(),
        };
        let mut ids: HashMap<crate::analysis::Loop, usize> = HashMap::new();
        let mut order = li.loops_in_preorder();
        // Pre-order visits parents first; parents' ids are needed first.
        for &l in &order {
            let id = f.recs.len();
            ids.insert(l, id);
            let blocks = li.blocks(l).to_vec();
            let set = blocks.iter().copied().collect();
            let parent = li.parent(l).map(|p| ids[&p]);
            f.recs.push(Rec {
                blocks,
                set,
                parent,
                subs: Vec::new(),
            });
        }
        for &l in &order {
            let id = ids[&l];
            f.recs[id].subs = li.sub_loops(l).iter().map(|s| ids[s]).collect();
            for &b in li.blocks(l) {
                f.of.insert(b, id);
            }
        }
        f.top = li.top_level_loops().iter().map(|l| ids[l]).collect();
        order.clear();
        f
    }

    fn header(&self, l: usize) -> Block {
        self.recs[l].blocks[0]
    }

    fn contains(&self, l: usize, b: Block) -> bool {
        self.recs[l].set.contains(&b)
    }

    fn depth(&self, l: usize) -> u32 {
        let mut d = 1;
        let mut x = self.recs[l].parent;
        while let Some(y) = x {
            d += 1;
            x = self.recs[y].parent;
        }
        d
    }

    fn loop_for(&self, b: Block) -> Option<usize> {
        self.of.get(&b).copied()
    }

    /// LLVM's `addBasicBlockToLoop`.
    fn add_block(&mut self, l: usize, b: Block) {
        self.of.insert(b, l);
        let mut x = Some(l);
        while let Some(y) = x {
            self.recs[y].blocks.push(b);
            self.recs[y].set.insert(b);
            x = self.recs[y].parent;
        }
    }

    /// LLVM's `LoopInfo::removeBlock`: `b` leaves every loop holding it,
    /// the others keeping their order.
    fn remove_block(&mut self, b: Block) {
        let mut x = self.of.remove(&b);
        while let Some(y) = x {
            let rec = &mut self.recs[y];
            if let Some(k) = rec.blocks.iter().position(|&z| z == b) {
                rec.blocks.remove(k);
            }
            rec.set.remove(&b);
            x = rec.parent;
        }
    }

    /// LLVM's `moveToHeader`.
    fn move_to_header(&mut self, l: usize, b: Block) {
        let blocks = &mut self.recs[l].blocks;
        if blocks[0] == b {
            return;
        }
        if let Some(k) = blocks.iter().position(|&x| x == b) {
            blocks.swap(0, k);
        }
    }

    fn loop_predecessor(&self, ctx: &Context, l: usize) -> Option<Block> {
        loops::loop_predecessor(ctx, self.header(l), |b| self.contains(l, b))
    }

    fn preheader(&self, ctx: &Context, l: usize) -> Option<Block> {
        loops::preheader(ctx, self.loop_predecessor(ctx, l)?)
    }

    fn latches(&self, ctx: &Context, l: usize) -> Vec<Block> {
        ctx.predecessors(self.header(l))
            .filter(|&p| self.contains(l, p))
            .collect()
    }

    /// LLVM's `getLoopLatch`: the one backedge's block (two edges from
    /// one block count as two).
    fn latch(&self, ctx: &Context, l: usize) -> Option<Block> {
        let ls = self.latches(ctx, l);
        (ls.len() == 1).then(|| ls[0])
    }

    fn loop_id(&self, ctx: &Context, l: usize) -> Option<Metadata> {
        loops::loop_id(ctx, self.latches(ctx, l))
    }

    /// LLVM's `Loop::getStartLoc`: the first location in the loop ID, else
    /// the preheader's or the header's terminator's.
    fn start_loc(&self, ctx: &Context, l: usize) -> Option<Metadata> {
        if let Some(id) = self.loop_id(ctx, l) {
            if let MdData::Tuple { ops, .. } = ctx.md_data(id) {
                for m in ops.iter().skip(1).flatten() {
                    let m = ctx.md_resolved(*m);
                    if ctx.md_data(m).spec_kind() == Some(SpecKind::DILocation) {
                        return Some(m);
                    }
                }
            }
        }
        if let Some(ph) = self.preheader(ctx, l) {
            if let Some(dl) = ctx.terminator(ph).and_then(|t| ctx.dbg_loc(t)) {
                return Some(dl);
            }
        }
        ctx.terminator(self.header(l)).and_then(|t| ctx.dbg_loc(t))
    }
}

/// The state of one run: the forest, reachability and a dominator tree
/// valid until the CFG changes.
struct State {
    f: Function,
    layout: LayoutCache,
    forest: Forest,
    reachable: HashSet<Block>,
    dt: Option<DomTree>,
}

/// The dominator tree of `f`, rebuilt if the CFG changed since.
fn dt_of<'a>(dt: &'a mut Option<DomTree>, ctx: &Context, f: Function) -> &'a DomTree {
    dt.get_or_insert_with(|| DomTree::new(ctx, f))
}

/// # Loop simplify form
///
/// LLVM's `LoopSimplify`.
impl Context {
    /// Puts every loop of `f` into loop-simplify form (LLVM's
    /// `LoopSimplifyPass`); `dt` and `li` are `f`'s before the change and
    /// are stale afterwards when it returns `true`.
    pub fn simplify_loops(&mut self, f: Function, dt: &DomTree, li: &LoopInfo) -> bool {
        self.simplify_loops_forest(f, dt, li).0
    }

    fn simplify_loops_forest(
        &mut self,
        f: Function,
        dt: &DomTree,
        li: &LoopInfo,
    ) -> (bool, Forest) {
        let reachable: HashSet<Block> = self.blocks(f).filter(|&b| dt.contains(self, b)).collect();
        let m = self.global_parent(f.0);
        let layout = self.module_layout_cache(m).unwrap_or_else(|e| {
            panic!("simplify_loops: the module's data layout is unusable: {e}")
        });
        let mut st = State {
            f,
            layout,
            forest: Forest::new(li),
            reachable,
            dt: None,
        };
        let mut changed = false;
        let mut k = 0;
        while k < st.forest.top.len() {
            let l = st.forest.top[k];
            changed |= self.simplify_loop_nest(&mut st, l);
            k += 1;
        }
        (changed, st.forest)
    }

    /// [`simplify_loops`](Self::simplify_loops) keeping `dt` and `li` up
    /// to date, as LLVM's `LoopSimplifyPass` preserves them: `li` becomes
    /// the pass's forest (new blocks appended to their loops, as LLVM's
    /// `addBasicBlockToLoop` does), `dt` is rebuilt (a dominator tree is
    /// unique).
    pub fn simplify_loops_updating(
        &mut self,
        f: Function,
        dt: &mut DomTree,
        li: &mut LoopInfo,
    ) -> bool {
        let (changed, forest) = self.simplify_loops_forest(f, dt, li);
        if changed {
            *dt = DomTree::new(self, f);
            let parts: Vec<(&[Block], Option<usize>, &[usize])> = forest
                .recs
                .iter()
                .map(|r| (&r.blocks[..], r.parent, &r.subs[..]))
                .collect();
            let innermost = forest.of.iter().map(|(&b, &l)| (b, l));
            *li = LoopInfo::from_parts(self, f, &parts, &forest.top, innermost);
        }
        changed
    }

    /// LLVM's `simplifyLoop`: `l` and its sub-loops, innermost first.
    fn simplify_loop_nest(&mut self, st: &mut State, l: usize) -> bool {
        let mut work = vec![l];
        let mut idx = 0;
        while idx < work.len() {
            let subs = st.forest.recs[work[idx]].subs.clone();
            work.extend(subs);
            idx += 1;
        }
        let mut changed = false;
        while let Some(l) = work.pop() {
            changed |= self.simplify_one_loop(st, l, &mut work);
        }
        changed
    }

    /// LLVM's `simplifyOneLoop`.
    fn simplify_one_loop(&mut self, st: &mut State, l: usize, work: &mut Vec<usize>) -> bool {
        let mut changed = false;
        let mut exiting: Vec<Block>;
        let mut preheader;
        loop {
            // Edges into non-header blocks from outside come from
            // unreachable blocks: cut them.
            let blocks = st.forest.recs[l].blocks.clone();
            let header = st.forest.header(l);
            for &b in &blocks {
                if b == header {
                    continue;
                }
                let mut bad: Vec<Block> = Vec::new();
                for p in self.predecessors(b) {
                    if !st.forest.contains(l, p) && !bad.contains(&p) {
                        bad.push(p);
                    }
                }
                for p in bad {
                    let t = self.terminator(p).expect("a predecessor has a terminator");
                    self.change_to_unreachable(t, false);
                    st.dt = None;
                    changed = true;
                }
            }
            exiting = st.forest.recs[l]
                .blocks
                .iter()
                .copied()
                .filter(|&b| self.successors(b).any(|s| !st.forest.contains(l, s)))
                .collect();
            for &b in &exiting {
                let Some(t) = self.terminator(b) else {
                    continue;
                };
                if self.opcode(t) != Opcode::Br || self.num_operands(t.0) != 3 {
                    continue;
                }
                let c = self.operand(t.0, 0).expect("a condition");
                if is_undef_or_poison(self, c) {
                    let s0 = self.inst_successors(t).next().expect("a successor");
                    let i1 = self.type_of(c);
                    let v = self.const_int(i1, u64::from(!st.forest.contains(l, s0)));
                    self.set_operand(t.0, 0, Some(v));
                    changed = true;
                }
            }
            preheader = st.forest.preheader(self, l);
            if preheader.is_none() {
                preheader = self.insert_preheader(st, l);
                if preheader.is_some() {
                    changed = true;
                }
            }
            if self.form_dedicated_exits(st, l) {
                changed = true;
            }
            if st.forest.latch(self, l).is_none() {
                if st.forest.latches(self, l).len() < 8 {
                    if let Some(outer) = self.separate_nested_loop(st, l, preheader) {
                        work.push(outer);
                        changed = true;
                        continue;
                    }
                }
                if self.insert_unique_backedge(st, l, preheader).is_some() {
                    changed = true;
                }
            }
            break;
        }
        let header = st.forest.header(l);
        let phis: Vec<Inst> = self.phis(header).collect();
        for pn in phis {
            let needs_dt = (0..self.num_operands(pn.0)).any(|k| {
                self.operand(pn.0, k)
                    .is_some_and(|v| is_undef_or_poison(self, v))
            });
            let v = if needs_dt {
                let dt = dt_of(&mut st.dt, self, st.f);
                simplify_phi(self, pn, Some(dt))
            } else {
                simplify_phi(self, pn, None)
            };
            if let Some(v) = v {
                self.replace_all_uses_with(pn.0, v);
                self.erase_inst(pn);
            }
        }
        changed |= self.hoist_from_exiting_blocks(st, l, &exiting, preheader);
        changed
    }

    /// LLVM's exit merging: when every exit edge goes to one block, each
    /// single-predecessor exiting block that branches on a compare of its
    /// own has its other instructions made loop-invariant (hoisted before
    /// the preheader's terminator) until one cannot be; a block so cleared
    /// whose branch folds into its predecessor's
    /// (`FoldBranchToCommonDest`) leaves the loops and is erased. Returns
    /// whether anything changed.
    fn hoist_from_exiting_blocks(
        &mut self,
        st: &mut State,
        l: usize,
        exiting: &[Block],
        preheader: Option<Block>,
    ) -> bool {
        let mut unique: Option<Block> = None;
        for &b in exiting {
            for s in self.successors(b) {
                if st.forest.contains(l, s) {
                    continue;
                }
                match unique {
                    None => unique = Some(s),
                    Some(u) if u != s => return false,
                    _ => {}
                }
            }
        }
        let insert_pt = preheader.and_then(|p| self.terminator(p));
        let mut changed = false;
        for &b in exiting {
            if self.predecessors(b).take(2).count() != 1 {
                continue;
            }
            let Some(bi) = self.terminator(b) else {
                continue;
            };
            if self.opcode(bi) != Opcode::Br || self.num_operands(bi.0) != 3 {
                continue;
            }
            let ci = self.operand(bi.0, 0).and_then(|c| self.as_inst(c));
            let Some(ci) = ci.filter(|&c| {
                matches!(self.opcode(c), Opcode::ICmp | Opcode::FCmp)
                    && self.inst_parent(c) == Some(b)
            }) else {
                continue;
            };
            let mut all_invariant = true;
            let mut cur = self.first_inst(b);
            while let Some(i) = cur {
                if i == bi {
                    break;
                }
                cur = self.next_inst(i);
                if i == ci {
                    continue;
                }
                if !self.make_loop_invariant(st, l, i, insert_pt, &mut changed) {
                    all_invariant = false;
                    break;
                }
            }
            if !all_invariant || !self.fold_branch_to_common_dest(bi) {
                continue;
            }
            // The block is now dead: out of the loops, out of the CFG.
            changed = true;
            st.forest.remove_block(b);
            st.reachable.remove(&b);
            st.dt = None;
            let succs: Vec<Block> = self.inst_successors(bi).collect();
            for s in succs {
                self.remove_predecessor(s, b, false);
            }
            self.erase_block(b);
        }
        changed
    }

    /// LLVM's `Loop::makeLoopInvariant`: `i` is outside `l`, or is moved
    /// before `insert_pt` (the preheader's terminator) after its operands,
    /// when it may run speculatively and reads no memory; its metadata but
    /// `!dbg` and `!DIAssignID` is dropped.
    fn make_loop_invariant(
        &mut self,
        st: &mut State,
        l: usize,
        i: Inst,
        insert_pt: Option<Inst>,
        changed: &mut bool,
    ) -> bool {
        let Some(b) = self.inst_parent(i) else {
            return true;
        };
        if !st.forest.contains(l, b) {
            return true;
        }
        if !self.is_safe_to_speculatively_execute(i, &mut st.layout)
            || self.may_read_from_memory(i)
            || self.is_eh_pad(i)
        {
            return false;
        }
        let pt = match insert_pt {
            Some(p) => p,
            None => match st
                .forest
                .preheader(self, l)
                .and_then(|p| self.terminator(p))
            {
                Some(p) => p,
                None => return false,
            },
        };
        let n = self.num_operands(i.0);
        for k in 0..n {
            let Some(op) = self.operand(i.0, k).and_then(|v| self.as_inst(v)) else {
                continue;
            };
            if !self.make_loop_invariant(st, l, op, Some(pt), changed) {
                return false;
            }
        }
        self.move_inst_before(i, pt);
        let kinds: Vec<MdKindId> = self
            .extra(i)
            .map(|e| e.md.iter().map(|(k, _)| k).collect())
            .unwrap_or_default();
        for k in kinds {
            if k != MdKindId::DI_ASSIGN_ID && k != MdKindId::DBG {
                self.set_inst_metadata(i, k, None);
            }
        }
        *changed = true;
        true
    }

    /// `SplitBlockPredecessors` with the pass's loop forest: a new block
    /// `<b><suffix>` takes the edges from `preds` (a landing pad is split
    /// by [`split_landing_pad_preds`](Self::split_landing_pad_preds));
    /// `None` when `b` is another exception-handling pad, which cannot be
    /// split.
    fn split_preds_in_forest(
        &mut self,
        st: &mut State,
        b: Block,
        preds: &[Block],
        suffix: &str,
    ) -> Option<Block> {
        if let Some(first) = self.first_non_phi(b) {
            if self.opcode(first) == Opcode::LandingPad {
                return Some(self.split_landing_pad_preds(st, b, first, preds, suffix));
            }
            if self.is_eh_pad(first) {
                return None;
            }
        }
        let header_of = st.forest.loop_for(b).filter(|&l| st.forest.header(l) == b);
        let (dl, old_latch) = match header_of {
            Some(l) => (st.forest.start_loc(self, l), st.forest.latch(self, l)),
            None => (self.first_non_phi(b).and_then(|i| self.dbg_loc(i)), None),
        };
        let (nb, br) = self.split_preds_rewire(b, preds, suffix, dl);
        self.note_split_in_forest(st, b, nb, preds);
        self.split_preds_update_phis(b, nb, preds, br);
        if let (Some(l), Some(old)) = (header_of, old_latch) {
            let new = st.forest.latch(self, l);
            if let Some(new) = new.filter(|&n| n != old) {
                let old_t = self.terminator(old).expect("a latch has a terminator");
                let md = self.inst_metadata(old_t, MdKindId::LOOP);
                let new_t = self.terminator(new).expect("a latch has a terminator");
                self.set_inst_metadata(new_t, MdKindId::LOOP, md);
                let il = st.forest.loop_for(old);
                if il.is_some_and(|il| st.forest.latch(self, il) != Some(old)) {
                    self.set_inst_metadata(old_t, MdKindId::LOOP, None);
                }
            }
        }
        Some(nb)
    }

    /// LLVM's `SplitLandingPadPredecessors` with the pass's forest:
    /// `<b><suffix>` takes the edges from `preds` and
    /// `<b><suffix>.split-lp` the others (when there are any), each
    /// beginning with a copy of the landing pad `lp` (`lpad<suffix>`,
    /// `lpad<suffix>.split-lp`) merged by an `lpad.phi` PHI when `lp` has
    /// uses; `lp` is erased.
    fn split_landing_pad_preds(
        &mut self,
        st: &mut State,
        b: Block,
        lp: Inst,
        preds: &[Block],
        suffix: &str,
    ) -> Block {
        let dl = self.dbg_loc(lp);
        let (nb1, br1) = self.split_preds_rewire(b, preds, suffix, dl);
        self.note_split_in_forest(st, b, nb1, preds);
        self.split_preds_update_phis(b, nb1, preds, br1);
        let rest: Vec<Block> = self.predecessors(b).filter(|&p| p != nb1).collect();
        let suffix2 = format!("{suffix}.split-lp");
        let second = if rest.is_empty() {
            None
        } else {
            let (nb2, br2) = self.split_preds_rewire(b, &rest, &suffix2, dl);
            self.note_split_in_forest(st, b, nb2, &rest);
            self.split_preds_update_phis(b, nb2, &rest, br2);
            Some((nb2, br2))
        };
        let clone_lp = |ctx: &mut Context, at: Inst, name: &str| -> Inst {
            let vm = super::ValueMap::new();
            let c = ctx.clone_inst_shell(lp, &vm);
            let md: Vec<(MdKindId, Metadata)> = ctx
                .extra(lp)
                .map(|e| e.md.iter().collect())
                .unwrap_or_default();
            for (k, m) in md {
                ctx.set_inst_metadata(c, k, Some(m));
            }
            ctx.set_dbg_loc(c, dl);
            ctx.insert_inst_before_records(at, c);
            ctx.set_name(c.0, name);
            c
        };
        let c1 = clone_lp(self, br1, &format!("lpad{suffix}"));
        match second {
            Some((nb2, br2)) => {
                let c2 = clone_lp(self, br2, &format!("lpad{suffix2}"));
                if !self.use_empty(lp.0) {
                    let ty = self.type_of(lp.0);
                    let pn = self.create_inst(Opcode::Phi, ty, &[], InstPayload::None);
                    self.phi_reserve(pn, 2);
                    self.insert_inst_before(lp, pn);
                    self.set_name(pn.0, "lpad.phi");
                    self.phi_add_incoming(pn, c1.0, nb1);
                    self.phi_add_incoming(pn, c2.0, nb2);
                    self.replace_all_uses_with(lp.0, pn.0);
                }
            }
            None => self.replace_all_uses_with(lp.0, c1.0),
        }
        self.erase_inst(lp);
        nb1
    }

    /// `UpdateAnalysisInformation` of `SplitBlockPredecessors` for the
    /// pass's forest: `nb`, new before `b` with the edges from `preds`,
    /// joins the loop LLVM puts it in.
    fn note_split_in_forest(&mut self, st: &mut State, b: Block, nb: Block, preds: &[Block]) {
        st.dt = None;
        if preds.iter().any(|p| st.reachable.contains(p)) {
            st.reachable.insert(nb);
        }
        if let Some(l) = st.forest.loop_for(b) {
            let mut is_entry = true;
            let mut new_header = false;
            for &p in preds {
                if !st.reachable.contains(&p) {
                    continue;
                }
                if st.forest.contains(l, p) {
                    is_entry = false;
                } else {
                    new_header = true;
                }
            }
            if is_entry {
                let mut best: Option<usize> = None;
                for &p in preds {
                    let mut pl = st.forest.loop_for(p);
                    while let Some(x) = pl {
                        if st.forest.contains(x, b) {
                            break;
                        }
                        pl = st.forest.recs[x].parent;
                    }
                    if let Some(x) = pl {
                        if best.is_none_or(|bl| st.forest.depth(bl) < st.forest.depth(x)) {
                            best = Some(x);
                        }
                    }
                }
                if let Some(x) = best {
                    st.forest.add_block(x, nb);
                }
            } else {
                st.forest.add_block(l, nb);
                if new_header {
                    st.forest.move_to_header(l, nb);
                }
            }
        }
    }

    /// LLVM's `placeSplitBlockCarefully`.
    fn place_split_block(&mut self, st: &State, nb: Block, preds: &[Block], l: usize) {
        let prev = self.prev_block(nb);
        if prev.is_some_and(|p| preds.contains(&p)) {
            return;
        }
        let found = preds
            .iter()
            .copied()
            .find(|&p| self.next_block(p).is_some_and(|n| st.forest.contains(l, n)))
            .unwrap_or(preds[0]);
        let f = self.block_parent(nb).expect("a block in a function");
        self.remove_block(nb);
        let next = self.next_block(found);
        self.insert_block(f, nb, next);
    }

    fn prev_block(&self, b: Block) -> Option<Block> {
        self.block_parent(b)?;
        let prev = self.graph.get(b.0).b;
        (prev != crate::entity::NONE).then(|| Block(self.graph.handle(prev)))
    }

    /// LLVM's `InsertPreheaderForLoop`.
    fn insert_preheader(&mut self, st: &mut State, l: usize) -> Option<Block> {
        let header = st.forest.header(l);
        let mut outside: Vec<Block> = Vec::new();
        for p in self.predecessors(header) {
            if !st.forest.contains(l, p) {
                let t = self.terminator(p)?;
                if self.opcode(t) == Opcode::IndirectBr {
                    return None;
                }
                outside.push(p);
            }
        }
        let nb = self.split_preds_in_forest(st, header, &outside, ".preheader")?;
        if !outside.is_empty() {
            self.place_split_block(st, nb, &outside, l);
        }
        Some(nb)
    }

    /// LLVM's `formDedicatedExitBlocks`.
    fn form_dedicated_exits(&mut self, st: &mut State, l: usize) -> bool {
        let mut changed = false;
        let mut visited: HashSet<Block> = HashSet::new();
        let mut k = 0;
        while k < st.forest.recs[l].blocks.len() {
            let b = st.forest.recs[l].blocks[k];
            k += 1;
            let mut s = 0;
            while let Some(succ) = self.successors(b).nth(s) {
                s += 1;
                if st.forest.contains(l, succ) || !visited.insert(succ) {
                    continue;
                }
                changed |= self.rewrite_exit(st, l, succ);
            }
        }
        changed
    }

    fn rewrite_exit(&mut self, st: &mut State, l: usize, exit: Block) -> bool {
        let mut in_loop: Vec<Block> = Vec::new();
        let mut dedicated = true;
        for p in self.predecessors(exit) {
            if st.forest.contains(l, p) {
                let t = self.terminator(p).expect("a predecessor has a terminator");
                if self.opcode(t) == Opcode::IndirectBr {
                    return false;
                }
                in_loop.push(p);
            } else {
                dedicated = false;
            }
        }
        if dedicated {
            return false;
        }
        self.split_preds_in_forest(st, exit, &in_loop, ".loopexit");
        true
    }

    /// LLVM's `findPHIToPartitionLoops`: degenerate header PHIs are
    /// removed on the way.
    fn phi_to_partition(&mut self, st: &mut State, l: usize) -> Option<Inst> {
        let header = st.forest.header(l);
        let phis: Vec<Inst> = self.phis(header).collect();
        for pn in phis {
            let dt = dt_of(&mut st.dt, self, st.f);
            if let Some(v) = simplify_phi(self, pn, Some(dt)) {
                self.replace_all_uses_with(pn.0, v);
                self.erase_inst(pn);
                continue;
            }
            let n = self.num_operands(pn.0);
            for k in 0..n {
                let inb = Block(self.phi_blocks(pn)[k as usize]);
                if self.operand(pn.0, k) == Some(pn.0) && st.forest.contains(l, inb) {
                    return Some(pn);
                }
            }
        }
        None
    }

    /// LLVM's `separateNestedLoop`: the predecessors along which a header
    /// PHI changes go to a `<header>.outer` block heading a new outer loop.
    fn separate_nested_loop(
        &mut self,
        st: &mut State,
        l: usize,
        preheader: Option<Block>,
    ) -> Option<usize> {
        preheader?;
        let header = st.forest.header(l);
        let pn = self.phi_to_partition(st, l)?;
        let mut outer_preds: Vec<Block> = Vec::new();
        let n = self.num_operands(pn.0);
        for k in 0..n {
            let inb = Block(self.phi_blocks(pn)[k as usize]);
            if self.operand(pn.0, k) != Some(pn.0) || !st.forest.contains(l, inb) {
                let t = self.terminator(inb)?;
                if self.opcode(t) == Opcode::IndirectBr {
                    return None;
                }
                outer_preds.push(inb);
            }
        }
        let nb = self.split_preds_in_forest(st, header, &outer_preds, ".outer")?;
        self.place_split_block(st, nb, &outer_preds, l);
        // The new outer loop takes L's place in the tree.
        let outer = st.forest.recs.len();
        let parent = st.forest.recs[l].parent;
        st.forest.recs.push(Rec {
            blocks: Vec::new(),
            set: HashSet::new(),
            parent,
            subs: vec![l],
        });
        match parent {
            Some(p) => {
                let subs = &mut st.forest.recs[p].subs;
                let k = subs
                    .iter()
                    .position(|&x| x == l)
                    .expect("a child of its parent");
                subs[k] = outer;
            }
            None => {
                let k = st
                    .forest
                    .top
                    .iter()
                    .position(|&x| x == l)
                    .expect("a top-level loop");
                st.forest.top[k] = outer;
            }
        }
        st.forest.recs[l].parent = Some(outer);
        let blocks = st.forest.recs[l].blocks.clone();
        for &b in &blocks {
            st.forest.recs[outer].blocks.push(b);
            st.forest.recs[outer].set.insert(b);
        }
        st.forest.move_to_header(l, header);
        // Blocks that reach a backedge dominated by the header stay in L.
        let mut in_l: HashSet<Block> = HashSet::new();
        let preds: Vec<Block> = self.predecessors(header).collect();
        for p in preds {
            let dominated = dt_of(&mut st.dt, self, st.f).dominates(self, header, p);
            if dominated {
                let mut work = vec![p];
                while let Some(b) = work.pop() {
                    if in_l.insert(b) && b != header {
                        work.extend(self.predecessors(b));
                    }
                }
            }
        }
        let subs = st.forest.recs[l].subs.clone();
        let mut keep = Vec::new();
        for s in subs {
            if in_l.contains(&st.forest.header(s)) {
                keep.push(s);
            } else {
                st.forest.recs[s].parent = Some(outer);
                st.forest.recs[outer].subs.push(s);
            }
        }
        st.forest.recs[l].subs = keep;
        let mut i = 0;
        while i < st.forest.recs[l].blocks.len() {
            let b = st.forest.recs[l].blocks[i];
            if in_l.contains(&b) {
                i += 1;
                continue;
            }
            // LLVM's `removeBlockFromLoop`.
            let rec = &mut st.forest.recs[l];
            rec.blocks.remove(i);
            rec.set.remove(&b);
            if st.forest.of.get(&b) == Some(&l) {
                st.forest.of.insert(b, outer);
            }
        }
        self.form_dedicated_exits(st, l);
        Some(outer)
    }

    /// LLVM's `insertUniqueBackedgeBlock`: every backedge goes to a
    /// `<header>.backedge` block that branches to the header.
    fn insert_unique_backedge(
        &mut self,
        st: &mut State,
        l: usize,
        preheader: Option<Block>,
    ) -> Option<Block> {
        let preheader = preheader?;
        let header = st.forest.header(l);
        let f = st.f;
        let mut backedges: Vec<Block> = Vec::new();
        for p in self.predecessors(header) {
            let t = self.terminator(p)?;
            if self.opcode(t) == Opcode::IndirectBr {
                return None;
            }
            if p != preheader {
                backedges.push(p);
            }
        }
        let name = self.suffixed_name(header.0, ".backedge");
        let be = self.create_block(&name);
        let last = *backedges.last().expect("a backedge");
        let next = self.next_block(last);
        self.insert_block(f, be, next);
        let void = self.void_type();
        let br = self.create_inst(Opcode::Br, void, &[header.0], InstPayload::None);
        self.append_inst(be, br);
        let dl = self.first_non_phi(header).and_then(|i| self.dbg_loc(i));
        if dl.is_some() {
            self.set_dbg_loc(br, dl);
        }
        let phis: Vec<Inst> = self.phis(header).collect();
        for pn in phis {
            let ty = self.type_of(pn.0);
            let new_pn = self.create_inst(Opcode::Phi, ty, &[], InstPayload::None);
            self.phi_reserve(new_pn, backedges.len() as u32);
            self.insert_inst_before(br, new_pn);
            let pname = self.suffixed_name(pn.0, ".be");
            self.set_name_bytes(new_pn.0, &pname);
            let mut pre_idx = None;
            let mut unique = true;
            let mut unique_val: Option<Value> = None;
            let n = self.num_operands(pn.0);
            for k in 0..n {
                let inb = Block(self.phi_blocks(pn)[k as usize]);
                let iv = self.operand(pn.0, k).expect("a PHI operand");
                if inb == preheader {
                    pre_idx = Some(k);
                } else {
                    self.phi_add_incoming(new_pn, iv, inb);
                    if unique {
                        match unique_val {
                            None => unique_val = Some(iv),
                            Some(u) if u != iv => unique = false,
                            _ => {}
                        }
                    }
                }
            }
            let pre_idx = pre_idx.expect("a header PHI has a preheader entry");
            if pre_idx != 0 {
                let v = self.operand(pn.0, pre_idx);
                self.set_operand(pn.0, 0, v);
                if let InstPayload::Phi { blocks, .. } = &mut self.extra_mut(pn).payload {
                    blocks[0] = preheader.0;
                }
            }
            for k in (1..self.num_operands(pn.0)).rev() {
                self.phi_remove_incoming(pn, k);
            }
            self.phi_add_incoming(pn, new_pn.0, be);
            if unique {
                let u = unique_val.expect("a backedge value");
                self.replace_all_uses_with(new_pn.0, u);
                self.erase_inst(new_pn);
            }
        }
        let mut loop_md = None;
        for &b in &backedges {
            let t = self
                .terminator(b)
                .expect("a backedge block has a terminator");
            if loop_md.is_none() {
                loop_md = self.inst_metadata(t, MdKindId::LOOP);
            }
            self.set_inst_metadata(t, MdKindId::LOOP, None);
            self.replace_successor_with(t, header, be);
        }
        self.set_inst_metadata(br, MdKindId::LOOP, loop_md);
        st.dt = None;
        if backedges.iter().any(|b| st.reachable.contains(b)) {
            st.reachable.insert(be);
        }
        st.forest.add_block(l, be);
        Some(be)
    }
}
