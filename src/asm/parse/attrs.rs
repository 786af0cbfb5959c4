//! Parsing attributes: inline lists on parameters, return values,
//! functions and call sites, `#N` references, and `attributes #N = { ... }`
//! groups.
//!
//! Owns the token grammar around an attribute (`align 8`, `align(8)`,
//! `align=8` in groups, `byval(T)`, `memory(...)` and the other
//! parenthesised values, `"key"="value"`); values themselves are decoded by
//! [`Attribute::parse`]. It does not own where attribute sets are stored.

use super::lexer::Tok;
use super::{AttrTarget, PResult, Parser};
use crate::ir::attributes::{
    insert_sorted, legacy_memory_keyword, AttrClass, AttrKind, AttrPosition, Attribute,
    AttributeSet, MemoryEffects, UwTableKind,
};

/// Where an attribute list is being read.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum AttrPlace {
    /// A function or call site (`#N` allowed).
    Function,
    /// Inside `attributes #N = { ... }`.
    Group,
    /// A parameter or call argument.
    Param,
    /// A return value.
    Return,
}

/// The last attribute list that was a single keyword (`noundef` on most
/// call arguments and parameters): that keyword again at the same place,
/// before the same kind of token, is that set again, without reading the
/// keyword's name, its value or the interning table.
pub(crate) struct OneAttr<'a> {
    word: &'a [u8],
    place: AttrPlace,
    /// The kind of the token after the keyword.
    next: Tok,
    set: AttributeSet,
}

/// Whether a token of kind `k` after an attribute keyword ends the list
/// whatever its text (a value, a name, punctuation no attribute takes):
/// no attribute reads a token of this kind as its value or its next entry.
fn ends_attr_list(k: Tok) -> bool {
    matches!(
        k,
        Tok::LocalId
            | Tok::LocalName
            | Tok::GlobalId
            | Tok::GlobalName
            | Tok::IntType
            | Tok::Comma
            | Tok::RParen
            | Tok::LBrace
    )
}

impl<'a> Parser<'a> {
    /// Attributes at `place` until a token that is not one; `#N`
    /// references are appended to `groups` (with their positions).
    pub(crate) fn parse_attrs(
        &mut self,
        place: AttrPlace,
        groups: &mut Vec<(u64, usize)>,
    ) -> PResult<AttributeSet> {
        if !matches!(self.tok.kind, Tok::Word | Tok::Str | Tok::AttrGroup) {
            return Ok(AttributeSet::new());
        }
        let first = self.tok;
        let next = self.peek();
        if first.kind == Tok::Word {
            if let Some(one) = &self.one_attr {
                if one.place == place && one.next == next.kind && one.word == self.tok_bytes() {
                    let s = one.set.clone();
                    self.bump();
                    return Ok(s);
                }
            }
        }
        let ngroups = groups.len();
        let mut set = std::mem::take(&mut self.attr_scratch);
        set.clear();
        let r = self.parse_attrs_into(place, groups, &mut set);
        let out = r.map(|()| self.intern_attrs(&set));
        self.attr_scratch = set;
        // A list that was one keyword, ended by a token no attribute reads
        // on: the same keyword before the same kind of token reads the same.
        if let Ok(s) = &out {
            if first.kind == Tok::Word
                && self.tok.start() == next.start()
                && groups.len() == ngroups
                && ends_attr_list(next.kind)
            {
                self.one_attr = Some(OneAttr {
                    word: self.lx.bytes(first.a(), first.b()),
                    place,
                    next: next.kind,
                    set: s.clone(),
                });
            }
        }
        out
    }

    fn parse_attrs_into(
        &mut self,
        place: AttrPlace,
        groups: &mut Vec<(u64, usize)>,
        set: &mut Vec<Attribute>,
    ) -> PResult<()> {
        // The legacy memory keywords seen so far, intersected (LLParser's
        // `upgradeMemoryAttr`); they win over an explicit `memory(...)`.
        let mut legacy: Option<MemoryEffects> = None;
        loop {
            match self.tok.kind {
                Tok::AttrGroup if place == AttrPlace::Function => {
                    let t = self.bump();
                    groups.push((t.num(), t.start()));
                }
                Tok::AttrGroup if place == AttrPlace::Group => {
                    return self
                        .err("cannot have an attribute group reference in an attribute group")
                }
                Tok::Str => {
                    let key = self.parse_str_bytes("attribute")?;
                    let value = if self.eat(Tok::Equal) {
                        self.parse_str_bytes("attribute value")?
                    } else {
                        Vec::new()
                    };
                    insert_sorted(set, Attribute::string(key, value));
                }
                Tok::Word => {
                    let pos = self.tok.start();
                    let Some(kind) = AttrKind::from_name(self.word()) else {
                        if matches!(place, AttrPlace::Function | AttrPlace::Group) {
                            if let Some(me) = legacy_memory_keyword(self.word()) {
                                self.bump();
                                let me = legacy.map_or(me, |l| l.intersect(me));
                                legacy = Some(me);
                                insert_sorted(set, Attribute::memory(me));
                                continue;
                            }
                        }
                        if place == AttrPlace::Group {
                            return self.err("unterminated attribute group");
                        }
                        return Ok(());
                    };
                    let fn_like = matches!(place, AttrPlace::Function | AttrPlace::Group);
                    if fn_like && !kind.allowed_on(AttrPosition::Function) {
                        // Parameter-only keywords end a function's list
                        // (legacy memory keywords are upgraded).
                        if let Some(me) = legacy_memory_keyword(self.word()) {
                            self.bump();
                            let me = legacy.map_or(me, |l| l.intersect(me));
                            legacy = Some(me);
                            insert_sorted(set, Attribute::memory(me));
                            continue;
                        }
                        if kind != AttrKind::Alignment && place == AttrPlace::Function {
                            // LLVM reads the attribute's value before it
                            // refuses the attribute.
                            self.bump();
                            self.parse_attr_value(kind, place, pos)?;
                            return self.err_at(pos, "this attribute does not apply to functions");
                        }
                    }
                    self.bump();
                    let attr = self.parse_attr_value(kind, place, pos)?;
                    let ok = match place {
                        AttrPlace::Param => kind.allowed_on(AttrPosition::Param),
                        AttrPlace::Return => kind.allowed_on(AttrPosition::Return),
                        _ => true,
                    };
                    if !ok {
                        let what = if place == AttrPlace::Param {
                            "parameters"
                        } else {
                            "return values"
                        };
                        return self
                            .err_at(pos, format!("this attribute does not apply to {what}"));
                    }
                    if !(legacy.is_some() && kind == AttrKind::Memory) {
                        insert_sorted(set, attr);
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn parse_attr_value(
        &mut self,
        kind: AttrKind,
        place: AttrPlace,
        pos: usize,
    ) -> PResult<Attribute> {
        let conv =
            |r: Result<Attribute, String>| r.map_err(|msg| Box::new(super::PErr { pos, msg }));
        match kind.class() {
            AttrClass::Enum => Ok(Attribute::Enum(kind)),
            AttrClass::Type => {
                if !self.eat(Tok::LParen) {
                    return self.err("expected '('");
                }
                let t = self.parse_type()?;
                self.expect(Tok::RParen, "expected ')'")?;
                Ok(Attribute::Type(kind, t))
            }
            _ => {
                if let Some(attr) = self.parse_int_attr_args(kind, place)? {
                    return Ok(attr);
                }
                if self.is(Tok::LParen) {
                    let text = self.raw_parens()?;
                    return conv(Attribute::parse(kind, Some(&text)));
                }
                if self.is(Tok::Equal) && place == AttrPlace::Group {
                    self.bump();
                    let t = self.expect_token(Tok::Int, "expected integer")?;
                    let text = core::str::from_utf8(self.lx.bytes(t.a(), t.b())).unwrap_or("");
                    return conv(Attribute::parse(kind, Some(text)));
                }
                if kind == AttrKind::Alignment {
                    let t = self.expect_token(Tok::Int, "expected integer")?;
                    let text = core::str::from_utf8(self.lx.bytes(t.a(), t.b())).unwrap_or("");
                    return conv(Attribute::parse(kind, Some(text)));
                }
                conv(Attribute::parse(kind, None))
            }
        }
    }

    /// The arguments of `align`, `alignstack`, `allocsize`, `allockind`,
    /// `dereferenceable(_or_null)` and `vscale_range`, token by token as
    /// LLVM 19's parser reads them, so that an error is reported where and
    /// as it reports it (`None` for the other kinds). In an attribute
    /// group `align` and `alignstack` take `=N` (left to the caller).
    fn parse_int_attr_args(
        &mut self,
        kind: AttrKind,
        place: AttrPlace,
    ) -> PResult<Option<Attribute>> {
        let int = |kind, v| Ok(Some(Attribute::Int(kind, v)));
        match kind {
            AttrKind::Alignment if place == AttrPlace::Group => {
                if !self.is(Tok::Equal) {
                    return self.err("expected '=' here");
                }
                Ok(None)
            }
            AttrKind::StackAlignment if place == AttrPlace::Group => {
                if !self.is(Tok::Equal) {
                    return self.err("expected '=' here");
                }
                Ok(None)
            }
            AttrKind::Alignment => {
                // The '(' (or the number) locates all but "expected integer".
                let at = self.tok.start();
                let parens = self.eat(Tok::LParen);
                let v = self.parse_u64("integer")?;
                if parens && !self.eat(Tok::RParen) {
                    return self.err_at(at, "expected ')'");
                }
                if !v.is_power_of_two() {
                    return self.err_at(at, "alignment is not a power of two");
                }
                if v > 1 << 32 {
                    return self.err_at(at, "huge alignments are not supported yet");
                }
                int(kind, v)
            }
            AttrKind::StackAlignment => {
                self.expect(Tok::LParen, "expected '('")?;
                let at = self.tok.start();
                let v = self.parse_u32("integer")?;
                self.expect(Tok::RParen, "expected ')'")?;
                if !v.is_power_of_two() {
                    return self.err_at(at, "stack alignment is not a power of two");
                }
                int(kind, u64::from(v))
            }
            AttrKind::AllocSize => {
                self.expect(Tok::LParen, "expected '('")?;
                let elem = self.parse_u32("integer")?;
                let mut num = None;
                if self.eat(Tok::Comma) {
                    let at = self.tok.start();
                    let n = self.parse_u32("integer")?;
                    if n == elem {
                        return self
                            .err_at(at, "'allocsize' indices can't refer to the same parameter");
                    }
                    num = Some(n);
                }
                self.expect(Tok::RParen, "expected ')'")?;
                int(kind, crate::ir::attributes::pack_allocsize(elem, num))
            }
            AttrKind::AllocKind => {
                self.expect(Tok::LParen, "expected '('")?;
                let at = self.tok.start();
                if !self.is(Tok::Str) {
                    return self.err("expected allockind value");
                }
                let text = self.parse_str_bytes("allockind value")?;
                let text = String::from_utf8_lossy(&text);
                let bits = match crate::ir::attributes::parse_allockind(&text) {
                    Ok(k) => k.bits(),
                    Err(msg) => return self.err_at(at, msg),
                };
                self.expect(Tok::RParen, "expected ')'")?;
                int(kind, bits)
            }
            AttrKind::Dereferenceable | AttrKind::DereferenceableOrNull => {
                self.expect(Tok::LParen, "expected '('")?;
                let at = self.tok.start();
                let v = self.parse_u64("integer")?;
                self.expect(Tok::RParen, "expected ')'")?;
                if v == 0 {
                    return self.err_at(at, "dereferenceable bytes must be non-zero");
                }
                int(kind, v)
            }
            AttrKind::UwTable => {
                if !self.eat(Tok::LParen) {
                    return int(kind, UwTableKind::Async as u64);
                }
                let v = match self.word() {
                    "sync" => UwTableKind::Sync,
                    "async" => UwTableKind::Async,
                    _ => return self.err("expected unwind table kind"),
                };
                self.bump();
                self.expect(Tok::RParen, "expected ')'")?;
                int(kind, v as u64)
            }
            AttrKind::VScaleRange => {
                self.expect(Tok::LParen, "expected '('")?;
                let min = self.parse_u32("integer")?;
                let max = if self.eat(Tok::Comma) {
                    self.parse_u32("integer")?
                } else {
                    min
                };
                self.expect(Tok::RParen, "expected ')'")?;
                int(
                    kind,
                    crate::ir::attributes::pack_vscale_range(min, Some(max)),
                )
            }
            _ => Ok(None),
        }
    }

    /// The source text between a `(` (the current token) and its matching
    /// `)`, both consumed.
    pub(crate) fn raw_parens(&mut self) -> PResult<String> {
        let open = self.expect_token(Tok::LParen, "expected '('")?;
        let mut depth = 1u32;
        loop {
            match self.tok.kind {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        let close = self.bump();
                        return Ok(
                            String::from_utf8_lossy(self.lx.bytes(open.b(), close.start()))
                                .into_owned(),
                        );
                    }
                }
                Tok::Eof | Tok::Error => return self.err("expected ')'"),
                _ => {}
            }
            self.bump();
        }
    }

    /// `attributes #N = { ... }`.
    pub(crate) fn parse_attr_group_def(&mut self) -> PResult<()> {
        self.bump(); // attributes
        let t = self.expect_token(Tok::AttrGroup, "expected attribute group id")?;
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut none = Vec::new();
        let set = self.parse_attrs(AttrPlace::Group, &mut none)?;
        self.expect(Tok::RBrace, "unterminated attribute group")?;
        self.attr_groups.insert(t.num(), set);
        Ok(())
    }

    /// The set of `attrs` (canonical order, built by `insert_sorted`),
    /// shared with every earlier equal set of this parse.
    fn intern_attrs(&mut self, attrs: &[Attribute]) -> AttributeSet {
        if attrs.is_empty() {
            return AttributeSet::new();
        }
        // The last set again (runs of `noundef` arguments): no hashing.
        if self.last_attrs.as_slice() == attrs {
            return self.last_attrs.clone();
        }
        let s = match self.attr_sets.get(attrs) {
            Some(s) => s.clone(),
            None => {
                let s = AttributeSet::from_sorted(attrs.to_vec());
                self.attr_sets.insert(attrs.to_vec(), s.clone());
                s
            }
        };
        self.last_attrs = s.clone();
        s
    }

    /// Merges the `#N` groups into their users (at the end of the module).
    pub(crate) fn apply_attr_groups(&mut self) -> PResult<()> {
        use crate::ir::attributes::AttrIndex;
        let fixups = std::mem::take(&mut self.attr_fixups);
        for (target, id, _pos) in fixups {
            // A group that is never defined adds nothing (LLVM 19 accepts
            // `#N` without `attributes #N = { ... }`).
            let Some(group) = self.attr_groups.get(&id) else {
                continue;
            };
            let group = group.clone();
            match target {
                AttrTarget::Function(f) => {
                    let fd = self.ctx.function_data_mut(f);
                    let group = match group.get(AttrKind::Alignment) {
                        Some(a) => {
                            fd.global.align = a.int_value();
                            let mut g = group.clone();
                            g.remove(AttrKind::Alignment);
                            g
                        }
                        None => group,
                    };
                    let merged = fd.attrs.fn_attrs().merged_with(&group);
                    fd.attrs.set_attrs(AttrIndex::Function, merged);
                }
                AttrTarget::Call(i) => {
                    if let crate::ir::inst::InstPayload::Call(cd) =
                        &mut self.ctx.extra_mut(i).payload
                    {
                        let merged = cd.attrs.fn_attrs().merged_with(&group);
                        cd.attrs.set_attrs(AttrIndex::Function, merged);
                    }
                }
                AttrTarget::Global(g) => {
                    let gd = self.ctx.global_data_mut(g);
                    gd.attrs = gd.attrs.merged_with(&group);
                }
            }
        }
        Ok(())
    }
}
