//! Function blocks: `DECLAREBLOCKS`, the function's constants and
//! metadata, one record per instruction (LLVM's `writeInstruction`, with
//! its relative value ids, forward-reference types and abbreviations),
//! debug locations and debug records, operand bundles, `blockaddress`
//! users, the local symbol table, attachments and use lists.

use super::constants::gep_bits;
use super::enumerate::Enumerator;
use super::module::{abbrevs, signed};
use super::{Wr, WriteError};
use crate::bitcode::codes;
use crate::bitstream::names as n;
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::{bits, mem, Opcode, Ordering, Predicate, TailKind};
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdAttachments, MdData, Metadata};
use crate::ir::{Function, Inst};
use crate::types::TypeData;
use crate::value::{UseData, ValueKind};

/// The payload of an instruction without a side record.
static NO_PAYLOAD: InstPayload = InstPayload::None;

/// The state of the body being written.
struct Body {
    inst_id: u32,
    /// Scratch: the record being built.
    vals: Vec<u64>,
    /// Scratch: the operands of the instruction being written.
    ops: Vec<u32>,
}

impl<'c> Wr<'c> {
    pub(super) fn write_function(&mut self, f: Function) -> Result<(), WriteError> {
        let ctx = self.ctx;
        self.enter(n::FUNCTION_BLOCK_ID, 4);
        self.ve.incorporate_function(f);
        let nblocks = self.ve.blocks.len() as u64;
        self.record(n::FUNC_CODE_DECLAREBLOCKS, &[nblocks], 0);
        let (cs, ce) = (self.ve.first_func_constant, self.ve.first_inst);
        self.write_constants(cs, ce, false);
        self.write_function_metadata()?;
        let scopes = std::mem::take(&mut self.sync_scopes);
        let mut body = Body {
            inst_id: ce,
            vals: Vec::with_capacity(64),
            ops: Vec::with_capacity(16),
        };
        let fmd = &ctx.function_data(f).global.md;
        // The instructions with attachments (number in the body, list),
        // noted in this walk so that the attachment block walks no body.
        let mut attached: Vec<(u32, &'c MdAttachments)> = Vec::new();
        let mut inst_no = 0u32;
        let mut last_loc: Option<Metadata> = None;
        let mut ba_users: Vec<u32> = Vec::new();
        // The local symbol table's order is built in the same walk.
        let mut vst = std::mem::take(&mut self.vst);
        vst.begin(ctx, &self.ve, f);
        // The blocks and their first and last instructions as the
        // enumeration listed them: no chase of the block list.
        for k in 0..self.ve.blocks.len() {
            let b = self.ve.blocks[k];
            let (first, last) = self.ve.block_insts[k];
            vst.add_block(ctx, &self.ve, b);
            for i in ctx.inst_indices_in(first, last) {
                let d = &ctx.graph.values[i as usize];
                let op = Opcode::from_u8(d.opcode);
                // A bare extra (`ir/side.rs`) is not read when its payload
                // is a type, which the side record copies (GEPs, allocas),
                // or a call's, which the module walk recorded; the
                // general path reads what it needs itself.
                let side = ctx.inst_side_at(i);
                let name = side.name;
                let bare_ty = side.bare_ty();
                let call = d.opcode == Opcode::Call as u8;
                let extra = if bare_ty.is_some() || (side.bare && call) {
                    None
                } else {
                    side.extra(ctx)
                };
                let uses = ctx.graph.operands_at(i);
                let ty_payload;
                let payload: &InstPayload = match bare_ty {
                    Some(t) => {
                        ty_payload = InstPayload::Ty(t);
                        &ty_payload
                    }
                    None => extra.map_or(&NO_PAYLOAD, |x| &x.payload),
                };
                if let Err(e) = self.write_inst(i, (op, uses, payload), &mut body, &scopes) {
                    self.vst = vst;
                    return Err(e);
                }
                vst.add_inst(ctx, &self.ve, (i, name), (op, d.flags), uses, payload);
                inst_no += 1;
                // A bare extra has no attachment or debug record.
                let Some(x) = extra.filter(|_| !side.bare) else {
                    continue;
                };
                if !x.md.is_empty() {
                    attached.push((inst_no - 1, &x.md));
                }
                if let Some(loc) = x.dbg {
                    let loc = ctx.md_resolved(loc);
                    if last_loc == Some(loc) {
                        self.record(n::FUNC_CODE_DEBUG_LOC_AGAIN, &[], 0);
                    } else {
                        let rec = self.debug_loc_record(loc);
                        self.record(n::FUNC_CODE_DEBUG_LOC, &rec, 0);
                        last_loc = Some(loc);
                    }
                }
                if !x.dbg_records.is_empty() {
                    self.write_dbg_records(Inst(ctx.graph.handle(i)), body.inst_id);
                }
            }
            self.block_address_users(f, b, &mut ba_users);
        }
        self.sync_scopes = scopes;
        if !ba_users.is_empty() {
            let vals: Vec<u64> = ba_users
                .iter()
                .map(|&u| u64::from(self.ve.vid(u)))
                .collect();
            self.record(n::FUNC_CODE_BLOCKADDR_USERS, &vals, 0);
        }
        self.write_local_vst(&vst);
        self.vst = vst;
        if !fmd.is_empty() || !attached.is_empty() {
            self.write_md_attachments(fmd, &attached);
        }
        if self.ve.preserve_use_lists {
            self.write_use_list_block(Some(f));
        }
        self.ve.purge_function();
        self.exit();
        Ok(())
    }

    fn debug_loc_record(&mut self, loc: Metadata) -> Vec<u64> {
        let ctx = self.ctx;
        let fields = match ctx.md.data(loc) {
            MdData::Specialized { fields, .. } => &fields[..],
            _ => &[],
        };
        let f = super::di::Fields(fields);
        let ops = self.ve.location_operands_or_null(loc);
        vec![
            f_uint(&f, crate::ir::metadata::FieldName::Line),
            f_uint(&f, crate::ir::metadata::FieldName::Column),
            u64::from(self.ve.md_id_or_null(ops[0])),
            u64::from(self.ve.md_id_or_null(ops[1])),
            f_uint(&f, crate::ir::metadata::FieldName::IsImplicitCode),
        ]
    }

    /// The functions (other than `f`) whose instructions use a
    /// `blockaddress` of block `b`, through constants, in first-seen order.
    fn block_address_users(&self, f: Function, b: u32, out: &mut Vec<u32>) {
        let ctx = self.ctx;
        // The block's use list read by raw index: a use's tag says whether
        // its user is a constant, so the branches, switches and PHIs that
        // make up a block's users are passed over without loading them.
        let g = &ctx.graph;
        let mut cur = g.values[b as usize].first_use;
        let mut ba = None;
        while cur != NONE {
            let ud = &g.pool.uses[cur as usize];
            if ud.const_user() {
                let u = g.handle(ud.user());
                if ctx.const_kind(u) == ConstKind::BlockAddress {
                    ba = Some(u);
                    break;
                }
            }
            cur = ud.next;
        }
        let Some(ba) = ba else { return };
        let mut work = vec![ba];
        let mut seen = hashbrown::HashSet::new();
        seen.insert(ba);
        while let Some(v) = work.pop() {
            for u in ctx.users(v) {
                match ctx.value_kind(u) {
                    ValueKind::Instruction => {
                        let p = ctx
                            .as_inst(u)
                            .and_then(|i| ctx.inst_parent(i))
                            .and_then(|bb| ctx.block_parent(bb));
                        if let Some(p) = p {
                            if p != f && !out.contains(&p.0.idx) {
                                out.push(p.0.idx);
                            }
                        }
                    }
                    ValueKind::Constant if seen.insert(u) => work.push(u),
                    _ => {}
                }
            }
        }
    }

    // ---- operands --------------------------------------------------------------

    /// `pushValueAndType`: the relative id, and the type when it is a
    /// forward reference; returns whether it was one.
    #[inline]
    fn push_vt(&self, v: u32, inst_id: u32, vals: &mut Vec<u64>) -> bool {
        let id = self.value_or_md_id(v);
        vals.push(u64::from(inst_id.wrapping_sub(id)));
        if id >= inst_id {
            vals.push(u64::from(self.ve.type_id(self.ve.vtype(v))));
            return true;
        }
        false
    }

    /// `pushValue`: the relative id alone.
    #[inline]
    fn push_v(&self, v: u32, inst_id: u32, vals: &mut Vec<u64>) {
        let id = self.value_or_md_id(v);
        vals.push(u64::from(inst_id.wrapping_sub(id)));
    }

    /// `VE.getValueID`: a metadata-as-value operand's id is its metadata id.
    #[inline(always)]
    fn value_or_md_id(&self, v: u32) -> u32 {
        operand_id(&self.ve, v)
    }

    /// Writes the record of instruction `i` (raw index; opcode `op`,
    /// operands `uses`, payload `payload`) and advances the instruction id
    /// past it.
    #[inline(always)]
    fn write_inst(
        &mut self,
        i: u32,
        (op, uses, payload): (Opcode, &[UseData], &InstPayload),
        body: &mut Body,
        scopes: &[&[u8]],
    ) -> Result<(), WriteError> {
        let ctx: &'c crate::Context = self.ctx;
        let d = &ctx.graph.values[i as usize];
        // The module walk saw every operand: without an empty one in the
        // module, no scan of the operands (a loop whose exit mispredicts).
        let complete = !self.ve.empty_operands || !uses.iter().any(|u| u.val == NONE);
        if complete && self.write_hot_inst(i, op, (d.ty, d.flags), uses, payload, body.inst_id) {
            if !ctx.is_void(d.ty) {
                body.inst_id += 1;
            }
            return Ok(());
        }
        self.write_other_inst(Inst(ctx.graph.handle(i)), body, scopes)
    }

    /// The record of a common instruction written field by field, with no
    /// operand list: non-atomic loads and stores, allocas, GEPs, branches,
    /// compares, binary operators, casts, returns, `unreachable` and calls
    /// without operand bundles, unless an operand whose type the record
    /// would carry is a forward reference (`i` the instruction's raw
    /// index; a call's payload is not read). Returns `false`, having written
    /// nothing, for every other instruction: [`Self::write_other_inst`]
    /// writes those. The bits are the ones that path writes. The fields
    /// go through [`crate::bitstream::RecordBits`] (pending bits in
    /// registers); the ids they need are looked up in the enumerator
    /// meanwhile, a field borrow apart from the writer.
    #[inline(always)]
    fn write_hot_inst(
        &mut self,
        i: u32,
        op: Opcode,
        (ty, flags): (crate::types::Type, u16),
        uses: &[UseData],
        payload: &InstPayload,
        id: u32,
    ) -> bool {
        let ctx = self.ctx;
        let tb = self.type_bits;
        // `pushValue`: the relative id (wrapped for a forward reference).
        let rel =
            |ve: &Enumerator<'c>, k: usize| u64::from(id.wrapping_sub(operand_id(ve, uses[k].val)));
        // `pushValueAndType` of a value that is no forward reference.
        let back = |ve: &Enumerator<'c>, k: usize| {
            let vid = operand_id(ve, uses[k].val);
            (vid < id).then(|| u64::from(id - vid))
        };
        let tid = |ve: &Enumerator<'c>, t| u64::from(ve.type_id(t));
        let atomic = |f: u16| Ordering::from_bits(f >> mem::ORDER_SHIFT) != Ordering::NotAtomic;
        match op {
            Opcode::Load => {
                if atomic(flags) {
                    return false;
                }
                let Some(p) = back(&self.ve, 0) else {
                    return false;
                };
                let t = tid(&self.ve, ty);
                let align = self.align_code(flags, ty, AlignRule::Abi);
                let mut w = self.w.record_bits();
                w.begin_abbrev_record(abbrevs::FN_LOAD);
                w.field_vbr6(p);
                w.field_fixed(t, tb);
                w.field_vbr(align, 4);
                w.field_fixed(u64::from(flags & mem::VOLATILE != 0), 1);
            }
            Opcode::Store => {
                if atomic(flags) {
                    return false;
                }
                let (Some(p), Some(v)) = (back(&self.ve, 1), back(&self.ve, 0)) else {
                    return false;
                };
                let vt = self.ve.vtype(uses[0].val);
                let align = self.align_code(flags, vt, AlignRule::Abi);
                let mut w = self.w.record_bits();
                w.begin_unabbrev_record(n::FUNC_CODE_INST_STORE, 4);
                w.field_vbr6(p);
                w.field_vbr6(v);
                w.field_vbr6(align);
                w.field_vbr6(u64::from(flags & mem::VOLATILE != 0));
            }
            Opcode::GetElementPtr => {
                let &InstPayload::Ty(src) = payload else {
                    return false;
                };
                if uses.iter().any(|u| operand_id(&self.ve, u.val) >= id) {
                    return false;
                }
                let src = tid(&self.ve, src);
                let mut w = self.w.record_bits();
                w.begin_abbrev_record(abbrevs::FN_GEP);
                w.field_fixed(gep_bits(flags), 3);
                w.field_fixed(src, tb);
                w.field_vbr6(uses.len() as u64);
                for k in 0..uses.len() {
                    w.field_vbr6(rel(&self.ve, k));
                }
            }
            Opcode::Alloca => {
                let &InstPayload::Ty(at) = payload else {
                    return false;
                };
                let size = uses[0].val;
                let vals = [
                    tid(&self.ve, at),
                    tid(&self.ve, self.ve.vtype(size)),
                    u64::from(self.ve.vid(size)),
                ];
                let align = self.align_code(flags, at, AlignRule::Pref);
                let packed = alloca_packed(flags, align);
                let aspace = ctx.ptr_addrspace(ty).unwrap_or(0);
                let other_space = aspace != self.layout.alloca_address_space();
                let mut w = self.w.record_bits();
                w.begin_unabbrev_record(n::FUNC_CODE_INST_ALLOCA, 4 + usize::from(other_space));
                for v in vals {
                    w.field_vbr6(v);
                }
                w.field_vbr6(packed);
                if other_space {
                    w.field_vbr6(u64::from(aspace));
                }
            }
            Opcode::Br => {
                if uses.len() == 1 {
                    let b = self.ve.block_id(uses[0].val);
                    let mut w = self.w.record_bits();
                    w.begin_unabbrev_record(n::FUNC_CODE_INST_BR, 1);
                    w.field_vbr6(u64::from(b));
                } else {
                    let (t, f) = (self.ve.block_id(uses[2].val), self.ve.block_id(uses[1].val));
                    let c = rel(&self.ve, 0);
                    let mut w = self.w.record_bits();
                    w.begin_unabbrev_record(n::FUNC_CODE_INST_BR, 3);
                    w.field_vbr6(u64::from(t));
                    w.field_vbr6(u64::from(f));
                    w.field_vbr6(c);
                }
            }
            Opcode::ICmp | Opcode::FCmp => {
                let Some(a) = back(&self.ve, 0) else {
                    return false;
                };
                let b = rel(&self.ve, 1);
                let p = Predicate::from_u16(flags & 0xff).expect("a predicate");
                let fl = if op == Opcode::FCmp {
                    codes::fmf_to_bits(flags >> 8)
                } else {
                    0
                };
                let mut w = self.w.record_bits();
                w.begin_unabbrev_record(n::FUNC_CODE_INST_CMP2, 3 + usize::from(fl != 0));
                w.field_vbr6(a);
                w.field_vbr6(b);
                w.field_vbr6(codes::predicate_code(p));
                if fl != 0 {
                    w.field_vbr6(fl);
                }
            }
            _ if op.is_binary() => {
                let Some(a) = back(&self.ve, 0) else {
                    return false;
                };
                let b = rel(&self.ve, 1);
                let fl = if op.is_fp_binary() {
                    codes::fmf_to_bits(flags)
                } else {
                    u64::from(flags & 3)
                };
                let mut w = self.w.record_bits();
                w.begin_abbrev_record(if fl == 0 {
                    abbrevs::FN_BINOP
                } else {
                    abbrevs::FN_BINOP_FLAGS
                });
                w.field_vbr6(a);
                w.field_vbr6(b);
                w.field_fixed(codes::binop_code(op), 4);
                if fl != 0 {
                    w.field_fixed(fl, 8);
                }
            }
            _ if op.is_cast() => {
                let Some(a) = back(&self.ve, 0) else {
                    return false;
                };
                let t = tid(&self.ve, ty);
                let fl = match op {
                    Opcode::Trunc => u64::from(flags & 3),
                    Opcode::ZExt | Opcode::UIToFP => u64::from(flags & bits::ONE_FLAG),
                    _ => 0,
                };
                let mut w = self.w.record_bits();
                w.begin_abbrev_record(if fl == 0 {
                    abbrevs::FN_CAST
                } else {
                    abbrevs::FN_CAST_FLAGS
                });
                w.field_vbr6(a);
                w.field_fixed(t, tb);
                w.field_fixed(codes::cast_code(op), 4);
                if fl != 0 {
                    w.field_fixed(fl, 8);
                }
            }
            Opcode::Ret => match uses.len() {
                0 => self
                    .w
                    .record_bits()
                    .begin_abbrev_record(abbrevs::FN_RET_VOID),
                1 => {
                    let Some(a) = back(&self.ve, 0) else {
                        return false;
                    };
                    let mut w = self.w.record_bits();
                    w.begin_abbrev_record(abbrevs::FN_RET_VAL);
                    w.field_vbr6(a);
                }
                _ => return false,
            },
            Opcode::Unreachable => self
                .w
                .record_bits()
                .begin_abbrev_record(abbrevs::FN_UNREACHABLE),
            Opcode::Call => {
                // The call data as the module walk recorded it: neither
                // the extra nor the box is loaded.
                let Some(cs) = self.ve.call_site_of(i) else {
                    return false;
                };
                let Some((_, params, va)) = cs.fn_ty.and_then(|t| ctx.function_parts(t)) else {
                    return false;
                };
                let nargs = uses.len() - 1;
                let nfixed = params.len().min(nargs);
                if cs.has_bundles || (va && nargs < params.len()) {
                    return false;
                }
                let Some(callee) = back(&self.ve, nargs) else {
                    return false;
                };
                if va
                    && uses[nfixed..nargs]
                        .iter()
                        .any(|u| operand_id(&self.ve, u.val) >= id)
                {
                    return false;
                }
                let fl = codes::fmf_to_bits(flags);
                let tail = cs.tail;
                let cc = u64::from(cs.call_conv) << codes::CALL_CCONV
                    | u64::from(tail == TailKind::Tail || tail == TailKind::MustTail)
                        << codes::CALL_TAIL
                    | u64::from(tail == TailKind::MustTail) << codes::CALL_MUSTTAIL
                    | 1 << codes::CALL_EXPLICIT_TYPE
                    | u64::from(tail == TailKind::NoTail) << codes::CALL_NOTAIL
                    | u64::from(fl != 0) << codes::CALL_FMF;
                let fty = tid(&self.ve, cs.fn_ty.expect("checked above"));
                let attrs = cs.attrs;
                self.ve.next_call_site();
                let count = 4 + usize::from(fl != 0) + if va { nargs } else { nfixed };
                let mut w = self.w.record_bits();
                w.begin_unabbrev_record(n::FUNC_CODE_INST_CALL, count);
                w.field_vbr6(u64::from(attrs));
                w.field_vbr6(cc);
                if fl != 0 {
                    w.field_vbr6(fl);
                }
                w.field_vbr6(fty);
                w.field_vbr6(callee);
                for (k, &p) in params[..nfixed].iter().enumerate() {
                    let v = if ctx.is_label(p) {
                        u64::from(self.ve.block_id(uses[k].val))
                    } else {
                        rel(&self.ve, k)
                    };
                    w.field_vbr6(v);
                }
                if va {
                    for k in nfixed..nargs {
                        w.field_vbr6(rel(&self.ve, k));
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// [`Self::write_inst`] of the instructions
    /// [`Self::write_hot_inst`] leaves: every other one, through an
    /// operand list.
    #[inline(never)]
    fn write_other_inst(
        &mut self,
        i: Inst,
        body: &mut Body,
        scopes: &[&[u8]],
    ) -> Result<(), WriteError> {
        let ctx: &'c crate::Context = self.ctx;
        let d = &ctx.graph.values[i.0.idx as usize];
        let op = Opcode::from_u8(d.opcode);
        let flags = d.flags;
        let mut ops = std::mem::take(&mut body.ops);
        ops.clear();
        ops.extend(ctx.graph.operand_slice(i.0).iter().map(|u| u.val));
        if ops.contains(&NONE) {
            return Err(WriteError {
                message: format!("an instruction ({}) with an empty operand", op.mnemonic()),
            });
        }
        let extra = ctx.extra(i);
        let payload: &'c InstPayload = extra.map_or(&NO_PAYLOAD, |x| &x.payload);
        let id = body.inst_id;
        let mut vals = std::mem::take(&mut body.vals);
        vals.clear();
        let mut abbrev = 0;
        let code;
        let tid = |wr: &Self, t| u64::from(wr.ve.type_id(t));
        let scope = |_: &Self| -> u64 {
            match extra.and_then(|x| x.sync_scope.as_deref()) {
                None => 1,
                Some(s) => scopes.iter().position(|&x| x == s).unwrap_or(1) as u64,
            }
        };
        match op {
            _ if op.is_cast() => {
                code = n::FUNC_CODE_INST_CAST;
                if !self.push_vt(ops[0], id, &mut vals) {
                    abbrev = abbrevs::FN_CAST;
                }
                vals.push(tid(self, d.ty));
                vals.push(codes::cast_code(op));
                let fl = match op {
                    Opcode::Trunc => u64::from(flags & 3),
                    Opcode::ZExt | Opcode::UIToFP => u64::from(flags & bits::ONE_FLAG),
                    _ => 0,
                };
                if fl != 0 {
                    if abbrev == abbrevs::FN_CAST {
                        abbrev = abbrevs::FN_CAST_FLAGS;
                    }
                    vals.push(fl);
                }
            }
            _ if op.is_binary() => {
                code = n::FUNC_CODE_INST_BINOP;
                if !self.push_vt(ops[0], id, &mut vals) {
                    abbrev = abbrevs::FN_BINOP;
                }
                self.push_v(ops[1], id, &mut vals);
                vals.push(codes::binop_code(op));
                let fl = if op.is_fp_binary() {
                    codes::fmf_to_bits(flags)
                } else {
                    u64::from(flags & 3)
                };
                if fl != 0 {
                    if abbrev == abbrevs::FN_BINOP {
                        abbrev = abbrevs::FN_BINOP_FLAGS;
                    }
                    vals.push(fl);
                }
            }
            Opcode::FNeg => {
                code = n::FUNC_CODE_INST_UNOP;
                if !self.push_vt(ops[0], id, &mut vals) {
                    abbrev = abbrevs::FN_UNOP;
                }
                vals.push(codes::UNOP_FNEG);
                let fl = codes::fmf_to_bits(flags);
                if fl != 0 {
                    if abbrev == abbrevs::FN_UNOP {
                        abbrev = abbrevs::FN_UNOP_FLAGS;
                    }
                    vals.push(fl);
                }
            }
            Opcode::GetElementPtr => {
                code = n::FUNC_CODE_INST_GEP;
                abbrev = abbrevs::FN_GEP;
                vals.push(gep_bits(flags));
                let src = match payload {
                    InstPayload::Ty(t) => *t,
                    _ => panic!("bitcode writer: a getelementptr without its source type"),
                };
                vals.push(tid(self, src));
                for &o in &ops {
                    self.push_vt(o, id, &mut vals);
                }
            }
            Opcode::ExtractValue | Opcode::InsertValue => {
                code = if op == Opcode::ExtractValue {
                    n::FUNC_CODE_INST_EXTRACTVAL
                } else {
                    n::FUNC_CODE_INST_INSERTVAL
                };
                for &o in &ops {
                    self.push_vt(o, id, &mut vals);
                }
                if let InstPayload::Indices(ix) = payload {
                    vals.extend(ix.iter().map(|&x| u64::from(x)));
                }
            }
            Opcode::Select => {
                code = n::FUNC_CODE_INST_VSELECT;
                self.push_vt(ops[1], id, &mut vals);
                self.push_v(ops[2], id, &mut vals);
                self.push_vt(ops[0], id, &mut vals);
                let fl = codes::fmf_to_bits(flags);
                if fl != 0 {
                    vals.push(fl);
                }
            }
            Opcode::ExtractElement => {
                code = n::FUNC_CODE_INST_EXTRACTELT;
                self.push_vt(ops[0], id, &mut vals);
                self.push_vt(ops[1], id, &mut vals);
            }
            Opcode::InsertElement => {
                code = n::FUNC_CODE_INST_INSERTELT;
                self.push_vt(ops[0], id, &mut vals);
                self.push_v(ops[1], id, &mut vals);
                self.push_vt(ops[2], id, &mut vals);
            }
            Opcode::ShuffleVector => {
                code = n::FUNC_CODE_INST_SHUFFLEVEC;
                self.push_vt(ops[0], id, &mut vals);
                self.push_v(ops[1], id, &mut vals);
                let mask = match payload {
                    InstPayload::Mask(m) => m.clone(),
                    _ => panic!("bitcode writer: a shufflevector without its mask"),
                };
                let scalable = ctx.is_scalable(d.ty);
                let mc = self.ve.mask_constant(&mask, scalable);
                vals.push(u64::from(id.wrapping_sub(self.ve.vid(mc))));
            }
            Opcode::ICmp | Opcode::FCmp => {
                code = n::FUNC_CODE_INST_CMP2;
                self.push_vt(ops[0], id, &mut vals);
                self.push_v(ops[1], id, &mut vals);
                let p = Predicate::from_u16(flags & 0xff).expect("a predicate");
                vals.push(codes::predicate_code(p));
                if op == Opcode::FCmp {
                    let fl = codes::fmf_to_bits(flags >> 8);
                    if fl != 0 {
                        vals.push(fl);
                    }
                }
            }
            Opcode::Ret => {
                code = n::FUNC_CODE_INST_RET;
                if ops.is_empty() {
                    abbrev = abbrevs::FN_RET_VOID;
                } else if ops.len() == 1 {
                    if !self.push_vt(ops[0], id, &mut vals) {
                        abbrev = abbrevs::FN_RET_VAL;
                    }
                } else {
                    for &o in &ops {
                        self.push_vt(o, id, &mut vals);
                    }
                }
            }
            Opcode::Br => {
                code = n::FUNC_CODE_INST_BR;
                if ops.len() == 1 {
                    vals.push(u64::from(self.ve.block_id(ops[0])));
                } else {
                    vals.push(u64::from(self.ve.block_id(ops[2])));
                    vals.push(u64::from(self.ve.block_id(ops[1])));
                    self.push_v(ops[0], id, &mut vals);
                }
            }
            Opcode::Switch => {
                code = n::FUNC_CODE_INST_SWITCH;
                vals.push(tid(self, self.ve.vtype(ops[0])));
                self.push_v(ops[0], id, &mut vals);
                vals.push(u64::from(self.ve.block_id(ops[1])));
                let mut k = 2;
                while k + 1 < ops.len() {
                    vals.push(u64::from(self.ve.vid(ops[k])));
                    vals.push(u64::from(self.ve.block_id(ops[k + 1])));
                    k += 2;
                }
            }
            Opcode::IndirectBr => {
                code = n::FUNC_CODE_INST_INDIRECTBR;
                vals.push(tid(self, self.ve.vtype(ops[0])));
                self.push_v(ops[0], id, &mut vals);
                for &o in &ops[1..] {
                    vals.push(u64::from(self.ve.block_id(o)));
                }
            }
            Opcode::Invoke | Opcode::Call | Opcode::CallBr => {
                let cd = match payload {
                    InstPayload::Call(cd) => cd,
                    _ => panic!("bitcode writer: a call without its call data"),
                };
                let fty = cd.fn_ty.expect("a call has its function type");
                let (_, params, va) = ctx.function_parts(fty).expect("a function type");
                let nparams = params.len();
                let nbundle: u32 = cd.bundles.iter().map(|b| b.len).sum();
                let extra = match op {
                    Opcode::Invoke => 2,
                    Opcode::CallBr => 1 + cd.num_indirect as usize,
                    _ => 0,
                };
                let nargs = ops.len() - 1 - extra - nbundle as usize;
                // Operand bundles first.
                for bd in &cd.bundles {
                    let tag = self.bundle_tags.iter().position(|&t| t == &*bd.tag);
                    let mut rec = vec![tag.unwrap_or(0) as u64];
                    for k in bd.start..bd.start + bd.len {
                        self.push_vt(ops[k as usize], id, &mut rec);
                    }
                    self.record(n::FUNC_CODE_OPERAND_BUNDLE, &rec, 0);
                }
                let callee = ops[ops.len() - 1];
                vals.push(u64::from(self.ve.next_call_attr_id(&cd.attrs)));
                match op {
                    Opcode::Invoke => {
                        code = n::FUNC_CODE_INST_INVOKE;
                        vals.push(u64::from(cd.call_conv) | 1 << 13);
                        vals.push(u64::from(self.ve.block_id(ops[ops.len() - 3])));
                        vals.push(u64::from(self.ve.block_id(ops[ops.len() - 2])));
                    }
                    Opcode::CallBr => {
                        code = n::FUNC_CODE_INST_CALLBR;
                        vals.push(
                            u64::from(cd.call_conv) << codes::CALL_CCONV
                                | 1 << codes::CALL_EXPLICIT_TYPE,
                        );
                        let dests = &ops[ops.len() - 1 - extra..ops.len() - 1];
                        vals.push(u64::from(self.ve.block_id(dests[0])));
                        vals.push(u64::from(cd.num_indirect));
                        for &dst in &dests[1..] {
                            vals.push(u64::from(self.ve.block_id(dst)));
                        }
                    }
                    _ => {
                        code = n::FUNC_CODE_INST_CALL;
                        let fl = codes::fmf_to_bits(flags);
                        let tail = cd.tail;
                        vals.push(
                            u64::from(cd.call_conv) << codes::CALL_CCONV
                                | u64::from(tail == TailKind::Tail || tail == TailKind::MustTail)
                                    << codes::CALL_TAIL
                                | u64::from(tail == TailKind::MustTail) << codes::CALL_MUSTTAIL
                                | 1 << codes::CALL_EXPLICIT_TYPE
                                | u64::from(tail == TailKind::NoTail) << codes::CALL_NOTAIL
                                | u64::from(fl != 0) << codes::CALL_FMF,
                        );
                        if fl != 0 {
                            vals.push(fl);
                        }
                    }
                }
                vals.push(tid(self, fty));
                self.push_vt(callee, id, &mut vals);
                for k in 0..nparams.min(nargs) {
                    if op == Opcode::Call && ctx.is_label(params[k]) {
                        vals.push(u64::from(self.ve.block_id(ops[k])));
                    } else {
                        self.push_v(ops[k], id, &mut vals);
                    }
                }
                if va {
                    for &o in &ops[nparams..nargs] {
                        self.push_vt(o, id, &mut vals);
                    }
                }
            }
            Opcode::Resume => {
                code = n::FUNC_CODE_INST_RESUME;
                self.push_vt(ops[0], id, &mut vals);
            }
            Opcode::CleanupRet => {
                code = n::FUNC_CODE_INST_CLEANUPRET;
                self.push_v(ops[0], id, &mut vals);
                if ops.len() > 1 {
                    vals.push(u64::from(self.ve.block_id(ops[1])));
                }
            }
            Opcode::CatchRet => {
                code = n::FUNC_CODE_INST_CATCHRET;
                self.push_v(ops[0], id, &mut vals);
                vals.push(u64::from(self.ve.block_id(ops[1])));
            }
            Opcode::CatchPad | Opcode::CleanupPad => {
                code = if op == Opcode::CatchPad {
                    n::FUNC_CODE_INST_CATCHPAD
                } else {
                    n::FUNC_CODE_INST_CLEANUPPAD
                };
                let (args, parent) = ops.split_at(ops.len() - 1);
                self.push_v(parent[0], id, &mut vals);
                vals.push(args.len() as u64);
                for &a in args {
                    self.push_vt(a, id, &mut vals);
                }
            }
            Opcode::CatchSwitch => {
                code = n::FUNC_CODE_INST_CATCHSWITCH;
                self.push_v(ops[0], id, &mut vals);
                let has_unwind = flags & bits::CATCHSWITCH_HAS_UNWIND != 0;
                let handlers = if has_unwind { &ops[2..] } else { &ops[1..] };
                vals.push(handlers.len() as u64);
                for &h in handlers {
                    vals.push(u64::from(self.ve.block_id(h)));
                }
                if has_unwind {
                    vals.push(u64::from(self.ve.block_id(ops[1])));
                }
            }
            Opcode::Unreachable => {
                code = n::FUNC_CODE_INST_UNREACHABLE;
                abbrev = abbrevs::FN_UNREACHABLE;
            }
            Opcode::Phi => {
                code = n::FUNC_CODE_INST_PHI;
                vals.push(tid(self, d.ty));
                let blocks = match payload {
                    InstPayload::Phi { blocks, .. } => &blocks[..],
                    _ => &[],
                };
                for (k, &o) in ops.iter().enumerate() {
                    let vid = self.value_or_md_id(o);
                    let diff = (id as i32).wrapping_sub(vid as i32);
                    vals.push(signed(i64::from(diff)));
                    vals.push(u64::from(self.ve.block_id(blocks[k].idx)));
                }
                if is_fp_math(ctx, d.ty) {
                    let fl = codes::fmf_to_bits(flags);
                    if fl != 0 {
                        vals.push(fl);
                    }
                }
            }
            Opcode::LandingPad => {
                code = n::FUNC_CODE_INST_LANDINGPAD;
                let (clauses, cleanup) = match payload {
                    InstPayload::Grow {
                        clauses, cleanup, ..
                    } => (&clauses[..], *cleanup),
                    _ => (&[][..], false),
                };
                vals.push(tid(self, d.ty));
                vals.push(u64::from(cleanup));
                vals.push(ops.len() as u64);
                for (k, &o) in ops.iter().enumerate() {
                    let catch = clauses.get(k).copied().unwrap_or(true);
                    vals.push(u64::from(!catch));
                    self.push_vt(o, id, &mut vals);
                }
            }
            Opcode::Alloca => {
                code = n::FUNC_CODE_INST_ALLOCA;
                let at = match payload {
                    InstPayload::Ty(t) => *t,
                    _ => panic!("bitcode writer: an alloca without its type"),
                };
                vals.push(tid(self, at));
                vals.push(tid(self, self.ve.vtype(ops[0])));
                vals.push(u64::from(self.ve.vid(ops[0])));
                let align = self.align_code(flags, at, AlignRule::Pref);
                let packed = alloca_packed(flags, align);
                vals.push(packed);
                let aspace = ctx.ptr_addrspace(d.ty).unwrap_or(0);
                if aspace != self.layout.alloca_address_space() {
                    vals.push(u64::from(aspace));
                }
            }
            Opcode::Load => {
                let ord = Ordering::from_bits(flags >> mem::ORDER_SHIFT);
                let atomic = ord != Ordering::NotAtomic;
                let fwd = self.push_vt(ops[0], id, &mut vals);
                if atomic {
                    code = n::FUNC_CODE_INST_LOADATOMIC;
                } else {
                    code = n::FUNC_CODE_INST_LOAD;
                    if !fwd {
                        abbrev = abbrevs::FN_LOAD;
                    }
                }
                vals.push(tid(self, d.ty));
                vals.push(self.align_code(flags, d.ty, AlignRule::Abi));
                vals.push(u64::from(flags & mem::VOLATILE != 0));
                if atomic {
                    vals.push(ord as u64);
                    vals.push(scope(self));
                }
            }
            Opcode::Store => {
                let ord = Ordering::from_bits(flags >> mem::ORDER_SHIFT);
                let atomic = ord != Ordering::NotAtomic;
                code = if atomic {
                    n::FUNC_CODE_INST_STOREATOMIC
                } else {
                    n::FUNC_CODE_INST_STORE
                };
                self.push_vt(ops[1], id, &mut vals);
                self.push_vt(ops[0], id, &mut vals);
                let vt = self.ve.vtype(ops[0]);
                vals.push(self.align_code(flags, vt, AlignRule::Abi));
                vals.push(u64::from(flags & mem::VOLATILE != 0));
                if atomic {
                    vals.push(ord as u64);
                    vals.push(scope(self));
                }
            }
            Opcode::AtomicCmpXchg => {
                code = n::FUNC_CODE_INST_CMPXCHG;
                self.push_vt(ops[0], id, &mut vals);
                self.push_vt(ops[1], id, &mut vals);
                self.push_v(ops[2], id, &mut vals);
                vals.push(u64::from(flags & mem::VOLATILE != 0));
                vals.push(Ordering::from_bits(flags >> mem::ORDER_SHIFT) as u64);
                vals.push(scope(self));
                vals.push(u64::from(mem::extra(flags) & 7));
                vals.push(u64::from(flags & mem::WEAK != 0));
                let vt = self.ve.vtype(ops[1]);
                vals.push(self.align_code(flags, vt, AlignRule::StoreSize));
            }
            Opcode::AtomicRMW => {
                code = n::FUNC_CODE_INST_ATOMICRMW;
                self.push_vt(ops[0], id, &mut vals);
                self.push_vt(ops[1], id, &mut vals);
                vals.push(u64::from(mem::extra(flags)));
                vals.push(u64::from(flags & mem::VOLATILE != 0));
                vals.push(Ordering::from_bits(flags >> mem::ORDER_SHIFT) as u64);
                vals.push(scope(self));
                let vt = self.ve.vtype(ops[1]);
                vals.push(self.align_code(flags, vt, AlignRule::StoreSize));
            }
            Opcode::Fence => {
                code = n::FUNC_CODE_INST_FENCE;
                vals.push(Ordering::from_bits(flags >> mem::ORDER_SHIFT) as u64);
                vals.push(scope(self));
            }
            Opcode::VAArg => {
                code = n::FUNC_CODE_INST_VAARG;
                vals.push(tid(self, self.ve.vtype(ops[0])));
                self.push_v(ops[0], id, &mut vals);
                vals.push(tid(self, d.ty));
            }
            Opcode::Freeze => {
                code = n::FUNC_CODE_INST_FREEZE;
                self.push_vt(ops[0], id, &mut vals);
            }
            other => {
                return Err(WriteError {
                    message: format!("no bitcode encoding for instruction {}", other.mnemonic()),
                })
            }
        }
        if abbrev == 0 {
            self.record(code, &vals, 0);
        } else {
            self.abbreviated_inst(abbrev, &vals);
        }
        body.vals = vals;
        body.ops = ops;
        if !ctx.is_void(d.ty) {
            body.inst_id += 1;
        }
        Ok(())
    }

    /// Writes an instruction record through its function-block
    /// abbreviation (`module.rs`'s BLOCKINFO list) field by field: the
    /// bits `record` writes, without walking the abbreviation.
    fn abbreviated_inst(&mut self, abbrev: u32, vals: &[u64]) {
        let tb = self.type_bits;
        let w = &mut self.w;
        w.begin_abbrev_record(abbrev);
        match (abbrev, vals) {
            (abbrevs::FN_LOAD, &[op, ty, align, vol]) => {
                w.field_vbr(op, 6);
                w.field_fixed(ty, tb);
                w.field_vbr(align, 4);
                w.field_fixed(vol, 1);
            }
            (abbrevs::FN_BINOP, &[a, b, opc]) => {
                w.field_vbr(a, 6);
                w.field_vbr(b, 6);
                w.field_fixed(opc, 4);
            }
            (abbrevs::FN_BINOP_FLAGS, &[a, b, opc, fl]) => {
                w.field_vbr(a, 6);
                w.field_vbr(b, 6);
                w.field_fixed(opc, 4);
                w.field_fixed(fl, 8);
            }
            (abbrevs::FN_CAST, &[op, ty, opc]) => {
                w.field_vbr(op, 6);
                w.field_fixed(ty, tb);
                w.field_fixed(opc, 4);
            }
            (abbrevs::FN_CAST_FLAGS, &[op, ty, opc, fl]) => {
                w.field_vbr(op, 6);
                w.field_fixed(ty, tb);
                w.field_fixed(opc, 4);
                w.field_fixed(fl, 8);
            }
            (abbrevs::FN_UNOP, &[op, opc]) => {
                w.field_vbr(op, 6);
                w.field_fixed(opc, 4);
            }
            (abbrevs::FN_UNOP_FLAGS, &[op, opc, fl]) => {
                w.field_vbr(op, 6);
                w.field_fixed(opc, 4);
                w.field_fixed(fl, 8);
            }
            (abbrevs::FN_RET_VOID | abbrevs::FN_UNREACHABLE, &[]) => {}
            (abbrevs::FN_RET_VAL, &[op]) => w.field_vbr(op, 6),
            (abbrevs::FN_GEP, &[fl, ty, ref elems @ ..]) => {
                w.field_fixed(fl, 3);
                w.field_fixed(ty, tb);
                w.field_vbr(elems.len() as u64, 6);
                for &e in elems {
                    w.field_vbr(e, 6);
                }
            }
            _ => panic!(
                "bitcode writer: an instruction record of {} values does not fit abbreviation {abbrev}",
                vals.len()
            ),
        }
    }

    fn write_dbg_records(&mut self, i: Inst, inst_id: u32) {
        let ctx = self.ctx;
        for r in ctx.dbg_records(i) {
            let op = |k: usize| r.ops.get(k).copied().flatten();
            let id = |wr: &Self, m: Option<Metadata>| -> u64 {
                m.map_or(0, |m| u64::from(wr.ve.md_id(wr.ve.md_ref(m))))
            };
            let mut vals: Vec<u64> = Vec::with_capacity(8);
            match &*r.kind {
                "label" => {
                    vals.push(id(self, op(1)));
                    vals.push(id(self, op(0)));
                    self.record(n::FUNC_CODE_DEBUG_RECORD_LABEL, &vals, 0);
                }
                kind => {
                    let dil = if kind == "assign" { op(6) } else { op(3) };
                    vals.push(id(self, dil));
                    vals.push(id(self, op(1)));
                    vals.push(id(self, op(2)));
                    let loc = op(0);
                    match kind {
                        "value" => {
                            let simple = loc.and_then(|m| match ctx.md.data(ctx.md_resolved(m)) {
                                MdData::Value(v) => Some(v.idx),
                                _ => None,
                            });
                            let mut pushed = false;
                            if let Some(v) = simple {
                                let vid = self.ve.vid(v);
                                if vid < inst_id {
                                    vals.push(u64::from(inst_id - vid));
                                    pushed = true;
                                }
                            }
                            if pushed {
                                self.record(
                                    n::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE,
                                    &vals,
                                    abbrevs::FN_DEBUG_RECORD_VALUE,
                                );
                            } else {
                                vals.push(id(self, loc));
                                self.record(n::FUNC_CODE_DEBUG_RECORD_VALUE, &vals, 0);
                            }
                        }
                        "declare" => {
                            vals.push(id(self, loc));
                            self.record(n::FUNC_CODE_DEBUG_RECORD_DECLARE, &vals, 0);
                        }
                        _ => {
                            vals.push(id(self, loc));
                            vals.push(id(self, op(3)));
                            vals.push(id(self, op(5)));
                            vals.push(id(self, op(4)));
                            self.record(n::FUNC_CODE_DEBUG_RECORD_ASSIGN, &vals, 0);
                        }
                    }
                }
            }
        }
    }

    /// The function's symbol table, in the order LLVM's `StringMap` keeps
    /// it.
    fn write_local_vst(&mut self, vst: &super::strtab::VstScratch<'c>) {
        let mut names = std::mem::take(&mut self.vst_order);
        vst.finish(&mut names);
        if names.is_empty() {
            self.vst_order = names;
            return;
        }
        self.enter(n::VALUE_SYMTAB_BLOCK_ID, 4);
        // Every entry has its abbreviation (`VST_ENTRY_8` takes any name):
        // written field by field, `[id vbr8, array of chars]`.
        for &(v, name) in &names {
            let is_block = self.ctx.graph.values[v as usize].is(ValueKind::Block);
            let enc = string_encoding(name);
            let abbrev = match (is_block, enc) {
                (true, 6) => abbrevs::VST_BBENTRY_6,
                (false, 6) => abbrevs::VST_ENTRY_6,
                (false, 7) => abbrevs::VST_ENTRY_7,
                _ => abbrevs::VST_ENTRY_8,
            };
            self.w.begin_abbrev_record(abbrev);
            if abbrev == abbrevs::VST_ENTRY_8 {
                // `[fixed 3 code, vbr8 id, array fixed 8]`.
                let code = if is_block {
                    n::VST_CODE_BBENTRY
                } else {
                    n::VST_CODE_ENTRY
                };
                self.w.field_fixed(u64::from(code), 3);
            }
            self.w.field_vbr(u64::from(self.ve.vid(v)), 8);
            match abbrev {
                abbrevs::VST_ENTRY_8 => self.w.field_array_fixed(name, 8),
                abbrevs::VST_ENTRY_7 => self.w.field_array_fixed(name, 7),
                _ => self.w.field_array_char6(name),
            }
        }
        self.vst_order = names;
        self.exit();
    }
}

/// How `LLParser` fills in an alignment the text leaves out.
#[derive(Clone, Copy)]
enum AlignRule {
    /// The type's ABI alignment (load, store).
    Abi,
    /// The type's preferred alignment (alloca).
    Pref,
    /// The type's store size (cmpxchg, atomicrmw).
    StoreSize,
}

impl Wr<'_> {
    /// The encoded alignment of a memory instruction: its own, or the one
    /// LLVM's parser gives it by default.
    fn align_code(&self, flags: u16, ty: crate::types::Type, rule: AlignRule) -> u64 {
        let a = u64::from(flags & mem::ALIGN_MASK);
        if a != 0 {
            return a;
        }
        let dl = &self.layout;
        let log2 = match rule {
            AlignRule::Abi => dl.abi_align(self.ctx, ty).ok().map(|x| u64::from(x.log2())),
            AlignRule::Pref => dl
                .pref_align(self.ctx, ty)
                .ok()
                .map(|x| u64::from(x.log2())),
            AlignRule::StoreSize => dl
                .store_size(self.ctx, ty)
                .ok()
                .and_then(|s| s.fixed_value())
                .filter(|s| s.is_power_of_two())
                .map(|s| u64::from(s.trailing_zeros())),
        };
        log2.map_or(0, |l| l + 1)
    }
}

/// `VE.getValueID` of operand `v` (raw index): a metadata-as-value
/// operand's id is its metadata id. A function of the enumerator alone, so
/// that it can be called while the bit writer is borrowed.
#[inline(always)]
fn operand_id(ve: &Enumerator<'_>, v: u32) -> u32 {
    // Metadata-as-value operands never get a value id.
    match ve.value_id(v) {
        Some(id) => id,
        None => md_value_id(ve, v),
    }
}

/// [`operand_id`] of a value without a value id.
#[inline(never)]
fn md_value_id(ve: &Enumerator<'_>, v: u32) -> u32 {
    let ctx = ve.ctx;
    let d = &ctx.graph.values[v as usize];
    if d.is(ValueKind::MetadataAsValue) {
        let md = ctx
            .value_metadata(ctx.graph.handle(v))
            .expect("metadata as value");
        return ve.md_id(ve.md_ref(md));
    }
    ve.vid(v)
}

/// LLVM's `getStringEncoding`: 6 (char6), 7 or 8 bits.
fn string_encoding(s: &[u8]) -> u32 {
    let mut char6 = true;
    for &c in s {
        if char6 {
            char6 = super::is_char6(c);
        }
        if c & 0x80 != 0 {
            return 8;
        }
    }
    if char6 {
        6
    } else {
        7
    }
}

/// Whether a value of type `t` is an `FPMathOperator` (floating point,
/// vectors and arrays of it).
fn is_fp_math(ctx: &crate::Context, mut t: crate::types::Type) -> bool {
    while let TypeData::Array { elem, .. } = ctx.type_data(t) {
        t = *elem;
    }
    ctx.is_fp_or_fp_vector(t)
}

fn f_uint(f: &super::di::Fields<'_>, name: crate::ir::metadata::FieldName) -> u64 {
    match f.0.iter().find(|(n, _)| *n == name).map(|(_, x)| x) {
        Some(crate::ir::metadata::MdField::UInt(x)) => *x,
        Some(crate::ir::metadata::MdField::Int(x)) => *x as u64,
        Some(crate::ir::metadata::MdField::Bool(b)) => u64::from(*b),
        _ => 0,
    }
}

/// An alloca record's packed word: the alignment code split in two, the
/// explicit-type bit, `inalloca` (lair's `WEAK` bit; bit 5) and
/// `swifterror` (bit 7).
fn alloca_packed(flags: u16, align: u64) -> u64 {
    let mut packed = align & 0x1f | (align >> 5 & 7) << 8 | 1 << 6;
    if flags & mem::WEAK != 0 {
        packed |= 1 << 5;
    }
    if flags & mem::SWIFTERROR != 0 {
        packed |= 1 << 7;
    }
    packed
}
