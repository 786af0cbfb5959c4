//! Parsing metadata: `!N = ...` definitions (with forward references
//! through temporaries), named metadata, tuples, strings, values as
//! metadata, every specialised `!DI*` node with its fields,
//! `!DIExpression` / `!DIArgList`, attachments (`!dbg !N`) and the debug
//! records (`#dbg_value(...)` ...) that precede instructions.
//!
//! Fields are checked against [`SpecKind::fields`], each value against its
//! kind (`di_fields.rs`), and kept as written;
//! the printer writes them back verbatim (LLVM's reader normalises).

use super::di_fields::{field_kind, required_fields, FieldKind};
use super::lexer::Tok;
use super::{PResult, Parser};
use crate::ir::inst::DbgRecord;
use crate::ir::metadata::{FieldName, MdField, MdKindId, Metadata, SpecKind};
use crate::value::{Value, ValueKind};

/// The names `DINode::getFlag` knows (`DIFlagZero` and `DIFlagLargest`
/// are not among them), from LLVM 19's `DebugInfoFlags.def`.
const DI_FLAG_NAMES: &[&str] = &[
    "Private",
    "Protected",
    "Public",
    "FwdDecl",
    "AppleBlock",
    "ReservedBit4",
    "Virtual",
    "Artificial",
    "Explicit",
    "Prototyped",
    "ObjcClassComplete",
    "ObjectPointer",
    "Vector",
    "StaticMember",
    "LValueReference",
    "RValueReference",
    "ExportSymbols",
    "SingleInheritance",
    "MultipleInheritance",
    "VirtualInheritance",
    "IntroducedVirtual",
    "BitField",
    "NoReturn",
    "TypePassByValue",
    "TypePassByReference",
    "EnumClass",
    "Thunk",
    "NonTrivial",
    "BigEndian",
    "LittleEndian",
    "AllCallsDescribed",
    "IndirectVirtualBase",
];

/// The names `DISubprogram::getFlag` knows.
const DISP_FLAG_NAMES: &[&str] = &[
    "Virtual",
    "PureVirtual",
    "LocalToUnit",
    "Definition",
    "Optimized",
    "Pure",
    "Elemental",
    "Recursive",
    "MainSubprogram",
    "Deleted",
    "ObjCDirect",
];

impl Parser<'_> {
    /// A `DIFlag...` or `DISPFlag...` word must name a flag, as LLParser's
    /// `parseDIFlag` / `parseDISPFlag` check.
    pub(super) fn check_flag_name(&self) -> PResult<()> {
        if self.tok.kind != Tok::Word {
            return Ok(());
        }
        let w = self.word();
        if let Some(n) = w.strip_prefix("DISPFlag") {
            if !DISP_FLAG_NAMES.contains(&n) {
                return self.err(format!("invalid subprogram debug info flag '{w}'"));
            }
        } else if let Some(n) = w.strip_prefix("DIFlag") {
            if !DI_FLAG_NAMES.contains(&n) {
                return self.err(format!("invalid debug info flag '{w}'"));
            }
        }
        Ok(())
    }

    /// `!N`: the node or a temporary standing for it.
    fn md_ref(&mut self, n: u64, pos: usize) -> Metadata {
        if let Some(&m) = self.md_nums.get(&n) {
            return m;
        }
        if let Some(&(m, _)) = self.md_fwd.get(&n) {
            return m;
        }
        let t = self.ctx.md_temporary();
        self.md_fwd.insert(n, (t, pos));
        t
    }

    fn is_placeholder(&self, v: Value) -> bool {
        match self.ctx.value_kind(v) {
            ValueKind::Placeholder => true,
            ValueKind::GlobalVariable if !self.ctx.has_name(v) => {
                self.fwd_globals.values().any(|x| x.0 == v)
                    || self.fwd_global_ids.values().any(|x| x.0 == v)
                    || self.fwd_blockaddr.iter().any(|x| x.0 == v)
                    || self.fwd_dso.iter().any(|x| x.1 == v)
            }
            _ => false,
        }
    }

    /// `v` as metadata; a placeholder gets a temporary resolved with it.
    pub(crate) fn md_value_of(&mut self, v: Value) -> Metadata {
        if self.is_placeholder(v) {
            if let Some(&t) = self.md_value_fwd.get(&v) {
                return t;
            }
            let t = self.ctx.md_temporary();
            self.md_value_fwd.insert(v, t);
            return t;
        }
        self.ctx.md_value(v)
    }

    /// A metadata operand: `!...`, or a typed value.
    pub(crate) fn parse_md_operand(&mut self) -> PResult<Metadata> {
        match self.parse_md()? {
            Some(m) => Ok(m),
            None => self.err("expected metadata operand"),
        }
    }

    /// Metadata: `!N`, `!"s"`, `!{...}`, `!DIx(...)`, `null` (`None`), or
    /// a typed value.
    pub(crate) fn parse_md(&mut self) -> PResult<Option<Metadata>> {
        self.enter("metadata")?;
        let r = crate::stack::deep(|| self.parse_md_inner());
        self.leave();
        r
    }

    fn parse_md_inner(&mut self) -> PResult<Option<Metadata>> {
        let pos = self.tok.start();
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                match self.tok.kind {
                    Tok::Int => {
                        // LLVM reports an undefined `!N` at the `N`.
                        let at = self.tok.start();
                        let n = self.parse_u64("metadata id")?;
                        Ok(Some(self.md_ref(n, at)))
                    }
                    Tok::Str => {
                        let b = self.parse_str_bytes("string")?;
                        Ok(Some(self.ctx.md_string_bytes(&b)))
                    }
                    Tok::LBrace => Ok(Some(self.parse_md_tuple(false)?)),
                    _ => self.err("expected metadata"),
                }
            }
            Tok::MdName => Ok(Some(self.parse_specialized(false)?)),
            Tok::Word if self.is_word("null") => {
                self.bump();
                Ok(None)
            }
            _ => {
                let ty = self.parse_type()?;
                if self.ctx.is_metadata(ty) {
                    return self.err_at(pos, "invalid metadata-value-metadata roundtrip");
                }
                let v = self.parse_value(ty)?;
                Ok(Some(self.md_value_of(v)))
            }
        }
    }

    /// `{ ... }` after `!` (the `{` is current).
    fn parse_md_tuple(&mut self, distinct: bool) -> PResult<Metadata> {
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut ops = Vec::new();
        if !self.is(Tok::RBrace) {
            loop {
                ops.push(self.parse_md()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected end of metadata node")?;
        Ok(if distinct {
            self.ctx.md_distinct_tuple(&ops)
        } else {
            self.ctx.md_tuple(&ops)
        })
    }

    /// `!DIxxx(...)` (the name token is current).
    fn parse_specialized(&mut self, distinct: bool) -> PResult<Metadata> {
        let t = self.bump();
        let name = self.lx.text(&t);
        let Some(kind) = SpecKind::from_name(&name) else {
            return self.err_at(t.start(), format!("expected metadata type, got '!{name}'"));
        };
        if kind.is_always_distinct() && !distinct {
            return self.err_at(
                t.start(),
                format!("missing 'distinct', required for !{name}"),
            );
        }
        self.expect(Tok::LParen, "expected '(' here")?;
        let mut fields: Vec<(FieldName, MdField)> = Vec::new();
        if kind.is_positional() {
            if !self.is(Tok::RParen) {
                loop {
                    let f = if kind == SpecKind::DIArgList {
                        let ty = self.parse_type()?;
                        let v = self.parse_value(ty)?;
                        MdField::Md(Some(self.md_value_of(v)))
                    } else if self.is(Tok::Word) {
                        let w = self.word();
                        if !(w.starts_with("DW_OP_") || w.starts_with("DW_ATE_")) {
                            return self.err(format!("invalid DWARF op '{w}'"));
                        }
                        self.bump();
                        MdField::word(w)
                    } else {
                        MdField::UInt(self.parse_u64("integer")?)
                    };
                    fields.push((FieldName::Positional, f));
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
            }
        } else if !self.is(Tok::RParen) {
            loop {
                let ft = self.tok;
                if ft.kind != Tok::LabelName {
                    return self.err("expected field label here");
                }
                self.bump();
                let fname = core::str::from_utf8(self.lx.bytes(ft.a(), ft.b())).unwrap_or("");
                let Some(f) = FieldName::from_name(fname).filter(|f| kind.fields().contains(f))
                else {
                    return self.err_at(ft.start(), format!("invalid field '{fname}'"));
                };
                if fields.iter().any(|(n, _)| *n == f) {
                    return self.err_at(
                        ft.start(),
                        format!("field '{fname}' cannot be specified more than once"),
                    );
                }
                let v = self.parse_field_of_kind(field_kind(kind, f), fname)?;
                fields.push((f, v));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        let close = self.tok.start();
        self.expect(Tok::RParen, "expected ')' here")?;
        self.check_node_fields(kind, &fields, close, t.start(), distinct)?;
        let fields = crate::ir::metadata::canonical_fields(self.ctx, kind, fields);
        Ok(self.ctx.md_specialized(kind, fields, distinct))
    }

    /// LLParser's checks once a node's fields are read: required fields
    /// (reported at the `)`), then the per-node rules (reported at the
    /// token after the `)`, or at the node's name).
    fn check_node_fields(
        &self,
        kind: SpecKind,
        fields: &[(FieldName, MdField)],
        close: usize,
        at_name: usize,
        distinct: bool,
    ) -> PResult<()> {
        let get = |f: FieldName| fields.iter().find(|(n, _)| *n == f).map(|(_, v)| v);
        if let Some(f) = required_fields(kind).iter().find(|&&f| get(f).is_none()) {
            return self.err_at(close, format!("missing required field '{}'", f.name()));
        }
        match kind {
            SpecKind::DIEnumerator => {
                let negative = match get(FieldName::Value) {
                    Some(MdField::Int(v)) => *v < 0,
                    Some(MdField::Word(w)) => w.starts_with('-'),
                    _ => false,
                };
                if negative && matches!(get(FieldName::IsUnsigned), Some(MdField::Bool(true))) {
                    return self.err("unsigned enumerator with negative value");
                }
            }
            SpecKind::DIFile
                if get(FieldName::Checksumkind).is_some() != get(FieldName::Checksum).is_some() =>
            {
                return self.err("'checksumkind' and 'checksum' must be provided together");
            }
            SpecKind::DISubprogram if !distinct => {
                let definition = match get(FieldName::SpFlags) {
                    Some(MdField::UInt(v)) => v & 8 != 0,
                    Some(MdField::Word(w)) => w.split(" | ").any(|p| {
                        p == "DISPFlagDefinition" || p.parse::<u64>().is_ok_and(|v| v & 8 != 0)
                    }),
                    Some(_) => false,
                    None => !matches!(get(FieldName::IsDefinition), Some(MdField::Bool(false))),
                };
                if definition {
                    return self.err_at(
                        at_name,
                        "missing 'distinct', required for !DISubprogram that is a Definition",
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A named field's value, checked against its kind first.
    fn parse_field_of_kind(&mut self, fk: FieldKind, fname: &str) -> PResult<MdField> {
        self.check_field_value(fk, fname)?;
        let int = matches!(self.tok.kind, Tok::Int | Tok::HexInt);
        match fk {
            FieldKind::Md(_) => Ok(MdField::Md(self.parse_md()?)),
            FieldKind::IntOrMd(..) if !int => Ok(MdField::Md(self.parse_md()?)),
            FieldKind::Flags | FieldKind::SpFlags => {
                let sp = fk == FieldKind::SpFlags;
                self.check_flag(sp)?;
                if self.tok.kind == Tok::Int && self.peek().kind != Tok::Bar {
                    return self.parse_field_value();
                }
                let mut s = String::from_utf8_lossy(self.tok_bytes()).into_owned();
                self.bump();
                while self.eat(Tok::Bar) {
                    self.check_flag(sp)?;
                    s.push_str(" | ");
                    s.push_str(&String::from_utf8_lossy(self.tok_bytes()));
                    self.bump();
                }
                Ok(MdField::Word(s.into()))
            }
            _ => self.parse_field_value(),
        }
    }

    fn parse_field_value(&mut self) -> PResult<MdField> {
        match self.tok.kind {
            Tok::Int => {
                let text = core::str::from_utf8(self.tok_bytes()).unwrap_or("0");
                let f = if text.starts_with('-') {
                    text.parse::<i64>()
                        .map(MdField::Int)
                        .unwrap_or_else(|_| MdField::word(text))
                } else {
                    text.parse::<u64>()
                        .map(MdField::UInt)
                        .unwrap_or_else(|_| MdField::word(text))
                };
                self.bump();
                Ok(f)
            }
            Tok::HexInt => {
                // `u0x...` / `s0x...`: an unsigned one that fits is its
                // number, anything else is kept as written.
                let text = core::str::from_utf8(self.tok_bytes()).unwrap_or("0");
                let f = match text.strip_prefix("u0x") {
                    Some(h) => u64::from_str_radix(h, 16)
                        .map(MdField::UInt)
                        .unwrap_or_else(|_| MdField::word(text)),
                    None => MdField::word(text),
                };
                self.bump();
                Ok(f)
            }
            Tok::Str => Ok(MdField::Str(self.parse_str_bytes("string")?.into())),
            Tok::Word => match self.tok_bytes() {
                b"true" | b"false" => {
                    let b = self.is_word("true");
                    self.bump();
                    Ok(MdField::Bool(b))
                }
                b"null" => {
                    self.bump();
                    Ok(MdField::Md(None))
                }
                b"ptr" | b"half" | b"bfloat" | b"float" | b"double" | b"x86_fp80" | b"fp128"
                | b"ppc_fp128" => Ok(MdField::Md(self.parse_md()?)),
                _ => {
                    self.check_flag_name()?;
                    let mut s = self.word().to_string();
                    self.bump();
                    while self.eat(Tok::Bar) {
                        if !matches!(self.tok.kind, Tok::Word | Tok::Int) {
                            return self.err("expected flag");
                        }
                        self.check_flag_name()?;
                        s.push_str(" | ");
                        s.push_str(core::str::from_utf8(self.tok_bytes()).unwrap_or(""));
                        self.bump();
                    }
                    Ok(MdField::Word(s.into()))
                }
            },
            Tok::LBrace => {
                self.bump();
                let mut l = Vec::new();
                if !self.is(Tok::RBrace) {
                    loop {
                        l.push(self.parse_md()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RBrace, "expected '}' here")?;
                Ok(MdField::List(l.into()))
            }
            _ => Ok(MdField::Md(self.parse_md()?)),
        }
    }

    /// `!kind !node` (the kind token is current).
    pub(crate) fn parse_md_attachment(&mut self) -> PResult<(MdKindId, Metadata)> {
        let t = self.expect_token(Tok::MdName, "expected metadata attachment")?;
        let raw = self.lx.bytes(t.a(), t.b());
        let kind = match self.last_md_kind {
            Some((r, k)) if r == raw => k,
            _ => {
                // Registered on first use, as LLVM's parser does, so kind
                // ids (the print order) follow first appearance.
                let n = self.name_of(&t);
                let k = self.ctx.md_kind_id(&*n);
                self.last_md_kind = Some((raw, k));
                k
            }
        };
        if !matches!(self.tok.kind, Tok::Exclaim | Tok::MdName) {
            return self.err("expected metadata node");
        }
        let md = self.parse_md_operand()?;
        Ok((kind, md))
    }

    /// `!N = [distinct] node` (the `!` is current).
    pub(crate) fn parse_md_def(&mut self) -> PResult<()> {
        self.bump();
        let pos = self.tok.start();
        let n = self.parse_u64("metadata id")?;
        self.expect(Tok::Equal, "expected '=' here")?;
        let distinct = self.eat_word("distinct");
        let node = match self.tok.kind {
            Tok::MdName => self.parse_specialized(distinct)?,
            Tok::Exclaim => {
                self.bump();
                if !self.is(Tok::LBrace) {
                    return self.err("expected '{' here");
                }
                self.parse_md_tuple(distinct)?
            }
            _ => return self.err("expected metadata node"),
        };
        if self.md_nums.contains_key(&n) {
            return self.err_at(pos, "Metadata id is already used");
        }
        if let Some((t, _)) = self.md_fwd.remove(&n) {
            if self.ctx.md_resolved(node) == t {
                return self.err_at(pos, "metadata node refers only to itself");
            }
            self.ctx.md_replace_temporary(t, node);
        }
        self.md_nums.insert(n, node);
        Ok(())
    }

    /// `!name = !{...}` (the name is current).
    pub(crate) fn parse_named_md(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(&t).into_owned();
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect(Tok::Exclaim, "Expected '!' here")?;
        self.expect(Tok::LBrace, "Expected '{' here")?;
        let mut ops = Vec::new();
        if !self.is(Tok::RBrace) {
            loop {
                // LLParser takes `!N` and `!DIExpression(...)` only.
                let next_int = self.tok.kind == Tok::Exclaim && self.peek().kind == Tok::Int;
                match self.tok.kind {
                    Tok::MdName if self.tok_bytes() == b"DIExpression" => {}
                    Tok::MdName if self.tok_bytes() == b"DIArgList" => {
                        return self.err("found DIArgList outside of function")
                    }
                    Tok::Exclaim if next_int => {}
                    Tok::Exclaim => {
                        self.bump();
                        return self.err("expected integer");
                    }
                    _ => return self.err("Expected '!' here"),
                }
                ops.push(self.parse_md_operand()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected end of metadata node")?;
        let md = self.ctx.module_mut(self.m);
        md.named_md.entry(name.into()).or_default().extend(ops);
        Ok(())
    }

    /// `#dbg_kind(op, ...)` (the record token is current).
    pub(crate) fn parse_dbg_record(&mut self) -> PResult<DbgRecord> {
        let t = self.bump();
        let kind = core::str::from_utf8(self.lx.bytes(t.a(), t.b())).unwrap_or("");
        let n = match kind {
            "value" | "declare" => 4,
            "assign" => 7,
            "label" => 2,
            _ => {
                return self.err_at(
                    t.start(),
                    format!("expected debug record type, got '#dbg_{kind}'"),
                )
            }
        };
        self.expect(Tok::LParen, "Expected '(' here")?;
        let mut ops = Vec::with_capacity(n);
        loop {
            ops.push(self.parse_md()?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "Expected ')' here")?;
        if ops.len() != n {
            return self.err_at(t.start(), format!("expected {n} operands in #dbg_{kind}"));
        }
        Ok(DbgRecord {
            kind: kind.into(),
            ops,
        })
    }
}
