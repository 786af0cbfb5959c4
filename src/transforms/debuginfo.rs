//! Debug-info helpers the transforms share: reading and building
//! `DIExpression`s and `DILocation`s, the variable and fragment sizes
//! LLVM's `valueCoversEntireFragment` asks for, merged locations
//! (`DILocation::getMergedLocation`), and making and placing `#dbg_value`
//! records (LLVM's `ConvertDebugDeclareToDebugValue` and friends).
//!
//! Owns no state. The records themselves, and how they follow erasure and
//! moves, are `ir/dbg.rs`'s.

use smallvec::SmallVec;

use crate::bitcode::{di_expression_fields, dwarf_expr_number};
use crate::ir::inst::DbgRecord;
use crate::ir::metadata::{FieldName, MdData, MdField, Metadata, SpecKind};
use crate::ir::{Block, Inst};
use crate::types::Type;
use crate::value::Value;
use crate::Context;

/// `DW_OP_deref`.
pub(crate) const DW_OP_DEREF: u64 = 0x06;
/// `DW_OP_LLVM_fragment`.
pub(crate) const DW_OP_LLVM_FRAGMENT: u64 = 0x1000;
/// `DW_OP_stack_value`.
pub(crate) const DW_OP_STACK_VALUE: u64 = 0x9f;
/// `DW_OP_LLVM_arg`.
pub(crate) const DW_OP_LLVM_ARG: u64 = 0x1005;

/// The elements of a `DIExpression`: operation numbers and their
/// arguments, as LLVM's `getElements()`; `None` when the node is not an
/// expression or holds a word lair cannot number.
pub(crate) fn expr_elements(ctx: &Context, expr: Metadata) -> Option<SmallVec<[u64; 8]>> {
    let MdData::Specialized { kind, fields, .. } = ctx.md_data(expr) else {
        return None;
    };
    if *kind != SpecKind::DIExpression {
        return None;
    }
    let mut out = SmallVec::new();
    for (_, f) in fields.iter() {
        match f {
            MdField::UInt(v) => out.push(*v),
            MdField::Int(v) => out.push(*v as u64),
            MdField::Word(w) => out.push(dwarf_expr_number(w)?),
            _ => return None,
        }
    }
    Some(out)
}

/// The size in elements of the operation starting with `op` (LLVM's
/// `ExprOperand::getSize`).
pub(crate) fn expr_op_size(op: u64) -> usize {
    match op {
        // DW_OP_LLVM_convert, DW_OP_LLVM_fragment, the extract_bits pair,
        // DW_OP_bregx.
        0x1001 | 0x1000 | 0x1006 | 0x1007 | 0x92 => 3,
        // constu, consts, deref_size, plus_uconst, LLVM_tag_offset,
        // LLVM_entry_value, LLVM_arg, regx, xderef_size.
        0x10 | 0x11 | 0x94 | 0x23 | 0x1002 | 0x1003 | 0x1005 | 0x90 | 0x95 => 2,
        // DW_OP_breg0 .. breg31.
        0x70..=0x8f => 2,
        _ => 1,
    }
}

/// A `DIExpression` with these elements.
pub(crate) fn make_expr(ctx: &mut Context, elems: &[u64]) -> Metadata {
    let fields = di_expression_fields(elems);
    ctx.md_specialized(SpecKind::DIExpression, fields, false)
}

/// LLVM's `DIExpression::isDeref`: exactly `DW_OP_deref`.
pub(crate) fn expr_is_deref(ctx: &Context, expr: Metadata) -> bool {
    expr_elements(ctx, expr).is_some_and(|e| e.as_slice() == [DW_OP_DEREF])
}

/// LLVM's `DIExpression::startsWithDeref`.
pub(crate) fn expr_starts_with_deref(ctx: &Context, expr: Metadata) -> bool {
    expr_elements(ctx, expr).is_some_and(|e| e.first() == Some(&DW_OP_DEREF))
}

fn field(ctx: &Context, md: Metadata, name: FieldName) -> Option<&MdField> {
    ctx.md_data(md).field(name)
}

fn field_md(ctx: &Context, md: Metadata, name: FieldName) -> Option<Metadata> {
    match field(ctx, md, name) {
        Some(MdField::Md(m)) => m.map(|m| ctx.md_resolved(m)),
        _ => None,
    }
}

fn field_uint(ctx: &Context, md: Metadata, name: FieldName) -> u64 {
    match field(ctx, md, name) {
        Some(MdField::UInt(v)) => *v,
        Some(MdField::Int(v)) => *v as u64,
        _ => 0,
    }
}

/// LLVM's `DIVariable::getSizeInBits`: the size of the variable's type,
/// looking through derived types without a size.
pub(crate) fn variable_size_in_bits(ctx: &Context, var: Metadata) -> Option<u64> {
    let mut ty = field_md(ctx, var, FieldName::Type);
    let mut steps = 0;
    while let Some(t) = ty {
        steps += 1;
        if steps > 64 {
            return None;
        }
        let kind = ctx.md_data(t).spec_kind()?;
        let is_type = matches!(
            kind,
            SpecKind::DIBasicType
                | SpecKind::DIDerivedType
                | SpecKind::DICompositeType
                | SpecKind::DISubroutineType
                | SpecKind::DIStringType
        );
        if !is_type {
            return None;
        }
        let size = field_uint(ctx, t, FieldName::Size);
        if size != 0 {
            return Some(size);
        }
        if kind == SpecKind::DIDerivedType {
            ty = field_md(ctx, t, FieldName::BaseType);
            continue;
        }
        return None;
    }
    None
}

/// LLVM 19's `DIExpression::getActiveBits`: the variable's size narrowed
/// by a fragment.
pub(crate) fn expr_active_bits(ctx: &Context, expr: Metadata, var: Metadata) -> Option<u64> {
    let initial = variable_size_in_bits(ctx, var);
    let mut active = initial;
    let Some(e) = expr_elements(ctx, expr) else {
        return initial;
    };
    let mut i = 0;
    while i < e.len() {
        let op = e[i];
        let n = expr_op_size(op);
        if op == DW_OP_LLVM_FRAGMENT && i + 2 < e.len() {
            let size = e[i + 2];
            active = Some(active.map_or(size, |a| a.min(size)));
        } else {
            active = initial;
        }
        i += n;
    }
    active
}

/// A `DILocation` as LLVM 19's printer writes it (zero column, null
/// inlined-at and a false `isImplicitCode` left out), uniqued.
pub(crate) fn make_location(
    ctx: &mut Context,
    line: u64,
    column: u64,
    scope: Metadata,
    inlined_at: Option<Metadata>,
    implicit: bool,
) -> Metadata {
    let mut f: Vec<(FieldName, MdField)> = Vec::with_capacity(5);
    f.push((FieldName::Line, MdField::UInt(line)));
    if column != 0 {
        f.push((FieldName::Column, MdField::UInt(column)));
    }
    f.push((FieldName::Scope, MdField::Md(Some(scope))));
    if let Some(ia) = inlined_at {
        f.push((FieldName::InlinedAt, MdField::Md(Some(ia))));
    }
    if implicit {
        f.push((FieldName::IsImplicitCode, MdField::Bool(true)));
    }
    ctx.md_specialized(SpecKind::DILocation, f, false)
}

/// The parts of a `DILocation`: line, column, scope, inlined-at.
pub(crate) fn location_parts(
    ctx: &Context,
    loc: Metadata,
) -> Option<(u64, u64, Metadata, Option<Metadata>)> {
    if ctx.md_data(loc).spec_kind() != Some(SpecKind::DILocation) {
        return None;
    }
    let scope = field_md(ctx, loc, FieldName::Scope)?;
    Some((
        field_uint(ctx, loc, FieldName::Line),
        field_uint(ctx, loc, FieldName::Column),
        scope,
        field_md(ctx, loc, FieldName::InlinedAt),
    ))
}

/// LLVM's `getDebugValueLoc`: line 0 in the scope (and inlined-at) of
/// `declare_loc`.
pub(crate) fn debug_value_loc(
    ctx: &mut Context,
    declare_loc: Option<Metadata>,
) -> Option<Metadata> {
    let (_, _, scope, ia) = location_parts(ctx, declare_loc?)?;
    Some(make_location(ctx, 0, 0, scope, ia, false))
}

/// The subprogram a scope belongs to (LLVM's `DIScope::getSubprogram`
/// through lexical blocks).
fn subprogram_of(ctx: &Context, mut scope: Metadata) -> Option<Metadata> {
    for _ in 0..=ctx.md_count() {
        match ctx.md_data(scope).spec_kind()? {
            SpecKind::DISubprogram => return Some(scope),
            SpecKind::DILexicalBlock | SpecKind::DILexicalBlockFile => {
                scope = field_md(ctx, scope, FieldName::Scope)?;
            }
            _ => return None,
        }
    }
    None
}

/// The parent scope of a local scope (LLVM's `DIScope::getScope`).
pub(crate) fn parent_scope(ctx: &Context, scope: Metadata) -> Option<Metadata> {
    field_md(ctx, scope, FieldName::Scope)
}

/// LLVM 19's `DILocation::getMergedLocation`.
pub(crate) fn merged_location(
    ctx: &mut Context,
    a: Option<Metadata>,
    b: Option<Metadata>,
) -> Option<Metadata> {
    let (a, b) = (ctx.md_resolved(a?), ctx.md_resolved(b?));
    if a == b {
        return Some(a);
    }
    let chain = |ctx: &Context, mut l: Metadata| {
        let mut v: Vec<(Metadata, u64, u64, Metadata, Option<Metadata>)> = Vec::new();
        for _ in 0..=ctx.md_count() {
            let Some((line, col, scope, ia)) = location_parts(ctx, l) else {
                break;
            };
            v.push((l, line, col, scope, ia));
            match ia {
                Some(n) => l = n,
                None => break,
            }
        }
        v
    };
    let alocs = chain(ctx, a);
    let blocs_all = chain(ctx, b);
    // The first location of B's chain with the subprogram and inlined-at
    // of one of A's.
    let key = |ctx: &Context, e: &(Metadata, u64, u64, Metadata, Option<Metadata>)| {
        (subprogram_of(ctx, e.3), e.4)
    };
    let mut start: Option<(usize, usize)> = None;
    for (j, e) in blocs_all.iter().enumerate() {
        let k = key(ctx, e);
        if let Some(i) = alocs.iter().position(|x| key(ctx, x) == k) {
            start = Some((i, j));
            break;
        }
    }
    let mut result: Option<Metadata> = None;
    if let Some((ai, bj)) = start {
        result = alocs[ai].4;
        let (mut ai, mut bj) = (ai as isize, bj as isize);
        while ai >= 0 && bj >= 0 {
            let l1 = alocs[ai as usize];
            let l2 = blocs_all[bj as usize];
            let merged = if l1.0 == l2.0 {
                Some(make_location(ctx, l1.1, l1.2, l1.3, result, false))
            } else if subprogram_of(ctx, l1.3) != subprogram_of(ctx, l2.3) {
                None
            } else {
                // The nearest common scope inside the subprogram.
                let mut scopes: SmallVec<[Metadata; 8]> = SmallVec::new();
                let mut s = Some(l1.3);
                while let Some(x) = s {
                    scopes.push(x);
                    if ctx.md_data(x).spec_kind() == Some(SpecKind::DISubprogram) {
                        break;
                    }
                    s = parent_scope(ctx, x);
                }
                let mut common = None;
                let mut s = Some(l2.3);
                while let Some(x) = s {
                    if scopes.contains(&x) {
                        common = Some(x);
                        break;
                    }
                    if ctx.md_data(x).spec_kind() == Some(SpecKind::DISubprogram) {
                        break;
                    }
                    s = parent_scope(ctx, x);
                }
                common.map(|scope| {
                    let same_line = l1.1 == l2.1;
                    let line = if same_line { l1.1 } else { 0 };
                    let col = if same_line && l1.2 == l2.2 { l1.2 } else { 0 };
                    make_location(ctx, line, col, scope, result, false)
                })
            };
            match merged {
                Some(m) => result = Some(m),
                None => break,
            }
            ai -= 1;
            bj -= 1;
        }
    }
    if result.is_some() {
        return result;
    }
    let (_, _, scope, _) = location_parts(ctx, a)?;
    Some(make_location(ctx, 0, 0, scope, None, false))
}

/// A debug record's parts: `(location, variable, expression, !dbg)` of a
/// `#dbg_value` / `#dbg_declare` / `#dbg_assign`.
pub(crate) fn record_parts(
    r: &DbgRecord,
) -> Option<(Option<Metadata>, Metadata, Metadata, Option<Metadata>)> {
    match &*r.kind {
        "value" | "declare" => Some((r.ops[0], r.ops[1]?, r.ops[2]?, r.ops[3])),
        "assign" => Some((r.ops[0], r.ops[1]?, r.ops[2]?, r.ops[6])),
        _ => None,
    }
}

/// A `#dbg_value(v, var, expr, loc)` record.
pub(crate) fn value_record(
    ctx: &mut Context,
    v: Value,
    var: Metadata,
    expr: Metadata,
    loc: Option<Metadata>,
) -> DbgRecord {
    let vm = ctx.md_value(v);
    DbgRecord {
        kind: "value".into(),
        ops: vec![Some(vm), Some(var), Some(expr), loc],
    }
}

/// LLVM's `valueCoversEntireFragment`: whether a value of type `ty`
/// covers the variable (or fragment) the record describes; for an address
/// record of an alloca, the alloca's size stands in when the variable has
/// no size.
pub(crate) fn value_covers_entire_fragment(
    ctx: &mut Context,
    ty: Type,
    r: &DbgRecord,
    alloca: Option<Inst>,
    layout: &crate::layout::DataLayout,
) -> bool {
    let Some((_, var, expr, _)) = record_parts(r) else {
        return false;
    };
    let Ok(size) = layout.alloc_size(ctx, ty) else {
        return false;
    };
    let bits = size.min * 8;
    if let Some(frag) = expr_active_bits(ctx, expr, var) {
        return !size.scalable && bits >= frag;
    }
    if &*r.kind == "declare" {
        if let Some(ai) = alloca {
            if let Some(asz) = crate::transforms::mem2reg::alloca_size_in_bits(ctx, ai, layout) {
                return !size.scalable && bits >= asz;
            }
        }
    }
    false
}

/// Inserts record `r` before instruction `pos`, after the records already
/// there (LLVM's `insertDbgRecordBefore` at an instruction's own
/// iterator).
pub(crate) fn insert_record_before(ctx: &mut Context, pos: Inst, r: DbgRecord) {
    ctx.push_dbg_record(pos, r);
}

/// Inserts record `r` before the records already attached to `pos`
/// (LLVM's `insertDbgRecordBefore` at a head iterator, and
/// `insertDbgRecordAfter` of the previous instruction).
pub(crate) fn insert_record_at_head(ctx: &mut Context, pos: Inst, r: DbgRecord) {
    let mut v = ctx.take_dbg_records(pos);
    v.insert(0, r);
    ctx.set_dbg_records(pos, v);
}

/// The first instruction of `b` that is not a PHI, skipping an EH pad
/// (LLVM's `getFirstInsertionPt`); `None` when there is none.
pub(crate) fn first_insertion_pt(ctx: &Context, b: Block) -> Option<Inst> {
    let i = ctx.first_non_phi(b)?;
    if ctx.is_eh_pad(i) {
        return ctx.next_inst(i);
    }
    Some(i)
}
