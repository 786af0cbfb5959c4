//! Rewriting uses of a value that has several definitions into SSA form:
//! LLVM 19's `SSAUpdater` (`SSAUpdater.cpp`) and the PHI placement of
//! `SSAUpdaterImpl.h`.
//!
//! Owns [`SsaUpdater`]. A client names the definitions it knows
//! ([`add_available_value`](SsaUpdater::add_available_value): "at the end
//! of block B the value is V") and asks for the value reaching a block's
//! end or a use; the updater walks predecessors back to the known
//! definitions, computes dominators of that sub-graph (Cooper, Harvey and
//! Kennedy's iteration over post-order numbers), places PHIs at its
//! iterated dominance frontier, reuses an existing PHI that already merges
//! the same values, and otherwise inserts PHIs named like the value at the
//! top of their blocks. The walk, the numbering, the order PHIs are
//! created and filled, and the `poison` for paths with no definition are
//! LLVM's, so the PHIs and their names are the ones `opt` prints. Cost per
//! query: O(blocks and edges walked back to a definition); answers are
//! remembered for every block walked.
//!
//! It does not own where the definitions come from (LCSSA, promotion of
//! loads and stores): its clients do.

use hashbrown::HashMap;

use super::simplify::simplify_phi;
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Inst};
use crate::types::Type;
use crate::value::{Use, Value};
use crate::Context;

/// "No block info": the null `BBInfo *` of LLVM's implementation.
const NO: u32 = u32::MAX;

/// Rewrites uses of one variable with several definitions (LLVM's
/// `SSAUpdater`): the type and name of the PHIs it makes, the known value
/// at the end of each block, and the PHIs it inserted.
#[derive(Debug)]
pub struct SsaUpdater {
    ty: Type,
    name: Vec<u8>,
    available: HashMap<Block, Value>,
    inserted: Vec<Inst>,
}

/// Per-block state of one placement (LLVM's `BBInfo`).
struct Info {
    bb: Option<Block>,
    avail: Option<Value>,
    /// The block whose value reaches this one (itself when it defines or
    /// needs a PHI); [`NO`] when unknown.
    def: u32,
    /// Post-order number; 0 unvisited, -1 queued, -2 successors queued.
    num: i32,
    idom: u32,
    preds: Vec<u32>,
    tag: Option<Inst>,
}

impl Info {
    fn new(bb: Option<Block>, avail: Option<Value>, me: u32) -> Self {
        Info {
            bb,
            avail,
            def: if avail.is_some() { me } else { NO },
            num: 0,
            idom: NO,
            preds: Vec::new(),
            tag: None,
        }
    }
}

/// One placement query (LLVM's `SSAUpdaterImpl`).
struct Placement {
    infos: Vec<Info>,
    map: HashMap<Block, u32>,
}

impl SsaUpdater {
    /// An updater for values of type `ty`; PHIs it inserts are named
    /// `name` (LLVM's `Initialize`).
    pub fn new(ty: Type, name: impl AsRef<[u8]>) -> Self {
        SsaUpdater {
            ty,
            name: name.as_ref().to_vec(),
            available: HashMap::new(),
            inserted: Vec::new(),
        }
    }

    /// Whether a value is known at the end of `b` (given or computed).
    pub fn has_value_for_block(&self, b: Block) -> bool {
        self.available.contains_key(&b)
    }

    /// The value known at the end of `b`, if any (LLVM's
    /// `FindValueForBlock`).
    pub fn find_value_for_block(&self, b: Block) -> Option<Value> {
        self.available.get(&b).copied()
    }

    /// Records that `v` is the variable's value at the end of `b`.
    ///
    /// # Panics
    /// If `v` does not have the updater's type.
    pub fn add_available_value(&mut self, ctx: &Context, b: Block, v: Value) {
        assert!(
            ctx.type_of(v) == self.ty,
            "SsaUpdater::add_available_value: {v:?} does not have the updater's type"
        );
        self.available.insert(b, v);
    }

    /// The PHIs inserted so far, in the order they were completed.
    pub fn inserted_phis(&self) -> &[Inst] {
        &self.inserted
    }

    /// The variable's value at the end of `b`, inserting PHIs where paths
    /// with different values meet (LLVM's `GetValueAtEndOfBlock`).
    pub fn value_at_end_of_block(&mut self, ctx: &mut Context, b: Block) -> Value {
        if let Some(&v) = self.available.get(&b) {
            return v;
        }
        let mut p = Placement {
            infos: Vec::new(),
            map: HashMap::new(),
        };
        p.get_value(self, ctx, b)
    }

    /// The variable's value in the middle of `b`: the value live into `b`,
    /// even when `b` also defines it (LLVM's `GetValueInMiddleOfBlock`).
    pub fn value_in_middle_of_block(&mut self, ctx: &mut Context, b: Block) -> Value {
        if !self.has_value_for_block(b) {
            return self.value_at_end_of_block(ctx, b);
        }
        let preds: Vec<Block> = incoming_blocks(ctx, b);
        let mut pred_values: Vec<(Block, Value)> = Vec::with_capacity(preds.len());
        let mut singular: Option<Value> = None;
        for (k, &p) in preds.iter().enumerate() {
            let v = self.value_at_end_of_block(ctx, p);
            pred_values.push((p, v));
            if k == 0 {
                singular = Some(v);
            } else if singular != Some(v) {
                singular = None;
            }
        }
        if pred_values.is_empty() {
            return ctx.const_poison(self.ty);
        }
        if let Some(v) = singular {
            return v;
        }
        let mapping: HashMap<Block, Value> = pred_values.iter().copied().collect();
        let existing = ctx.phis(b).find(|&phi| {
            let n = ctx.num_operands(phi.0) as usize;
            n == mapping.len()
                && (0..n).all(|k| {
                    let inb = Block(ctx.phi_blocks(phi)[k]);
                    mapping.get(&inb).copied() == ctx.operand(phi.0, k as u32)
                })
        });
        if let Some(phi) = existing {
            return phi.0;
        }
        let phi = self.new_phi(ctx, b, pred_values.len() as u32);
        for &(p, v) in &pred_values {
            ctx.phi_add_incoming(phi, v, p);
        }
        if let Some(v) = simplify_phi(ctx, phi, None) {
            ctx.erase_inst(phi);
            return v;
        }
        let dl = ctx.first_non_phi(b).and_then(|i| ctx.dbg_loc(i));
        if dl.is_some() {
            ctx.set_dbg_loc(phi, dl);
        }
        self.inserted.push(phi);
        phi.0
    }

    /// Makes use `u` (of an instruction) name the variable's value where
    /// it is used: at the end of the incoming block for a PHI, in the
    /// middle of the user's block otherwise (LLVM's `RewriteUse`).
    ///
    /// # Panics
    /// If the user is not an instruction in a block.
    pub fn rewrite_use(&mut self, ctx: &mut Context, u: Use) {
        let user = ctx.as_inst(u.user).unwrap_or_else(|| {
            panic!(
                "SsaUpdater::rewrite_use: {:?} is not an instruction",
                u.user
            )
        });
        let v = if ctx.opcode(user) == Opcode::Phi {
            let inb = Block(ctx.phi_blocks(user)[u.operand_no as usize]);
            self.value_at_end_of_block(ctx, inb)
        } else {
            let b = ctx.inst_parent(user).unwrap_or_else(|| {
                panic!("SsaUpdater::rewrite_use: {:?} is not in a block", u.user)
            });
            self.value_in_middle_of_block(ctx, b)
        };
        ctx.set_operand(u.user, u.operand_no, Some(v));
    }

    /// An empty PHI named like the variable at the top of `b`.
    fn new_phi(&mut self, ctx: &mut Context, b: Block, reserve: u32) -> Inst {
        let phi = ctx.create_inst(Opcode::Phi, self.ty, &[], InstPayload::None);
        ctx.phi_reserve(phi, reserve);
        if !self.name.is_empty() {
            ctx.set_name_bytes(phi.0, &self.name);
        }
        match ctx.first_inst(b) {
            Some(first) => ctx.insert_inst_before_records(first, phi),
            None => ctx.append_inst(b, phi),
        }
        phi
    }
}

/// The predecessors of `b` as LLVM's updater lists them: the incoming
/// blocks of its first PHI when it starts with one, else its predecessors.
fn incoming_blocks(ctx: &Context, b: Block) -> Vec<Block> {
    match ctx.first_inst(b) {
        Some(i) if ctx.opcode(i) == Opcode::Phi => {
            ctx.phi_blocks(i).iter().map(|&v| Block(v)).collect()
        }
        _ => ctx.predecessors(b).collect(),
    }
}

impl Placement {
    fn push(&mut self, bb: Option<Block>, avail: Option<Value>) -> u32 {
        let me = self.infos.len() as u32;
        self.infos.push(Info::new(bb, avail, me));
        if let Some(b) = bb {
            self.map.insert(b, me);
        }
        me
    }

    fn bb(&self, i: u32) -> Block {
        self.infos[i as usize].bb.expect("a real block")
    }

    /// LLVM's `SSAUpdaterImpl::GetValue`.
    fn get_value(&mut self, up: &mut SsaUpdater, ctx: &mut Context, b: Block) -> Value {
        let (list, pseudo) = self.build_block_list(up, ctx, b);
        if list.is_empty() {
            let v = ctx.const_poison(up.ty);
            up.available.insert(b, v);
            return v;
        }
        self.find_dominators(up, ctx, &list, pseudo);
        self.find_phi_placement(&list);
        self.find_available_values(up, ctx, &list);
        let i = self.map[&b];
        let d = self.infos[i as usize].def;
        self.infos[d as usize].avail.expect("a reaching definition")
    }

    /// Walks back from `b` to the blocks with known values, then numbers
    /// the walked blocks in post-order forward from those roots; returns
    /// the blocks without a value in that order and the pseudo-entry.
    fn build_block_list(&mut self, up: &SsaUpdater, ctx: &Context, b: Block) -> (Vec<u32>, u32) {
        let mut roots: Vec<u32> = Vec::new();
        let first = self.push(Some(b), None);
        let mut work: Vec<u32> = vec![first];
        while let Some(i) = work.pop() {
            let preds = incoming_blocks(ctx, self.bb(i));
            let mut infos_of: Vec<u32> = Vec::with_capacity(preds.len());
            for p in preds {
                if let Some(&x) = self.map.get(&p) {
                    infos_of.push(x);
                    continue;
                }
                let v = up.available.get(&p).copied();
                let x = self.push(Some(p), v);
                infos_of.push(x);
                if v.is_some() {
                    roots.push(x);
                } else {
                    work.push(x);
                }
            }
            self.infos[i as usize].preds = infos_of;
        }
        let pseudo = self.push(None, None);
        let mut num = 1;
        while let Some(r) = roots.pop() {
            let info = &mut self.infos[r as usize];
            info.idom = pseudo;
            info.num = -1;
            work.push(r);
        }
        let mut list = Vec::new();
        while let Some(&i) = work.last() {
            if self.infos[i as usize].num == -2 {
                self.infos[i as usize].num = num;
                num += 1;
                if self.infos[i as usize].avail.is_none() {
                    list.push(i);
                }
                work.pop();
                continue;
            }
            self.infos[i as usize].num = -2;
            for s in ctx.successors(self.bb(i)) {
                if let Some(&x) = self.map.get(&s) {
                    if self.infos[x as usize].num == 0 {
                        self.infos[x as usize].num = -1;
                        work.push(x);
                    }
                }
            }
        }
        self.infos[pseudo as usize].num = num;
        (list, pseudo)
    }

    fn intersect(&self, mut a: u32, mut b: u32) -> u32 {
        while a != b {
            while self.infos[a as usize].num < self.infos[b as usize].num {
                a = self.infos[a as usize].idom;
                if a == NO {
                    return b;
                }
            }
            while self.infos[b as usize].num < self.infos[a as usize].num {
                b = self.infos[b as usize].idom;
                if b == NO {
                    return a;
                }
            }
        }
        a
    }

    /// Dominators of the walked sub-graph; predecessors the forward walk
    /// never reached get `poison` as their value.
    fn find_dominators(
        &mut self,
        up: &mut SsaUpdater,
        ctx: &mut Context,
        list: &[u32],
        pseudo: u32,
    ) {
        loop {
            let mut changed = false;
            for &i in list.iter().rev() {
                let mut new_idom = NO;
                for k in 0..self.infos[i as usize].preds.len() {
                    let p = self.infos[i as usize].preds[k];
                    if self.infos[p as usize].num == 0 {
                        let v = ctx.const_poison(up.ty);
                        let pb = self.bb(p);
                        up.available.insert(pb, v);
                        let n = self.infos[pseudo as usize].num;
                        let info = &mut self.infos[p as usize];
                        info.avail = Some(v);
                        info.def = p;
                        info.num = n;
                        self.infos[pseudo as usize].num += 1;
                    }
                    new_idom = if new_idom == NO {
                        p
                    } else {
                        self.intersect(new_idom, p)
                    };
                }
                if new_idom != NO && new_idom != self.infos[i as usize].idom {
                    self.infos[i as usize].idom = new_idom;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn def_in_dom_frontier(&self, mut p: u32, idom: u32) -> bool {
        while p != idom && p != NO {
            if self.infos[p as usize].def == p {
                return true;
            }
            p = self.infos[p as usize].idom;
        }
        false
    }

    /// PHIs at the iterated dominance frontier of the definitions.
    fn find_phi_placement(&mut self, list: &[u32]) {
        loop {
            let mut changed = false;
            for &i in list.iter().rev() {
                let info = &self.infos[i as usize];
                if info.def == i {
                    continue;
                }
                let idom = info.idom;
                let mut new_def = if idom == NO {
                    NO
                } else {
                    self.infos[idom as usize].def
                };
                if info
                    .preds
                    .iter()
                    .any(|&p| self.def_in_dom_frontier(p, idom))
                {
                    new_def = i;
                }
                if new_def != self.infos[i as usize].def {
                    self.infos[i as usize].def = new_def;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn avail_of_def(&self, i: u32) -> Option<Value> {
        let d = self.infos[i as usize].def;
        (d != NO).then(|| self.infos[d as usize].avail).flatten()
    }

    /// LLVM's `FindSingularVal`: every predecessor is reached by the same
    /// value.
    fn find_singular(&mut self, up: &mut SsaUpdater, i: u32) -> bool {
        let preds = &self.infos[i as usize].preds;
        let Some(&p0) = preds.first() else {
            return false;
        };
        let Some(single) = self.avail_of_def(p0) else {
            return false;
        };
        if preds[1..]
            .iter()
            .any(|&p| self.avail_of_def(p) != Some(single))
        {
            return false;
        }
        let b = self.bb(i);
        up.available.insert(b, single);
        let d = self.infos[p0 as usize].def;
        let info = &mut self.infos[i as usize];
        info.avail = Some(single);
        info.def = d;
        true
    }

    /// Creates (empty) the PHIs that are needed and not already there,
    /// then fills them in reverse order.
    fn find_available_values(&mut self, up: &mut SsaUpdater, ctx: &mut Context, list: &[u32]) {
        for &i in list {
            if self.infos[i as usize].def != i {
                continue;
            }
            if self.find_singular(up, i) {
                continue;
            }
            let b = self.bb(i);
            self.find_existing_phi(up, ctx, b, list);
            if self.infos[i as usize].avail.is_some() {
                continue;
            }
            let n = self.infos[i as usize].preds.len() as u32;
            let phi = up.new_phi(ctx, b, n);
            self.infos[i as usize].avail = Some(phi.0);
            up.available.insert(b, phi.0);
        }
        for &i in list.iter().rev() {
            let b = self.bb(i);
            if self.infos[i as usize].def != i {
                if let Some(v) = self.avail_of_def(i) {
                    up.available.insert(b, v);
                }
                continue;
            }
            let Some(v) = self.infos[i as usize].avail else {
                continue;
            };
            let Some(phi) = ctx.as_inst(v) else {
                continue;
            };
            if ctx.opcode(phi) != Opcode::Phi || ctx.num_operands(phi.0) != 0 {
                continue;
            }
            for k in 0..self.infos[i as usize].preds.len() {
                let p = self.infos[i as usize].preds[k];
                let pb = self.bb(p);
                let d = if self.infos[p as usize].def != p {
                    self.infos[p as usize].def
                } else {
                    p
                };
                let val = self.infos[d as usize].avail.expect("a reaching definition");
                ctx.phi_add_incoming(phi, val, pb);
            }
            up.inserted.push(phi);
        }
    }

    /// LLVM's `FindExistingPHI`: the first PHI of `b` whose web of PHIs
    /// matches the placement is recorded as the value of every block in it.
    fn find_existing_phi(&mut self, up: &mut SsaUpdater, ctx: &Context, b: Block, list: &[u32]) {
        let phis: Vec<Inst> = ctx.phis(b).collect();
        for phi in phis {
            if self.phi_matches(ctx, phi) {
                for &i in list {
                    if let Some(t) = self.infos[i as usize].tag {
                        let tb = ctx.inst_parent(t).expect("a PHI in a block");
                        up.available.insert(tb, t.0);
                        let x = self.map[&tb];
                        self.infos[x as usize].avail = Some(t.0);
                    }
                }
                break;
            }
            for &i in list {
                self.infos[i as usize].tag = None;
            }
        }
    }

    /// LLVM's `CheckIfPHIMatches`.
    fn phi_matches(&mut self, ctx: &Context, phi: Inst) -> bool {
        let Some(&home) = ctx.inst_parent(phi).and_then(|b| self.map.get(&b)) else {
            return false;
        };
        self.infos[home as usize].tag = Some(phi);
        let mut work = vec![phi];
        while let Some(phi) = work.pop() {
            let n = ctx.num_operands(phi.0);
            for k in 0..n {
                let v = ctx.operand(phi.0, k);
                let inb = Block(ctx.phi_blocks(phi)[k as usize]);
                let Some(&mut_p) = self.map.get(&inb) else {
                    return false;
                };
                let mut p = mut_p;
                let d = self.infos[p as usize].def;
                if d != p {
                    if d == NO {
                        return false;
                    }
                    p = d;
                }
                if let Some(a) = self.infos[p as usize].avail {
                    if v == Some(a) {
                        continue;
                    }
                    return false;
                }
                let Some(ip) = v.and_then(|v| ctx.as_inst(v)) else {
                    return false;
                };
                if ctx.opcode(ip) != Opcode::Phi || ctx.inst_parent(ip) != self.infos[p as usize].bb
                {
                    return false;
                }
                if let Some(t) = self.infos[p as usize].tag {
                    if t == ip {
                        continue;
                    }
                    return false;
                }
                self.infos[p as usize].tag = Some(ip);
                work.push(ip);
            }
        }
        true
    }
}
