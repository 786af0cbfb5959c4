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
                            self.parse_attr_value(kind, pos)?;
                            return self.err_at(pos, "this attribute does not apply to functions");
                        }
                    }
                    self.bump();
                    if place == AttrPlace::Group
                        && matches!(kind, AttrKind::Alignment | AttrKind::StackAlignment)
                    {
                        match self.parse_group_align(kind)? {
                            Some(attr) => {
                                self.group_align0 &= kind != AttrKind::Alignment;
                                insert_sorted(set, attr);
                            }
                            None if kind == AttrKind::Alignment => {
                                set.retain(|a| a.kind() != Some(AttrKind::Alignment));
                                self.group_align0 = true;
                            }
                            None => {}
                        }
                        continue;
                    }
                    let attr = self.parse_attr_value(kind, pos)?;
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

    fn parse_attr_value(&mut self, kind: AttrKind, pos: usize) -> PResult<Attribute> {
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
                if let Some(attr) = self.parse_int_attr_args(kind)? {
                    return Ok(attr);
                }
                if matches!(
                    kind,
                    AttrKind::Memory | AttrKind::NoFpClass | AttrKind::Range
                ) {
                    // Read token by token for LLVM's error locations; the
                    // text between the parentheses then builds the value.
                    let (a, b, hex) = match kind {
                        AttrKind::Memory => {
                            let (a, b) = self.check_memory_args()?;
                            (a, b, None)
                        }
                        AttrKind::NoFpClass => self.check_nofpclass_args()?,
                        _ => self.check_range_args()?,
                    };
                    let text = match hex {
                        Some(t) => t,
                        None => String::from_utf8_lossy(self.lx.bytes(a, b)).into_owned(),
                    };
                    return conv(Attribute::parse(kind, Some(&text)));
                }
                if self.is(Tok::LParen) {
                    let text = self.raw_parens()?;
                    return conv(Attribute::parse(kind, Some(&text)));
                }
                conv(Attribute::parse(kind, None))
            }
        }
    }

    /// `memory(...)` as `LLParser::parseMemoryAttr` reads it (errors where
    /// it reports them); the byte span inside the parentheses.
    fn check_memory_args(&mut self) -> PResult<(usize, usize)> {
        const LOCS: [&[u8]; 2] = [b"argmem", b"inaccessiblemem"];
        const KINDS: [&str; 4] = ["none", "read", "write", "readwrite"];
        let open = self.expect_token(Tok::LParen, "expected '('")?;
        let mut seen_loc = false;
        loop {
            // `argmem:` is one label token here (LLVM's lexer ignores the
            // colon inside the attribute and reads two tokens).
            let loc = match self.tok.kind {
                Tok::LabelName if !self.tok.quoted && LOCS.contains(&self.tok_bytes()) => {
                    self.bump();
                    true
                }
                Tok::Word if LOCS.contains(&self.tok_bytes()) => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':' after location")?;
                    true
                }
                Tok::LabelName
                    if !self.tok.quoted
                        && KINDS.iter().any(|k| k.as_bytes() == self.tok_bytes()) =>
                {
                    // `read:`: the kind, then LLVM stops at the colon.
                    let t = self.bump();
                    let msg = if seen_loc {
                        "default access kind must be specified first"
                    } else {
                        "unterminated memory attribute"
                    };
                    return self.err_at(t.b(), msg);
                }
                _ => false,
            };
            if !KINDS.contains(&self.word()) {
                return self.err(if loc {
                    "expected access kind (none, read, write, readwrite)"
                } else {
                    "expected memory location (argmem, inaccessiblemem) or access kind \
                     (none, read, write, readwrite)"
                });
            }
            self.bump();
            if loc {
                seen_loc = true;
            } else if seen_loc {
                return self.err("default access kind must be specified first");
            }
            if self.is(Tok::RParen) {
                let close = self.bump();
                return Ok((open.b(), close.start()));
            }
            if !self.eat(Tok::Comma) {
                return self.err("unterminated memory attribute");
            }
        }
    }

    /// `nofpclass(...)` as `LLParser::parseNoFPClassAttr` reads it: test
    /// keywords separated by spaces, or one mask number; the byte span
    /// inside the parentheses, and the mask in decimal when it was written
    /// `u0x..` (the text the value is built from).
    fn check_nofpclass_args(&mut self) -> PResult<(usize, usize, Option<String>)> {
        const TESTS: [&str; 16] = [
            "all", "nan", "snan", "qnan", "inf", "ninf", "pinf", "norm", "nnorm", "pnorm", "sub",
            "nsub", "psub", "zero", "nzero", "pzero",
        ];
        let open = self.expect_token(Tok::LParen, "expected '('")?;
        let mut any = false;
        loop {
            if TESTS.contains(&self.word()) {
                any = true;
                self.bump();
            } else if !any
                && ((self.is(Tok::Int) && self.tok_bytes()[0] != b'-')
                    || (self.is(Tok::HexInt) && self.tok_bytes()[0] == b'u'))
            {
                // `parseUInt64` (unsigned tokens only): saturating.
                let t = self.bump();
                let (digits, radix) = match t.kind {
                    Tok::HexInt => (&self.lx.bytes(t.a(), t.b())[3..], 16),
                    _ => (self.lx.bytes(t.a(), t.b()), 10),
                };
                let v = digits.iter().fold(0u64, |v, &c| {
                    let d = (c as char).to_digit(radix).unwrap_or(0);
                    v.saturating_mul(u64::from(radix))
                        .saturating_add(u64::from(d))
                });
                if v == 0 || v & !0x3FF != 0 {
                    return self.err("invalid mask value for 'nofpclass'");
                }
                let close = self.expect_token(Tok::RParen, "expected ')'")?;
                let hex = (t.kind == Tok::HexInt).then(|| v.to_string());
                return Ok((open.b(), close.start(), hex));
            } else {
                return self.err("expected nofpclass test mask");
            }
            if self.is(Tok::RParen) {
                let close = self.bump();
                return Ok((open.b(), close.start(), None));
            }
        }
    }

    /// `range(iN lo, hi)` as `LLParser::parseRangeAttr` reads it; the byte
    /// span inside the parentheses, and `iN lo, hi` in decimal when a
    /// bound was written `u0x..`/`s0x..` (the text the value is built
    /// from).
    fn check_range_args(&mut self) -> PResult<(usize, usize, Option<String>)> {
        let open = self.expect_token(Tok::LParen, "expected '('")?;
        let ty_at = self.tok.start();
        let ty = self.parse_type()?;
        let Some(width) = self.ctx.int_width(ty) else {
            return self.err_at(ty_at, "the range must have integer type!");
        };
        let lo_hex = self.is(Tok::HexInt);
        let lo = self.range_bound(width)?;
        self.expect(Tok::Comma, "expected ','")?;
        let hi_hex = self.is(Tok::HexInt);
        let hi = self.range_bound(width)?;
        if lo.is_some() && lo == hi {
            return self.err("the range should not represent the full or empty set!");
        }
        let close = self.expect_token(Tok::RParen, "expected ')'")?;
        let hex = match (lo, hi) {
            (Some(lo), Some(hi)) if lo_hex || hi_hex => Some(format!("i{width} {lo}, {hi}")),
            _ => None,
        };
        Ok((open.b(), close.start(), hex))
    }

    /// One bound of `range(...)`: an integer token no wider than `width`
    /// bits as LLVM's lexer sizes it (unsigned: its active bits; negative:
    /// its signed bits). Its bits within `width` when they fit 128 (the
    /// empty-set check), else `None`.
    fn range_bound(&mut self, width: u32) -> PResult<Option<u128>> {
        if self.tok.kind == Tok::HexInt {
            return self.hex_range_bound(width);
        }
        if self.tok.kind != Tok::Int {
            return self.err("expected integer");
        }
        let text = self.tok_bytes();
        let (neg, digits) = match text.split_first() {
            Some((b'-', d)) => (true, d),
            _ => (false, text),
        };
        let mut v: Option<u128> = Some(0);
        for &c in digits {
            if !c.is_ascii_digit() {
                // Hex forms (`u0x..`, `s0x..`): sized and judged later.
                self.bump();
                return Ok(None);
            }
            v = v
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u128::from(c - b'0')));
        }
        let Some(mag) = v else {
            // Past 128 bits: wider than any width this check can hold.
            if width <= 128 {
                return self.err("integer is too large for the bit width of specified type");
            }
            self.bump();
            return Ok(None);
        };
        let bits = if neg && mag != 0 {
            // Signed bits of -mag: those of mag - 1, plus the sign.
            129 - (mag - 1).leading_zeros()
        } else {
            (128 - mag.leading_zeros()).max(1)
        };
        if bits > width {
            return self.err("integer is too large for the bit width of specified type");
        }
        self.bump();
        let bits = if neg { mag.wrapping_neg() } else { mag };
        let mask = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        Ok(Some(bits & mask))
    }

    /// [`Self::range_bound`] for `u0x..` / `s0x..`: LLVM's lexer sizes it
    /// by its active bits (all its digits' bits when zero), signed for
    /// `s`.
    fn hex_range_bound(&mut self, width: u32) -> PResult<Option<u128>> {
        let text = self.tok_bytes();
        let signed = text[0] == b's';
        let digits = &text[3..];
        let mut v: Option<u128> = Some(0);
        for &c in digits {
            let d = (c as char).to_digit(16).unwrap_or(0);
            v = v
                .and_then(|v| v.checked_mul(16))
                .and_then(|v| v.checked_add(u128::from(d)));
        }
        let Some(v) = v else {
            if width <= 128 {
                return self.err("integer is too large for the bit width of specified type");
            }
            self.bump();
            return Ok(None);
        };
        let bits = match 128 - v.leading_zeros() {
            0 => digits.len() as u32 * 4,
            n => n,
        };
        if bits > width {
            return self.err("integer is too large for the bit width of specified type");
        }
        self.bump();
        let mut pattern = v;
        if signed && bits < 128 && (v >> (bits - 1)) & 1 == 1 {
            pattern |= !((1u128 << bits) - 1);
        }
        let mask = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        Ok(Some(pattern & mask))
    }

    /// `=N` after `align` or `alignstack` in an attribute group, as
    /// `LLParser::parseEnumAttribute` reads it: any 32-bit `N`, taken as
    /// LLVM's `Align(N)` is: the largest power of two not above `N`
    /// (`align=3` is `align 2`); `None` for 0 (`alignstack=0` adds
    /// nothing, `align=0` an alignment of 0: see `attr_groups_align0`).
    fn parse_group_align(&mut self, kind: AttrKind) -> PResult<Option<Attribute>> {
        self.expect(Tok::Equal, "expected '=' here")?;
        let v = self.parse_u32("integer")?;
        if v == 0 {
            return Ok(None);
        }
        Ok(Some(Attribute::Int(kind, 1 << v.ilog2())))
    }

    /// The arguments of `align`, `alignstack`, `allocsize`, `allockind`,
    /// `dereferenceable(_or_null)` and `vscale_range`, token by token as
    /// LLVM 19's parser reads them, so that an error is reported where and
    /// as it reports it (`None` for the other kinds). In an attribute
    /// group `align` and `alignstack` take `=N` ([`Self::parse_group_align`]).
    fn parse_int_attr_args(&mut self, kind: AttrKind) -> PResult<Option<Attribute>> {
        let int = |kind, v| Ok(Some(Attribute::Int(kind, v)));
        match kind {
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
        let at = self.tok.start();
        self.bump(); // attributes
        let t = self.expect_token(Tok::AttrGroup, "expected attribute group id")?;
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect(Tok::LBrace, "expected '{' here")?;
        let mut none = Vec::new();
        self.group_align0 = false;
        let set = self.parse_attrs(AttrPlace::Group, &mut none)?;
        self.expect(Tok::RBrace, "unterminated attribute group")?;
        // A later definition of `#N` replaces the earlier one, as LLVM's.
        if set.is_empty() && !self.group_align0 {
            return self.err_at(at, "attribute group has no attributes");
        }
        if self.group_align0 {
            self.attr_groups_align0.insert(t.num());
        } else {
            self.attr_groups_align0.remove(&t.num());
        }
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
            let align0 = self.attr_groups_align0.contains(&id);
            match target {
                AttrTarget::Function(f) => {
                    let fd = self.ctx.function_data_mut(f);
                    if align0 {
                        fd.global.align = None;
                    }
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
                    if let crate::ir::inst::InstPayload::Call(cd) = self.ctx.payload_mut(i) {
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
