//! Writing ThinLTO summaries: a module's [`SummaryIndex`] (read from the
//! `^N` entries of a `.ll` file or from bitcode) as the per-module
//! `GLOBALVAL_SUMMARY_BLOCK` (`FULL_LTO_GLOBALVAL_SUMMARY_BLOCK` when the
//! `ThinLTO` module flag is 0) that LLVM 19's `ModuleBitcodeWriter`
//! writes for `llvm-as-19`.
//!
//! Owns the summary record layouts and abbreviations of the writer and
//! the summary's value ids: a global of the module is named by its
//! module value id; a GUID with no global of the module that a function
//! summary calls or references gets a value id after the module's values
//! (one per occurrence, the last one kept, as LLVM's `assignValueId`),
//! written as `FS_VALUE_GUID`. Records follow LLVM's order: functions,
//! then global variables, then aliases, in module order, each with the
//! first summary of its GUID; then `typeidCompatibleVTable` entries by
//! name and the block count. `typeid` entries are not written (LLVM's
//! per-module writer does not either), nor relative block frequencies,
//! callsite clones or allocation versions (LLVM writes none in a
//! per-module summary).
//!
//! Where `llvm-as-19` crashes or reads freed memory (a summary of the
//! wrong kind, a variable, vtable or parameter reference to a GUID with no
//! global, an alias without a summary), lair returns a [`WriteError`]
//! naming the global. A callsite callee with no value id is written as
//! the first unassigned id, which is what `llvm-as-19` writes.

use hashbrown::HashMap;

use super::module::signed;
use super::{Wr, WriteError};
use crate::bitstream::{names as n, AbbrevOp};
use crate::ir::global::Linkage;
use crate::ir::metadata::MdData;
use crate::ir::summary::{
    global_identifier, guid, Access, AllocType, ByArgKind, FunctionSummary, GlobalSummary, GvFlags,
    Range64, SummaryIndex, SummaryKind, TypeTestKind, VariableSummary, WpdKind,
};
use crate::ir::{Global, Module};
use crate::value::{Value, ValueKind};
use crate::Context;

/// The summary version LLVM 19 writes.
const VERSION: u64 = 10;

/// Whether `llvm-as` writes `m`'s summary, and how: `Some(true)` as a
/// per-module summary in the module, `Some(false)` as a combined index
/// without the module (the module has no function and no global
/// variable), `None` not at all (no summary, or one without global
/// values and flags).
pub(super) fn summary_kind(ctx: &Context, m: Module) -> Option<bool> {
    let ix = ctx.module(m).summary.as_deref()?;
    if ix.values.is_empty() && ix.flags == 0 {
        return None;
    }
    let empty = ctx.functions(m).next().is_none() && ctx.global_vars(m).next().is_none();
    Some(!empty)
}

/// LLVM's `getEncodedGVSummaryFlags`.
fn gv_flags(f: &GvFlags) -> u64 {
    let linkage = Linkage::ALL
        .iter()
        .position(|l| *l == f.linkage)
        .unwrap_or(0) as u64;
    let vis = crate::bitcode::codes::visibility_code(f.visibility);
    linkage
        | u64::from(f.not_eligible_to_import) << 4
        | u64::from(f.live) << 5
        | u64::from(f.dso_local) << 6
        | u64::from(f.can_auto_hide) << 7
        | vis << 8
        | u64::from(f.import_declaration) << 10
}

/// LLVM's `getEncodedFFlags`.
fn func_flags(fs: &FunctionSummary) -> u64 {
    fs.flags
        .named()
        .iter()
        .enumerate()
        .fold(0, |acc, (k, f)| acc | u64::from(f.1) << k)
}

/// LLVM's `getEncodedGVarFlags`.
fn var_flags(v: &VariableSummary) -> u64 {
    u64::from(v.read_only)
        | u64::from(v.write_only) << 1
        | u64::from(v.constant) << 2
        | u64::from(v.vcall_visibility) << 3
}

/// The allocation type's bitcode value.
fn alloc_type(t: AllocType) -> u64 {
    match t {
        AllocType::None => 0,
        AllocType::NotCold => 1,
        AllocType::Cold => 2,
        AllocType::Hot => 4,
    }
}

/// A parameter-access range as two signed values.
fn push_range(rec: &mut Vec<u64>, r: Range64) {
    rec.push(signed(r.lower as i64));
    rec.push(signed(r.upper as i64));
}

/// The stack ids of the index in LLVM's order (the index's own order,
/// then any id only the summaries name, in the order the writer meets
/// them), with each id's position.
fn stack_id_order<'a>(
    ix: &SummaryIndex,
    fs: impl Iterator<Item = &'a FunctionSummary>,
) -> (Vec<u64>, HashMap<u64, u64>) {
    let mut order = Vec::new();
    let mut pos = HashMap::new();
    let mut add = |id: u64| {
        pos.entry(id).or_insert_with(|| {
            order.push(id);
            order.len() as u64 - 1
        });
    };
    ix.stack_ids.iter().for_each(|&i| add(i));
    for f in fs {
        for a in &f.allocs {
            a.mibs
                .iter()
                .flat_map(|m| &m.stack_ids)
                .for_each(|&i| add(i));
        }
        for c in &f.callsites {
            c.stack_ids.iter().for_each(|&i| add(i));
        }
    }
    (order, pos)
}

/// The integer value of module flag `key` (`mdconst::extract_or_null<
/// ConstantInt>(M.getModuleFlag(key))`), if it is one.
fn module_flag_int(ctx: &Context, m: Module, key: &[u8]) -> Option<u64> {
    let flags = ctx.module(m).named_md.get(&b"llvm.module.flags"[..])?;
    for &f in flags {
        if let MdData::Tuple { ops, .. } = ctx.md_data(f) {
            if ops.len() != 3 || ops[1].and_then(|k| ctx.md_data(k).as_bytes()) != Some(key) {
                continue;
            }
            let MdData::Value(v) = ctx.md_data(ops[2]?) else {
                return None;
            };
            return ctx.const_int_value(*v)?.try_to_u64();
        }
    }
    None
}

/// The name of global `v` for an error.
fn describe(ctx: &Context, v: Value) -> String {
    format!("@{}", crate::ir::shown(ctx.name_bytes(v).unwrap_or(b"")))
}

/// The first summary of global `v` of `m` (by its GUID), if it has one.
fn summary_of<'i>(
    ctx: &Context,
    m: Module,
    ix: &'i SummaryIndex,
    v: Value,
) -> Option<&'i GlobalSummary> {
    let name = ctx.name_bytes(v)?;
    let linkage = ctx.global_data(v).linkage;
    let file = &ctx.module(m).source_filename;
    let g = guid(global_identifier(name, linkage, file));
    ix.values.get(&g)?.summaries.first()
}

impl Wr<'_> {
    /// The per-module summary block (after the function blocks).
    pub(super) fn write_per_module_summary(&mut self) -> Result<(), WriteError> {
        let ctx = self.ctx;
        let m = self.m;
        let Some(ix) = ctx.module(m).summary.as_deref() else {
            return Ok(());
        };
        // The module's globals by GUID.
        let file = &ctx.module(m).source_filename;
        let mut gv_ids: HashMap<u64, u32> = HashMap::new();
        for v in ctx.global_values(m) {
            if let Some(name) = ctx.name_bytes(v) {
                let linkage = ctx.global_data(v).linkage;
                let g = guid(global_identifier(name, linkage, file));
                gv_ids.insert(g, self.ve.vid(v.idx));
            }
        }
        // Value ids of the GUIDs function summaries name without a global
        // (LLVM's `assignValueId`: each occurrence takes the next id).
        let mut next = self.ve.num_module_values;
        let mut synth: std::collections::BTreeMap<u64, u32> = Default::default();
        for e in ix.values.values() {
            for s in &e.summaries {
                if let SummaryKind::Function(f) = &s.kind {
                    let guids = f.calls.iter().map(|c| c.callee);
                    for g in guids.chain(s.refs.iter().map(|r| r.guid)) {
                        if !gv_ids.contains_key(&g) {
                            next += 1;
                            synth.insert(g, next);
                        }
                    }
                }
            }
        }
        let id_of = |g: u64| gv_ids.get(&g).or_else(|| synth.get(&g)).copied();
        let thin = match module_flag_int(ctx, m, b"ThinLTO") {
            Some(v) => v != 0,
            None => true,
        };
        self.enter(
            if thin {
                n::GLOBALVAL_SUMMARY_BLOCK_ID
            } else {
                n::FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID
            },
            4,
        );
        self.record(n::FS_VERSION, &[VERSION], 0);
        self.record(n::FS_FLAGS, &[ix.flags & (0x8 | 0x200)], 0);
        if ix.values.is_empty() {
            self.exit();
            return Ok(());
        }
        for (&g, &id) in &synth {
            self.record(n::FS_VALUE_GUID, &[u64::from(id), g], 0);
        }
        // The function summaries written, in module order.
        let funcs: Vec<(Value, &FunctionSummary, &GlobalSummary)> = {
            let mut v = Vec::new();
            for f in ctx.functions(m) {
                if ctx.name_bytes(f.0).is_none_or(<[u8]>::is_empty) {
                    return Err(WriteError {
                        message: "unexpected anonymous function when writing summary".into(),
                    });
                }
                let Some(s) = summary_of(ctx, m, ix, f.0) else {
                    continue;
                };
                let SummaryKind::Function(fs) = &s.kind else {
                    return Err(WriteError {
                        message: format!(
                            "the summary of function {} is not a function summary",
                            describe(ctx, f.0)
                        ),
                    });
                };
                v.push((f.0, &**fs, s));
            }
            v
        };
        let (stack_ids, stack_pos) = stack_id_order(ix, funcs.iter().map(|f| f.1));
        use AbbrevOp::{Array, Literal, Vbr};
        let lit = |c: u32| Literal(u64::from(c));
        if !stack_ids.is_empty() {
            let a = self.abbrev(&[lit(n::FS_STACK_IDS), Array, Vbr(8)]);
            self.record(n::FS_STACK_IDS, &stack_ids, a);
        }
        let v4 = Vbr(4);
        let v8 = Vbr(8);
        let profile = self.abbrev(&[
            lit(n::FS_PERMODULE_PROFILE),
            v8,
            v8,
            v8,
            v4,
            v4,
            v4,
            v4,
            Array,
            v8,
        ]);
        // LLVM defines the relative-frequency abbreviation but no longer
        // writes such records.
        self.abbrev(&[
            lit(n::FS_PERMODULE_RELBF),
            v8,
            Vbr(6),
            v8,
            v4,
            v4,
            v4,
            v4,
            Array,
            v8,
        ]);
        let var_refs = self.abbrev(&[
            lit(n::FS_PERMODULE_GLOBALVAR_INIT_REFS),
            v8,
            Vbr(6),
            Array,
            v8,
        ]);
        let vtable_refs = self.abbrev(&[
            lit(n::FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS),
            v8,
            Vbr(6),
            v4,
            Array,
            v8,
        ]);
        let alias = self.abbrev(&[lit(n::FS_ALIAS), v8, Vbr(6), v8]);
        let type_id_md = self.abbrev(&[lit(n::FS_TYPE_ID_METADATA), v8, v8, Array, v8]);
        let callsite = self.abbrev(&[lit(n::FS_PERMODULE_CALLSITE_INFO), v8, Array, v8]);
        let alloc = self.abbrev(&[lit(n::FS_PERMODULE_ALLOC_INFO), v4, Array, v8]);

        let missing = |what: &str, of: Value, g: u64| WriteError {
            message: format!(
                "the summary of {} names {what} GUID {g}, which no global of the module has",
                describe(ctx, of)
            ),
        };
        let mut rec: Vec<u64> = Vec::new();
        for &(f, fs, s) in &funcs {
            self.write_type_records(fs, &gv_ids, Some(&|g| missing("parameter callee", f, g)))?;
            for c in &fs.callsites {
                rec.clear();
                let id = c.callee.and_then(id_of).unwrap_or(next);
                rec.push(u64::from(id));
                rec.extend(c.stack_ids.iter().map(|i| stack_pos[i]));
                self.record(n::FS_PERMODULE_CALLSITE_INFO, &rec, callsite);
            }
            for a in &fs.allocs {
                rec.clear();
                rec.push(a.mibs.len() as u64);
                for mib in &a.mibs {
                    rec.push(alloc_type(mib.alloc_type));
                    rec.push(mib.stack_ids.len() as u64);
                    rec.extend(mib.stack_ids.iter().map(|i| stack_pos[i]));
                }
                self.record(n::FS_PERMODULE_ALLOC_INFO, &rec, alloc);
            }
            rec.clear();
            rec.push(u64::from(self.ve.vid(f.idx)));
            rec.push(gv_flags(&s.flags));
            rec.push(u64::from(fs.insts));
            rec.push(func_flags(fs));
            rec.push(s.refs.len() as u64);
            let count = |k: Access| s.refs.iter().filter(|r| r.access == k).count() as u64;
            rec.push(count(Access::ReadOnly));
            rec.push(count(Access::WriteOnly));
            for r in &s.refs {
                rec.push(u64::from(id_of(r.guid).expect("every reference has an id")));
            }
            for c in &fs.calls {
                rec.push(u64::from(id_of(c.callee).expect("every callee has an id")));
                rec.push(c.hotness as u64 | u64::from(c.tail) << 3);
            }
            self.record(n::FS_PERMODULE_PROFILE, &rec, profile);
        }
        let vars: Vec<Global> = ctx.global_vars(m).collect();
        for g in vars {
            let Some(s) = summary_of(ctx, m, ix, g.0) else {
                continue;
            };
            let SummaryKind::Variable(vs) = &s.kind else {
                return Err(WriteError {
                    message: format!(
                        "the summary of global variable {} is not a variable summary",
                        describe(ctx, g.0)
                    ),
                });
            };
            rec.clear();
            rec.push(u64::from(self.ve.vid(g.0.idx)));
            rec.push(gv_flags(&s.flags));
            rec.push(var_flags(vs));
            if !vs.vtable_funcs.is_empty() {
                rec.push(s.refs.len() as u64);
            }
            let at = rec.len();
            for r in &s.refs {
                let id = gv_ids
                    .get(&r.guid)
                    .ok_or_else(|| missing("reference", g.0, r.guid))?;
                rec.push(u64::from(*id));
            }
            rec[at..].sort_unstable();
            if vs.vtable_funcs.is_empty() {
                self.record(n::FS_PERMODULE_GLOBALVAR_INIT_REFS, &rec, var_refs);
            } else {
                for vf in &vs.vtable_funcs {
                    let id = gv_ids
                        .get(&vf.func)
                        .ok_or_else(|| missing("virtual function", g.0, vf.func))?;
                    rec.push(u64::from(*id));
                    rec.push(vf.offset);
                }
                self.record(
                    n::FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS,
                    &rec,
                    vtable_refs,
                );
            }
        }
        let aliases: Vec<Global> = ctx.aliases(m).collect();
        for a in aliases {
            let Some(object) = ctx.aliasee_object(a.0) else {
                return Err(WriteError {
                    message: format!(
                        "alias {} resolves to no global object, which a summary cannot name",
                        describe(ctx, a.0)
                    ),
                });
            };
            if ctx.name_bytes(object).is_none_or(<[u8]>::is_empty)
                || ctx.value_kind(object) == ValueKind::IFunc
            {
                continue;
            }
            let Some(s) = summary_of(ctx, m, ix, a.0) else {
                return Err(WriteError {
                    message: format!("alias {} has no summary", describe(ctx, a.0)),
                });
            };
            if !matches!(s.kind, SummaryKind::Alias { .. }) {
                return Err(WriteError {
                    message: format!(
                        "the summary of alias {} is not an alias summary",
                        describe(ctx, a.0)
                    ),
                });
            }
            let rec = [
                u64::from(self.ve.vid(a.0.idx)),
                gv_flags(&s.flags),
                u64::from(self.ve.vid(object.idx)),
            ];
            self.record(n::FS_ALIAS, &rec, alias);
        }
        for (name, members) in &ix.vtables {
            rec.clear();
            rec.push(self.strtab.add(name.as_bytes()));
            rec.push(name.len() as u64);
            for r in members {
                rec.push(r.offset);
                let id = gv_ids.get(&r.vtable).ok_or_else(|| WriteError {
                    message: format!(
                        "typeidCompatibleVTable {name:?} names vtable GUID {}, which no global of the module has",
                        r.vtable
                    ),
                })?;
                rec.push(u64::from(*id));
            }
            self.record(n::FS_TYPE_ID_METADATA, &rec, type_id_md);
        }
        if ix.block_count != 0 {
            self.record(n::FS_BLOCK_COUNT, &[ix.block_count], 0);
        }
        self.exit();
        Ok(())
    }

    /// LLVM's `writeFunctionTypeMetadataRecords`: type tests, virtual
    /// calls, parameter accesses. A parameter callee without a value id in
    /// `ids` is `missing`'s error when there is one (a per-module summary);
    /// otherwise the parameter is left out (a combined index).
    fn write_type_records(
        &mut self,
        fs: &FunctionSummary,
        ids: &HashMap<u64, u32>,
        missing: Option<&dyn Fn(u64) -> WriteError>,
    ) -> Result<(), WriteError> {
        self.write_type_tests(fs);
        let mut r = Vec::new();
        'param: for p in &fs.params {
            let mut one = vec![p.param];
            push_range(&mut one, p.offsets);
            one.push(p.calls.len() as u64);
            for c in &p.calls {
                let Some(&id) = ids.get(&c.callee) else {
                    match missing {
                        Some(missing) => return Err(missing(c.callee)),
                        None => continue 'param,
                    }
                };
                one.push(c.param);
                one.push(u64::from(id));
                push_range(&mut one, c.offsets);
            }
            r.extend(one);
        }
        if !r.is_empty() {
            self.record(n::FS_PARAM_ACCESS, &r, 0);
        }
        Ok(())
    }

    /// The type test and virtual call records of a function summary.
    fn write_type_tests(&mut self, fs: &FunctionSummary) {
        if !fs.type_tests.is_empty() {
            self.record(n::FS_TYPE_TESTS, &fs.type_tests, 0);
        }
        let pairs = |l: &[crate::ir::summary::VFuncId]| -> Vec<u64> {
            l.iter().flat_map(|v| [v.guid, v.offset]).collect()
        };
        if !fs.type_test_assume_vcalls.is_empty() {
            let r = pairs(&fs.type_test_assume_vcalls);
            self.record(n::FS_TYPE_TEST_ASSUME_VCALLS, &r, 0);
        }
        if !fs.type_checked_load_vcalls.is_empty() {
            let r = pairs(&fs.type_checked_load_vcalls);
            self.record(n::FS_TYPE_CHECKED_LOAD_VCALLS, &r, 0);
        }
        for (code, list) in [
            (
                n::FS_TYPE_TEST_ASSUME_CONST_VCALL,
                &fs.type_test_assume_const_vcalls,
            ),
            (
                n::FS_TYPE_CHECKED_LOAD_CONST_VCALL,
                &fs.type_checked_load_const_vcalls,
            ),
        ] {
            for c in list {
                let mut r = vec![c.vfunc.guid, c.vfunc.offset];
                r.extend_from_slice(&c.args);
                self.record(code, &r, 0);
            }
        }
    }
}

impl Wr<'_> {
    /// The whole file of a combined index (`writeIndexToFile`): a module
    /// block holding the module paths and the combined summary, then the
    /// string table. Value ids number the GUIDs with summaries in GUID
    /// order, one per summary, the last one kept (LLVM's `forEachSummary`
    /// over the whole index).
    pub(super) fn write_combined_index(&mut self) -> Result<(), WriteError> {
        let ctx = self.ctx;
        let Some(ix) = ctx.module(self.m).summary.as_deref() else {
            return Ok(());
        };
        use AbbrevOp::{Array, Char6, Fixed, Literal, Vbr};
        let lit = |c: u32| Literal(u64::from(c));
        self.w.emit_bitcode_magic();
        self.enter(n::MODULE_BLOCK_ID, 3);
        self.record(n::MODULE_CODE_VERSION, &[2], 0);
        // Module paths, sorted, numbered in that order.
        self.enter(n::MODULE_STRTAB_BLOCK_ID, 3);
        let a8 = self.abbrev(&[lit(n::MST_CODE_ENTRY), Vbr(8), Array, Fixed(8)]);
        let a7 = self.abbrev(&[lit(n::MST_CODE_ENTRY), Vbr(8), Array, Fixed(7)]);
        let a6 = self.abbrev(&[lit(n::MST_CODE_ENTRY), Vbr(8), Array, Char6]);
        let hash = self.abbrev(&[
            lit(n::MST_CODE_HASH),
            Fixed(32),
            Fixed(32),
            Fixed(32),
            Fixed(32),
            Fixed(32),
        ]);
        let mut module_ids: HashMap<&str, u64> = HashMap::new();
        for (k, (path, h)) in ix.modules.iter().enumerate() {
            module_ids.insert(path.as_str(), k as u64);
            let b = path.as_bytes();
            let a = if b.iter().all(|&c| super::is_char6(c)) {
                a6
            } else if b.iter().all(|&c| c < 128) {
                a7
            } else {
                a8
            };
            let mut rec = vec![k as u64];
            rec.extend(b.iter().map(|&c| u64::from(c)));
            self.record(n::MST_CODE_ENTRY, &rec, a);
            if h.iter().any(|&x| x != 0) {
                let rec: Vec<u64> = h.iter().map(|&x| u64::from(x)).collect();
                self.record(n::MST_CODE_HASH, &rec, hash);
            }
        }
        self.exit();
        let modid = |s: &GlobalSummary| -> Result<u64, WriteError> {
            module_ids
                .get(s.module.as_str())
                .copied()
                .ok_or_else(|| WriteError {
                    message: format!(
                        "a summary names module {:?}, which the index does not have",
                        s.module
                    ),
                })
        };
        // Value ids.
        let mut ids: HashMap<u64, u32> = HashMap::new();
        let mut order: std::collections::BTreeMap<u64, u32> = Default::default();
        let mut next = 0u32;
        for (&g, e) in &ix.values {
            for _ in &e.summaries {
                next += 1;
                ids.insert(g, next);
                order.insert(g, next);
            }
        }
        let fs_all = ix
            .values
            .values()
            .flat_map(|e| &e.summaries)
            .filter_map(|s| match &s.kind {
                SummaryKind::Function(f) => Some(&**f),
                _ => None,
            });
        // The stack ids the summaries use, in the index's order.
        let (all_stack, all_pos) = stack_id_order(ix, fs_all.clone());
        let mut used: Vec<u64> = Vec::new();
        for f in fs_all {
            for a in &f.allocs {
                used.extend(a.mibs.iter().flat_map(|m| &m.stack_ids).map(|i| all_pos[i]));
            }
            for c in &f.callsites {
                used.extend(c.stack_ids.iter().map(|i| all_pos[i]));
            }
        }
        used.sort_unstable();
        used.dedup();
        let stack_pos: HashMap<u64, u64> = used
            .iter()
            .enumerate()
            .map(|(k, &i)| (all_stack[i as usize], k as u64))
            .collect();
        self.enter(n::GLOBALVAL_SUMMARY_BLOCK_ID, 4);
        self.record(n::FS_VERSION, &[VERSION], 0);
        self.record(n::FS_FLAGS, &[ix.flags], 0);
        for (&g, &id) in &order {
            self.record(n::FS_VALUE_GUID, &[u64::from(id), g], 0);
        }
        if !used.is_empty() {
            let a = self.abbrev(&[lit(n::FS_STACK_IDS), Array, Vbr(8)]);
            let rec: Vec<u64> = used.iter().map(|&i| all_stack[i as usize]).collect();
            self.record(n::FS_STACK_IDS, &rec, a);
        }
        let (v4, v6, v8) = (Vbr(4), Vbr(6), Vbr(8));
        let profile = self.abbrev(&[
            lit(n::FS_COMBINED_PROFILE),
            v8,
            v8,
            v6,
            v8,
            v4,
            v8,
            v4,
            v4,
            v4,
            Array,
            v8,
        ]);
        let var_refs = self.abbrev(&[
            lit(n::FS_COMBINED_GLOBALVAR_INIT_REFS),
            v8,
            v8,
            v6,
            Array,
            v8,
        ]);
        let alias = self.abbrev(&[lit(n::FS_COMBINED_ALIAS), v8, v8, v6, v8]);
        let callsite = self.abbrev(&[lit(n::FS_COMBINED_CALLSITE_INFO), v8, v4, v4, Array, v8]);
        let alloc = self.abbrev(&[lit(n::FS_COMBINED_ALLOC_INFO), v4, v4, Array, v8]);
        let id_of = |g: u64| ids.get(&g).copied();
        let mut referenced_types: std::collections::BTreeSet<u64> = Default::default();
        let mut aliases: Vec<(u32, &GlobalSummary, u64)> = Vec::new();
        let mut rec: Vec<u64> = Vec::new();
        for (&g, e) in &ix.values {
            for s in &e.summaries {
                let id = ids[&g];
                match &s.kind {
                    SummaryKind::Alias { aliasee } => aliases.push((id, s, *aliasee)),
                    SummaryKind::Variable(vs) => {
                        rec.clear();
                        rec.extend([u64::from(id), modid(s)?, gv_flags(&s.flags), var_flags(vs)]);
                        rec.extend(s.refs.iter().filter_map(|r| id_of(r.guid)).map(u64::from));
                        self.record(n::FS_COMBINED_GLOBALVAR_INIT_REFS, &rec, var_refs);
                    }
                    SummaryKind::Function(fs) => {
                        self.write_type_records(fs, &ids, None)?;
                        referenced_types.extend(fs.type_tests.iter().copied());
                        for v in fs
                            .type_test_assume_vcalls
                            .iter()
                            .chain(&fs.type_checked_load_vcalls)
                        {
                            referenced_types.insert(v.guid);
                        }
                        for c in fs
                            .type_test_assume_const_vcalls
                            .iter()
                            .chain(&fs.type_checked_load_const_vcalls)
                        {
                            referenced_types.insert(c.vfunc.guid);
                        }
                        for c in &fs.callsites {
                            rec.clear();
                            rec.push(u64::from(c.callee.and_then(id_of).unwrap_or(0)));
                            rec.push(c.stack_ids.len() as u64);
                            rec.push(c.clones.len() as u64);
                            rec.extend(c.stack_ids.iter().map(|i| stack_pos[i]));
                            rec.extend(c.clones.iter().map(|&x| u64::from(x)));
                            self.record(n::FS_COMBINED_CALLSITE_INFO, &rec, callsite);
                        }
                        for a in &fs.allocs {
                            rec.clear();
                            rec.push(a.mibs.len() as u64);
                            rec.push(a.versions.len() as u64);
                            for mib in &a.mibs {
                                rec.push(alloc_type(mib.alloc_type));
                                rec.push(mib.stack_ids.len() as u64);
                                rec.extend(mib.stack_ids.iter().map(|i| stack_pos[i]));
                            }
                            rec.extend(a.versions.iter().map(|&t| alloc_type(t)));
                            self.record(n::FS_COMBINED_ALLOC_INFO, &rec, alloc);
                        }
                        rec.clear();
                        rec.extend([
                            u64::from(id),
                            modid(s)?,
                            gv_flags(&s.flags),
                            u64::from(fs.insts),
                            func_flags(fs),
                            0, // entry count
                            0,
                            0,
                            0,
                        ]);
                        let (mut count, mut ro, mut wo) = (0, 0, 0);
                        for r in &s.refs {
                            let Some(rid) = id_of(r.guid) else { continue };
                            rec.push(u64::from(rid));
                            count += 1;
                            match r.access {
                                Access::ReadOnly => ro += 1,
                                Access::WriteOnly => wo += 1,
                                Access::Plain => {}
                            }
                        }
                        rec[6] = count;
                        rec[7] = ro;
                        rec[8] = wo;
                        for c in &fs.calls {
                            let Some(cid) = id_of(c.callee) else { continue };
                            rec.push(u64::from(cid));
                            rec.push(c.hotness as u64 | u64::from(c.tail) << 3);
                        }
                        self.record(n::FS_COMBINED_PROFILE, &rec, profile);
                    }
                }
                if !matches!(s.kind, SummaryKind::Alias { .. }) && s.flags.linkage.is_local() {
                    self.record(n::FS_COMBINED_ORIGINAL_NAME, &[0], 0);
                }
            }
        }
        for (id, s, aliasee) in aliases {
            // The aliasee summary is the one in the alias's module; LLVM
            // writes 0 where there is none.
            let has = ix
                .values
                .get(&aliasee)
                .is_some_and(|e| e.summaries.iter().any(|x| x.module == s.module));
            let target = if has { id_of(aliasee).unwrap_or(0) } else { 0 };
            let rec = [
                u64::from(id),
                modid(s)?,
                gv_flags(&s.flags),
                u64::from(target),
            ];
            self.record(n::FS_COMBINED_ALIAS, &rec, alias);
            if s.flags.linkage.is_local() {
                self.record(n::FS_COMBINED_ORIGINAL_NAME, &[0], 0);
            }
        }
        for t in referenced_types {
            for e in ix.type_ids.iter().filter(|e| e.guid == t) {
                rec.clear();
                rec.push(self.strtab.add(e.name.as_bytes()));
                rec.push(e.name.len() as u64);
                let tr = &e.summary.test_res;
                let kind = match tr.kind {
                    TypeTestKind::Unsat => 0,
                    TypeTestKind::ByteArray => 1,
                    TypeTestKind::Inline => 2,
                    TypeTestKind::Single => 3,
                    TypeTestKind::AllOnes => 4,
                    TypeTestKind::Unknown => 5,
                };
                rec.extend([
                    kind,
                    u64::from(tr.size_m1_bit_width),
                    tr.align_log2,
                    tr.size_m1,
                    u64::from(tr.bit_mask),
                    tr.inline_bits,
                ]);
                for (&off, w) in &e.summary.wpd {
                    rec.push(off);
                    rec.push(match w.kind {
                        WpdKind::Indir => 0,
                        WpdKind::SingleImpl => 1,
                        WpdKind::BranchFunnel => 2,
                    });
                    rec.push(self.strtab.add(w.single_impl_name.as_bytes()));
                    rec.push(w.single_impl_name.len() as u64);
                    rec.push(w.res_by_arg.len() as u64);
                    for (args, b) in &w.res_by_arg {
                        rec.push(args.len() as u64);
                        rec.extend_from_slice(args);
                        rec.push(match b.kind {
                            ByArgKind::Indir => 0,
                            ByArgKind::UniformRetVal => 1,
                            ByArgKind::UniqueRetVal => 2,
                            ByArgKind::VirtualConstProp => 3,
                        });
                        rec.extend([b.info, u64::from(b.byte), u64::from(b.bit)]);
                    }
                }
                self.record(n::FS_TYPE_ID, &rec, 0);
            }
        }
        if ix.block_count != 0 {
            self.record(n::FS_BLOCK_COUNT, &[ix.block_count], 0);
        }
        self.exit();
        self.exit();
        self.write_strtab();
        Ok(())
    }
}
