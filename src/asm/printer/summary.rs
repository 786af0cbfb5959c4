//! Printing a module's ThinLTO summary index (`^N = ...` lines) as LLVM
//! 19's `AssemblyWriter::printModuleSummaryIndex` prints it.
//!
//! Owns the summary numbering (LLVM's `SlotTracker::processIndex`):
//! module paths sorted by path first, then global values in GUID order,
//! then `typeidCompatibleVTable` names in byte order, then type ids in
//! GUID order; `flags` (when non-zero) and `blockcount` take the next
//! numbers. Entries print in the order: modules, global values, type ids,
//! vtables, flags, block count. Names of values, type ids and vtables
//! print as they are (LLVM does not escape them); module paths are
//! escaped.

use hashbrown::HashMap;

use super::text::{push_escaped, push_u64};
use crate::ir::summary::{
    ByArgKind, ConstVCall, GlobalSummary, Hotness, Range64, SummaryIndex, SummaryKind, VFuncId,
    WpdKind,
};

/// Slot numbers of one index.
struct Slots<'a> {
    ix: &'a SummaryIndex,
    modules: HashMap<&'a str, u64>,
    values: HashMap<u64, u64>,
    vtables: HashMap<&'a str, u64>,
    type_ids: HashMap<&'a str, u64>,
    next: u64,
}

impl<'a> Slots<'a> {
    fn new(ix: &'a SummaryIndex) -> Self {
        let mut n = 0u64;
        let mut next = || {
            n += 1;
            n - 1
        };
        let modules = ix.modules.keys().map(|p| (p.as_str(), next())).collect();
        let values = ix.values.keys().map(|&g| (g, next())).collect();
        let vtables = ix.vtables.keys().map(|k| (k.as_str(), next())).collect();
        let type_ids = ix
            .type_ids
            .iter()
            .map(|t| (t.name.as_str(), next()))
            .collect();
        let next = next();
        Slots {
            ix,
            modules,
            values,
            vtables,
            type_ids,
            next,
        }
    }

    fn value(&self, out: &mut String, guid: u64) {
        out.push('^');
        match self.values.get(&guid) {
            Some(&s) => push_u64(out, s),
            None => out.push_str("-1"),
        }
    }

    /// The type ids with GUID `g`, as `^slot`s.
    fn type_ids_of(&self, g: u64) -> impl Iterator<Item = u64> + '_ {
        let t = &self.ix.type_ids;
        let from = t.partition_point(|e| e.guid < g);
        t[from..]
            .iter()
            .take_while(move |e| e.guid == g)
            .map(|e| self.type_ids[e.name.as_str()])
    }
}

/// `, ` between items.
fn sep(out: &mut String, first: &mut bool) {
    if !*first {
        out.push_str(", ");
    }
    *first = false;
}

fn push_bool(out: &mut String, b: bool) {
    out.push(if b { '1' } else { '0' });
}

fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

fn push_list<T>(out: &mut String, items: &[T], mut f: impl FnMut(&mut String, &T)) {
    out.push('(');
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        f(out, x);
    }
    out.push(')');
}

/// `[lo, hi]` of a range. LLVM prints `[getSignedMin(), getSignedMax()]`
/// (`exact`), which for the full set and sign-wrapped sets does not read
/// back; otherwise the bounds that do.
fn push_range(out: &mut String, r: Range64, exact: bool) {
    let (mut lo, mut hi) = r.inclusive();
    if exact {
        let (l, u) = (r.lower as i64, r.upper as i64);
        let full = r.lower == r.upper && r.lower == u64::MAX;
        if full || (l > u && u != i64::MIN) {
            lo = i64::MIN;
        }
        if full || l > u {
            hi = i64::MAX;
        }
    }
    out.push('[');
    push_i64(out, lo);
    out.push_str(", ");
    push_i64(out, hi);
    out.push(']');
}

/// A name LLVM prints as it is: escaped only when that would not read
/// back (a `"` or `\` in it), which LLVM does not do (`exact`).
fn push_raw_name(out: &mut String, name: &str, exact: bool) {
    push_raw_name_bytes(out, name.as_bytes(), exact);
}

/// [`push_raw_name`] of a name's bytes. Bytes that are not UTF-8 (a
/// global `@"\FF"`) are escaped even when `exact`: LLVM writes them raw,
/// which text output cannot hold; the escape reads back as the same bytes.
fn push_raw_name_bytes(out: &mut String, name: &[u8], exact: bool) {
    match std::str::from_utf8(name) {
        Ok(s) if exact || !s.contains(['"', '\\']) => out.push_str(s),
        _ => push_escaped(out, name),
    }
}

/// Prints `ix` (the caller writes the blank line before it).
pub(super) fn print_summary(ix: &SummaryIndex, out: &mut String) {
    let sl = Slots::new(ix);
    let exact = ix.llvm_dis_text;
    for (k, (path, hash)) in ix.modules.iter().enumerate() {
        out.push('^');
        push_u64(out, k as u64);
        out.push_str(" = module: (path: \"");
        // LLVM prints an empty path (a thin link's regular LTO module) as
        // "[Regular LTO]", which reads back as another path, sorted
        // elsewhere; unless `exact`, it is printed as it is.
        if exact && path.is_empty() {
            out.push_str("[Regular LTO]");
        } else {
            push_escaped(out, path.as_bytes());
        }
        out.push_str("\", hash: ");
        push_list(out, hash, |o, &h| push_u64(o, h as u64));
        out.push_str(")\n");
    }
    for (&g, e) in &ix.values {
        sl.value(out, g);
        out.push_str(" = gv: (");
        match &e.name {
            Some(n) => {
                out.push_str("name: \"");
                push_raw_name_bytes(out, n, exact);
                out.push('"');
            }
            None => {
                out.push_str("guid: ");
                push_u64(out, g);
            }
        }
        if !e.summaries.is_empty() {
            out.push_str(", summaries: ");
            push_list(out, &e.summaries, |o, s| summary(&sl, o, s));
        }
        out.push(')');
        if e.name.is_some() {
            out.push_str(" ; guid = ");
            push_u64(out, g);
        }
        out.push('\n');
    }
    for t in &ix.type_ids {
        out.push('^');
        push_u64(out, sl.type_ids[t.name.as_str()]);
        out.push_str(" = typeid: (name: \"");
        push_raw_name(out, &t.name, exact);
        out.push_str("\", summary: (typeTestRes: (kind: ");
        let r = &t.summary.test_res;
        out.push_str(r.kind.name());
        out.push_str(", sizeM1BitWidth: ");
        push_u64(out, r.size_m1_bit_width as u64);
        for (name, v) in [
            ("alignLog2", r.align_log2),
            ("sizeM1", r.size_m1),
            ("bitMask", r.bit_mask as u64),
            ("inlineBits", r.inline_bits),
        ] {
            if v != 0 {
                out.push_str(", ");
                out.push_str(name);
                out.push_str(": ");
                push_u64(out, v);
            }
        }
        out.push(')');
        if !t.summary.wpd.is_empty() {
            out.push_str(", wpdResolutions: ");
            let wpd: Vec<_> = t.summary.wpd.iter().collect();
            push_list(out, &wpd, |o, &(off, w)| {
                o.push_str("(offset: ");
                push_u64(o, *off);
                o.push_str(", wpdRes: (kind: ");
                o.push_str(w.kind.name());
                if w.kind == WpdKind::SingleImpl {
                    o.push_str(", singleImplName: \"");
                    push_raw_name(o, &w.single_impl_name, exact);
                    o.push('"');
                }
                if !w.res_by_arg.is_empty() {
                    o.push_str(", resByArg: ");
                    let by: Vec<_> = w.res_by_arg.iter().collect();
                    push_list(o, &by, |o, &(args, b)| {
                        o.push_str("args: ");
                        push_list(o, args, |o, &a| push_u64(o, a));
                        o.push_str(", byArg: (kind: ");
                        o.push_str(b.kind.name());
                        if matches!(b.kind, ByArgKind::UniformRetVal | ByArgKind::UniqueRetVal) {
                            o.push_str(", info: ");
                            push_u64(o, b.info);
                        }
                        if b.byte != 0 || b.bit != 0 {
                            o.push_str(", byte: ");
                            push_u64(o, b.byte as u64);
                            o.push_str(", bit: ");
                            push_u64(o, b.bit as u64);
                        }
                        o.push(')');
                    });
                }
                o.push_str("))");
            });
        }
        out.push_str(")) ; guid = ");
        push_u64(out, t.guid);
        out.push('\n');
    }
    for (name, refs) in &ix.vtables {
        out.push('^');
        push_u64(out, sl.vtables[name.as_str()]);
        out.push_str(" = typeidCompatibleVTable: (name: \"");
        push_raw_name(out, name, exact);
        out.push_str("\", summary: ");
        push_list(out, refs, |o, r| {
            o.push_str("(offset: ");
            push_u64(o, r.offset);
            o.push_str(", ");
            sl.value(o, r.vtable);
            o.push(')');
        });
        out.push_str(") ; guid = ");
        push_u64(out, crate::ir::summary::guid(name));
        out.push('\n');
    }
    let mut next = sl.next;
    if ix.flags != 0 {
        out.push('^');
        push_u64(out, next);
        out.push_str(" = flags: ");
        push_u64(out, ix.flags);
        out.push('\n');
        next += 1;
    }
    out.push('^');
    push_u64(out, next);
    out.push_str(" = blockcount: ");
    push_u64(out, ix.block_count);
    out.push('\n');
}

/// `function: (...)` / `variable: (...)` / `alias: (...)`.
fn summary(sl: &Slots, out: &mut String, s: &GlobalSummary) {
    out.push_str(match s.kind {
        SummaryKind::Function(_) => "function",
        SummaryKind::Variable(_) => "variable",
        SummaryKind::Alias { .. } => "alias",
    });
    out.push_str(": (module: ^");
    match sl.modules.get(s.module.as_str()) {
        Some(&k) => push_u64(out, k),
        None => out.push_str("-1"),
    }
    let f = &s.flags;
    out.push_str(", flags: (linkage: ");
    let l = f.linkage.name();
    out.push_str(if l.is_empty() { "external" } else { l });
    out.push_str(", visibility: ");
    let v = f.visibility.name();
    out.push_str(if v.is_empty() { "default" } else { v });
    for (name, b) in [
        ("notEligibleToImport", f.not_eligible_to_import),
        ("live", f.live),
        ("dsoLocal", f.dso_local),
        ("canAutoHide", f.can_auto_hide),
    ] {
        out.push_str(", ");
        out.push_str(name);
        out.push_str(": ");
        push_bool(out, b);
    }
    out.push_str(", importType: ");
    out.push_str(if f.import_declaration {
        "declaration"
    } else {
        "definition"
    });
    out.push(')');
    match &s.kind {
        SummaryKind::Alias { aliasee } => {
            // LLVM 19 prints `null` when the aliasee has no summary in the
            // alias's module, which its parser does not read back; unless
            // `llvm_dis_text`, the reference is printed instead.
            out.push_str(", aliasee: ");
            let found = sl
                .ix
                .values
                .get(aliasee)
                .is_some_and(|e| e.summaries.iter().any(|a| a.module == s.module));
            if sl.ix.llvm_dis_text && !found {
                out.push_str("null");
            } else {
                sl.value(out, *aliasee);
            }
        }
        SummaryKind::Function(fs) => function(sl, out, fs),
        SummaryKind::Variable(v) => {
            out.push_str(", varFlags: (readonly: ");
            push_bool(out, v.read_only);
            out.push_str(", writeonly: ");
            push_bool(out, v.write_only);
            out.push_str(", constant: ");
            push_bool(out, v.constant);
            if !v.vtable_funcs.is_empty() {
                out.push_str(", vcall_visibility: ");
                push_u64(out, v.vcall_visibility as u64);
            }
            out.push(')');
            if !v.vtable_funcs.is_empty() {
                out.push_str(", vTableFuncs: ");
                push_list(out, &v.vtable_funcs, |o, f| {
                    o.push_str("(virtFunc: ");
                    sl.value(o, f.func);
                    o.push_str(", offset: ");
                    push_u64(o, f.offset);
                    o.push(')');
                });
            }
        }
    }
    if !s.refs.is_empty() {
        out.push_str(", refs: ");
        push_list(out, &s.refs, |o, r| {
            o.push_str(match r.access {
                crate::ir::summary::Access::Plain => "",
                crate::ir::summary::Access::ReadOnly => "readonly ",
                crate::ir::summary::Access::WriteOnly => "writeonly ",
            });
            sl.value(o, r.guid);
        });
    }
    out.push(')');
}

fn function(sl: &Slots, out: &mut String, f: &crate::ir::summary::FunctionSummary) {
    out.push_str(", insts: ");
    push_u64(out, f.insts as u64);
    if f.flags.any() {
        out.push_str(", funcFlags: (");
        let mut first = true;
        for (name, b) in f.flags.named() {
            sep(out, &mut first);
            out.push_str(name);
            out.push_str(": ");
            push_bool(out, b);
        }
        out.push(')');
    }
    if !f.calls.is_empty() {
        out.push_str(", calls: ");
        push_list(out, &f.calls, |o, c| {
            o.push_str("(callee: ");
            sl.value(o, c.callee);
            if c.hotness != Hotness::Unknown {
                o.push_str(", hotness: ");
                o.push_str(c.hotness.name());
            } else if c.rel_block_freq != 0 {
                o.push_str(", relbf: ");
                push_u64(o, c.rel_block_freq as u64);
            }
            if c.tail {
                o.push_str(", tail: 1");
            }
            o.push(')');
        });
    }
    let any_type_info = !f.type_tests.is_empty()
        || !f.type_test_assume_vcalls.is_empty()
        || !f.type_checked_load_vcalls.is_empty()
        || !f.type_test_assume_const_vcalls.is_empty()
        || !f.type_checked_load_const_vcalls.is_empty();
    if any_type_info {
        out.push_str(", typeIdInfo: (");
        let mut first = true;
        if !f.type_tests.is_empty() {
            sep(out, &mut first);
            out.push_str("typeTests: (");
            let mut first = true;
            for &g in &f.type_tests {
                let mut any = false;
                for slot in sl.type_ids_of(g) {
                    sep(out, &mut first);
                    out.push('^');
                    push_u64(out, slot);
                    any = true;
                }
                if !any {
                    sep(out, &mut first);
                    push_u64(out, g);
                }
            }
            out.push(')');
        }
        for (tag, list) in [
            ("typeTestAssumeVCalls", &f.type_test_assume_vcalls),
            ("typeCheckedLoadVCalls", &f.type_checked_load_vcalls),
        ] {
            if !list.is_empty() {
                sep(out, &mut first);
                out.push_str(tag);
                out.push_str(": ");
                push_list(out, list, |o, v| vfunc_id(sl, o, v));
            }
        }
        for (tag, list) in [
            (
                "typeTestAssumeConstVCalls",
                &f.type_test_assume_const_vcalls,
            ),
            (
                "typeCheckedLoadConstVCalls",
                &f.type_checked_load_const_vcalls,
            ),
        ] {
            if !list.is_empty() {
                sep(out, &mut first);
                out.push_str(tag);
                out.push_str(": ");
                push_list(out, list, |o, c: &ConstVCall| {
                    o.push('(');
                    vfunc_id(sl, o, &c.vfunc);
                    if !c.args.is_empty() {
                        o.push_str(", args: ");
                        push_list(o, &c.args, |o, &a| push_u64(o, a));
                    }
                    o.push(')');
                });
            }
        }
        out.push(')');
    }
    if !f.allocs.is_empty() {
        out.push_str(", allocs: ");
        push_list(out, &f.allocs, |o, a| {
            o.push_str("(versions: ");
            push_list(o, &a.versions, |o, v| o.push_str(v.name()));
            o.push_str(", memProf: ");
            push_list(o, &a.mibs, |o, m| {
                o.push_str("(type: ");
                o.push_str(m.alloc_type.name());
                o.push_str(", stackIds: ");
                push_list(o, &m.stack_ids, |o, &s| push_u64(o, s));
                o.push(')');
            });
            o.push(')');
        });
    }
    if !f.callsites.is_empty() {
        out.push_str(", callsites: ");
        push_list(out, &f.callsites, |o, c| {
            o.push_str("(callee: ");
            match c.callee {
                Some(g) => sl.value(o, g),
                None => o.push_str("null"),
            }
            o.push_str(", clones: ");
            push_list(o, &c.clones, |o, &v| push_u64(o, v as u64));
            o.push_str(", stackIds: ");
            push_list(o, &c.stack_ids, |o, &s| push_u64(o, s));
            o.push(')');
        });
    }
    if !f.params.is_empty() {
        out.push_str(", params: ");
        push_list(out, &f.params, |o, p| {
            o.push_str("(param: ");
            push_u64(o, p.param);
            o.push_str(", offset: ");
            push_range(o, p.offsets, sl.ix.llvm_dis_text);
            if !p.calls.is_empty() {
                o.push_str(", calls: ");
                push_list(o, &p.calls, |o, c| {
                    o.push_str("(callee: ");
                    sl.value(o, c.callee);
                    o.push_str(", param: ");
                    push_u64(o, c.param);
                    o.push_str(", offset: ");
                    push_range(o, c.offsets, sl.ix.llvm_dis_text);
                    o.push(')');
                });
            }
            o.push(')');
        });
    }
}

/// `vFuncId: (^slot, offset: O)` for each type id with the GUID, else
/// `vFuncId: (guid: G, offset: O)`.
fn vfunc_id(sl: &Slots, out: &mut String, v: &VFuncId) {
    let mut first = true;
    for slot in sl.type_ids_of(v.guid) {
        sep(out, &mut first);
        out.push_str("vFuncId: (^");
        push_u64(out, slot);
        out.push_str(", offset: ");
        push_u64(out, v.offset);
        out.push(')');
    }
    if first {
        out.push_str("vFuncId: (guid: ");
        push_u64(out, v.guid);
        out.push_str(", offset: ");
        push_u64(out, v.offset);
        out.push(')');
    }
}
