//! Metadata blocks: strings, tuples, values as metadata, named metadata,
//! every `DI*` record, `DIArgList`, global attachments; the metadata kind
//! block; function attachment blocks.
//!
//! Metadata ids count strings first (the `METADATA_STRINGS` record), then
//! one per node record; a function's metadata continues from the module's
//! and is dropped after the body. A reference to a later id is a temporary
//! node, replaced when the id is defined (LLVM's forward references).
//!
//! A `DI*` node is stored as the fields `llvm-dis-19` prints, in its order,
//! with its defaults left out (LLVM's `AsmWriter` rules, per node: which
//! zero, empty or null fields it skips), since lair keeps a node as the
//! fields it was written with.

use super::{Rd, Res, Slot};
use crate::bitcode::dwarf;
use crate::bitstream::names as n;
use crate::bitstream::{Cursor, Record};
use crate::ir::metadata::{
    const_int_md, consts_expr, di_flags_field, sp_flags_field, FieldName as F, MdData, MdField,
    Metadata, SpecKind,
};
use crate::value::{Value, ValueKind};

/// The fields of a node being built, with `AsmWriter`'s skipping rules.
struct Fields(Vec<(F, MdField)>);

fn name_in(table: &[(u32, &'static str)], v: u64) -> Option<&'static str> {
    table
        .iter()
        .find(|e| u64::from(e.0) == v && !e.1.ends_with("Largest"))
        .map(|e| e.1)
}

impl Fields {
    fn new() -> Self {
        Fields(Vec::new())
    }
    fn push(&mut self, f: F, v: MdField) {
        self.0.push((f, v));
    }
    fn tag(&mut self, tag: u64) {
        self.push(F::Tag, dwarf_word(dwarf::TAGS, tag));
    }
    fn string(&mut self, f: F, s: Option<Vec<u8>>, skip_empty: bool) {
        let s = s.unwrap_or_default();
        if skip_empty && s.is_empty() {
            return;
        }
        self.push(f, MdField::Str(s.into()));
    }
    fn md(&mut self, f: F, m: Option<Metadata>, skip_null: bool) {
        if skip_null && m.is_none() {
            return;
        }
        self.push(f, MdField::Md(m));
    }
    fn uint(&mut self, f: F, v: u64, skip_zero: bool) {
        if skip_zero && v == 0 {
            return;
        }
        self.push(f, MdField::UInt(v));
    }
    fn int(&mut self, f: F, v: i64, skip_zero: bool) {
        if skip_zero && v == 0 {
            return;
        }
        self.push(f, MdField::Int(v));
    }
    fn boolean(&mut self, f: F, v: bool, default: Option<bool>) {
        if default == Some(v) {
            return;
        }
        self.push(f, MdField::Bool(v));
    }
    fn dwarf_enum(&mut self, f: F, table: &[(u32, &'static str)], v: u64, skip_zero: bool) {
        if skip_zero && v == 0 {
            return;
        }
        self.push(f, dwarf_word(table, v));
    }
    fn di_flags(&mut self, f: F, flags: u64) {
        if let Some(v) = di_flags_field(flags) {
            self.push(f, v);
        }
    }
    /// `spFlags:` is always written, `0` included ([`sp_flags_field`]).
    fn sp_flags(&mut self, f: F, flags: u64) {
        self.push(f, sp_flags_field(flags));
    }
}

/// A DWARF enumerator's name, or its number when it has none.
fn dwarf_word(table: &[(u32, &'static str)], v: u64) -> MdField {
    match name_in(table, v) {
        Some(s) => MdField::word(s),
        None => MdField::UInt(v),
    }
}

/// The number of elements (the op included) of a `DIExpression`
/// operation (`ExprOperand::getSize`).
fn expr_op_size(op: u64) -> usize {
    match op {
        0x1001 | 0x1000 | 0x1006 | 0x1007 | 0x92 => 3,
        0x10 | 0x11 | 0x94 | 0x23 | 0x1002 | 0x1003 | 0x1005 | 0x90 => 2,
        _ => 1,
    }
}

/// The printed elements of a `DIExpression`: operation names and their
/// arguments when every operation is known and complete, else the raw
/// numbers (as LLVM prints an invalid expression).
pub(crate) fn expr_fields(elems: &[u64]) -> Vec<(F, MdField)> {
    let mut out = Vec::with_capacity(elems.len());
    let mut i = 0;
    let mut valid = true;
    while i < elems.len() {
        let op = elems[i];
        let size = expr_op_size(op);
        let known = name_in(dwarf::OPS, op).is_some();
        if !known || i + size > elems.len() {
            valid = false;
            break;
        }
        // DW_OP_LLVM_fragment must be last.
        if op == 0x1000 && i + size != elems.len() {
            valid = false;
            break;
        }
        i += size;
    }
    if !valid {
        return elems
            .iter()
            .map(|&e| (F::Positional, MdField::UInt(e)))
            .collect();
    }
    let mut i = 0;
    while i < elems.len() {
        let op = elems[i];
        let size = expr_op_size(op);
        out.push((F::Positional, dwarf_word(dwarf::OPS, op)));
        if op == 0x1001 {
            out.push((F::Positional, MdField::UInt(elems[i + 1])));
            out.push((F::Positional, dwarf_word(dwarf::ATES, elems[i + 2])));
        } else {
            for &a in &elems[i + 1..i + size] {
                out.push((F::Positional, MdField::UInt(a)));
            }
        }
        i += size;
    }
    out
}

impl<'a> Rd<'a, '_> {
    // ---- the id space -----------------------------------------------------

    /// Metadata id `id` (0-based); a temporary for a later id.
    fn md_get(&mut self, id: u64) -> Res<Metadata> {
        let i = id as usize;
        if let Some(Some(m)) = self.mds.get(i) {
            return Ok(*m);
        }
        if id > self.mds.len() as u64 + self.bits_left() {
            return self.err(format!("invalid metadata id {id}"));
        }
        if let Some(&t) = self.md_fwd.get(&(id as u32)) {
            return Ok(t);
        }
        let t = self.ctx.md_temporary();
        self.md_fwd.insert(id as u32, t);
        Ok(t)
    }

    /// A 1-based metadata reference (0: null).
    fn md_or_null(&mut self, id: u64) -> Res<Option<Metadata>> {
        if id == 0 {
            return Ok(None);
        }
        Ok(Some(self.md_get(id - 1)?))
    }

    /// A 1-based reference to a string (0: none): its bytes.
    fn md_str(&mut self, id: u64) -> Res<Option<Vec<u8>>> {
        let Some(m) = self.md_or_null(id)? else {
            return Ok(None);
        };
        match self.ctx.md_data(m) {
            MdData::String(s) => Ok(Some(s.to_vec())),
            _ => self.err("a metadata string field that is not a string"),
        }
    }

    /// Defines the next metadata id as `md`, resolving a forward reference.
    fn md_push(&mut self, md: Metadata) -> Res<()> {
        let id = self.mds.len() as u32;
        if let Some(t) = self.md_fwd.remove(&id) {
            if self.ctx.md_resolved(md) == t {
                return self.err("a metadata node that refers only to itself");
            }
            self.ctx.md_replace_temporary(t, md);
        }
        self.mds.push(Some(md));
        Ok(())
    }

    /// Metadata id `id` (0-based) that must exist already.
    fn md_node_at(&mut self, id: u64) -> Res<Metadata> {
        self.md_get(id)
    }

    /// The metadata standing for value `v` (a temporary for a placeholder).
    pub(crate) fn md_of_value(&mut self, v: Value) -> Metadata {
        if self.ctx.value_kind(v) == ValueKind::Placeholder {
            if let Some(&t) = self.md_value_fwd.get(&v) {
                return t;
            }
            let t = self.ctx.md_temporary();
            self.md_value_fwd.insert(v, t);
            return t;
        }
        self.ctx.md_value(v)
    }

    // ---- kinds -------------------------------------------------------------

    pub(super) fn read_md_kinds(&mut self) -> Res<()> {
        self.each_record(n::METADATA_KIND_BLOCK_ID, |rd, rec| {
            if rec.code() != n::METADATA_KIND {
                return Ok(());
            }
            let v = rec.operands();
            if v.is_empty() {
                return rd.err("empty metadata kind record");
            }
            let name = rd.name_chars(&v[1..]);
            let k = rd.ctx.md_kind_id(name);
            rd.md_kinds.insert(v[0], k);
            Ok(())
        })
    }

    fn kind_of(&self, id: u64) -> Res<crate::ir::metadata::MdKindId> {
        match self.md_kinds.get(&id) {
            Some(&k) => Ok(k),
            None => self.err(format!("invalid metadata kind id {id}")),
        }
    }

    // ---- blocks -------------------------------------------------------------

    /// A metadata block (module level, or in a function body).
    pub(crate) fn read_metadata(&mut self, module_level: bool) -> Res<()> {
        let mut name: Option<Vec<u8>> = None;
        self.each_record(n::METADATA_BLOCK_ID, |rd, rec| {
            rd.md_record(rec, &mut name, module_level)
        })?;
        if module_level && !self.md_fwd.is_empty() {
            return self.err("metadata forward references left unresolved");
        }
        if module_level {
            self.upgrade_cu_locals();
        }
        Ok(())
    }

    /// A function's attachment block: `[inst, (kind, node)...]` for an
    /// instruction (numbered in the body), `[(kind, node)...]` for the
    /// function.
    pub(crate) fn read_md_attachments(
        &mut self,
        f: crate::ir::Function,
        insts: &[crate::ir::Inst],
    ) -> Res<()> {
        self.each_record(n::METADATA_ATTACHMENT_ID, |rd, rec| {
            if rec.code() != n::METADATA_ATTACHMENT {
                return Ok(());
            }
            let v = rec.operands();
            if v.len().is_multiple_of(2) {
                for p in v.chunks(2) {
                    let k = rd.kind_of(p[0])?;
                    let m = rd.md_node_at(p[1])?;
                    rd.ctx.function_data_mut(f).global.md.add(k, m);
                }
            } else {
                let Some(&i) = insts.get(v[0] as usize) else {
                    return rd.err(format!("invalid instruction number {}", v[0]));
                };
                for p in v[1..].chunks(2) {
                    let k = rd.kind_of(p[0])?;
                    let m = rd.md_node_at(p[1])?;
                    let e = rd.ctx.extra_mut(i);
                    if k == crate::ir::metadata::MdKindId::DBG {
                        e.dbg = Some(m);
                    } else {
                        e.md.add(k, m);
                        if k == crate::ir::metadata::MdKindId::PROF {
                            rd.prof_insts.push(i);
                        }
                    }
                }
            }
            Ok(())
        })
    }

    fn read_strings(&mut self, v: &[u64], blob: Option<&'a [u8]>) -> Res<()> {
        if v.len() < 2 {
            return self.err("strings record with fewer than 2 fields");
        }
        let Some(blob) = blob else {
            return self.err("strings record without a blob");
        };
        let (count, offset) = (v[0], v[1] as usize);
        if offset > blob.len() || count > (offset as u64) * 8 {
            return self.err("malformed metadata strings");
        }
        let mut cur = Cursor::new(&blob[..offset]);
        let mut chars = &blob[offset..];
        for _ in 0..count {
            let len = match cur.read_vbr(6) {
                Ok(l) => l as usize,
                Err(_) => return self.err("malformed metadata string lengths"),
            };
            if len > chars.len() {
                return self.err("metadata string past the end of its blob");
            }
            let m = self.ctx.md_string_bytes(&chars[..len]);
            chars = &chars[len..];
            self.md_push(m)?;
        }
        Ok(())
    }

    fn md_record(
        &mut self,
        rec: &Record<'a>,
        name: &mut Option<Vec<u8>>,
        module_level: bool,
    ) -> Res<()> {
        let v = rec.operands();
        let code = rec.code();
        let need = |k: usize| -> Res<()> {
            if v.len() < k {
                return self.err(format!(
                    "metadata record with {} fields, needs {k}",
                    v.len()
                ));
            }
            Ok(())
        };
        let distinct = v.first().is_some_and(|&x| x & 1 != 0);
        let get = |i: usize| v.get(i).copied().unwrap_or(0);
        let md = match code {
            n::METADATA_STRINGS => return self.read_strings(v, rec.blob()),
            n::METADATA_STRING_OLD => {
                let b: Vec<u8> = v.iter().map(|&c| c as u8).collect();
                self.ctx.md_string_bytes(&b)
            }
            n::METADATA_NAME => {
                *name = Some(self.name_chars(v));
                return Ok(());
            }
            n::METADATA_NAMED_NODE => {
                let Some(nm) = name.take() else {
                    return self.err("named metadata node without a name");
                };
                let mut ops = Vec::with_capacity(v.len());
                for &id in v {
                    ops.push(self.md_node_at(id)?);
                }
                let m = self.m;
                self.ctx
                    .module_mut(m)
                    .named_md
                    .entry(nm.into())
                    .or_default()
                    .extend(ops);
                return Ok(());
            }
            n::METADATA_KIND => {
                need(1)?;
                let nm = self.name_chars(&v[1..]);
                let k = self.ctx.md_kind_id(nm);
                self.md_kinds.insert(v[0], k);
                return Ok(());
            }
            n::METADATA_INDEX_OFFSET | n::METADATA_INDEX => return Ok(()),
            n::METADATA_GLOBAL_DECL_ATTACHMENT => {
                if v.len().is_multiple_of(2) {
                    return self.err("malformed global attachment record");
                }
                let g = match self.vals.get(v[0] as usize) {
                    Some(Slot::Val(g)) if self.ctx.value_kind(*g).is_global() => *g,
                    _ => return self.err("global attachment to a non-global"),
                };
                for p in v[1..].chunks(2) {
                    let k = self.kind_of(p[0])?;
                    let m = self.md_node_at(p[1])?;
                    self.ctx.global_data_mut(g).md.add(k, m);
                }
                return Ok(());
            }
            n::METADATA_VALUE => {
                need(2)?;
                let ty = self.type_at(v[0])?;
                if self.ctx.is_metadata(ty) || self.ctx.is_void(ty) {
                    return self.err("invalid value-as-metadata type");
                }
                let val = self.value_for_md(v[1], ty, module_level)?;
                self.md_of_value(val)
            }
            n::METADATA_NODE | n::METADATA_DISTINCT_NODE => {
                let mut ops = Vec::with_capacity(v.len());
                for &id in v {
                    ops.push(self.md_or_null(id)?);
                }
                if code == n::METADATA_DISTINCT_NODE {
                    self.ctx.md_distinct_tuple(&ops)
                } else {
                    self.ctx.md_tuple(&ops)
                }
            }
            n::METADATA_ARG_LIST => {
                let mut fs = Vec::with_capacity(v.len());
                for &id in v {
                    let m = self.md_node_at(id)?;
                    fs.push((F::Positional, MdField::Md(Some(m))));
                }
                self.ctx.md_specialized(SpecKind::DIArgList, fs, false)
            }
            n::METADATA_LOCATION => {
                need(5)?;
                let scope = self.md_node_at(v[3])?;
                let ia = self.md_or_null(v[4])?;
                let mut f = Fields::new();
                f.uint(F::Line, v[1], false);
                f.uint(F::Column, v[2], true);
                f.md(F::Scope, Some(scope), false);
                f.md(F::InlinedAt, ia, true);
                f.boolean(F::IsImplicitCode, get(5) != 0, Some(false));
                self.ctx.md_specialized(SpecKind::DILocation, f.0, distinct)
            }
            n::METADATA_GENERIC_DEBUG => {
                need(4)?;
                let mut f = Fields::new();
                f.tag(v[1]);
                let header = self.md_str(v[3])?;
                f.string(F::Header, header, true);
                if v.len() > 4 {
                    let mut ops = Vec::with_capacity(v.len() - 4);
                    for &id in &v[4..] {
                        ops.push(self.md_or_null(id)?);
                    }
                    f.push(F::Operands, MdField::List(ops.into()));
                }
                self.ctx
                    .md_specialized(SpecKind::GenericDINode, f.0, distinct)
            }
            n::METADATA_SUBRANGE => {
                need(3)?;
                let version = v[0] >> 1;
                let mut f = Fields::new();
                match version {
                    0 => {
                        f.int(F::Count, v[1] as i64, false);
                        f.int(F::LowerBound, super::attrs::sign_rotated(v[2]), false);
                    }
                    1 => {
                        let c = self.md_or_null(v[1])?;
                        self.bound(&mut f, F::Count, c);
                        f.int(F::LowerBound, super::attrs::sign_rotated(v[2]), false);
                    }
                    _ => {
                        for (i, name) in [F::Count, F::LowerBound, F::UpperBound, F::Stride]
                            .into_iter()
                            .enumerate()
                        {
                            let m = self.md_or_null(get(i + 1))?;
                            self.bound(&mut f, name, m);
                        }
                    }
                }
                self.ctx.md_specialized(SpecKind::DISubrange, f.0, distinct)
            }
            n::METADATA_GENERIC_SUBRANGE => {
                need(5)?;
                let mut f = Fields::new();
                for (i, name) in [F::Count, F::LowerBound, F::UpperBound, F::Stride]
                    .into_iter()
                    .enumerate()
                {
                    let m = self.md_or_null(v[i + 1])?;
                    match m.and_then(|m| consts_expr(self.ctx, m)) {
                        Some(c) => f.int(name, c, false),
                        None => f.md(name, m, true),
                    }
                }
                self.ctx
                    .md_specialized(SpecKind::DIGenericSubrange, f.0, distinct)
            }
            n::METADATA_ENUMERATOR => {
                need(3)?;
                let is_unsigned = v[0] & 2 != 0;
                let big = v[0] & 4 != 0;
                let mut f = Fields::new();
                let name = self.md_str(v[2])?;
                f.string(F::Name, name, true);
                let value = if big {
                    let width = v[1];
                    if width == 0 || width > 1 << 23 {
                        return self.err("invalid enumerator width");
                    }
                    let words: Vec<u64> = v[3..]
                        .iter()
                        .map(|&x| super::attrs::sign_rotated(x) as u64)
                        .collect();
                    let ap = crate::constants::apint::APInt::from_words(width as u32, &words);
                    if is_unsigned {
                        match ap.try_to_u64() {
                            Some(x) => MdField::UInt(x),
                            None => MdField::Word(ap.to_string_unsigned().into()),
                        }
                    } else {
                        match ap.try_to_i64() {
                            Some(x) => MdField::Int(x),
                            None => MdField::Word(ap.to_string_signed().into()),
                        }
                    }
                } else {
                    let x = super::attrs::sign_rotated(v[1]);
                    if is_unsigned {
                        MdField::UInt(x as u64)
                    } else {
                        MdField::Int(x)
                    }
                };
                f.push(F::Value, value);
                if is_unsigned {
                    f.push(F::IsUnsigned, MdField::Bool(true));
                }
                self.ctx
                    .md_specialized(SpecKind::DIEnumerator, f.0, distinct)
            }
            n::METADATA_BASIC_TYPE => {
                need(6)?;
                let mut f = Fields::new();
                if v[1] != 0x24 {
                    f.tag(v[1]);
                }
                let name = self.md_str(v[2])?;
                f.string(F::Name, name, true);
                f.uint(F::Size, v[3], true);
                f.uint(F::Align, v[4], true);
                f.dwarf_enum(F::Encoding, dwarf::ATES, v[5], true);
                f.di_flags(F::Flags, get(6));
                self.ctx
                    .md_specialized(SpecKind::DIBasicType, f.0, distinct)
            }
            n::METADATA_STRING_TYPE => {
                need(8)?;
                let mut f = Fields::new();
                if v[1] != 0x12 {
                    f.tag(v[1]);
                }
                let name = self.md_str(v[2])?;
                f.string(F::Name, name, true);
                let (a, b) = (self.md_or_null(v[3])?, self.md_or_null(v[4])?);
                let loc = if v.len() > 8 {
                    self.md_or_null(v[5])?
                } else {
                    None
                };
                let k = if v.len() > 8 { 6 } else { 5 };
                f.md(F::StringLength, a, true);
                f.md(F::StringLengthExpression, b, true);
                f.md(F::StringLocationExpression, loc, true);
                f.uint(F::Size, get(k), true);
                f.uint(F::Align, get(k + 1), true);
                f.dwarf_enum(F::Encoding, dwarf::ATES, get(k + 2), true);
                self.ctx
                    .md_specialized(SpecKind::DIStringType, f.0, distinct)
            }
            n::METADATA_DERIVED_TYPE => {
                need(12)?;
                let mut f = Fields::new();
                f.tag(v[1]);
                let name = self.md_str(v[2])?;
                let file = self.md_or_null(v[3])?;
                let scope = self.md_or_null(v[5])?;
                let base = self.md_or_null(v[6])?;
                let extra = self.md_or_null(v[11])?;
                let ann = self.md_or_null(get(13))?;
                f.string(F::Name, name, true);
                f.md(F::Scope, scope, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[4], true);
                f.md(F::BaseType, base, false);
                f.uint(F::Size, v[7], true);
                f.uint(F::Align, v[8], true);
                f.uint(F::Offset, v[9], true);
                f.di_flags(F::Flags, v[10]);
                f.md(F::ExtraData, extra, true);
                if get(12) != 0 {
                    f.uint(F::DwarfAddressSpace, get(12) - 1, false);
                }
                f.md(F::Annotations, ann, true);
                let pa = get(14);
                if pa != 0 {
                    f.uint(F::PtrAuthKey, pa & 0xf, true);
                    f.push(
                        F::PtrAuthIsAddressDiscriminated,
                        MdField::Bool(pa >> 4 & 1 != 0),
                    );
                    f.uint(F::PtrAuthExtraDiscriminator, (pa >> 5) & 0xffff, true);
                    f.push(F::PtrAuthIsaPointer, MdField::Bool(pa >> 21 & 1 != 0));
                    f.push(
                        F::PtrAuthAuthenticatesNullValues,
                        MdField::Bool(pa >> 22 & 1 != 0),
                    );
                }
                self.ctx
                    .md_specialized(SpecKind::DIDerivedType, f.0, distinct)
            }
            n::METADATA_COMPOSITE_TYPE => {
                need(16)?;
                let mut f = Fields::new();
                f.tag(v[1]);
                let name = self.md_str(v[2])?;
                let file = self.md_or_null(v[3])?;
                let scope = self.md_or_null(v[5])?;
                let base = self.md_or_null(v[6])?;
                let elems = self.md_or_null(v[11])?;
                let vtable = self.md_or_null(v[13])?;
                let tparams = self.md_or_null(v[14])?;
                let ident = self.md_str(v[15])?;
                let disc = self.md_or_null(get(16))?;
                let dloc = self.md_or_null(get(17))?;
                let (assoc, alloc) = if v.len() > 19 {
                    (self.md_or_null(v[18])?, self.md_or_null(v[19])?)
                } else {
                    (None, None)
                };
                let rank = self.md_or_null(get(20))?;
                let ann = self.md_or_null(get(21))?;
                f.string(F::Name, name, true);
                f.md(F::Scope, scope, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[4], true);
                f.md(F::BaseType, base, true);
                f.uint(F::Size, v[7], true);
                f.uint(F::Align, v[8], true);
                f.uint(F::Offset, v[9], true);
                f.di_flags(F::Flags, v[10]);
                f.md(F::Elements, elems, true);
                f.dwarf_enum(F::RuntimeLang, dwarf::LANGS, v[12], true);
                f.md(F::VtableHolder, vtable, true);
                f.md(F::TemplateParams, tparams, true);
                f.string(F::Identifier, ident, true);
                f.md(F::Discriminator, disc, true);
                f.md(F::DataLocation, dloc, true);
                f.md(F::Associated, assoc, true);
                f.md(F::Allocated, alloc, true);
                self.bound(&mut f, F::Rank, rank);
                f.md(F::Annotations, ann, true);
                self.ctx
                    .md_specialized(SpecKind::DICompositeType, f.0, distinct)
            }
            n::METADATA_SUBROUTINE_TYPE => {
                need(3)?;
                let mut f = Fields::new();
                let types = self.md_or_null(v[2])?;
                f.di_flags(F::Flags, v[1]);
                f.dwarf_enum(F::Cc, dwarf::CCS, get(3), true);
                f.md(F::Types, types, false);
                self.ctx
                    .md_specialized(SpecKind::DISubroutineType, f.0, distinct)
            }
            n::METADATA_FILE => {
                need(3)?;
                let mut f = Fields::new();
                let name = self.md_str(v[1])?;
                let dir = self.md_str(v[2])?;
                f.string(F::Filename, name, false);
                f.string(F::Directory, dir, false);
                if v.len() > 4 && v[3] != 0 && v[4] != 0 {
                    let kind = match v[3] {
                        1 => "CSK_MD5",
                        2 => "CSK_SHA1",
                        3 => "CSK_SHA256",
                        k => return self.err(format!("invalid checksum kind {k}")),
                    };
                    let sum = self.md_str(v[4])?;
                    f.push(F::Checksumkind, MdField::word(kind));
                    f.string(F::Checksum, sum, false);
                }
                if v.len() > 5 {
                    let src = self.md_str(v[5])?;
                    f.string(F::Source, src, true);
                }
                self.ctx.md_specialized(SpecKind::DIFile, f.0, distinct)
            }
            n::METADATA_COMPILE_UNIT => {
                need(14)?;
                let mut f = Fields::new();
                let file = self.md_or_null(v[2])?;
                let producer = self.md_str(v[3])?;
                let flags = self.md_str(v[5])?;
                let split = self.md_str(v[7])?;
                let enums = self.md_or_null(v[9])?;
                let retained = self.md_or_null(v[10])?;
                let globals = self.md_or_null(v[12])?;
                let imports = self.md_or_null(v[13])?;
                let macros = self.md_or_null(get(15))?;
                let sysroot = self.md_str(get(20))?;
                let sdk = self.md_str(get(21))?;
                f.dwarf_enum(F::Language, dwarf::LANGS, v[1], false);
                f.md(F::File, file, false);
                f.string(F::Producer, producer, true);
                f.boolean(F::IsOptimized, v[4] != 0, None);
                f.string(F::Flags, flags, true);
                f.uint(F::RuntimeVersion, v[6], false);
                f.string(F::SplitDebugFilename, split, true);
                let ek = match v[8] {
                    0 => "NoDebug",
                    1 => "FullDebug",
                    2 => "LineTablesOnly",
                    3 => "DebugDirectivesOnly",
                    k => return self.err(format!("invalid emission kind {k}")),
                };
                f.push(F::EmissionKind, MdField::word(ek));
                f.md(F::Enums, enums, true);
                f.md(F::RetainedTypes, retained, true);
                f.md(F::Globals, globals, true);
                f.md(F::Imports, imports, true);
                f.md(F::Macros, macros, true);
                f.uint(F::DwoId, get(14), true);
                f.boolean(
                    F::SplitDebugInlining,
                    v.len() <= 16 || v[16] != 0,
                    Some(true),
                );
                f.boolean(F::DebugInfoForProfiling, get(17) != 0, Some(false));
                match get(18) {
                    0 => {}
                    1 => f.push(F::NameTableKind, MdField::word("GNU")),
                    2 => f.push(F::NameTableKind, MdField::word("None")),
                    3 => f.push(F::NameTableKind, MdField::word("Apple")),
                    k => return self.err(format!("invalid name table kind {k}")),
                }
                f.boolean(F::RangesBaseAddress, get(19) != 0, Some(false));
                f.string(F::Sysroot, sysroot, true);
                f.string(F::Sdk, sdk, true);
                self.ctx.md_specialized(SpecKind::DICompileUnit, f.0, true)
            }
            n::METADATA_SUBPROGRAM => {
                need(18)?;
                if v[0] & 4 == 0 {
                    return self.err("subprogram records without spFlags are not supported");
                }
                let sp_flags = v[9];
                let distinct = distinct || sp_flags & 8 != 0;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let name = self.md_str(v[2])?;
                let link = self.md_str(v[3])?;
                let file = self.md_or_null(v[4])?;
                let ty = self.md_or_null(v[6])?;
                let containing = self.md_or_null(v[8])?;
                let unit = if v[0] & 2 != 0 {
                    self.md_or_null(v[12])?
                } else {
                    None
                };
                let tparams = self.md_or_null(v[13])?;
                let decl = self.md_or_null(v[14])?;
                let retained = self.md_or_null(v[15])?;
                let this_adj = get(16) as i32 as i64;
                let thrown = self.md_or_null(get(17))?;
                let ann = self.md_or_null(get(18))?;
                let target = self.md_str(get(19))?;
                f.string(F::Name, name, true);
                f.string(F::LinkageName, link, true);
                f.md(F::Scope, scope, false);
                f.md(F::File, file, true);
                f.uint(F::Line, v[5], true);
                f.md(F::Type, ty, true);
                f.uint(F::ScopeLine, v[7], true);
                f.md(F::ContainingType, containing, true);
                if sp_flags & 3 != 0 || v[10] != 0 {
                    f.uint(F::VirtualIndex, v[10], false);
                }
                f.int(F::ThisAdjustment, this_adj, true);
                f.di_flags(F::Flags, v[11]);
                f.sp_flags(F::SpFlags, sp_flags);
                f.md(F::Unit, unit, true);
                f.md(F::TemplateParams, tparams, true);
                f.md(F::Declaration, decl, true);
                f.md(F::RetainedNodes, retained, true);
                f.md(F::ThrownTypes, thrown, true);
                f.md(F::Annotations, ann, true);
                f.string(F::TargetFuncName, target, true);
                self.ctx
                    .md_specialized(SpecKind::DISubprogram, f.0, distinct)
            }
            n::METADATA_LEXICAL_BLOCK => {
                need(5)?;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let file = self.md_or_null(v[2])?;
                f.md(F::Scope, scope, false);
                f.md(F::File, file, true);
                f.uint(F::Line, v[3], true);
                f.uint(F::Column, v[4], true);
                self.ctx
                    .md_specialized(SpecKind::DILexicalBlock, f.0, distinct)
            }
            n::METADATA_LEXICAL_BLOCK_FILE => {
                need(4)?;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let file = self.md_or_null(v[2])?;
                f.md(F::Scope, scope, false);
                f.md(F::File, file, true);
                f.uint(F::Discriminator, v[3], false);
                self.ctx
                    .md_specialized(SpecKind::DILexicalBlockFile, f.0, distinct)
            }
            n::METADATA_COMMON_BLOCK => {
                need(6)?;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let decl = self.md_or_null(v[2])?;
                let name = self.md_str(v[3])?;
                let file = self.md_or_null(v[4])?;
                f.md(F::Scope, scope, false);
                f.md(F::Declaration, decl, false);
                f.string(F::Name, name, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[5], true);
                self.ctx
                    .md_specialized(SpecKind::DICommonBlock, f.0, distinct)
            }
            n::METADATA_NAMESPACE => {
                need(3)?;
                let k = if v.len() == 5 { 3 } else { 1 };
                let mut f = Fields::new();
                let scope = self.md_or_null(v[k])?;
                let name = self.md_str(get(k + 1))?;
                f.string(F::Name, name, true);
                f.md(F::Scope, scope, false);
                f.boolean(F::ExportSymbols, v[0] & 2 != 0, Some(false));
                self.ctx
                    .md_specialized(SpecKind::DINamespace, f.0, distinct)
            }
            n::METADATA_MACRO => {
                need(5)?;
                let mut f = Fields::new();
                let name = self.md_str(v[3])?;
                let value = self.md_str(v[4])?;
                f.push(F::Type, dwarf_word(dwarf::MACINFOS, v[1]));
                f.uint(F::Line, v[2], true);
                f.string(F::Name, name, true);
                f.string(F::Value, value, true);
                self.ctx.md_specialized(SpecKind::DIMacro, f.0, distinct)
            }
            n::METADATA_MACRO_FILE => {
                need(5)?;
                let mut f = Fields::new();
                let file = self.md_or_null(v[3])?;
                let nodes = self.md_or_null(v[4])?;
                if v[1] != 3 {
                    f.push(F::Type, dwarf_word(dwarf::MACINFOS, v[1]));
                }
                f.uint(F::Line, v[2], true);
                f.md(F::File, file, false);
                f.md(F::Nodes, nodes, true);
                self.ctx
                    .md_specialized(SpecKind::DIMacroFile, f.0, distinct)
            }
            n::METADATA_MODULE => {
                need(6)?;
                let mut f = Fields::new();
                let big = v.len() >= 8;
                let (file, base) = if big {
                    (self.md_or_null(v[1])?, 2)
                } else {
                    (None, 1)
                };
                let scope = self.md_or_null(v[base])?;
                let name = self.md_str(v[base + 1])?;
                let cm = self.md_str(v[base + 2])?;
                let ip = self.md_str(v[base + 3])?;
                let an = self.md_str(get(base + 4))?;
                f.md(F::Scope, scope, false);
                f.string(F::Name, name, true);
                f.string(F::ConfigMacros, cm, true);
                f.string(F::IncludePath, ip, true);
                f.string(F::Apinotes, an, true);
                f.md(F::File, file, true);
                f.uint(F::Line, get(7), true);
                f.boolean(F::IsDecl, get(8) != 0, Some(false));
                self.ctx.md_specialized(SpecKind::DIModule, f.0, distinct)
            }
            n::METADATA_ASSIGN_ID => {
                self.ctx
                    .md_specialized(SpecKind::DIAssignID, Vec::new(), true)
            }
            n::METADATA_TEMPLATE_TYPE => {
                need(3)?;
                let mut f = Fields::new();
                let name = self.md_str(v[1])?;
                let ty = self.md_or_null(v[2])?;
                f.string(F::Name, name, true);
                f.md(F::Type, ty, false);
                f.boolean(F::Defaulted, get(3) != 0, Some(false));
                self.ctx
                    .md_specialized(SpecKind::DITemplateTypeParameter, f.0, distinct)
            }
            n::METADATA_TEMPLATE_VALUE => {
                need(5)?;
                let mut f = Fields::new();
                let name = self.md_str(v[2])?;
                let ty = self.md_or_null(v[3])?;
                let (def, val) = if v.len() == 6 {
                    (v[4] != 0, self.md_or_null(v[5])?)
                } else {
                    (false, self.md_or_null(v[4])?)
                };
                if v[1] != 0x30 {
                    f.tag(v[1]);
                }
                f.string(F::Name, name, true);
                f.md(F::Type, ty, true);
                f.boolean(F::Defaulted, def, Some(false));
                f.md(F::Value, val, false);
                self.ctx
                    .md_specialized(SpecKind::DITemplateValueParameter, f.0, distinct)
            }
            n::METADATA_GLOBAL_VAR => {
                need(11)?;
                if v[0] >> 1 < 1 {
                    return self.err("old global variable records are not supported");
                }
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let name = self.md_str(v[2])?;
                let link = self.md_str(v[3])?;
                let file = self.md_or_null(v[4])?;
                let ty = self.md_or_null(v[6])?;
                let decl = self.md_or_null(v[9])?;
                let tparams = self.md_or_null(v[10])?;
                let ann = self.md_or_null(get(12))?;
                f.string(F::Name, name, true);
                f.string(F::LinkageName, link, true);
                f.md(F::Scope, scope, false);
                f.md(F::File, file, true);
                f.uint(F::Line, v[5], true);
                f.md(F::Type, ty, true);
                f.boolean(F::IsLocal, v[7] != 0, None);
                f.boolean(F::IsDefinition, v[8] != 0, None);
                f.md(F::Declaration, decl, true);
                f.md(F::TemplateParams, tparams, true);
                f.uint(F::Align, get(11), true);
                f.md(F::Annotations, ann, true);
                self.ctx
                    .md_specialized(SpecKind::DIGlobalVariable, f.0, distinct)
            }
            n::METADATA_GLOBAL_VAR_EXPR => {
                need(3)?;
                let mut f = Fields::new();
                let var = self.md_or_null(v[1])?;
                let expr = self.md_or_null(v[2])?;
                f.md(F::Var, var, false);
                f.md(F::Expr, expr, true);
                self.ctx
                    .md_specialized(SpecKind::DIGlobalVariableExpression, f.0, distinct)
            }
            n::METADATA_LOCAL_VAR => {
                need(8)?;
                let has_align = v[0] & 2 != 0;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let name = self.md_str(v[2])?;
                let file = self.md_or_null(v[3])?;
                let ty = self.md_or_null(v[5])?;
                let (align, ann) = if has_align {
                    (get(8), self.md_or_null(get(9))?)
                } else {
                    (0, None)
                };
                f.string(F::Name, name, true);
                f.uint(F::Arg, v[6], true);
                f.md(F::Scope, scope, false);
                f.md(F::File, file, true);
                f.uint(F::Line, v[4], true);
                f.md(F::Type, ty, true);
                f.di_flags(F::Flags, v[7]);
                f.uint(F::Align, align, true);
                f.md(F::Annotations, ann, true);
                self.ctx
                    .md_specialized(SpecKind::DILocalVariable, f.0, distinct)
            }
            n::METADATA_LABEL => {
                need(5)?;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[1])?;
                let name = self.md_str(v[2])?;
                let file = self.md_or_null(v[3])?;
                f.md(F::Scope, scope, false);
                f.string(F::Name, name, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[4], true);
                self.ctx.md_specialized(SpecKind::DILabel, f.0, distinct)
            }
            n::METADATA_EXPRESSION => {
                need(1)?;
                let version = v[0] >> 1;
                if version < 3 {
                    return self.err("old expression records are not supported");
                }
                let fs = expr_fields(&v[1..]);
                self.ctx
                    .md_specialized(SpecKind::DIExpression, fs, distinct)
            }
            n::METADATA_OBJC_PROPERTY => {
                need(8)?;
                let mut f = Fields::new();
                let name = self.md_str(v[1])?;
                let file = self.md_or_null(v[2])?;
                let getter = self.md_str(v[4])?;
                let setter = self.md_str(v[5])?;
                let ty = self.md_or_null(v[7])?;
                f.string(F::Name, name, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[3], true);
                f.string(F::Setter, setter, true);
                f.string(F::Getter, getter, true);
                f.uint(F::Attributes, v[6], true);
                f.md(F::Type, ty, true);
                self.ctx
                    .md_specialized(SpecKind::DIObjCProperty, f.0, distinct)
            }
            n::METADATA_IMPORTED_ENTITY => {
                need(6)?;
                let mut f = Fields::new();
                let scope = self.md_or_null(v[2])?;
                let entity = self.md_or_null(v[3])?;
                let name = self.md_str(v[5])?;
                let file = self.md_or_null(get(6))?;
                let elems = self.md_or_null(get(7))?;
                f.tag(v[1]);
                f.string(F::Name, name, true);
                f.md(F::Scope, scope, false);
                f.md(F::Entity, entity, true);
                f.md(F::File, file, true);
                f.uint(F::Line, v[4], true);
                f.md(F::Elements, elems, true);
                self.ctx
                    .md_specialized(SpecKind::DIImportedEntity, f.0, distinct)
            }
            c => {
                return self.err(format!(
                    "unsupported metadata record {}",
                    n::record_name(n::METADATA_BLOCK_ID, c).unwrap_or("(unknown)")
                ))
            }
        };
        self.md_push(md)
    }

    /// A bound of a subrange (or a composite type's rank): a constant
    /// integer prints as a number, anything else as a reference.
    fn bound(&self, f: &mut Fields, name: F, m: Option<Metadata>) {
        if let Some(x) = m.and_then(|m| const_int_md(self.ctx, m)) {
            f.int(name, x, false);
            return;
        }
        f.md(name, m, true);
    }

    /// The value a `METADATA_VALUE` record names: a constant (made now if
    /// pending), a global, or (in a body) a local value, a placeholder if
    /// it is defined later.
    fn value_for_md(&mut self, id: u64, ty: crate::types::Type, module_level: bool) -> Res<Value> {
        let Ok(id) = u32::try_from(id) else {
            return self.err(format!("invalid value id {id}"));
        };
        let v = match self.vals.get(id as usize) {
            Some(Slot::Val(v)) => *v,
            Some(Slot::Pending(_)) => self.materialize_value(id)?,
            _ if !module_level => self.fwd_value(id, ty)?,
            _ => return self.err(format!("invalid value id {id}")),
        };
        if self.ctx.type_of(v) != ty {
            return self.err("value-as-metadata of the wrong type");
        }
        Ok(v)
    }
}
