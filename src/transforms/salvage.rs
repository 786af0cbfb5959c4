//! Salvaging debug information from an instruction about to be erased:
//! LLVM 19's `salvageDebugInfo` (`Transforms/Utils/Local.cpp`) and the
//! `DIExpression` operations it needs (`appendOpsToArg`, `appendOffset`,
//! `getExtOps`, `foldConstantMath`).
//!
//! Owns [`Context::salvage_debug_info`]. A `#dbg_value` (or
//! `#dbg_declare`) naming the instruction is rewritten to name one of its
//! operands, with the instruction's computation appended to the
//! expression (casts as `DW_OP_LLVM_convert` pairs, GEP offsets, binary
//! operators and integer compares with a constant or a second location
//! operand); when the first record cannot be salvaged, every record
//! naming the instruction is killed (its location becomes `poison`).

use smallvec::SmallVec;

use super::debuginfo::{
    expr_elements, expr_op_size, make_expr, DW_OP_LLVM_ARG, DW_OP_LLVM_FRAGMENT, DW_OP_STACK_VALUE,
};
use crate::inst::{Opcode, Predicate};
use crate::ir::inst::DbgRecord;
use crate::ir::metadata::{FieldName, MdData, MdField, Metadata, SpecKind};
use crate::ir::Inst;
use crate::types::TypeData;
use crate::value::Value;
use crate::Context;

const DW_OP_CONSTU: u64 = 0x10;
const DW_OP_CONSTS: u64 = 0x11;
const DW_OP_PLUS_UCONST: u64 = 0x23;
const DW_OP_MINUS: u64 = 0x1c;
const DW_OP_PLUS: u64 = 0x22;
const DW_OP_MUL: u64 = 0x1e;
const DW_OP_DIV: u64 = 0x1b;
const DW_OP_MOD: u64 = 0x1d;
const DW_OP_OR: u64 = 0x21;
const DW_OP_AND: u64 = 0x1a;
const DW_OP_XOR: u64 = 0x27;
const DW_OP_SHL: u64 = 0x24;
const DW_OP_SHR: u64 = 0x25;
const DW_OP_SHRA: u64 = 0x26;
const DW_OP_EQ: u64 = 0x29;
const DW_OP_GE: u64 = 0x2a;
const DW_OP_GT: u64 = 0x2b;
const DW_OP_LE: u64 = 0x2c;
const DW_OP_LT: u64 = 0x2d;
const DW_OP_NE: u64 = 0x2e;
const DW_OP_LIT0: u64 = 0x30;
const DW_OP_LIT31: u64 = 0x4f;
const DW_OP_LLVM_CONVERT: u64 = 0x1001;
const DW_ATE_SIGNED: u64 = 0x05;
const DW_ATE_UNSIGNED: u64 = 0x07;

/// The values a record's location names, in order (a value-as-metadata
/// or the arguments of a `DIArgList`); empty for `!{}`.
pub(crate) fn location_ops(ctx: &Context, loc: Option<Metadata>) -> SmallVec<[Value; 2]> {
    let mut out = SmallVec::new();
    let Some(loc) = loc else {
        return out;
    };
    match ctx.md_data(ctx.md_resolved(loc)) {
        MdData::Value(v) => out.push(*v),
        MdData::Specialized {
            kind: SpecKind::DIArgList,
            fields,
            ..
        } => {
            for (_, f) in fields.iter() {
                if let MdField::Md(Some(m)) = f {
                    if let MdData::Value(v) = ctx.md_data(ctx.md_resolved(*m)) {
                        out.push(*v);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// A location for `values`: the value itself for one, else a `DIArgList`.
pub(crate) fn make_location_ops(ctx: &mut Context, values: &[Value], arg_list: bool) -> Metadata {
    if values.len() == 1 && !arg_list {
        return ctx.md_value(values[0]);
    }
    let fields: Vec<(FieldName, MdField)> = values
        .iter()
        .map(|&v| {
            let m = ctx.md_value(v);
            (FieldName::Positional, MdField::Md(Some(m)))
        })
        .collect();
    ctx.md_specialized(SpecKind::DIArgList, fields, false)
}

fn is_arg_list(ctx: &Context, loc: Option<Metadata>) -> bool {
    loc.is_some_and(|l| ctx.md_data(ctx.md_resolved(l)).is_arg_list())
}

/// The operations of an expression, each as its slice of elements.
fn ops_of(e: &[u64]) -> Vec<&[u64]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < e.len() {
        let n = expr_op_size(e[i]).min(e.len() - i);
        out.push(&e[i..i + n]);
        i += n;
    }
    out
}

/// `DIExpression::getNumLocationOperands`.
fn num_location_operands(e: &[u64]) -> u64 {
    ops_of(e)
        .iter()
        .filter(|o| o[0] == DW_OP_LLVM_ARG && o.len() > 1)
        .map(|o| o[1] + 1)
        .max()
        .unwrap_or(0)
}

/// `DIExpression::appendOffset`.
fn append_offset(ops: &mut Vec<u64>, offset: i64) {
    if offset > 0 {
        ops.push(DW_OP_PLUS_UCONST);
        ops.push(offset as u64);
    } else if offset < 0 {
        ops.push(DW_OP_CONSTU);
        ops.push((offset as u64).wrapping_neg());
        ops.push(DW_OP_MINUS);
    }
}

/// `DIExpression::appendOpsToArg` (with `prependOpcodes` for an
/// expression without `DW_OP_LLVM_arg`).
fn append_ops_to_arg(e: &[u64], ops: &[u64], arg: u64, mut stack_value: bool) -> Vec<u64> {
    let variadic = ops_of(e).iter().any(|o| o[0] == DW_OP_LLVM_ARG);
    let mut out: Vec<u64> = Vec::new();
    if !variadic {
        out.extend_from_slice(ops);
        if ops.is_empty() {
            stack_value = false;
        }
    }
    for o in ops_of(e) {
        if stack_value {
            if o[0] == DW_OP_STACK_VALUE {
                stack_value = false;
            } else if o[0] == DW_OP_LLVM_FRAGMENT {
                out.push(DW_OP_STACK_VALUE);
                stack_value = false;
            }
        }
        out.extend_from_slice(o);
        if variadic && o[0] == DW_OP_LLVM_ARG && o.get(1) == Some(&arg) {
            out.extend_from_slice(ops);
        }
    }
    if stack_value {
        out.push(DW_OP_STACK_VALUE);
    }
    out
}

/// LLVM 19's `DIExpression::foldConstantMath`.
pub(crate) fn fold_constant_math(e: &[u64]) -> Vec<u64> {
    // Canonicalise: DW_OP_lit<n> to constu n, plus_uconst to constu + plus.
    let mut w: Vec<u64> = Vec::new();
    for o in ops_of(e) {
        if (DW_OP_LIT0..=DW_OP_LIT31).contains(&o[0]) {
            w.extend_from_slice(&[DW_OP_CONSTU, o[0] - DW_OP_LIT0]);
        } else if o[0] == DW_OP_PLUS_UCONST && o.len() == 2 {
            w.extend_from_slice(&[DW_OP_CONSTU, o[1], DW_OP_PLUS]);
        } else {
            w.extend_from_slice(o);
        }
    }
    let constu = |o: &[u64]| (o[0] == DW_OP_CONSTU && o.len() == 2).then(|| o[1]);
    let commutative = |a: u64, b: u64| a == b && (a == DW_OP_PLUS || a == DW_OP_MUL);
    let mut loc = 0usize;
    while loc < w.len() {
        // The operations from `loc` on.
        let ops: Vec<Vec<u64>> = ops_of(&w[loc..])
            .into_iter()
            .take(6)
            .map(<[u64]>::to_vec)
            .collect();
        let Some(c1) = ops.first().and_then(|o| constu(o)) else {
            loc += ops.first().map_or(1, Vec::len);
            continue;
        };
        if ops.len() < 2 {
            break;
        }
        let step = ops[0].len();
        if is_neutral(ops[1][0], c1) {
            w.drain(loc..loc + 3);
            loc = 0;
            continue;
        }
        if ops.len() < 3 {
            loc += step;
            continue;
        }
        if let Some(c2) = constu(&ops[1]) {
            match fold_op(c1, c2, ops[2][0]) {
                None => loc += step,
                Some(r) => {
                    w.drain(loc + 2..loc + 5);
                    w[loc] = DW_OP_CONSTU;
                    w[loc + 1] = r;
                    loc = 0;
                }
            }
            continue;
        }
        if ops.len() < 4 {
            loc += step;
            continue;
        }
        if let Some(c2) = constu(&ops[2]) {
            if commutative(ops[1][0], ops[3][0]) {
                match fold_op(c1, c2, ops[1][0]) {
                    None => loc += step,
                    Some(r) => {
                        w.drain(loc + 3..loc + 6);
                        w[loc] = DW_OP_CONSTU;
                        w[loc + 1] = r;
                        loc = 0;
                    }
                }
                continue;
            }
        }
        if ops.len() < 6 {
            loc += step;
            continue;
        }
        if let Some(c2) = constu(&ops[4]) {
            if ops[2][0] == DW_OP_LLVM_ARG
                && commutative(ops[1][0], ops[3][0])
                && commutative(ops[3][0], ops[5][0])
            {
                match fold_op(c1, c2, ops[1][0]) {
                    None => loc += step,
                    Some(r) => {
                        // constu C1, op, arg N, op, constu C2, op: the
                        // second constant and its operator go.
                        let start = loc + 2 + 1 + ops[2].len() + 1;
                        w.drain(start..start + 3);
                        w[loc] = DW_OP_CONSTU;
                        w[loc + 1] = r;
                        loc = 0;
                    }
                }
                continue;
            }
        }
        loc += step;
    }
    // Optimise: constu 0 to lit0, constu C + plus to plus_uconst C.
    let mut out = Vec::new();
    let ops = ops_of(&w);
    let mut k = 0;
    while k < ops.len() {
        let o = ops[k];
        let c = constu(o);
        if c == Some(0) {
            out.push(DW_OP_LIT0);
            k += 1;
            continue;
        }
        if let (Some(c), Some(next)) = (c, ops.get(k + 1)) {
            if next[0] == DW_OP_PLUS {
                out.extend_from_slice(&[DW_OP_PLUS_UCONST, c]);
                k += 2;
                continue;
            }
        }
        out.extend_from_slice(o);
        k += 1;
    }
    out
}

fn is_neutral(op: u64, v: u64) -> bool {
    match op {
        DW_OP_PLUS | DW_OP_MINUS | DW_OP_SHL | DW_OP_SHR => v == 0,
        DW_OP_MUL | DW_OP_DIV => v == 1,
        _ => false,
    }
}

fn fold_op(a: u64, b: u64, op: u64) -> Option<u64> {
    match op {
        DW_OP_PLUS => a.checked_add(b),
        DW_OP_MINUS => a.checked_sub(b),
        DW_OP_SHL => (b < 64 && u64::from(a.leading_zeros()) >= b).then(|| a << b),
        DW_OP_SHR => (b < 64 && u64::from(a.trailing_zeros()) >= b).then(|| a >> b),
        DW_OP_MUL => a.checked_mul(b),
        DW_OP_DIV => (b != 0).then(|| a / b),
        _ => None,
    }
}

/// # Salvaging debug information
///
/// LLVM's `salvageDebugInfo`.
impl Context {
    /// Rewrites the debug records that name `i` (about to be erased) to
    /// describe its value in terms of its operands, as LLVM 19's
    /// `salvageDebugInfo` does; when that is impossible every such record
    /// gets a `poison` location.
    pub fn salvage_debug_info(&mut self, i: Inst) {
        let users = self.find_dbg_users(i.0);
        if users.is_empty() {
            return;
        }
        let mut salvaged = false;
        for du in &users {
            let r = self.dbg_records(du.inst)[du.record].clone();
            let declare = &*r.kind == "declare";
            let is_assign = &*r.kind == "assign";
            if is_assign {
                // Assignment records' addresses are not salvaged here; a
                // record whose value is not `i` is left alone.
                let loc = location_ops(self, r.ops[0]);
                if !loc.contains(&i.0) {
                    continue;
                }
            }
            let locs = location_ops(self, r.ops[0]);
            let Some(mut expr) = r.ops[2]
                .and_then(|e| expr_elements(self, e))
                .map(|e| e.to_vec())
            else {
                break;
            };
            let mut additional: Vec<Value> = Vec::new();
            let mut op0: Option<Value> = None;
            for (loc_no, _) in locs.iter().enumerate().filter(|(_, &v)| v == i.0) {
                let cur = num_location_operands(&expr);
                let mut ops: Vec<u64> = Vec::new();
                op0 = self.salvage_impl(i, cur, &mut ops, &mut additional);
                if op0.is_none() {
                    break;
                }
                expr = append_ops_to_arg(&expr, &ops, loc_no as u64, !declare);
            }
            let Some(op0) = op0 else {
                break;
            };
            let expr = fold_constant_math(&expr);
            let valid = expr.len() <= 128;
            let mut new_locs: Vec<Value> = locs
                .iter()
                .map(|&v| if v == i.0 { op0 } else { v })
                .collect();
            let mut rec = r.clone();
            let arg_list = is_arg_list(self, r.ops[0]);
            if additional.is_empty() && valid {
                rec.ops[0] = Some(make_location_ops(self, &new_locs, arg_list));
                rec.ops[2] = Some(make_expr(self, &expr));
            } else if !declare && valid && new_locs.len() + additional.len() <= 16 {
                new_locs.extend(additional);
                rec.ops[0] = Some(make_location_ops(self, &new_locs, true));
                rec.ops[2] = Some(make_expr(self, &expr));
            } else {
                rec.ops[0] = Some(make_location_ops(self, &new_locs, arg_list));
                rec = kill_location(self, rec);
            }
            self.replace_dbg_record(du.inst, du.record, rec);
            salvaged = true;
        }
        if salvaged {
            return;
        }
        for du in users {
            let r = self.dbg_records(du.inst)[du.record].clone();
            let killed = kill_location(self, r);
            self.replace_dbg_record(du.inst, du.record, killed);
        }
    }

    /// Replaces record `k` of `i`.
    fn replace_dbg_record(&mut self, i: Inst, k: usize, r: DbgRecord) {
        let mut recs = self.take_dbg_records(i);
        recs[k] = r;
        self.set_dbg_records(i, recs);
    }

    /// LLVM's `salvageDebugInfoImpl`: the operand `i`'s value is computed
    /// from, with the operations appended to `ops` (and further location
    /// operands to `additional`); `None` when it cannot be expressed.
    fn salvage_impl(
        &mut self,
        i: Inst,
        cur_loc_ops: u64,
        ops: &mut Vec<u64>,
        additional: &mut Vec<Value>,
    ) -> Option<Value> {
        let op = self.opcode(i);
        let f = self.inst_parent(i).and_then(|b| self.block_parent(b))?;
        let m = self.global_parent(f.0);
        if op.is_cast() {
            let from = self.operand(i.0, 0)?;
            let dl = self.module_layout(m).ok()?.clone();
            let to_ty = self.type_of(i.0);
            let from_ty = self.type_of(from);
            let int_ptr_bits = |ctx: &Context, t| match ctx.type_data(t) {
                TypeData::Ptr(addrspace) => Some(dl.pointer_size_in_bits(*addrspace)),
                _ => None,
            };
            let noop = match op {
                Opcode::BitCast => true,
                Opcode::PtrToInt => {
                    int_ptr_bits(self, self.scalar_type(from_ty))
                        == self.int_width(self.scalar_type(to_ty))
                }
                Opcode::IntToPtr => {
                    int_ptr_bits(self, self.scalar_type(to_ty))
                        == self.int_width(self.scalar_type(from_ty))
                }
                _ => false,
            };
            if noop {
                return Some(from);
            }
            if matches!(self.type_data(to_ty), TypeData::Vector { .. })
                || !matches!(
                    op,
                    Opcode::Trunc
                        | Opcode::SExt
                        | Opcode::ZExt
                        | Opcode::IntToPtr
                        | Opcode::PtrToInt
                )
            {
                return None;
            }
            let bits = |ctx: &Context, t| {
                let t = ctx.scalar_type(t);
                int_ptr_bits(ctx, t)
                    .or_else(|| ctx.int_width(t))
                    .unwrap_or(0)
            };
            let from_bits = bits(self, from_ty) as u64;
            let to_bits = bits(self, to_ty) as u64;
            let te = if op == Opcode::SExt {
                DW_ATE_SIGNED
            } else {
                DW_ATE_UNSIGNED
            };
            ops.extend_from_slice(&[
                DW_OP_LLVM_CONVERT,
                from_bits,
                te,
                DW_OP_LLVM_CONVERT,
                to_bits,
                te,
            ]);
            return Some(from);
        }
        match op {
            Opcode::GetElementPtr => {
                let mut lc = self.module_layout_cache(m).ok()?;
                let off = lc.collect_offset(self, i.0).ok()?;
                let mut cur = cur_loc_ops;
                if !off.terms.is_empty() && cur == 0 {
                    ops.splice(0..0, [DW_OP_LLVM_ARG, 0]);
                    cur = 1;
                }
                for (v, scale) in off.terms {
                    additional.push(v);
                    ops.extend_from_slice(&[
                        DW_OP_LLVM_ARG,
                        cur,
                        DW_OP_CONSTU,
                        scale as u64,
                        DW_OP_MUL,
                        DW_OP_PLUS,
                    ]);
                    cur += 1;
                }
                append_offset(ops, off.constant as i64);
                self.operand(i.0, 0)
            }
            _ if op.is_binary() => {
                let c = self.operand(i.0, 1).and_then(|v| self.const_int_value(v));
                if c.as_ref().is_some_and(|c| c.width() > 64) {
                    return None;
                }
                if let Some(c) = c {
                    let val = c.sext_value() as u64;
                    if matches!(op, Opcode::Add | Opcode::Sub) {
                        let off = if op == Opcode::Add {
                            val as i64
                        } else {
                            (val as i64).wrapping_neg()
                        };
                        append_offset(ops, off);
                        return self.operand(i.0, 0);
                    }
                    ops.extend_from_slice(&[DW_OP_CONSTU, val]);
                } else {
                    ssa_operand(self, i, cur_loc_ops, ops, additional);
                }
                let dw = match op {
                    Opcode::Add => DW_OP_PLUS,
                    Opcode::Sub => DW_OP_MINUS,
                    Opcode::Mul => DW_OP_MUL,
                    Opcode::SDiv => DW_OP_DIV,
                    Opcode::SRem => DW_OP_MOD,
                    Opcode::Or => DW_OP_OR,
                    Opcode::And => DW_OP_AND,
                    Opcode::Xor => DW_OP_XOR,
                    Opcode::Shl => DW_OP_SHL,
                    Opcode::LShr => DW_OP_SHR,
                    Opcode::AShr => DW_OP_SHRA,
                    _ => return None,
                };
                ops.push(dw);
                self.operand(i.0, 0)
            }
            Opcode::ICmp => {
                let c = self.operand(i.0, 1).and_then(|v| self.const_int_value(v));
                if c.as_ref().is_some_and(|c| c.width() > 64) {
                    return None;
                }
                let pred = Predicate::from_u16(self.inst_flags(i) & 0xff)?;
                if let Some(c) = c {
                    let signed = matches!(
                        pred,
                        Predicate::ISgt | Predicate::ISge | Predicate::ISlt | Predicate::ISle
                    );
                    ops.push(if signed { DW_OP_CONSTS } else { DW_OP_CONSTU });
                    ops.push(c.sext_value() as u64);
                } else {
                    ssa_operand(self, i, cur_loc_ops, ops, additional);
                }
                let dw = match pred {
                    Predicate::IEq => DW_OP_EQ,
                    Predicate::INe => DW_OP_NE,
                    Predicate::IUgt | Predicate::ISgt => DW_OP_GT,
                    Predicate::IUge | Predicate::ISge => DW_OP_GE,
                    Predicate::IUlt | Predicate::ISlt => DW_OP_LT,
                    Predicate::IUle | Predicate::ISle => DW_OP_LE,
                    _ => return None,
                };
                ops.push(dw);
                self.operand(i.0, 0)
            }
            _ => None,
        }
    }
}

/// LLVM's `handleSSAValueOperands`.
fn ssa_operand(ctx: &Context, i: Inst, cur: u64, ops: &mut Vec<u64>, additional: &mut Vec<Value>) {
    let mut cur = cur;
    if cur == 0 {
        ops.extend_from_slice(&[DW_OP_LLVM_ARG, 0]);
        cur = 1;
    }
    ops.extend_from_slice(&[DW_OP_LLVM_ARG, cur]);
    if let Some(v) = ctx.operand(i.0, 1) {
        additional.push(v);
    }
}

/// `DbgVariableRecord::setKillLocation`: every location operand becomes
/// `poison` of its type.
fn kill_location(ctx: &mut Context, mut r: DbgRecord) -> DbgRecord {
    let locs = location_ops(ctx, r.ops[0]);
    if locs.is_empty() {
        return r;
    }
    let arg_list = is_arg_list(ctx, r.ops[0]);
    let mut done: SmallVec<[Value; 2]> = SmallVec::new();
    let mut new_locs: Vec<Value> = locs.to_vec();
    for &v in &locs {
        if done.contains(&v) {
            continue;
        }
        done.push(v);
        let p = ctx.const_poison(ctx.type_of(v));
        for x in new_locs.iter_mut() {
            if *x == v {
                *x = p;
            }
        }
    }
    r.ops[0] = Some(make_location_ops(ctx, &new_locs, arg_list));
    r
}
