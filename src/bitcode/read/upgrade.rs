//! What LLVM 19's bitcode reader changes in a module as it reads it, beyond
//! decoding, where a module LLVM's verifier would reject is made valid:
//! attributes that cannot apply to the type they are on are dropped from
//! functions and call sites (`UpgradeFunctionAttributes`, the call-site
//! half of `BitcodeReader::materialize`), `!prof` branch weights whose
//! count does not match the instruction are dropped (also `materialize`),
//! and an empty `"clang.arc.attachedcall"` bundle is dropped
//! (`UpgradeOperandBundles`). `lair verify F.bc` therefore judges what
//! LLVM's tools see after reading `F.bc`. Imported entities with a local
//! scope move from a compile unit's `imports:` to the `retainedNodes:` of
//! their subprogram (`upgradeCULocals`).

use super::Rd;
use crate::inst::Opcode;
use crate::ir::attributes::{type_incompatible, AttrIndex, AttributeList};
use crate::ir::metadata::{FieldName, MdData, MdField, MdKindId, Metadata, SpecKind};
use crate::types::Type;
use crate::Context;

/// `attrs` without the attributes the return type `ret` or the parameter
/// types `params` cannot carry (`AttributeFuncs::typeIncompatible`).
pub(super) fn compatible_attrs(
    ctx: &Context,
    mut attrs: AttributeList,
    ret: Type,
    params: &[Type],
) -> AttributeList {
    let drop = |index: AttrIndex, ty: Type, attrs: &mut AttributeList| {
        let set = attrs.attrs(index);
        if set
            .iter()
            .all(|a| a.kind().is_none_or(|k| !type_incompatible(ctx, ty, k)))
        {
            return;
        }
        let mut kept = set.clone();
        for a in set.iter() {
            if let Some(k) = a.kind().filter(|&k| type_incompatible(ctx, ty, k)) {
                kept.remove(k);
            }
        }
        attrs.set_attrs(index, kept);
    };
    drop(AttrIndex::Return, ret, &mut attrs);
    let n = attrs.num_param_sets().min(params.len() as u32);
    for k in 0..n {
        drop(AttrIndex::Param(k), params[k as usize], &mut attrs);
    }
    attrs
}

impl Rd<'_, '_> {
    /// The instruction-level upgrades of a function just read: `!prof`
    /// `branch_weights` with the wrong number of weights for a `br`,
    /// `switch`, `indirectbr`, `call` or `select` are dropped.
    ///
    /// Only the instructions the body's attachment blocks gave a `!prof`
    /// (`prof_insts`) are looked at, not every instruction.
    pub(super) fn upgrade_body(&mut self) {
        let mut insts = std::mem::take(&mut self.prof_insts);
        for &i in &insts {
            let Some(b) = self.ctx.inst_parent(i) else {
                continue;
            };
            let Some(prof) = self.ctx.extra(i).and_then(|e| e.md.get(MdKindId::PROF)) else {
                continue;
            };
            let ops = match self.ctx.md_data(self.ctx.md_resolved(prof)) {
                MdData::Tuple { ops, .. } => ops.to_vec(),
                _ => continue,
            };
            let name = |k: usize| {
                ops.get(k)
                    .copied()
                    .flatten()
                    .and_then(|m| self.ctx.md_data(m).as_bytes())
            };
            if name(0) != Some(b"branch_weights".as_slice()) {
                continue;
            }
            let expected = match self.ctx.opcode(i) {
                Opcode::Br | Opcode::Switch | Opcode::IndirectBr => self.ctx.num_successors(b),
                Opcode::Call => 1,
                Opcode::Select => 2,
                _ => continue,
            };
            let offset = if name(1) == Some(b"expected".as_slice()) {
                2
            } else {
                1
            };
            if ops.len() != offset + expected {
                self.ctx.extra_mut(i).md.remove(MdKindId::PROF);
            }
        }
        // The buffer is kept for the next body.
        insts.clear();
        self.prof_insts = insts;
    }
}

impl Rd<'_, '_> {
    /// LLVM 19's `upgradeCULocals` (after the module's metadata): every
    /// `DIImportedEntity` in a `llvm.dbg.cu` compile unit's `imports:`
    /// whose scope is local (a subprogram or lexical block) leaves that
    /// list and is appended to the `retainedNodes:` of the subprogram
    /// enclosing its scope (dropped when the scope chain reaches none).
    pub(super) fn upgrade_cu_locals(&mut self) {
        let ctx = &mut *self.ctx;
        let Some(cus) = ctx
            .module(self.m)
            .named_md
            .get(&b"llvm.dbg.cu"[..])
            .cloned()
        else {
            return;
        };
        let spec = |ctx: &Context, m: Metadata| -> Option<SpecKind> {
            ctx.md_data(ctx.md_resolved(m)).spec_kind()
        };
        let md_field = |ctx: &Context, m: Metadata, f: FieldName| -> Option<Metadata> {
            match ctx.md_data(ctx.md_resolved(m)).field(f) {
                Some(MdField::Md(x)) => *x,
                _ => None,
            }
        };
        let tuple_ops = |ctx: &Context, m: Metadata| -> Option<Vec<Option<Metadata>>> {
            match ctx.md_data(ctx.md_resolved(m)) {
                MdData::Tuple { ops, .. } => Some(ops.to_vec()),
                _ => None,
            }
        };
        let is_local_scope = |k: Option<SpecKind>| {
            matches!(
                k,
                Some(
                    SpecKind::DISubprogram
                        | SpecKind::DILexicalBlock
                        | SpecKind::DILexicalBlockFile
                )
            )
        };
        for cu in cus {
            if spec(ctx, cu) != Some(SpecKind::DICompileUnit) {
                continue;
            }
            let Some(imports) = md_field(ctx, cu, FieldName::Imports) else {
                continue;
            };
            let Some(ops) = tuple_ops(ctx, imports) else {
                continue;
            };
            let local = |ctx: &Context, op: &Option<Metadata>| {
                op.is_some_and(|e| {
                    spec(ctx, e) == Some(SpecKind::DIImportedEntity)
                        && md_field(ctx, e, FieldName::Scope)
                            .is_some_and(|s| is_local_scope(spec(ctx, s)))
                })
            };
            if !ops.iter().any(|op| local(ctx, op)) {
                continue;
            }
            let (moved, kept): (Vec<_>, Vec<_>) = ops.into_iter().partition(|op| local(ctx, op));
            // Each moved entity's subprogram, in the list's order.
            let mut by_sp: Vec<(Metadata, Vec<Option<Metadata>>)> = Vec::new();
            for e in moved.into_iter().flatten() {
                let mut s = md_field(ctx, e, FieldName::Scope);
                let mut seen = Vec::new();
                while let Some(x) = s {
                    let k = spec(ctx, x);
                    if k == Some(SpecKind::DISubprogram) || !is_local_scope(k) {
                        break;
                    }
                    let x = ctx.md_resolved(x);
                    if seen.contains(&x) {
                        break;
                    }
                    seen.push(x);
                    s = md_field(ctx, x, FieldName::Scope);
                }
                let Some(sp) = s.filter(|&x| spec(ctx, x) == Some(SpecKind::DISubprogram)) else {
                    continue;
                };
                let sp = ctx.md_resolved(sp);
                match by_sp.iter_mut().find(|(p, _)| *p == sp) {
                    Some((_, list)) => list.push(Some(e)),
                    None => by_sp.push((sp, vec![Some(e)])),
                }
            }
            for (sp, list) in by_sp {
                if !ctx.md_data(sp).is_distinct() {
                    // A uniqued subprogram is not edited in place (LLVM
                    // re-uniques it); it keeps its nodes.
                    continue;
                }
                let mut nodes = md_field(ctx, sp, FieldName::RetainedNodes)
                    .and_then(|r| tuple_ops(ctx, r))
                    .unwrap_or_default();
                nodes.extend(list);
                let t = ctx.md_tuple(&nodes);
                ctx.md_set_field(sp, FieldName::RetainedNodes, Some(t));
            }
            let t = ctx.md_tuple(&kept);
            ctx.md_set_field(cu, FieldName::Imports, Some(t));
        }
    }
}
