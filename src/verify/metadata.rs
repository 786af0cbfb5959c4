//! Metadata rules: nodes in general (`visitMDNode`: no function-local
//! values in global metadata, `DILocation` only where allowed, each
//! specialised node's own rules), values as metadata, and the attachment
//! kinds LLVM checks on instructions and functions (`!fpmath`, `!range`,
//! `!nonnull`, `!dereferenceable`, `!align`, `!prof`, `!memprof`,
//! `!callsite`, `!DIAssignID`, `!mmra`, `!annotation`, alias scopes,
//! access groups, `!kcfi_type`; `!tbaa` is in `tbaa.rs`).

use super::report::{check, Item};
use super::Verifier;
use crate::constants::apint::APInt;
use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::ir::metadata::{MdData, MdField, MdKindId, Metadata, SpecKind};
use crate::ir::{Function, Inst};
use crate::value::{Value, ValueKind};
use crate::Context;

/// The integer a `ValueAsMetadata` of a `ConstantInt` holds
/// (`mdconst::dyn_extract<ConstantInt>`).
pub(crate) fn md_const_int(ctx: &Context, md: Metadata) -> Option<APInt> {
    match ctx.md_data(md) {
        MdData::Value(v) => {
            let v = *v;
            (ctx.value_kind(v) == ValueKind::Constant && ctx.const_kind(v) == ConstKind::Int)
                .then(|| ctx.const_int_value(v))
                .flatten()
        }
        _ => None,
    }
}

/// The constant value of a `ValueAsMetadata`, if it holds a constant.
pub(crate) fn md_constant(ctx: &Context, md: Metadata) -> Option<Value> {
    match ctx.md_data(md) {
        MdData::Value(v) if ctx.value_kind(*v).is_constant() => Some(*v),
        _ => None,
    }
}

/// Whether `md` is an `MDNode` (a tuple or a specialised node other than
/// `DIArgList`).
pub(crate) fn is_md_node(ctx: &Context, md: Metadata) -> bool {
    match ctx.md_data(md) {
        MdData::Tuple { .. } => true,
        MdData::Specialized { kind, .. } => *kind != SpecKind::DIArgList,
        _ => false,
    }
}

/// Whether `md` is an `MDString`.
pub(crate) fn is_md_string(ctx: &Context, md: Metadata) -> bool {
    matches!(ctx.md_data(md), MdData::String(_))
}

/// The operands of a tuple (empty for other metadata).
pub(crate) fn tuple_ops(ctx: &Context, md: Metadata) -> &[Option<Metadata>] {
    match ctx.md_data(md) {
        MdData::Tuple { ops, .. } => ops,
        _ => &[],
    }
}

/// The number of operands of a node as LLVM counts them (tuple operands;
/// a specialised node's metadata-valued fields).
pub(crate) fn num_md_operands(ctx: &Context, md: Metadata) -> usize {
    match ctx.md_data(md) {
        MdData::Tuple { ops, .. } => ops.len(),
        MdData::Specialized { kind, .. } => kind.operand_order().len(),
        _ => 0,
    }
}

/// A node's metadata operands in LLVM's operand order (tuple operands, or
/// a specialised node's metadata fields in `operand_order`, then list
/// fields).
fn node_operands(ctx: &Context, md: Metadata) -> Vec<Option<Metadata>> {
    match ctx.md_data(md) {
        MdData::Tuple { ops, .. } => ops.to_vec(),
        MdData::Specialized { kind, fields, .. } => {
            let mut out = Vec::new();
            for &name in kind.operand_order() {
                if let Some((_, f)) = fields.iter().find(|(n, _)| *n == name) {
                    match f {
                        MdField::Md(m) => out.push(*m),
                        MdField::List(l) => out.extend(l.iter().copied()),
                        _ => {}
                    }
                }
            }
            for (n, f) in fields.iter() {
                if !kind.operand_order().contains(n) {
                    match f {
                        MdField::Md(m) => out.push(*m),
                        MdField::List(l) => out.extend(l.iter().copied()),
                        _ => {}
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// A `[lo, hi)` wrapping range of `width` bits, as LLVM's `ConstantRange`
/// with `lo == hi` meaning the full set (at the maximum value) or the
/// empty set (at the minimum).
#[derive(Clone)]
struct Range {
    lo: APInt,
    hi: APInt,
}

impl Range {
    fn is_empty(&self) -> bool {
        self.lo == self.hi && self.lo.is_zero()
    }
    fn is_full(&self) -> bool {
        self.lo == self.hi && self.lo.is_all_ones()
    }
    /// The range as at most two non-wrapping half-open pieces `[a, b)`
    /// with `b` possibly one past the maximum (`None`).
    fn pieces(&self) -> Vec<(APInt, Option<APInt>)> {
        let w = self.lo.width();
        let zero = APInt::zero(w);
        if self.is_empty() {
            return Vec::new();
        }
        if self.is_full() {
            return vec![(zero, None)];
        }
        if self.lo.ult(&self.hi) {
            vec![(self.lo.clone(), Some(self.hi.clone()))]
        } else if self.hi.is_zero() {
            vec![(self.lo.clone(), None)]
        } else {
            vec![(zero, Some(self.hi.clone())), (self.lo.clone(), None)]
        }
    }
    fn intersects(&self, other: &Range) -> bool {
        for (a0, a1) in self.pieces() {
            for (b0, b1) in other.pieces() {
                let lo = if a0.ult(&b0) { &b0 } else { &a0 };
                let below = |hi: &Option<APInt>| hi.as_ref().is_none_or(|h| lo.ult(h));
                if below(&a1) && below(&b1) {
                    return true;
                }
            }
        }
        false
    }
}

impl<'a> Verifier<'a> {
    /// LLVM's `visitMDNode`, iterative: the node's own rules on entry,
    /// then its operands in order.
    pub(crate) fn visit_md_node(&mut self, root: Metadata, allow_locs: bool) {
        let ctx = self.ctx;
        let root = ctx.md_resolved(root);
        if !is_md_node(ctx, root) {
            return;
        }
        if !self.md_seen.insert(root) {
            return;
        }
        self.visit_specialized(root);
        let mut stack: Vec<(Metadata, Vec<Option<Metadata>>, usize)> =
            vec![(root, node_operands(ctx, root), 0)];
        while let Some(top) = stack.last_mut() {
            let (node, ref ops, k) = *top;
            if k >= ops.len() {
                stack.pop();
                if matches!(ctx.md_data(node), MdData::Temporary) {
                    self.fail(
                        false,
                        "Expected no forward declarations!",
                        vec![node.into()],
                    );
                }
                continue;
            }
            top.2 += 1;
            let Some(op) = ops[k] else {
                continue;
            };
            let op = ctx.md_resolved(op);
            if let MdData::Value(v) = ctx.md_data(op) {
                if self.is_local_value(*v) {
                    self.fail(
                        false,
                        "Invalid operand for global metadata!",
                        vec![node.into(), op.into()],
                    );
                    stack.pop();
                    continue;
                }
            }
            if ctx.md_data(op).spec_kind() == Some(SpecKind::DILocation) && !allow_locs {
                self.fail(
                    true,
                    "DILocation not allowed within this metadata node",
                    vec![node.into(), op.into()],
                );
                stack.pop();
                continue;
            }
            if is_md_node(ctx, op) {
                if self.md_seen.insert(op) {
                    self.visit_specialized(op);
                    stack.push((op, node_operands(ctx, op), 0));
                }
                continue;
            }
            if let MdData::Value(_) = ctx.md_data(op) {
                self.visit_value_as_metadata(op, None);
            }
        }
    }

    /// Whether `v` is function-local (what `LocalAsMetadata` wraps).
    pub(crate) fn is_local_value(&self, v: Value) -> bool {
        !self.ctx.value_kind(v).is_constant()
    }

    /// LLVM's `visitValueAsMetadata`.
    pub(crate) fn visit_value_as_metadata(&mut self, md: Metadata, f: Option<Function>) {
        let ctx = self.ctx;
        let MdData::Value(v) = ctx.md_data(md) else {
            return;
        };
        let v = *v;
        check!(
            self,
            !ctx.is_metadata(ctx.type_of(v)),
            "Unexpected metadata round-trip through values",
            md,
            v
        );
        if !self.is_local_value(v) {
            return;
        }
        check!(
            self,
            f.is_some(),
            "function-local metadata used outside a function",
            md
        );
        let actual = match ctx.value_kind(v) {
            ValueKind::Instruction => {
                let b = ctx.inst_parent(Inst(v));
                check!(
                    self,
                    b.is_some(),
                    "function-local metadata not in basic block",
                    md,
                    v
                );
                b.and_then(|b| ctx.block_parent(b))
            }
            ValueKind::Block => ctx.block_parent(crate::ir::Block(v)),
            ValueKind::Argument => Some(ctx.arg_parent(v)),
            _ => None,
        };
        check!(
            self,
            actual == f,
            "function-local metadata used in wrong function",
            md
        );
    }

    /// LLVM's `visitMetadataAsValue` for the argument `v` of a call in
    /// function `f`.
    pub(crate) fn visit_metadata_as_value(&mut self, v: Value, f: Option<Function>) {
        let ctx = self.ctx;
        let Some(md) = ctx.value_metadata(v) else {
            return;
        };
        let md = ctx.md_resolved(md);
        if is_md_node(ctx, md) {
            self.visit_md_node(md, false);
            return;
        }
        if !self.md_seen.insert(md) {
            return;
        }
        match ctx.md_data(md) {
            MdData::Value(_) => self.visit_value_as_metadata(md, f),
            MdData::Specialized {
                kind: SpecKind::DIArgList,
                fields,
                ..
            } => {
                let args: Vec<Metadata> = fields
                    .iter()
                    .filter_map(|(_, f)| match f {
                        MdField::Md(Some(m)) => Some(*m),
                        _ => None,
                    })
                    .collect();
                for a in args {
                    self.visit_value_as_metadata(a, f);
                }
            }
            _ => {}
        }
    }

    /// The attachment rules of `visitInstruction`; false when one failed
    /// (LLVM returns from `visitInstruction` there).
    pub(crate) fn visit_attachment_kinds(&mut self, i: Inst) -> bool {
        let ctx = self.ctx;
        let Some(extra) = self.extra(i) else {
            return true;
        };
        if extra.md.is_empty() && extra.dbg.is_none() {
            return true;
        }
        let md = &extra.md;
        let get = |k: MdKindId| md.get(k).map(|m| ctx.md_resolved(m));
        let op = ctx.opcode(i);
        let ty = ctx.type_of(i.0);
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        if let Some(m) = get(MdKindId::FPMATH) {
            if !ctx.is_fp_or_fp_vector(ty) {
                return fail(
                    self,
                    "fpmath requires a floating point result!",
                    vec![i.into()],
                );
            }
            let ops = tuple_ops(ctx, m);
            if ops.len() != 1 {
                return fail(self, "fpmath takes one operand!", vec![i.into()]);
            }
            let cfp = ops[0].and_then(|o| md_constant(ctx, o)).filter(|&c| {
                ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Float
            });
            match cfp {
                Some(c) => {
                    if !matches!(ctx.type_data(ctx.type_of(c)), crate::types::TypeData::Float) {
                        return fail(self, "fpmath accuracy must have float type", vec![i.into()]);
                    }
                    let bits = ctx.const_float_value(c).unwrap_or(0) as u32;
                    let x = f32::from_bits(bits);
                    if !(x.is_finite() && x != 0.0 && x.is_sign_positive()) {
                        return fail(
                            self,
                            "fpmath accuracy not a positive number!",
                            vec![i.into()],
                        );
                    }
                }
                None => return fail(self, "invalid fpmath accuracy!", vec![i.into()]),
            }
        }
        if let Some(r) = get(MdKindId::RANGE) {
            if !matches!(op, Opcode::Load | Opcode::Call | Opcode::Invoke) {
                return fail(
                    self,
                    "Ranges are only for loads, calls and invokes!",
                    vec![i.into()],
                );
            }
            if !self.verify_range_metadata(i.0, r, RangeTy::Type(ctx.scalar_type(ty)), false) {
                return false;
            }
        }
        if get(MdKindId::INVARIANT_GROUP).is_some() && !matches!(op, Opcode::Load | Opcode::Store) {
            return fail(
                self,
                "invariant.group metadata is only for loads and stores",
                vec![i.into()],
            );
        }
        if let Some(m) = get(MdKindId::NONNULL) {
            if !ctx.is_ptr(ty) {
                return fail(
                    self,
                    "nonnull applies only to pointer types",
                    vec![i.into()],
                );
            }
            if op != Opcode::Load {
                return fail(
                    self,
                    "nonnull applies only to load instructions, use attributes for calls or invokes",
                    vec![i.into()],
                );
            }
            if num_md_operands(ctx, m) != 0 {
                return fail(self, "nonnull metadata must be empty", vec![i.into()]);
            }
        }
        for kind in [MdKindId::DEREFERENCEABLE, MdKindId::DEREFERENCEABLE_OR_NULL] {
            if let Some(m) = md.get(kind) {
                if !ctx.is_ptr(ty) {
                    return fail(
                        self,
                        "dereferenceable, dereferenceable_or_null apply only to pointer types",
                        vec![i.into()],
                    );
                }
                if !matches!(op, Opcode::Load | Opcode::IntToPtr) {
                    return fail(
                        self,
                        "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes",
                        vec![i.into()],
                    );
                }
                let ops = tuple_ops(ctx, m);
                if ops.len() != 1 {
                    return fail(
                        self,
                        "dereferenceable, dereferenceable_or_null take one operand!",
                        vec![i.into()],
                    );
                }
                let ok = ops[0]
                    .and_then(|o| md_const_int(ctx, o))
                    .is_some_and(|x| x.width() == 64);
                if !ok {
                    return fail(
                        self,
                        "dereferenceable, dereferenceable_or_null metadata value must be an i64!",
                        vec![i.into()],
                    );
                }
            }
        }
        if let Some(t) = get(MdKindId::TBAA) {
            self.visit_tbaa(i, t);
        }
        for kind in [MdKindId::NOALIAS, MdKindId::ALIAS_SCOPE] {
            if let Some(m) = md.get(kind) {
                if !self.visit_alias_scope_list(m) {
                    return false;
                }
            }
        }
        if let Some(m) = get(MdKindId::ACCESS_GROUP) {
            if !self.visit_access_group(m) {
                return false;
            }
        }
        if let Some(m) = get(MdKindId::ALIGN) {
            if !ctx.is_ptr(ty) {
                return fail(self, "align applies only to pointer types", vec![i.into()]);
            }
            if op != Opcode::Load {
                return fail(
                    self,
                    "align applies only to load instructions, use attributes for calls or invokes",
                    vec![i.into()],
                );
            }
            let ops = tuple_ops(ctx, m);
            if ops.len() != 1 {
                return fail(self, "align takes one operand!", vec![i.into()]);
            }
            let ci = ops[0]
                .and_then(|o| md_const_int(ctx, o))
                .filter(|x| x.width() == 64);
            let Some(ci) = ci else {
                return fail(self, "align metadata value must be an i64!", vec![i.into()]);
            };
            let a = ci.try_to_u64().unwrap_or(0);
            if !a.is_power_of_two() {
                return fail(
                    self,
                    "align metadata value must be a power of 2!",
                    vec![i.into()],
                );
            }
            if a > super::inst::MAX_ALIGN {
                return fail(
                    self,
                    "alignment is larger that implementation defined limit",
                    vec![i.into()],
                );
            }
        }
        if let Some(m) = get(MdKindId::PROF) {
            if !self.visit_prof(i, m) {
                return false;
            }
        }
        if let Some(m) = get(MdKindId::MEMPROF) {
            if !self.visit_memprof(i, m) {
                return false;
            }
        }
        if let Some(m) = get(MdKindId::CALLSITE) {
            if !matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) {
                return fail(
                    self,
                    "!callsite metadata should only exist on calls",
                    vec![i.into()],
                );
            }
            if !self.visit_call_stack(m) {
                return false;
            }
        }
        if let Some(m) = get(MdKindId::DI_ASSIGN_ID) {
            self.visit_di_assign_id_attachment(i, m);
        }
        if let Some(m) = get(MdKindId::MMRA) {
            if !self.visit_mmra(i, m) {
                return false;
            }
        }
        if let Some(m) = get(MdKindId::ANNOTATION) {
            if !self.visit_annotation(m) {
                return false;
            }
        }
        if let Some(d) = extra.dbg {
            let d = ctx.md_resolved(d);
            if ctx.md_data(d).spec_kind() != Some(SpecKind::DILocation) {
                self.fail(
                    true,
                    "invalid !dbg metadata attachment",
                    vec![i.into(), d.into()],
                );
                return false;
            }
            self.visit_md_node(d, true);
        }
        if self
            .intrinsic_name_of(i)
            .is_some_and(|n| matches!(n, "llvm.dbg.value" | "llvm.dbg.declare" | "llvm.dbg.assign"))
        {
            self.verify_dbg_intrinsic_fragment(i);
            self.verify_dbg_intrinsic_not_entry_value(i);
        }
        let all: Vec<(MdKindId, Metadata)> = md.iter().collect();
        for (k, m) in all {
            let allow = k == MdKindId::DBG || k == MdKindId::LOOP;
            self.visit_md_node(m, allow);
        }
        true
    }

    /// `!range` / `!absolute_symbol` (LLVM `verifyRangeLikeMetadata`);
    /// false when a check failed.
    pub(crate) fn verify_range_metadata(
        &mut self,
        at: Value,
        range: Metadata,
        ty: RangeTy,
        absolute: bool,
    ) -> bool {
        let ctx = self.ctx;
        let ops = tuple_ops(ctx, range).to_vec();
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        if !ops.len().is_multiple_of(2) {
            return fail(self, "Unfinished range!", vec![range.into()]);
        }
        let n = ops.len() / 2;
        if n < 1 {
            return fail(
                self,
                "It should have at least one range!",
                vec![range.into()],
            );
        }
        let mut last: Option<Range> = None;
        let mut first: Option<Range> = None;
        for k in 0..n {
            let lo_c = ops[2 * k].and_then(|o| md_constant(ctx, o)).filter(|&c| {
                ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Int
            });
            let Some(lo_c) = lo_c else {
                return fail(self, "The lower limit must be an integer!", vec![]);
            };
            let hi_c = ops[2 * k + 1]
                .and_then(|o| md_constant(ctx, o))
                .filter(|&c| {
                    ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Int
                });
            let Some(hi_c) = hi_c else {
                return fail(self, "The upper limit must be an integer!", vec![]);
            };
            let (lt, ht) = (ctx.type_of(lo_c), ctx.type_of(hi_c));
            let matches = match ty {
                RangeTy::Type(t) => ht == t,
                RangeTy::Width(w) => ctx.int_width(ht) == Some(w),
            };
            if lt != ht || !matches {
                return fail(
                    self,
                    "Range types must match instruction type!",
                    vec![at.into()],
                );
            }
            let lo = ctx.const_int_value(lo_c).expect("an integer");
            let hi = ctx.const_int_value(hi_c).expect("an integer");
            if lo == hi && !lo.is_all_ones() && !lo.is_zero() {
                return fail(
                    self,
                    "The upper and lower limits cannot be the same value",
                    vec![at.into()],
                );
            }
            let cur = Range { lo, hi };
            if cur.is_empty() || (!absolute && cur.is_full()) {
                return fail(self, "Range must not be empty!", vec![range.into()]);
            }
            if let Some(prev) = &last {
                if cur.intersects(prev) {
                    return fail(self, "Intervals are overlapping", vec![range.into()]);
                }
                if !cur.lo.sgt(&prev.lo) {
                    return fail(self, "Intervals are not in order", vec![range.into()]);
                }
                if cur.hi == prev.lo || cur.lo == prev.hi {
                    return fail(self, "Intervals are contiguous", vec![range.into()]);
                }
            }
            if first.is_none() {
                first = Some(cur.clone());
            }
            last = Some(cur);
        }
        if n > 2 {
            let (f, l) = (first.expect("ranges"), last.expect("ranges"));
            if f.intersects(&l) {
                return fail(self, "Intervals are overlapping", vec![range.into()]);
            }
            if f.hi == l.lo || f.lo == l.hi {
                return fail(self, "Intervals are contiguous", vec![range.into()]);
            }
        }
        true
    }

    fn visit_prof(&mut self, i: Inst, m: Metadata) -> bool {
        let ctx = self.ctx;
        let ops = tuple_ops(ctx, m).to_vec();
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        if ops.len() < 2 {
            return fail(
                self,
                "!prof annotations should have no less than 2 operands",
                vec![m.into()],
            );
        }
        let Some(first) = ops[0] else {
            return fail(self, "first operand should not be null", vec![m.into()]);
        };
        let Some(name) = ctx.md_data(first).as_bytes() else {
            return fail(
                self,
                "expected string with name of the !prof annotation",
                vec![m.into()],
            );
        };
        if name != b"branch_weights" {
            return true;
        }
        let offset = if ops[1].is_some_and(|o| ctx.md_data(o).as_bytes() == Some(b"expected")) {
            2
        } else {
            1
        };
        let nweights = ops.len() - offset;
        let op = ctx.opcode(i);
        if op == Opcode::Invoke {
            if !(nweights == 1 || nweights == 2) {
                return fail(
                    self,
                    "Wrong number of InvokeInst branch_weights operands",
                    vec![m.into()],
                );
            }
        } else {
            let n = ctx.num_operands(i.0) as usize;
            let expected = match op {
                Opcode::Br => {
                    if n == 3 {
                        2
                    } else {
                        1
                    }
                }
                Opcode::Switch => n / 2,
                Opcode::Call => 1,
                Opcode::IndirectBr => n - 1,
                Opcode::Select => 2,
                Opcode::CallBr => self
                    .call_view(i)
                    .map_or(0, |cv| 1 + cv.data.num_indirect as usize),
                _ => {
                    self.fail(
                        false,
                        "!prof branch_weights are not allowed for this instruction",
                        vec![m.into()],
                    );
                    0
                }
            };
            if nweights != expected {
                return fail(self, "Wrong number of operands", vec![m.into()]);
            }
        }
        for o in &ops[offset..] {
            let Some(o) = o else {
                return fail(self, "second operand should not be null", vec![m.into()]);
            };
            if md_const_int(ctx, *o).is_none() {
                return fail(
                    self,
                    "!prof brunch_weights operand is not a const int",
                    vec![],
                );
            }
        }
        true
    }

    fn visit_call_stack(&mut self, m: Metadata) -> bool {
        let ctx = self.ctx;
        let ops = tuple_ops(ctx, m).to_vec();
        if num_md_operands(ctx, m) < 1 {
            self.fail(
                false,
                "call stack metadata should have at least 1 operand",
                vec![m.into()],
            );
            return false;
        }
        for o in ops {
            if o.and_then(|o| md_const_int(ctx, o)).is_none() {
                self.fail(
                    false,
                    "call stack metadata operand should be constant integer",
                    vec![Item::Md(o)],
                );
                return false;
            }
        }
        true
    }

    fn visit_memprof(&mut self, i: Inst, m: Metadata) -> bool {
        let ctx = self.ctx;
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        if !matches!(
            ctx.opcode(i),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr
        ) {
            return fail(
                self,
                "!memprof metadata should only exist on calls",
                vec![i.into()],
            );
        }
        let ops = tuple_ops(ctx, m).to_vec();
        if ops.is_empty() {
            return fail(
                self,
                "!memprof annotations should have at least 1 metadata operand (MemInfoBlock)",
                vec![m.into()],
            );
        }
        for mib in ops {
            let Some(mib) = mib else {
                continue;
            };
            let mops = tuple_ops(ctx, mib).to_vec();
            if mops.len() < 2 {
                return fail(
                    self,
                    "Each !memprof MemInfoBlock should have at least 2 operands",
                    vec![mib.into()],
                );
            }
            let Some(stack) = mops[0] else {
                return fail(
                    self,
                    "!memprof MemInfoBlock first operand should not be null",
                    vec![mib.into()],
                );
            };
            if !is_md_node(ctx, stack) {
                return fail(
                    self,
                    "!memprof MemInfoBlock first operand should be an MDNode",
                    vec![mib.into()],
                );
            }
            if !self.visit_call_stack(stack) {
                return false;
            }
            let mid = &mops[1..mops.len() - 1];
            if !mid.iter().all(|o| o.is_some_and(|o| is_md_string(ctx, o))) {
                return fail(
                    self,
                    "Not all !memprof MemInfoBlock operands 1 to N-1 are MDString",
                    vec![mib.into()],
                );
            }
            let last = mops[mops.len() - 1];
            let ok = last.is_some_and(|o| is_md_string(ctx, o) || md_const_int(ctx, o).is_some());
            if !ok {
                return fail(
                    self,
                    "Last !memprof MemInfoBlock operand not MDString or int",
                    vec![mib.into()],
                );
            }
        }
        true
    }

    /// Whether `md` is an MMRA tag (`!{!"key", !"value"}`).
    fn is_mmra_tag(&self, md: Option<Metadata>) -> bool {
        let ctx = self.ctx;
        let Some(md) = md else {
            return false;
        };
        let ops = tuple_ops(ctx, md);
        matches!(ctx.md_data(md), MdData::Tuple { .. })
            && ops.len() == 2
            && ops.iter().all(|o| o.is_some_and(|o| is_md_string(ctx, o)))
    }

    fn visit_mmra(&mut self, i: Inst, m: Metadata) -> bool {
        let ctx = self.ctx;
        let op = ctx.opcode(i);
        let can = match op {
            Opcode::Load
            | Opcode::Store
            | Opcode::AtomicCmpXchg
            | Opcode::AtomicRMW
            | Opcode::Fence => true,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let no_mem = self.call_view(i).is_some_and(|cv| {
                    let mem = |s: &crate::ir::attributes::AttributeSet| {
                        s.get(crate::ir::attributes::AttrKind::Memory)
                            .and_then(crate::ir::attributes::Attribute::int_value)
                    };
                    let callee = self.called_function(&cv);
                    mem(cv.attrs().fn_attrs()) == Some(0)
                        || callee
                            .is_some_and(|f| mem(ctx.function_data(f).attrs.fn_attrs()) == Some(0))
                });
                !no_mem
            }
            _ => false,
        };
        if !can {
            self.fail(
                false,
                "!mmra metadata attached to unexpected instruction kind",
                vec![i.into(), m.into()],
            );
            return false;
        }
        if self.is_mmra_tag(Some(m)) {
            return true;
        }
        if !matches!(ctx.md_data(m), MdData::Tuple { .. }) {
            self.fail(
                false,
                "!mmra expected to be a metadata tuple",
                vec![i.into(), m.into()],
            );
            return false;
        }
        for o in tuple_ops(ctx, m).to_vec() {
            if !self.is_mmra_tag(o) {
                self.fail(
                    false,
                    "!mmra metadata tuple operand is not an MMRA tag",
                    vec![i.into(), Item::Md(o)],
                );
                return false;
            }
        }
        true
    }

    fn visit_annotation(&mut self, m: Metadata) -> bool {
        let ctx = self.ctx;
        if !matches!(ctx.md_data(m), MdData::Tuple { .. }) {
            self.fail(false, "annotation must be a tuple", vec![]);
            return false;
        }
        let ops = tuple_ops(ctx, m).to_vec();
        if ops.is_empty() {
            self.fail(false, "annotation must have at least one operand", vec![]);
            return false;
        }
        for o in ops {
            let ok = o.is_some_and(|o| {
                is_md_string(ctx, o)
                    || (matches!(ctx.md_data(o), MdData::Tuple { .. })
                        && tuple_ops(ctx, o)
                            .iter()
                            .all(|x| x.is_some_and(|x| is_md_string(ctx, x))))
            });
            if !ok {
                self.fail(
                    false,
                    "operands must be a string or a tuple of strings",
                    vec![],
                );
                return false;
            }
        }
        true
    }

    /// LLVM's `visitAliasScopeMetadata`.
    fn visit_alias_scope(&mut self, m: Metadata) -> bool {
        let ctx = self.ctx;
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        let ops = node_operands(ctx, m);
        let n = ops.len();
        if !(2..=3).contains(&n) {
            return fail(
                self,
                "scope must have two or three operands",
                vec![m.into()],
            );
        }
        let self_or_string = |o: Option<Metadata>| {
            o.is_some_and(|o| ctx.md_resolved(o) == m || is_md_string(ctx, o))
        };
        if !self_or_string(ops[0]) {
            return fail(
                self,
                "first scope operand must be self-referential or string",
                vec![m.into()],
            );
        }
        if n == 3 && !ops[2].is_some_and(|o| is_md_string(ctx, o)) {
            return fail(
                self,
                "third scope operand must be string (if used)",
                vec![m.into()],
            );
        }
        let Some(domain) = ops[1].filter(|&d| is_md_node(ctx, d)) else {
            return fail(self, "second scope operand must be MDNode", vec![m.into()]);
        };
        let dops = node_operands(ctx, domain);
        if !(1..=2).contains(&dops.len()) {
            return fail(
                self,
                "domain must have one or two operands",
                vec![domain.into()],
            );
        }
        let dself = dops[0].is_some_and(|o| ctx.md_resolved(o) == domain || is_md_string(ctx, o));
        if !dself {
            return fail(
                self,
                "first domain operand must be self-referential or string",
                vec![domain.into()],
            );
        }
        if dops.len() == 2 && !dops[1].is_some_and(|o| is_md_string(ctx, o)) {
            return fail(
                self,
                "second domain operand must be string (if used)",
                vec![domain.into()],
            );
        }
        true
    }

    /// LLVM's `visitAliasScopeListMetadata`.
    pub(crate) fn visit_alias_scope_list(&mut self, m: Metadata) -> bool {
        let ctx = self.ctx;
        for o in node_operands(ctx, m) {
            let Some(o) = o.filter(|&o| is_md_node(ctx, o)) else {
                self.fail(false, "scope list must consist of MDNodes", vec![m.into()]);
                return false;
            };
            if !self.visit_alias_scope(o) {
                return false;
            }
        }
        true
    }

    fn visit_access_group(&mut self, m: Metadata) -> bool {
        let ctx = self.ctx;
        let valid = |x: Metadata| num_md_operands(ctx, x) == 0 && ctx.md_data(x).is_distinct();
        if valid(m) {
            return true;
        }
        for o in node_operands(ctx, m) {
            let Some(o) = o.filter(|&o| is_md_node(ctx, o)) else {
                self.fail(
                    false,
                    "Access scope list must consist of MDNodes",
                    vec![m.into()],
                );
                return false;
            };
            if !valid(o) {
                self.fail(
                    false,
                    "Access scope list contains invalid access scope",
                    vec![m.into()],
                );
                return false;
            }
        }
        true
    }

    /// LLVM's `verifyFunctionMetadata`: `!prof` and `!kcfi_type` on
    /// functions.
    pub(crate) fn verify_function_metadata(&mut self, mds: &[(MdKindId, Metadata)]) {
        let ctx = self.ctx;
        for &(k, m) in mds {
            if k == MdKindId::PROF {
                let ops = tuple_ops(ctx, m).to_vec();
                check!(
                    self,
                    ops.len() >= 2,
                    "!prof annotations should have no less than 2 operands",
                    m
                );
                check!(
                    self,
                    ops[0].is_some(),
                    "first operand should not be null",
                    m
                );
                let name = ops[0].and_then(|o| ctx.md_data(o).as_bytes());
                check!(
                    self,
                    name.is_some(),
                    "expected string with name of the !prof annotation",
                    m
                );
                check!(
                    self,
                    matches!(name, Some(b"function_entry_count" | b"synthetic_function_entry_count")),
                    "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'",
                    m
                );
                check!(
                    self,
                    ops[1].is_some(),
                    "second operand should not be null",
                    m
                );
                check!(
                    self,
                    ops[1].and_then(|o| md_constant(ctx, o)).is_some(),
                    "expected integer argument to function_entry_count",
                    m
                );
            } else if k == MdKindId::KCFI_TYPE {
                let ops = tuple_ops(ctx, m).to_vec();
                check!(
                    self,
                    ops.len() == 1,
                    "!kcfi_type must have exactly one operand",
                    m
                );
                check!(
                    self,
                    ops[0].is_some(),
                    "!kcfi_type operand must not be null",
                    m
                );
                let c = ops[0].and_then(|o| md_constant(ctx, o));
                check!(
                    self,
                    c.is_some(),
                    "expected a constant operand for !kcfi_type",
                    m
                );
                let c = c.expect("checked");
                check!(
                    self,
                    ctx.value_kind(c) == ValueKind::Constant
                        && ctx.const_kind(c) == ConstKind::Int
                        && ctx.is_integer(ctx.type_of(c)),
                    "expected a constant integer operand for !kcfi_type",
                    m
                );
                check!(
                    self,
                    ctx.int_width(ctx.type_of(c)) == Some(32),
                    "expected a 32-bit integer constant operand for !kcfi_type",
                    m
                );
            }
        }
    }
}

/// What a range's bounds must be: the instruction's scalar type, or an
/// integer of the pointer width (`!absolute_symbol`).
#[derive(Copy, Clone)]
pub(crate) enum RangeTy {
    Type(crate::types::Type),
    Width(u32),
}
