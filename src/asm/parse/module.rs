//! Parsing module-level entities: header lines (`source_filename`,
//! `target ...`, `module asm`), comdats, global variables, aliases, ifuncs,
//! function headers (`define` / `declare`), `uselistorder` directives, and
//! the end-of-module checks (undefined globals, types, metadata, comdats,
//! attribute groups), with LLParser's declarations of intrinsics used
//! without one and its upgrade of intrinsic declarations.
//!
//! Function bodies are `inst.rs`'s; metadata definitions `metadata.rs`'s.

use super::attrs::AttrPlace;
use super::lexer::{Tok, Token};
use super::values::LocalName;
use super::{AttrTarget, BlockRef, PResult, Parser};
use crate::inst::Opcode;
use crate::ir::attributes::{AttrKind, AttributeList};
use crate::ir::function::{PERSONALITY, PREFIX, PROLOGUE};
use crate::ir::global::{DllStorage, Linkage, ThreadLocal, UnnamedAddr, Visibility};
use crate::ir::inst::InstPayload;
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::MdAttachments;
use crate::ir::module::ComdatKind;
use crate::ir::{Function, Global};
use crate::types::Type;
use crate::value::{Use, Value, ValueKind};

/// The calling conventions LLVM 19 spells with a keyword.
const CALLING_CONVS: &[(&str, u32)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("ghccc", 10),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("swiftcc", 16),
    ("cxx_fast_tlscc", 17),
    ("tailcc", 18),
    ("cfguard_checkcc", 19),
    ("swifttailcc", 20),
    ("preserve_nonecc", 21),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69),
    ("x86_thiscallcc", 70),
    ("ptx_kernel", 71),
    ("ptx_device", 72),
    ("spir_func", 75),
    ("spir_kernel", 76),
    ("intel_ocl_bicc", 77),
    ("x86_64_sysvcc", 78),
    ("win64cc", 79),
    ("x86_vectorcallcc", 80),
    ("hhvmcc", 81),
    ("hhvm_ccc", 82),
    ("x86_intrcc", 83),
    ("avr_intrcc", 84),
    ("avr_signalcc", 85),
    ("amdgpu_vs", 87),
    ("amdgpu_gs", 88),
    ("amdgpu_ps", 89),
    ("amdgpu_cs", 90),
    ("amdgpu_kernel", 91),
    ("x86_regcallcc", 92),
    ("amdgpu_hs", 93),
    ("amdgpu_ls", 95),
    ("amdgpu_es", 96),
    ("aarch64_vector_pcs", 97),
    ("aarch64_sve_vector_pcs", 98),
    ("amdgpu_gfx", 100),
    ("aarch64_sme_preservemost_from_x0", 102),
    ("aarch64_sme_preservemost_from_x2", 103),
    ("amdgpu_cs_chain", 104),
    ("amdgpu_cs_chain_preserve", 105),
    ("m68k_rtdcc", 106),
    ("graalcc", 107),
    ("riscv_vector_cc", 110),
    ("m68k_intrcc", 101),
    ("aarch64_sme_preservemost_from_x1", 111),
];

/// A parsed function header, before the body.
pub(crate) struct Header {
    pub(crate) f: crate::ir::Function,
    pub(crate) args: Vec<(LocalName, usize)>,
}

impl Parser<'_> {
    /// The whole module.
    pub(crate) fn run(&mut self) -> PResult<()> {
        // `source_filename` and `target` lines only lead the file (LLVM 19
        // reads them before any other entity: the GUIDs of summary entries
        // depend on the source file name).
        let mut header = true;
        loop {
            let is_header_line = self.is_word("source_filename") || self.is_word("target");
            if is_header_line && !header {
                return self.err("expected top-level entity");
            }
            header &= is_header_line;
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Word => match self.tok_bytes() {
                    b"source_filename" => {
                        self.bump();
                        self.expect(Tok::Equal, "expected '=' after source_filename")?;
                        let s = self.parse_str_bytes("source_filename string")?;
                        self.ctx.module_mut(self.m).source_filename = s;
                    }
                    b"target" => {
                        self.bump();
                        let which = self.word();
                        if which != "datalayout" && which != "triple" {
                            return self.err("unknown target property");
                        }
                        self.bump();
                        self.expect(Tok::Equal, &format!("expected '=' after target {which}"))?;
                        let pos = self.tok.start();
                        let what = format!("string after target {which}");
                        let s = self.parse_str_bytes(&what)?;
                        if which == "datalayout" {
                            // Every specifier is ASCII: a layout that is not
                            // UTF-8 is refused with LLVM's message when each
                            // byte past ASCII stands as DEL (one byte, as
                            // LLVM measures tokens; no specifier, digit or
                            // separator either).
                            let text = match String::from_utf8(s) {
                                Ok(t) => t,
                                Err(e) => {
                                    let b = e.into_bytes();
                                    b.iter().map(|&c| char::from(c.min(0x7F))).collect()
                                }
                            };
                            if let Err(e) = crate::layout::DataLayout::parse(&text) {
                                return self.err_at(pos, e.to_string());
                            }
                            self.ctx.module_mut(self.m).datalayout = text;
                            self.layout = None;
                        } else {
                            self.ctx.module_mut(self.m).triple = s;
                        }
                    }
                    b"module" => {
                        self.bump();
                        self.expect_word("asm")?;
                        let s = self.parse_str_bytes("string")?;
                        self.ctx.module_mut(self.m).module_asm.push(s);
                    }
                    b"deplibs" => {
                        self.bump();
                        self.expect(Tok::Equal, "expected '=' after deplibs")?;
                        self.expect(Tok::LSquare, "expected '=' after deplibs")?;
                        if !self.eat(Tok::RSquare) {
                            loop {
                                self.parse_string("string")?;
                                if !self.eat(Tok::Comma) {
                                    break;
                                }
                            }
                            self.expect(Tok::RSquare, "expected ']'")?;
                        }
                    }
                    b"define" => {
                        self.bump();
                        let h = self.parse_function_header(true)?;
                        self.parse_function_body(h)?;
                    }
                    b"declare" => {
                        self.bump();
                        self.parse_function_header(false)?;
                    }
                    b"attributes" => self.parse_attr_group_def()?,
                    b"uselistorder" | b"uselistorder_bb" => self.parse_uselistorder()?,
                    _ => return self.err("expected top-level entity"),
                },
                Tok::LocalName | Tok::LocalId => {
                    let t = self.bump();
                    self.parse_type_def(t)?;
                }
                Tok::GlobalName | Tok::GlobalId => {
                    let t = self.bump();
                    if t.kind == Tok::GlobalId {
                        self.check_global_number(&t, "global")?;
                        self.expect(Tok::Equal, "expected '=' after name")?;
                    } else {
                        self.expect(Tok::Equal, "expected '=' in global variable")?;
                    }
                    self.parse_global(t)?;
                }
                Tok::ComdatName => self.parse_comdat_def()?,
                Tok::MdName => self.parse_named_md()?,
                Tok::Exclaim => self.parse_md_def()?,
                Tok::SummaryId => self.parse_summary_entry()?,
                _ => return self.err("expected top-level entity"),
            }
        }
        self.finish_module()
    }

    fn finish_module(&mut self) -> PResult<()> {
        self.resolve_dso_local_equivalents()?;
        self.check_types_defined()?;
        self.check_comdats_defined()?;
        self.declare_intrinsics()?;
        let mut first: Option<(usize, String)> = None;
        let mut note = |p: usize, m: String| {
            if first.as_ref().is_none_or(|f| p < f.0) {
                first = Some((p, m));
            }
        };
        for (n, (_, p)) in &self.fwd_globals {
            note(
                *p,
                format!("use of undefined value '@{}'", crate::ir::shown(n)),
            );
        }
        for (n, (_, p)) in &self.fwd_global_ids {
            note(*p, format!("use of undefined value '@{n}'"));
        }
        for (n, (_, p)) in &self.md_fwd {
            note(*p, format!("use of undefined metadata '!{n}'"));
        }
        for (_, _, bt) in &self.fwd_blockaddr {
            note(
                bt.start(),
                "expected function name in blockaddress".to_string(),
            );
        }
        if let Some((p, m)) = first {
            return self.err_at(p, m);
        }
        self.apply_attr_groups()?;
        self.upgrade_tbaa_tags();
        self.upgrade_intrinsics();
        self.ctx.upgrade_module_flags(self.m);
        self.finish_summary()
    }

    /// LLParser's end-of-module `UpgradeTBAANode`: an old scalar `!tbaa`
    /// tag `!{!"name", !parent[, i64 const]}` becomes the struct-path tag
    /// over it (`!{N, N, i64 0}`, or `!{T, T, i64 0, const}` with `T` the
    /// node of its first two operands).
    fn upgrade_tbaa_tags(&mut self) {
        use crate::ir::metadata::{MdData, MdKindId, Metadata};
        let insts = core::mem::take(&mut self.tbaa_insts);
        let mut done: hashbrown::HashMap<Metadata, Metadata> = hashbrown::HashMap::new();
        for i in insts {
            let Some(md) = self.ctx.extra(i).and_then(|e| e.md.get(MdKindId::TBAA)) else {
                continue;
            };
            let md = self.ctx.md_resolved(md);
            let new = match done.get(&md) {
                Some(&n) => n,
                None => {
                    let ops = match self.ctx.md_data(md) {
                        MdData::Tuple { ops, .. } => ops.to_vec(),
                        _ => Vec::new(),
                    };
                    let is_node = |m: Option<Metadata>| {
                        m.is_some_and(|m| {
                            matches!(
                                self.ctx.md_data(m),
                                MdData::Tuple { .. } | MdData::Specialized { .. }
                            )
                        })
                    };
                    let n = if !matches!(self.ctx.md_data(md), MdData::Tuple { .. })
                        || ops.is_empty()
                        || (is_node(ops[0]) && ops.len() >= 3)
                    {
                        md
                    } else {
                        let i64t = self.ctx.i64_type();
                        let zero = self.ctx.const_int(i64t, 0);
                        let zero = Some(self.ctx.md_value(zero));
                        if ops.len() == 3 {
                            let scalar = self.ctx.md_tuple(&ops[..2]);
                            self.ctx
                                .md_tuple(&[Some(scalar), Some(scalar), zero, ops[2]])
                        } else {
                            self.ctx.md_tuple(&[Some(md), Some(md), zero])
                        }
                    };
                    done.insert(md, n);
                    n
                }
            };
            if new != md {
                self.ctx.extra_mut(i).md.set(MdKindId::TBAA, Some(new));
            }
        }
    }

    /// The first use of an undefined comdat, LLParser's error before the
    /// undefined values.
    fn check_comdats_defined(&self) -> PResult<()> {
        let undefined = self
            .comdat_uses
            .iter()
            .filter(|(c, _)| !self.ctx.module(self.m).comdats.contains_key(c.as_ref()))
            .min_by_key(|(_, p)| *p);
        match undefined {
            Some((c, p)) => self.err_at(
                *p,
                format!("use of undefined comdat '${}'", crate::ir::shown(c)),
            ),
            None => Ok(()),
        }
    }

    /// LLVM 19's `validateEndOfModule` declares each `@llvm.*` name that is
    /// used but not defined and names a known intrinsic, from the types of
    /// the calls to it: each call gets the declaration for its overload
    /// types (`@llvm.umax(i8 ...)` calls `@llvm.umax.i8`), whatever suffix
    /// the reference had. Names are taken in byte order, uses most recent
    /// first, as LLParser does, so the first error is LLVM's. An unknown
    /// `llvm.*` name stays an undefined value.
    fn declare_intrinsics(&mut self) -> PResult<()> {
        let mut names: Vec<(Box<[u8]>, IntrinsicId)> = self
            .fwd_globals
            .keys()
            .filter_map(|n| {
                let id = IntrinsicId::lookup(n)?;
                Some((n.clone(), id))
            })
            .collect();
        names.sort_unstable();
        for (name, id) in names {
            let (ph, pos) = self.fwd_globals[&name];
            let uses: Vec<Use> = self.ctx.uses(ph).collect();
            for u in uses {
                let call = self.ctx.as_inst(u.user).filter(|&i| {
                    matches!(
                        self.ctx.opcode(i),
                        Opcode::Call | Opcode::Invoke | Opcode::CallBr
                    ) && u.operand_no + 1 == self.ctx.num_operands(u.user)
                });
                let Some(call) = call else {
                    return self.err_at(pos, "intrinsic can only be used as callee");
                };
                let fty = match self.ctx.payload(call) {
                    InstPayload::Call(cd) => cd.fn_ty,
                    _ => None,
                };
                // (LLVM 19 crashes on an overload type with no mangling.)
                let Some(tys) = fty
                    .and_then(|t| self.ctx.match_intrinsic_signature(id, t).ok())
                    .filter(|tys| tys.iter().all(|&t| self.ctx.has_mangling(t)))
                else {
                    return self.err_at(pos, "invalid intrinsic signature");
                };
                let decl = self.ctx.intrinsic_declaration_value(self.m, id, &tys);
                self.ctx.set_operand(u.user, u.operand_no, Some(decl));
            }
            if self.md_value_fwd.contains_key(&ph) {
                return self.err_at(
                    pos,
                    format!(
                        "metadata naming the undeclared intrinsic '@{}' is not supported \
                         (LLVM 19 replaces it by null)",
                        crate::ir::shown(&name)
                    ),
                );
            }
            self.fwd_globals.remove(&name);
            self.ctx.erase_global(Global(ph));
        }
        Ok(())
    }

    /// What LLParser's `UpgradeCallsToIntrinsic` does to every intrinsic
    /// declaration, short of LLVM's upgrades of legacy intrinsics: the
    /// attributes are the intrinsic's (those written in the text are
    /// dropped), and an overloaded intrinsic named with the wrong suffix
    /// for its type is replaced by the rightly named declaration
    /// (`remangleIntrinsicFunction`): a global already holding that name
    /// with another type is renamed `<name>.renamed`, the calling
    /// convention is kept, and every use moves to the new declaration.
    fn upgrade_intrinsics(&mut self) {
        let fns: Vec<Function> = self.ctx.functions(self.m).collect();
        for f in fns {
            let Some(id) = self.ctx.intrinsic_id(f) else {
                continue;
            };
            let attrs = id.attributes().clone();
            self.ctx.function_data_mut(f).attrs = attrs;
            let fty = self.ctx.signature(f);
            let Ok(tys) = self.ctx.match_intrinsic_signature(id, fty) else {
                continue;
            };
            // (LLVM 19 crashes on an overload type with no mangling.)
            if !id.is_overloaded() || !tys.iter().all(|&t| self.ctx.has_mangling(t)) {
                continue;
            }
            let wanted = self.ctx.intrinsic_name_bytes(id, &tys, self.m, Some(fty));
            if self.ctx.name_bytes(f) == Some(&wanted[..]) {
                continue;
            }
            let new = match self.ctx.global_by_name(self.m, &wanted) {
                Some(g)
                    if self
                        .ctx
                        .as_function(g)
                        .is_some_and(|e| self.ctx.signature(e) == fty) =>
                {
                    g
                }
                existing => {
                    if let Some(g) = existing {
                        self.ctx
                            .set_name_bytes(g, &[&wanted[..], b".renamed"].concat());
                    }
                    self.ctx.intrinsic_declaration_value(self.m, id, &tys)
                }
            };
            if self.ctx.type_of(new) != self.ctx.type_of(f.0) {
                continue; // another address space: lair leaves it as written
            }
            let cc = self.ctx.function_data(f).call_conv;
            if let Some(nf) = self.ctx.as_function(new) {
                self.ctx.function_data_mut(nf).call_conv = cc;
            }
            self.ctx.replace_all_uses_with(f.0, new);
            self.ctx.erase_function(f);
        }
    }

    fn parse_comdat_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = self.name_of(&t).into_owned();
        self.expect(Tok::Equal, "expected '=' here")?;
        self.expect_word("comdat")?;
        let Some(kind) = ComdatKind::from_name(self.word()) else {
            return self.err("unknown selection kind");
        };
        self.bump();
        let md = self.ctx.module_mut(self.m);
        if md.comdats.contains_key(&name[..]) {
            let shown = crate::ir::shown(&name);
            return self.err_at(t.start(), format!("redefinition of comdat '${shown}'"));
        }
        md.comdats.insert(name.into(), kind);
        Ok(())
    }

    /// Linkage keyword; `(linkage, whether one was written)`.
    fn parse_linkage(&mut self) -> (Linkage, bool) {
        if self.eat_word("external") {
            return (Linkage::External, true);
        }
        if self.tok.kind == Tok::Word {
            if let Some(l) = Linkage::from_name(self.word()) {
                self.bump();
                return (l, true);
            }
        }
        (Linkage::External, false)
    }

    /// `dso_local` / `dso_preemptable`, visibility, DLL storage.
    fn parse_prefix(&mut self) -> PResult<(bool, Visibility, DllStorage)> {
        let dso_local = if self.eat_word("dso_local") {
            true
        } else {
            self.eat_word("dso_preemptable");
            false
        };
        let vis = match self.word() {
            "default" => {
                self.bump();
                Visibility::Default
            }
            w => match Visibility::from_name(w) {
                Some(v) => {
                    self.bump();
                    v
                }
                None => Visibility::Default,
            },
        };
        let dll = match DllStorage::from_name(self.word()) {
            Some(d) => {
                self.bump();
                d
            }
            None => DllStorage::Default,
        };
        Ok((dso_local, vis, dll))
    }

    fn parse_thread_local(&mut self) -> PResult<ThreadLocal> {
        if !self.eat_word("thread_local") {
            return Ok(ThreadLocal::NotThreadLocal);
        }
        if !self.eat(Tok::LParen) {
            return Ok(ThreadLocal::GeneralDynamic);
        }
        let m = match self.word() {
            "localdynamic" => ThreadLocal::LocalDynamic,
            "initialexec" => ThreadLocal::InitialExec,
            "localexec" => ThreadLocal::LocalExec,
            _ => return self.err("expected localdynamic, initialexec or localexec"),
        };
        self.bump();
        self.expect(Tok::RParen, "expected ')' after thread local model")?;
        Ok(m)
    }

    fn parse_unnamed_addr(&mut self) -> UnnamedAddr {
        if self.eat_word("unnamed_addr") {
            UnnamedAddr::Global
        } else if self.eat_word("local_unnamed_addr") {
            UnnamedAddr::Local
        } else {
            UnnamedAddr::None
        }
    }

    /// A calling convention keyword or `cc N`, 0 when absent.
    pub(crate) fn parse_calling_conv(&mut self) -> PResult<u32> {
        if self.tok.kind != Tok::Word {
            return Ok(0);
        }
        if self.is_word("cc") {
            self.bump();
            return self.parse_u32("calling convention");
        }
        if let [b'c', b'c', d @ ..] = self.tok_bytes() {
            // `cc10`: LLVM's lexer reads an unknown word starting with
            // `cc` as `cc` and goes on after those two bytes.
            if !d.is_empty() && d.iter().all(u8::is_ascii_digit) {
                let pos = self.tok.start() + 2;
                let n = d.iter().try_fold(0u32, |v, &c| {
                    v.checked_mul(10)?.checked_add(u32::from(c - b'0'))
                });
                let Some(n) = n else {
                    return self.err_at(pos, "expected 32-bit integer (too large)");
                };
                self.bump();
                return Ok(n);
            }
            if !CALLING_CONVS
                .iter()
                .any(|c| c.0.as_bytes() == self.tok_bytes())
            {
                return self.err_at(self.tok.start() + 2, "expected integer");
            }
        }
        let w = self.word();
        // Every name in the table ends in `cc` or has a `_`; types such as
        // `void` and `ptr` (the usual next word) skip the search.
        if !(w.ends_with("cc") || w.contains('_')) {
            return Ok(0);
        }
        if let Some(&(_, n)) = CALLING_CONVS.iter().find(|c| c.0 == w) {
            self.bump();
            return Ok(n);
        }
        Ok(0)
    }

    fn check_global_name_free(&self, t: &Token) -> PResult<Vec<u8>> {
        if t.kind != Tok::GlobalName {
            return Ok(Vec::new());
        }
        let n = self.name_of(t).into_owned();
        if self.ctx.global_by_name(self.m, &n).is_some() {
            let n = crate::ir::shown(&n);
            return self.err_at(t.start(), format!("redefinition of global '@{n}'"));
        }
        Ok(n)
    }

    /// A global variable, alias or ifunc after `@x =` / `@N =` (`name`).
    fn parse_global(&mut self, name: Token) -> PResult<()> {
        let (linkage, explicit) = self.parse_linkage();
        let (dso_local, vis, dll) = self.parse_prefix()?;
        let tl = self.parse_thread_local()?;
        let ua = self.parse_unnamed_addr();
        if self.is_word("alias") || self.is_word("ifunc") {
            let is_alias = self.is_word("alias");
            self.bump();
            return self.parse_indirect(name, is_alias, linkage, dso_local, vis, dll, tl, ua);
        }
        let addrspace = self.parse_opt_addrspace()?;
        let ext_init = self.eat_word("externally_initialized");
        let is_const = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return self.err("expected 'global' or 'constant'");
        };
        let tpos = self.tok.start();
        let ty = self.parse_type()?;
        if self.ctx.is_function(ty)
            || self.ctx.is_label(ty)
            || self.ctx.is_void(ty)
            || self.ctx.is_metadata(ty)
            || self.ctx.is_token(ty)
            || ty == self.ctx.x86_amx_type()
        {
            return self.err_at(tpos, "invalid type for global variable");
        }
        let n = self.check_global_name_free(&name)?;
        let g = self.ctx.add_global_var(self.m, &n, ty, addrspace);
        {
            let d = self.ctx.global_data_mut(g);
            d.linkage = linkage;
            d.dso_local = dso_local
                || linkage.is_local()
                || (vis != Visibility::Default && linkage != Linkage::ExternWeak);
            d.visibility = vis;
            d.dll_storage = dll;
            d.thread_local = tl;
            d.unnamed_addr = ua;
            d.externally_initialized = ext_init;
            d.is_constant = is_const;
        }
        self.define_global(&name, g.0)?;
        let has_init = !(explicit && matches!(linkage, Linkage::External | Linkage::ExternWeak));
        if has_init {
            let init = self.parse_value(ty)?;
            self.ctx.set_initializer(g, Some(init));
        }
        while self.eat(Tok::Comma) {
            match self.tok.kind {
                Tok::MdName => {
                    let (k, md) = self.parse_md_attachment()?;
                    self.ctx.global_data_mut(g).md.add(k, md);
                }
                Tok::Word => {
                    let w = self.word();
                    match w {
                        "section" | "partition" | "code_model" => {
                            self.bump();
                            if w == "code_model" {
                                let s = self.parse_string("string")?.into_boxed_str();
                                self.ctx.global_data_mut(g).code_model = Some(s);
                            } else {
                                let s = self.parse_str_bytes("string")?.into_boxed_slice();
                                let d = self.ctx.global_data_mut(g);
                                match w {
                                    "section" => d.section = Some(s),
                                    _ => d.partition = Some(s),
                                }
                            }
                        }
                        "comdat" => {
                            self.bump();
                            let c = self.parse_comdat_ref(&n)?;
                            self.ctx.global_data_mut(g).comdat = Some(c);
                        }
                        "align" => {
                            self.bump();
                            let a = self.parse_align_value()?;
                            self.ctx.global_data_mut(g).align = Some(a);
                        }
                        "no_sanitize_address"
                        | "no_sanitize_hwaddress"
                        | "sanitize_memtag"
                        | "sanitize_address_dyninit" => {
                            self.bump();
                            self.ctx.global_data_mut(g).sanitizer.push(w.into());
                        }
                        _ => return self.err("unknown global variable property"),
                    }
                }
                _ => return self.err("expected global variable property"),
            }
        }
        let mut groups = Vec::new();
        let attrs = self.parse_attrs(AttrPlace::Function, &mut groups)?;
        if !attrs.is_empty() {
            self.ctx.global_data_mut(g).attrs = attrs;
        }
        for (id, p) in groups {
            self.attr_fixups.push((AttrTarget::Global(g.0), id, p));
        }
        Ok(())
    }

    /// `comdat` already eaten: `($name)` or the global's own name.
    fn parse_comdat_ref(&mut self, own: &[u8]) -> PResult<Box<[u8]>> {
        let pos = self.tok.start();
        let name: Box<[u8]> = if self.eat(Tok::LParen) {
            let t = self.expect_token(Tok::ComdatName, "expected comdat variable")?;
            let n = self.name_of(&t).into();
            self.expect(Tok::RParen, "expected ')' after comdat var")?;
            n
        } else {
            if own.is_empty() {
                return self.err("comdat cannot be unnamed");
            }
            own.into()
        };
        self.comdat_uses.push((name.clone(), pos));
        Ok(name)
    }

    /// `N` after `align`, a power of two up to 2^32.
    pub(crate) fn parse_align_value(&mut self) -> PResult<u64> {
        let pos = self.tok.start();
        let a = if self.eat(Tok::LParen) {
            let a = self.parse_u64("alignment")?;
            self.expect(Tok::RParen, "expected ')'")?;
            a
        } else {
            self.parse_u64("alignment")?
        };
        if !a.is_power_of_two() {
            return self.err_at(pos, "alignment is not a power of two");
        }
        if a > 1 << 32 {
            return self.err_at(pos, "huge alignments are not supported yet");
        }
        Ok(a)
    }

    #[allow(clippy::too_many_arguments)] // the header parts LLVM parses before the keyword
    fn parse_indirect(
        &mut self,
        name: Token,
        is_alias: bool,
        linkage: Linkage,
        dso_local: bool,
        vis: Visibility,
        dll: DllStorage,
        tl: ThreadLocal,
        ua: UnnamedAddr,
    ) -> PResult<()> {
        let ty = self.parse_type()?;
        self.expect(Tok::Comma, "expected comma after alias or ifunc's type")?;
        let pos = self.tok.start();
        let target = if matches!(
            self.word(),
            "bitcast" | "getelementptr" | "addrspacecast" | "inttoptr"
        ) {
            self.parse_const_expr(None, pos)?
        } else {
            self.parse_typed_value()?
        };
        let tt = self.ctx.type_of(target);
        let Some(a) = self.ctx.ptr_addrspace(tt) else {
            return self.err_at(pos, "An alias or ifunc must have pointer type");
        };
        if !self.ctx.value_kind(target).is_constant() {
            return self.err_at(pos, "expected a constant");
        }
        let n = self.check_global_name_free(&name)?;
        let kind = if is_alias {
            ValueKind::Alias
        } else {
            ValueKind::IFunc
        };
        let g = self
            .ctx
            .add_global_indirect(self.m, kind, &n, ty, a, target);
        {
            let d = self.ctx.global_data_mut(g);
            d.linkage = linkage;
            d.dso_local = dso_local
                || linkage.is_local()
                || (vis != Visibility::Default && linkage != Linkage::ExternWeak);
            d.visibility = vis;
            d.dll_storage = dll;
            d.thread_local = tl;
            d.unnamed_addr = ua;
        }
        self.define_global(&name, g.0)?;
        while self.eat(Tok::Comma) {
            if self.eat_word("partition") {
                let s = self.parse_str_bytes("string")?;
                self.ctx.global_data_mut(g).partition = Some(s.into());
            } else if self.is(Tok::MdName) {
                let (k, md) = self.parse_md_attachment()?;
                self.ctx.global_data_mut(g).md.add(k, md);
            } else {
                return self.err("unknown alias or ifunc property");
            }
        }
        Ok(())
    }

    /// `define`/`declare` already eaten: the header up to the body.
    fn parse_function_header(&mut self, is_define: bool) -> PResult<Header> {
        let mut md = MdAttachments::new();
        if !is_define {
            while self.is(Tok::MdName) {
                let (k, m) = self.parse_md_attachment()?;
                md.add(k, m);
            }
        }
        let (linkage, _) = self.parse_linkage();
        let (dso_local, vis, dll) = self.parse_prefix()?;
        let cc = self.parse_calling_conv()?;
        let mut none = Vec::new();
        let ret_attrs = self.parse_attrs(AttrPlace::Return, &mut none)?;
        let rpos = self.tok.start();
        let ret = self.parse_type()?;
        if !self.ctx.is_valid_return_type(ret) {
            return self.err_at(rpos, "invalid function return type");
        }
        let name = self.tok;
        if !matches!(name.kind, Tok::GlobalName | Tok::GlobalId) {
            return self.err("expected function name");
        }
        self.check_global_number(&name, "function")?;
        self.bump();
        self.expect(Tok::LParen, "expected '(' in function argument list")?;
        let mut params: Vec<Type> = Vec::new();
        let mut pattrs = Vec::new();
        let mut args = Vec::new();
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
                let a = self.parse_attrs(AttrPlace::Param, &mut none)?;
                let an = match self.tok.kind {
                    Tok::LocalName => LocalName::Named(self.bump()),
                    Tok::LocalId => LocalName::Id(self.bump().num()),
                    _ => LocalName::Unnamed,
                };
                args.push((an, self.tok.start()));
                params.push(t);
                pattrs.push(a);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' at end of argument list")?;
        let ua = self.parse_unnamed_addr();
        let addrspace = self.parse_opt_addrspace()?;
        let mut groups = Vec::new();
        let mut fn_attrs = self.parse_attrs(AttrPlace::Function, &mut groups)?;
        let mut section = None;
        let mut partition = None;
        let mut comdat_tok = false;
        let mut comdat = None;
        let mut align = fn_attrs
            .remove(AttrKind::Alignment)
            .and_then(|a| a.int_value());
        let mut gc = None;
        let mut ops: [Option<Value>; 3] = [None; 3];
        let fname = self.check_global_name_free(&name).or_else(|e| {
            let n = self.name_of(&name);
            let is_fwd = self.fwd_globals.contains_key(n.as_ref());
            if is_fwd {
                Ok(n.into_owned())
            } else {
                // LLVM names a named function without its '@' or quotes.
                let shown = if name.kind == Tok::GlobalId {
                    self.token_text(&name)
                } else {
                    crate::ir::shown(&n).into_owned()
                };
                Err(Box::new(super::PErr {
                    pos: e.pos,
                    msg: format!("invalid redefinition of function '{shown}'"),
                }))
            }
        })?;
        loop {
            match self.word() {
                "section" => {
                    self.bump();
                    section = Some(self.parse_str_bytes("section name")?.into_boxed_slice());
                }
                "partition" => {
                    self.bump();
                    partition = Some(self.parse_str_bytes("partition name")?.into_boxed_slice());
                }
                "comdat" => {
                    self.bump();
                    comdat_tok = true;
                    comdat = Some(self.parse_comdat_ref(&fname)?);
                }
                "align" => {
                    self.bump();
                    align = Some(self.parse_align_value()?);
                }
                "gc" => {
                    self.bump();
                    gc = Some(self.parse_str_bytes("gc name")?.into_boxed_slice());
                }
                "prefix" | "prologue" | "personality" => {
                    let slot = match self.word() {
                        "prefix" => PREFIX,
                        "prologue" => PROLOGUE,
                        _ => PERSONALITY,
                    };
                    self.bump();
                    ops[slot as usize] = Some(self.parse_typed_value()?);
                }
                _ => break,
            }
        }
        let _ = comdat_tok;
        if is_define {
            while self.is(Tok::MdName) {
                let (k, m) = self.parse_md_attachment()?;
                md.add(k, m);
            }
        }
        let fty = self.ctx.function_type(ret, &params, varargs);
        let f = self.ctx.add_function(self.m, &fname, fty);
        if addrspace != 0 {
            self.ctx.set_function_addrspace(f, addrspace);
        }
        {
            let fd = self.ctx.function_data_mut(f);
            fd.call_conv = cc;
            fd.gc = gc;
            let d = &mut fd.global;
            d.linkage = linkage;
            d.dso_local = dso_local
                || linkage.is_local()
                || (vis != Visibility::Default && linkage != Linkage::ExternWeak);
            d.visibility = vis;
            d.dll_storage = dll;
            d.unnamed_addr = ua;
            d.section = section;
            d.partition = partition;
            d.comdat = comdat;
            d.align = align;
            d.md = md;
            // One allocation of the exact size (a `set_attrs` per position
            // copied the list each time).
            fd.attrs = AttributeList::from_slice(fn_attrs, ret_attrs, &mut pattrs);
        }
        for (slot, v) in ops.iter().enumerate() {
            if let Some(v) = *v {
                self.ctx.set_function_operand(f, slot as u32, Some(v));
            }
        }
        for (id, p) in groups {
            self.attr_fixups.push((AttrTarget::Function(f), id, p));
        }
        self.define_global(&name, f.0)?;
        Ok(Header { f, args })
    }

    /// Resolves the `blockaddress` references to function `f`, whose body
    /// starts: as LLVM does at that point, each names its block as a
    /// forward reference (created now, defined by its label later), so the
    /// block address is the oldest use of its block.
    pub(crate) fn resolve_block_addresses(&mut self, f: crate::ir::Function) -> PResult<()> {
        if self.fwd_blockaddr.is_empty() {
            return Ok(());
        }
        let fname = self.ctx.name_bytes(f.0).map(<[u8]>::to_vec);
        let fid = self
            .numbered_globals
            .iter()
            .find(|(_, &v)| v == f.0)
            .map(|(&k, _)| k);
        let pending = std::mem::take(&mut self.fwd_blockaddr);
        let mut mine = Vec::new();
        for (ph, fref, bt) in pending {
            let is_mine = match &fref {
                BlockRef::Name(n) => fname.as_deref() == Some(&**n),
                BlockRef::Id(n) => fid == Some(*n),
            };
            if is_mine {
                mine.push((self.block_ref(&bt), ph, bt));
            } else {
                self.fwd_blockaddr.push((ph, fref, bt));
            }
        }
        // LLVM resolves them in the order of its map of block ids (numbers,
        // then names), which orders the uses the block addresses make.
        mine.sort_by(|a, b| a.0.cmp(&b.0));
        for (_, ph, bt) in mine {
            // Only arguments are defined yet.
            let existing = if bt.kind == Tok::LocalId {
                self.fs
                    .as_ref()
                    .and_then(|fs| fs.numbered.get(&bt.num()).copied())
            } else {
                self.ctx.local_by_name(f, self.name_of(&bt))
            };
            if existing.is_some_and(|v| self.ctx.value_kind(v) != ValueKind::Block) {
                return self.err_at(bt.start(), "referenced value is not a basic block");
            }
            let lt = self.ctx.label_type();
            let b = self.local_ref(&bt, lt)?;
            let ba = self.ctx.block_address_raw(f.0, b);
            let (got, want) = (self.ctx.type_of(ba), self.ctx.type_of(ph));
            if got != want {
                return self.err_at(
                    bt.start(),
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        crate::ir::shown(self.lx.bytes(bt.a(), bt.b())),
                        self.ty_str(got),
                        self.ty_str(want)
                    ),
                );
            }
            self.replace_placeholder(ph, ba);
            self.ctx.erase_global(Global(ph));
        }
        Ok(())
    }

    /// `uselistorder T v, { i, ... }` / `uselistorder_bb @f, %bb, { ... }`
    /// at module level: checked as llvm-as checks them, then applied to
    /// the value's (or the block's) use list.
    fn parse_uselistorder(&mut self) -> PResult<()> {
        if self.is_word("uselistorder_bb") {
            return self.parse_uselistorder_bb();
        }
        self.parse_uselistorder_directive()
    }

    /// `uselistorder T v, { ... }` (module level or at the end of a
    /// function body; the keyword is current).
    pub(crate) fn parse_uselistorder_directive(&mut self) -> PResult<()> {
        let kpos = self.tok.start();
        self.bump();
        let v = self.parse_typed_value()?;
        self.expect(Tok::Comma, "expected comma in uselistorder directive")?;
        let idx = self.parse_uselist_indexes()?;
        self.apply_uselistorder(v, &idx, kpos)
    }

    /// `uselistorder_bb @f, %bb, { ... }`: the use list of block `%bb` of
    /// the defined function `@f` (numbered blocks cannot be named here, as
    /// in LLVM).
    fn parse_uselistorder_bb(&mut self) -> PResult<()> {
        let kpos = self.tok.start();
        self.bump();
        let ft = self.tok;
        if !matches!(ft.kind, Tok::GlobalName | Tok::GlobalId) {
            return self.err("expected function name in uselistorder_bb");
        }
        self.bump();
        self.expect(Tok::Comma, "expected comma in uselistorder_bb directive")?;
        let bt = self.tok;
        if !matches!(bt.kind, Tok::LocalName | Tok::LocalId) {
            return self.err("expected basic block name in uselistorder_bb");
        }
        self.bump();
        self.expect(Tok::Comma, "expected comma in uselistorder_bb directive")?;
        let idx = self.parse_uselist_indexes()?;
        // Only a defined global counts (a forward reference does not).
        let defined = if ft.kind == Tok::GlobalId {
            self.numbered_globals.get(&ft.num()).copied()
        } else {
            self.ctx.global_by_name(self.m, self.name_of(&ft))
        };
        let Some(fv) = defined else {
            return self.err_at(
                ft.start(),
                "invalid function forward reference in uselistorder_bb",
            );
        };
        if self.ctx.value_kind(fv) != ValueKind::Function {
            return self.err_at(ft.start(), "expected function name in uselistorder_bb");
        }
        let f = crate::ir::Function(fv);
        if self.ctx.is_declaration(f) {
            return self.err_at(ft.start(), "invalid declaration in uselistorder_bb");
        }
        if bt.kind == Tok::LocalId {
            return self.err_at(bt.start(), "invalid numeric label in uselistorder_bb");
        }
        let Some(b) = self.ctx.local_by_name(f, self.name_of(&bt)) else {
            return self.err_at(bt.start(), "invalid basic block in uselistorder_bb");
        };
        if self.ctx.value_kind(b) != ValueKind::Block {
            return self.err_at(bt.start(), "expected basic block in uselistorder_bb");
        }
        self.apply_uselistorder(b, &idx, kpos)
    }

    /// `{ i, ... }` of a `uselistorder`, with LLVM's checks: at least two
    /// 32-bit indexes whose sum of `index - position` is 0 (mod 2^32), all
    /// below the count, not already in order. (Like LLVM, this admits
    /// lists that are not permutations, such as `{ 0, 2, 2, 0 }`.)
    fn parse_uselist_indexes(&mut self) -> PResult<Vec<u32>> {
        let pos = self.tok.start();
        self.expect(Tok::LBrace, "expected '{' here")?;
        if self.is(Tok::RBrace) {
            return self.err("expected non-empty list of uselistorder indexes");
        }
        let mut idx: Vec<u32> = Vec::new();
        let mut offset: u32 = 0;
        let mut max: u32 = 0;
        let mut ordered = true;
        loop {
            let i = self.parse_u32("integer")?;
            offset = offset.wrapping_add(i.wrapping_sub(idx.len() as u32));
            max = max.max(i);
            ordered &= i as usize == idx.len();
            idx.push(i);
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "expected '}' here")?;
        if idx.len() < 2 {
            return self.err_at(pos, "expected >= 2 uselistorder indexes");
        }
        if offset != 0 || max as usize >= idx.len() {
            return self.err_at(
                pos,
                "expected distinct uselistorder indexes in range [0, size)",
            );
        }
        if ordered {
            return self.err_at(pos, "expected uselistorder indexes to change the order");
        }
        Ok(idx)
    }

    /// Applies a use-list order to `v` as LLVM's `sortUseListOrder`: the
    /// use now at position `i` gets key `idx[i]` and the list is sorted by
    /// key, stably. Errors are reported at the directive's keyword (`kpos`).
    pub(crate) fn apply_uselistorder(&mut self, v: Value, idx: &[u32], kpos: usize) -> PResult<()> {
        let n = self.ctx.num_uses(v);
        if n == 0 {
            return self.err_at(kpos, "value has no uses");
        }
        if n < 2 {
            return self.err_at(kpos, "value only has one use");
        }
        if n != idx.len() {
            return self.err_at(kpos, format!("wrong number of indexes, expected {n}"));
        }
        let keys: hashbrown::HashMap<crate::value::Use, u32> =
            self.ctx.uses(v).zip(idx.iter().copied()).collect();
        self.ctx.sort_use_list(v, |_, a, b| keys[&a].cmp(&keys[&b]));
        Ok(())
    }
}
