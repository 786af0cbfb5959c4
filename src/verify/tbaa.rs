//! `!tbaa` access tags and the type DAG they point into (LLVM's
//! `TBAAVerifier`): struct-path tags in the old and the new format, base
//! (struct) nodes, scalar nodes and the access path.

use super::metadata::{is_md_node, md_const_int, tuple_ops};
use super::report::Item;
use super::Verifier;
use crate::constants::apint::APInt;
use crate::inst::Opcode;
use crate::ir::metadata::Metadata;
use crate::ir::Inst;

impl Verifier<'_> {
    /// A tuple operand that is a node.
    fn node_op(&self, md: Metadata, k: usize) -> Option<Metadata> {
        tuple_ops(self.ctx, md)
            .get(k)
            .copied()
            .flatten()
            .map(|m| self.ctx.md_resolved(m))
            .filter(|&m| is_md_node(self.ctx, m))
    }

    fn is_root_tbaa(&self, md: Metadata) -> bool {
        tuple_ops(self.ctx, md).len() < 2
    }

    /// LLVM's `isValidScalarTBAANode`.
    fn is_scalar_tbaa(&mut self, md: Metadata) -> bool {
        if let Some(&r) = self.tbaa_scalar.get(&md) {
            return r;
        }
        let ctx = self.ctx;
        let mut visited = hashbrown::HashSet::new();
        let mut cur = md;
        let r = loop {
            let ops = tuple_ops(ctx, cur);
            if ops.len() != 2 && ops.len() != 3 {
                break false;
            }
            if !ops[0].is_some_and(|o| super::metadata::is_md_string(ctx, o)) {
                break false;
            }
            if ops.len() == 3
                && !ops[2]
                    .and_then(|o| md_const_int(ctx, o))
                    .is_some_and(|x| x.is_zero())
            {
                break false;
            }
            let Some(parent) = self.node_op(cur, 1) else {
                break false;
            };
            if !visited.insert(parent) {
                break false;
            }
            if self.is_root_tbaa(parent) {
                break true;
            }
            cur = parent;
        };
        self.tbaa_scalar.insert(md, r);
        r
    }

    /// LLVM's `verifyTBAABaseNode`: `(invalid, offset bit width)`.
    fn tbaa_base_node(&mut self, i: Inst, base: Metadata, new_format: bool) -> (bool, u32) {
        let ctx = self.ctx;
        if tuple_ops(ctx, base).len() < 2 {
            self.fail(
                false,
                "Base nodes must have at least two operands",
                vec![i.into(), base.into()],
            );
            return (true, u32::MAX);
        }
        if let Some(&r) = self.tbaa_base.get(&base) {
            return r;
        }
        let r = self.tbaa_base_node_impl(i, base, new_format);
        self.tbaa_base.insert(base, r);
        r
    }

    fn tbaa_base_node_impl(&mut self, i: Inst, base: Metadata, new_format: bool) -> (bool, u32) {
        let ctx = self.ctx;
        let invalid = (true, u32::MAX);
        let ops = tuple_ops(ctx, base).to_vec();
        if ops.len() == 2 {
            return if self.is_scalar_tbaa(base) {
                (false, 0)
            } else {
                invalid
            };
        }
        if new_format {
            if !ops.len().is_multiple_of(3) {
                self.fail(
                    false,
                    "Access tag nodes must have the number of operands that is a multiple of 3!",
                    vec![base.into()],
                );
                return invalid;
            }
            if ops[1].and_then(|o| md_const_int(ctx, o)).is_none() {
                self.fail(
                    false,
                    "Type size nodes must be constants!",
                    vec![i.into(), base.into()],
                );
                return invalid;
            }
        } else {
            if ops.len() % 2 != 1 {
                self.fail(
                    false,
                    "Struct tag nodes must have an odd number of operands!",
                    vec![base.into()],
                );
                return invalid;
            }
            if !ops[0].is_some_and(|o| super::metadata::is_md_string(ctx, o)) {
                self.fail(
                    false,
                    "Struct tag nodes have a string as their first operand",
                    vec![base.into()],
                );
                return invalid;
            }
        }
        let mut failed = false;
        let mut prev: Option<APInt> = None;
        let mut width = u32::MAX;
        let (first, step) = if new_format { (3, 3) } else { (1, 2) };
        let mut k = first;
        while k < ops.len() {
            let field_ty = ops[k];
            let offset = ops.get(k + 1).copied().flatten();
            k += step;
            if !field_ty.is_some_and(|f| is_md_node(ctx, f)) {
                self.fail(
                    false,
                    "Incorrect field entry in struct type node!",
                    vec![i.into(), base.into()],
                );
                failed = true;
                continue;
            }
            let Some(off) = offset.and_then(|o| md_const_int(ctx, o)) else {
                self.fail(
                    false,
                    "Offset entries must be constants!",
                    vec![i.into(), base.into()],
                );
                failed = true;
                continue;
            };
            if width == u32::MAX {
                width = off.width();
            }
            if off.width() != width {
                self.fail(
                    false,
                    "Bitwidth between the offsets and struct type entries must match",
                    vec![i.into(), base.into()],
                );
                failed = true;
                continue;
            }
            if prev.as_ref().is_some_and(|p| !p.ule(&off)) {
                self.fail(
                    false,
                    "Offsets must be increasing!",
                    vec![i.into(), base.into()],
                );
                failed = true;
            }
            prev = Some(off);
            if new_format {
                let size = ops.get(k - step + 2).copied().flatten();
                if size.and_then(|o| md_const_int(ctx, o)).is_none() {
                    self.fail(
                        false,
                        "Member size entries must be constants!",
                        vec![i.into(), base.into()],
                    );
                    failed = true;
                    continue;
                }
            }
        }
        if failed {
            invalid
        } else {
            (false, width)
        }
    }

    /// LLVM's `getFieldNodeFromTBAABaseNode`.
    fn tbaa_field_node(
        &mut self,
        i: Inst,
        base: Metadata,
        offset: &mut APInt,
        new_format: bool,
    ) -> Option<Metadata> {
        let ctx = self.ctx;
        let ops = tuple_ops(ctx, base).to_vec();
        if ops.len() == 2 {
            return self.node_op(base, 1);
        }
        let (first, step) = if new_format { (3, 3) } else { (1, 2) };
        let off_at = |k: usize| -> APInt {
            ops[k + 1]
                .and_then(|o| md_const_int(ctx, o))
                .unwrap_or_else(|| APInt::zero(offset.width()))
        };
        let mut k = first;
        while k < ops.len() {
            let o = off_at(k);
            if o.ugt(offset) {
                if k == first {
                    let text = offset.to_string_unsigned();
                    self.fail(
                        false,
                        "Could not find TBAA parent in struct type node",
                        vec![i.into(), base.into(), Item::Text(text)],
                    );
                    return None;
                }
                let p = k - step;
                *offset = offset.sub(&off_at(p).zext_or_trunc(offset.width()));
                return self.node_op(base, p);
            }
            k += step;
        }
        let last = ops.len() - step;
        *offset = offset.sub(&off_at(last).zext_or_trunc(offset.width()));
        self.node_op(base, last)
    }

    /// LLVM's `TBAAVerifier::visitTBAAMetadata`.
    pub(crate) fn visit_tbaa(&mut self, i: Inst, md: Metadata) -> bool {
        let ctx = self.ctx;
        let ops = tuple_ops(ctx, md).to_vec();
        let fail = |this: &mut Self, msg: &str, items: Vec<Item>| {
            this.fail(false, msg.to_string(), items);
            false
        };
        if ops.is_empty() {
            return fail(
                self,
                "TBAA metadata cannot have 0 operands",
                vec![i.into(), md.into()],
            );
        }
        if !matches!(
            ctx.opcode(i),
            Opcode::Load
                | Opcode::Store
                | Opcode::Call
                | Opcode::VAArg
                | Opcode::AtomicRMW
                | Opcode::AtomicCmpXchg
        ) {
            return fail(
                self,
                "This instruction shall not have a TBAA access tag!",
                vec![i.into()],
            );
        }
        let struct_path = ops[0].is_some_and(|o| is_md_node(ctx, o)) && ops.len() >= 3;
        if !struct_path {
            return fail(
                self,
                "Old-style TBAA is no longer allowed, use struct-path TBAA instead",
                vec![i.into()],
            );
        }
        let mut base = self.node_op(md, 0);
        let access = self.node_op(md, 1);
        let new_format = access.is_some_and(|a| {
            tuple_ops(ctx, a).len() >= 3 && tuple_ops(ctx, a)[0].is_some_and(|o| is_md_node(ctx, o))
        });
        if new_format {
            if !(ops.len() == 4 || ops.len() == 5) {
                return fail(
                    self,
                    "Access tag metadata must have either 4 or 5 operands",
                    vec![i.into(), md.into()],
                );
            }
        } else if ops.len() >= 5 {
            return fail(
                self,
                "Struct tag metadata must have either 3 or 4 operands",
                vec![i.into(), md.into()],
            );
        }
        if new_format && ops[3].and_then(|o| md_const_int(ctx, o)).is_none() {
            return fail(
                self,
                "Access size field must be a constant",
                vec![i.into(), md.into()],
            );
        }
        let imm = if new_format { 4 } else { 3 };
        if ops.len() == imm + 1 {
            let Some(c) = ops[imm].and_then(|o| md_const_int(ctx, o)) else {
                return fail(
                    self,
                    "Immutability tag on struct tag metadata must be a constant",
                    vec![i.into(), md.into()],
                );
            };
            if !(c.is_zero() || c.is_one()) {
                return fail(
                    self,
                    "Immutability part of the struct tag metadata must be either 0 or 1",
                    vec![i.into(), md.into()],
                );
            }
        }
        if base.is_none() || access.is_none() {
            return fail(
                self,
                "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes",
                vec![i.into(), md.into(), Item::Md(base), Item::Md(access)],
            );
        }
        let access = access.expect("checked");
        if !new_format && !self.is_scalar_tbaa(access) {
            return fail(
                self,
                "Access type node must be a valid scalar type",
                vec![i.into(), md.into(), access.into()],
            );
        }
        let Some(mut offset) = ops[2].and_then(|o| md_const_int(ctx, o)) else {
            return fail(
                self,
                "Offset must be constant integer",
                vec![i.into(), md.into()],
            );
        };
        let mut seen_access = false;
        let mut path = hashbrown::HashSet::new();
        while let Some(b) = base {
            if self.is_root_tbaa(b) {
                break;
            }
            if !path.insert(b) {
                return fail(
                    self,
                    "Cycle detected in struct path",
                    vec![i.into(), md.into()],
                );
            }
            let (invalid, bw) = self.tbaa_base_node(i, b, new_format);
            if invalid {
                return false;
            }
            seen_access |= b == access;
            if (self.is_scalar_tbaa(b) || b == access) && !offset.is_zero() {
                let text = offset.to_string_unsigned();
                return fail(
                    self,
                    "Offset not zero at the point of scalar access",
                    vec![i.into(), md.into(), Item::Text(text)],
                );
            }
            let ok = bw == offset.width()
                || (bw == 0 && offset.is_zero())
                || (new_format && bw == u32::MAX);
            if !ok {
                return fail(
                    self,
                    "Access bit-width not the same as description bit-width",
                    vec![
                        i.into(),
                        md.into(),
                        Item::Num(bw as u64),
                        Item::Num(offset.width() as u64),
                    ],
                );
            }
            if new_format && seen_access {
                break;
            }
            base = self.tbaa_field_node(i, b, &mut offset, new_format);
        }
        if !seen_access {
            return fail(
                self,
                "Did not see access type in access path!",
                vec![i.into(), md.into()],
            );
        }
        true
    }
}
