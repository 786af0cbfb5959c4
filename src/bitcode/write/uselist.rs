//! Use-list order: LLVM 19's `predictUseListOrder`. The writer predicts
//! the order in which a reader will create each value's uses (from the
//! order the reader meets values: globals last-first, then per function
//! blocks, metadata constants, arguments, operands and instructions) and
//! writes a `USELIST` record where that prediction differs from the order
//! the module has, so that reading gives the module's order back.

use super::enumerate::{Enumerator, VIRT};
use super::Wr;
use crate::bitstream::names as n;
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdData, MdField, Metadata, SpecKind};
use crate::ir::Function;
use crate::value::ValueKind;
use crate::Context;

/// One value's permutation: the function whose block holds it (`None`:
/// the module's), the value, and the shuffle.
pub(crate) struct UseListOrder {
    pub(crate) f: Option<u32>,
    pub(crate) v: u32,
    pub(crate) shuffle: Vec<u64>,
}

/// LLVM's `OrderMap`: a one-based id per raw value (0: none), and whether
/// the value's order was predicted.
struct OrderMap {
    ids: Vec<u32>,
    done: Vec<bool>,
    next: u32,
    last_global: u32,
}

impl OrderMap {
    fn id(&self, v: u32) -> u32 {
        if v & VIRT != 0 {
            return 0;
        }
        self.ids[v as usize]
    }
}

struct Predictor<'e, 'c> {
    ve: &'e mut Enumerator<'c>,
    ctx: &'c Context,
    om: OrderMap,
    stack: Vec<UseListOrder>,
    /// The `ptr null` that fills the unset hung-off operands (personality,
    /// prefix, prologue) of a function that has one of them set, when some
    /// function has: in LLVM those slots are uses of `ptr null`, which lair
    /// does not store. A synthetic constant when the module has no `ptr
    /// null` of its own.
    null: Option<u32>,
    /// The order id and prediction flag of `null` when it is synthetic.
    virt_null: (u32, bool),
}

/// The use-list orders of module `ve.m`, last to write on top.
pub(crate) fn predict(ve: &mut Enumerator<'_>) -> Vec<UseListOrder> {
    let ctx = ve.ctx;
    let n = ctx.graph.values.len();
    let mut p = Predictor {
        ve,
        ctx,
        om: OrderMap {
            ids: vec![0; n],
            done: vec![false; n],
            next: 0,
            last_global: 0,
        },
        stack: Vec::new(),
        null: None,
        virt_null: (0, false),
    };
    p.null = p.hung_off_null();
    p.order_module();
    p.predict_module();
    p.stack
}

impl<'c> Predictor<'_, 'c> {
    /// The `ptr null` of unset hung-off function operands, if any function
    /// has some set and some unset.
    fn hung_off_null(&mut self) -> Option<u32> {
        let ctx = self.ctx;
        for f in ctx.functions(self.ve.m) {
            let ops = self.ve.function_operands(f);
            if let Some(k) = (0..ops.len()).find(|&k| ctx.function_operand(f, k as u32).is_none()) {
                return Some(ops[k]);
            }
        }
        None
    }

    /// The `ptr null` uses LLVM's parser leaves in a function's unset
    /// hung-off slots, most recent first: it fills all three slots with
    /// `ptr null` on the first set, then sets (or re-sets to `ptr null`,
    /// which makes the use the most recent) the personality, prefix and
    /// prologue in that order.
    fn hung_off_null_uses(&self, f: Function, null: u32) -> smallvec::SmallVec<[u32; 3]> {
        let ctx = self.ctx;
        let mut list: smallvec::SmallVec<[u32; 3]> = smallvec::SmallVec::new();
        let mut allocated = false;
        for k in 0..3u32 {
            let op = ctx.function_operand(f, k);
            if op.is_some() && !allocated {
                allocated = true;
                list.extend([2, 1, 0]);
            }
            if allocated {
                list.retain(|x| *x != k);
                if op.is_none_or(|v| v.idx == null) {
                    list.insert(0, k);
                }
            }
        }
        list
    }

    /// The uses of the hung-off `ptr null` `v` in LLVM's order (most
    /// recent first) as `(user, operand number)`: the module's own, and
    /// each function's hung-off slots, made when its header was parsed:
    /// after the uses made by instructions of earlier functions, before
    /// those of its own and later ones. Uses by globals and constants
    /// that fall between count as earlier (globals defined between two
    /// functions in the text are the case this gets wrong).
    fn null_uses(&self, v: u32) -> Vec<(u32, u32)> {
        let ctx = self.ctx;
        let real: Vec<(u32, u32)> = if v & VIRT != 0 {
            Vec::new()
        } else {
            ctx.uses(ctx.graph.handle(v))
                .filter(|u| !ctx.graph.values[u.user.idx as usize].is(ValueKind::Function))
                .map(|u| (u.user.idx, u.operand_no))
                .collect()
        };
        let funcs: Vec<Function> = ctx.functions(self.ve.m).collect();
        let index: hashbrown::HashMap<u32, usize> = funcs
            .iter()
            .enumerate()
            .map(|(k, f)| (f.0.idx, k))
            .collect();
        let pos_of = |user: u32| -> Option<usize> {
            let d = &ctx.graph.values[user as usize];
            if !d.is(ValueKind::Instruction) {
                return None;
            }
            let i = crate::ir::Inst(ctx.graph.handle(user));
            let f = ctx.block_parent(ctx.inst_parent(i)?)?;
            index.get(&f.0.idx).copied()
        };
        // last[k]: one past the oldest real use made by an instruction of
        // function k or a later one.
        let mut last = vec![0usize; funcs.len() + 1];
        for (i, &(u, _)) in real.iter().enumerate() {
            if let Some(p) = pos_of(u) {
                last[p] = last[p].max(i + 1);
            }
        }
        for k in (0..funcs.len()).rev() {
            last[k] = last[k].max(last[k + 1]);
        }
        let mut out = Vec::with_capacity(real.len() + 2 * funcs.len());
        let mut i = 0;
        for (k, &f) in funcs.iter().enumerate().rev() {
            while i < last[k] {
                out.push(real[i]);
                i += 1;
            }
            for slot in self.hung_off_null_uses(f, v) {
                out.push((f.0.idx, slot));
            }
        }
        out.extend_from_slice(&real[i..]);
        out
    }

    fn is_constant(&self, v: u32) -> bool {
        v & VIRT != 0 || self.ctx.graph.values[v as usize].is_constant_kind()
    }

    /// The operands of a constant as LLVM lists them (globals: initializer,
    /// aliasee, a function's three hung-off operands).
    fn const_ops(&mut self, v: u32) -> smallvec::SmallVec<[u32; 8]> {
        if v & VIRT != 0 {
            return self.ve.const_operands(v);
        }
        let ctx = self.ctx;
        let d = &ctx.graph.values[v as usize];
        match d.kind() {
            ValueKind::Function => {
                let f = Function(ctx.graph.handle(v));
                self.ve.function_operands(f).into_iter().collect()
            }
            k if k.is_global() => ctx
                .graph
                .operand_slice(ctx.graph.handle(v))
                .iter()
                .map(|u| u.val)
                .filter(|&x| x != NONE)
                .collect(),
            _ => self.ve.const_operands(v),
        }
    }

    /// The shufflevector mask of a shufflevector expression.
    fn expr_mask(&mut self, v: u32) -> Option<u32> {
        if self.ve.expr_opcode(v) != Some(Opcode::ShuffleVector) {
            return None;
        }
        let c = self.ctx.graph.handle(v);
        let scalable = self.ctx.is_scalable(self.ctx.type_of(c));
        let m = match self.ctx.const_expr_payload(c) {
            Some(crate::constants::ConstPayload::Mask(m)) => m.to_vec(),
            _ => return None,
        };
        Some(self.ve.mask_constant(&m, scalable))
    }

    /// LLVM's `orderValue` (iterative): constant operands that are not
    /// blocks or globals first.
    fn order_value(&mut self, v: u32) {
        if v & VIRT != 0 || self.om.ids[v as usize] != 0 {
            return;
        }
        let mut stack: Vec<(u32, smallvec::SmallVec<[u32; 8]>, usize)> = Vec::new();
        let ops = self.order_ops(v);
        stack.push((v, ops, 0));
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let o = top.1[top.2];
                top.2 += 1;
                if o & VIRT != 0 {
                    if Some(o) == self.null && self.virt_null.0 == 0 {
                        self.om.next += 1;
                        self.virt_null.0 = self.om.next;
                    }
                    continue;
                }
                if self.om.ids[o as usize] != 0 {
                    continue;
                }
                let ops = self.order_ops(o);
                stack.push((o, ops, 0));
                continue;
            }
            let (cur, _, _) = stack.pop().expect("non-empty");
            if cur & VIRT == 0 && self.om.ids[cur as usize] == 0 {
                self.om.next += 1;
                self.om.ids[cur as usize] = self.om.next;
            }
        }
    }

    fn order_ops(&mut self, v: u32) -> smallvec::SmallVec<[u32; 8]> {
        let mut out = smallvec::SmallVec::new();
        if !self.is_constant(v) {
            return out;
        }
        for o in self.const_ops(v) {
            if o & VIRT != 0 {
                if Some(o) == self.null {
                    out.push(o);
                }
                continue;
            }
            let k = self.ctx.graph.values[o as usize].kind();
            if k == ValueKind::Block || k.is_global() {
                continue;
            }
            out.push(o);
        }
        if let Some(m) = self.expr_mask(v) {
            out.push(m);
        }
        out
    }

    fn order_constant(&mut self, v: u32) {
        if v & VIRT != 0 {
            return;
        }
        let d = &self.ctx.graph.values[v as usize];
        if d.is_constant_kind() || d.is(ValueKind::InlineAsm) {
            self.order_value(v);
        }
    }

    /// The values a metadata operand names (a value, or a `DIArgList`'s).
    fn md_values(&self, m: Metadata) -> smallvec::SmallVec<[u32; 4]> {
        let ctx = self.ctx;
        let mut out = smallvec::SmallVec::new();
        match ctx.md.data(ctx.md_resolved(m)) {
            MdData::Value(v) => out.push(v.idx),
            MdData::Specialized {
                kind: SpecKind::DIArgList,
                fields,
                ..
            } => {
                for (_, f) in fields.iter() {
                    if let MdField::Md(Some(a)) = f {
                        if let MdData::Value(v) = ctx.md.data(ctx.md_resolved(*a)) {
                            out.push(v.idx);
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// The metadata operands of an instruction's debug records (location,
    /// and address of an assignment) and its metadata-as-value operands.
    fn inst_md_values(&self, i: crate::ir::Inst) -> smallvec::SmallVec<[u32; 4]> {
        let ctx = self.ctx;
        let mut out = smallvec::SmallVec::new();
        for r in ctx.dbg_records(i) {
            if &*r.kind == "label" {
                continue;
            }
            if let Some(Some(loc)) = r.ops.first() {
                out.extend(self.md_values(*loc));
            }
            if &*r.kind == "assign" {
                if let Some(Some(a)) = r.ops.get(4) {
                    out.extend(self.md_values(*a));
                }
            }
        }
        out
    }

    fn mav_values(&self, o: u32) -> smallvec::SmallVec<[u32; 4]> {
        let ctx = self.ctx;
        if o != NONE && ctx.graph.values[o as usize].is(ValueKind::MetadataAsValue) {
            if let Some(m) = ctx.value_metadata(ctx.graph.handle(o)) {
                return self.md_values(m);
            }
        }
        smallvec::SmallVec::new()
    }

    fn order_module(&mut self) {
        let ctx = self.ctx;
        let m = self.ve.m;
        let globals: Vec<u32> = ctx.global_vars(m).map(|g| g.0.idx).collect();
        let aliases: Vec<u32> = ctx.aliases(m).map(|g| g.0.idx).collect();
        let ifuncs: Vec<u32> = ctx.ifuncs(m).map(|g| g.0.idx).collect();
        let funcs: Vec<Function> = ctx.functions(m).collect();
        for &g in globals.iter().rev() {
            self.order_value(g);
        }
        for &a in aliases.iter().rev() {
            self.order_value(a);
        }
        for &i in ifuncs.iter().rev() {
            self.order_value(i);
        }
        for f in funcs.iter().rev() {
            self.order_value(f.0.idx);
        }
        self.om.last_global = self.om.next;
        for &f in &funcs {
            if ctx.is_declaration(f) {
                continue;
            }
            for b in ctx.blocks(f) {
                self.order_value(b.0.idx);
            }
            for b in ctx.blocks(f) {
                for i in ctx.insts(b) {
                    for v in self.inst_md_values(i) {
                        self.order_constant(v);
                    }
                    let n = ctx.graph.operand_slice(i.0).len();
                    for k in 0..n {
                        let o = ctx.graph.operand_slice(i.0)[k].val;
                        for v in self.mav_values(o) {
                            self.order_constant(v);
                        }
                    }
                }
            }
            for &a in ctx.args(f) {
                self.order_value(a.idx);
            }
            for b in ctx.blocks(f) {
                for i in ctx.insts(b) {
                    let n = ctx.graph.operand_slice(i.0).len();
                    for k in 0..n {
                        let o = ctx.graph.operand_slice(i.0)[k].val;
                        if o != NONE {
                            self.order_constant(o);
                        }
                    }
                    if ctx.opcode(i) == Opcode::ShuffleVector {
                        if let InstPayload::Mask(mask) = ctx.payload(i) {
                            let scalable = ctx.is_scalable(ctx.type_of(i.0));
                            let mask = mask.clone();
                            let mc = self.ve.mask_constant(&mask, scalable);
                            self.order_value(mc);
                        }
                    }
                    self.order_value(i.0.idx);
                }
            }
        }
    }

    /// LLVM's `predictValueUseListOrder` (iterative over constants).
    fn predict_value(&mut self, v: u32, f: Option<u32>) {
        let mut work = vec![v];
        while let Some(cur) = work.pop() {
            if cur & VIRT != 0 {
                if Some(cur) == self.null && self.virt_null.0 != 0 && !self.virt_null.1 {
                    self.virt_null.1 = true;
                    self.predict_impl(cur, f, self.virt_null.0);
                }
                continue;
            }
            let id = self.om.ids[cur as usize];
            if id == 0 || self.om.done[cur as usize] {
                continue;
            }
            self.om.done[cur as usize] = true;
            self.predict_impl(cur, f, id);
            if self.is_constant(cur) {
                let mut next: smallvec::SmallVec<[u32; 8]> = smallvec::SmallVec::new();
                for o in self.const_ops(cur) {
                    if self.is_constant(o) {
                        next.push(o);
                    }
                }
                if let Some(m) = self.expr_mask(cur) {
                    next.push(m);
                }
                // Visited in operand order: push reversed.
                work.extend(next.into_iter().rev());
            }
        }
    }

    fn predict_impl(&mut self, v: u32, f: Option<u32>, id: u32) {
        let mut list: Vec<(u32, u32, u32)> = Vec::new(); // (user id, opno, index)
        if self.null == Some(v) {
            for (user, operand_no) in self.null_uses(v) {
                let uid = self.om.id(user);
                if uid != 0 {
                    let k = list.len() as u32;
                    list.push((uid, operand_no, k));
                }
            }
        } else {
            let ctx = self.ctx;
            for u in ctx.uses(ctx.graph.handle(v)) {
                let uid = self.om.id(u.user.idx);
                if uid != 0 {
                    let k = list.len() as u32;
                    list.push((uid, u.operand_no, k));
                }
            }
        }
        if list.len() < 2 {
            return;
        }
        let global = id <= self.om.last_global;
        list.sort_by(|l, r| {
            use core::cmp::Ordering as O;
            let (lid, rid) = (l.0, r.0);
            if lid < rid {
                if rid <= id && !global {
                    return O::Less;
                }
                return O::Greater;
            }
            if rid < lid {
                if lid <= id && !global {
                    return O::Greater;
                }
                return O::Less;
            }
            if lid <= id && !global {
                return l.1.cmp(&r.1);
            }
            r.1.cmp(&l.1)
        });
        if list.windows(2).all(|w| w[0].2 <= w[1].2) {
            return;
        }
        self.stack.push(UseListOrder {
            f,
            v,
            shuffle: list.iter().map(|e| u64::from(e.2)).collect(),
        });
    }

    fn predict_module(&mut self) {
        let ctx = self.ctx;
        let m = self.ve.m;
        let funcs: Vec<Function> = ctx.functions(m).collect();
        for f in funcs.iter().rev() {
            if ctx.is_declaration(*f) {
                continue;
            }
            let fi = Some(f.0.idx);
            for b in ctx.blocks(*f) {
                self.predict_value(b.0.idx, fi);
            }
            for &a in ctx.args(*f) {
                self.predict_value(a.idx, fi);
            }
            for b in ctx.blocks(*f) {
                for i in ctx.insts(b) {
                    for v in self.inst_md_values(i) {
                        self.predict_value(v, fi);
                    }
                    let n = ctx.graph.operand_slice(i.0).len();
                    for k in 0..n {
                        let o = ctx.graph.operand_slice(i.0)[k].val;
                        if o == NONE {
                            continue;
                        }
                        let d = &ctx.graph.values[o as usize];
                        if d.is_constant_kind() || d.is(ValueKind::InlineAsm) {
                            self.predict_value(o, fi);
                        }
                        for v in self.mav_values(o) {
                            self.predict_value(v, fi);
                        }
                    }
                    if ctx.opcode(i) == Opcode::ShuffleVector {
                        if let InstPayload::Mask(mask) = ctx.payload(i) {
                            let scalable = ctx.is_scalable(ctx.type_of(i.0));
                            let mask = mask.clone();
                            let mc = self.ve.mask_constant(&mask, scalable);
                            self.predict_value(mc, fi);
                        }
                    }
                    self.predict_value(i.0.idx, fi);
                }
            }
        }
        let globals: Vec<u32> = ctx.global_vars(m).map(|g| g.0.idx).collect();
        let aliases: Vec<u32> = ctx.aliases(m).map(|g| g.0.idx).collect();
        let ifuncs: Vec<u32> = ctx.ifuncs(m).map(|g| g.0.idx).collect();
        for &g in &globals {
            self.predict_value(g, None);
        }
        for f in &funcs {
            self.predict_value(f.0.idx, None);
        }
        for &a in &aliases {
            self.predict_value(a, None);
        }
        for &i in &ifuncs {
            self.predict_value(i, None);
        }
        for &g in &globals {
            if let Some(init) = ctx.initializer(crate::ir::Global(ctx.graph.handle(g))) {
                self.predict_value(init.idx, None);
            }
        }
        for &a in aliases.iter().chain(&ifuncs) {
            if let Some(t) = ctx.indirect_target(crate::ir::Global(ctx.graph.handle(a))) {
                self.predict_value(t.idx, None);
            }
        }
        for f in &funcs {
            for o in self.ve.function_operands(*f) {
                self.predict_value(o, None);
            }
        }
    }
}

impl Wr<'_> {
    /// The `USELIST` block of function `f` (or of the module).
    pub(super) fn write_use_list_block(&mut self, f: Option<crate::ir::Function>) {
        let key = f.map(|f| f.0.idx);
        let has_more = |wr: &Self| wr.use_lists.last().is_some_and(|o| o.f == key);
        if !has_more(self) {
            return;
        }
        self.enter(n::USELIST_BLOCK_ID, 3);
        while has_more(self) {
            let o = self.use_lists.pop().expect("non-empty");
            let is_block =
                o.v & VIRT == 0 && self.ctx.graph.values[o.v as usize].is(ValueKind::Block);
            let code = if is_block {
                n::USELIST_CODE_BB
            } else {
                n::USELIST_CODE_DEFAULT
            };
            let mut rec = o.shuffle;
            rec.push(u64::from(self.ve.vid(o.v)));
            self.record(code, &rec, 0);
        }
        self.exit();
    }
}
