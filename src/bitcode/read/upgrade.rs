//! What LLVM 19's bitcode reader changes in a module as it reads it, beyond
//! decoding, where a module LLVM's verifier would reject is made valid:
//! attributes that cannot apply to the type they are on are dropped from
//! functions and call sites (`UpgradeFunctionAttributes`, the call-site
//! half of `BitcodeReader::materialize`), `!prof` branch weights whose
//! count does not match the instruction are dropped (also `materialize`),
//! and an empty `"clang.arc.attachedcall"` bundle is dropped
//! (`UpgradeOperandBundles`). `lair verify F.bc` therefore judges what
//! LLVM's tools see after reading `F.bc`.

use super::Rd;
use crate::inst::Opcode;
use crate::ir::attributes::{type_incompatible, AttrIndex, AttributeList};
use crate::ir::metadata::{MdData, MdKindId};
use crate::ir::Function;
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
    pub(super) fn upgrade_body(&mut self, f: Function) {
        let blocks: Vec<_> = self.ctx.blocks(f).collect();
        for b in blocks {
            let insts: Vec<_> = self.ctx.insts(b).collect();
            for i in insts {
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
        }
    }
}
