//! Parsing function bodies: blocks, labels, every LLVM 19 instruction with
//! its flags, orderings, alignments and operand layouts, calls (callee,
//! arguments, bundles, inline asm), debug records before an instruction,
//! and instruction metadata attachments.
//!
//! Owns the mapping from `.ll` syntax to operand storage order (LLVM's:
//! `br [cond, iffalse, iftrue]`, `call [args, bundle ops, callee]`, ...)
//! and to `flags` bit layouts (`crate::inst`).

use super::attrs::AttrPlace;
use super::lexer::{Kw, Tok, KW_OPCODE};
use super::module::Header;
use super::values::LocalName;
use super::{cold, AttrTarget, FnState, PResult, Parser};
use crate::inst::{
    bits, mem, FastMathFlags, GepFlags, Opcode, Ordering, Predicate, RmwOp, TailKind, WrapFlags,
};
use crate::ir::attributes::{AttributeList, AttributeSet};
use crate::ir::inst::{Bundle, CallData, InstPayload};
use crate::ir::metadata::MdKindId;
use crate::ir::special::{AsmDialect, InlineAsmData};
use crate::ir::{Block, Inst};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use smallvec::SmallVec;

fn align_bits(a: u64) -> u16 {
    (a.trailing_zeros() as u16 + 1) & mem::ALIGN_MASK
}

/// Which alignment LLParser gives a memory instruction without `align`.
#[derive(Clone, Copy)]
enum DefaultAlign {
    /// `getABITypeAlign` (load, store)
    Abi,
    /// `getPrefTypeAlign` (alloca)
    Pref,
    /// the store size (atomicrmw, cmpxchg)
    StoreSize,
}

impl Parser<'_> {
    /// The alignment bits of `ty`'s default alignment in the module's
    /// layout; 0 (none) where the layout cannot say (an unsized type, a
    /// store size that is not a power of two).
    fn default_align(&mut self, ty: Type, which: DefaultAlign) -> u16 {
        if self.layout.is_none() {
            self.layout = self.ctx.module_layout_cache(self.m).ok();
        }
        let Some(l) = self.layout.as_mut() else {
            return 0;
        };
        let bytes = match which {
            DefaultAlign::Abi => l.abi_align(self.ctx, ty).map(|a| a.bytes()),
            DefaultAlign::Pref => l.pref_align(self.ctx, ty).map(|a| a.bytes()),
            DefaultAlign::StoreSize => l.store_size(self.ctx, ty).map(|s| s.min),
        };
        match bytes {
            Ok(b) if b.is_power_of_two() => align_bits(b),
            _ => 0,
        }
    }

    /// `{ blocks }` of the function whose header was just parsed.
    pub(crate) fn parse_function_body(&mut self, h: Header) -> PResult<()> {
        let f = h.f;
        self.fs = Some(FnState::reuse(self.spare_fs.take(), f));
        let args: Vec<Value> = self.ctx.args(f).to_vec();
        for ((name, pos), a) in h.args.into_iter().zip(args) {
            self.define_local(name, a, pos)?;
        }
        self.expect(Tok::LBrace, "expected '{' in function body")?;
        self.resolve_block_addresses(f)?;
        if self.is(Tok::RBrace) || self.is_word("uselistorder") {
            return self.err("function body requires at least one basic block");
        }
        while !self.is(Tok::RBrace) && !self.is_word("uselistorder") {
            if self.is(Tok::Eof) {
                return self.err("found end of file when expecting more instructions");
            }
            self.parse_block()?;
        }
        // `uselistorder` directives close the body (before the forward
        // reference checks, as in LLVM).
        while !self.is(Tok::RBrace) {
            if !self.is_word("uselistorder") {
                return self.err("expected uselistorder directive");
            }
            self.parse_uselistorder_directive()?;
        }
        self.bump();
        let fs = self.fs.take().expect("function state");
        let mut first: Option<(usize, String)> = None;
        for (n, (_, p)) in &fs.fwd_named {
            if first.as_ref().is_none_or(|x| *p < x.0) {
                let n = crate::ir::shown(n);
                first = Some((*p, format!("use of undefined value '%{n}'")));
            }
        }
        for (n, (_, p)) in fs.fwd_ids.iter() {
            if first.as_ref().is_none_or(|x| *p < x.0) {
                first = Some((*p, format!("use of undefined value '%{n}'")));
            }
        }
        if let Some((p, m)) = first {
            return self.err_at(p, m);
        }
        self.spare_fs = Some(fs);
        Ok(())
    }

    fn parse_block(&mut self) -> PResult<()> {
        let pos = self.tok.start();
        let name = match self.tok.kind {
            Tok::LabelName => LocalName::Named(self.bump()),
            Tok::LabelId => LocalName::Id(self.bump().num()),
            _ => LocalName::Unnamed,
        };
        let b = self.start_block(name, pos)?;
        let mut records = Vec::new();
        loop {
            if self.is(Tok::DbgRecord) {
                records.push(self.parse_dbg_record()?);
                continue;
            }
            let i = self.parse_instruction(b)?;
            if !records.is_empty() {
                self.ctx.set_dbg_records(i, std::mem::take(&mut records));
            }
            if self.ctx.opcode(i).is_terminator() {
                return Ok(());
            }
        }
    }

    fn start_block(&mut self, name: LocalName, pos: usize) -> PResult<Block> {
        let fs = self.fs.as_mut().expect("in a function");
        let f = fs.f;
        let mut id = None;
        let existing = match name {
            LocalName::Unnamed | LocalName::Id(_) => {
                let n = match name {
                    LocalName::Id(n) => {
                        if n < fs.next_id {
                            let next = fs.next_id;
                            return self.err_at(
                                pos,
                                format!("label expected to be numbered '{next}' or greater"),
                            );
                        }
                        n
                    }
                    _ => fs.next_id,
                };
                fs.next_id = n.saturating_add(1);
                id = Some(n);
                fs.fwd_ids.remove(n)
            }
            LocalName::Named(t) => {
                let n = self.lx.name(&t);
                if let Some(v) = self.ctx.local_by_name(f, &n) {
                    // As LLVM's `defineBB`: a label naming a block defined
                    // already reaches that block again, which moves to the
                    // end and takes the instructions that follow (the
                    // verifier then sees a terminator mid-block); any other
                    // local of that name is a refusal.
                    if self.ctx.value_kind(v) != ValueKind::Block {
                        let n = crate::ir::shown(&n);
                        return self.err_at(pos, format!("unable to create block named '{n}'"));
                    }
                    self.ctx.remove_block(Block(v));
                    Some((v, pos))
                } else {
                    self.fs().fwd_named.remove(n.as_ref())
                }
            }
        };
        let b = match existing {
            Some((v, _)) => {
                if self.ctx.value_kind(v) != ValueKind::Block {
                    return self.err_at(
                        pos,
                        format!(
                            "instruction forward referenced with type '{}'",
                            self.ty_str(self.ctx.type_of(v))
                        ),
                    );
                }
                Block(v)
            }
            None => {
                let n = match name {
                    LocalName::Named(t) => self.lx.name(&t),
                    _ => std::borrow::Cow::Borrowed(&b""[..]),
                };
                self.ctx.create_block(&n)
            }
        };
        self.ctx.insert_block(f, b, None);
        if let Some(n) = id {
            let lt = self.ctx.label_type();
            self.fs().numbered.push(n, b.0, lt);
        }
        Ok(b)
    }

    /// Fast-math flags, as their stored bits.
    fn parse_fmf(&mut self) -> u16 {
        let mut f = FastMathFlags::NONE;
        loop {
            let flag = match self.tok_bytes() {
                b"fast" => FastMathFlags::FAST,
                b"nnan" => FastMathFlags::NNAN,
                b"ninf" => FastMathFlags::NINF,
                b"nsz" => FastMathFlags::NSZ,
                b"arcp" => FastMathFlags::ARCP,
                b"contract" => FastMathFlags::CONTRACT,
                b"afn" => FastMathFlags::AFN,
                b"reassoc" => FastMathFlags::REASSOC,
                _ => return bits::fmf(f),
            };
            if self.tok.kind != Tok::Word {
                return bits::fmf(f);
            }
            self.bump();
            f |= flag;
        }
    }

    /// `, align N` if next; also stops before `, !md`.
    #[inline]
    fn opt_comma_align(&mut self) -> PResult<u16> {
        // `, align N` with a small power of two N, all in the window: this
        // path calls nothing, so a caller pays no frame for it.
        if self.tok.kind == Tok::Comma && self.ready(3) && self.next_token().is_kw(Kw::Align) {
            if let Some(a) = self.token_after(1).small_int() {
                if a > 0 && (a as u32).is_power_of_two() {
                    self.advance_ready_by(3);
                    return Ok(align_bits(u64::from(a as u32)));
                }
            }
        }
        if self.tok.kind != Tok::Comma {
            return Ok(0);
        }
        self.opt_comma_align_general()
    }

    /// [`opt_comma_align`](Self::opt_comma_align) off its fast path.
    #[inline(never)]
    fn opt_comma_align_general(&mut self) -> PResult<u16> {
        if self.is(Tok::Comma) && self.peek().is_kw(Kw::Align) {
            self.bump();
            self.bump();
            // `align N` with a small decimal N: its value is in the token.
            if let Some(a) = self.tok.small_int() {
                if a > 0 && (a as u32).is_power_of_two() {
                    self.bump();
                    return Ok(align_bits(u64::from(a as u32)));
                }
            }
            let a = self.parse_align_value()?;
            return Ok(align_bits(a));
        }
        Ok(0)
    }

    fn parse_syncscope(&mut self, i: Option<Inst>) -> PResult<Option<Box<[u8]>>> {
        let _ = i;
        if !self.eat_word("syncscope") {
            return Ok(None);
        }
        self.expect(Tok::LParen, "expected '(' in syncscope")?;
        let s = self.parse_str_bytes("syncscope name")?;
        self.expect(Tok::RParen, "expected ')' in syncscope")?;
        Ok(Some(s.into()))
    }

    fn parse_ordering(&mut self) -> PResult<Ordering> {
        match Ordering::from_name(self.word()) {
            Some(o) => {
                self.bump();
                Ok(o)
            }
            None => self.err("Expected ordering on atomic instruction"),
        }
    }

    fn local_block(&mut self) -> PResult<Value> {
        if !self.eat_kw(Kw::Label) {
            return self.err("expected 'label'");
        }
        let lt = self.ctx.label_type();
        if let Some(b) = self.defined_local(lt) {
            self.bump();
            return Ok(b);
        }
        let t = self.tok;
        if !matches!(t.kind, Tok::LocalName | Tok::LocalId) {
            return self.err("expected basic block");
        }
        self.bump();
        let lt = self.ctx.label_type();
        self.local_ref(&t, lt)
    }

    /// A value of type `token` after `within`/`from` (`none` allowed when
    /// `none_ok`).
    fn pad_operand(&mut self, none_ok: bool) -> PResult<Value> {
        if none_ok && self.eat_word("none") {
            return Ok(self.ctx.const_token_none());
        }
        let t = self.tok;
        if !matches!(t.kind, Tok::LocalName | Tok::LocalId) {
            return self.err("expected value token");
        }
        self.bump();
        let tt = self.ctx.token_type();
        self.local_ref(&t, tt)
    }

    fn new_inst(
        &mut self,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        payload: InstPayload,
        flags: u16,
    ) -> Inst {
        let b = self.fs().block;
        self.ctx.append_parsed_inst(b, op, ty, ops, payload, flags)
    }

    /// One instruction (with its `%x =`), appended to `b`.
    fn parse_instruction(&mut self, b: Block) -> PResult<Inst> {
        let pos = self.tok.start();
        let named = matches!(self.tok.kind, Tok::LocalName | Tok::LocalId)
            && self.peek().kind == Tok::Equal;
        let name = match self.tok.kind {
            Tok::LocalName | Tok::LocalId if named => {
                let t = self.bump();
                self.bump();
                if t.kind == Tok::LocalId {
                    LocalName::Id(t.num())
                } else {
                    LocalName::Named(t)
                }
            }
            _ => LocalName::Unnamed,
        };
        if self.tok.kind == Tok::Eof {
            return self.err("found end of file when expecting more instructions");
        }
        if self.tok.kind != Tok::Word {
            return self.err("expected instruction opcode");
        }
        // The lexer classified the common mnemonics.
        let kw = self.tok.kw_num();
        let tail = if kw == Kw::Tail as u32 {
            Some(TailKind::Tail)
        } else if kw == Kw::MustTail as u32 {
            Some(TailKind::MustTail)
        } else if kw == Kw::NoTail as u32 {
            Some(TailKind::NoTail)
        } else {
            None
        };
        let op = if tail.is_some() {
            self.bump();
            if !self.tok.is_kw(Kw::Call) {
                return self.err("expected 'tail call', 'musttail call', or 'notail call'");
            }
            Opcode::Call
        } else {
            match KW_OPCODE.get(kw as usize).copied().flatten() {
                Some(op) => op,
                None if kw == Kw::GetElementPtr as u32 => Opcode::GetElementPtr,
                None => match Opcode::from_mnemonic(self.word()) {
                    Some(op) => op,
                    None => return self.err("expected instruction opcode"),
                },
            }
        };
        self.bump();
        self.fs().block = b;
        let i = self.parse_inst_body(op, tail.unwrap_or(TailKind::None), pos)?;
        let void = self.ctx.is_void(self.ctx.type_of(i.0));
        if void {
            if !matches!(name, LocalName::Unnamed) {
                return self.err_at(pos, "instructions returning void cannot have a name");
            }
        } else {
            self.define_local(name, i.0, pos)?;
        }
        while self.is(Tok::Comma) && self.peek().kind == Tok::MdName {
            self.bump();
            let (k, md) = self.parse_md_attachment()?;
            let e = self.ctx.extra_mut(i);
            if k == MdKindId::DBG {
                e.dbg = Some(md);
            } else {
                e.md.add(k, md);
                if k == MdKindId::TBAA {
                    self.tbaa_insts.push(i);
                }
            }
        }
        Ok(i)
    }

    fn check_ty(&self, pos: usize, ok: bool, msg: &str) -> PResult<()> {
        if ok {
            Ok(())
        } else {
            self.err_at(pos, msg.to_string())
        }
    }

    /// The instruction after its opcode (a call's `#N` groups go to
    /// `attr_fixups`): returned alone, in registers, since nearly every
    /// instruction has no fixup.
    fn parse_inst_body(&mut self, op: Opcode, tail: TailKind, pos: usize) -> PResult<Inst> {
        let void = self.ctx.void_type();
        let i = match op {
            Opcode::Ret => {
                let f = self.fs().f;
                let rt = self
                    .ctx
                    .function_parts(self.ctx.signature(f))
                    .map(|p| p.0)
                    .unwrap_or(void);
                let tpos = self.tok.start();
                let t = self.parse_type()?;
                if self.ctx.is_void(t) {
                    if !self.ctx.is_void(rt) {
                        return self.err_at(
                            tpos,
                            format!(
                                "value doesn't match function result type '{}'",
                                self.ty_str(rt)
                            ),
                        );
                    }
                    self.new_inst(op, void, &[], InstPayload::None, 0)
                } else {
                    let v = self.parse_value(t)?;
                    if t != rt {
                        return self.err_at(
                            tpos,
                            format!(
                                "value doesn't match function result type '{}'",
                                self.ty_str(rt)
                            ),
                        );
                    }
                    self.new_inst(op, void, &[v], InstPayload::None, 0)
                }
            }
            Opcode::Br => {
                let tpos = self.tok.start();
                if self.tok.is_kw(Kw::Label) {
                    let d = self.local_block()?;
                    self.new_inst(op, void, &[d], InstPayload::None, 0)
                } else {
                    let c = self.parse_typed_value()?;
                    self.check_ty(
                        tpos,
                        self.ctx.int_width(self.ctx.type_of(c)) == Some(1),
                        "branch condition must have 'i1' type",
                    )?;
                    self.expect(Tok::Comma, "expected ',' after branch condition")?;
                    let t = self.local_block()?;
                    self.expect(Tok::Comma, "expected ',' after true destination")?;
                    let f = self.local_block()?;
                    self.new_inst(op, void, &[c, f, t], InstPayload::None, 0)
                }
            }
            Opcode::Switch => {
                let tpos = self.tok.start();
                let c = self.parse_typed_value()?;
                let ct = self.ctx.type_of(c);
                self.check_ty(
                    tpos,
                    self.ctx.is_integer(ct),
                    "switch condition must have integer type",
                )?;
                self.expect(Tok::Comma, "expected ',' after switch condition")?;
                let d = self.local_block()?;
                self.expect(Tok::LSquare, "expected '[' with switch table")?;
                let mut ops = vec![c, d];
                while !self.eat(Tok::RSquare) {
                    let cpos = self.tok.start();
                    let v = self.parse_typed_value()?;
                    if self.ctx.type_of(v) != ct || self.ctx.value_kind(v) != ValueKind::Constant {
                        return self.err_at(cpos, "case value is not a constant integer");
                    }
                    if ops[2..].iter().step_by(2).any(|&x| x == v) {
                        return self.err_at(cpos, "duplicate case value in switch");
                    }
                    self.expect(Tok::Comma, "expected ',' after case value")?;
                    let b = self.local_block()?;
                    ops.push(v);
                    ops.push(b);
                }
                self.new_inst(op, void, &ops, InstPayload::None, 0)
            }
            Opcode::IndirectBr => {
                cold();
                let a = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after indirectbr address")?;
                self.expect(Tok::LSquare, "expected '[' with indirectbr")?;
                let mut ops = vec![a];
                if !self.is(Tok::RSquare) {
                    loop {
                        ops.push(self.local_block()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ']' at end of block list")?;
                self.new_inst(op, void, &ops, InstPayload::None, 0)
            }
            Opcode::Invoke | Opcode::CallBr | Opcode::Call => {
                return self.parse_call(op, tail, pos)
            }
            Opcode::Resume => {
                cold();
                let v = self.parse_typed_value()?;
                self.new_inst(op, void, &[v], InstPayload::None, 0)
            }
            Opcode::Unreachable => self.new_inst(op, void, &[], InstPayload::None, 0),
            Opcode::CleanupRet => {
                cold();
                self.expect_word("from")?;
                let pad = self.pad_operand(false)?;
                self.expect_word("unwind")?;
                let mut ops = vec![pad];
                if self.eat_kw(Kw::To) {
                    self.expect_word("caller")?;
                } else {
                    ops.push(self.local_block()?);
                }
                self.new_inst(op, void, &ops, InstPayload::None, 0)
            }
            Opcode::CatchRet => {
                cold();
                self.expect_word("from")?;
                let pad = self.pad_operand(false)?;
                self.expect_word("to")?;
                let b = self.local_block()?;
                self.new_inst(op, void, &[pad, b], InstPayload::None, 0)
            }
            Opcode::CatchSwitch => {
                cold();
                self.expect_word("within")?;
                let parent = self.pad_operand(true)?;
                self.expect(Tok::LSquare, "expected '[' with catchswitch labels")?;
                let mut handlers = Vec::new();
                loop {
                    handlers.push(self.local_block()?);
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RSquare, "expected ']' after catchswitch labels")?;
                self.expect_word("unwind")?;
                let mut ops = vec![parent];
                let mut flags = 0;
                if self.eat_kw(Kw::To) {
                    self.expect_word("caller")?;
                } else {
                    ops.push(self.local_block()?);
                    flags = bits::CATCHSWITCH_HAS_UNWIND;
                }
                ops.extend(handlers);
                let tt = self.ctx.token_type();
                self.new_inst(op, tt, &ops, InstPayload::None, flags)
            }
            Opcode::CatchPad | Opcode::CleanupPad => {
                cold();
                self.expect_word("within")?;
                let parent = self.pad_operand(op == Opcode::CleanupPad)?;
                self.expect(Tok::LSquare, "expected '[' in catchpad/cleanuppad")?;
                let mut ops = Vec::new();
                if !self.is(Tok::RSquare) {
                    loop {
                        ops.push(self.parse_typed_value()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ']' in catchpad/cleanuppad")?;
                ops.push(parent);
                let tt = self.ctx.token_type();
                self.new_inst(op, tt, &ops, InstPayload::None, 0)
            }
            Opcode::FNeg => {
                cold();
                let fl = self.parse_fmf();
                let tpos = self.tok.start();
                let v = self.parse_typed_value()?;
                let t = self.ctx.type_of(v);
                self.check_ty(
                    tpos,
                    self.ctx.is_fp_or_fp_vector(t),
                    "invalid operand type for instruction",
                )?;
                self.new_inst(op, t, &[v], InstPayload::None, fl)
            }
            _ if op.is_binary() => {
                let mut fl = 0;
                if op.is_fp_binary() {
                    fl = self.parse_fmf();
                } else {
                    let mut wrap = WrapFlags::NONE;
                    loop {
                        if op.has_wrap_flags() && self.eat_kw(Kw::Nuw) {
                            wrap |= WrapFlags::NUW;
                        } else if op.has_wrap_flags() && self.eat_kw(Kw::Nsw) {
                            wrap |= WrapFlags::NSW;
                        } else if (op.has_exact_flag() && self.eat_word("exact"))
                            || (op.has_disjoint_flag() && self.eat_word("disjoint"))
                        {
                            fl |= bits::ONE_FLAG;
                        } else {
                            break;
                        }
                    }
                    fl |= bits::wrap(wrap);
                }
                let tpos = self.tok.start();
                let t = self.parse_type()?;
                let a = self.parse_value(t)?;
                self.expect(Tok::Comma, "expected ',' in arithmetic operation")?;
                let b = self.parse_value(t)?;
                let ok = if op.is_fp_binary() {
                    self.ctx.is_fp_or_fp_vector(t)
                } else {
                    self.ctx.is_int_or_int_vector(t)
                };
                self.check_ty(tpos, ok, "invalid operand type for instruction")?;
                self.new_inst(op, t, &[a, b], InstPayload::None, fl)
            }
            _ if op.is_cast() => {
                let mut fl = 0;
                let mut wrap = WrapFlags::NONE;
                loop {
                    if op == Opcode::Trunc && self.eat_kw(Kw::Nuw) {
                        wrap |= WrapFlags::NUW;
                    } else if op == Opcode::Trunc && self.eat_kw(Kw::Nsw) {
                        wrap |= WrapFlags::NSW;
                    } else if op.has_nneg_flag() && self.eat_word("nneg") {
                        fl |= bits::ONE_FLAG;
                    } else {
                        break;
                    }
                }
                fl |= bits::wrap(wrap);
                let tpos = self.tok.start();
                let v = self.parse_typed_value()?;
                self.expect_word("to")?;
                let dt = self.parse_type()?;
                if !self.cast_ok(op, self.ctx.type_of(v), dt) {
                    return self.err_at(
                        tpos,
                        format!(
                            "invalid cast opcode for cast from '{}' to '{}'",
                            self.ty_str(self.ctx.type_of(v)),
                            self.ty_str(dt)
                        ),
                    );
                }
                self.new_inst(op, dt, &[v], InstPayload::None, fl)
            }
            Opcode::ICmp | Opcode::FCmp => {
                let fl = if op == Opcode::FCmp {
                    self.parse_fmf()
                } else {
                    0
                };
                let p = if op == Opcode::ICmp {
                    Predicate::int_from_name(self.word())
                } else {
                    Predicate::float_from_name(self.word())
                };
                let Some(p) = p.filter(|_| self.tok.kind == Tok::Word) else {
                    return self.err("expected icmp predicate (e.g. 'eq')");
                };
                self.bump();
                let tpos = self.tok.start();
                let t = self.parse_type()?;
                let a = self.parse_value(t)?;
                self.expect(Tok::Comma, "expected ',' after compare value")?;
                let b = self.parse_value(t)?;
                let ok = if op == Opcode::ICmp {
                    self.ctx.is_int_or_int_vector(t) || self.ctx.is_ptr_or_ptr_vector(t)
                } else {
                    self.ctx.is_fp_or_fp_vector(t)
                };
                self.check_ty(
                    tpos,
                    ok,
                    if op == Opcode::ICmp {
                        "icmp requires integer operands"
                    } else {
                        "fcmp requires floating point operands"
                    },
                )?;
                let i1 = self.ctx.i1_type();
                let rt = match self.ctx.vector_len(t) {
                    Some((n, false)) => self.ctx.vector_type(i1, n),
                    Some((n, true)) => self.ctx.scalable_vector_type(i1, n),
                    None => i1,
                };
                let flags = p as u16 | (fl << 8);
                self.new_inst(op, rt, &[a, b], InstPayload::None, flags)
            }
            Opcode::Phi => {
                let fl = self.parse_fmf();
                let t = self.parse_type()?;
                // On the stack while reading (most PHIs have a few
                // incoming values); the block list is then allocated once,
                // at its exact size.
                let mut vals: SmallVec<[Value; 8]> = SmallVec::new();
                let mut blocks: SmallVec<[Value; 8]> = SmallVec::new();
                loop {
                    self.expect(Tok::LSquare, "expected '[' in phi value list")?;
                    vals.push(self.parse_value(t)?);
                    self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                    let bt = self.tok;
                    if !matches!(bt.kind, Tok::LocalName | Tok::LocalId) {
                        return self.err("expected basic block");
                    }
                    self.bump();
                    let lt = self.ctx.label_type();
                    blocks.push(self.local_ref(&bt, lt)?);
                    self.expect(Tok::RSquare, "expected ']' in phi value list")?;
                    if !(self.is(Tok::Comma) && self.peek().kind == Tok::LSquare) {
                        break;
                    }
                    self.bump();
                }
                let fl = if self.ctx.is_fp_math_type(t) { fl } else { 0 };
                let blocks = blocks.into_vec();
                self.new_inst(op, t, &vals, InstPayload::Phi { blocks, cap: 0 }, fl)
            }
            Opcode::Select => {
                let fl = self.parse_fmf();
                let c = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after select condition")?;
                let a = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after select value")?;
                let bpos = self.tok.start();
                let b = self.parse_typed_value()?;
                let t = self.ctx.type_of(a);
                if t != self.ctx.type_of(b) {
                    return self.err_at(bpos, "select values must have same type");
                }
                let fl = if self.ctx.is_fp_math_type(t) { fl } else { 0 };
                self.new_inst(op, t, &[c, a, b], InstPayload::None, fl)
            }
            Opcode::VAArg => {
                cold();
                let v = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after vaarg operand")?;
                let t = self.parse_type()?;
                self.new_inst(op, t, &[v], InstPayload::None, 0)
            }
            Opcode::Freeze => {
                cold();
                let v = self.parse_typed_value()?;
                let t = self.ctx.type_of(v);
                self.new_inst(op, t, &[v], InstPayload::None, 0)
            }
            Opcode::ExtractElement => {
                cold();
                let vpos = self.tok.start();
                let v = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after extract value")?;
                let idx = self.parse_typed_value()?;
                let vt = self.ctx.type_of(v);
                if !self.extract_element_ok(v, idx) {
                    return self.err_at(vpos, "invalid extractelement operands");
                }
                let e = self.ctx.scalar_type(vt);
                self.new_inst(op, e, &[v, idx], InstPayload::None, 0)
            }
            Opcode::InsertElement => {
                cold();
                let vpos = self.tok.start();
                let v = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let e = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after insertelement value")?;
                let idx = self.parse_typed_value()?;
                let vt = self.ctx.type_of(v);
                if !self.insert_element_ok(v, e, idx) {
                    return self.err_at(vpos, "invalid insertelement operands");
                }
                self.new_inst(op, vt, &[v, e, idx], InstPayload::None, 0)
            }
            Opcode::ShuffleVector => {
                cold();
                let vpos = self.tok.start();
                let a = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle mask")?;
                let b = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after shuffle value")?;
                let mpos = self.tok.start();
                let m = self.parse_typed_value()?;
                let at = self.ctx.type_of(a);
                if !self.shuffle_ok(a, b, m) {
                    return self.err_at(vpos, "invalid shufflevector operands");
                }
                let mask = self.mask_of(m, mpos)?;
                let e = self.ctx.scalar_type(at);
                let scalable = self.ctx.vector_len(at).is_some_and(|x| x.1);
                let rt = if scalable {
                    self.ctx.scalable_vector_type(e, mask.len() as u32)
                } else {
                    self.ctx.vector_type(e, mask.len() as u32)
                };
                self.new_inst(op, rt, &[a, b], InstPayload::Mask(mask.into()), 0)
            }
            Opcode::ExtractValue | Opcode::InsertValue => {
                cold();
                let vpos = self.tok.start();
                let v = self.parse_typed_value()?;
                let mut ops = vec![v];
                if op == Opcode::InsertValue {
                    self.expect(Tok::Comma, "expected comma after insertvalue operand")?;
                    ops.push(self.parse_typed_value()?);
                }
                let mut idx = Vec::new();
                while self.is(Tok::Comma) && self.peek().kind == Tok::Int {
                    self.bump();
                    idx.push(self.parse_u32("index")?);
                }
                if idx.is_empty() {
                    return self.err("expected index");
                }
                let mut t = self.ctx.type_of(v);
                for &k in &idx {
                    t = match self.ctx.type_data(t) {
                        TypeData::Array { elem, len } if (k as u64) < *len => *elem,
                        _ => match self.ctx.struct_elements(t).and_then(|s| s.get(k as usize)) {
                            Some(&e) => e,
                            None => {
                                return self
                                    .err_at(vpos, format!("invalid indices for {}", op.mnemonic()))
                            }
                        },
                    };
                }
                let rt = if op == Opcode::ExtractValue {
                    t
                } else {
                    if self.ctx.type_of(ops[1]) != t {
                        return self.err_at(vpos, "insertvalue operand and field disagree in type");
                    }
                    self.ctx.type_of(v)
                };
                self.new_inst(op, rt, &ops, InstPayload::Indices(idx.into()), 0)
            }
            Opcode::LandingPad => {
                cold();
                let t = self.parse_type()?;
                let cleanup = self.eat_word("cleanup");
                // Each clause is added as it is read, as LLVM's parser
                // does: a constant a later clause makes (a filter's array)
                // uses its operands after the earlier clauses do.
                let lp = self.new_inst(
                    op,
                    t,
                    &[],
                    InstPayload::Grow {
                        cap: 0,
                        clauses: Vec::new(),
                        cleanup,
                    },
                    0,
                );
                loop {
                    let catch = if self.eat_word("catch") {
                        true
                    } else if self.eat_word("filter") {
                        false
                    } else {
                        break;
                    };
                    let v = self.parse_typed_value()?;
                    self.ctx.landing_pad_push_clause(lp, v, catch);
                }
                lp
            }
            Opcode::Alloca => {
                let mut fl = 0;
                if self.eat_word("inalloca") {
                    fl |= mem::WEAK;
                }
                if self.eat_word("swifterror") {
                    fl |= mem::SWIFTERROR;
                }
                let tpos = self.tok.start();
                let t = self.parse_type()?;
                if self.ctx.is_function(t)
                    || self.ctx.is_void(t)
                    || self.ctx.is_label(t)
                    || self.ctx.is_metadata(t)
                    || self.ctx.is_token(t)
                    || t == self.ctx.x86_amx_type()
                {
                    return self.err_at(tpos, "invalid type for alloca");
                }
                let mut count = None;
                let mut addrspace = 0;
                while self.is(Tok::Comma) && self.peek().kind != Tok::MdName {
                    self.bump();
                    if self.eat_kw(Kw::Align) {
                        let a = self.parse_align_value()?;
                        fl |= align_bits(a);
                    } else if self.tok.is_kw(Kw::AddrSpace) {
                        addrspace = self.parse_opt_addrspace()?;
                    } else if count.is_none() {
                        count = Some(self.parse_typed_value()?);
                    } else {
                        return self.err("expected 'align' or 'addrspace'");
                    }
                }
                let count = match count {
                    Some(c) => c,
                    None => {
                        let i32t = self.ctx.i32_type();
                        self.const_int(i32t, 1)
                    }
                };
                if fl & mem::ALIGN_MASK == 0 {
                    if !self.ctx.is_sized_memo(t) {
                        return self.err_at(tpos, "Cannot allocate unsized type");
                    }
                    fl |= self.default_align(t, DefaultAlign::Pref);
                }
                let pt = self.ctx.ptr_type(addrspace);
                self.new_inst(op, pt, &[count], InstPayload::Ty(t), fl)
            }
            Opcode::Load | Opcode::Store => {
                let atomic = self.eat_kw(Kw::Atomic);
                let mut fl = 0;
                if self.eat_kw(Kw::Volatile) {
                    fl |= mem::VOLATILE;
                }
                let tpos = self.tok.start();
                // LLParser's `Loc`: the loaded pointer, the stored value.
                let mut vpos = tpos;
                let (ty, buf, n) = if op == Opcode::Load {
                    let t = self.parse_type()?;
                    if self.ctx.is_void(t) {
                        return self.err_at(tpos, "void type only allowed for function results");
                    }
                    self.expect(Tok::Comma, "expected comma after load's type")?;
                    vpos = self.tok.start();
                    let p = self.parse_typed_value()?;
                    (t, [p, p], 1)
                } else {
                    let v = self.parse_typed_value()?;
                    self.expect(Tok::Comma, "expected ',' after store operand")?;
                    let p = self.parse_typed_value()?;
                    (void, [v, p], 2)
                };
                let ops = &buf[..n];
                let ppos = self.tok.start();
                if !self
                    .ctx
                    .is_ptr(self.ctx.type_of(*ops.last().unwrap_or(&ops[0])))
                {
                    return self.err_at(
                        ppos,
                        if op == Opcode::Load {
                            "load operand must be a pointer"
                        } else {
                            "store operand must be a pointer"
                        },
                    );
                }
                let mut scope = None;
                if atomic {
                    scope = self.parse_syncscope(None)?;
                    let o = self.parse_ordering()?;
                    fl |= (o as u16) << mem::ORDER_SHIFT;
                }
                fl |= self.opt_comma_align()?;
                if atomic && fl & mem::ALIGN_MASK == 0 {
                    return self.err_at(
                        vpos,
                        if op == Opcode::Load {
                            "atomic load must have explicit non-zero alignment"
                        } else {
                            "atomic store must have explicit non-zero alignment"
                        },
                    );
                }
                if fl & mem::ALIGN_MASK == 0 {
                    // LLParser: an unsized type needs an explicit `align`;
                    // else the ABI alignment of the type in memory.
                    let mt = if op == Opcode::Load {
                        ty
                    } else {
                        self.ctx.type_of(ops[0])
                    };
                    if !self.ctx.is_sized_memo(mt) {
                        return if op == Opcode::Load {
                            self.err_at(tpos, "loading unsized types is not allowed")
                        } else {
                            self.err_at(tpos, "storing unsized types is not allowed")
                        };
                    }
                    fl |= self.default_align(mt, DefaultAlign::Abi);
                }
                let i = self.new_inst(op, ty, ops, InstPayload::None, fl);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            Opcode::AtomicCmpXchg => {
                cold();
                let mut fl = 0;
                if self.eat_word("weak") {
                    fl |= mem::WEAK;
                }
                if self.eat_kw(Kw::Volatile) {
                    fl |= mem::VOLATILE;
                }
                let p = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after cmpxchg address")?;
                let c = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after cmpxchg cmp operand")?;
                let npos = self.tok.start();
                let n = self.parse_typed_value()?;
                let ct = self.ctx.type_of(c);
                if ct != self.ctx.type_of(n) {
                    return self.err_at(npos, "compare value and new value type do not match");
                }
                let scope = self.parse_syncscope(None)?;
                let s = self.parse_ordering()?;
                let f = self.parse_ordering()?;
                fl |= (s as u16) << mem::ORDER_SHIFT | (f as u16) << mem::EXTRA_SHIFT;
                fl |= self.opt_comma_align()?;
                if matches!(s, Ordering::NotAtomic | Ordering::Unordered) {
                    return self.err("invalid cmpxchg success ordering");
                }
                if matches!(
                    f,
                    Ordering::NotAtomic
                        | Ordering::Unordered
                        | Ordering::AcqRel
                        | Ordering::Release
                ) {
                    return self.err("invalid cmpxchg failure ordering");
                }
                if fl & mem::ALIGN_MASK == 0 {
                    fl |= self.default_align(ct, DefaultAlign::StoreSize);
                }
                let i1 = self.ctx.i1_type();
                let rt = self.ctx.struct_type(&[ct, i1], false);
                let i = self.new_inst(op, rt, &[p, c, n], InstPayload::None, fl);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            Opcode::AtomicRMW => {
                cold();
                let mut fl = 0;
                if self.eat_kw(Kw::Volatile) {
                    fl |= mem::VOLATILE;
                }
                let Some(r) = RmwOp::from_name(self.word()).filter(|_| self.tok.kind == Tok::Word)
                else {
                    return self.err("expected binary operation in atomicrmw");
                };
                self.bump();
                let p = self.parse_typed_value()?;
                self.expect(Tok::Comma, "expected ',' after atomicrmw address")?;
                let v = self.parse_typed_value()?;
                let scope = self.parse_syncscope(None)?;
                let o = self.parse_ordering()?;
                fl |= (o as u16) << mem::ORDER_SHIFT | (r as u16) << mem::EXTRA_SHIFT;
                fl |= self.opt_comma_align()?;
                let t = self.ctx.type_of(v);
                if fl & mem::ALIGN_MASK == 0 {
                    fl |= self.default_align(t, DefaultAlign::StoreSize);
                }
                let i = self.new_inst(op, t, &[p, v], InstPayload::None, fl);
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            Opcode::Fence => {
                cold();
                let scope = self.parse_syncscope(None)?;
                let o = self.parse_ordering()?;
                let i = self.new_inst(
                    op,
                    void,
                    &[],
                    InstPayload::None,
                    (o as u16) << mem::ORDER_SHIFT,
                );
                if scope.is_some() {
                    self.ctx.extra_mut(i).sync_scope = scope;
                }
                i
            }
            Opcode::GetElementPtr => {
                let mut gf = GepFlags::NONE;
                loop {
                    if self.eat_kw(Kw::InBounds) {
                        gf |= GepFlags::INBOUNDS;
                    } else if self.eat_word("nusw") {
                        gf |= GepFlags::NUSW;
                    } else if self.eat_kw(Kw::Nuw) {
                        gf |= GepFlags::NUW;
                    } else {
                        break;
                    }
                }
                let fl = bits::gep(gf);
                let src = self.parse_type()?;
                self.expect(Tok::Comma, "expected comma after getelementptr's type")?;
                // llvm-as reports GEP errors at the pointer operand, or at
                // the offending index.
                let mut poss: SmallVec<[usize; 8]> = SmallVec::new();
                poss.push(self.tok.start());
                let mut ops: SmallVec<[Value; 8]> = SmallVec::new();
                ops.push(self.parse_typed_value()?);
                while self.is(Tok::Comma) && self.peek().kind != Tok::MdName {
                    self.bump();
                    poss.push(self.tok.start());
                    ops.push(self.parse_typed_value()?);
                }
                let rt = self.gep_result_type(&ops, &poss)?;
                if ops.len() > 1 && !self.ctx.is_sized_memo(src) {
                    return self.err_at(poss[0], "base element of getelementptr must be sized");
                }
                if self.ctx.gep_indexed_type(src, &ops[1..]).is_none() {
                    return self.err_at(poss[0], "invalid getelementptr indices");
                }
                self.new_inst(op, rt, &ops, InstPayload::Ty(src), fl)
            }
            _ => return self.err_at(pos, "expected instruction opcode"),
        };
        Ok(i)
    }

    pub(super) fn cast_ok(&self, op: Opcode, from: Type, to: Type) -> bool {
        let c = &self.ctx;
        let (fv, tv) = (c.vector_len(from), c.vector_len(to));
        if fv != tv && op != Opcode::BitCast {
            return false;
        }
        let (fs, ts) = (c.scalar_type(from), c.scalar_type(to));
        let bits = |t: Type| -> Option<u32> {
            c.int_width(t).or_else(|| {
                crate::constants::apfloat::FloatKind::of_type(c.type_data(t)).map(|k| k.bit_width())
            })
        };
        match op {
            Opcode::Trunc => c.is_integer(fs) && c.is_integer(ts) && bits(fs) > bits(ts),
            Opcode::ZExt | Opcode::SExt => {
                c.is_integer(fs) && c.is_integer(ts) && bits(fs) < bits(ts)
            }
            Opcode::FPTrunc => c.is_fp(fs) && c.is_fp(ts) && bits(fs) > bits(ts),
            Opcode::FPExt => c.is_fp(fs) && c.is_fp(ts) && bits(fs) < bits(ts),
            Opcode::UIToFP | Opcode::SIToFP => c.is_integer(fs) && c.is_fp(ts),
            Opcode::FPToUI | Opcode::FPToSI => c.is_fp(fs) && c.is_integer(ts),
            Opcode::PtrToInt => c.is_ptr(fs) && c.is_integer(ts),
            Opcode::IntToPtr => c.is_integer(fs) && c.is_ptr(ts),
            Opcode::AddrSpaceCast => {
                c.is_ptr(fs) && c.is_ptr(ts) && c.ptr_addrspace(fs) != c.ptr_addrspace(ts)
            }
            Opcode::BitCast => {
                if c.is_ptr(fs) || c.is_ptr(ts) {
                    return c.is_ptr(fs)
                        && c.is_ptr(ts)
                        && c.ptr_addrspace(fs) == c.ptr_addrspace(ts)
                        && fv == tv;
                }
                let total = |t: Type, s: Type| -> Option<u64> {
                    let n = c.vector_len(t).map_or(1, |x| x.0 as u64);
                    if c.vector_len(t).is_some_and(|x| x.1)
                        != c.vector_len(from).is_some_and(|x| x.1)
                    {
                        return None;
                    }
                    bits(s).map(|b| b as u64 * n)
                };
                // `x86_mmx` is 64 bits wide to a bitcast.
                let mmx = c.x86_mmx_type();
                let size = |t: Type, s: Type| if t == mmx { Some(64) } else { total(t, s) };
                size(from, fs).is_some() && size(from, fs) == size(to, ts)
            }
            _ => false,
        }
    }

    /// `call`, `invoke`, `callbr` after the opcode (and tail marker).
    fn parse_call(&mut self, op: Opcode, tail: TailKind, pos: usize) -> PResult<Inst> {
        let fl = if op == Opcode::Call {
            self.parse_fmf()
        } else {
            0
        };
        let cc = self.parse_calling_conv()?;
        let mut none = Vec::new();
        let ret_attrs = self.parse_attrs(AttrPlace::Return, &mut none)?;
        let addrspace = self.parse_opt_addrspace()?;
        let tpos = self.tok.start();
        let ty = self.parse_type()?;
        // Callee: inline asm or a pointer value.
        let mut asm = None;
        let asm_pos = self.tok.start();
        let callee = if self.eat_word("asm") {
            let mut d = (false, false, AsmDialect::Att, false);
            loop {
                if self.eat_word("sideeffect") {
                    d.0 = true;
                } else if self.eat_word("alignstack") {
                    d.1 = true;
                } else if self.eat_word("inteldialect") {
                    d.2 = AsmDialect::Intel;
                } else if self.eat_word("unwind") {
                    d.3 = true;
                } else {
                    break;
                }
            }
            let text = self.parse_str_bytes("asm string")?;
            self.expect(Tok::Comma, "expected comma in inline asm expression")?;
            let cons = self.parse_str_bytes("constraint string")?;
            asm = Some((d, text, cons));
            None
        } else {
            let pt = self.ctx.ptr_type(addrspace);
            Some(self.parse_value(pt)?)
        };
        self.expect(Tok::LParen, "expected '(' in call")?;
        let mut args: SmallVec<[Value; 8]> = SmallVec::new();
        let mut arg_attrs: SmallVec<[AttributeSet; 8]> = SmallVec::new();
        let mut saw_dots = false;
        if !self.is(Tok::RParen) {
            loop {
                if self.eat(Tok::DotDotDot) {
                    saw_dots = true;
                    break;
                }
                let t = self.parse_type()?;
                let a = self.parse_attrs(AttrPlace::Param, &mut none)?;
                let v = self.parse_value(t)?;
                args.push(v);
                arg_attrs.push(a);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        if saw_dots && tail != TailKind::MustTail {
            return self.err_at(
                pos,
                "unexpected ellipsis in argument list for non-musttail call",
            );
        }
        let mut groups = Vec::new();
        let fn_attrs = self.parse_attrs(AttrPlace::Function, &mut groups)?;
        // Operand bundles.
        let mut bundles = Vec::new();
        let mut bundle_ops = Vec::new();
        if self.eat(Tok::LSquare) {
            loop {
                let tag = self.parse_str_bytes("operand bundle tag")?;
                self.expect(Tok::LParen, "expected '(' in operand bundle")?;
                let start = (args.len() + bundle_ops.len()) as u32;
                if !self.is(Tok::RParen) {
                    loop {
                        bundle_ops.push(self.parse_typed_value()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RParen, "expected ')' in operand bundle")?;
                let len = (args.len() + bundle_ops.len()) as u32 - start;
                bundles.push(Bundle {
                    tag: tag.into(),
                    start,
                    len,
                });
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ']' in operand bundle list")?;
        }
        // Destinations.
        let mut dests = Vec::new();
        let mut num_indirect = 0;
        match op {
            Opcode::Invoke => {
                self.expect_word("to")?;
                dests.push(self.local_block()?);
                self.expect_word("unwind")?;
                dests.push(self.local_block()?);
            }
            Opcode::CallBr => {
                self.expect_word("to")?;
                dests.push(self.local_block()?);
                self.expect(Tok::LSquare, "expected '[' in callbr")?;
                if !self.is(Tok::RSquare) {
                    loop {
                        dests.push(self.local_block()?);
                        num_indirect += 1;
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "expected ']' at end of block list")?;
            }
            _ => {}
        }
        // The function type.
        let arg_tys: SmallVec<[Type; 8]> = args.iter().map(|&a| self.ctx.type_of(a)).collect();
        let fn_ty = if self.ctx.is_function(ty) {
            let (_, params, va) = self.ctx.function_parts(ty).expect("function type");
            let ok = if va {
                params.len() <= arg_tys.len()
            } else {
                params.len() == arg_tys.len()
            };
            if !ok || params.iter().zip(&arg_tys).any(|(p, a)| p != a) {
                return self.err_at(tpos, "argument types do not match the function type");
            }
            ty
        } else {
            if !self.ctx.is_valid_return_type(ty) {
                return self.err_at(tpos, "Invalid result type for LLVM function");
            }
            self.ctx.function_type(ty, &arg_tys, false)
        };
        let ret = self.ctx.function_parts(fn_ty).map(|p| p.0).unwrap_or(ty);
        let callee = match (callee, asm) {
            (Some(c), _) => c,
            (None, Some((d, text, cons))) => {
                if let Err(e) = self.ctx.verify_inline_asm(fn_ty, &cons) {
                    return self.err_at(asm_pos, e);
                }
                self.ctx.inline_asm(InlineAsmData {
                    fn_ty,
                    asm: text.into(),
                    constraints: cons.into(),
                    side_effect: d.0,
                    align_stack: d.1,
                    dialect: d.2,
                    can_throw: d.3,
                })
            }
            (None, None) => unreachable!("a callee was parsed"),
        };
        let mut ops = args;
        if !bundle_ops.is_empty() {
            ops.extend(bundle_ops);
        }
        if !dests.is_empty() {
            ops.extend(dests);
        }
        ops.push(callee);
        // Calls in a row often carry equal lists (`noundef` on every
        // argument, the set interned once): shared, as the bitcode reader
        // shares a call's list by its id.
        let attrs = if self
            .last_call_attrs
            .holds_sets(&fn_attrs, &ret_attrs, &arg_attrs)
        {
            self.last_call_attrs.clone()
        } else {
            let l = AttributeList::from_slice(fn_attrs, ret_attrs, &mut arg_attrs);
            self.last_call_attrs = l.clone();
            l
        };
        let cd = CallData {
            fn_ty: Some(fn_ty),
            call_conv: cc,
            attrs,
            tail,
            bundles,
            num_indirect,
        };
        if fl != 0 && !self.ctx.is_fp_math_type(ret) {
            return self.err_at(pos, "fast-math-flags specified for call without floating-point scalar or vector return type");
        }
        let i = self.new_inst(op, ret, &ops, InstPayload::Call(Box::new(cd)), fl);
        for (id, p) in groups {
            self.attr_fixups.push((AttrTarget::Call(i), id, p));
        }
        Ok(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_opcodes_are_the_mnemonics() {
        use crate::asm::parse::lexer::KEYWORDS;
        for &(s, k) in KEYWORDS {
            let op = KW_OPCODE[k as usize];
            match s {
                // Read by `parse_instruction` itself.
                "getelementptr" => assert_eq!(op, None),
                _ => assert_eq!(op, Opcode::from_mnemonic(s), "{s}"),
            }
        }
    }
}
