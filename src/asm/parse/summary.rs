//! ThinLTO summary entries (`^N = module: (...)`, `gv: (...)`,
//! `typeid: (...)`, `typeidCompatibleVTable: (...)`, `flags: N`,
//! `blockcount: N`), read into the module's [`SummaryIndex`] the way
//! LLVM 19's `LLParser` builds its `ModuleSummaryIndex`.
//!
//! The `^N` numbers are labels: entries are keyed by GUID (a `name:` is
//! looked up in the module and hashed with its linkage and the source file
//! name, as `GlobalValue::getGUID`). References follow LLParser's rules: a
//! reference to a `gv:` entry already read takes that entry's GUID; one to
//! an entry not read yet is resolved by the next entry with that number
//! (type id references, in `typeTests` and `vFuncId`, may only point
//! forward). What is still unresolved at the end of the file is an error,
//! reported as llvm-as does.
//!
//! While an entry is parsed, `name:` is a word and a colon, not a label.
//! Where LLVM 19 only asserts (a `flags`/`varFlags`/`vFuncId`/`memProf`
//! keyword, a linkage name, a module reference defined earlier), this
//! parser reports an error instead of reading past it.

use std::collections::BTreeMap;

use hashbrown::HashMap;

use super::lexer::Tok;
use super::{PResult, Parser};
use crate::ir::global::{Linkage, Visibility};
use crate::ir::summary::{
    global_identifier, guid, Access, Alloc, AllocType, ByArg, ByArgKind, Call, Callsite,
    ConstVCall, FunctionSummary, GlobalSummary, GvFlags, Hotness, Mib, ParamAccess, ParamCall,
    Range64, Ref, SummaryIndex, SummaryKind, TypeIdEntry, TypeIdSummary, TypeTestKind, VFuncId,
    VTableFunc, VTableRef, VariableSummary, WpdKind, WpdResolution,
};

/// The summary being read: the index, with every reference field holding
/// the number of a cell (below) until the end of the file, when the cells
/// are resolved and the index moves into the module.
#[derive(Default)]
pub(crate) struct SummaryState {
    index: SummaryIndex,
    /// `^N = module:` numbers to paths.
    modules: HashMap<u32, String>,
    /// `^N = gv:` numbers to GUIDs (the latest entry with that number).
    numbered: HashMap<u32, u64>,
    /// Global value reference cells: GUIDs once resolved.
    cells: Vec<u64>,
    /// Unresolved global value references by number: (cell, position).
    fwd_values: BTreeMap<u32, Vec<(usize, usize)>>,
    /// Unresolved aliasees (their cells are global value cells).
    fwd_aliasees: BTreeMap<u32, Vec<(usize, usize)>>,
    /// Type id reference cells (a type id GUID, or a GUID written as is).
    type_refs: Vec<u64>,
    fwd_type_ids: BTreeMap<u32, Vec<(usize, usize)>>,
    /// The stack ids met so far (the index's `stack_ids`).
    stack_seen: HashMap<u64, ()>,
}

/// An integer token as LLVM's `APSInt`.
struct IntTok {
    signed: bool,
    /// The value modulo 2^64 (two's complement when negative).
    bits: u64,
    /// An unsigned value above `u64::MAX`.
    big: bool,
}

/// A global value reference before its cell is filed.
#[derive(Clone)]
struct GvRef {
    cell: usize,
    access: Access,
    /// The number, when it is a forward reference.
    fwd: Option<u32>,
    pos: usize,
}

impl Parser<'_> {
    fn sum(&mut self) -> &mut SummaryState {
        self.summary.get_or_insert_with(Default::default)
    }

    /// One `^N = ...` entry (the `^N` is current).
    pub(crate) fn parse_summary_entry(&mut self) -> PResult<()> {
        // LLVM reads the number as `unsigned`.
        let id = self.tok.num() as u32;
        self.sum();
        self.set_ignore_colon(true);
        self.bump();
        let r = self.summary_entry_body(id);
        self.set_ignore_colon(false);
        r
    }

    fn summary_entry_body(&mut self, id: u32) -> PResult<()> {
        self.expect(Tok::Equal, "expected '=' here")?;
        match self.word() {
            "gv" => self.sum_gv_entry(id),
            "module" => self.sum_module_entry(id),
            "typeid" => self.sum_type_id_entry(id),
            "typeidCompatibleVTable" => self.sum_vtable_entry(id),
            "flags" => {
                self.bump();
                self.expect(Tok::Colon, "expected ':' here")?;
                let v = self.sum_u64()?;
                // LLVM's `setFlags` only sets the ten flags it knows.
                self.sum().index.flags |= v & 0x3ff;
                Ok(())
            }
            "blockcount" => {
                self.bump();
                self.expect(Tok::Colon, "expected ':' here")?;
                let v = self.sum_u64()?;
                self.sum().index.block_count = v;
                Ok(())
            }
            _ => self.err("unexpected summary kind"),
        }
    }

    // ---- tokens ------------------------------------------------------------

    fn sum_kw(&mut self, w: &str, msg: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.err(msg)
        }
    }

    /// `kw :` with LLVM's message for a missing keyword.
    fn sum_field(&mut self, w: &str, msg: &str) -> PResult<()> {
        self.sum_kw(w, msg)?;
        self.expect(Tok::Colon, "expected ':' here")?;
        Ok(())
    }

    fn sum_int(&self) -> Option<IntTok> {
        let b = self.tok_bytes();
        match self.tok.kind {
            Tok::Int => {
                let (signed, digits) = match b.split_first() {
                    Some((b'-', rest)) => (true, rest),
                    _ => (false, b),
                };
                let mut v: u64 = 0;
                let mut big = false;
                for &c in digits {
                    let d = (c - b'0') as u64;
                    match v.checked_mul(10).and_then(|x| x.checked_add(d)) {
                        Some(x) => v = x,
                        None => {
                            big = true;
                            v = v.wrapping_mul(10).wrapping_add(d);
                        }
                    }
                }
                let bits = if signed { v.wrapping_neg() } else { v };
                Some(IntTok {
                    signed,
                    bits,
                    big: big && !signed,
                })
            }
            Tok::HexInt => {
                let signed = b[0] == b's';
                let hex = &b[3..];
                let mut v: u64 = 0;
                let mut big = false;
                let mut active = 0u32;
                for &c in hex {
                    let d = (c as char).to_digit(16).unwrap_or(0) as u64;
                    if v >> 60 != 0 {
                        big = true;
                    }
                    v = (v << 4) | d;
                    if active > 0 || d != 0 {
                        active = if active == 0 {
                            64 - d.leading_zeros()
                        } else {
                            active + 4
                        };
                    }
                }
                let bits = if signed && active > 0 && active < 64 && !big {
                    // Sign-extended from its active bits (LLVM truncates a
                    // hex literal to them).
                    let sh = 64 - active;
                    (((v << sh) as i64) >> sh) as u64
                } else {
                    v
                };
                Some(IntTok {
                    signed,
                    bits,
                    big: big && !signed,
                })
            }
            _ => None,
        }
    }

    /// An unsigned integer (LLVM's `parseUInt64`: larger values saturate).
    fn sum_u64(&mut self) -> PResult<u64> {
        match self.sum_int() {
            Some(i) if !i.signed => {
                self.bump();
                Ok(if i.big { u64::MAX } else { i.bits })
            }
            _ => self.err("expected integer"),
        }
    }

    /// An unsigned 32-bit integer (LLVM's `parseUInt32`).
    fn sum_u32(&mut self) -> PResult<u32> {
        match self.sum_int() {
            Some(i) if !i.signed => {
                if i.big || i.bits > u32::MAX as u64 {
                    return self.err("expected 32-bit integer (too large)");
                }
                self.bump();
                Ok(i.bits as u32)
            }
            _ => self.err("expected integer"),
        }
    }

    /// A flag: any unsigned integer, non-zero is set.
    fn sum_flag(&mut self) -> PResult<bool> {
        match self.sum_int() {
            Some(i) if !i.signed => {
                self.bump();
                Ok(i.big || i.bits != 0)
            }
            _ => self.err("expected integer"),
        }
    }

    /// `kw : flag` after the keyword was matched (LLVM's "expected ':'").
    fn sum_flag_field(&mut self) -> PResult<bool> {
        self.bump();
        self.expect(Tok::Colon, "expected ':'")?;
        self.sum_flag()
    }

    /// `( item, ... )` with at least one item.
    fn sum_list<T>(
        &mut self,
        open: &str,
        close: &str,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        self.expect(Tok::LParen, open)?;
        let mut v = Vec::new();
        loop {
            v.push(item(self)?);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, close)?;
        Ok(v)
    }

    // ---- references ----------------------------------------------------------

    /// `[readonly|writeonly] ^N`: a global value reference.
    fn sum_gv_ref(&mut self) -> PResult<GvRef> {
        let pos = self.tok.start();
        let access = if self.eat_word("readonly") {
            Access::ReadOnly
        } else if self.eat_word("writeonly") {
            Access::WriteOnly
        } else {
            Access::Plain
        };
        if !self.is(Tok::SummaryId) {
            return self.err("expected GV ID");
        }
        let id = self.bump().num() as u32;
        let s = self.sum();
        let cell = s.cells.len();
        let (value, fwd) = match s.numbered.get(&id) {
            Some(&g) => (g, None),
            None => (0, Some(id)),
        };
        s.cells.push(value);
        Ok(GvRef {
            cell,
            access,
            fwd,
            pos,
        })
    }

    /// Files the forward references among `refs`, in order.
    fn sum_file_refs(&mut self, refs: &[GvRef]) {
        let s = self.sum();
        for r in refs {
            if let Some(id) = r.fwd {
                s.fwd_values.entry(id).or_default().push((r.cell, r.pos));
            }
        }
    }

    /// A global value reference filed at once; its cell.
    fn sum_gv_ref_filed(&mut self) -> PResult<u64> {
        let r = self.sum_gv_ref()?;
        self.sum_file_refs(std::slice::from_ref(&r));
        Ok(r.cell as u64)
    }

    /// A type id reference `^N` (forward only); its cell.
    fn sum_type_ref(&mut self) -> u64 {
        let pos = self.tok.start();
        let id = self.bump().num() as u32;
        let s = self.sum();
        let cell = s.type_refs.len();
        s.type_refs.push(0);
        s.fwd_type_ids.entry(id).or_default().push((cell, pos));
        cell as u64
    }

    /// A type id GUID written as is; its cell.
    fn sum_type_literal(&mut self, guid: u64) -> u64 {
        let s = self.sum();
        s.type_refs.push(guid);
        (s.type_refs.len() - 1) as u64
    }

    /// `module: ^N`: the path of a module entry read before.
    fn sum_module_ref(&mut self) -> PResult<String> {
        self.sum_field("module", "expected 'module' here")?;
        if !self.is(Tok::SummaryId) {
            return self.err("expected module ID");
        }
        let t = self.bump();
        match self.sum().modules.get(&(t.num() as u32)) {
            Some(p) => Ok(p.clone()),
            None => self.err_at(t.start(), format!("use of undefined module '^{}'", t.num())),
        }
    }

    // ---- module, flags -------------------------------------------------------

    fn sum_module_entry(&mut self, id: u32) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_field("path", "expected 'path' here")?;
        let path = self.parse_string("string constant")?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("hash", "expected 'hash' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let mut hash = [0u32; 5];
        for (k, h) in hash.iter_mut().enumerate() {
            if k > 0 {
                self.expect(Tok::Comma, "expected ',' here")?;
            }
            *h = self.sum_u32()?;
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        self.expect(Tok::RParen, "expected ')' here")?;
        let s = self.sum();
        s.index.modules.entry(path.clone()).or_insert(hash);
        s.modules.insert(id, path);
        Ok(())
    }

    /// `flags: (linkage: ..., ...)` of a summary.
    fn sum_gv_flags(&mut self) -> PResult<GvFlags> {
        self.sum_field("flags", "expected 'flags' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let mut f = GvFlags::default();
        loop {
            match self.word() {
                "linkage" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':'")?;
                    let w = self.word();
                    f.linkage = if w == "external" {
                        Linkage::External
                    } else {
                        match Linkage::from_name(w) {
                            Some(l) => l,
                            // LLVM 19 steps over the first byte of the
                            // unknown word and wants the `)` after it.
                            None => return self.err_at(self.tok.start() + 1, "expected ')' here"),
                        }
                    };
                    self.bump();
                }
                "visibility" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':'")?;
                    // As LLVM: anything else is the default and is not read.
                    f.visibility = match self.word() {
                        "default" => Visibility::Default,
                        "hidden" => Visibility::Hidden,
                        "protected" => Visibility::Protected,
                        _ => Visibility::Default,
                    };
                    if matches!(self.word(), "default" | "hidden" | "protected") {
                        self.bump();
                    }
                }
                "notEligibleToImport" => f.not_eligible_to_import = self.sum_flag_field()?,
                "live" => f.live = self.sum_flag_field()?,
                "dsoLocal" => f.dso_local = self.sum_flag_field()?,
                "canAutoHide" => f.can_auto_hide = self.sum_flag_field()?,
                "importType" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':'")?;
                    f.import_declaration = match self.word() {
                        "definition" => false,
                        "declaration" => true,
                        _ => {
                            return self
                                .err("unknown import kind. Expect definition or declaration.")
                        }
                    };
                    self.bump();
                }
                _ => return self.err("expected gv flag type"),
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(f)
    }

    // ---- gv entries ----------------------------------------------------------

    fn sum_gv_entry(&mut self, id: u32) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let loc = self.tok.start();
        let (name, guid) = match self.word() {
            "name" => {
                self.bump();
                self.expect(Tok::Colon, "expected ':' here")?;
                (Some(self.parse_str_bytes("string constant")?), 0)
            }
            "guid" => {
                self.bump();
                self.expect(Tok::Colon, "expected ':' here")?;
                (None, self.sum_u64()?)
            }
            _ => return self.err("expected name or guid tag"),
        };
        if !self.eat(Tok::Comma) {
            self.expect(Tok::RParen, "expected ')' here")?;
            return self.sum_add_value(name.as_deref(), guid, id, None, loc);
        }
        self.sum_kw("summaries", "expected 'summaries' here")?;
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        loop {
            let loc = self.tok.start();
            let s = match self.word() {
                "function" => self.sum_function()?,
                "variable" => self.sum_variable()?,
                "alias" => self.sum_alias()?,
                _ => return self.err("expected summary type"),
            };
            self.sum_add_value(name.as_deref(), guid, id, Some(s), loc)?;
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(())
    }

    /// Adds a value (and its summary) to the index under number `id`,
    /// resolving the references waiting for that number (LLParser's
    /// `addGlobalValueToIndex`).
    fn sum_add_value(
        &mut self,
        name: Option<&[u8]>,
        literal: u64,
        id: u32,
        summary: Option<GlobalSummary>,
        loc: usize,
    ) -> PResult<()> {
        let (g, name) = if literal != 0 {
            (literal, None)
        } else {
            let n = name.unwrap_or(b"");
            // Only a global defined so far counts (as in llvm-as-19, a
            // forward reference is not found).
            let Some(v) = self.ctx.global_by_name(self.m, n) else {
                let n = crate::ir::shown(n);
                return self.err_at(loc, format!("Reference to undefined global \"{n}\""));
            };
            let linkage = self.ctx.global_data(v).linkage;
            let file = &self.ctx.module(self.m).source_filename;
            (guid(global_identifier(n, linkage, file)), Some(n))
        };
        let s = self.sum();
        let e = s.index.values.entry(g).or_default();
        if let Some(n) = name {
            e.name = Some(n.to_vec());
        }
        if let Some(cells) = s.fwd_values.remove(&id) {
            for (c, _) in cells {
                s.cells[c] = g;
            }
        }
        if let Some(cells) = s.fwd_aliasees.remove(&id) {
            for (c, _) in cells {
                s.cells[c] = g;
            }
        }
        if let Some(sm) = summary {
            e.summaries.push(sm);
        }
        s.numbered.insert(id, g);
        Ok(())
    }

    /// `function: (module: ^M, flags: (...), insts: N, ...)`.
    fn sum_function(&mut self) -> PResult<GlobalSummary> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let module = self.sum_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.sum_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("insts", "expected 'insts' here")?;
        let mut f = FunctionSummary {
            insts: self.sum_u32()?,
            ..Default::default()
        };
        let mut refs = Vec::new();
        while self.eat(Tok::Comma) {
            match self.word() {
                "funcFlags" => self.sum_func_flags(&mut f)?,
                "calls" => self.sum_calls(&mut f.calls)?,
                "typeIdInfo" => self.sum_type_id_info(&mut f)?,
                "refs" => self.sum_refs(&mut refs)?,
                "params" => self.sum_params(&mut f.params)?,
                "allocs" => self.sum_allocs(&mut f.allocs)?,
                "callsites" => self.sum_callsites(&mut f.callsites)?,
                _ => return self.err("expected optional function summary field"),
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(GlobalSummary {
            module,
            flags,
            refs,
            kind: SummaryKind::Function(Box::new(f)),
        })
    }

    fn sum_func_flags(&mut self, f: &mut FunctionSummary) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' in funcFlags")?;
        self.expect(Tok::LParen, "expected '(' in funcFlags")?;
        loop {
            let w = self.word();
            if f.flags.by_name(w).is_none() {
                return self.err("expected function flag type");
            }
            let v = self.sum_flag_field()?;
            if let Some(slot) = f.flags.by_name(w) {
                *slot = v;
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in funcFlags")?;
        Ok(())
    }

    /// `calls: ((callee: ^N[, hotness: H | relbf: N][, tail: F]), ...)`.
    fn sum_calls(&mut self, calls: &mut Vec<Call>) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' in calls")?;
        let v = self.sum_list("expected '(' in calls", "expected ')' in calls", |p| {
            p.expect(Tok::LParen, "expected '(' in call")?;
            p.sum_kw("callee", "expected 'callee' in call")?;
            p.expect(Tok::Colon, "expected ':'")?;
            let callee = p.sum_gv_ref_filed()?;
            let mut c = Call {
                callee,
                hotness: Hotness::Unknown,
                rel_block_freq: 0,
                tail: false,
            };
            let mut relbf = 0u32;
            while p.eat(Tok::Comma) {
                match p.word() {
                    "hotness" => {
                        p.bump();
                        p.expect(Tok::Colon, "expected ':'")?;
                        let Some(&(h, _)) = Hotness::ALL.iter().find(|h| h.1 == p.word()) else {
                            return p.err("invalid call edge hotness");
                        };
                        p.bump();
                        c.hotness = h;
                    }
                    "relbf" => {
                        p.bump();
                        p.expect(Tok::Colon, "expected ':'")?;
                        relbf = p.sum_u32()?;
                    }
                    "tail" => c.tail = p.sum_flag_field()?,
                    _ => return p.err("expected hotness, relbf, or tail"),
                }
            }
            if c.hotness != Hotness::Unknown && relbf != 0 {
                return p.err("Expected only one of hotness or relbf");
            }
            // LLVM keeps 28 bits of it.
            c.rel_block_freq = relbf & ((1 << 28) - 1);
            p.expect(Tok::RParen, "expected ')' in call")?;
            Ok(c)
        })?;
        calls.extend(v);
        Ok(())
    }

    /// `refs: ([readonly|writeonly] ^N, ...)`, filed plain first, then
    /// read-only, then write-only, as LLParser's `llvm::sort` (libstdc++'s
    /// unstable `std::sort`) leaves them: beyond 16 references, equal
    /// ones do not keep their text order.
    fn sum_refs(&mut self, refs: &mut Vec<Ref>) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' in refs")?;
        let mut v = self.sum_list("expected '(' in refs", "expected ')' in refs", |p| {
            p.sum_gv_ref()
        })?;
        cxx_sort(&mut v, |a, b| a.access < b.access);
        self.sum_file_refs(&v);
        refs.extend(v.iter().map(|r| Ref {
            guid: r.cell as u64,
            access: r.access,
        }));
        Ok(())
    }

    fn sum_type_id_info(&mut self, f: &mut FunctionSummary) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' in typeIdInfo")?;
        loop {
            match self.word() {
                "typeTests" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':' here")?;
                    let v = self.sum_list(
                        "expected '(' in typeIdInfo",
                        "expected ')' in typeIdInfo",
                        |p| {
                            if p.is(Tok::SummaryId) {
                                Ok(p.sum_type_ref())
                            } else {
                                let g = p.sum_u64()?;
                                Ok(p.sum_type_literal(g))
                            }
                        },
                    )?;
                    f.type_tests.extend(v);
                }
                "typeTestAssumeVCalls" => {
                    let v = self.sum_vfunc_list()?;
                    f.type_test_assume_vcalls.extend(v);
                }
                "typeCheckedLoadVCalls" => {
                    let v = self.sum_vfunc_list()?;
                    f.type_checked_load_vcalls.extend(v);
                }
                "typeTestAssumeConstVCalls" => {
                    let v = self.sum_const_vcall_list()?;
                    f.type_test_assume_const_vcalls.extend(v);
                }
                "typeCheckedLoadConstVCalls" => {
                    let v = self.sum_const_vcall_list()?;
                    f.type_checked_load_const_vcalls.extend(v);
                }
                _ => return self.err("invalid typeIdInfo list type"),
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in typeIdInfo")?;
        Ok(())
    }

    fn sum_vfunc_list(&mut self) -> PResult<Vec<VFuncId>> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.sum_list("expected '(' here", "expected ')' here", |p| {
            p.sum_vfunc_id()
        })
    }

    fn sum_const_vcall_list(&mut self) -> PResult<Vec<ConstVCall>> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.sum_list("expected '(' here", "expected ')' here", |p| {
            p.expect(Tok::LParen, "expected '(' here")?;
            let vfunc = p.sum_vfunc_id()?;
            let args = if p.eat(Tok::Comma) {
                p.sum_args()?
            } else {
                Vec::new()
            };
            p.expect(Tok::RParen, "expected ')' here")?;
            Ok(ConstVCall { vfunc, args })
        })
    }

    /// `vFuncId: (^N | guid: G, offset: O)`.
    fn sum_vfunc_id(&mut self) -> PResult<VFuncId> {
        self.sum_field("vFuncId", "expected 'vFuncId' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let guid = if self.is(Tok::SummaryId) {
            self.sum_type_ref()
        } else {
            self.sum_field("guid", "expected 'guid' here")?;
            let g = self.sum_u64()?;
            self.sum_type_literal(g)
        };
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("offset", "expected 'offset' here")?;
        let offset = self.sum_u64()?;
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(VFuncId { guid, offset })
    }

    /// `args: (N, ...)`.
    fn sum_args(&mut self) -> PResult<Vec<u64>> {
        self.sum_field("args", "expected 'args' here")?;
        self.sum_list("expected '(' here", "expected ')' here", |p| p.sum_u64())
    }

    /// `param: N`.
    fn sum_param_no(&mut self) -> PResult<u64> {
        self.sum_field("param", "expected 'param' here")?;
        self.sum_u64()
    }

    /// `offset: [lo, hi]` (signed, 64 bits).
    fn sum_param_offset(&mut self) -> PResult<Range64> {
        self.sum_field("offset", "expected 'offset' here")?;
        self.expect(Tok::LSquare, "expected '[' here")?;
        let lo = self.sum_any_int()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let hi = self.sum_any_int()?;
        self.expect(Tok::RSquare, "expected ']' here")?;
        Ok(Range64::from_inclusive(lo, hi))
    }

    /// Any integer, as 64 bits (LLVM's `extOrTrunc(64)`).
    fn sum_any_int(&mut self) -> PResult<u64> {
        match self.sum_int() {
            Some(i) => {
                self.bump();
                Ok(i.bits)
            }
            None => self.err("expected integer"),
        }
    }

    fn sum_params(&mut self, params: &mut Vec<ParamAccess>) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        let v = self.sum_list("expected '(' here", "expected ')' here", |p| {
            p.expect(Tok::LParen, "expected '(' here")?;
            let param = p.sum_param_no()?;
            p.expect(Tok::Comma, "expected ',' here")?;
            let offsets = p.sum_param_offset()?;
            let mut calls = Vec::new();
            if p.eat(Tok::Comma) {
                p.sum_field("calls", "expected 'calls' here")?;
                calls = p.sum_list("expected '(' here", "expected ')' here", |p| {
                    p.expect(Tok::LParen, "expected '(' here")?;
                    p.sum_field("callee", "expected 'callee' here")?;
                    let callee = p.sum_gv_ref_filed()?;
                    p.expect(Tok::Comma, "expected ',' here")?;
                    let param = p.sum_param_no()?;
                    p.expect(Tok::Comma, "expected ',' here")?;
                    let offsets = p.sum_param_offset()?;
                    p.expect(Tok::RParen, "expected ')' here")?;
                    Ok(ParamCall {
                        callee,
                        param,
                        offsets,
                    })
                })?;
            }
            p.expect(Tok::RParen, "expected ')' here")?;
            Ok(ParamAccess {
                param,
                offsets,
                calls,
            })
        })?;
        params.extend(v);
        Ok(())
    }

    fn sum_alloc_type(&mut self) -> PResult<AllocType> {
        let Some(&(t, _)) = AllocType::ALL.iter().find(|t| t.1 == self.word()) else {
            return self.err("invalid alloc type");
        };
        self.bump();
        Ok(t)
    }

    /// `allocs: ((versions: (T, ...), memProf: ((type: T, stackIds: (N, ...)), ...)), ...)`.
    fn sum_allocs(&mut self, allocs: &mut Vec<Alloc>) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' in allocs")?;
        let v = self.sum_list("expected '(' in allocs", "expected ')' in allocs", |p| {
            p.expect(Tok::LParen, "expected '(' in alloc")?;
            p.sum_kw("versions", "expected 'versions' in alloc")?;
            p.expect(Tok::Colon, "expected ':'")?;
            let versions = p.sum_list(
                "expected '(' in versions",
                "expected ')' in versions",
                |p| p.sum_alloc_type(),
            )?;
            p.expect(Tok::Comma, "expected ',' in alloc")?;
            p.sum_kw("memProf", "expected 'memProf' here")?;
            p.expect(Tok::Colon, "expected ':' in memprof")?;
            let mibs = p.sum_list("expected '(' in memprof", "expected ')' in memprof", |p| {
                p.expect(Tok::LParen, "expected '(' in memprof")?;
                p.sum_kw("type", "expected 'type' in memprof")?;
                p.expect(Tok::Colon, "expected ':'")?;
                let alloc_type = p.sum_alloc_type()?;
                p.expect(Tok::Comma, "expected ',' in memprof")?;
                p.sum_kw("stackIds", "expected 'stackIds' in memprof")?;
                p.expect(Tok::Colon, "expected ':'")?;
                let stack_ids = p.sum_list(
                    "expected '(' in stackIds",
                    "expected ')' in stackIds",
                    |p| p.sum_stack_id(),
                )?;
                p.expect(Tok::RParen, "expected ')' in memprof")?;
                Ok(Mib {
                    alloc_type,
                    stack_ids,
                })
            })?;
            p.expect(Tok::RParen, "expected ')' in alloc")?;
            Ok(Alloc { versions, mibs })
        })?;
        allocs.extend(v);
        Ok(())
    }

    /// A stack id, noted in the index's order of stack ids (LLParser's
    /// `addOrGetStackIdIndex`).
    fn sum_stack_id(&mut self) -> PResult<u64> {
        let v = self.sum_u64()?;
        let s = self.sum();
        if s.stack_seen.insert(v, ()).is_none() {
            s.index.stack_ids.push(v);
        }
        Ok(v)
    }

    /// `callsites: ((callee: ^N | null, clones: (N, ...), stackIds: (N, ...)), ...)`.
    fn sum_callsites(&mut self, callsites: &mut Vec<Callsite>) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' in callsites")?;
        let v = self.sum_list(
            "expected '(' in callsites",
            "expected ')' in callsites",
            |p| {
                p.expect(Tok::LParen, "expected '(' in callsite")?;
                p.sum_kw("callee", "expected 'callee' in callsite")?;
                p.expect(Tok::Colon, "expected ':'")?;
                let callee = if p.eat_word("null") {
                    None
                } else {
                    Some(p.sum_gv_ref_filed()?)
                };
                p.expect(Tok::Comma, "expected ',' in callsite")?;
                p.sum_kw("clones", "expected 'clones' in callsite")?;
                p.expect(Tok::Colon, "expected ':'")?;
                let clones =
                    p.sum_list("expected '(' in clones", "expected ')' in clones", |p| {
                        p.sum_u32()
                    })?;
                p.expect(Tok::Comma, "expected ',' in callsite")?;
                p.sum_kw("stackIds", "expected 'stackIds' in callsite")?;
                p.expect(Tok::Colon, "expected ':'")?;
                let stack_ids = p.sum_list(
                    "expected '(' in stackIds",
                    "expected ')' in stackIds",
                    |p| p.sum_stack_id(),
                )?;
                p.expect(Tok::RParen, "expected ')' in callsite")?;
                Ok(Callsite {
                    callee,
                    clones,
                    stack_ids,
                })
            },
        )?;
        callsites.extend(v);
        Ok(())
    }

    /// `variable: (module: ^M, flags: (...), varFlags: (...), ...)`.
    fn sum_variable(&mut self) -> PResult<GlobalSummary> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let module = self.sum_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.sum_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("varFlags", "expected 'varFlags' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let mut v = VariableSummary::default();
        loop {
            match self.word() {
                "readonly" => v.read_only = self.sum_flag_field()?,
                "writeonly" => v.write_only = self.sum_flag_field()?,
                "constant" => v.constant = self.sum_flag_field()?,
                "vcall_visibility" => v.vcall_visibility = self.sum_flag_field()? as u8,
                _ => return self.err("expected gvar flag type"),
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        let mut refs = Vec::new();
        while self.eat(Tok::Comma) {
            match self.word() {
                "vTableFuncs" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':' in vTableFuncs")?;
                    let f = self.sum_list(
                        "expected '(' in vTableFuncs",
                        "expected ')' in vTableFuncs",
                        |p| {
                            p.expect(Tok::LParen, "expected '(' in vTableFunc")?;
                            p.sum_kw("virtFunc", "expected 'callee' in vTableFunc")?;
                            p.expect(Tok::Colon, "expected ':'")?;
                            let func = p.sum_gv_ref_filed()?;
                            p.expect(Tok::Comma, "expected comma")?;
                            p.sum_kw("offset", "expected offset")?;
                            p.expect(Tok::Colon, "expected ':'")?;
                            let offset = p.sum_u64()?;
                            p.expect(Tok::RParen, "expected ')' in vTableFunc")?;
                            Ok(VTableFunc { func, offset })
                        },
                    )?;
                    v.vtable_funcs.extend(f);
                }
                "refs" => self.sum_refs(&mut refs)?,
                _ => return self.err("expected optional variable summary field"),
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(GlobalSummary {
            module,
            flags,
            refs,
            kind: SummaryKind::Variable(v),
        })
    }

    /// `alias: (module: ^M, flags: (...), aliasee: ^N)` (LLVM 19 does not
    /// read `aliasee: null`, though it prints it).
    fn sum_alias(&mut self) -> PResult<GlobalSummary> {
        let loc = self.tok.start();
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        let module = self.sum_module_ref()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        let flags = self.sum_gv_flags()?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("aliasee", "expected 'aliasee' here")?;
        let r = self.sum_gv_ref()?;
        if let Some(id) = r.fwd {
            // Reported at the alias, after other undefined references.
            let s = self.sum();
            s.fwd_aliasees.entry(id).or_default().push((r.cell, loc));
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(GlobalSummary {
            module,
            flags,
            refs: Vec::new(),
            kind: SummaryKind::Alias {
                aliasee: r.cell as u64,
            },
        })
    }

    // ---- type ids ------------------------------------------------------------

    /// Resolves the type id references waiting for number `id`.
    fn sum_resolve_type_refs(&mut self, id: u32, name: &str) {
        let g = guid(name);
        let s = self.sum();
        if let Some(cells) = s.fwd_type_ids.remove(&id) {
            for (c, _) in cells {
                s.type_refs[c] = g;
            }
        }
    }

    /// `typeid: (name: "...", summary: (typeTestRes: (...)[, wpdResolutions: (...)]))`.
    fn sum_type_id_entry(&mut self, id: u32) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_field("name", "expected 'name' here")?;
        let name = self.parse_string("string constant")?;
        // A name read again adds to its entry, as LLVM's
        // `getOrInsertTypeIdSummary`.
        let g = guid(&name);
        let list = &self.sum().index.type_ids;
        let k = match list.iter().position(|e| e.guid == g && e.name == name) {
            Some(k) => k,
            None => {
                let at = list.partition_point(|e| e.guid <= g);
                self.sum().index.type_ids.insert(
                    at,
                    TypeIdEntry {
                        guid: g,
                        name: name.clone(),
                        summary: TypeIdSummary::default(),
                    },
                );
                at
            }
        };
        let mut summary = std::mem::take(&mut self.sum().index.type_ids[k].summary);
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("summary", "expected 'summary' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_type_test_res(&mut summary)?;
        if self.eat(Tok::Comma) {
            self.sum_field("wpdResolutions", "expected 'wpdResolutions' here")?;
            let v = self.sum_list("expected '(' here", "expected ')' here", |p| {
                p.expect(Tok::LParen, "expected '(' here")?;
                p.sum_field("offset", "expected 'offset' here")?;
                let off = p.sum_u64()?;
                p.expect(Tok::Comma, "expected ',' here")?;
                let r = p.sum_wpd_res()?;
                p.expect(Tok::RParen, "expected ')' here")?;
                Ok((off, r))
            })?;
            summary.wpd.extend(v);
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        self.expect(Tok::RParen, "expected ')' here")?;
        self.sum().index.type_ids[k].summary = summary;
        self.sum_resolve_type_refs(id, &name);
        Ok(())
    }

    fn sum_type_test_res(&mut self, s: &mut TypeIdSummary) -> PResult<()> {
        self.sum_field("typeTestRes", "expected 'typeTestRes' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_field("kind", "expected 'kind' here")?;
        let Some(&(kind, _)) = TypeTestKind::ALL.iter().find(|k| k.1 == self.word()) else {
            return self.err("unexpected TypeTestResolution kind");
        };
        self.bump();
        let r = &mut s.test_res;
        r.kind = kind;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("sizeM1BitWidth", "expected 'sizeM1BitWidth' here")?;
        s.test_res.size_m1_bit_width = self.sum_u32()?;
        while self.eat(Tok::Comma) {
            match self.word() {
                "alignLog2" | "sizeM1" | "inlineBits" => {
                    let w = self.word();
                    self.bump();
                    self.expect(Tok::Colon, "expected ':'")?;
                    let v = self.sum_u64()?;
                    let r = &mut s.test_res;
                    match w {
                        "alignLog2" => r.align_log2 = v,
                        "sizeM1" => r.size_m1 = v,
                        _ => r.inline_bits = v,
                    }
                }
                "bitMask" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':'")?;
                    // LLVM keeps the low byte.
                    s.test_res.bit_mask = self.sum_u32()? as u8;
                }
                _ => return self.err("expected optional TypeTestResolution field"),
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(())
    }

    /// `wpdRes: (kind: K[, singleImplName: "..."][, resByArg: (...)])`.
    fn sum_wpd_res(&mut self) -> PResult<WpdResolution> {
        self.sum_field("wpdRes", "expected 'wpdRes' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_field("kind", "expected 'kind' here")?;
        let Some(&(kind, _)) = WpdKind::ALL.iter().find(|k| k.1 == self.word()) else {
            return self.err("unexpected WholeProgramDevirtResolution kind");
        };
        self.bump();
        let mut r = WpdResolution {
            kind,
            ..Default::default()
        };
        while self.eat(Tok::Comma) {
            match self.word() {
                "singleImplName" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':' here")?;
                    r.single_impl_name = self.parse_string("string constant")?;
                }
                "resByArg" => {
                    self.bump();
                    self.expect(Tok::Colon, "expected ':' here")?;
                    let v = self.sum_list("expected '(' here", "expected ')' here", |p| {
                        let args = p.sum_args()?;
                        p.expect(Tok::Comma, "expected ',' here")?;
                        p.sum_field("byArg", "expected 'byArg here")?;
                        p.expect(Tok::LParen, "expected '(' here")?;
                        p.sum_field("kind", "expected 'kind' here")?;
                        let Some(&(kind, _)) = ByArgKind::ALL.iter().find(|k| k.1 == p.word())
                        else {
                            return p.err("unexpected WholeProgramDevirtResolution::ByArg kind");
                        };
                        p.bump();
                        let mut b = ByArg {
                            kind,
                            ..Default::default()
                        };
                        while p.eat(Tok::Comma) {
                            match p.word() {
                                "info" => {
                                    p.bump();
                                    p.expect(Tok::Colon, "expected ':' here")?;
                                    b.info = p.sum_u64()?;
                                }
                                "byte" => {
                                    p.bump();
                                    p.expect(Tok::Colon, "expected ':' here")?;
                                    b.byte = p.sum_u32()?;
                                }
                                "bit" => {
                                    p.bump();
                                    p.expect(Tok::Colon, "expected ':' here")?;
                                    b.bit = p.sum_u32()?;
                                }
                                _ => return p.err("expected optional whole program devirt field"),
                            }
                        }
                        p.expect(Tok::RParen, "expected ')' here")?;
                        Ok((args, b))
                    })?;
                    r.res_by_arg.extend(v);
                }
                _ => return self.err("expected optional WholeProgramDevirtResolution field"),
            }
        }
        self.expect(Tok::RParen, "expected ')' here")?;
        Ok(r)
    }

    /// `typeidCompatibleVTable: (name: "...", summary: ((offset: O, ^N), ...))`.
    fn sum_vtable_entry(&mut self, id: u32) -> PResult<()> {
        self.bump();
        self.expect(Tok::Colon, "expected ':' here")?;
        self.expect(Tok::LParen, "expected '(' here")?;
        self.sum_field("name", "expected 'name' here")?;
        let name = self.parse_string("string constant")?;
        self.expect(Tok::Comma, "expected ',' here")?;
        self.sum_field("summary", "expected 'summary' here")?;
        let v = self.sum_list("expected '(' here", "expected ')' here", |p| {
            p.expect(Tok::LParen, "expected '(' here")?;
            p.sum_field("offset", "expected 'offset' here")?;
            let offset = p.sum_u64()?;
            p.expect(Tok::Comma, "expected ',' here")?;
            let vtable = p.sum_gv_ref_filed()?;
            p.expect(Tok::RParen, "expected ')' in call")?;
            Ok(VTableRef { offset, vtable })
        })?;
        self.expect(Tok::RParen, "expected ')' here")?;
        self.sum()
            .index
            .vtables
            .entry(name.clone())
            .or_default()
            .extend(v);
        self.sum_resolve_type_refs(id, &name);
        Ok(())
    }

    // ---- end of file -----------------------------------------------------------

    /// Checks that every reference was resolved (in llvm-as's order:
    /// global values, aliasees, type ids; the lowest number first), then
    /// fills the references in and gives the index to the module.
    pub(crate) fn finish_summary(&mut self) -> PResult<()> {
        let Some(s) = self.summary.take() else {
            return Ok(());
        };
        let undefined = |m: &BTreeMap<u32, Vec<(usize, usize)>>| {
            m.iter()
                .next()
                .map(|(&id, v)| (id, v.first().map_or(0, |x| x.1)))
        };
        if let Some((id, pos)) = undefined(&s.fwd_values).or(undefined(&s.fwd_aliasees)) {
            return self.err_at(pos, format!("use of undefined summary '^{id}'"));
        }
        if let Some((id, pos)) = undefined(&s.fwd_type_ids) {
            return self.err_at(pos, format!("use of undefined type id summary '^{id}'"));
        }
        let SummaryState {
            mut index,
            cells,
            type_refs,
            ..
        } = *s;
        let gv = |c: &mut u64| *c = cells[*c as usize];
        let ty = |c: &mut u64| *c = type_refs[*c as usize];
        for e in index.values.values_mut() {
            for sm in &mut e.summaries {
                for r in &mut sm.refs {
                    gv(&mut r.guid);
                }
                match &mut sm.kind {
                    SummaryKind::Function(f) => {
                        f.calls.iter_mut().for_each(|c| gv(&mut c.callee));
                        f.type_tests.iter_mut().for_each(ty);
                        for v in f
                            .type_test_assume_vcalls
                            .iter_mut()
                            .chain(f.type_checked_load_vcalls.iter_mut())
                        {
                            ty(&mut v.guid);
                        }
                        for v in f
                            .type_test_assume_const_vcalls
                            .iter_mut()
                            .chain(f.type_checked_load_const_vcalls.iter_mut())
                        {
                            ty(&mut v.vfunc.guid);
                        }
                        for p in &mut f.params {
                            p.calls.iter_mut().for_each(|c| gv(&mut c.callee));
                        }
                        for c in &mut f.callsites {
                            if let Some(g) = &mut c.callee {
                                gv(g);
                            }
                        }
                    }
                    SummaryKind::Variable(v) => {
                        v.vtable_funcs.iter_mut().for_each(|f| gv(&mut f.func));
                    }
                    SummaryKind::Alias { aliasee } => gv(aliasee),
                }
            }
        }
        for v in index.vtables.values_mut() {
            v.iter_mut().for_each(|r| gv(&mut r.vtable));
        }
        self.ctx.module_mut(self.m).summary = Some(Box::new(index));
        Ok(())
    }
}

/// libstdc++'s `std::sort` (introsort: median-of-three quicksort down to
/// runs of 16, heapsort past the depth limit, then insertion sort), which
/// LLVM 19's release builds run for `llvm::sort`: equal elements end in
/// the order it leaves them, not in their first order.
fn cxx_sort<T: Clone>(v: &mut [T], less: impl Fn(&T, &T) -> bool + Copy) {
    const THRESHOLD: usize = 16;
    let n = v.len();
    if n < 2 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - n.leading_zeros()) as usize;
    introsort_loop(v, depth, less);
    if n > THRESHOLD {
        insertion_sort(&mut v[..THRESHOLD], less);
        for i in THRESHOLD..n {
            unguarded_linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, less);
    }

    fn introsort_loop<T: Clone>(
        mut v: &mut [T],
        mut depth: usize,
        less: impl Fn(&T, &T) -> bool + Copy,
    ) {
        while v.len() > THRESHOLD {
            if depth == 0 {
                heap_sort(v, less);
                return;
            }
            depth -= 1;
            let cut = partition_pivot(v, less);
            let (lo, hi) = v.split_at_mut(cut);
            introsort_loop(hi, depth, less);
            v = lo;
        }
    }

    fn partition_pivot<T: Clone>(v: &mut [T], less: impl Fn(&T, &T) -> bool) -> usize {
        let n = v.len();
        let (a, b, c) = (1, n / 2, n - 1);
        // __move_median_to_first(first, a, b, c).
        let m = if less(&v[a], &v[b]) {
            if less(&v[b], &v[c]) {
                b
            } else if less(&v[a], &v[c]) {
                c
            } else {
                a
            }
        } else if less(&v[a], &v[c]) {
            a
        } else if less(&v[b], &v[c]) {
            c
        } else {
            b
        };
        v.swap(0, m);
        // __unguarded_partition(first + 1, last, first).
        let (mut lo, mut hi) = (1, n);
        loop {
            while less(&v[lo], &v[0]) {
                lo += 1;
            }
            hi -= 1;
            while less(&v[0], &v[hi]) {
                hi -= 1;
            }
            if lo >= hi {
                return lo;
            }
            v.swap(lo, hi);
            lo += 1;
        }
    }

    fn insertion_sort<T: Clone>(v: &mut [T], less: impl Fn(&T, &T) -> bool + Copy) {
        for i in 1..v.len() {
            if less(&v[i], &v[0]) {
                v[..=i].rotate_right(1);
            } else {
                unguarded_linear_insert(v, i, less);
            }
        }
    }

    fn unguarded_linear_insert<T: Clone>(v: &mut [T], mut i: usize, less: impl Fn(&T, &T) -> bool) {
        let val = v[i].clone();
        while less(&val, &v[i - 1]) {
            v[i] = v[i - 1].clone();
            i -= 1;
        }
        v[i] = val;
    }

    fn heap_sort<T: Clone>(v: &mut [T], less: impl Fn(&T, &T) -> bool + Copy) {
        let len = v.len();
        // make_heap.
        let mut parent = (len - 2) / 2;
        loop {
            let val = v[parent].clone();
            adjust_heap(v, parent, len, val, less);
            if parent == 0 {
                break;
            }
            parent -= 1;
        }
        // sort_heap: __pop_heap(first, last - 1, last - 1) down to 1.
        let mut last = len;
        while last > 1 {
            last -= 1;
            let val = v[last].clone();
            v[last] = v[0].clone();
            adjust_heap(v, 0, last, val, less);
        }
    }

    fn adjust_heap<T: Clone>(
        v: &mut [T],
        mut hole: usize,
        len: usize,
        val: T,
        less: impl Fn(&T, &T) -> bool,
    ) {
        let top = hole;
        let mut child = hole;
        while child < (len - 1) / 2 {
            child = 2 * (child + 1);
            if less(&v[child], &v[child - 1]) {
                child -= 1;
            }
            v[hole] = v[child].clone();
            hole = child;
        }
        if len & 1 == 0 && child == (len - 2) / 2 {
            child = 2 * (child + 1);
            v[hole] = v[child - 1].clone();
            hole = child - 1;
        }
        // __push_heap.
        let mut parent = hole.wrapping_sub(1) / 2;
        while hole > top && less(&v[parent], &val) {
            v[hole] = v[parent].clone();
            hole = parent;
            parent = hole.wrapping_sub(1) / 2;
        }
        v[hole] = val;
    }
}

#[cfg(test)]
mod tests {
    use super::cxx_sort;

    #[test]
    fn sort_leaves_equal_elements_as_libstdcxx_does() {
        // The permutations libstdc++'s std::sort gives (clang++-19, keys
        // 0..3 from a linear congruential sequence).
        let expected: [&[usize]; 5] = [
            &[1, 2, 3, 4, 0],
            &[1, 16, 14, 13, 11, 6, 4, 3, 2, 5, 7, 8, 10, 15, 9, 12, 0],
            &[
                1, 18, 16, 14, 13, 11, 6, 4, 3, 2, 7, 8, 10, 5, 15, 17, 9, 12, 0,
            ],
            &[
                1, 37, 35, 34, 32, 31, 26, 25, 20, 18, 16, 14, 13, 11, 2, 3, 4, 6, 29, 39, 38, 15,
                10, 5, 27, 17, 7, 24, 21, 8, 28, 9, 30, 23, 22, 33, 12, 36, 0, 19,
            ],
            &[
                62, 74, 25, 72, 31, 32, 66, 34, 35, 65, 37, 26, 61, 60, 59, 57, 46, 48, 53, 51, 52,
                11, 1, 2, 3, 4, 96, 6, 92, 91, 80, 13, 14, 16, 82, 20, 18, 76, 83, 75, 54, 81, 55,
                99, 56, 94, 69, 68, 88, 63, 64, 67, 85, 39, 27, 10, 24, 29, 50, 8, 38, 7, 5, 43,
                15, 21, 45, 47, 17, 84, 9, 12, 86, 87, 89, 90, 22, 93, 95, 97, 98, 0, 30, 49, 44,
                58, 42, 41, 40, 36, 33, 19, 28, 70, 71, 73, 23, 77, 78, 79,
            ],
        ];
        for (n, want) in [5usize, 17, 19, 40, 100].into_iter().zip(expected) {
            let mut x: u32 = 12345;
            let mut v: Vec<(u32, usize)> = (0..n)
                .map(|i| {
                    x = x.wrapping_mul(1103515245).wrapping_add(12345);
                    ((x >> 16) % 3, i)
                })
                .collect();
            cxx_sort(&mut v, |a, b| a.0 < b.0);
            let got: Vec<usize> = v.iter().map(|e| e.1).collect();
            assert_eq!(got, want, "n = {n}");
        }
    }
}
