//! Parsing values: constants (literals, aggregates, constant expressions,
//! `blockaddress`, `dso_local_equivalent`, `no_cfi`), references to
//! globals and locals, and the forward-reference bookkeeping that goes
//! with them (placeholders created on first use, replaced by RAUW at the
//! definition, numbered-value order).
//!
//! It does not own instructions (`inst.rs`) or metadata (`metadata.rs`),
//! though a value of type `metadata` is read by the latter.

use super::lexer::{Tok, Token};
use super::{BlockRef, PResult, Parser};
use crate::constants::apfloat::{FloatKind, FloatLiteral};
use crate::constants::apint::IntLiteral;
use crate::inst::{GepFlags, Opcode, WrapFlags};
use crate::ir::{Function, Global};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};

/// How a defined local value is named.
#[derive(Copy, Clone)]
pub(crate) enum LocalName {
    /// No name: takes the next number.
    Unnamed,
    /// `%N`.
    Id(u64),
    /// `%name` (the token).
    Named(Token),
}

/// The longest vector whose elements the parser builds one by one (a
/// shuffle mask, a splat, the operands a vector GEP splats): 2^24 lanes.
pub(crate) const MAX_LANES: u32 = 1 << 24;

impl Parser<'_> {
    /// `T v`.
    pub(crate) fn parse_typed_value(&mut self) -> PResult<Value> {
        let ty = self.parse_type()?;
        self.parse_value(ty)
    }

    /// A value of type `ty`.
    #[inline]
    pub(crate) fn parse_value(&mut self, ty: Type) -> PResult<Value> {
        // `%N` of type `ty` with the next token in the window: this path
        // calls nothing, so a caller pays no frame for it.
        if self.next_ready() {
            if let Some(v) = self.defined_local(ty) {
                self.advance_ready();
                return Ok(v);
            }
        }
        self.parse_value_general(ty)
    }

    /// [`parse_value`](Self::parse_value) off its fast path.
    #[inline(never)]
    fn parse_value_general(&mut self, ty: Type) -> PResult<Value> {
        if let Some(v) = self.defined_local(ty) {
            self.bump();
            return Ok(v);
        }
        match self.tok.kind {
            Tok::Int => {
                if let Some(v) = self.small_int_const(ty) {
                    self.bump();
                    return Ok(v);
                }
            }
            // `@g` and `null` nest nothing: no stack check, and the depth
            // step is only the check `parse_value_slow` would make.
            Tok::GlobalName | Tok::GlobalId
                if self.depth < super::MAX_DEPTH && ty != self.ctx.metadata_type() =>
            {
                let t = self.bump();
                return self.global_ref(&t, ty);
            }
            Tok::Word
                if self.depth < super::MAX_DEPTH
                    && self.tok_bytes() == b"null"
                    && self.ctx.is_ptr(ty) =>
            {
                self.bump();
                return Ok(self.const_null_ptr(ty));
            }
            _ => {}
        }
        self.parse_value_slow(ty)
    }

    /// `ctx.const_null(ty)` of pointer type `ty`, through a one-entry
    /// cache: nearly every `null` is of the default `ptr`. Constants are
    /// never freed while parsing, so the entry stays valid.
    #[inline]
    fn const_null_ptr(&mut self, ty: Type) -> Value {
        if let Some((t, c)) = self.null_cache {
            if t == ty {
                return c;
            }
        }
        let c = self.ctx.const_null(ty);
        self.null_cache = Some((ty, c));
        c
    }

    /// The common case of an integer literal: the current `Int` token
    /// (up to 18 digits) as a constant of integer type `ty` (at most 64
    /// bits), as `parse_int_const` makes it.
    #[inline]
    fn small_int_const(&mut self, ty: Type) -> Option<Value> {
        let w = self.ctx.int_width(ty)?;
        if w > 64 {
            return None;
        }
        if let Some(v) = self.tok.small_int() {
            return Some(self.const_int(ty, i64::from(v) as u64));
        }
        let text = self.tok_bytes();
        if text.len() > 18 {
            return None;
        }
        let (neg, digits) = match text.split_first() {
            Some((b'-', d)) => (true, d),
            _ => (false, text),
        };
        let v = digits
            .iter()
            .fold(0i64, |v, &c| v * 10 + i64::from(c - b'0'));
        let v = if neg { -v } else { v };
        Some(self.const_int(ty, v as u64))
    }

    /// The common case of a value: `%N`, already defined with type `ty`
    /// (not `metadata`, which reads `%N` as metadata). What `local_ref`
    /// answers, without the checks for the other cases.
    #[inline]
    pub(crate) fn defined_local(&self, ty: Type) -> Option<Value> {
        if self.tok.kind != Tok::LocalId {
            return None;
        }
        let &(_, v, vt) = self.fs.as_ref()?.numbered.get_typed(self.tok.num())?;
        (vt == ty && ty != self.ctx.metadata_type()).then_some(v)
    }

    #[inline(never)]
    fn parse_value_slow(&mut self, ty: Type) -> PResult<Value> {
        self.enter("constants")?;
        let r = crate::stack::deep(|| self.parse_value_inner(ty));
        self.leave();
        r
    }

    /// `v` if it is a constant (uniqued constant or global value).
    fn need_const(&self, v: Value, pos: usize) -> PResult<Value> {
        if self.ctx.value_kind(v).is_constant() {
            Ok(v)
        } else {
            self.err_at(pos, "expected a constant value")
        }
    }

    /// `T v` where `v` must be a constant.
    fn parse_typed_const(&mut self) -> PResult<Value> {
        let pos = self.tok.start();
        let v = self.parse_typed_value()?;
        self.need_const(v, pos)
    }

    fn mismatch<T>(&self, pos: usize, got: Type, want: Type) -> PResult<T> {
        self.err_at(
            pos,
            format!(
                "constant expression type mismatch: got type '{}' but expected '{}'",
                self.ty_str(got),
                self.ty_str(want)
            ),
        )
    }

    fn check_const(&self, v: Value, ty: Option<Type>, pos: usize) -> PResult<Value> {
        let Some(ty) = ty else { return Ok(v) };
        let got = self.ctx.type_of(v);
        if got != ty {
            return self.mismatch(pos, got, ty);
        }
        Ok(v)
    }

    fn parse_value_inner(&mut self, ty: Type) -> PResult<Value> {
        let pos = self.tok.start();
        if self.ctx.is_metadata(ty) {
            let md = self.parse_md_operand()?;
            return Ok(self.ctx.metadata_as_value(md));
        }
        match self.tok.kind {
            Tok::LocalName | Tok::LocalId => {
                let t = self.bump();
                self.local_ref(&t, ty)
            }
            Tok::GlobalName | Tok::GlobalId => {
                let t = self.bump();
                self.global_ref(&t, ty)
            }
            Tok::Int | Tok::HexInt => self.parse_int_const(ty),
            Tok::Float => {
                let t = self.bump();
                let Some(kind) = FloatKind::of_type(self.ctx.type_data(ty)) else {
                    return self.err_at(pos, "floating point constant invalid for type");
                };
                let text = core::str::from_utf8(self.lx.bytes(t.a(), t.b())).unwrap_or("");
                let lit = FloatLiteral::parse(text).map_err(|e| super::PErr {
                    pos,
                    msg: e.message().to_string(),
                })?;
                let f = lit.to_kind(kind).map_err(|e| super::PErr {
                    pos,
                    msg: e.message().to_string(),
                })?;
                Ok(self.ctx.const_float_bits(ty, f.bits()))
            }
            Tok::LSquare => self.parse_array_const(ty, pos),
            Tok::LBrace => self.parse_struct_const(ty, false, pos),
            Tok::Less => {
                if self.peek().kind == Tok::LBrace {
                    self.bump();
                    self.parse_struct_const(ty, true, pos)
                } else {
                    self.parse_vector_const(ty, pos)
                }
            }
            Tok::Word => self.parse_word_value(ty, pos),
            _ => self.err("expected value token"),
        }
    }

    fn parse_int_const(&mut self, ty: Type) -> PResult<Value> {
        let pos = self.tok.start();
        let t = self.bump();
        let Some(w) = self.ctx.int_width(ty) else {
            if t.kind == Tok::HexInt {
                return self.err_at(pos, "integer constant must have integer type");
            }
            return self.err_at(
                pos,
                if self.ctx.is_fp(ty) {
                    "floating point constant invalid for type"
                } else {
                    "integer constant must have integer type"
                },
            );
        };
        let text = self.lx.bytes(t.a(), t.b());
        if t.kind == Tok::Int && text.len() <= 18 && w <= 64 {
            // Fast path: fits an i64; truncation of the sign-extended value.
            let mut v: i64 = 0;
            let (neg, digits) = if text[0] == b'-' {
                (true, &text[1..])
            } else {
                (false, text)
            };
            for &c in digits {
                v = v * 10 + (c - b'0') as i64;
            }
            let v = if neg { -v } else { v };
            return Ok(self.const_int(ty, v as u64));
        }
        let s = core::str::from_utf8(text).unwrap_or("");
        let err = |e: crate::constants::apint::ParseIntError| super::PErr {
            pos,
            msg: e.message().to_string(),
        };
        // A decimal literal is read straight at the type's width (linear in
        // its digits); a hex one at its own.
        let ap = if t.kind == Tok::Int {
            IntLiteral::decimal_at_width(s, w).map_err(err)?
        } else {
            IntLiteral::parse(s).map_err(err)?.to_width(w)
        };
        Ok(self.ctx.const_int_ap(ty, &ap))
    }

    fn parse_word_value(&mut self, ty: Type, pos: usize) -> PResult<Value> {
        let w = self.tok_bytes();
        match w {
            b"true" | b"false" => {
                self.bump();
                if self.ctx.int_width(ty) != Some(1) {
                    return self.err_at(pos, "integer constant must have integer type");
                }
                Ok(self.const_int(ty, (w == b"true") as u64))
            }
            b"null" => {
                self.bump();
                if !self.ctx.is_ptr(ty) {
                    return self.err_at(pos, "null must be a pointer type");
                }
                Ok(self.ctx.const_null(ty))
            }
            b"undef" | b"poison" => {
                self.bump();
                if self.ctx.is_void(ty) || self.ctx.is_label(ty) || self.ctx.is_function(ty) {
                    return self.err_at(pos, "invalid type for undef constant");
                }
                Ok(if w == b"undef" {
                    self.ctx.const_undef(ty)
                } else {
                    self.ctx.const_poison(ty)
                })
            }
            b"zeroinitializer" => {
                self.bump();
                if self.ctx.is_void(ty)
                    || self.ctx.is_label(ty)
                    || self.ctx.is_function(ty)
                    || self.ctx.is_token(ty)
                    || ty == self.ctx.x86_mmx_type()
                {
                    // LLVM 19 has no null `x86_mmx` (its parser aborts).
                    return self.err_at(pos, "invalid type for null constant");
                }
                Ok(self.ctx.const_null(ty))
            }
            b"none" => {
                self.bump();
                if !self.ctx.is_token(ty) {
                    return self.err_at(pos, "invalid type for none constant");
                }
                Ok(self.ctx.const_token_none())
            }
            b"c" => {
                self.bump();
                if !self.is(Tok::Str) {
                    return self.err("expected string");
                }
                let t = self.bump();
                let bytes = self.lx.unescape(&t);
                let i8t = self.ctx.i8_type();
                let at = self.ctx.array_type(i8t, bytes.len() as u64);
                if at != ty {
                    return self.mismatch(pos, at, ty);
                }
                Ok(self.ctx.const_string(&bytes, false))
            }
            b"blockaddress" => {
                self.bump();
                self.parse_block_address(ty, pos)
            }
            b"dso_local_equivalent" | b"no_cfi" => {
                self.bump();
                let no_cfi = w == b"no_cfi";
                let t = self.tok;
                if !matches!(t.kind, Tok::GlobalName | Tok::GlobalId) {
                    return self.err("expected global value name");
                }
                self.bump();
                if !no_cfi && self.defined_global(&t).is_none() {
                    return self.fwd_dso_local_equivalent(&t, ty, pos);
                }
                let g = self.global_ref(&t, ty)?;
                Ok(self.ctx.const_global_marker(g, no_cfi))
            }
            b"splat" => {
                self.bump();
                self.parse_splat(ty, pos)
            }
            b"asm" => self.err("inline asm is only valid as a callee"),
            _ => self.parse_const_expr(Some(ty), pos),
        }
    }

    /// `splat (T v)` (after `splat`): `v` in every element of the vector
    /// type `ty`, as `ConstantVector::getSplat` builds it.
    fn parse_splat(&mut self, ty: Type, pos: usize) -> PResult<Value> {
        self.expect(Tok::LParen, "expected '(' after vector splat")?;
        let v = self.parse_typed_const()?;
        self.expect(Tok::RParen, "expected ')' at end of vector splat")?;
        let TypeData::Vector {
            elem,
            len: n,
            scalable,
        } = *self.ctx.type_data(ty)
        else {
            return self.err_at(pos, "vector constant must have vector type");
        };
        self.check_lanes(ty, pos)?;
        let got = self.ctx.type_of(v);
        if got != elem {
            return self.mismatch(pos, got, elem);
        }
        Ok(self.ctx.const_splat(n, scalable, v))
    }

    fn parse_array_const(&mut self, ty: Type, pos: usize) -> PResult<Value> {
        self.bump(); // [
        let elem_want = match self.ctx.type_data(ty) {
            TypeData::Array { elem, .. } => Some(*elem),
            _ => None,
        };
        let mut elems = Vec::new();
        let mut first_ty = None;
        if !self.is(Tok::RSquare) {
            loop {
                let p = self.tok.start();
                let et = self.parse_type()?;
                if let Some(want) = elem_want.or(first_ty) {
                    if et != want {
                        return self.err_at(
                            p,
                            format!(
                                "array element #{} is not of type '{}'",
                                elems.len(),
                                self.ty_str(want)
                            ),
                        );
                    }
                }
                first_ty.get_or_insert(et);
                let v = self.parse_value(et)?;
                elems.push(self.need_const(v, p)?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RSquare, "expected end of array constant")?;
        if elems.is_empty() {
            // `[]`: LLVM 19 reads it as `undef` of a zero-length array.
            if !matches!(self.ctx.type_data(ty), TypeData::Array { len: 0, .. }) {
                return self.err_at(pos, "invalid empty array initializer");
            }
            return Ok(self.ctx.const_undef(ty));
        }
        let Some(want) = elem_want else {
            return self.err_at(
                pos,
                format!(
                    "constant expression type mismatch: got type 'array' but expected '{}'",
                    self.ty_str(ty)
                ),
            );
        };
        let at = self.ctx.array_type(want, elems.len() as u64);
        if at != ty {
            return self.mismatch(pos, at, ty);
        }
        Ok(self.ctx.const_aggregate(ty, &elems))
    }

    fn parse_struct_const(&mut self, ty: Type, packed: bool, pos: usize) -> PResult<Value> {
        self.bump(); // {
        let want: Option<Vec<Type>> = self.ctx.struct_elements(ty).map(|s| s.to_vec());
        let mut elems = Vec::new();
        let mut types = Vec::new();
        if !self.is(Tok::RBrace) {
            loop {
                let p = self.tok.start();
                let et = self.parse_type()?;
                types.push(et);
                let v = self.parse_value(et)?;
                elems.push(self.need_const(v, p)?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected end of struct constant")?;
        if packed {
            self.expect(Tok::Greater, "expected '>' at end of packed struct")?;
        }
        let Some(w) = want else {
            return self.err_at(
                pos,
                format!(
                    "constant expression type mismatch: got type 'struct' but expected '{}'",
                    self.ty_str(ty)
                ),
            );
        };
        if w.len() != elems.len() {
            return self.err_at(pos, "initializer with struct type has wrong # elements");
        }
        if self.ctx.is_packed_struct(ty) != packed {
            return self.err_at(pos, "packed'ness of initializer and type don't match");
        }
        // Checked after the whole initializer is read, at its start, as
        // LLVM 19 does.
        if let Some(i) = w.iter().zip(&types).position(|(a, b)| a != b) {
            return self.err_at(
                pos,
                format!("element {i} of struct initializer doesn't match struct element type"),
            );
        }
        Ok(self.ctx.const_aggregate(ty, &elems))
    }

    fn parse_vector_const(&mut self, ty: Type, pos: usize) -> PResult<Value> {
        self.bump(); // <
        let mut elems = Vec::new();
        let mut first_ty = None;
        loop {
            let p = self.tok.start();
            let et = self.parse_type()?;
            if let Some(f) = first_ty {
                if f != et {
                    return self.err_at(
                        p,
                        format!(
                            "vector element #{} is not of type '{}'",
                            elems.len(),
                            self.ty_str(f)
                        ),
                    );
                }
            }
            first_ty = Some(et);
            let v = self.parse_value(et)?;
            elems.push(self.need_const(v, p)?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::Greater, "expected end of constant")?;
        let et = first_ty.unwrap_or(ty);
        if !self.ctx.is_valid_vector_element(et) {
            return self.err_at(
                pos,
                "vector elements must have integer, pointer or floating point type",
            );
        }
        let vt = self.ctx.vector_type(et, elems.len() as u32);
        if vt != ty {
            return self.mismatch(pos, vt, ty);
        }
        Ok(self.ctx.const_aggregate(ty, &elems))
    }

    fn parse_block_address(&mut self, ty: Type, pos: usize) -> PResult<Value> {
        self.expect(Tok::LParen, "expected '(' in block address expression")?;
        let ft = self.tok;
        if !matches!(ft.kind, Tok::GlobalName | Tok::GlobalId) {
            return self.err("expected function name in blockaddress");
        }
        self.bump();
        self.expect(Tok::Comma, "expected comma in block address expression")?;
        let bt = self.tok;
        if !matches!(bt.kind, Tok::LocalName | Tok::LocalId) {
            return self.err("expected basic block name in blockaddress");
        }
        self.bump();
        self.expect(Tok::RParen, "expected ')' in block address expression")?;
        let fref = if ft.kind == Tok::GlobalId {
            BlockRef::Id(ft.num())
        } else {
            BlockRef::Name(self.name_of(&ft).into())
        };
        // The type is a pointer in the function's address space.
        let cur = self.fs.as_ref().map(|f| f.f);
        let fv = self.lookup_global(&ft);
        if let Some(fv) = fv.filter(|&v| self.ctx.value_kind(v) == ValueKind::Function) {
            let pty = self.ctx.type_of(fv);
            if ty != pty {
                return self.mismatch(pos, pty, ty);
            }
        } else if !self.ctx.is_ptr(ty) {
            return self.err_at(
                pos,
                format!(
                    "type of blockaddress must be a pointer and not '{}'",
                    self.ty_str(ty)
                ),
            );
        }
        // The function being parsed: the block may still be a forward reference.
        if let (Some(c), Some(fv)) = (cur, fv) {
            if c.0 == fv {
                let lt = self.ctx.label_type();
                let b = self.local_ref(&bt, lt)?;
                return Ok(self.ctx.block_address_raw(c.0, b));
            }
        }
        if let Some(fv) = fv {
            if self.ctx.value_kind(fv) == ValueKind::Function
                && !self.ctx.is_declaration(Function(fv))
            {
                let f = Function(fv);
                // LLVM 19 keeps no numbering of a finished body.
                if bt.kind == Tok::LocalId {
                    return self.err_at(
                        bt.start(),
                        "cannot take address of numeric label after the function is defined",
                    );
                }
                let b = self
                    .ctx
                    .local_by_name(f, self.name_of(&bt))
                    .filter(|&v| self.ctx.value_kind(v) == ValueKind::Block);
                return match b {
                    Some(b) => Ok(self.ctx.block_address_raw(f.0, b)),
                    None => self.err_at(bt.start(), "referenced value is not a basic block"),
                };
            }
        }
        // A function not parsed yet: a placeholder in the expected type's
        // address space, one per function and block as in LLVM's parser
        // (its uses become the block address's in one RAUW).
        let key = self.block_ref(&bt);
        if let Some(&(ph, _, _)) = self
            .fwd_blockaddr
            .iter()
            .find(|(_, f, b)| *f == fref && self.block_ref(b) == key)
        {
            // One placeholder a block, typed by its first reference.
            let got = self.ctx.type_of(ph);
            if got != ty {
                return self.mismatch(pos, got, ty);
            }
            return Ok(ph);
        }
        let i8t = self.ctx.i8_type();
        let ph = self
            .ctx
            .add_global_var(self.m, "", i8t, self.ctx.ptr_addrspace(ty).unwrap_or(0));
        self.fwd_blockaddr.push((ph.0, fref, bt));
        Ok(ph.0)
    }

    /// The block a `blockaddress` names, by number or name.
    pub(crate) fn block_ref(&self, bt: &Token) -> BlockRef {
        if bt.kind == Tok::LocalId {
            BlockRef::Id(bt.num())
        } else {
            BlockRef::Name(self.name_of(bt).into())
        }
    }

    pub(crate) fn parse_const_expr(&mut self, ty: Option<Type>, pos: usize) -> PResult<Value> {
        let w = self.word();
        let Some(op) = Opcode::from_mnemonic(w) else {
            return self.err("expected value token");
        };
        self.bump();
        // Every expression is made by the folding constructors, as LLVM's
        // parser makes it with `ConstantExpr::get*`: `add (i32 1, i32 2)`
        // is `i32 3`.
        match op {
            _ if op.is_cast() => {
                if !crate::fold::is_desirable_cast(op) {
                    return self.err_at(pos, format!("{w} constexprs are no longer supported"));
                }
                self.expect(Tok::LParen, "expected '(' after constantexpr cast")?;
                let v = self.parse_typed_const()?;
                self.expect_word("to")?;
                let dt = self.parse_type()?;
                self.expect(Tok::RParen, "expected ')' at end of constantexpr cast")?;
                if !self.ctx.value_kind(v).is_constant() {
                    return self.err_at(pos, "expected a constant value");
                }
                let st = self.ctx.type_of(v);
                if !self.cast_ok(op, st, dt) {
                    return self.err_at(
                        pos,
                        format!(
                            "invalid cast opcode for cast from '{}' to '{}'",
                            self.ty_str(st),
                            self.ty_str(dt)
                        ),
                    );
                }
                let c = self.ctx.const_cast(op, v, dt);
                self.check_const(c, ty, pos)
            }
            Opcode::ICmp => self.err_at(pos, "icmp constexprs are no longer supported"),
            Opcode::FCmp => self.err_at(pos, "fcmp constexprs are no longer supported"),
            Opcode::Select => self.err_at(pos, "select constexprs are no longer supported"),
            Opcode::FNeg => self.err_at(pos, "fneg constexprs are no longer supported"),
            Opcode::And | Opcode::Or => {
                self.err_at(pos, format!("{w} constexprs are no longer supported"))
            }
            Opcode::LShr | Opcode::AShr | Opcode::Shl => {
                self.err_at(pos, format!("{w} constexprs are no longer supported"))
            }
            _ if op.is_binary() => {
                if op.is_fp_binary()
                    || matches!(
                        op,
                        Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem
                    )
                {
                    return self.err_at(pos, format!("{w} constexprs are no longer supported"));
                }
                // LLParser: `nuw`, then `nsw` (then `nuw` again), for add,
                // sub and mul only.
                let mut flags = WrapFlags::NONE;
                if op != Opcode::Xor {
                    if self.eat_word("nuw") {
                        flags |= WrapFlags::NUW;
                    }
                    if self.eat_word("nsw") {
                        flags |= WrapFlags::NSW;
                        if self.eat_word("nuw") {
                            flags |= WrapFlags::NUW;
                        }
                    }
                }
                self.expect(Tok::LParen, "expected '(' in binary constantexpr")?;
                let a = self.parse_typed_const()?;
                self.expect(Tok::Comma, "expected comma in binary constantexpr")?;
                let b = self.parse_typed_const()?;
                self.expect(Tok::RParen, "expected ')' in binary constantexpr")?;
                let at = self.ctx.type_of(a);
                if at != self.ctx.type_of(b) {
                    return self.err_at(pos, "operands of constexpr must have same type");
                }
                if !self.ctx.is_int_or_int_vector(at) {
                    return self
                        .err_at(pos, "constexpr requires integer or integer vector operands");
                }
                let c = self.ctx.const_binop(op, a, b, flags);
                self.check_const(c, ty, pos)
            }
            Opcode::GetElementPtr => self.parse_gep_const(ty, pos),
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                self.expect(Tok::LParen, "expected '(' in constantexpr")?;
                let mut ops = vec![self.parse_typed_const()?];
                while self.eat(Tok::Comma) {
                    ops.push(self.parse_typed_const()?);
                }
                self.expect(Tok::RParen, "expected ')' in constantexpr")?;
                let c = match op {
                    Opcode::ExtractElement => {
                        if ops.len() != 2 {
                            return self.err_at(pos, "expected two operands to extractelement");
                        }
                        if !self.extract_element_ok(ops[0], ops[1]) {
                            return self.err_at(pos, "invalid extractelement operands");
                        }
                        self.ctx.const_extract_element(ops[0], ops[1])
                    }
                    Opcode::InsertElement => {
                        if ops.len() != 3 {
                            return self.err_at(pos, "expected three operands to insertelement");
                        }
                        if !self.insert_element_ok(ops[0], ops[1], ops[2]) {
                            return self.err_at(pos, "invalid insertelement operands");
                        }
                        self.ctx.const_insert_element(ops[0], ops[1], ops[2])
                    }
                    _ => {
                        if ops.len() != 3 {
                            return self.err_at(pos, "expected three operands to shufflevector");
                        }
                        if !self.shuffle_ok(ops[0], ops[1], ops[2]) {
                            return self.err_at(pos, "invalid operands to shufflevector");
                        }
                        let mask = self.mask_of(ops[2], pos)?;
                        self.ctx.const_shuffle_vector(ops[0], ops[1], &mask)
                    }
                };
                self.check_const(c, ty, pos)
            }
            _ => self.err_at(pos, "expected value token"),
        }
    }

    /// LLVM's `ExtractElementInst::isValidOperands`: a vector and an
    /// integer index.
    pub(crate) fn extract_element_ok(&self, v: Value, idx: Value) -> bool {
        self.ctx.is_vector(self.ctx.type_of(v)) && self.ctx.is_integer(self.ctx.type_of(idx))
    }

    /// LLVM's `InsertElementInst::isValidOperands`: a vector, an element of
    /// its element type, an integer index.
    pub(crate) fn insert_element_ok(&self, v: Value, e: Value, idx: Value) -> bool {
        let vt = self.ctx.type_of(v);
        self.ctx.is_vector(vt)
            && self.ctx.element_type(vt) == Some(self.ctx.type_of(e))
            && self.ctx.is_integer(self.ctx.type_of(idx))
    }

    /// LLVM's `ShuffleVectorInst::isValidOperands` with a mask operand: two
    /// vectors of one type, and a constant `i32` vector mask of the same
    /// kind (fixed or scalable) that is `undef`, `poison`,
    /// `zeroinitializer`, or whose lanes are each `undef`/`poison` or an
    /// integer below twice the input length.
    pub(crate) fn shuffle_ok(&self, a: Value, b: Value, m: Value) -> bool {
        use crate::constants::ConstKind;
        let at = self.ctx.type_of(a);
        let Some((n, scalable)) = self.ctx.vector_len(at) else {
            return false;
        };
        if at != self.ctx.type_of(b) {
            return false;
        }
        let mt = self.ctx.type_of(m);
        match self.ctx.vector_len(mt) {
            Some((_, s)) if s == scalable => {}
            _ => return false,
        }
        if self.ctx.int_width(self.ctx.scalar_type(mt)) != Some(32)
            || self.ctx.value_kind(m) != ValueKind::Constant
        {
            return false;
        }
        let limit = 2 * n as u64;
        match self.ctx.const_kind(m) {
            ConstKind::Undef | ConstKind::Poison | ConstKind::Zero => true,
            ConstKind::DataVector => self
                .ctx
                .const_data(m)
                .is_some_and(|d| d.iter().all(|&x| x < limit)),
            ConstKind::Vector => self.ctx.operands(m).all(|o| match o {
                Some(c) => match self.ctx.const_kind(c) {
                    ConstKind::Undef | ConstKind::Poison => true,
                    ConstKind::Int => self
                        .ctx
                        .const_int_value(c)
                        .is_some_and(|x| x.to_u64() < limit),
                    _ => false,
                },
                None => false,
            }),
            _ => false,
        }
    }

    /// A shufflevector mask from its constant (-1 for undef/poison lanes).
    pub(crate) fn mask_of(&self, m: Value, pos: usize) -> PResult<Vec<i32>> {
        use crate::constants::ConstKind;
        let mt = self.ctx.type_of(m);
        let Some((n, _)) = self
            .ctx
            .vector_len(mt)
            .filter(|_| self.ctx.int_width(self.ctx.scalar_type(mt)) == Some(32))
        else {
            return self.err_at(pos, "invalid shufflevector operands");
        };
        if self.ctx.value_kind(m) != ValueKind::Constant {
            return self.err_at(pos, "invalid shufflevector operands");
        }
        self.check_lanes(mt, pos)?;
        let lane = |c: Value| -> Option<i32> {
            match self.ctx.const_kind(c) {
                ConstKind::Undef | ConstKind::Poison => Some(-1),
                ConstKind::Int => self.ctx.const_int_value(c).map(|x| x.to_u64() as i32),
                _ => None,
            }
        };
        let out: Option<Vec<i32>> = match self.ctx.const_kind(m) {
            ConstKind::Zero => Some(vec![0; n as usize]),
            ConstKind::Undef | ConstKind::Poison => Some(vec![-1; n as usize]),
            ConstKind::DataVector => self
                .ctx
                .const_data(m)
                .map(|d| d.iter().map(|&x| x as u32 as i32).collect()),
            ConstKind::Vector => self.ctx.operands(m).map(|o| o.and_then(lane)).collect(),
            _ => None,
        };
        match out {
            Some(v) => Ok(v),
            None => self.err_at(pos, "invalid shufflevector operands"),
        }
    }

    /// Refuses to materialise a vector of `ty` (a mask, a splat's
    /// elements) longer than [`MAX_LANES`]: the length is declared, not
    /// read, so it must not size an allocation (LLVM aborts here).
    fn check_lanes(&self, ty: Type, pos: usize) -> PResult<()> {
        match self.ctx.vector_len(ty) {
            Some((n, _)) if n > MAX_LANES => self.err_at(
                pos,
                format!(
                    "vector of {n} elements is too long to build (lair's limit is {MAX_LANES})"
                ),
            ),
            _ => Ok(()),
        }
    }

    fn parse_gep_const(&mut self, ty: Option<Type>, pos: usize) -> PResult<Value> {
        let mut flags = GepFlags::NONE;
        let mut inrange = None;
        loop {
            if self.eat_word("inbounds") {
                flags |= GepFlags::INBOUNDS;
            } else if self.eat_word("nusw") {
                flags |= GepFlags::NUSW;
            } else if self.eat_word("nuw") {
                flags |= GepFlags::NUW;
            } else if self.eat_word("inrange") {
                self.expect(Tok::LParen, "expected '('")?;
                let lo = self.parse_i64("integer")?;
                self.expect(Tok::Comma, "expected ','")?;
                let hi = self.parse_i64("integer")?;
                self.expect(Tok::RParen, "expected ')'")?;
                if lo >= hi {
                    return self.err("expected end to be larger than start");
                }
                inrange = Some((lo, hi));
            } else {
                break;
            }
        }
        self.expect(Tok::LParen, "expected '(' in constantexpr")?;
        let src = self.parse_type()?;
        self.expect(Tok::Comma, "expected comma after getelementptr's type")?;
        let mut ops = vec![self.parse_typed_const()?];
        while self.eat(Tok::Comma) {
            ops.push(self.parse_typed_const()?);
        }
        self.expect(Tok::RParen, "expected ')' in constantexpr")?;
        let rt = self.gep_result_type(&ops, &[pos])?;
        // A vector GEP may splat its scalar operands to the result's length.
        self.check_lanes(rt, pos)?;
        if ops.len() > 1 && !self.ctx.is_sized_memo(src) {
            return self.err_at(pos, "base element of getelementptr must be sized");
        }
        if self.ctx.gep_indexed_type(src, &ops[1..]).is_none() {
            return self.err_at(pos, "invalid getelementptr indices");
        }
        let c = self.ctx.const_gep(src, ops[0], &ops[1..], flags, inrange);
        self.check_const(c, ty, pos)
    }

    /// The result type of a GEP over `ops` (base, indices): the base's
    /// pointer type, or a vector of it when some operand is a vector.
    /// `poss` holds the source position of each operand, or one position
    /// for all (constant expressions report at the keyword).
    pub(crate) fn gep_result_type(&mut self, ops: &[Value], poss: &[usize]) -> PResult<Type> {
        let at = |k: usize| poss.get(k).copied().unwrap_or(poss[0]);
        let bt = self.ctx.type_of(ops[0]);
        // The common shape, a scalar pointer indexed by scalar integers,
        // gives the base's type: no vector length or scalar type to read.
        if self.ctx.is_ptr(bt)
            && ops[1..]
                .iter()
                .all(|&i| self.ctx.is_integer(self.ctx.type_of(i)))
        {
            return Ok(bt);
        }
        if !self.ctx.is_ptr_or_ptr_vector(bt) {
            return self.err_at(at(0), "base of getelementptr must be a pointer");
        }
        let mut vec: Option<(u32, bool)> = self.ctx.vector_len(bt);
        for (k, &i) in ops.iter().enumerate().skip(1) {
            let it = self.ctx.type_of(i);
            if !self.ctx.is_int_or_int_vector(it) {
                return self.err_at(at(k), "getelementptr index must be an integer");
            }
            if let Some(l) = self.ctx.vector_len(it) {
                if vec.is_some_and(|v| v != l) {
                    return self.err_at(
                        at(k),
                        "getelementptr vector index has a wrong number of elements",
                    );
                }
                vec = Some(l);
            }
        }
        let pt = self.ctx.scalar_type(bt);
        Ok(match vec {
            Some((n, false)) => self.ctx.vector_type(pt, n),
            Some((n, true)) => self.ctx.scalable_vector_type(pt, n),
            None => pt,
        })
    }

    // ---- globals ---------------------------------------------------------

    /// The defined or forward-referenced global named by `t`, if any.
    pub(crate) fn lookup_global(&self, t: &Token) -> Option<Value> {
        if t.kind == Tok::GlobalId {
            self.numbered_globals
                .get(&t.num())
                .copied()
                .or_else(|| self.fwd_global_ids.get(&t.num()).map(|x| x.0))
        } else {
            let n = self.name_of(t);
            self.ctx
                .global_by_name(self.m, &n)
                .or_else(|| self.fwd_globals.get(n.as_ref()).map(|x| x.0))
        }
    }

    /// The global `@x` / `@N` names when it is defined (declared) already,
    /// not only referenced.
    fn defined_global(&self, t: &Token) -> Option<Value> {
        if t.kind == Tok::GlobalId {
            self.numbered_globals.get(&t.num()).copied()
        } else {
            self.ctx.global_by_name(self.m, self.name_of(t))
        }
    }

    /// `dso_local_equivalent @f` before `@f` is defined: LLVM's parser
    /// stands in an `i8` global for it (one per name or number) and makes
    /// the constant at the end of the module ([`Self::resolve_dso_local_equivalents`]),
    /// so its use of `@f` comes after every other.
    fn fwd_dso_local_equivalent(&mut self, t: &Token, ty: Type, pos: usize) -> PResult<Value> {
        let key = if t.kind == Tok::GlobalId {
            BlockRef::Id(t.num())
        } else {
            BlockRef::Name(self.name_of(t).into())
        };
        let ph = match self.fwd_dso.iter().find(|x| x.0 == key) {
            Some(x) => x.1,
            None => {
                let i8t = self.ctx.i8_type();
                let ph = self.ctx.add_global_var(self.m, "", i8t, 0).0;
                self.fwd_dso.push((key, ph, *t));
                ph
            }
        };
        let pt = self.ctx.type_of(ph);
        if pt != ty {
            return self.mismatch(pos, pt, ty);
        }
        Ok(ph)
    }

    /// Makes the `dso_local_equivalent` constants that stood in as
    /// placeholders, numbers first then names in order, as LLVM's
    /// `validateEndOfModule` does.
    pub(crate) fn resolve_dso_local_equivalents(&mut self) -> PResult<()> {
        let mut pending = std::mem::take(&mut self.fwd_dso);
        pending.sort_by(|a, b| a.0.cmp(&b.0));
        for (key, ph, t) in pending {
            let Some(g) = self.defined_global(&t) else {
                let name = match key {
                    BlockRef::Name(n) => crate::ir::shown(&n).into_owned(),
                    BlockRef::Id(_) => String::new(),
                };
                return self.err_at(
                    t.start(),
                    format!("unknown function '{name}' referenced by dso_local_equivalent"),
                );
            };
            let is_fn = match self.ctx.value_kind(g) {
                ValueKind::Function => true,
                ValueKind::GlobalVariable | ValueKind::Alias | ValueKind::IFunc => self
                    .ctx
                    .global_data(Global(g))
                    .value_type
                    .is_some_and(|vt| self.ctx.is_function(vt)),
                _ => false,
            };
            if !is_fn {
                return self.err_at(
                    t.start(),
                    "expected a function, alias to function, or ifunc in dso_local_equivalent",
                );
            }
            let c = self.ctx.const_global_marker(g, false);
            self.replace_placeholder(ph, c);
            self.ctx.erase_global(Global(ph));
        }
        Ok(())
    }

    /// A reference `@x` / `@N` of pointer type `ty`.
    pub(crate) fn global_ref(&mut self, t: &Token, ty: Type) -> PResult<Value> {
        if !self.ctx.is_ptr(ty) {
            return self.err_at(
                t.start(),
                "global variable reference must have pointer type",
            );
        }
        let v = match self.lookup_global(t) {
            Some(v) => v,
            None => {
                let a = self.ctx.ptr_addrspace(ty).unwrap_or(0);
                let i8t = self.ctx.i8_type();
                let g = self.ctx.add_global_var(self.m, "", i8t, a);
                if t.kind == Tok::GlobalId {
                    self.fwd_global_ids.insert(t.num(), (g.0, t.start()));
                } else {
                    let n: Box<[u8]> = self.name_of(t).into();
                    self.fwd_globals.insert(n, (g.0, t.start()));
                }
                g.0
            }
        };
        let vt = self.ctx.type_of(v);
        if vt != ty {
            return self.err_at(
                t.start(),
                format!(
                    "'{}' defined with type '{}' but expected '{}'",
                    self.token_text(t),
                    self.ty_str(vt),
                    self.ty_str(ty)
                ),
            );
        }
        Ok(v)
    }

    /// The source text of a token.
    pub(crate) fn token_text(&self, t: &Token) -> String {
        let end = if t.quoted { t.b() + 1 } else { t.b() };
        crate::ir::shown(self.lx.bytes(t.start(), end.max(t.start()))).into_owned()
    }

    /// `@N` (`t`) where a global of kind `what` ("global", "function") is
    /// defined: N may skip numbers but never go back (checked where LLVM
    /// checks it, before the rest of the definition is parsed).
    pub(crate) fn check_global_number(&self, t: &Token, what: &str) -> PResult<()> {
        if t.kind == Tok::GlobalId && t.num() < self.next_global_id {
            return self.err_at(
                t.start(),
                format!(
                    "{what} expected to be numbered '@{}' or greater",
                    self.next_global_id
                ),
            );
        }
        Ok(())
    }

    /// Registers the definition of global `v` under the name token `t`
    /// (`@name` or `@N`, the number already checked by
    /// [`Self::check_global_number`]), replacing any forward reference.
    pub(crate) fn define_global(&mut self, t: &Token, v: Value) -> PResult<()> {
        let fwd = if t.kind == Tok::GlobalId {
            self.next_global_id = t.num().saturating_add(1);
            self.numbered_globals.insert(t.num(), v);
            self.fwd_global_ids.remove(&t.num())
        } else {
            let n = self.name_of(t);
            self.fwd_globals.remove(n.as_ref())
        };
        if let Some((p, pos)) = fwd {
            let (pt, vt) = (self.ctx.type_of(p), self.ctx.type_of(v));
            if pt != vt {
                return self.err_at(
                    pos,
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        self.token_text(t),
                        self.ty_str(vt),
                        self.ty_str(pt)
                    ),
                );
            }
            self.replace_placeholder(p, v);
            self.ctx.erase_global(Global(p));
        }
        Ok(())
    }

    /// RAUW of a placeholder (value or global) by its definition, metadata
    /// wrappers included. Does not free it.
    pub(crate) fn replace_placeholder(&mut self, p: Value, v: Value) {
        if let Some(temp) = self.md_value_fwd.remove(&p) {
            let real = self.ctx.md_value(v);
            self.ctx.md_replace_temporary(temp, real);
        }
        self.ctx.replace_all_uses_with(p, v);
    }

    // ---- locals ----------------------------------------------------------

    /// A reference `%x` / `%N` of type `ty` inside a function body.
    pub(crate) fn local_ref(&mut self, t: &Token, ty: Type) -> PResult<Value> {
        let Some(fs) = self.fs.as_mut() else {
            return self.err_at(t.start(), "expected value token");
        };
        let f = fs.f;
        let found = if t.kind == Tok::LocalId {
            match fs.numbered.get(&t.num()) {
                Some(&v) => Some(v),
                None => match fs.fwd_ids.get(t.num()) {
                    Some(&(v, _)) => Some(v),
                    None if t.num() < fs.next_id => {
                        return self
                            .err_at(t.start(), format!("use of undefined value '%{}'", t.num()))
                    }
                    None => None,
                },
            }
        } else {
            let n = self.lx.name(t);
            match self.ctx.local_by_name(f, &n) {
                Some(v) => Some(v),
                None => self
                    .fs
                    .as_ref()
                    .and_then(|fs| fs.fwd_named.get(n.as_ref()).map(|x| x.0)),
            }
        };
        if let Some(v) = found {
            let vt = self.ctx.type_of(v);
            if vt != ty {
                if self.ctx.is_label(ty) {
                    return self.err_at(
                        t.start(),
                        format!("'{}' is not a basic block", self.token_text(t)),
                    );
                }
                return self.err_at(
                    t.start(),
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        self.token_text(t),
                        self.ty_str(vt),
                        self.ty_str(ty)
                    ),
                );
            }
            return Ok(v);
        }
        // Forward reference.
        let v = if self.ctx.is_label(ty) {
            let name = if t.kind == Tok::LocalName {
                self.lx.name(t)
            } else {
                std::borrow::Cow::Borrowed(&b""[..])
            };
            self.ctx.create_block(&name).0
        } else {
            if self.ctx.is_void(ty) || self.ctx.is_function(ty) {
                return self.err_at(t.start(), "invalid use of a non-first-class type");
            }
            self.ctx.parse_placeholder(ty)
        };
        if t.kind == Tok::LocalId {
            self.fs().fwd_ids.insert(t.num(), v, t.start());
        } else {
            let n: Box<[u8]> = self.lx.name(t).into();
            self.fs().fwd_named.insert(n, (v, t.start()));
        }
        Ok(v)
    }

    /// Defines local value `v` (argument or instruction) under `name`,
    /// resolving forward references to it.
    ///
    /// The common case, an unnamed or numbered value whose number is in
    /// order and not referenced before, is inline: one entry pushed.
    #[inline]
    pub(crate) fn define_local(&mut self, name: LocalName, v: Value, pos: usize) -> PResult<()> {
        if let Some(fs) = self.fs.as_mut() {
            let id = match name {
                LocalName::Unnamed => Some(fs.next_id),
                LocalName::Id(n) if n >= fs.next_id => Some(n),
                _ => None,
            };
            if let Some(id) = id {
                if !fs.fwd_ids.may_hold(id) {
                    fs.next_id = id.saturating_add(1);
                    fs.numbered.push(id, v, self.ctx.type_of(v));
                    return Ok(());
                }
            }
        }
        self.define_local_general(name, v, pos)
    }

    /// [`define_local`](Self::define_local) off its fast path: names,
    /// numbers out of order, forward references.
    #[inline(never)]
    fn define_local_general(&mut self, name: LocalName, v: Value, pos: usize) -> PResult<()> {
        let fs = self.fs.as_mut().expect("in a function");
        let fwd = match name {
            LocalName::Unnamed | LocalName::Id(_) => {
                let id = match name {
                    LocalName::Id(n) => {
                        if n < fs.next_id {
                            let next = fs.next_id;
                            return self.err_at(
                                pos,
                                format!("instruction expected to be numbered '%{next}' or greater"),
                            );
                        }
                        n
                    }
                    _ => fs.next_id,
                };
                fs.next_id = id.saturating_add(1);
                fs.numbered.push(id, v, self.ctx.type_of(v));
                fs.fwd_ids.remove(id)
            }
            LocalName::Named(t) => {
                let f = fs.f;
                let n = self.lx.name(&t);
                if self.ctx.local_by_name(f, &n).is_some() {
                    return self.err_at(
                        t.start(),
                        format!(
                            "multiple definition of local value named '{}'",
                            crate::ir::shown(&n)
                        ),
                    );
                }
                let fwd = self.fs().fwd_named.remove(n.as_ref());
                self.ctx.set_name_bytes(v, &n);
                fwd
            }
        };
        if let Some((p, _)) = fwd {
            let (pt, vt) = (self.ctx.type_of(p), self.ctx.type_of(v));
            if pt != vt {
                return self.err_at(
                    pos,
                    format!(
                        "instruction forward referenced with type '{}'",
                        self.ty_str(pt)
                    ),
                );
            }
            if self.ctx.value_kind(v) == ValueKind::Instruction
                && self.ctx.opcode(crate::ir::Inst(v)) != Opcode::Phi
            {
                // `%x = add i32 %x, 1`: valid IR where the block is
                // unreachable (the verifier judges it), as LLParser
                // accepts it. The self-uses are set directly, since RAUW
                // refuses to make an instruction use itself.
                for k in 0..self.ctx.num_operands(v) {
                    if self.ctx.operand(v, k) == Some(p) {
                        self.ctx.set_operand(v, k, Some(v));
                    }
                }
            }
            self.replace_placeholder(p, v);
            self.ctx.free_placeholder(p);
        }
        Ok(())
    }
}
