//! Printing module structure: the header lines, struct definitions,
//! comdats, global variables, aliases, ifuncs, functions with their blocks,
//! attribute groups, named metadata, numbered metadata and the summary
//! index (`summary.rs`), in the order and
//! with the blank lines of LLVM 19's `AssemblyWriter::printModule`.
//!
//! Owns that layout and the global-value header spellings (linkage,
//! `dso_local`, visibility, ..., `section`, `comdat`, `align`, `gc`,
//! `prefix`, `prologue`, `personality`). Instructions are `inst.rs`'s.

use super::slots::{attachments_in_print_order, LocalSlots, ModuleSlots};
use super::text::{
    push_bare_name, push_calling_conv, push_linkage, push_md_identifier, push_name, push_quoted,
    push_spaces, push_u64, unnamed_addr_name,
};
use super::writer::Writer;
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::attributes::AttrSyntax;
use crate::ir::function::{PERSONALITY, PREFIX, PROLOGUE};
use crate::ir::global::{GlobalData, Linkage, Visibility};
use crate::ir::metadata::{MdAttachments, Metadata};
use crate::ir::module::ComdatKind;
use crate::ir::{Block, Function, Global, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;

/// Prints all of `m` into `out`.
/// The one walk behind `print_module` and `print_module_bytes`: `raw`
/// collects `(offset, length, bytes)` for each escaped string of `out`
/// that LLVM writes as raw bytes (`gc` names and the target triple, when
/// not UTF-8), in order; `out` is LLVM's bytes when it stays empty.
pub(super) fn print_module<'c>(
    ctx: &'c Context,
    m: Module,
    out: &mut String,
    raw: &mut Vec<(usize, usize, &'c [u8])>,
) {
    let (mut slots, mut types) = ModuleSlots::for_print(ctx, m);
    // From the context's values and metadata (the module's own are not
    // counted before the walk; the corpus prints 41-48 bytes a value and
    // ~53 a metadata node): pages never written cost nothing, a regrowth
    // copies it all.
    out.reserve(ctx.graph.values.len() * 48 + ctx.md.len() * 64 + (1 << 16));
    let md = ctx.module(m);
    if !md.id.is_empty() && !md.id.contains('\n') {
        out.push_str("; ModuleID = '");
        out.push_str(&md.id);
        out.push_str("'\n");
    }
    // Printed even when empty (llvm-dis leaves an empty one out, and a
    // parser then takes the file name: the GUIDs of local names in a
    // summary, among others, would change).
    out.push_str("source_filename = ");
    push_quoted(out, &md.source_filename);
    out.push('\n');
    if !md.datalayout.is_empty() {
        out.push_str("target datalayout = \"");
        out.push_str(&md.datalayout);
        out.push_str("\"\n");
    }
    if !md.triple.is_empty() {
        // LLVM writes the triple raw; one that is not UTF-8 is escaped in
        // `out` and raw in the bytes form.
        out.push_str("target triple = ");
        if let Ok(t) = core::str::from_utf8(&md.triple) {
            out.push('"');
            out.push_str(t);
            out.push('"');
        } else {
            let at = out.len() + 1;
            push_quoted(out, &md.triple);
            raw.push((at, out.len() - 1 - at, &md.triple[..]));
        }
        out.push('\n');
    }
    if !md.module_asm.is_empty() {
        out.push('\n');
        for chunk in &md.module_asm {
            // LLVM keeps one string of lines each ending in `\n` and prints
            // one directive per line.
            let mut rest: &[u8] = chunk;
            loop {
                let (front, tail) = match rest.iter().position(|&c| c == b'\n') {
                    Some(i) => (&rest[..i], &rest[i + 1..]),
                    None => (rest, &[][..]),
                };
                out.push_str("module asm ");
                push_quoted(out, front);
                out.push('\n');
                rest = tail;
                if rest.is_empty() {
                    break;
                }
            }
        }
    }

    // The struct definitions: printed here when their order is known;
    // otherwise (the type finder runs along the functions) this place
    // holds the definitions of every struct of the context, in creation
    // order, overwritten at the end with the ones found, in their order:
    // the same bytes in place when all are (the usual case), a move of
    // the text after them otherwise.
    let structs_at = out.len();
    let placeholder_len = match &types {
        None => {
            struct_defs(ctx, &slots, out);
            0
        }
        Some(_) => {
            let all: Vec<Type> = ctx.identified_structs().collect();
            struct_section(ctx, &slots, &all, out);
            out.len() - structs_at
        }
    };
    {
        let w = Writer {
            ctx,
            slots: &slots,
            locals: None,
        };

        if !slots.comdats.is_empty() {
            out.push('\n');
        }
        for (k, &c) in slots.comdats.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            push_name(out, '$', c);
            out.push_str(" = comdat ");
            let kind = md.comdats.get(c).copied().unwrap_or(ComdatKind::Any);
            out.push_str(kind.name());
            out.push('\n');
        }

        let mut globals = ctx.global_vars(m).peekable();
        if globals.peek().is_some() {
            out.push('\n');
        }
        for g in globals {
            w.global_var(out, g);
            out.push('\n');
        }
        let mut aliases = ctx.aliases(m).peekable();
        if aliases.peek().is_some() {
            out.push('\n');
        }
        for g in aliases {
            w.indirect(out, g, "alias ");
        }
        let mut ifuncs = ctx.ifuncs(m).peekable();
        if ifuncs.peek().is_some() {
            out.push('\n');
        }
        for g in ifuncs {
            w.indirect(out, g, "ifunc ");
        }
    }

    let mut locals = LocalSlots::new();
    for f in ctx.functions(m) {
        slots.incorporate_function(ctx, f, types.as_mut(), Some(&mut locals));
        out.push('\n');
        let w = Writer {
            ctx,
            slots: &slots,
            locals: Some(&locals),
        };
        let start = out.len();
        w.function(out, f);
        raw_gc(ctx, f, out, start, raw);
    }

    if types.is_some() {
        slots.finish_types(m, types.take());
        let mut defs = String::new();
        struct_defs(ctx, &slots, &mut defs);
        let end = structs_at + placeholder_len;
        if out[structs_at..end] != defs {
            out.replace_range(structs_at..end, &defs);
            // `gc` names were recorded after the definitions.
            for r in raw.iter_mut().filter(|r| r.0 >= end) {
                r.0 = r.0 - placeholder_len + defs.len();
            }
        }
    }

    if !slots.attr_groups.is_empty() {
        out.push('\n');
        let w = Writer {
            ctx,
            slots: &slots,
            locals: None,
        };
        for (n, set) in slots.attr_groups.iter().enumerate() {
            out.push_str("attributes #");
            push_u64(out, n as u64);
            out.push_str(" = { ");
            w.attr_set(out, set, AttrSyntax::Group);
            out.push_str(" }\n");
        }
    }

    let w = Writer {
        ctx,
        slots: &slots,
        locals: None,
    };
    if !md.named_md.is_empty() {
        out.push('\n');
    }
    for (name, ops) in &md.named_md {
        out.push('!');
        push_md_identifier(out, name);
        out.push_str(" = !{");
        for (k, &op) in ops.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            w.md_named_operand(out, op);
        }
        out.push_str("}\n");
    }
    if !slots.md.nodes().is_empty() {
        out.push('\n');
        let write_value = |v: Value, o: &mut dyn core::fmt::Write| w.write_md_value(v, o);
        let _ = slots.md.write_all(ctx, out, &write_value);
    }
    if let Some(ix) = &md.summary {
        out.push('\n');
        super::summary::print_summary(ix, out);
    }
}

/// The struct definitions of `slots` (numbered, then named), after a
/// blank line; nothing when there are none.
fn struct_defs(ctx: &Context, slots: &ModuleSlots<'_>, out: &mut String) {
    let w = Writer {
        ctx,
        slots,
        locals: None,
    };
    if !slots.numbered_structs.is_empty() {
        out.push('\n');
        for (n, &t) in slots.numbered_structs.iter().enumerate() {
            out.push('%');
            push_u64(out, n as u64);
            out.push_str(" = ");
            w.struct_body(out, t);
            out.push('\n');
        }
        for &t in &slots.named_structs {
            named_struct_def(&w, t, out);
        }
    } else {
        struct_section(ctx, slots, &slots.named_structs, out);
    }
}

/// The definitions of named structs `tys`, after a blank line; nothing
/// when `tys` is empty.
fn struct_section(ctx: &Context, slots: &ModuleSlots<'_>, tys: &[Type], out: &mut String) {
    let w = Writer {
        ctx,
        slots,
        locals: None,
    };
    if !tys.is_empty() {
        out.push('\n');
    }
    for &t in tys {
        named_struct_def(&w, t, out);
    }
}

/// `%name = type { ... }` and a newline.
fn named_struct_def(w: &Writer<'_>, t: Type, out: &mut String) {
    push_name(out, '%', w.ctx.struct_name_bytes(t).unwrap_or_default());
    out.push_str(" = ");
    w.struct_body(out, t);
    out.push('\n');
}

/// Whether LLVM prints `dso_local` for a global (`isDSOLocal() &&
/// !isImplicitDSOLocal()`).
/// The `gc "..."` of `f`'s header (printed from `start`) when LLVM writes
/// it raw: not UTF-8, so escaped in `out`. The header line is the first
/// not starting with `;`; its last ` gc "` with the escaped name is the
/// one (names and strings before it hold no bare `"`).
fn raw_gc<'c>(
    ctx: &'c Context,
    f: Function,
    out: &str,
    start: usize,
    raw: &mut Vec<(usize, usize, &'c [u8])>,
) {
    let Some(gc) = ctx.function_data(f).gc.as_deref() else {
        return;
    };
    if core::str::from_utf8(gc).is_ok() {
        return;
    }
    let mut quoted = String::from(" gc ");
    push_quoted(&mut quoted, gc);
    let mut line = start;
    while out[line..].starts_with(';') {
        line += out[line..].find('\n').map_or(out.len() - line, |e| e + 1);
    }
    let end = out[line..].find('\n').map_or(out.len(), |e| line + e);
    if let Some(k) = out[line..end].rfind(quoted.as_str()) {
        // The text between the quotes.
        let at = line + k + " gc \"".len();
        raw.push((at, quoted.len() - " gc \"\"".len(), gc));
    }
}

fn prints_dso_local(g: &GlobalData) -> bool {
    let implicit = g.linkage.is_local()
        || (g.visibility != Visibility::Default && g.linkage != Linkage::ExternWeak);
    g.dso_local && !implicit
}

/// LLVM's order of the sanitizer markings of a global variable.
const SANITIZER_ORDER: [&str; 4] = [
    "no_sanitize_address",
    "no_sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_address_dyninit",
];

impl Writer<'_> {
    /// An operand of a named metadata node: `!N`, or an inline
    /// `DIExpression`.
    fn md_named_operand(&self, out: &mut String, md: Metadata) {
        let md = self.ctx.md_resolved(md);
        match self.slots.md.slot_of(md) {
            Some(n) => {
                out.push('!');
                push_u64(out, n as u64);
            }
            None => self.md_operand(out, md),
        }
    }

    /// Linkage, `dso_local`, visibility and DLL storage, each followed by a
    /// space.
    fn global_prefix(&self, out: &mut String, g: &GlobalData) {
        push_linkage(out, g.linkage);
        if prints_dso_local(g) {
            out.push_str("dso_local ");
        }
        if g.visibility != Visibility::Default {
            out.push_str(g.visibility.name());
            out.push(' ');
        }
        if !g.dll_storage.name().is_empty() {
            out.push_str(g.dll_storage.name());
            out.push(' ');
        }
    }

    /// ` comdat` / ` comdat($name)` (with a leading `,` for variables).
    fn comdat(&self, out: &mut String, v: Value, g: &GlobalData, comma: bool) {
        let Some(c) = g.comdat.as_deref() else { return };
        if comma {
            out.push(',');
        }
        out.push_str(" comdat");
        if self.ctx.name_bytes(v) != Some(c) {
            out.push('(');
            push_name(out, '$', c);
            out.push(')');
        }
    }

    fn attachments(&self, out: &mut String, md: &MdAttachments, sep: &str) {
        for (kind, node) in attachments_in_print_order(self.ctx, None, md) {
            out.push_str(sep);
            out.push('!');
            push_md_identifier(out, kind);
            out.push(' ');
            self.md_operand(out, node);
        }
    }

    /// A global variable line, without the newline.
    pub(super) fn global_var(&self, out: &mut String, g: Global) {
        let ctx = self.ctx;
        let d = ctx.global_data(g);
        self.operand(out, g.0);
        out.push_str(" = ");
        let init = ctx.initializer(g);
        if init.is_none() && d.linkage == Linkage::External {
            out.push_str("external ");
        }
        self.global_prefix(out, d);
        if !d.thread_local.name().is_empty() {
            out.push_str(d.thread_local.name());
            out.push(' ');
        }
        let ua = unnamed_addr_name(d.unnamed_addr);
        if !ua.is_empty() {
            out.push_str(ua);
            out.push(' ');
        }
        if let Some(a) = ctx.ptr_addrspace(ctx.type_of(g.0)).filter(|&a| a != 0) {
            out.push_str("addrspace(");
            push_u64(out, a as u64);
            out.push_str(") ");
        }
        if d.externally_initialized {
            out.push_str("externally_initialized ");
        }
        out.push_str(if d.is_constant {
            "constant "
        } else {
            "global "
        });
        if let Some(t) = d.value_type {
            self.ty(out, t);
        }
        if let Some(init) = init {
            out.push(' ');
            self.operand(out, init);
        }
        if let Some(s) = &d.section {
            out.push_str(", section ");
            push_quoted(out, s);
        }
        if let Some(p) = &d.partition {
            out.push_str(", partition ");
            push_quoted(out, p);
        }
        if let Some(cm) = &d.code_model {
            out.push_str(", code_model ");
            push_quoted(out, cm.as_bytes());
        }
        for name in SANITIZER_ORDER {
            if d.sanitizer.iter().any(|s| &**s == name) {
                out.push_str(", ");
                out.push_str(name);
            }
        }
        for s in d.sanitizer.iter() {
            if !SANITIZER_ORDER.contains(&&**s) {
                out.push_str(", ");
                out.push_str(s);
            }
        }
        self.comdat(out, g.0, d, true);
        if let Some(a) = d.align {
            out.push_str(", align ");
            push_u64(out, a);
        }
        self.attachments(out, &d.md, ", ");
        if let Some(n) = self.slots.attr_group(&d.attrs) {
            out.push_str(" #");
            push_u64(out, n as u64);
        }
    }

    /// An alias or ifunc line (`keyword` is `"alias "` or `"ifunc "`),
    /// with its newline.
    pub(super) fn indirect(&self, out: &mut String, g: Global, keyword: &str) {
        let ctx = self.ctx;
        let d = ctx.global_data(g);
        self.operand(out, g.0);
        out.push_str(" = ");
        let is_alias = ctx.value_kind(g.0) == ValueKind::Alias;
        if is_alias {
            self.global_prefix(out, d);
            if !d.thread_local.name().is_empty() {
                out.push_str(d.thread_local.name());
                out.push(' ');
            }
            let ua = unnamed_addr_name(d.unnamed_addr);
            if !ua.is_empty() {
                out.push_str(ua);
                out.push(' ');
            }
        } else {
            push_linkage(out, d.linkage);
            if prints_dso_local(d) {
                out.push_str("dso_local ");
            }
            if d.visibility != Visibility::Default {
                out.push_str(d.visibility.name());
                out.push(' ');
            }
        }
        out.push_str(keyword);
        if let Some(t) = d.value_type {
            self.ty(out, t);
        }
        out.push_str(", ");
        match ctx.indirect_target(g) {
            Some(t) => {
                let is_expr = ctx.value_kind(t) == ValueKind::Constant
                    && ctx.const_kind(t) == ConstKind::Expr;
                if is_expr {
                    self.operand(out, t);
                } else {
                    self.typed(out, t);
                }
            }
            None => {
                self.ty(out, ctx.type_of(g.0));
                out.push_str(if is_alias {
                    " <<NULL ALIASEE>>"
                } else {
                    " <<NULL RESOLVER>>"
                });
            }
        }
        if let Some(p) = &d.partition {
            out.push_str(", partition ");
            push_quoted(out, p);
        }
        out.push('\n');
    }

    /// A function: its `; Function Attrs:` comment, header, and body or
    /// declaration newline.
    pub(super) fn function(&self, out: &mut String, f: Function) {
        let ctx = self.ctx;
        let fd = ctx.function_data(f);
        let d = &fd.global;
        let fn_attrs = fd.attrs.fn_attrs();
        if fn_attrs.has_fn_comment() {
            out.push_str("; Function Attrs: ");
            let _ = fn_attrs.write_fn_comment(ctx, out);
            out.push('\n');
        }
        let decl = ctx.is_declaration(f);
        if decl {
            out.push_str("declare");
            self.attachments(out, &d.md, " ");
            out.push(' ');
        } else {
            out.push_str("define ");
        }
        self.global_prefix(out, d);
        if fd.call_conv != 0 {
            push_calling_conv(out, fd.call_conv);
            out.push(' ');
        }
        let ret_attrs = fd.attrs.ret_attrs();
        if !ret_attrs.is_empty() {
            self.attr_set(out, ret_attrs, AttrSyntax::Inline);
            out.push(' ');
        }
        let sig = ctx.signature(f);
        let (ret, params, varargs) = ctx
            .function_parts(sig)
            .map(|(r, p, va)| (r, p.len(), va))
            .unwrap_or((sig, 0, false));
        self.ty(out, ret);
        out.push(' ');
        self.operand(out, f.0);
        out.push('(');
        let args = ctx.args(f);
        for (k, &a) in args.iter().enumerate().take(params) {
            if k > 0 {
                out.push_str(", ");
            }
            self.ty(out, ctx.type_of(a));
            let pa = fd.attrs.param_attrs(k as u32);
            if !pa.is_empty() {
                out.push(' ');
                self.attr_set(out, pa, AttrSyntax::Inline);
            }
            if !decl {
                out.push(' ');
                self.operand(out, a);
            }
        }
        if varargs {
            if params > 0 {
                out.push_str(", ");
            }
            out.push_str("...");
        }
        out.push(')');
        let ua = unnamed_addr_name(d.unnamed_addr);
        if !ua.is_empty() {
            out.push(' ');
            out.push_str(ua);
        }
        if fd.addrspace != 0 || self.slots.program_as != 0 || !self.slots.has_module {
            out.push_str(" addrspace(");
            push_u64(out, fd.addrspace as u64);
            out.push(')');
        }
        if let Some(n) = self.slots.attr_group(fn_attrs) {
            out.push_str(" #");
            push_u64(out, n as u64);
        }
        if let Some(s) = &d.section {
            out.push_str(" section ");
            push_quoted(out, s);
        }
        if let Some(p) = &d.partition {
            out.push_str(" partition ");
            push_quoted(out, p);
        }
        self.comdat(out, f.0, d, false);
        if let Some(a) = d.align {
            out.push_str(" align ");
            push_u64(out, a);
        }
        if let Some(gc) = &fd.gc {
            // LLVM prints the name as it is, unescaped; a name that is not
            // UTF-8 or holds `"` or `\` is escaped here (the same name once
            // parsed, where LLVM's text would not be).
            out.push_str(" gc ");
            match core::str::from_utf8(gc) {
                Ok(g) if !g.contains(['"', '\\']) => {
                    out.push('"');
                    out.push_str(g);
                    out.push('"');
                }
                _ => push_quoted(out, gc),
            }
        }
        for (slot, word) in [
            (PREFIX, " prefix "),
            (PROLOGUE, " prologue "),
            (PERSONALITY, " personality "),
        ] {
            if let Some(v) = ctx.function_operand(f, slot) {
                out.push_str(word);
                self.typed(out, v);
            }
        }
        if decl {
            out.push('\n');
            return;
        }
        self.attachments(out, &d.md, " ");
        out.push_str(" {");
        let entry = ctx.entry_block(f);
        for b in ctx.blocks(f) {
            self.block(out, b, Some(b) == entry);
        }
        out.push_str("}\n");
    }

    /// A block: its label line (none for an unnamed entry block) with the
    /// `; preds = ...` comment, then its instructions.
    pub(super) fn block(&self, out: &mut String, b: Block, is_entry: bool) {
        let ctx = self.ctx;
        let line_start = out.len() + 1;
        if let Some(name) = ctx.name_bytes(b.0) {
            out.push('\n');
            push_bare_name(out, name);
            out.push(':');
        } else if !is_entry {
            out.push('\n');
            match self.locals.and_then(|l| l.get(b.0)) {
                Some(n) => push_u64(out, n as u64),
                None => out.push_str("<badref>"),
            }
            out.push(':');
        }
        if !is_entry {
            let col = out.len() - line_start;
            push_spaces(out, 50usize.saturating_sub(col).max(1));
            out.push(';');
            // One record read per user: a terminator in a block.
            let mut preds = ctx
                .users(b.0)
                .filter_map(|u| {
                    let d = ctx.graph.get(u);
                    let term = d.is(ValueKind::Instruction)
                        && Opcode::from_u8(d.opcode).is_terminator()
                        && d.a != NONE;
                    term.then_some(d.a)
                })
                .peekable();
            if preds.peek().is_none() {
                out.push_str(" No predecessors!");
            } else {
                out.push_str(" preds = ");
                for (k, p) in preds.enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.operand_at(out, p);
                }
            }
        }
        out.push('\n');
        for i in ctx.inst_indices_at(b.0.idx) {
            self.inst_line(out, i);
        }
    }
}
