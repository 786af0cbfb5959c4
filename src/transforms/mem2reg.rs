//! Promoting allocas to SSA values: LLVM 19's `PromoteMemToReg` and
//! `isAllocaPromotable` (`PromoteMemoryToRegister.cpp`).
//!
//! Owns [`Context::is_alloca_promotable`] and
//! [`Context::promote_mem_to_reg`]. Each alloca is tried in LLVM's order
//! and ways: dropped when it has no loads or stores left once its
//! lifetime markers and droppable users are gone; rewritten from its only
//! store when that store dominates the loads; swept linearly when every
//! access is in one block; otherwise PHIs go where the iterated dominance
//! frontier of its stores meets the blocks it is live into, named
//! `<alloca>.<version>`, and a depth-first rename walk from the entry
//! rewrites loads and stores. PHIs that merge one value (or undef) are
//! then simplified away, in the order of LLVM's `DenseMap` of new PHIs,
//! and PHIs in blocks with unvisited (unreachable) predecessors get
//! `poison` for them. `#dbg_declare` records of a promoted alloca become
//! `#dbg_value` records at its stores, loads and new PHIs, as LLVM 19
//! places them.
//!
//! Deviations: no assumption cache, so a `!nonnull !noundef` load keeps an
//! `llvm.assume` exactly when lair's `isKnownNonZero` subset cannot prove
//! the value non-zero; assignment-tracking (`#dbg_assign`) records are
//! handled as LLVM's `AssignmentTrackingInfo` does only for one record per
//! variable fragment of the alloca.

use hashbrown::HashMap;
use smallvec::SmallVec;

use super::debuginfo::{
    debug_value_loc, expr_is_deref, expr_starts_with_deref, first_insertion_pt,
    insert_record_at_head, insert_record_before, merged_location, record_parts,
    value_covers_entire_fragment, value_record,
};
use super::simplify::simplify_phi;
use crate::analysis::{DomTree, IdfBuffers, IdfCalculator};
use crate::entity::NONE;
use crate::inst::{mem, FastMathFlags, IntPredicate, Opcode};
use crate::ir::attributes::AttrKind;
use crate::ir::inst::{DbgRecord, InstPayload};
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::{MdKindId, Metadata};
use crate::ir::{Block, Function, Inst};
use crate::layout::DataLayout;
use crate::types::TypeData;
use crate::value::{Value, ValueKind};
use crate::Context;

/// # Promoting allocas
///
/// LLVM's `isAllocaPromotable` and `PromoteMemToReg`.
impl Context {
    /// Whether `ai` (an `alloca`) can be promoted (LLVM 19's
    /// `isAllocaPromotable`): every user is a non-volatile load of the
    /// allocated type, a non-volatile store of a value of that type into
    /// it, a lifetime marker or droppable intrinsic, or a bitcast / all-zero
    /// GEP / addrspacecast used only by lifetime markers (and, for the first
    /// two, droppable intrinsics).
    pub fn is_alloca_promotable(&self, ai: Inst) -> bool {
        let aty = alloca_type(self, ai);
        // The use list and the users' records by raw index: a use names
        // a live user and a live value by their slots alone, so no handle
        // is made (nor generation read) for the loads and stores.
        let g = &self.graph;
        let mut cur = g.get(ai.0).first_use;
        while cur != NONE {
            let ud = &g.pool.uses[cur as usize];
            cur = ud.next;
            // One read of the user's record serves the load and store
            // checks.
            let d = &g.values[ud.user() as usize];
            if !d.is(ValueKind::Instruction) {
                return false;
            }
            match Opcode::from_u8(d.opcode) {
                Opcode::Load => {
                    if d.ty != aty || d.flags & mem::VOLATILE != 0 {
                        return false;
                    }
                    continue;
                }
                Opcode::Store => {
                    if d.flags & mem::VOLATILE != 0 {
                        return false;
                    }
                    let v = g.pool.uses[d.ops as usize].val;
                    if v == NONE || v == ai.0.idx || g.values[v as usize].ty != aty {
                        return false;
                    }
                    continue;
                }
                _ => {}
            }
            let i = Inst(g.handle(ud.user()));
            match Opcode::from_u8(d.opcode) {
                Opcode::Call if self.call_intrinsic_id(i).is_some() => {
                    if !self.is_lifetime_start_or_end(i) && !is_droppable(self, i) {
                        return false;
                    }
                }
                Opcode::BitCast => {
                    if !only_lifetime_or_droppable_users(self, i.0, true) {
                        return false;
                    }
                }
                Opcode::GetElementPtr => {
                    if !gep_has_all_zero_indices(self, i)
                        || !only_lifetime_or_droppable_users(self, i.0, true)
                    {
                        return false;
                    }
                }
                Opcode::AddrSpaceCast => {
                    if !only_lifetime_or_droppable_users(self, i.0, false) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Promotes `allocas` (all promotable, all in the function of `dt`) to
    /// SSA values, as LLVM 19's `PromoteMemToReg` does; `dt` is the
    /// function's dominator tree (the CFG does not change).
    ///
    /// # Panics
    /// If an alloca is not promotable or not in `dt`'s function.
    pub fn promote_mem_to_reg(&mut self, allocas: &[Inst], dt: &DomTree) {
        if allocas.is_empty() {
            return;
        }
        let f = dt
            .function()
            .expect("promote_mem_to_reg: an empty dominator tree");
        let reuse = crate::reuse::take(&REUSE);
        let mut p = Promoter::new(self, f, allocas, reuse);
        p.run(self, dt);
        let reuse = p.into_reuse();
        crate::reuse::give_back(&REUSE, reuse);
    }
}

/// The allocated type of an alloca.
fn alloca_type(ctx: &Context, ai: Inst) -> crate::types::Type {
    match ctx.payload(ai) {
        InstPayload::Ty(t) => *t,
        _ => panic!("{:?} is not an alloca", ai.0),
    }
}

/// `AllocaInst::getAllocationSizeInBits`: the allocated type's size times
/// a constant count; `None` for a dynamic count or an unsized type.
pub(crate) fn alloca_size_in_bits(ctx: &Context, ai: Inst, dl: &DataLayout) -> Option<u64> {
    let ty = alloca_type(ctx, ai);
    let size = dl.alloc_size(ctx, ty).ok()?;
    let mut n = size.min.checked_mul(8)?;
    if let Some(count) = ctx.operand(ai.0, 0) {
        let c = ctx.const_int_value(count)?;
        n = n.checked_mul(c.try_to_u64()?)?;
    }
    Some(n)
}

/// LLVM's `Instruction::isDroppable`: `llvm.assume` and
/// `llvm.pseudoprobe`.
fn is_droppable(ctx: &Context, i: Inst) -> bool {
    ctx.opcode(i) == Opcode::Call
        && matches!(
            ctx.call_intrinsic_id(i),
            Some(IntrinsicId::ASSUME) | Some(IntrinsicId::PSEUDOPROBE)
        )
}

/// LLVM's `onlyUsedByLifetimeMarkers[OrDroppableInsts]`.
fn only_lifetime_or_droppable_users(ctx: &Context, v: Value, droppable: bool) -> bool {
    ctx.users(v).all(|u| {
        ctx.as_inst(u).is_some_and(|i| {
            ctx.opcode(i) == Opcode::Call
                && ctx.call_intrinsic_id(i).is_some()
                && (ctx.is_lifetime_start_or_end(i) || (droppable && is_droppable(ctx, i)))
        })
    })
}

/// `GetElementPtrInst::hasAllZeroIndices`.
fn gep_has_all_zero_indices(ctx: &Context, gep: Inst) -> bool {
    let n = ctx.num_operands(gep.0);
    (1..n).all(|k| {
        ctx.operand(gep.0, k).is_some_and(|v| {
            ctx.is_const_kind(v, crate::constants::ConstKind::Int) && ctx.is_null_value(v)
        })
    })
}

/// `Instruction::dropDroppableUse` for an `llvm.assume`: the condition
/// becomes `true`; a bundle operand becomes `poison` and its bundle is
/// renamed `ignore`.
fn drop_droppable_use(ctx: &mut Context, i: Inst, opno: u32) {
    if opno == 0 {
        let t = ctx.const_bool(true);
        ctx.set_operand(i.0, 0, Some(t));
        return;
    }
    let old = ctx.operand(i.0, opno).expect("droppable use has a value");
    let p = ctx.const_poison(ctx.type_of(old));
    ctx.set_operand(i.0, opno, Some(p));
    if let InstPayload::Call(cd) = &mut ctx.extra_mut(i).payload {
        for b in cd.bundles.iter_mut() {
            if opno >= b.start && opno < b.start + b.len {
                b.tag = (*b"ignore").into();
            }
        }
    }
}

/// LLVM's `removeIntrinsicUsers`: lifetime markers and droppable uses go,
/// and casts or GEPs that only fed them.
fn remove_intrinsic_users(ctx: &mut Context, ai: Inst) {
    let uses: Vec<crate::value::Use> = ctx.uses(ai.0).collect();
    for u in uses {
        let i = Inst(u.user);
        if matches!(ctx.opcode(i), Opcode::Load | Opcode::Store) {
            continue;
        }
        if is_droppable(ctx, i) {
            drop_droppable_use(ctx, i, u.operand_no);
            continue;
        }
        if !ctx.is_void(ctx.type_of(i.0)) {
            let inner: Vec<crate::value::Use> = ctx.uses(i.0).collect();
            for uu in inner {
                let user = Inst(uu.user);
                if is_droppable(ctx, user) {
                    drop_droppable_use(ctx, user, uu.operand_no);
                    continue;
                }
                ctx.erase_inst(user);
            }
        }
        ctx.erase_inst(i);
    }
}

/// What one alloca's users say (LLVM's `AllocaInfo`).
#[derive(Default)]
struct AllocaInfo {
    defining_blocks: SmallVec<[Block; 8]>,
    using_blocks: SmallVec<[Block; 8]>,
    only_store: Option<Inst>,
    only_block: Option<Block>,
    only_used_in_one_block: bool,
    /// Whether a user is neither a load nor a store (a lifetime marker,
    /// a droppable intrinsic or a cast feeding them).
    other_users: bool,
    /// The `#dbg_declare` / `#dbg_value` records naming the alloca
    /// (assignment records aside), as `DPUsers`.
    dbg_users: Vec<DbgRecord>,
}

impl AllocaInfo {
    /// Fills `self` (its lists reused) with what `ai`'s users say.
    fn analyze(&mut self, ctx: &Context, ai: Inst) {
        let info = self;
        info.defining_blocks.clear();
        info.using_blocks.clear();
        info.only_store = None;
        info.only_block = None;
        info.only_used_in_one_block = true;
        info.other_users = false;
        info.dbg_users.clear();
        // Raw reads, as in `is_alloca_promotable`: a handle is made only
        // for what is kept (the store, the blocks).
        let g = &ctx.graph;
        let mut cur = g.get(ai.0).first_use;
        while cur != NONE {
            let ud = &g.pool.uses[cur as usize];
            cur = ud.next;
            let d = &g.values[ud.user() as usize];
            assert!(
                d.is(ValueKind::Instruction) && d.a != NONE,
                "alloca user in a block"
            );
            let b = Block(g.handle(d.a));
            match Opcode::from_u8(d.opcode) {
                Opcode::Store => {
                    info.defining_blocks.push(b);
                    info.only_store = Some(Inst(g.handle(ud.user())));
                }
                op => {
                    info.other_users |= op != Opcode::Load;
                    info.using_blocks.push(b);
                }
            }
            if info.only_used_in_one_block {
                match info.only_block {
                    None => info.only_block = Some(b),
                    Some(o) if o != b => info.only_used_in_one_block = false,
                    _ => {}
                }
            }
        }
        for du in ctx.find_dbg_users(ai.0) {
            let r = &ctx.dbg_records(du.inst)[du.record];
            if &*r.kind != "assign" {
                info.dbg_users.push(r.clone());
            }
        }
    }
}

/// Erases the records naming `ai` that are declares or whose expression
/// starts with a dereference (LLVM's removal of a promoted alloca's
/// `dbg.declare`s); with `declares_only`, only the declares.
fn erase_alloca_dbg_records(ctx: &mut Context, ai: Inst, with_deref_values: bool) {
    let users = ctx.find_dbg_users(ai.0);
    if users.is_empty() {
        return;
    }
    let mut by_inst: Vec<(Inst, Vec<usize>)> = Vec::new();
    for du in users {
        let r = &ctx.dbg_records(du.inst)[du.record];
        let erase = match &*r.kind {
            "declare" => true,
            "value" if with_deref_values => {
                r.ops[2].is_some_and(|e| expr_starts_with_deref(ctx, e))
            }
            _ => false,
        };
        if !erase {
            continue;
        }
        match by_inst.iter_mut().find(|(i, _)| *i == du.inst) {
            Some((_, v)) => v.push(du.record),
            None => by_inst.push((du.inst, vec![du.record])),
        }
    }
    for (i, mut idx) in by_inst {
        idx.sort_unstable();
        let mut recs = ctx.take_dbg_records(i);
        for k in idx.into_iter().rev() {
            recs.remove(k);
        }
        ctx.set_dbg_records(i, recs);
    }
}

/// `ConvertDebugDeclareToDebugValue(DVR, StoreInst)`: a `#dbg_value` of the
/// stored value before the store (of `undef` when the value does not cover
/// the variable and the declare is not a plain dereference).
fn convert_declare_at_store(ctx: &mut Context, r: &DbgRecord, si: Inst, ai: Inst, dl: &DataLayout) {
    let Some((_, var, expr, loc)) = record_parts(r) else {
        return;
    };
    let mut v = ctx.operand(si.0, 0).expect("store value");
    let loc = debug_value_loc(ctx, loc);
    let ty = ctx.type_of(v);
    let can = expr_is_deref(ctx, expr)
        || (!expr_starts_with_deref(ctx, expr)
            && value_covers_entire_fragment(ctx, ty, r, Some(ai), dl));
    if !can {
        v = ctx.const_undef(ty);
    }
    let rec = value_record(ctx, v, var, expr, loc);
    insert_record_before(ctx, si, rec);
}

/// `ConvertDebugDeclareToDebugValue(DVR, PHINode)`: a `#dbg_value` of the
/// PHI at the block's first insertion point, unless one for the same
/// variable and expression is there.
fn convert_declare_at_phi(ctx: &mut Context, r: &DbgRecord, phi: Inst, ai: Inst, dl: &DataLayout) {
    let Some((_, var, expr, loc)) = record_parts(r) else {
        return;
    };
    for du in ctx.find_dbg_users(phi.0) {
        let x = &ctx.dbg_records(du.inst)[du.record];
        if &*x.kind == "value" && x.ops[1] == Some(var) && x.ops[2] == Some(expr) {
            return;
        }
    }
    let ty = ctx.type_of(phi.0);
    if !value_covers_entire_fragment(ctx, ty, r, Some(ai), dl) {
        return;
    }
    let b = ctx.inst_parent(phi).expect("phi in a block");
    let loc = debug_value_loc(ctx, loc);
    if let Some(pt) = first_insertion_pt(ctx, b) {
        let rec = value_record(ctx, phi.0, var, expr, loc);
        insert_record_at_head(ctx, pt, rec);
    }
}

/// LLVM's `DenseMap<std::pair<unsigned, unsigned>, PHINode *>` bucket
/// order for keys inserted in this order: the order its iteration visits
/// them. (The map only grows while PHIs are queued; later erasures leave
/// tombstones and keep the order.)
fn dense_map_order(keys: &[(u32, u32)]) -> Vec<usize> {
    fn hash(k: (u32, u32)) -> u32 {
        let a = k.0.wrapping_mul(37) as u64;
        let b = k.1.wrapping_mul(37) as u64;
        let mut x = (a << 32) | b;
        x = x.wrapping_mul(0xbf58476d1ce4e5b9);
        x ^= x >> 31;
        x as u32
    }
    fn place(table: &mut [u32], k: (u32, u32), idx: u32, keys: &[(u32, u32)]) {
        let mask = table.len() as u32 - 1;
        let mut b = hash(k) & mask;
        let mut probe = 1;
        loop {
            if table[b as usize] == u32::MAX {
                table[b as usize] = idx;
                return;
            }
            debug_assert_ne!(keys[table[b as usize] as usize], k);
            b = (b + probe) & mask;
            probe += 1;
        }
    }
    let mut table: Vec<u32> = Vec::new();
    for (n, &k) in keys.iter().enumerate() {
        let entries = n as u32 + 1;
        let nb = table.len() as u32;
        if entries * 4 >= nb * 3 {
            let want = (nb * 2).max(64).next_power_of_two();
            let old = core::mem::replace(&mut table, vec![u32::MAX; want as usize]);
            for e in old.into_iter().filter(|&e| e != u32::MAX) {
                place(&mut table, keys[e as usize], e, keys);
            }
        }
        place(&mut table, k, n as u32, keys);
    }
    table
        .into_iter()
        .filter(|&e| e != u32::MAX)
        .map(|e| e as usize)
        .collect()
}

/// The rename walk's state: current value and location per alloca, their
/// undo logs, and the worklist of (block, predecessor, undo sizes).
#[derive(Default)]
struct RenameState {
    vals: Vec<Value>,
    locs: Vec<Option<Metadata>>,
    undo_vals: Vec<(usize, Value)>,
    undo_locs: Vec<(usize, Option<Metadata>)>,
    work: Vec<(Block, Option<Block>, usize, usize)>,
}

impl RenameState {
    fn set_val(&mut self, k: usize, v: Value) {
        if self.vals[k] != v {
            self.undo_vals.push((k, self.vals[k]));
            self.vals[k] = v;
        }
    }

    fn set_loc(&mut self, k: usize, v: Option<Metadata>) {
        if self.locs[k] != v {
            self.undo_locs.push((k, self.locs[k]));
            self.locs[k] = v;
        }
    }
}

/// Per block (by block number) of one `PromoteMem2Reg` run: LLVM's
/// `BBNumPreds` and `BBNumbers`, the rename walk's visited set, and the
/// stamps of the alloca whose defining blocks include it and of the
/// live-in walk that reached it (stamps spare a clear per alloca). One
/// record per block keeps them in one allocation and one cache line.
#[derive(Clone, Copy, Default)]
struct BlockMarks {
    /// Predecessor count + 1; 0 when not yet counted.
    num_preds: u32,
    /// Position in the function's block list (valid once `layout_done`).
    layout: u32,
    def_mark: u32,
    seen_mark: u32,
    /// The new PHI on top of the block, as an index + 1 into
    /// `Promoter::phi_nodes` (whose `next` links lead down through the
    /// block's other new PHIs); 0 when it has none.
    phi_head: u32,
    visited: bool,
}

/// A new PHI, the alloca it stands for, and the new PHI below it in its
/// block as an index + 1 into `Promoter::phi_nodes`, 0 for none (LLVM's
/// `PhiToAllocaMap`, kept as a list per block: the rename walk reads a
/// block's new PHIs top down and never looks one up).
#[derive(Clone, Copy)]
struct PhiNode {
    phi: Inst,
    alloca: u32,
    next: u32,
}

/// LLVM's `AllocaLookup`: the alloca index of a pointer. Allocas are
/// usually made one after another, so their slots span a short range: a
/// table over that range answers with one read and one comparison, and a
/// hash map serves allocas spread wider.
#[derive(Default)]
struct AllocaLookup {
    /// The lowest slot of a tabled alloca.
    base: u32,
    /// Alloca index + 1 by slot - `base`; 0 for none.
    table: Vec<u32>,
    map: HashMap<Value, u32>,
    /// Whether the table (not the map) is in use.
    tabled: bool,
}

impl AllocaLookup {
    /// Prepares for `allocas` (none inserted yet).
    fn reset(&mut self, allocas: &[Inst]) {
        self.table.clear();
        self.map.clear();
        let lo = allocas.iter().map(|a| a.0.idx).min().unwrap_or(0);
        let hi = allocas.iter().map(|a| a.0.idx).max().unwrap_or(0);
        let span = (hi - lo) as usize + 1;
        self.tabled = span <= 4 * allocas.len() + 64;
        if self.tabled {
            self.base = lo;
            self.table.resize(span, 0);
        } else {
            self.map.reserve(allocas.len());
        }
    }

    fn insert(&mut self, ai: Value, k: u32) {
        if self.tabled {
            self.table[(ai.idx - self.base) as usize] = k + 1;
        } else {
            self.map.insert(ai, k);
        }
    }

    /// The index of the live value at raw index `raw` (an operand's) if it
    /// is an inserted alloca; `allocas` is the promoter's list (a slot's
    /// value is checked against it: a live value's slot names it alone).
    #[inline]
    fn get_raw(&self, ctx: &Context, raw: u32, allocas: &[Inst]) -> Option<u32> {
        if self.tabled {
            let k = *self.table.get(raw.wrapping_sub(self.base) as usize)?;
            (k != 0 && allocas[k as usize - 1].0.idx == raw).then(|| k - 1)
        } else if raw == NONE {
            None
        } else {
            self.map.get(&ctx.graph.handle(raw)).copied()
        }
    }
}

/// One `PromoteMem2Reg` run: its function and settings, and the lists
/// it fills ([`Reuse`], kept per thread between runs).
struct Promoter {
    f: Function,
    /// Whether `BlockMarks::layout` is filled in.
    layout_done: bool,
    stamp: u32,
    no_signed_zeros: bool,
    /// The module's data layout, read when a debug record first needs it.
    dl: Option<DataLayout>,
    bufs: Box<Reuse>,
}

/// The lists and maps of one [`Promoter`], kept per thread for the next
/// `promote_mem_to_reg` call (one per function in a pass): once they have
/// grown to the largest function's needs, promoting allocates only for
/// the IR it creates.
#[derive(Default)]
struct Reuse {
    allocas: Vec<Inst>,
    /// Alloca index by alloca (LLVM's `AllocaLookup`).
    lookup: AllocaLookup,
    /// The new PHIs' (block layout number, alloca) keys, in insertion
    /// order (an alloca's IDF names each block once: the keys are
    /// distinct), and the PHIs in the same order.
    new_phi_keys: Vec<(u32, u32)>,
    new_phi_list: Vec<Inst>,
    phi_nodes: Vec<PhiNode>,
    /// The new PHIs left after simplification, in map order.
    remaining: Vec<Inst>,
    /// Per alloca: its declare-like records, if it needs the rename pass.
    alloca_dbg: Vec<Vec<DbgRecord>>,
    blocks: Vec<BlockMarks>,
    /// Scratch lists reused from one alloca to the next.
    scratch: Scratch,
    /// The IDF calculator's and the rename walk's lists, between uses.
    idf_bufs: IdfBuffers,
    rename_bufs: RenameState,
}

std::thread_local! {
    /// The last promotion's lists on this thread (`crate::reuse`).
    static REUSE: crate::reuse::Slot<Reuse> = const { core::cell::Cell::new(None) };
}

/// Lists the per-alloca steps fill and clear, kept so that promoting
/// allocates only while they grow.
#[derive(Default)]
struct Scratch {
    insts: Vec<Inst>,
    loads: Vec<Inst>,
    def_blocks: Vec<Block>,
    /// The live-in blocks, by block number.
    live: Vec<u32>,
    work: Vec<Block>,
    phi_blocks: Vec<Block>,
    keyed: Vec<(u32, Block)>,
    name: Vec<u8>,
}

/// The data layout of `f`'s module, parsed on first use into `slot`.
fn layout_of<'a>(
    slot: &'a mut Option<DataLayout>,
    ctx: &mut Context,
    f: Function,
) -> &'a DataLayout {
    slot.get_or_insert_with(|| {
        let m = ctx.global_parent(f.0);
        ctx.module_layout(m)
            .cloned()
            .unwrap_or_else(|_| DataLayout::parse("").expect("the default layout"))
    })
}

impl Promoter {
    fn new(ctx: &mut Context, f: Function, allocas: &[Inst], mut bufs: Box<Reuse>) -> Self {
        let no_signed_zeros = ctx
            .function_data(f)
            .attrs
            .fn_attrs()
            .get_string("no-signed-zeros-fp-math")
            .and_then(|a| a.as_string())
            .is_some_and(|a| a.value() == b"true");
        let nblocks = ctx.max_block_number(f) as usize;
        let r = &mut *bufs;
        r.allocas.clear();
        r.allocas.extend_from_slice(allocas);
        r.lookup.reset(allocas);
        r.new_phi_keys.clear();
        r.new_phi_list.clear();
        r.phi_nodes.clear();
        r.remaining.clear();
        r.alloca_dbg.clear();
        r.alloca_dbg.resize_with(allocas.len(), Vec::new);
        r.blocks.clear();
        r.blocks.resize(nblocks, BlockMarks::default());
        Promoter {
            f,
            layout_done: false,
            stamp: 0,
            no_signed_zeros,
            dl: None,
            bufs,
        }
    }

    /// The lists, for the next promotion on this thread.
    fn into_reuse(self) -> Box<Reuse> {
        self.bufs
    }

    fn bnum(ctx: &Context, b: Block) -> usize {
        ctx.raw_block_number(b.0.idx) as usize
    }

    /// LLVM's `getNumPreds`, cached.
    fn num_preds(&mut self, ctx: &Context, b: Block) -> u32 {
        let m = &mut self.bufs.blocks[Self::bnum(ctx, b)];
        if m.num_preds == 0 {
            m.num_preds = ctx.predecessors(b).count() as u32 + 1;
        }
        m.num_preds - 1
    }

    /// LLVM's `BBNumbers`: layout positions, computed once.
    fn layout_number(&mut self, ctx: &Context, b: Block) -> u32 {
        if !self.layout_done {
            self.layout_done = true;
            for (k, x) in ctx.blocks(self.f).enumerate() {
                self.bufs.blocks[Self::bnum(ctx, x)].layout = k as u32;
            }
        }
        self.bufs.blocks[Self::bnum(ctx, b)].layout
    }

    fn run(&mut self, ctx: &mut Context, dt: &DomTree) {
        // Made when the first alloca needs PHIs.
        let mut idf: Option<IdfCalculator<'_, _>> = None;
        let mut info = AllocaInfo::default();
        let mut k = 0usize;
        while k < self.bufs.allocas.len() {
            let ai = self.bufs.allocas[k];
            // One walk of the users when they are all loads and stores (the
            // common case); otherwise the intrinsic users go first and the
            // rest is looked at again.
            info.analyze(ctx, ai);
            if info.other_users {
                remove_intrinsic_users(ctx, ai);
                info.analyze(ctx, ai);
            }
            if ctx.use_empty(ai.0) {
                ctx.erase_inst(ai);
                self.remove_from_list(&mut k);
                continue;
            }
            if info.defining_blocks.len() == 1 && self.rewrite_single_store(ctx, ai, &mut info, dt)
            {
                self.remove_from_list(&mut k);
                continue;
            }
            if info.only_used_in_one_block && self.promote_single_block(ctx, ai, &info) {
                self.remove_from_list(&mut k);
                continue;
            }
            if !self.layout_done {
                let first = ctx.entry_block(self.f).expect("a body");
                self.layout_number(ctx, first);
            }
            if !info.dbg_users.is_empty() {
                self.bufs.alloca_dbg[k] = core::mem::take(&mut info.dbg_users);
            }
            self.bufs.lookup.insert(ai.0, k as u32);
            self.stamp += 1;
            let st = self.stamp;
            let mut sc = core::mem::take(&mut self.bufs.scratch);
            sc.def_blocks.clear();
            for &b in &info.defining_blocks {
                let m = &mut self.bufs.blocks[Self::bnum(ctx, b)];
                if m.def_mark != st {
                    m.def_mark = st;
                    sc.def_blocks.push(b);
                }
            }
            self.live_in_blocks(ctx, ai, &info, &mut sc);
            let idf = idf.get_or_insert_with(|| {
                IdfCalculator::with_buffers(dt, core::mem::take(&mut self.bufs.idf_bufs))
            });
            idf.set_live_in_block_numbers(&sc.live);
            idf.set_defining_blocks(ctx, &sc.def_blocks);
            idf.calculate(ctx, &mut sc.phi_blocks);
            sc.keyed.clear();
            for &b in &sc.phi_blocks {
                let n = self.layout_number(ctx, b);
                sc.keyed.push((n, b));
            }
            sc.keyed.sort_unstable_by_key(|x| x.0);
            let mut version = 0u32;
            for &(num, b) in &sc.keyed {
                self.queue_phi(ctx, b, num, k as u32, &mut version);
            }
            self.bufs.scratch = sc;
            k += 1;
        }
        if let Some(idf) = idf {
            self.bufs.idf_bufs = idf.into_buffers();
        }
        if self.bufs.allocas.is_empty() {
            return;
        }
        self.rename(ctx);
        // The allocas go; their declares with them.
        let allocas = core::mem::take(&mut self.bufs.allocas);
        for &a in &allocas {
            erase_alloca_dbg_records(ctx, a, true);
            if !ctx.use_empty(a.0) {
                let p = ctx.const_poison(ctx.type_of(a.0));
                ctx.replace_all_uses_with(a.0, p);
            }
            ctx.erase_inst(a);
        }
        self.bufs.allocas = allocas;
        self.simplify_new_phis(ctx, dt);
        self.fill_unreachable_preds(ctx);
    }

    /// LLVM's `RemoveFromAllocasList`: the last alloca moves into slot `k`,
    /// which is processed next.
    fn remove_from_list(&mut self, k: &mut usize) {
        let last = self.bufs.allocas.len() - 1;
        self.bufs.allocas.swap(*k, last);
        self.bufs.allocas.pop();
        self.bufs.alloca_dbg.swap(*k, last);
        self.bufs.alloca_dbg.pop();
    }

    /// LLVM's `rewriteSingleStoreAlloca`.
    fn rewrite_single_store(
        &mut self,
        ctx: &mut Context,
        ai: Inst,
        info: &mut AllocaInfo,
        dt: &DomTree,
    ) -> bool {
        let only_store = info.only_store.expect("one defining block has a store");
        let repl = ctx.operand(only_store.0, 0).expect("store value");
        let require_dominating =
            ctx.as_inst(repl).is_some() || !is_guaranteed_not_poison(ctx, repl);
        let store_bb = ctx.inst_parent(only_store).expect("store in a block");
        info.using_blocks.clear();
        let mut users = core::mem::take(&mut self.bufs.scratch.insts);
        users.clear();
        users.extend(ctx.users(ai.0).map(Inst));
        for &li in &users {
            if li == only_store {
                continue;
            }
            let lb = ctx.inst_parent(li).expect("load in a block");
            if require_dominating {
                if lb == store_bb {
                    if ctx.comes_before(li, only_store) {
                        info.using_blocks.push(store_bb);
                        continue;
                    }
                } else if !dt.dominates(ctx, store_bb, lb) {
                    info.using_blocks.push(lb);
                    continue;
                }
            }
            let mut v = repl;
            if v == li.0 {
                v = ctx.const_poison(ctx.type_of(li.0));
            }
            convert_metadata_to_assumes(ctx, li, v);
            ctx.replace_inst_uses_trusted(li, v);
            ctx.erase_inst(li);
        }
        self.bufs.scratch.insts = users;
        if !info.using_blocks.is_empty() {
            return false;
        }
        for r in &info.dbg_users {
            if &*r.kind == "declare" {
                let dl = layout_of(&mut self.dl, ctx, self.f);
                convert_declare_at_store(ctx, r, only_store, ai, dl);
            }
        }
        erase_alloca_dbg_records(ctx, ai, true);
        ctx.erase_inst(only_store);
        ctx.erase_inst(ai);
        true
    }

    /// LLVM's `promoteSingleBlockAlloca`.
    fn promote_single_block(&mut self, ctx: &mut Context, ai: Inst, info: &AllocaInfo) -> bool {
        let mut stores = core::mem::take(&mut self.bufs.scratch.insts);
        let mut loads = core::mem::take(&mut self.bufs.scratch.loads);
        stores.clear();
        loads.clear();
        for i in ctx.users(ai.0).map(Inst) {
            match ctx.opcode(i) {
                Opcode::Store => stores.push(i),
                Opcode::Load => loads.push(i),
                _ => {}
            }
        }
        // By position in the block (LLVM sorts by its instruction numbers).
        stores.sort_by(|&a, &b| {
            if a == b {
                core::cmp::Ordering::Equal
            } else if ctx.comes_before(a, b) {
                core::cmp::Ordering::Less
            } else {
                core::cmp::Ordering::Greater
            }
        });
        let mut failed = false;
        for &li in &loads {
            // The nearest store before the load.
            let pos = stores.partition_point(|&s| ctx.comes_before(s, li));
            let mut v = if pos == 0 {
                if stores.is_empty() {
                    ctx.const_undef(ctx.type_of(li.0))
                } else {
                    failed = true;
                    break;
                }
            } else {
                ctx.operand(stores[pos - 1].0, 0).expect("store value")
            };
            convert_metadata_to_assumes(ctx, li, v);
            if v == li.0 {
                v = ctx.const_poison(ctx.type_of(li.0));
            }
            ctx.replace_inst_uses_trusted(li, v);
            ctx.erase_inst(li);
        }
        self.bufs.scratch.insts = stores;
        self.bufs.scratch.loads = loads;
        if failed {
            return false;
        }
        // The stores go, last user first, each leaving a #dbg_value.
        while let Some(u) = ctx.users(ai.0).next() {
            let si = Inst(u);
            for r in &info.dbg_users {
                if &*r.kind == "declare" {
                    let dl = layout_of(&mut self.dl, ctx, self.f);
                    convert_declare_at_store(ctx, r, si, ai, dl);
                }
            }
            ctx.erase_inst(si);
        }
        erase_alloca_dbg_records(ctx, ai, true);
        ctx.erase_inst(ai);
        true
    }

    /// LLVM's `ComputeLiveInBlocks`, into `sc.live` as block numbers (the
    /// IDF calculator takes them so, without reading the blocks' records
    /// again); `sc.def_blocks` holds the defining blocks, marked with the
    /// current stamp.
    fn live_in_blocks(&mut self, ctx: &Context, ai: Inst, info: &AllocaInfo, sc: &mut Scratch) {
        let st = self.stamp;
        debug_assert!(sc
            .def_blocks
            .iter()
            .all(|&b| self.bufs.blocks[Self::bnum(ctx, b)].def_mark == st));
        let work = &mut sc.work;
        work.clear();
        work.extend_from_slice(&info.using_blocks);
        let mut i = 0;
        let mut e = work.len();
        while i < e {
            let b = work[i];
            if self.bufs.blocks[Self::bnum(ctx, b)].def_mark != st {
                i += 1;
                continue;
            }
            // Is the first access a store? Read by raw index: the block
            // is live, and an operand names a live value by its slot alone,
            // so no handle is minted and no generation read per step.
            let mut store_first = false;
            let (values, uses) = (&ctx.graph.values, &ctx.graph.pool.uses);
            for x in ctx.inst_indices_at(b.0.idx) {
                let d = &values[x as usize];
                match Opcode::from_u8(d.opcode) {
                    Opcode::Store if uses[d.ops as usize + 1].val == ai.0.idx => {
                        store_first = true;
                        break;
                    }
                    Opcode::Load if uses[d.ops as usize].val == ai.0.idx => break,
                    _ => {}
                }
            }
            if store_first {
                work[i] = work[e - 1];
                work.pop();
                e -= 1;
            } else {
                i += 1;
            }
        }
        let live = &mut sc.live;
        live.clear();
        while let Some(b) = work.pop() {
            let n = Self::bnum(ctx, b);
            let m = &mut self.bufs.blocks[n];
            if m.seen_mark == st {
                continue;
            }
            m.seen_mark = st;
            live.push(n as u32);
            for p in ctx.predecessors(b) {
                if self.bufs.blocks[Self::bnum(ctx, p)].def_mark == st {
                    continue;
                }
                work.push(p);
            }
        }
    }

    /// LLVM's `QueuePhiNode`.
    fn queue_phi(&mut self, ctx: &mut Context, b: Block, num: u32, alloca: u32, version: &mut u32) {
        let ai = self.bufs.allocas[alloca as usize];
        let ty = alloca_type(ctx, ai);
        let n = self.num_preds(ctx, b);
        let mut name = core::mem::take(&mut self.bufs.scratch.name);
        name.clear();
        name.extend_from_slice(ctx.name_bytes(ai.0).unwrap_or(b""));
        name.push(b'.');
        name.extend_from_slice(crate::ir::function::decimal(*version, &mut [0; 10]));
        *version += 1;
        let phi = ctx.create_inst(Opcode::Phi, ty, &[], InstPayload::None);
        ctx.phi_reserve(phi, n);
        match ctx.first_inst(b) {
            Some(first) => ctx.insert_inst_before_records(first, phi),
            None => ctx.append_inst(b, phi),
        }
        // Named once placed: the function's symbol table uniques it
        // directly (named before, the name would be stored, taken back
        // and uniqued on insertion).
        ctx.set_name_bytes(phi.0, &name);
        self.bufs.scratch.name = name;
        self.bufs.new_phi_keys.push((num, alloca));
        self.bufs.new_phi_list.push(phi);
        let m = &mut self.bufs.blocks[Self::bnum(ctx, b)];
        self.bufs.phi_nodes.push(PhiNode {
            phi,
            alloca,
            next: m.phi_head,
        });
        m.phi_head = self.bufs.phi_nodes.len() as u32;
    }

    /// LLVM's `RenamePass` over the worklist, from the entry block. The
    /// incoming values and locations live in one vector each with an undo
    /// log (LLVM 20's `VectorWithUndo`, which visits and produces exactly
    /// what LLVM 19's copies per worklist entry do).
    fn rename(&mut self, ctx: &mut Context) {
        let n = self.bufs.allocas.len();
        // Room for a typical walk up front: growing these step by step
        // was a tenth of the promoter's allocator calls.
        let mut st = core::mem::take(&mut self.bufs.rename_bufs);
        st.vals.clear();
        st.locs.clear();
        st.locs.resize(n, None);
        st.undo_vals.clear();
        st.undo_vals.reserve(4 * n + 16);
        st.undo_locs.clear();
        st.undo_locs.reserve(4 * n + 16);
        st.work.clear();
        for &a in &self.bufs.allocas {
            let t = alloca_type(ctx, a);
            st.vals.push(ctx.const_undef(t));
        }
        let entry = ctx.entry_block(self.f).expect("a body");
        st.work.push((entry, None, 0, 0));
        while let Some((bb, pred, uv, ul)) = st.work.pop() {
            while st.undo_vals.len() > uv {
                let (k, v) = st.undo_vals.pop().expect("undo entry");
                st.vals[k] = v;
            }
            while st.undo_locs.len() > ul {
                let (k, v) = st.undo_locs.pop().expect("undo entry");
                st.locs[k] = v;
            }
            self.rename_block(ctx, bb, pred, &mut st);
        }
        self.bufs.rename_bufs = st;
    }

    fn rename_block(
        &mut self,
        ctx: &mut Context,
        mut bb: Block,
        mut pred: Option<Block>,
        st: &mut RenameState,
    ) {
        loop {
            // New PHIs at the top of `bb` get the incoming values from
            // `pred`, once per edge.
            let bn = Self::bnum(ctx, bb);
            let head = self.bufs.blocks[bn].phi_head;
            if let (Some(p), true) = (pred, head != 0) {
                debug_assert_eq!(
                    ctx.first_inst(bb),
                    Some(self.bufs.phi_nodes[head as usize - 1].phi)
                );
                let edges = ctx.successors(p).filter(|&s| s == bb).count();
                let mut cur = head;
                while cur != 0 {
                    let node = self.bufs.phi_nodes[cur as usize - 1];
                    cur = node.next;
                    let (phi, a) = (node.phi, node.alloca);
                    let a = a as usize;
                    let dl = st.locs[a];
                    if ctx.num_operands(phi.0) > 0 {
                        let old = ctx.extra(phi).and_then(|e| e.dbg);
                        let m = merged_location(ctx, old, dl);
                        if m != old {
                            ctx.extra_mut(phi).dbg = m;
                        }
                    } else if dl.is_some() {
                        ctx.extra_mut(phi).dbg = dl;
                    }
                    for _ in 0..edges {
                        ctx.phi_add_incoming(phi, st.vals[a], p);
                    }
                    if self.no_signed_zeros && is_fp_math_type(ctx, ctx.type_of(phi.0)) {
                        let fl = ctx.fast_math(phi);
                        ctx.set_fast_math(phi, fl | FastMathFlags::NSZ);
                    }
                    st.set_val(a, phi.0);
                    if !self.bufs.alloca_dbg[a].is_empty() {
                        let recs = self.bufs.alloca_dbg[a].clone();
                        let ai = self.bufs.allocas[a];
                        for r in recs.iter().filter(|r| &*r.kind == "declare") {
                            let dl = layout_of(&mut self.dl, ctx, self.f);
                            convert_declare_at_phi(ctx, r, phi, ai, dl);
                        }
                    }
                }
            }
            let m = &mut self.bufs.blocks[bn];
            if m.visited {
                return;
            }
            m.visited = true;
            // The block's instructions by raw index (the block is live;
            // the next one is read before this one may go): a handle is
            // made only for the loads and stores of promoted allocas.
            let mut cursor = ctx.graph.get(bb.0).ops;
            while cursor != NONE {
                let d = &ctx.graph.values[cursor as usize];
                let op = Opcode::from_u8(d.opcode);
                if op.is_terminator() {
                    break;
                }
                let (x, ops) = (cursor, d.ops as usize);
                cursor = d.c;
                match op {
                    Opcode::Load => {
                        let src = ctx.graph.pool.uses[ops].val;
                        let Some(a) = self.bufs.lookup.get_raw(ctx, src, &self.bufs.allocas) else {
                            continue;
                        };
                        let i = Inst(ctx.graph.handle(x));
                        let v = st.vals[a as usize];
                        convert_metadata_to_assumes(ctx, i, v);
                        ctx.replace_inst_uses_trusted(i, v);
                        ctx.erase_inst(i);
                    }
                    Opcode::Store => {
                        let dst = ctx.graph.pool.uses[ops + 1].val;
                        let Some(a) = self.bufs.lookup.get_raw(ctx, dst, &self.bufs.allocas) else {
                            continue;
                        };
                        let i = Inst(ctx.graph.handle(x));
                        let a = a as usize;
                        st.set_val(a, ctx.operand(i.0, 0).expect("store value"));
                        st.set_loc(a, ctx.extra(i).and_then(|e| e.dbg));
                        if !self.bufs.alloca_dbg[a].is_empty() {
                            let recs = self.bufs.alloca_dbg[a].clone();
                            let ai = self.bufs.allocas[a];
                            for r in recs.iter().filter(|r| &*r.kind == "declare") {
                                let dl = layout_of(&mut self.dl, ctx, self.f);
                                convert_declare_at_store(ctx, r, i, ai, dl);
                            }
                        }
                        ctx.erase_inst(i);
                    }
                    _ => {}
                }
            }
            // Successors: the first one continues here, the others go on
            // the worklist, each once.
            let mut succs = ctx.successors(bb);
            let Some(first) = succs.next() else {
                return;
            };
            let mut seen: SmallVec<[Block; 4]> = SmallVec::new();
            seen.push(first);
            for s in succs {
                if !seen.contains(&s) {
                    seen.push(s);
                    st.work
                        .push((s, Some(bb), st.undo_vals.len(), st.undo_locs.len()));
                }
            }
            pred = Some(bb);
            bb = first;
        }
    }

    /// Simplifies new PHIs that merge one value until none changes, in
    /// LLVM's map order.
    fn simplify_new_phis(&mut self, ctx: &mut Context, dt: &DomTree) {
        let order = dense_map_order(&self.bufs.new_phi_keys);
        let mut live: Vec<Option<Inst>> = order
            .iter()
            .map(|&i| Some(self.bufs.new_phi_list[i]))
            .collect();
        loop {
            let mut changed = false;
            for slot in live.iter_mut() {
                let Some(phi) = *slot else {
                    continue;
                };
                if let Some(v) = simplify_phi(ctx, phi, Some(dt)) {
                    ctx.replace_all_uses_with(phi.0, v);
                    ctx.erase_inst(phi);
                    *slot = None;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        self.bufs.remaining.clear();
        self.bufs.remaining.extend(live.into_iter().flatten());
    }

    /// PHIs in blocks with predecessors the rename walk never came from
    /// (unreachable ones) get `poison` for them, in predecessor layout
    /// order.
    fn fill_unreachable_preds(&mut self, ctx: &mut Context) {
        let phis = core::mem::take(&mut self.bufs.remaining);
        for &some in &phis {
            let b = ctx.inst_parent(some).expect("phi in a block");
            if ctx.first_inst(b) != Some(some) {
                continue;
            }
            if ctx.num_operands(some.0) == self.num_preds(ctx, b) {
                continue;
            }
            let mut preds: Vec<(u32, Block)> = ctx
                .predecessors(b)
                .map(|p| (self.layout_number(ctx, p), p))
                .collect();
            preds.sort_by_key(|x| x.0);
            for &inb in ctx.phi_blocks(some) {
                let inb = Block(inb);
                let key = self.layout_number(ctx, inb);
                let pos = preds.partition_point(|x| x.0 < key);
                preds.remove(pos);
            }
            let bad = ctx.num_operands(some.0);
            let mut cur = ctx.first_inst(b);
            while let Some(p) = cur {
                if ctx.opcode(p) != Opcode::Phi || ctx.num_operands(p.0) != bad {
                    break;
                }
                let poison = ctx.const_poison(ctx.type_of(p.0));
                for &(_, pb) in &preds {
                    ctx.phi_add_incoming(p, poison, pb);
                }
                cur = ctx.next_inst(p);
            }
        }
        self.bufs.remaining = phis;
    }
}

/// LLVM's `FPMathOperator` test for a PHI's type.
fn is_fp_math_type(ctx: &Context, mut ty: crate::types::Type) -> bool {
    while let TypeData::Array { elem, .. } = ctx.type_data(ty) {
        ty = *elem;
    }
    ctx.is_fp_or_fp_vector(ty)
}

/// LLVM's `isGuaranteedNotToBePoison` for what a store may hold: constants
/// without poison or undef inside, arguments with `noundef`, and
/// instructions LLVM proves (those are checked by the caller, which
/// requires dominance for every instruction anyway).
fn is_guaranteed_not_poison(ctx: &Context, v: Value) -> bool {
    match ctx.value_kind(v) {
        ValueKind::Argument => {
            let f = ctx.arg_parent(v);
            let n = ctx.arg_number(v);
            ctx.function_data(f)
                .attrs
                .param_attrs(n)
                .has(AttrKind::NoUndef)
        }
        k if k.is_constant() => !constant_may_be_poison(ctx, v, 0),
        ValueKind::Function | ValueKind::GlobalVariable | ValueKind::Alias => true,
        _ => false,
    }
}

fn constant_may_be_poison(ctx: &Context, v: Value, depth: u32) -> bool {
    use crate::constants::ConstKind;
    if depth > 6 {
        return true;
    }
    match ctx.value_kind(v) {
        ValueKind::Constant => {}
        ValueKind::Function | ValueKind::GlobalVariable | ValueKind::Alias => return false,
        _ => return true,
    }
    match ctx.const_kind(v) {
        ConstKind::Undef | ConstKind::Poison => true,
        ConstKind::Expr => true,
        _ => ctx
            .operands(v)
            .flatten()
            .any(|o| crate::stack::deep(|| constant_may_be_poison(ctx, o, depth + 1))),
    }
}

/// LLVM's `convertMetadataToAssumes`: a `!noundef` load of an undefined
/// value becomes a non-terminator `unreachable` (`store i1 true, ptr
/// poison`) before it; a `!nonnull !noundef` load keeps its fact as an
/// `llvm.assume` when the value is not known non-null.
///
/// A load without a side record has no metadata: that common case costs
/// one read of the load's record.
#[inline(always)]
fn convert_metadata_to_assumes(ctx: &mut Context, li: Inst, v: Value) {
    if ctx.graph.get(li.0).has_side() {
        convert_metadata_of_load(ctx, li, v);
    }
}

/// [`convert_metadata_to_assumes`] for a load with a side record.
fn convert_metadata_of_load(ctx: &mut Context, li: Inst, v: Value) {
    let noundef = MdKindId::NOUNDEF;
    let has = |ctx: &Context, k| ctx.extra(li).is_some_and(|e| e.md.get(k).is_some());
    if !has(ctx, noundef) {
        return;
    }
    let is_undef = ctx.value_kind(v) == crate::value::ValueKind::Constant
        && matches!(
            ctx.const_kind(v),
            crate::constants::ConstKind::Undef | crate::constants::ConstKind::Poison
        );
    if is_undef {
        let t = ctx.const_bool(true);
        let pty = ctx.ptr_type(0);
        let p = ctx.const_poison(pty);
        let void = ctx.void_type();
        let st = ctx.create_inst(Opcode::Store, void, &[t, p], InstPayload::None);
        ctx.set_inst_flags(st, 1); // align 1
        ctx.insert_inst_before(li, st);
        return;
    }
    let nonnull = MdKindId::NONNULL;
    if has(ctx, nonnull)
        && ctx.type_of(li.0) == ctx.type_of(v)
        && !ctx.is_known_nonzero_pointer(v, 0)
    {
        // `icmp ne %load, null` after the load, `llvm.assume` after that.
        let null = ctx.const_null(ctx.type_of(li.0));
        let next = ctx.next_inst(li).expect("a load is not last in its block");
        let mut b = crate::builder::Builder::before(ctx, next);
        b.set_folding(false);
        let cmp = b.icmp(IntPredicate::Ne, li.0, null);
        b.call_intrinsic(IntrinsicId::ASSUME, &[], &[cmp]);
    }
}
