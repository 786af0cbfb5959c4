//! Parsing types: primitive, `iN`, `ptr [addrspace(N)]`, arrays, vectors,
//! literal and named structs (with forward references), function types,
//! `target(...)` types, and typed-pointer syntax `T*` read as `ptr`.
//!
//! Owns type definitions `%T = type ...` too. It does not own what types
//! mean (`crate::types`).

use super::lexer::{Kw, Tok};
use super::{PResult, Parser};
use crate::types::Type;

impl Parser<'_> {
    /// A type, with its suffixes (`*`, `addrspace(N)*`, `(params)`).
    ///
    /// `iN` up to 64 bits and `ptr` without a suffix (most types of a
    /// body) are read here; the rest by [`parse_type_slow`](Self::parse_type_slow).
    #[inline]
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        // The common types, `iN` (N at most 64) and `ptr` (once made),
        // without a suffix and with the next token in the window: this
        // path calls nothing, so a caller pays no frame for it.
        if self.next_ready() {
            let t = match self.tok.kind {
                Tok::IntType if (1..=64).contains(&self.tok.num()) => {
                    Some(self.ctx.types.small_int(self.tok.num() as u32))
                }
                Tok::Word if self.tok.is_kw(Kw::Ptr) => self.ctx.types.ptr0_made(),
                _ => None,
            };
            if let Some(t) = t {
                let n = self.next_token();
                if !matches!(n.kind, Tok::Star | Tok::LParen) && !n.is_kw(Kw::AddrSpace) {
                    self.advance_ready();
                    return Ok(t);
                }
            }
        }
        self.parse_type_general()
    }

    /// [`parse_type`](Self::parse_type) off its fast path.
    #[inline(never)]
    fn parse_type_general(&mut self) -> PResult<Type> {
        let t = match self.tok.kind {
            Tok::IntType if (1..=64).contains(&self.tok.num()) => {
                self.ctx.try_int_type(self.tok.num() as u32)
            }
            Tok::Word if self.tok.is_kw(Kw::Ptr) => Some(self.ctx.ptr_type(0)),
            _ => None,
        };
        let Some(t) = t else {
            return self.parse_type_slow();
        };
        let pos = self.tok.start();
        let is_ptr = self.tok.kind == Tok::Word;
        self.bump();
        if !matches!(self.tok.kind, Tok::Star | Tok::LParen) && !self.tok.is_kw(Kw::AddrSpace) {
            return Ok(t);
        }
        self.parse_type_suffixed(t, is_ptr, pos)
    }

    /// The suffixes after `iN` or `ptr` (`t`, whose token started at
    /// `pos`): out of line, so the common unsuffixed type pays no frame
    /// for the nesting guard.
    #[inline(never)]
    fn parse_type_suffixed(&mut self, t: Type, is_ptr: bool, pos: usize) -> PResult<Type> {
        self.enter("types")?;
        let r = crate::stack::deep(|| {
            if is_ptr {
                self.parse_opt_addrspace().and_then(|a| {
                    let p = self.ctx_ptr(a);
                    self.type_suffixes(p, true, pos)
                })
            } else {
                self.type_suffixes(t, false, pos)
            }
        });
        self.leave();
        r
    }

    #[inline(never)]
    fn parse_type_slow(&mut self) -> PResult<Type> {
        self.enter("types")?;
        let r = crate::stack::deep(|| self.parse_type_inner());
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let pos = self.tok.start();
        let mut ty = match self.tok.kind {
            Tok::IntType => {
                let w = self.tok.num();
                let t = u32::try_from(w).ok().and_then(|w| self.ctx.try_int_type(w));
                match t {
                    Some(t) => {
                        self.bump();
                        t
                    }
                    // LLVM's lexer refuses the width; its parser says this.
                    None => return self.err("expected type"),
                }
            }
            Tok::Word => {
                let t = match self.tok_bytes() {
                    b"void" => self.ctx.void_type(),
                    b"half" => self.ctx.half_type(),
                    b"bfloat" => self.ctx.bfloat_type(),
                    b"float" => self.ctx.float_type(),
                    b"double" => self.ctx.double_type(),
                    b"x86_fp80" => self.ctx.x86_fp80_type(),
                    b"fp128" => self.ctx.fp128_type(),
                    b"ppc_fp128" => self.ctx.ppc_fp128_type(),
                    b"label" => self.ctx.label_type(),
                    b"metadata" => self.ctx.metadata_type(),
                    b"token" => self.ctx.token_type(),
                    b"x86_amx" => self.ctx.x86_amx_type(),
                    b"x86_mmx" => self.ctx.x86_mmx_type(),
                    b"ptr" => {
                        self.bump();
                        let a = self.parse_opt_addrspace()?;
                        let p = self.ctx_ptr(a);
                        if !matches!(self.tok.kind, Tok::Star | Tok::Word | Tok::LParen) {
                            return Ok(p);
                        }
                        return self.type_suffixes(p, true, pos);
                    }
                    b"target" => {
                        self.bump();
                        return self.parse_target_type();
                    }
                    b"opaque" => return self.err("'opaque' is only valid in a type definition"),
                    _ => return self.err("expected type"),
                };
                self.bump();
                t
            }
            Tok::LBrace => {
                let (elems, _) = self.parse_struct_body_elems(false)?;
                self.ctx.struct_type(&elems, false)
            }
            Tok::Less => {
                if self.peek().kind == Tok::LBrace {
                    let (elems, _) = self.parse_struct_body_elems(true)?;
                    self.ctx.struct_type(&elems, true)
                } else {
                    self.parse_vector_type()?
                }
            }
            Tok::LSquare => self.parse_array_type()?,
            Tok::LocalName | Tok::LocalId => {
                let t = self.bump();
                self.named_type_ref(&t)?
            }
            _ => return self.err("expected type"),
        };
        if !matches!(self.tok.kind, Tok::Star | Tok::Word | Tok::LParen) {
            return Ok(ty);
        }
        ty = self.type_suffixes(ty, false, pos)?;
        Ok(ty)
    }

    fn ctx_ptr(&mut self, a: u32) -> Type {
        self.ctx.ptr_type(a)
    }

    /// The suffixes after a type. After a bare `ptr [addrspace(N)]`
    /// (`bare_ptr`) only a function type's `(` may follow and `ptr*` is
    /// refused; after any other type each `*` or `addrspace(N)*` makes a
    /// pointer (typed-pointer syntax: `i8**`, `%T*`, `void (i32)*` are
    /// all `ptr` in the given address space), as LLVM 19 reads them.
    fn type_suffixes(&mut self, mut ty: Type, bare_ptr: bool, pos: usize) -> PResult<Type> {
        if bare_ptr {
            match self.tok.kind {
                Tok::Star => return self.err("ptr* is invalid - use ptr instead"),
                Tok::LParen => {}
                _ => return Ok(ty),
            }
        }
        loop {
            match self.tok.kind {
                Tok::Star => {
                    self.check_pointee(ty, "pointers to void are invalid - use i8* instead")?;
                    self.bump();
                    ty = self.ctx.ptr_type(0);
                }
                Tok::Word if self.is_word("addrspace") => {
                    self.check_pointee(ty, "pointers to void are invalid; use i8* instead")?;
                    let a = self.parse_opt_addrspace()?;
                    self.expect(Tok::Star, "expected '*' in address space")?;
                    ty = self.ctx.ptr_type(a);
                }
                Tok::LParen => {
                    ty = self.parse_function_type(ty, pos)?;
                }
                _ => return Ok(ty),
            }
        }
    }

    fn check_pointee(&self, ty: Type, void_msg: &str) -> PResult<()> {
        if self.ctx.is_label(ty) {
            return self.err("basic block pointers are invalid");
        }
        if self.ctx.is_void(ty) {
            return self.err(void_msg);
        }
        if !self.pointee_ok(ty) {
            return self.err("pointer to this type is invalid");
        }
        Ok(())
    }

    fn pointee_ok(&self, ty: Type) -> bool {
        !(self.ctx.is_void(ty)
            || self.ctx.is_label(ty)
            || self.ctx.is_metadata(ty)
            || self.ctx.is_token(ty)
            || ty == self.ctx.x86_amx_type())
    }

    /// `addrspace(N)` if present, else 0.
    #[inline]
    pub(crate) fn parse_opt_addrspace(&mut self) -> PResult<u32> {
        if !self.is_word("addrspace") {
            return Ok(0);
        }
        self.parse_addrspace()
    }

    /// `addrspace(N)` (the current token is `addrspace`).
    fn parse_addrspace(&mut self) -> PResult<u32> {
        self.bump();
        self.expect(Tok::LParen, "expected '(' in address space")?;
        let pos = self.tok.start();
        let a = if self.is(Tok::Str) {
            let s = self.parse_string("address space")?;
            match s.as_str() {
                "A" | "G" | "P" => 0,
                _ => return self.err_at(pos, format!("invalid symbolic addrspace '{s}'")),
            }
        } else {
            self.parse_u32("address space")?
        };
        if a >= 1 << 24 {
            return self.err_at(pos, "invalid address space, must be a 24-bit integer");
        }
        self.expect(Tok::RParen, "expected ')' in address space")?;
        Ok(a)
    }

    fn parse_function_type(&mut self, ret: Type, pos: usize) -> PResult<Type> {
        if !self.ctx.is_valid_return_type(ret) {
            return self.err_at(pos, "invalid function return type");
        }
        self.bump(); // (
        let mut params = Vec::new();
        let mut varargs = false;
        if !self.is(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    varargs = true;
                    break;
                }
                let p = self.tok.start();
                let t = self.parse_type()?;
                if !self.ctx.is_valid_param_type(t) {
                    return self.err_at(p, "invalid type for function argument");
                }
                if self.is(Tok::LocalName) || self.is(Tok::LocalId) {
                    return self.err("argument name invalid in function type");
                }
                params.push(t);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        Ok(self.ctx.function_type(ret, &params, varargs))
    }

    /// `{ T, ... }` or `<{ T, ... }>`: the element types.
    pub(crate) fn parse_struct_body_elems(&mut self, packed: bool) -> PResult<(Vec<Type>, bool)> {
        if packed {
            self.bump(); // <
        }
        self.expect(Tok::LBrace, "expected '{'")?;
        let mut elems = Vec::new();
        if !self.is(Tok::RBrace) {
            loop {
                let p = self.tok.start();
                let t = self.parse_type()?;
                if !self.ctx.is_valid_struct_element(t) {
                    return self.err_at(p, "invalid element type for struct");
                }
                elems.push(t);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "expected '}' at end of struct")?;
        if packed {
            self.expect(Tok::Greater, "expected '>' in packed struct")?;
        }
        Ok((elems, packed))
    }

    fn parse_array_type(&mut self) -> PResult<Type> {
        self.bump(); // [
        let n = self.parse_u64("number in array type")?;
        if !self.eat_word("x") {
            return self.err("expected 'x' after element count");
        }
        let p = self.tok.start();
        let elem = self.parse_type()?;
        if !self.ctx.is_valid_array_element(elem) {
            return self.err_at(p, "invalid array element type");
        }
        self.expect(Tok::RSquare, "expected end of sequential type")?;
        Ok(self.ctx.array_type(elem, n))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.bump(); // <
        let scalable = self.eat_word("vscale");
        if scalable && !self.eat_word("x") {
            return self.err("expected 'x' after vscale");
        }
        let p = self.tok.start();
        let n = self.parse_u64("number in vector type")?;
        if !self.eat_word("x") {
            return self.err("expected 'x' after element count");
        }
        let ep = self.tok.start();
        let elem = self.parse_type()?;
        self.expect(Tok::Greater, "expected end of sequential type")?;
        if n == 0 {
            return self.err_at(p, "zero element vector is illegal");
        }
        let Ok(n) = u32::try_from(n) else {
            return self.err_at(p, "size too large for vector");
        };
        if !self.ctx.is_valid_vector_element(elem) {
            return self.err_at(ep, "invalid vector element type");
        }
        Ok(if scalable {
            self.ctx.scalable_vector_type(elem, n)
        } else {
            self.ctx.vector_type(elem, n)
        })
    }

    fn parse_target_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "expected '(' in target extension type")?;
        let name = self.parse_string("type name")?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(Tok::Comma) {
            if self.is(Tok::Int) {
                ints.push(self.parse_u32("integer parameter")?);
            } else {
                if !ints.is_empty() {
                    return self.err("expected integer parameter");
                }
                types.push(self.parse_type()?);
            }
        }
        self.expect(Tok::RParen, "expected ')' in target extension type")?;
        Ok(self.ctx.target_ext_type(&name, &types, &ints))
    }

    /// `%T` / `%N` used as a type: the defined type or a new opaque struct
    /// remembered as a forward reference.
    fn named_type_ref(&mut self, t: &super::lexer::Token) -> PResult<Type> {
        if t.kind == Tok::LocalId {
            if let Some(&(ty, _)) = self.numbered_types.get(&t.num()) {
                return Ok(ty);
            }
            let ty = self.ctx.create_struct("");
            self.numbered_types.insert(t.num(), (ty, Some(t.start())));
            return Ok(ty);
        }
        // An unquoted name is its own key: looked up without a copy (most
        // references name a type seen already).
        if !t.quoted {
            let key = self.lx.bytes(t.a(), t.b());
            if let Some(&(ty, _)) = self.named_types.get(key).filter(|_| !key.is_empty()) {
                return Ok(ty);
            }
        }
        let name = self.name_of(t).into_owned();
        if let Some(&(ty, _)) = self.named_types.get(&name[..]) {
            return Ok(ty);
        }
        let ty = self.ctx.create_struct(&name);
        self.named_types.insert(name.into(), (ty, Some(t.start())));
        Ok(ty)
    }

    /// `%T = type ...` / `%N = type ...` (the name token already taken).
    pub(crate) fn parse_type_def(&mut self, name_tok: super::lexer::Token) -> PResult<()> {
        self.expect(Tok::Equal, "expected '=' after name")?;
        self.expect_word("type")?;
        let name = if name_tok.kind == Tok::LocalName {
            Some(self.name_of(&name_tok).into_owned())
        } else {
            None
        };
        let existing = match &name {
            Some(n) => self.named_types.get(&n[..]).copied(),
            None => self.numbered_types.get(&name_tok.num()).copied(),
        };
        if let Some((_, None)) = existing {
            return self.err_at(
                name_tok.start(),
                format!(
                    "redefinition of type named '{}'",
                    crate::ir::shown(&self.name_of(&name_tok))
                ),
            );
        }
        let is_struct = self.is(Tok::LBrace)
            || self.is_word("opaque")
            || (self.is(Tok::Less) && self.peek().kind == Tok::LBrace);
        if !is_struct {
            if existing.is_some() {
                return self.err_at(name_tok.start(), "forward references to non-struct type");
            }
            let ty = self.parse_type()?;
            self.record_type(&name, name_tok.num(), ty);
            return Ok(());
        }
        let ty = match existing {
            Some((t, _)) => t,
            None => self.ctx.create_struct(name.as_deref().unwrap_or(b"")),
        };
        self.record_type(&name, name_tok.num(), ty);
        if self.eat_word("opaque") {
            return Ok(());
        }
        let packed = self.is(Tok::Less);
        let (elems, _) = self.parse_struct_body_elems(packed)?;
        self.ctx.set_struct_body(ty, &elems, packed);
        Ok(())
    }

    fn record_type(&mut self, name: &Option<Vec<u8>>, num: u64, ty: Type) {
        match name {
            Some(n) => {
                self.named_types.insert(n[..].into(), (ty, None));
            }
            None => {
                self.numbered_types.insert(num, (ty, None));
            }
        }
    }

    /// Errors for named types used but never defined.
    pub(crate) fn check_types_defined(&self) -> PResult<()> {
        let mut first: Option<(usize, String)> = None;
        for (n, (_, fwd)) in &self.named_types {
            if let Some(p) = fwd {
                if first.as_ref().is_none_or(|f| *p < f.0) {
                    let n = crate::ir::shown(n);
                    first = Some((*p, format!("use of undefined type named '{n}'")));
                }
            }
        }
        for (n, (_, fwd)) in &self.numbered_types {
            if let Some(p) = fwd {
                if first.as_ref().is_none_or(|f| *p < f.0) {
                    first = Some((*p, format!("use of undefined type '%{n}'")));
                }
            }
        }
        match first {
            Some((p, m)) => self.err_at(p, m),
            None => Ok(()),
        }
    }
}
