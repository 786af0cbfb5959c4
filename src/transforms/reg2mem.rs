//! Demoting SSA values to stack slots: LLVM 19's `DemoteRegToStack`,
//! `DemotePHIToStack` (`DemoteRegToStack.cpp`), `SplitBlockPredecessors`
//! (`BasicBlockUtils.cpp`) and the `reg2mem` pass (`Reg2Mem.cpp`).
//!
//! Owns [`Context::demote_reg_to_stack`], [`Context::demote_phi_to_stack`],
//! [`Context::split_block_predecessors`] and [`Context::reg_to_mem`].
//! `reg2mem` first splits every critical edge the way LLVM does with a
//! loop forest at hand (an edge leaving a loop whose exit block has only
//! in-loop predecessors also gets a `<exit>split` block for the others,
//! keeping loop-simplify form), then puts a `%"reg2mem alloca point"`
//! marker after the entry block's allocas, demotes every value used
//! outside its block or by a PHI (last first) and then every PHI (last
//! first). Slots are `<name>.reg2mem`, reloads `<name>.reload`, with
//! LLVM's alignments (preferred for slots, ABI for loads and stores).
//! The loop forest is read, never changed: blocks the pass creates are
//! placed in loops by a side table, as LLVM's `addBasicBlockToLoop` would.

use hashbrown::{HashMap, HashSet};

use crate::analysis::{DomTree, Loop, LoopInfo};
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Function, Inst};
use crate::layout::LayoutCache;
use crate::types::Type;
use crate::value::Value;
use crate::Context;

/// The loop forest as the pass sees it: the analysis for the blocks it
/// was computed on, a side table for blocks made since.
struct LoopView<'a> {
    li: &'a LoopInfo,
    new_blocks: HashMap<Block, Option<Loop>>,
    /// Reachability from the entry of the blocks made since.
    new_reachable: HashMap<Block, bool>,
    dt: &'a DomTree,
}

impl LoopView<'_> {
    fn loop_for(&self, ctx: &Context, b: Block) -> Option<Loop> {
        match self.new_blocks.get(&b) {
            Some(l) => *l,
            None => self.li.loop_for(ctx, b),
        }
    }

    fn contains(&self, ctx: &Context, l: Loop, b: Block) -> bool {
        self.loop_for(ctx, b)
            .is_some_and(|inner| self.li.contains_loop(l, inner))
    }

    fn reachable(&self, ctx: &Context, b: Block) -> bool {
        match self.new_reachable.get(&b) {
            Some(&r) => r,
            None => self.dt.contains(ctx, b),
        }
    }
}

/// The `align` flag bits of an alignment in bytes.
fn align_flags(bytes: u64) -> u16 {
    bytes.trailing_zeros() as u16 + 1
}

/// # Demoting values to the stack
///
/// LLVM's `DemoteRegToStack`, `DemotePHIToStack`, `SplitBlockPredecessors`
/// and `reg2mem`.
impl Context {
    /// Runs LLVM 19's `reg2mem` on `f` with `dt` and `li` its dominator tree
    /// and loop forest (read only; the caller drops them afterwards).
    /// Returns whether anything changed (always, for a function with a
    /// body: the alloca point is added).
    pub fn reg_to_mem(&mut self, f: Function, dt: &DomTree, li: &LoopInfo) -> bool {
        self.split_all_critical_edges_in_loops(f, dt, li);
        let m = self.global_parent(f.0);
        let mut lc = match self.module_layout_cache(m) {
            Ok(lc) => lc,
            Err(e) => panic!("reg_to_mem: the module's data layout is unusable: {e}"),
        };
        let entry = self.entry_block(f).expect("a function with a body");
        let mut first = self.first_inst(entry);
        let mut skipped = false;
        while let Some(i) = first {
            if self.opcode(i) != Opcode::Alloca {
                break;
            }
            skipped = true;
            first = self.next_inst(i);
        }
        let first = first.expect("the entry block has a terminator");
        let i32t = self.i32_type();
        let zero = self.const_int(i32t, 0);
        let point = self.create_inst(Opcode::BitCast, i32t, &[zero], InstPayload::None);
        if skipped {
            self.insert_inst_before(first, point);
        } else {
            self.insert_inst_before_records(first, point);
        }
        self.set_name(point.0, "reg2mem alloca point");
        let mut work: Vec<Inst> = Vec::new();
        let blocks: Vec<Block> = self.blocks(f).collect();
        for &b in &blocks {
            for i in self.insts(b) {
                if !(self.opcode(i) == Opcode::Alloca && b == entry) && self.value_escapes(i) {
                    work.push(i);
                }
            }
        }
        for &i in work.iter().rev() {
            self.demote_reg_to_stack_with(i, false, Some(point), &mut lc);
        }
        let blocks: Vec<Block> = self.blocks(f).collect();
        let mut phis: Vec<Inst> = Vec::new();
        for &b in &blocks {
            phis.extend(self.phis(b));
        }
        for &p in phis.iter().rev() {
            self.demote_phi_to_stack_with(p, Some(point), &mut lc);
        }
        true
    }

    /// LLVM's `SplitAllCriticalEdges` with a dominator tree and loop
    /// forest (`li` of `dt`'s function): as
    /// [`split_all_critical_edges`](Self::split_all_critical_edges), but
    /// an edge leaving a loop whose exit's other predecessors are all in
    /// that loop also splits those off to a `<exit>split` block (keeping
    /// loop-simplify form), and an edge whose in-loop predecessors end in
    /// `indirectbr` is left alone. `dt` and `li` are stale afterwards when
    /// it returns more than 0. Returns how many edges were split.
    pub fn split_all_critical_edges_in_loops(
        &mut self,
        f: Function,
        dt: &DomTree,
        li: &LoopInfo,
    ) -> u32 {
        let mut view = LoopView {
            li,
            new_blocks: HashMap::new(),
            new_reachable: HashMap::new(),
            dt,
        };
        self.split_critical_edges_with(f, |ctx, t, k| {
            ctx.split_critical_edge_in_loops(t, k, &mut view).is_some()
        })
    }

    /// LLVM's `valueEscapes`: a sized value used outside its block or by
    /// a PHI.
    fn value_escapes(&self, i: Inst) -> bool {
        let ty = self.type_of(i.0);
        if !self.is_sized(ty) {
            return false;
        }
        let b = self.inst_parent(i);
        self.users(i.0).any(|u| {
            let ui = self.as_inst(u);
            ui.is_none_or(|ui| self.inst_parent(ui) != b || self.opcode(ui) == Opcode::Phi)
        })
    }

    /// Replaces instruction `i` by a stack slot: a new `alloca` (before
    /// `alloca_point`, or at the top of the entry block), a reload before
    /// each use (in the incoming block for PHI uses, one per block) and a
    /// store after the definition (for an `invoke` at its normal
    /// destination, for a `callbr` at each destination, their critical
    /// edges split first; LLVM's `DemoteRegToStack`). An unused
    /// `i` is erased. Returns the slot.
    pub fn demote_reg_to_stack(
        &mut self,
        i: Inst,
        volatile_loads: bool,
        alloca_point: Option<Inst>,
    ) -> Option<Inst> {
        let f = self.inst_function(i);
        let m = self.global_parent(f.0);
        let mut lc = self
            .module_layout_cache(m)
            .unwrap_or_else(|e| panic!("demote_reg_to_stack: unusable data layout: {e}"));
        self.demote_reg_to_stack_with(i, volatile_loads, alloca_point, &mut lc)
    }

    /// Replaces PHI `p` by a stack slot: a store in each incoming block
    /// and one reload where the PHI was (LLVM's `DemotePHIToStack`); the
    /// PHI is erased. Returns the slot (`None` for an unused PHI, which is
    /// only erased).
    pub fn demote_phi_to_stack(&mut self, p: Inst, alloca_point: Option<Inst>) -> Option<Inst> {
        let f = self.inst_function(p);
        let m = self.global_parent(f.0);
        let mut lc = self
            .module_layout_cache(m)
            .unwrap_or_else(|e| panic!("demote_phi_to_stack: unusable data layout: {e}"));
        self.demote_phi_to_stack_with(p, alloca_point, &mut lc)
    }

    fn inst_function(&self, i: Inst) -> Function {
        self.inst_parent(i)
            .and_then(|b| self.block_parent(b))
            .unwrap_or_else(|| panic!("{:?} is not in a function", i.0))
    }

    fn new_slot(&mut self, v: Inst, alloca_point: Option<Inst>, lc: &mut LayoutCache) -> Inst {
        let ty = self.type_of(v.0);
        let f = self.inst_function(v);
        let m = self.global_parent(f.0);
        let aspace = self
            .module_layout(m)
            .map_or(0, |dl| dl.alloca_address_space());
        let pty = self.ptr_type(aspace);
        let i32t = self.i32_type();
        let one = self.const_int(i32t, 1);
        let slot = self.create_inst(Opcode::Alloca, pty, &[one], InstPayload::Ty(ty));
        let align = lc.pref_align(self, ty).map_or(1, |a| a.bytes());
        self.set_inst_flags(slot, align_flags(align));
        match alloca_point {
            Some(p) => self.insert_inst_before(p, slot),
            None => {
                let entry = self.entry_block(f).expect("a body");
                let first = self.first_inst(entry).expect("a terminator");
                self.insert_inst_before_records(first, slot);
            }
        }
        let name = self.suffixed_name(v.0, ".reg2mem");
        self.set_name_bytes(slot.0, &name);
        slot
    }

    fn new_load(&mut self, ty: Type, slot: Inst, volatile: bool, lc: &mut LayoutCache) -> Inst {
        let ld = self.create_inst(Opcode::Load, ty, &[slot.0], InstPayload::None);
        let align = lc.abi_align(self, ty).map_or(1, |a| a.bytes());
        let mut flags = align_flags(align);
        if volatile {
            flags |= crate::inst::mem::VOLATILE;
        }
        self.set_inst_flags(ld, flags);
        ld
    }

    fn new_store(&mut self, v: Value, slot: Inst, lc: &mut LayoutCache) -> Inst {
        let ty = self.type_of(v);
        let void = self.void_type();
        let st = self.create_inst(Opcode::Store, void, &[v, slot.0], InstPayload::None);
        let align = lc.abi_align(self, ty).map_or(1, |a| a.bytes());
        self.set_inst_flags(st, align_flags(align));
        st
    }

    fn demote_reg_to_stack_with(
        &mut self,
        i: Inst,
        volatile_loads: bool,
        alloca_point: Option<Inst>,
        lc: &mut LayoutCache,
    ) -> Option<Inst> {
        if self.use_empty(i.0) {
            self.erase_inst(i);
            return None;
        }
        let slot = self.new_slot(i, alloca_point, lc);
        match self.opcode(i) {
            Opcode::Invoke => {
                let normal = self.inst_successors(i).next().expect("invoke normal dest");
                if self.predecessors(normal).nth(1).is_some() {
                    self.split_critical_edge(i, 0);
                }
            }
            Opcode::CallBr => {
                let n = self.inst_successors(i).len();
                for k in 0..n {
                    let s = self.inst_successors(i).nth(k).expect("in range");
                    if self.predecessors(s).nth(1).is_some() {
                        self.split_critical_edge(i, k as u32);
                    }
                }
            }
            _ => {}
        }
        let ty = self.type_of(i.0);
        let reload = self.suffixed_name(i.0, ".reload");
        while let Some(u) = self.users(i.0).next() {
            let ui = self.as_inst(u).unwrap_or_else(|| {
                panic!("demote_reg_to_stack: {:?} has a non-instruction user", i.0)
            });
            if self.opcode(ui) == Opcode::Phi {
                let mut loads: HashMap<Value, Value> = HashMap::new();
                let n = self.num_operands(ui.0);
                for k in 0..n {
                    if self.operand(ui.0, k) != Some(i.0) {
                        continue;
                    }
                    let inb = self.phi_blocks(ui)[k as usize];
                    let v = match loads.get(&inb) {
                        Some(&v) => v,
                        None => {
                            let ld = self.new_load(ty, slot, volatile_loads, lc);
                            let term = self
                                .terminator(Block(inb))
                                .expect("incoming block has a terminator");
                            self.insert_inst_before(term, ld);
                            self.set_name_bytes(ld.0, &reload);
                            loads.insert(inb, ld.0);
                            ld.0
                        }
                    };
                    self.set_operand(ui.0, k, Some(v));
                }
            } else {
                let ld = self.new_load(ty, slot, volatile_loads, lc);
                self.insert_inst_before(ui, ld);
                self.set_name_bytes(ld.0, &reload);
                let n = self.num_operands(ui.0);
                for k in 0..n {
                    if self.operand(ui.0, k) == Some(i.0) {
                        self.set_operand(ui.0, k, Some(ld.0));
                    }
                }
            }
        }
        if !self.opcode(i).is_terminator() {
            let mut pt = self.next_inst(i);
            while let Some(p) = pt {
                let op = self.opcode(p);
                if op == Opcode::CatchSwitch {
                    break;
                }
                if op == Opcode::Phi || self.is_eh_pad(p) {
                    pt = self.next_inst(p);
                } else {
                    break;
                }
            }
            let pt = pt.expect("a terminator ends the block");
            if self.opcode(pt) == Opcode::CatchSwitch {
                let handlers: Vec<Block> = self.inst_successors(pt).collect();
                for h in handlers {
                    let st = self.new_store(i.0, slot, lc);
                    let at = self.first_insertion_point(h);
                    self.insert_inst_before_records(at, st);
                }
                return Some(slot);
            }
            let st = self.new_store(i.0, slot, lc);
            self.insert_inst_before(pt, st);
        } else if self.opcode(i) == Opcode::Invoke {
            let normal = self.inst_successors(i).next().expect("invoke normal dest");
            let at = self.first_insertion_point(normal);
            let st = self.new_store(i.0, slot, lc);
            self.insert_inst_before_records(at, st);
        } else {
            // `callbr`: a store at the top of every successor.
            let succs: Vec<Block> = self.inst_successors(i).collect();
            for s in succs {
                let at = self.first_insertion_point(s);
                let st = self.new_store(i.0, slot, lc);
                self.insert_inst_before_records(at, st);
            }
        }
        Some(slot)
    }

    /// LLVM's `getFirstInsertionPt`: the first instruction that is not a
    /// PHI, an EH pad or a debug intrinsic.
    fn first_insertion_point(&self, b: Block) -> Inst {
        self.insts(b)
            .find(|&i| self.opcode(i) != Opcode::Phi && !self.is_eh_pad(i))
            .unwrap_or_else(|| panic!("block {:?} has no insertion point", b.0))
    }

    fn demote_phi_to_stack_with(
        &mut self,
        p: Inst,
        alloca_point: Option<Inst>,
        lc: &mut LayoutCache,
    ) -> Option<Inst> {
        if self.use_empty(p.0) {
            self.erase_inst(p);
            return None;
        }
        let slot = self.new_slot(p, alloca_point, lc);
        let n = self.num_operands(p.0);
        for k in 0..n {
            let v = self.operand(p.0, k).expect("a PHI operand");
            let inb = Block(self.phi_blocks(p)[k as usize]);
            let st = self.new_store(v, slot, lc);
            let term = self
                .terminator(inb)
                .expect("incoming block has a terminator");
            self.insert_inst_before(term, st);
        }
        let ty = self.type_of(p.0);
        let reload = self.suffixed_name(p.0, ".reload");
        let mut pt = Some(p);
        while let Some(x) = pt {
            let op = self.opcode(x);
            if op == Opcode::CatchSwitch {
                break;
            }
            if op == Opcode::Phi || self.is_eh_pad(x) {
                pt = self.next_inst(x);
            } else {
                break;
            }
        }
        let pt = pt.expect("a terminator ends the block");
        if self.opcode(pt) == Opcode::CatchSwitch {
            let users: Vec<Value> = self.users(p.0).collect();
            for u in users {
                let ui = self.as_inst(u).expect("an instruction user");
                let ld = self.new_load(ty, slot, false, lc);
                self.insert_inst_before(ui, ld);
                self.set_name_bytes(ld.0, &reload);
                let n = self.num_operands(ui.0);
                for k in 0..n {
                    if self.operand(ui.0, k) == Some(p.0) {
                        self.set_operand(ui.0, k, Some(ld.0));
                    }
                }
            }
        } else {
            let ld = self.new_load(ty, slot, false, lc);
            self.insert_inst_before(pt, ld);
            self.set_name_bytes(ld.0, &reload);
            self.replace_all_uses_with(p.0, ld.0);
        }
        self.erase_inst(p);
        Some(slot)
    }

    /// `SplitCriticalEdge` with a loop forest (LLVM's default options
    /// otherwise): as [`split_critical_edge`](Self::split_critical_edge),
    /// then the new block joins the right loop, and when the edge leaves a
    /// loop whose exit block's other predecessors are all in that loop,
    /// they are split off to a `<exit>split` block.
    fn split_critical_edge_in_loops(
        &mut self,
        t: Inst,
        k: u32,
        view: &mut LoopView<'_>,
    ) -> Option<Block> {
        if !self.is_critical_edge(t, k) {
            return None;
        }
        let from = self.inst_parent(t).expect("terminator in a block");
        let dest = self
            .inst_successors(t)
            .nth(k as usize)
            .expect("successor in range");
        if self.is_eh_pad_block(dest) {
            return None;
        }
        let til = view.loop_for(self, from);
        let mut loop_preds: Vec<Block> = Vec::new();
        if let Some(til) = til {
            for p in self.predecessors(dest) {
                if p == from {
                    continue;
                }
                if view.loop_for(self, p) != Some(til) {
                    loop_preds.clear();
                    break;
                }
                loop_preds.push(p);
            }
            if loop_preds.iter().any(|&p| {
                self.terminator(p)
                    .is_some_and(|t| self.opcode(t) == Opcode::IndirectBr)
            }) {
                return None;
            }
        }
        let nb = self.split_known_critical_edge(t, k, "")?;
        let reach = view.reachable(self, from);
        view.new_reachable.insert(nb, reach);
        let Some(til) = til else {
            view.new_blocks.insert(nb, None);
            return Some(nb);
        };
        let nb_loop = match view.loop_for(self, dest) {
            None => None,
            Some(dl) if dl == til => Some(dl),
            Some(dl) if view.li.contains_loop(til, dl) => Some(til),
            Some(dl) if view.li.contains_loop(dl, til) => Some(dl),
            Some(dl) => view.li.parent(dl),
        };
        view.new_blocks.insert(nb, nb_loop);
        if !view.contains(self, til, dest) && !loop_preds.is_empty() {
            self.split_block_predecessors_in_loops(dest, &loop_preds, "split", Some(view));
        }
        Some(nb)
    }

    /// Moves the edges from `preds` to `b` onto a new block
    /// `<b><suffix>` placed before `b` that branches to it; each PHI of
    /// `b` either keeps one entry for the new block (when the moved
    /// entries agree) or gets a `<phi>.ph` PHI in the new block (LLVM's
    /// `SplitBlockPredecessors` without analyses). Returns the new block.
    ///
    /// # Panics
    /// If a predecessor ends in `indirectbr`.
    pub fn split_block_predecessors(&mut self, b: Block, preds: &[Block], suffix: &str) -> Block {
        self.split_block_predecessors_in_loops(b, preds, suffix, None)
    }

    fn split_block_predecessors_in_loops(
        &mut self,
        b: Block,
        preds: &[Block],
        suffix: &str,
        view: Option<&mut LoopView<'_>>,
    ) -> Block {
        let dl = self
            .insts(b)
            .find(|&i| self.opcode(i) != Opcode::Phi)
            .and_then(|i| self.extra(i).and_then(|e| e.dbg));
        let (nb, br) = self.split_preds_rewire(b, preds, suffix, dl);
        if let Some(view) = view {
            let reach = preds.iter().any(|&p| view.reachable(self, p));
            view.new_reachable.insert(nb, reach);
            let l = view.loop_for(self, b);
            let nb_loop = match l {
                None => None,
                Some(l) => {
                    let mut is_entry = true;
                    for &p in preds {
                        if !view.reachable(self, p) {
                            continue;
                        }
                        if view.contains(self, l, p) {
                            is_entry = false;
                        }
                    }
                    if is_entry {
                        let mut best: Option<Loop> = None;
                        for &p in preds {
                            let mut pl = view.loop_for(self, p);
                            while let Some(x) = pl {
                                if view.contains(self, x, b) {
                                    break;
                                }
                                pl = view.li.parent(x);
                            }
                            if let Some(x) = pl {
                                if best.is_none_or(|bl| view.li.depth(bl) < view.li.depth(x)) {
                                    best = Some(x);
                                }
                            }
                        }
                        best
                    } else {
                        Some(l)
                    }
                }
            };
            view.new_blocks.insert(nb, nb_loop);
        }
        self.split_preds_update_phis(b, nb, preds, br);
        nb
    }

    /// The first half of `SplitBlockPredecessors`: a new block
    /// `<b><suffix>` before `b` branching to it (with `!dbg` `dl`), the
    /// edges from `preds` moved onto it, and a `poison` entry in `b`'s PHIs
    /// for it when `preds` is empty. Returns the block and its branch.
    ///
    /// # Panics
    /// If a predecessor ends in `indirectbr`.
    pub(crate) fn split_preds_rewire(
        &mut self,
        b: Block,
        preds: &[Block],
        suffix: &str,
        dl: Option<crate::ir::metadata::Metadata>,
    ) -> (Block, Inst) {
        let f = self.block_parent(b).expect("block in a function");
        let name = self.suffixed_name(b.0, suffix);
        let nb = self.create_block(&name);
        self.insert_block(f, nb, Some(b));
        let void = self.void_type();
        let br = self.create_inst(Opcode::Br, void, &[b.0], InstPayload::None);
        if dl.is_some() {
            self.extra_mut(br).dbg = dl;
        }
        self.append_inst(nb, br);
        for &p in preds {
            let t = self
                .terminator(p)
                .expect("a predecessor ends in a terminator");
            assert!(
                self.opcode(t) != Opcode::IndirectBr,
                "split_block_predecessors: cannot split an edge from indirectbr"
            );
            self.replace_successor_with(t, b, nb);
        }
        if preds.is_empty() {
            let phis: Vec<Inst> = self.phis(b).collect();
            for phi in phis {
                let ty = self.type_of(phi.0);
                let p = self.const_poison(ty);
                self.phi_add_incoming(phi, p, nb);
            }
        }
        (nb, br)
    }

    /// The second half of `SplitBlockPredecessors` (LLVM's
    /// `UpdatePHINodes` without LCSSA upkeep): each PHI of `b` keeps one
    /// entry for `nb` when the entries of `preds` agree, else gets a
    /// `<phi>.ph` PHI before `br`, `nb`'s branch.
    pub(crate) fn split_preds_update_phis(
        &mut self,
        b: Block,
        nb: Block,
        preds: &[Block],
        br: Inst,
    ) {
        if preds.is_empty() {
            return;
        }
        let pred_set: HashSet<Value> = preds.iter().map(|p| p.0).collect();
        let phis: Vec<Inst> = self.phis(b).collect();
        for phi in phis {
            let first = self
                .phi_block_index(phi, preds[0])
                .and_then(|k| self.operand(phi.0, k));
            let mut in_val = first;
            let n = self.num_operands(phi.0);
            for k in 0..n {
                if !pred_set.contains(&self.phi_blocks(phi)[k as usize]) {
                    continue;
                }
                let v = self.operand(phi.0, k);
                if in_val.is_none() {
                    in_val = v;
                } else if in_val != v {
                    in_val = None;
                    break;
                }
            }
            if let Some(v) = in_val {
                for k in (0..self.num_operands(phi.0)).rev() {
                    if pred_set.contains(&self.phi_blocks(phi)[k as usize]) {
                        self.phi_remove_incoming(phi, k);
                    }
                }
                self.phi_add_incoming(phi, v, nb);
                continue;
            }
            let ty = self.type_of(phi.0);
            let new_phi = crate::builder::Builder::before(self, br).phi(ty, preds.len() as u32);
            let name = self.suffixed_name(phi.0, ".ph");
            self.set_name_bytes(new_phi.0, &name);
            for k in (0..self.num_operands(phi.0)).rev() {
                let inb = self.phi_blocks(phi)[k as usize];
                if pred_set.contains(&inb) {
                    let v = self.phi_remove_incoming(phi, k).expect("a PHI operand");
                    self.phi_add_incoming(new_phi, v, Block(inb));
                }
            }
            self.phi_add_incoming(phi, new_phi.0, nb);
        }
    }

    /// Makes every successor of `t` that is `old` be `new` (LLVM's
    /// `replaceSuccessorWith`).
    pub fn replace_successor_with(&mut self, t: Inst, old: Block, new: Block) {
        let n = self.inst_successors(t).len() as u32;
        for k in 0..n {
            if self.inst_successors(t).nth(k as usize) == Some(old) {
                self.set_successor(t, k, new);
            }
        }
    }
}
