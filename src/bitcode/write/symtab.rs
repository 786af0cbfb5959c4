//! The symbol table LTO tools read without parsing the module (LLVM's
//! `irsymtab`, version 3): a header, the module's range of symbols,
//! comdats, one record per global value (mangled name, IR name, comdat,
//! flags) and the uncommon extras (common size and alignment, section),
//! all little-endian 32-bit words whose strings live in the string table.
//!
//! LLVM writes it only when it can: not for a module with module-level
//! inline asm (`llvm-as` has no target to parse it with), and, after
//! adding the producer, triple and source file name to the string table,
//! not for a module without a data layout.

use super::strtab::StrtabBuilder;
use crate::constants::ConstKind;
use crate::inst::Opcode;
use crate::ir::global::{GlobalData, Linkage, Visibility};
use crate::ir::{Global, Module};
use crate::layout::{DataLayout, ManglingMode};
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::{HashMap, HashSet};

const FB_HAS_UNCOMMON: u32 = 2;
const FB_UNDEFINED: u32 = 3;
const FB_WEAK: u32 = 4;
const FB_COMMON: u32 = 5;
const FB_INDIRECT: u32 = 6;
const FB_USED: u32 = 7;
const FB_TLS: u32 = 8;
const FB_MAY_OMIT: u32 = 9;
const FB_GLOBAL: u32 = 10;
const FB_FORMAT_SPECIFIC: u32 = 11;
const FB_UNNAMED_ADDR: u32 = 12;
const FB_EXECUTABLE: u32 = 13;

#[derive(Default, Clone, Copy)]
struct Str(u32, u32);

#[derive(Default, Clone, Copy)]
struct Uncommon {
    common_size: u32,
    common_align: u32,
    fallback: Str,
    section: Str,
}

/// Builds the table of module `m` (its global values as `ve` lists
/// them), adding its strings to `strtab`; `None` when LLVM writes none.
pub(crate) fn build<'c>(
    ctx: &'c Context,
    m: Module,
    ve: &super::enumerate::Enumerator<'c>,
    strtab: &mut StrtabBuilder<'c>,
) -> Option<Vec<u8>> {
    let md = ctx.module(m);
    if !md.module_asm.is_empty() {
        return None;
    }
    let mut set = |s: &[u8]| -> Str { Str(strtab.add_owned(s) as u32, s.len() as u32) };
    let producer = set(super::SYMTAB_PRODUCER.as_bytes());
    let triple = set(&md.triple);
    let source = set(&md.source_filename);
    if md.datalayout.is_empty() {
        return None;
    }
    let dl = DataLayout::parse(&md.datalayout).ok()?;
    let used = used_globals(ctx, m);
    let mut symbols: Vec<[u32; 6]> = Vec::new();
    let mut uncommons: Vec<Uncommon> = Vec::new();
    let mut comdats: Vec<(Str, u32)> = Vec::new();
    let mut comdat_ids: HashMap<&[u8], u32> = HashMap::new();
    let mut anon = 0u32;
    let gvs: Vec<Value> = ve
        .funcs
        .iter()
        .map(|f| f.0)
        .chain(ve.globals.iter().map(|g| g.0))
        .chain(ve.aliases.iter().map(|g| g.0))
        .chain(ve.ifuncs.iter().map(|g| g.0))
        .collect();
    let module = [0u32, gvs.len() as u32, 0];
    let elf = dl.mangling() == ManglingMode::Elf;
    let mut dep_libs: Vec<Str> = Vec::new();
    for gv in gvs {
        let d = ctx.global_data(gv);
        let kind = ctx.value_kind(gv);
        let name = ctx.name_bytes(gv).unwrap_or(b"");
        // Name, as the mangler spells it.
        let mangled = mangle(&dl, d, name, &mut anon);
        let name_s = set(&mangled);
        let mut flags = 0u32;
        let decl = match kind {
            ValueKind::Function => ctx.is_declaration(crate::ir::Function(gv)),
            ValueKind::GlobalVariable => ctx.initializer(Global(gv)).is_none(),
            _ => false,
        };
        if decl || d.linkage == Linkage::AvailableExternally {
            flags |= 1 << FB_UNDEFINED;
        }
        if matches!(
            d.linkage,
            Linkage::LinkOnceAny
                | Linkage::LinkOnceOdr
                | Linkage::WeakAny
                | Linkage::WeakOdr
                | Linkage::ExternWeak
        ) {
            flags |= 1 << FB_WEAK;
        }
        if d.linkage == Linkage::Common {
            flags |= 1 << FB_COMMON;
        }
        if kind == ValueKind::Alias {
            flags |= 1 << FB_INDIRECT;
        }
        if !d.linkage.is_local() {
            flags |= 1 << FB_GLOBAL;
        }
        let format_specific = d.linkage == Linkage::Private
            || name.starts_with(b"llvm.")
            || (kind == ValueKind::GlobalVariable
                && d.section.as_deref() == Some(&b"llvm.metadata"[..]));
        if format_specific {
            flags |= 1 << FB_FORMAT_SPECIFIC;
        }
        let base = ctx.aliasee_object(gv);
        if base.is_some_and(|b| matches!(ctx.value_kind(b), ValueKind::Function | ValueKind::IFunc))
        {
            flags |= 1 << FB_EXECUTABLE;
        }
        let ir_name = set(name);
        let preserved = if name.is_empty() {
            super::libcalls::HAS_NULL
        } else {
            core::str::from_utf8(name)
                .is_ok_and(|n| super::libcalls::PRESERVED.binary_search(&n).is_ok())
        };
        if used.contains(&gv) || preserved {
            flags |= 1 << FB_USED;
        }
        if d.thread_local != Default::default() {
            flags |= 1 << FB_TLS;
        }
        if d.unnamed_addr == crate::ir::global::UnnamedAddr::Global {
            flags |= 1 << FB_UNNAMED_ADDR;
        }
        if can_omit(d, kind) {
            flags |= 1 << FB_MAY_OMIT;
        }
        let vis = if d.linkage.is_local() {
            Visibility::Default
        } else {
            d.visibility
        };
        flags |= match vis {
            Visibility::Default => 0,
            Visibility::Hidden => 1,
            Visibility::Protected => 2,
        };
        let mut unc: Option<usize> = None;
        let uncommon = |uncommons: &mut Vec<Uncommon>,
                        unc: &mut Option<usize>,
                        flags: &mut u32,
                        set: &mut dyn FnMut(&[u8]) -> Str|
         -> usize {
            if let Some(u) = *unc {
                return u;
            }
            *flags |= 1 << FB_HAS_UNCOMMON;
            let fallback = set(b"");
            let section = set(b"");
            uncommons.push(Uncommon {
                fallback,
                section,
                ..Default::default()
            });
            *unc = Some(uncommons.len() - 1);
            uncommons.len() - 1
        };
        if d.linkage == Linkage::Common {
            let u = uncommon(&mut uncommons, &mut unc, &mut flags, &mut set);
            let size = d
                .value_type
                .and_then(|t| dl.alloc_size(ctx, t).ok())
                .map_or(0, |s| s.min);
            uncommons[u].common_size = size as u32;
            uncommons[u].common_align = d.align.unwrap_or(0) as u32;
        }
        let mut comdat_index = u32::MAX;
        let Some(go) = base else {
            // LLVM fails to build the table ("Unable to determine comdat of
            // alias") and writes none.
            return None;
        };
        let go_data = ctx.global_data(go);
        if let Some(c) = go_data.comdat.as_deref() {
            let idx = match comdat_ids.get(c) {
                Some(&i) => i,
                None => {
                    let i = comdats.len() as u32;
                    let kind = md.comdats.get(c).map_or(0, |k| comdat_kind(*k));
                    let s = set(c);
                    comdats.push((s, kind));
                    comdat_ids.insert(c, i);
                    i
                }
            };
            comdat_index = idx;
        }
        if let Some(s) = go_data.section.as_deref().filter(|s| !s.is_empty()) {
            let u = uncommon(&mut uncommons, &mut unc, &mut flags, &mut set);
            uncommons[u].section = set(s);
        }
        symbols.push([
            name_s.0,
            name_s.1,
            ir_name.0,
            ir_name.1,
            comdat_index,
            flags,
        ]);
    }
    if elf {
        if let Some(ops) = md.named_md.get(&b"llvm.dependent-libraries"[..]) {
            for &n in ops {
                if let crate::ir::metadata::MdData::Tuple { ops, .. } = ctx.md_data(n) {
                    if let Some(Some(s)) = ops.first() {
                        if let Some(b) = ctx.md_data(*s).as_bytes() {
                            dep_libs.push(set(b));
                        }
                    }
                }
            }
        }
    }
    let linker_opts = set(b"");
    // Layout: header, modules, comdats, symbols, uncommons, libraries.
    let mut out: Vec<u32> = vec![0; 19];
    let mods_at = out.len() as u32 * 4;
    out.extend(module);
    let comdats_at = out.len() as u32 * 4;
    for (s, k) in &comdats {
        out.extend([s.0, s.1, *k]);
    }
    let syms_at = out.len() as u32 * 4;
    for s in &symbols {
        out.extend(s);
    }
    let unc_at = out.len() as u32 * 4;
    for u in &uncommons {
        out.extend([
            u.common_size,
            u.common_align,
            u.fallback.0,
            u.fallback.1,
            u.section.0,
            u.section.1,
        ]);
    }
    let libs_at = out.len() as u32 * 4;
    for l in &dep_libs {
        out.extend([l.0, l.1]);
    }
    let header = [
        3,
        producer.0,
        producer.1,
        mods_at,
        1,
        comdats_at,
        comdats.len() as u32,
        syms_at,
        symbols.len() as u32,
        unc_at,
        uncommons.len() as u32,
        triple.0,
        triple.1,
        source.0,
        source.1,
        linker_opts.0,
        linker_opts.1,
        libs_at,
        dep_libs.len() as u32,
    ];
    out[..19].copy_from_slice(&header);
    Some(out.iter().flat_map(|w| w.to_le_bytes()).collect())
}

/// `llvm::Comdat::SelectionKind` numbers.
fn comdat_kind(k: crate::ir::module::ComdatKind) -> u32 {
    use crate::ir::module::ComdatKind as K;
    match k {
        K::Any => 0,
        K::ExactMatch => 1,
        K::Largest => 2,
        K::NoDeduplicate => 3,
        K::SameSize => 4,
    }
}

/// The mangled name (`Mangler::getNameWithPrefix`, without Microsoft
/// calling-convention suffixes).
fn mangle(dl: &DataLayout, d: &GlobalData, name: &[u8], anon: &mut u32) -> Vec<u8> {
    let owned;
    let name = if name.is_empty() {
        *anon += 1;
        owned = format!("__unnamed_{anon}");
        owned.as_bytes()
    } else {
        name
    };
    let mut out = Vec::new();
    if let Some(rest) = name.strip_prefix(b"\x01") {
        out.extend_from_slice(rest);
        return out;
    }
    if d.linkage == Linkage::Private {
        out.extend_from_slice(dl.private_global_prefix().as_bytes());
    }
    if let Some(p) = dl.global_prefix() {
        let skip = dl.mangling() == ManglingMode::WinCoffX86 && name.starts_with(b"?");
        if !skip {
            out.push(p as u8);
        }
    }
    out.extend_from_slice(name);
    out
}

/// `GlobalValue::canBeOmittedFromSymbolTable`.
fn can_omit(d: &GlobalData, kind: ValueKind) -> bool {
    use crate::ir::global::UnnamedAddr;
    if d.linkage != Linkage::LinkOnceOdr {
        return false;
    }
    if d.unnamed_addr == UnnamedAddr::Global {
        return true;
    }
    if kind == ValueKind::GlobalVariable && !d.is_constant {
        return false;
    }
    d.unnamed_addr != UnnamedAddr::None
}

/// The globals of `llvm.used` and `llvm.compiler.used`.
fn used_globals(ctx: &Context, m: Module) -> HashSet<Value> {
    let mut out = HashSet::new();
    for name in ["llvm.used", "llvm.compiler.used"] {
        let Some(g) = ctx.global_by_name(m, name) else {
            continue;
        };
        if ctx.value_kind(g) != ValueKind::GlobalVariable {
            continue;
        }
        let Some(init) = ctx.initializer(Global(g)) else {
            continue;
        };
        if ctx.value_kind(init) != ValueKind::Constant {
            continue;
        }
        for e in ctx.operands(init).flatten() {
            let mut v = e;
            // stripPointerCasts.
            while ctx.value_kind(v) == ValueKind::Constant
                && ctx.const_kind(v) == ConstKind::Expr
                && matches!(
                    ctx.const_expr_opcode(v).map(|x| x.0),
                    Some(Opcode::BitCast | Opcode::AddrSpaceCast)
                )
            {
                match ctx.operand(v, 0) {
                    Some(x) => v = x,
                    None => break,
                }
            }
            if ctx.value_kind(v).is_global() {
                out.insert(v);
            }
        }
    }
    out
}
