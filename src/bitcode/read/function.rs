//! Function bodies: `DECLAREBLOCKS`, every instruction record with its
//! flags, relative value ids and forward references, debug locations and
//! debug records, operand bundles, and the blocks a body holds (constants,
//! metadata, value symbol table, attachments, use lists).
//!
//! A value used before its definition is a placeholder value, replaced
//! when the definition comes by re-pointing each of its uses, head of the
//! list first, so uses end up in the order LLVM's RAUW leaves them.

use super::attrs::sign_rotated;
use super::constants::{cast_ok, gep_flags};
use super::{Rd, Res, Slot};
use crate::bitcode::codes;
use crate::bitstream::names as n;
use crate::bitstream::{Entry, Record};
use crate::inst::{bits, mem, Opcode, Ordering, TailKind};
use crate::ir::attributes::AttributeList;
use crate::ir::inst::{Bundle, CallData, DbgRecord, InstPayload};
use crate::ir::metadata::{FieldName as F, MdField, Metadata, SpecKind};
use crate::ir::{Block, Function, Inst};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueData, ValueKind};
use smallvec::SmallVec;

/// The state of the body being read.
struct Body {
    f: Function,
    blocks: Vec<Block>,
    cur: usize,
    insts: Vec<Inst>,
    last: Option<Inst>,
    last_loc: Option<Metadata>,
    bundles: Vec<(Box<[u8]>, Vec<Value>)>,
}

/// A record's fields with a read position, for the `getValue*` helpers.
struct Ops<'r> {
    v: &'r [u64],
    i: usize,
}

impl Ops<'_> {
    fn left(&self) -> usize {
        self.v.len() - self.i
    }
}

impl<'a> Rd<'a, '_> {
    /// The id the next value gets.
    fn next_id(&self) -> u32 {
        self.vals.len() as u32
    }

    /// A placeholder standing for value `id` (defined later) of type `ty`.
    pub(crate) fn fwd_value(&mut self, id: u32, ty: Type) -> Res<Value> {
        if let Some(&p) = self.placeholders.get(&id) {
            if self.ctx.type_of(p) != ty {
                return self.err("a forward reference with two different types");
            }
            return Ok(p);
        }
        if u64::from(id) > self.vals.len() as u64 + self.bits_left() {
            return self.err(format!("invalid value id {id}"));
        }
        if self.ctx.is_void(ty) || self.ctx.is_label(ty) || self.ctx.is_function(ty) {
            return self.err("a forward reference of an invalid type");
        }
        let p = self
            .ctx
            .graph
            .alloc(ValueData::new(ValueKind::Placeholder, ty));
        self.placeholders.insert(id, p);
        Ok(p)
    }

    /// The value with absolute id `id` of type `ty` (LLVM's
    /// `getFnValueByID`): made if pending, a placeholder if later.
    fn value_by_id(&mut self, id: u32, ty: Option<Type>) -> Res<Value> {
        // A metadata operand's id is a metadata id (LLVM's
        // `getFnValueByID` of a metadata-typed value).
        if ty.is_some_and(|t| self.ctx.is_metadata(t)) {
            let md = self.fn_md(u64::from(id))?;
            return Ok(self.ctx.metadata_as_value(md));
        }
        let v = match self.vals.get(id as usize) {
            Some(Slot::Val(v)) => *v,
            Some(Slot::Pending(_)) => self.materialize_value(id)?,
            _ => match ty {
                Some(t) => self.fwd_value(id, t)?,
                None => return self.err(format!("invalid forward reference to value {id}")),
            },
        };
        if let Some(t) = ty {
            if self.ctx.type_of(v) != t {
                return self.err("a value of the wrong type");
            }
        }
        Ok(v)
    }

    /// `getValueTypePair`: a relative id, and its type when it is a
    /// forward reference.
    fn vt(&mut self, o: &mut Ops<'_>) -> Res<Value> {
        let Some(&rel) = o.v.get(o.i) else {
            return self.err("record ends before a value operand");
        };
        o.i += 1;
        let id = self.next_id().wrapping_sub(rel as u32);
        if id < self.next_id() {
            return self.value_by_id(id, None);
        }
        let Some(&t) = o.v.get(o.i) else {
            return self.err("record ends before the type of a forward reference");
        };
        o.i += 1;
        let ty = self.type_at(t)?;
        self.value_by_id(id, Some(ty))
    }

    /// `getValue`/`popValue`: a relative id of a value of type `ty`.
    fn val(&mut self, o: &mut Ops<'_>, ty: Type) -> Res<Value> {
        let Some(&rel) = o.v.get(o.i) else {
            return self.err("record ends before a value operand");
        };
        o.i += 1;
        let id = self.next_id().wrapping_sub(rel as u32);
        self.value_by_id(id, Some(ty))
    }

    fn field(&self, o: &mut Ops<'_>) -> Res<u64> {
        match o.v.get(o.i) {
            Some(&x) => {
                o.i += 1;
                Ok(x)
            }
            None => self.err("record ends too early"),
        }
    }

    fn block(&self, b: &Body, id: u64) -> Res<Block> {
        match b.blocks.get(id as usize) {
            Some(&x) => Ok(x),
            None => self.err(format!("invalid block id {id}")),
        }
    }

    /// Defines the next value id as `v`, replacing its placeholder.
    fn define(&mut self, v: Value) -> Res<()> {
        let id = self.next_id();
        self.vals.push(Slot::Val(v));
        if self.placeholders.is_empty() {
            return Ok(());
        }
        if let Some(p) = self.placeholders.remove(&id) {
            if self.ctx.type_of(p) != self.ctx.type_of(v) {
                return self.err("a value defined with another type than its forward references");
            }
            if let Some(t) = self.md_value_fwd.remove(&p) {
                let real = self.ctx.md_value(v);
                self.ctx.md_replace_temporary(t, real);
            }
            // LLVM's RAUW: the old list, head first, onto the new head. As
            // LLVM's, it does not re-check the users: an instruction made
            // ill-typed by the record (a select whose condition has another
            // length) is the verifier's to reject, not a panic here.
            while let Some(u) = self.ctx.uses(p).next() {
                if self.ctx.value_kind(u.user) == ValueKind::Instruction {
                    self.ctx.graph.set_operand(u.user, u.operand_no, Some(v));
                } else {
                    self.ctx.set_operand(u.user, u.operand_no, Some(v));
                }
            }
            self.ctx.graph.free(p);
        }
        Ok(())
    }

    fn location(
        &mut self,
        line: u64,
        col: u64,
        scope: Metadata,
        ia: Option<Metadata>,
        implicit: bool,
    ) -> Metadata {
        let mut f = vec![(F::Line, MdField::UInt(line))];
        if col != 0 {
            f.push((F::Column, MdField::UInt(col)));
        }
        f.push((F::Scope, MdField::Md(Some(scope))));
        if let Some(ia) = ia {
            f.push((F::InlinedAt, MdField::Md(Some(ia))));
        }
        if implicit {
            f.push((F::IsImplicitCode, MdField::Bool(true)));
        }
        self.ctx.md_specialized(SpecKind::DILocation, f, false)
    }

    /// Function-level metadata id `id` (0-based) that must exist.
    fn fn_md(&self, id: u64) -> Res<Metadata> {
        match self.mds.get(id as usize) {
            Some(Some(m)) => Ok(*m),
            _ => self.err(format!("invalid metadata id {id}")),
        }
    }

    /// Reads the body of `f`, whose block is at the reader's position.
    pub(super) fn read_function_body(&mut self, f: Function) -> Res<()> {
        let outer_block = self.block;
        self.block = Some(n::MODULE_BLOCK_ID);
        let outer = self.enter(n::FUNCTION_BLOCK_ID)?;
        let pending_mark = self.pending.len();
        for &a in self.ctx.args(f).to_vec().iter() {
            self.vals.push(Slot::Val(a));
        }
        // The block and instruction lists of the last body, emptied, so
        // that a body's lists do not grow from nothing.
        let (mut blocks, mut insts) = std::mem::take(&mut self.body_lists);
        blocks.clear();
        insts.clear();
        let mut b = Body {
            f,
            blocks,
            cur: 0,
            insts,
            last: None,
            last_loc: None,
            bundles: Vec::new(),
        };
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::DefineAbbrev => {}
                Entry::SubBlock(id) => match id {
                    n::CONSTANTS_BLOCK_ID => self.read_constants()?,
                    n::METADATA_BLOCK_ID => self.read_metadata(false)?,
                    n::METADATA_ATTACHMENT_ID => {
                        let insts = std::mem::take(&mut b.insts);
                        let r = self.read_md_attachments(f, &insts);
                        b.insts = insts;
                        r?
                    }
                    n::VALUE_SYMTAB_BLOCK_ID => {
                        let blocks = std::mem::take(&mut b.blocks);
                        let r = self.read_local_vst(&blocks);
                        b.blocks = blocks;
                        r?
                    }
                    n::USELIST_BLOCK_ID => {
                        let blocks = std::mem::take(&mut b.blocks);
                        let r = self.read_uselist(&blocks);
                        b.blocks = blocks;
                        r?
                    }
                    _ => self.skip()?,
                },
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    let r = self.body_record(&mut b, &rec);
                    self.give_back(rec);
                    r?;
                }
            }
        }
        self.leave(outer);
        if !b.bundles.is_empty() {
            return self.err("operand bundles with no call to take them");
        }
        if !self.placeholders.is_empty() {
            return self.err("a value used in the function is never defined");
        }
        if !self.md_fwd.is_empty() || !self.md_value_fwd.is_empty() {
            return self.err("metadata forward references left unresolved in the function");
        }
        if b.blocks.is_empty() {
            return self.err("a function body without blocks");
        }
        self.vals.truncate(self.module_values);
        self.pending.truncate(pending_mark);
        self.mds.truncate(self.module_mds);
        self.block = outer_block;
        self.body_lists = (b.blocks, b.insts);
        Ok(())
    }

    fn declare_blocks(&mut self, b: &mut Body, n: u64) -> Res<()> {
        if n == 0 || !b.blocks.is_empty() {
            return self.err("invalid block declaration");
        }
        if n > self.bits_left() / 4 {
            return self.err(format!("block count {n} exceeds what the stream holds"));
        }
        let fwd = self.fwd_blocks.remove(&b.f).unwrap_or_default();
        if fwd.keys().any(|&k| k >= n) {
            return self.err("a blockaddress names a block the function does not have");
        }
        for i in 0..n {
            let blk = match fwd.get(&i).copied() {
                Some(x) => x,
                None => self.ctx.create_block(""),
            };
            self.ctx.insert_block(b.f, blk, None);
            b.blocks.push(blk);
        }
        Ok(())
    }

    fn body_record(&mut self, b: &mut Body, rec: &Record<'a>) -> Res<()> {
        let v = rec.operands();
        let mut o = Ops { v, i: 0 };
        let code = rec.code();
        match code {
            n::FUNC_CODE_DECLAREBLOCKS => {
                let k = self.field(&mut o)?;
                return self.declare_blocks(b, k);
            }
            n::FUNC_CODE_DEBUG_LOC_AGAIN => {
                let (Some(i), Some(l)) = (b.last, b.last_loc) else {
                    return self.err("debug location with no instruction before it");
                };
                self.ctx.extra_mut(i).dbg = Some(l);
                return Ok(());
            }
            n::FUNC_CODE_DEBUG_LOC => {
                let Some(i) = b.last else {
                    return self.err("debug location with no instruction before it");
                };
                if v.len() < 4 {
                    return self.err("debug location record with fewer than 4 fields");
                }
                let Some(scope) = self.md_opt(v[2])? else {
                    return self.err("debug location without a scope");
                };
                let ia = self.md_opt(v[3])?;
                let loc = self.location(v[0], v[1], scope, ia, v.len() == 5 && v[4] != 0);
                b.last_loc = Some(loc);
                self.ctx.extra_mut(i).dbg = Some(loc);
                return Ok(());
            }
            n::FUNC_CODE_OPERAND_BUNDLE => {
                let tag_id = self.field(&mut o)?;
                let Some(tag) = self.bundle_tags.get(tag_id as usize).cloned() else {
                    return self.err(format!("invalid operand bundle tag {tag_id}"));
                };
                let mut ops = Vec::new();
                while o.left() > 0 {
                    ops.push(self.vt(&mut o)?);
                }
                b.bundles.push((tag, ops));
                return Ok(());
            }
            n::FUNC_CODE_BLOCKADDR_USERS => {
                for &id in v {
                    match self.vals.get(id as usize) {
                        Some(Slot::Val(x)) if self.ctx.value_kind(*x) == ValueKind::Function => {
                            self.then_materialize.push(Function(*x));
                        }
                        _ => return self.err("invalid function id in blockaddress users"),
                    }
                }
                return Ok(());
            }
            n::FUNC_CODE_DEBUG_RECORD_VALUE
            | n::FUNC_CODE_DEBUG_RECORD_DECLARE
            | n::FUNC_CODE_DEBUG_RECORD_ASSIGN
            | n::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE
            | n::FUNC_CODE_DEBUG_RECORD_LABEL => return self.debug_record(b, code, &mut o),
            _ => {}
        }
        if b.cur >= b.blocks.len() {
            return self.err("an instruction outside of any block");
        }
        let i = self.instruction(b, code, &mut o)?;
        if o.i != v.len() && !matches!(code, n::FUNC_CODE_INST_CALL) {
            // Trailing fields are checked per record where LLVM checks them.
        }
        b.insts.push(i);
        b.last = Some(i);
        if !self.ctx.is_void(self.ctx.type_of(i.0)) {
            self.define(i.0)?;
        }
        if self.ctx.opcode(i).is_terminator() {
            b.cur += 1;
        }
        Ok(())
    }

    /// A 1-based metadata reference of a function record (0: none).
    fn md_opt(&self, id: u64) -> Res<Option<Metadata>> {
        if id == 0 {
            return Ok(None);
        }
        self.fn_md(id - 1).map(Some)
    }

    fn debug_record(&mut self, b: &mut Body, code: u32, o: &mut Ops<'_>) -> Res<()> {
        let Some(i) = b.last else {
            return self.err("debug record with no instruction before it");
        };
        let dil = self.field(o).and_then(|x| self.fn_md(x))?;
        let rec = if code == n::FUNC_CODE_DEBUG_RECORD_LABEL {
            let label = self.field(o).and_then(|x| self.fn_md(x))?;
            DbgRecord {
                kind: "label".into(),
                ops: vec![Some(label), Some(dil)],
            }
        } else {
            let var = self.field(o).and_then(|x| self.fn_md(x))?;
            let expr = self.field(o).and_then(|x| self.fn_md(x))?;
            let loc = if code == n::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE {
                let val = self.vt(o)?;
                self.md_of_value(val)
            } else {
                self.field(o).and_then(|x| self.fn_md(x))?
            };
            match code {
                n::FUNC_CODE_DEBUG_RECORD_ASSIGN => {
                    let id = self.field(o).and_then(|x| self.fn_md(x))?;
                    let aexpr = self.field(o).and_then(|x| self.fn_md(x))?;
                    let addr = self.field(o).and_then(|x| self.fn_md(x))?;
                    DbgRecord {
                        kind: "assign".into(),
                        ops: vec![
                            Some(loc),
                            Some(var),
                            Some(expr),
                            Some(id),
                            Some(addr),
                            Some(aexpr),
                            Some(dil),
                        ],
                    }
                }
                _ => DbgRecord {
                    kind: if code == n::FUNC_CODE_DEBUG_RECORD_DECLARE {
                        "declare"
                    } else {
                        "value"
                    }
                    .into(),
                    ops: vec![Some(loc), Some(var), Some(expr), Some(dil)],
                },
            }
        };
        self.ctx.extra_mut(i).dbg_records.push(rec);
        Ok(())
    }

    fn new_inst(
        &mut self,
        b: &Body,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        payload: InstPayload,
        flags: u16,
    ) -> Inst {
        let blk = b.blocks[b.cur];
        self.ctx.append_new_inst(blk, op, ty, ops, payload, flags)
    }

    fn is_fp_math(&self, mut ty: Type) -> bool {
        while let TypeData::Array { elem, .. } = self.ctx.type_data(ty) {
            ty = *elem;
        }
        self.ctx.is_fp_or_fp_vector(ty)
    }

    fn ordering(&self, c: u64) -> Res<Ordering> {
        match codes::ordering(c) {
            Some(o) => Ok(o),
            None => self.err(format!("invalid atomic ordering {c}")),
        }
    }

    fn align_bits(&self, c: u64) -> Res<u16> {
        if c > 33 {
            return self.err(format!("invalid alignment code {c}"));
        }
        Ok(c as u16 & mem::ALIGN_MASK)
    }

    fn attrs(&self, id: u64) -> Res<AttributeList> {
        if id == 0 {
            return Ok(AttributeList::new());
        }
        match self.attr_lists.get(id as usize - 1) {
            Some(l) => Ok(l.clone()),
            None => self.err(format!("invalid attribute list id {id}")),
        }
    }

    /// The arguments of a call-like record after its callee: fixed
    /// parameters by type, varargs with types.
    fn call_args(&mut self, b: &Body, o: &mut Ops<'_>, fty: Type) -> Res<SmallVec<[Value; 8]>> {
        let (nparams, va) = match self.ctx.function_parts(fty) {
            Some((_, p, va)) => (p.len(), va),
            None => return self.err("a call of a non-function type"),
        };
        let mut args: SmallVec<[Value; 8]> = SmallVec::with_capacity(nparams + 1);
        for k in 0..nparams {
            let p = self.ctx.function_parts(fty).expect("a function type").1[k];
            if self.ctx.is_label(p) {
                let id = self.field(o)?;
                args.push(self.block(b, id)?.0);
            } else {
                args.push(self.val(o, p)?);
            }
        }
        if va {
            while o.left() > 0 {
                args.push(self.vt(o)?);
            }
        } else if o.left() != 0 {
            return self.err("a call record with more arguments than its function type has");
        }
        Ok(args)
    }

    fn take_bundles(&mut self, b: &mut Body, nargs: usize) -> (Vec<Bundle>, Vec<Value>) {
        let mut bundles = Vec::new();
        let mut ops = Vec::new();
        if b.bundles.is_empty() {
            return (bundles, ops);
        }
        let mut taken = std::mem::take(&mut b.bundles);
        // UpgradeOperandBundles: an old empty "clang.arc.attachedcall"
        // bundle (the first one) is dropped.
        if let Some(k) = taken
            .iter()
            .position(|(t, v)| &**t == b"clang.arc.attachedcall" && v.is_empty())
        {
            taken.remove(k);
        }
        for (tag, vals) in taken {
            let start = (nargs + ops.len()) as u32;
            bundles.push(Bundle {
                tag,
                start,
                len: vals.len() as u32,
            });
            ops.extend(vals);
        }
        (bundles, ops)
    }

    #[allow(clippy::too_many_lines)]
    fn instruction(&mut self, b: &mut Body, code: u32, o: &mut Ops<'_>) -> Res<Inst> {
        let void = self.ctx.void_type();
        let i = match code {
            n::FUNC_CODE_INST_BINOP => {
                let lhs = self.vt(o)?;
                let ty = self.ctx.type_of(lhs);
                let rhs = self.val(o, ty)?;
                let c = self.field(o)?;
                let fp = self.ctx.is_fp_or_fp_vector(ty);
                let Some(op) = codes::binop_opcode(c, fp) else {
                    return self.err(format!("invalid binary opcode {c}"));
                };
                if !fp && !self.ctx.is_int_or_int_vector(ty) {
                    return self.err("invalid operand type for a binary operator");
                }
                let raw = if o.left() > 0 { self.field(o)? } else { 0 };
                let flags = if fp {
                    codes::fmf_from_bits(raw)
                } else if op.has_wrap_flags() {
                    codes::wrap_from_bits(raw)
                } else if op.has_exact_flag() || op == Opcode::Or {
                    (raw & codes::EXACT_BIT) as u16 * bits::ONE_FLAG
                } else {
                    0
                };
                self.new_inst(b, op, ty, &[lhs, rhs], InstPayload::None, flags)
            }
            n::FUNC_CODE_INST_UNOP => {
                let x = self.vt(o)?;
                let ty = self.ctx.type_of(x);
                let c = self.field(o)?;
                if c != codes::UNOP_FNEG || !self.ctx.is_fp_or_fp_vector(ty) {
                    return self.err("invalid unary operator");
                }
                let raw = if o.left() > 0 { self.field(o)? } else { 0 };
                let flags = codes::fmf_from_bits(raw);
                self.new_inst(b, Opcode::FNeg, ty, &[x], InstPayload::None, flags)
            }
            n::FUNC_CODE_INST_CAST => {
                let x = self.vt(o)?;
                let to = self.field(o).and_then(|t| self.type_at(t))?;
                let c = self.field(o)?;
                let Some(op) = codes::cast_opcode(c) else {
                    return self.err(format!("invalid cast opcode {c}"));
                };
                if !cast_ok(self.ctx, op, self.ctx.type_of(x), to) {
                    return self.err("invalid cast");
                }
                let raw = if o.left() > 0 { self.field(o)? } else { 0 };
                let flags = match op {
                    Opcode::Trunc => codes::wrap_from_bits(raw),
                    Opcode::ZExt | Opcode::UIToFP => (raw & 1) as u16 * bits::ONE_FLAG,
                    _ => 0,
                };
                self.new_inst(b, op, to, &[x], InstPayload::None, flags)
            }
            n::FUNC_CODE_INST_GEP => {
                let flags = bits::gep(gep_flags(self.field(o)?));
                let src = self.field(o).and_then(|t| self.type_at(t))?;
                let mut ops: SmallVec<[Value; 8]> = SmallVec::new();
                while o.left() > 0 {
                    ops.push(self.vt(o)?);
                }
                if ops.is_empty() {
                    return self.err("getelementptr without a base");
                }
                let rt = self.gep_type(&ops)?;
                if ops.len() > 1 && !self.ctx.is_sized(src) {
                    return self.err("getelementptr of an unsized type");
                }
                if self.ctx.gep_indexed_type(src, &ops[1..]).is_none() {
                    return self.err("invalid getelementptr indices");
                }
                self.new_inst(
                    b,
                    Opcode::GetElementPtr,
                    rt,
                    &ops,
                    InstPayload::Ty(src),
                    flags,
                )
            }
            n::FUNC_CODE_INST_EXTRACTVAL | n::FUNC_CODE_INST_INSERTVAL => {
                let agg = self.vt(o)?;
                let mut ops = vec![agg];
                if code == n::FUNC_CODE_INST_INSERTVAL {
                    ops.push(self.vt(o)?);
                }
                let mut idx = Vec::new();
                let mut t = self.ctx.type_of(agg);
                while o.left() > 0 {
                    let k = self.field(o)?;
                    t = match self.ctx.type_data(t) {
                        TypeData::Array { elem, len } if k < *len => *elem,
                        _ => match self.ctx.struct_elements(t).and_then(|s| s.get(k as usize)) {
                            Some(&e) => e,
                            None => return self.err("invalid aggregate index"),
                        },
                    };
                    idx.push(k as u32);
                }
                if idx.is_empty() {
                    return self.err("aggregate instruction without indices");
                }
                let (op, rt) = if code == n::FUNC_CODE_INST_EXTRACTVAL {
                    (Opcode::ExtractValue, t)
                } else {
                    if self.ctx.type_of(ops[1]) != t {
                        return self.err("insertvalue operand and field disagree in type");
                    }
                    (Opcode::InsertValue, self.ctx.type_of(agg))
                };
                self.new_inst(b, op, rt, &ops, InstPayload::Indices(idx.into()), 0)
            }
            n::FUNC_CODE_INST_VSELECT => {
                let t = self.vt(o)?;
                let ty = self.ctx.type_of(t);
                let f = self.val(o, ty)?;
                let c = self.vt(o)?;
                let ct = self.ctx.type_of(c);
                if self.ctx.int_width(self.ctx.scalar_type(ct)) != Some(1) {
                    return self.err("select condition is not i1");
                }
                let raw = if o.left() > 0 { self.field(o)? } else { 0 };
                let flags = if self.is_fp_math(ty) {
                    codes::fmf_from_bits(raw)
                } else {
                    0
                };
                self.new_inst(b, Opcode::Select, ty, &[c, t, f], InstPayload::None, flags)
            }
            n::FUNC_CODE_INST_EXTRACTELT => {
                let vec = self.vt(o)?;
                let idx = self.vt(o)?;
                let vt = self.ctx.type_of(vec);
                if self.ctx.vector_len(vt).is_none() || !self.ctx.is_integer(self.ctx.type_of(idx))
                {
                    return self.err("invalid extractelement");
                }
                let e = self.ctx.scalar_type(vt);
                self.new_inst(
                    b,
                    Opcode::ExtractElement,
                    e,
                    &[vec, idx],
                    InstPayload::None,
                    0,
                )
            }
            n::FUNC_CODE_INST_INSERTELT => {
                let vec = self.vt(o)?;
                let vt = self.ctx.type_of(vec);
                if self.ctx.vector_len(vt).is_none() {
                    return self.err("invalid insertelement");
                }
                let et = self.ctx.scalar_type(vt);
                let elt = self.val(o, et)?;
                let idx = self.vt(o)?;
                if !self.ctx.is_integer(self.ctx.type_of(idx)) {
                    return self.err("invalid insertelement");
                }
                self.new_inst(
                    b,
                    Opcode::InsertElement,
                    vt,
                    &[vec, elt, idx],
                    InstPayload::None,
                    0,
                )
            }
            n::FUNC_CODE_INST_SHUFFLEVEC => {
                let v1 = self.vt(o)?;
                let vt = self.ctx.type_of(v1);
                let v2 = self.val(o, vt)?;
                let m = self.vt(o)?;
                let Some((_, scalable)) = self.ctx.vector_len(vt) else {
                    return self.err("invalid shufflevector");
                };
                let Some(mask) = self.mask_of(m) else {
                    return self.err("invalid shufflevector mask");
                };
                let e = self.ctx.scalar_type(vt);
                let rt = if scalable {
                    self.ctx.scalable_vector_type(e, mask.len() as u32)
                } else {
                    self.ctx.vector_type(e, mask.len() as u32)
                };
                self.new_inst(
                    b,
                    Opcode::ShuffleVector,
                    rt,
                    &[v1, v2],
                    InstPayload::Mask(mask.into()),
                    0,
                )
            }
            n::FUNC_CODE_INST_CMP | n::FUNC_CODE_INST_CMP2 => {
                let lhs = self.vt(o)?;
                let ty = self.ctx.type_of(lhs);
                let rhs = self.val(o, ty)?;
                let p = self.field(o)?;
                let Some(pred) = codes::predicate(p) else {
                    return self.err(format!("invalid compare predicate {p}"));
                };
                let (op, ok) = if pred.is_int() {
                    (
                        Opcode::ICmp,
                        self.ctx.is_int_or_int_vector(ty) || self.ctx.is_ptr_or_ptr_vector(ty),
                    )
                } else {
                    (Opcode::FCmp, self.ctx.is_fp_or_fp_vector(ty))
                };
                if !ok {
                    return self.err("invalid compare operand type");
                }
                let raw = if o.left() > 0 { self.field(o)? } else { 0 };
                let fm = if op == Opcode::FCmp {
                    codes::fmf_from_bits(raw)
                } else {
                    0
                };
                let i1 = self.ctx.i1_type();
                let rt = match self.ctx.vector_len(ty) {
                    Some((k, false)) => self.ctx.vector_type(i1, k),
                    Some((k, true)) => self.ctx.scalable_vector_type(i1, k),
                    None => i1,
                };
                self.new_inst(
                    b,
                    op,
                    rt,
                    &[lhs, rhs],
                    InstPayload::None,
                    pred as u16 | fm << 8,
                )
            }
            n::FUNC_CODE_INST_RET => {
                let rt = self
                    .ctx
                    .function_parts(self.ctx.signature(b.f))
                    .map(|p| p.0)
                    .unwrap_or(void);
                if o.left() == 0 {
                    if !self.ctx.is_void(rt) {
                        return self.err("ret without a value in a non-void function");
                    }
                    self.new_inst(b, Opcode::Ret, void, &[], InstPayload::None, 0)
                } else {
                    let x = self.vt(o)?;
                    if self.ctx.type_of(x) != rt {
                        return self.err("ret value of the wrong type");
                    }
                    self.new_inst(b, Opcode::Ret, void, &[x], InstPayload::None, 0)
                }
            }
            n::FUNC_CODE_INST_BR => {
                let t = self.field(o).and_then(|x| self.block(b, x))?;
                if o.left() == 0 {
                    self.new_inst(b, Opcode::Br, void, &[t.0], InstPayload::None, 0)
                } else {
                    let f = self.field(o).and_then(|x| self.block(b, x))?;
                    let i1 = self.ctx.i1_type();
                    let c = self.val(o, i1)?;
                    self.new_inst(b, Opcode::Br, void, &[c, f.0, t.0], InstPayload::None, 0)
                }
            }
            n::FUNC_CODE_INST_SWITCH => {
                let ty = self.field(o).and_then(|t| self.type_at(t))?;
                if !self.ctx.is_integer(ty) {
                    return self.err("switch condition is not an integer");
                }
                let c = self.val(o, ty)?;
                let d = self.field(o).and_then(|x| self.block(b, x))?;
                let mut ops = vec![c, d.0];
                if !o.left().is_multiple_of(2) {
                    return self.err("malformed switch record");
                }
                while o.left() > 0 {
                    let id = self.field(o)?;
                    let Ok(id) = u32::try_from(id) else {
                        return self.err("invalid case value id");
                    };
                    let cv = self.value_by_id(id, Some(ty))?;
                    if self.ctx.value_kind(cv) != ValueKind::Constant
                        || self.ctx.const_kind(cv) != crate::constants::ConstKind::Int
                    {
                        return self.err("switch case value is not a constant integer");
                    }
                    let dest = self.field(o).and_then(|x| self.block(b, x))?;
                    ops.push(cv);
                    ops.push(dest.0);
                }
                self.new_inst(b, Opcode::Switch, void, &ops, InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_INDIRECTBR => {
                let ty = self.field(o).and_then(|t| self.type_at(t))?;
                let a = self.val(o, ty)?;
                let mut ops = vec![a];
                while o.left() > 0 {
                    let d = self.field(o).and_then(|x| self.block(b, x))?;
                    ops.push(d.0);
                }
                self.new_inst(b, Opcode::IndirectBr, void, &ops, InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_INVOKE => {
                let attrs = self.field(o).and_then(|x| self.attrs(x))?;
                let cc = self.field(o)?;
                let normal = self.field(o).and_then(|x| self.block(b, x))?;
                let unwind = self.field(o).and_then(|x| self.block(b, x))?;
                let explicit = cc >> 13 & 1 != 0;
                let fty = if explicit {
                    Some(self.field(o).and_then(|t| self.type_at(t))?)
                } else {
                    None
                };
                let callee = self.vt(o)?;
                let Some(fty) = fty else {
                    return self.err("invoke without an explicit function type");
                };
                let args = self.call_args(b, o, fty)?;
                let arg_tys: Vec<Type> = args.iter().map(|&a| self.ctx.type_of(a)).collect();
                let (bundles, bops) = self.take_bundles(b, args.len());
                let mut ops = args;
                ops.extend(bops);
                ops.push(normal.0);
                ops.push(unwind.0);
                ops.push(callee);
                let rt = self.ctx.function_parts(fty).map(|p| p.0).unwrap_or(void);
                let cd = CallData {
                    fn_ty: Some(fty),
                    call_conv: (cc & !(1 << 13)) as u32,
                    attrs: super::upgrade::compatible_attrs(self.ctx, attrs, rt, &arg_tys),
                    tail: TailKind::None,
                    bundles,
                    num_indirect: 0,
                };
                self.new_inst(
                    b,
                    Opcode::Invoke,
                    rt,
                    &ops,
                    InstPayload::Call(Box::new(cd)),
                    0,
                )
            }
            n::FUNC_CODE_INST_CALLBR => {
                let attrs = self.field(o).and_then(|x| self.attrs(x))?;
                let cc = self.field(o)?;
                let normal = self.field(o).and_then(|x| self.block(b, x))?;
                let k = self.field(o)?;
                if k > o.left() as u64 {
                    return self.err("malformed callbr record");
                }
                let mut dests = vec![normal.0];
                for _ in 0..k {
                    let d = self.field(o).and_then(|x| self.block(b, x))?;
                    dests.push(d.0);
                }
                let fty = if cc >> codes::CALL_EXPLICIT_TYPE & 1 != 0 {
                    self.field(o).and_then(|t| self.type_at(t))?
                } else {
                    return self.err("callbr without an explicit function type");
                };
                let callee = self.vt(o)?;
                let args = self.call_args(b, o, fty)?;
                let arg_tys: Vec<Type> = args.iter().map(|&a| self.ctx.type_of(a)).collect();
                let (bundles, bops) = self.take_bundles(b, args.len());
                let mut ops = args;
                ops.extend(bops);
                ops.extend(dests);
                ops.push(callee);
                let rt = self.ctx.function_parts(fty).map(|p| p.0).unwrap_or(void);
                let cd = CallData {
                    fn_ty: Some(fty),
                    call_conv: ((cc & 0x7ff) >> codes::CALL_CCONV) as u32,
                    attrs: super::upgrade::compatible_attrs(self.ctx, attrs, rt, &arg_tys),
                    tail: TailKind::None,
                    bundles,
                    num_indirect: k as u32,
                };
                self.new_inst(
                    b,
                    Opcode::CallBr,
                    rt,
                    &ops,
                    InstPayload::Call(Box::new(cd)),
                    0,
                )
            }
            n::FUNC_CODE_INST_RESUME => {
                let x = self.vt(o)?;
                self.new_inst(b, Opcode::Resume, void, &[x], InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_UNREACHABLE => {
                self.new_inst(b, Opcode::Unreachable, void, &[], InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_PHI => {
                let ty = self.field(o).and_then(|t| self.type_at(t))?;
                let mut rest = o.left();
                let has_flags = rest % 2 == 1;
                if has_flags {
                    rest -= 1;
                }
                let mut vals = Vec::with_capacity(rest / 2);
                let mut blocks: Vec<Value> = Vec::with_capacity(rest / 2);
                for _ in 0..rest / 2 {
                    let raw = self.field(o)?;
                    let bb = self.field(o).and_then(|x| self.block(b, x))?;
                    // The same block twice takes the same value.
                    if let Some(k) = blocks.iter().position(|&x| x == bb.0) {
                        vals.push(vals[k]);
                        blocks.push(bb.0);
                        continue;
                    }
                    let id = (self.next_id() as i64).wrapping_sub(sign_rotated(raw)) as u32;
                    vals.push(self.value_by_id(id, Some(ty))?);
                    blocks.push(bb.0);
                }
                let raw = if has_flags { self.field(o)? } else { 0 };
                let flags = if self.is_fp_math(ty) {
                    codes::fmf_from_bits(raw)
                } else {
                    0
                };
                self.new_inst(
                    b,
                    Opcode::Phi,
                    ty,
                    &vals,
                    InstPayload::Phi { blocks, cap: 0 },
                    flags,
                )
            }
            n::FUNC_CODE_INST_LANDINGPAD => {
                let ty = self.field(o).and_then(|t| self.type_at(t))?;
                let cleanup = self.field(o)? != 0;
                let k = self.field(o)?;
                if k > o.left() as u64 {
                    return self.err("malformed landingpad record");
                }
                let mut clauses = Vec::new();
                let mut ops = Vec::new();
                for _ in 0..k {
                    let kind = self.field(o)?;
                    clauses.push(kind == 0);
                    ops.push(self.vt(o)?);
                }
                // No clause and no cleanup is read as LLVM reads it; the
                // verifier rejects it.
                self.new_inst(
                    b,
                    Opcode::LandingPad,
                    ty,
                    &ops,
                    InstPayload::Grow {
                        cap: 0,
                        clauses,
                        cleanup,
                    },
                    0,
                )
            }
            n::FUNC_CODE_INST_CLEANUPRET => {
                let tt = self.ctx.token_type();
                let pad = self.val(o, tt)?;
                let mut ops = vec![pad];
                if o.left() > 0 {
                    let d = self.field(o).and_then(|x| self.block(b, x))?;
                    ops.push(d.0);
                }
                self.new_inst(b, Opcode::CleanupRet, void, &ops, InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_CATCHRET => {
                let tt = self.ctx.token_type();
                let pad = self.val(o, tt)?;
                let d = self.field(o).and_then(|x| self.block(b, x))?;
                self.new_inst(b, Opcode::CatchRet, void, &[pad, d.0], InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_CATCHSWITCH => {
                let tt = self.ctx.token_type();
                let parent = self.val(o, tt)?;
                let k = self.field(o)?;
                if k > o.left() as u64 {
                    return self.err("malformed catchswitch record");
                }
                let mut handlers = Vec::new();
                for _ in 0..k {
                    let d = self.field(o).and_then(|x| self.block(b, x))?;
                    handlers.push(d.0);
                }
                let mut ops = vec![parent];
                let mut flags = 0;
                if o.left() > 0 {
                    let d = self.field(o).and_then(|x| self.block(b, x))?;
                    ops.push(d.0);
                    flags = bits::CATCHSWITCH_HAS_UNWIND;
                }
                ops.extend(handlers);
                self.new_inst(b, Opcode::CatchSwitch, tt, &ops, InstPayload::None, flags)
            }
            n::FUNC_CODE_INST_CATCHPAD | n::FUNC_CODE_INST_CLEANUPPAD => {
                let tt = self.ctx.token_type();
                let parent = self.val(o, tt)?;
                let k = self.field(o)?;
                if k > o.left() as u64 {
                    return self.err("malformed pad record");
                }
                let mut ops = Vec::new();
                for _ in 0..k {
                    ops.push(self.vt(o)?);
                }
                ops.push(parent);
                let op = if code == n::FUNC_CODE_INST_CATCHPAD {
                    Opcode::CatchPad
                } else {
                    Opcode::CleanupPad
                };
                self.new_inst(b, op, tt, &ops, InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_ALLOCA => {
                if o.left() != 4 && o.left() != 5 {
                    return self.err("malformed alloca record");
                }
                let v = o.v;
                let packed = v[3];
                let mut ty = self.type_at(v[0])?;
                if packed >> 6 & 1 == 0 {
                    return self.err("alloca without an explicit type is not supported");
                }
                let ot = self.type_at(v[1])?;
                let Ok(sid) = u32::try_from(v[2]) else {
                    return self.err("invalid alloca size id");
                };
                let size = self.value_by_id(sid, Some(ot))?;
                let align = (packed & 0x1f) | (packed >> 8 & 7) << 5;
                let mut flags = self.align_bits(align)?;
                if packed >> 5 & 1 != 0 {
                    flags |= mem::WEAK;
                }
                if packed >> 7 & 1 != 0 {
                    flags |= mem::SWIFTERROR;
                }
                let aspace = if v.len() == 5 {
                    v[4]
                } else {
                    let m = self.m;
                    self.ctx
                        .module_layout(m)
                        .map(|dl| dl.alloca_address_space() as u64)
                        .unwrap_or(0)
                };
                if aspace >= 1 << 24 {
                    return self.err("invalid address space");
                }
                if !self.ctx.is_sized(ty) {
                    return self.err("alloca of an unsized type");
                }
                o.i = v.len();
                let pt = self.ctx.ptr_type(aspace as u32);
                let i = self.new_inst(b, Opcode::Alloca, pt, &[size], InstPayload::Ty(ty), flags);
                ty = pt;
                let _ = ty;
                i
            }
            n::FUNC_CODE_INST_LOAD | n::FUNC_CODE_INST_LOADATOMIC => {
                let p = self.vt(o)?;
                if !self.ctx.is_ptr(self.ctx.type_of(p)) {
                    return self.err("load operand is not a pointer");
                }
                let atomic = code == n::FUNC_CODE_INST_LOADATOMIC;
                let want = if atomic { 5 } else { 3 };
                if o.left() != want {
                    return self.err("malformed load record");
                }
                let ty = self.field(o).and_then(|t| self.type_at(t))?;
                let mut flags = self.field(o).and_then(|a| self.align_bits(a))?;
                if self.field(o)? != 0 {
                    flags |= mem::VOLATILE;
                }
                let mut scope = None;
                if atomic {
                    let ord = self.field(o).and_then(|x| self.ordering(x))?;
                    flags |= (ord as u16) << mem::ORDER_SHIFT;
                    scope = self.field(o).and_then(|x| self.sync_scope(x))?;
                }
                let i = self.new_inst(b, Opcode::Load, ty, &[p], InstPayload::None, flags);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            n::FUNC_CODE_INST_STORE | n::FUNC_CODE_INST_STOREATOMIC => {
                let p = self.vt(o)?;
                let x = self.vt(o)?;
                if !self.ctx.is_ptr(self.ctx.type_of(p)) {
                    return self.err("store operand is not a pointer");
                }
                let atomic = code == n::FUNC_CODE_INST_STOREATOMIC;
                let want = if atomic { 4 } else { 2 };
                if o.left() != want {
                    return self.err("malformed store record");
                }
                let mut flags = self.field(o).and_then(|a| self.align_bits(a))?;
                if self.field(o)? != 0 {
                    flags |= mem::VOLATILE;
                }
                let mut scope = None;
                if atomic {
                    let ord = self.field(o).and_then(|x| self.ordering(x))?;
                    flags |= (ord as u16) << mem::ORDER_SHIFT;
                    scope = self.field(o).and_then(|x| self.sync_scope(x))?;
                }
                let i = self.new_inst(b, Opcode::Store, void, &[x, p], InstPayload::None, flags);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            n::FUNC_CODE_INST_CMPXCHG => {
                let p = self.vt(o)?;
                let c = self.vt(o)?;
                let ct = self.ctx.type_of(c);
                let nv = self.val(o, ct)?;
                if o.left() < 3 || o.left() > 6 {
                    return self.err("malformed cmpxchg record");
                }
                let mut flags = 0;
                if self.field(o)? != 0 {
                    flags |= mem::VOLATILE;
                }
                let succ = self.field(o).and_then(|x| self.ordering(x))?;
                let scope = self.field(o).and_then(|x| self.sync_scope(x))?;
                let fail = if o.left() > 0 {
                    self.field(o).and_then(|x| self.ordering(x))?
                } else {
                    match succ {
                        Ordering::AcqRel => Ordering::Acquire,
                        Ordering::Release => Ordering::Monotonic,
                        s => s,
                    }
                };
                if o.left() > 0 && self.field(o)? != 0 {
                    flags |= mem::WEAK;
                }
                if o.left() > 0 {
                    flags |= self.field(o).and_then(|a| self.align_bits(a))?;
                }
                flags |= (succ as u16) << mem::ORDER_SHIFT | (fail as u16) << mem::EXTRA_SHIFT;
                let i1 = self.ctx.i1_type();
                let rt = self.ctx.struct_type(&[ct, i1], false);
                let i = self.new_inst(
                    b,
                    Opcode::AtomicCmpXchg,
                    rt,
                    &[p, c, nv],
                    InstPayload::None,
                    flags,
                );
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            n::FUNC_CODE_INST_ATOMICRMW => {
                let p = self.vt(o)?;
                let x = self.vt(o)?;
                if o.left() < 4 {
                    return self.err("malformed atomicrmw record");
                }
                let op = self.field(o)?;
                let Some(rmw) = codes::rmw_op(op) else {
                    return self.err(format!("invalid atomicrmw operation {op}"));
                };
                let mut flags = 0;
                if self.field(o)? != 0 {
                    flags |= mem::VOLATILE;
                }
                let ord = self.field(o).and_then(|x| self.ordering(x))?;
                let scope = self.field(o).and_then(|x| self.sync_scope(x))?;
                if o.left() > 0 {
                    flags |= self.field(o).and_then(|a| self.align_bits(a))?;
                }
                flags |= (ord as u16) << mem::ORDER_SHIFT | (rmw as u16) << mem::EXTRA_SHIFT;
                let t = self.ctx.type_of(x);
                let i = self.new_inst(b, Opcode::AtomicRMW, t, &[p, x], InstPayload::None, flags);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            n::FUNC_CODE_INST_FENCE => {
                let ord = self.field(o).and_then(|x| self.ordering(x))?;
                let scope = self.field(o).and_then(|x| self.sync_scope(x))?;
                let i = self.new_inst(
                    b,
                    Opcode::Fence,
                    void,
                    &[],
                    InstPayload::None,
                    (ord as u16) << mem::ORDER_SHIFT,
                );
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            n::FUNC_CODE_INST_CALL => {
                let attrs = self.field(o).and_then(|x| self.attrs(x))?;
                let cc = self.field(o)?;
                let fm = if cc >> codes::CALL_FMF & 1 != 0 {
                    codes::fmf_from_bits(self.field(o)?)
                } else {
                    0
                };
                let fty = if cc >> codes::CALL_EXPLICIT_TYPE & 1 != 0 {
                    Some(self.field(o).and_then(|t| self.type_at(t))?)
                } else {
                    None
                };
                let callee = self.vt(o)?;
                let Some(fty) = fty else {
                    return self.err("call without an explicit function type");
                };
                if !self.ctx.is_ptr(self.ctx.type_of(callee)) {
                    return self.err("callee is not a pointer");
                }
                let args = self.call_args(b, o, fty)?;
                let arg_tys: Vec<Type> = args.iter().map(|&a| self.ctx.type_of(a)).collect();
                let (bundles, bops) = self.take_bundles(b, args.len());
                let mut ops = args;
                ops.extend(bops);
                ops.push(callee);
                let tail = if cc >> codes::CALL_MUSTTAIL & 1 != 0 {
                    TailKind::MustTail
                } else if cc >> codes::CALL_NOTAIL & 1 != 0 {
                    TailKind::NoTail
                } else if cc >> codes::CALL_TAIL & 1 != 0 {
                    TailKind::Tail
                } else {
                    TailKind::None
                };
                let rt = self.ctx.function_parts(fty).map(|p| p.0).unwrap_or(void);
                if fm != 0 && !self.is_fp_math(rt) {
                    return self.err("fast-math flags on a call without a floating-point result");
                }
                let cd = CallData {
                    fn_ty: Some(fty),
                    call_conv: ((cc & 0x7ff) >> codes::CALL_CCONV) as u32,
                    attrs: super::upgrade::compatible_attrs(self.ctx, attrs, rt, &arg_tys),
                    tail,
                    bundles,
                    num_indirect: 0,
                };
                let flags = fm;
                self.new_inst(
                    b,
                    Opcode::Call,
                    rt,
                    &ops,
                    InstPayload::Call(Box::new(cd)),
                    flags,
                )
            }
            n::FUNC_CODE_INST_VAARG => {
                let lt = self.field(o).and_then(|t| self.type_at(t))?;
                let l = self.val(o, lt)?;
                let rt = self.field(o).and_then(|t| self.type_at(t))?;
                self.new_inst(b, Opcode::VAArg, rt, &[l], InstPayload::None, 0)
            }
            n::FUNC_CODE_INST_FREEZE => {
                let x = self.vt(o)?;
                let t = self.ctx.type_of(x);
                self.new_inst(b, Opcode::Freeze, t, &[x], InstPayload::None, 0)
            }
            c => {
                return self.err(format!(
                    "unsupported function record {}",
                    n::record_name(n::FUNCTION_BLOCK_ID, c).unwrap_or("(unknown)")
                ))
            }
        };
        Ok(i)
    }

    /// The result type of a GEP over `ops`: the base's pointer type, or a
    /// vector of it when an operand is a vector.
    fn gep_type(&mut self, ops: &[Value]) -> Res<Type> {
        let bt = self.ctx.type_of(ops[0]);
        if !self.ctx.is_ptr_or_ptr_vector(bt) {
            return self.err("getelementptr base is not a pointer");
        }
        let mut vec = self.ctx.vector_len(bt);
        for &i in &ops[1..] {
            let it = self.ctx.type_of(i);
            if !self.ctx.is_int_or_int_vector(it) {
                return self.err("getelementptr index is not an integer");
            }
            if let Some(l) = self.ctx.vector_len(it) {
                if vec.is_some_and(|x| x != l) {
                    return self.err("getelementptr vector lengths differ");
                }
                vec = Some(l);
            }
        }
        let pt = self.ctx.scalar_type(bt);
        Ok(match vec {
            Some((k, false)) => self.ctx.vector_type(pt, k),
            Some((k, true)) => self.ctx.scalable_vector_type(pt, k),
            None => pt,
        })
    }
}
