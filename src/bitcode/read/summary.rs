//! Reading ThinLTO summaries: the `GLOBALVAL_SUMMARY_BLOCK` and
//! `FULL_LTO_GLOBALVAL_SUMMARY_BLOCK` of a module (per-module summaries,
//! `FS_PERMODULE*`) or of an index file (combined summaries,
//! `FS_COMBINED*`, with the `MODULE_STRTAB_BLOCK` naming the modules), into
//! the module's [`SummaryIndex`], as LLVM 19's
//! `ModuleSummaryIndexBitcodeReader` builds `ModuleSummaryIndex` for
//! `llvm-dis`.
//!
//! Owns the summary record layouts (summary versions 1 to 10, the fields
//! each version adds) and the summary's value ids. Does not own the index
//! itself (`ir/summary.rs`) nor its printing (`asm/printer/summary.rs`).
//!
//! The module block only notes where these blocks are, the value-list
//! position of each global-variable, function and alias record (a
//! per-module summary's value ids count those records, as LLVM's summary
//! reader does, ifuncs not included) and the module hash; the blocks are
//! read after the module block, when every global's name and linkage is
//! known. A per-module index has one module, named as the module is
//! identified (the file name `llvm-dis` is given), with the hash of
//! `MODULE_CODE_HASH`; every global of the module gets an entry with its
//! name, whether it has a summary or not (`getOrInsertValueInfo`). A
//! combined index names its modules in `MODULE_STRTAB_BLOCK` and its values
//! by GUID only (`FS_VALUE_GUID`).
//!
//! LLVM asserts where a record is too short or names a value id, module id
//! or stack id it has not defined; lair returns a [`super::BitcodeError`]
//! naming the block, the record and the bit after it. Nothing is allocated
//! from a count field: lists grow as their fields are read from the record
//! already in memory. Records LLVM ignores (the CFI function name lists,
//! which `llvm-dis` does not print; unknown codes) are ignored.
//!
//! The index read is marked [`SummaryIndex::llvm_dis_text`], so it prints
//! as `llvm-dis` prints it. `ORIGINAL_NAME`s are checked but not kept
//! (LLVM does not print them).

use hashbrown::HashMap;

use super::attrs::sign_rotated;
use super::{Rd, Res, Slot};
use crate::bitcode::codes::visibility;
use crate::bitstream::{names as n, Entry};
use crate::ir::global::Linkage;
use crate::ir::summary::{
    Access, Alloc, AllocType, ByArgKind, Call, Callsite, ConstVCall, FuncFlags, FunctionSummary,
    GlobalSummary, GvFlags, Hotness, Mib, ParamAccess, ParamCall, Range64, Ref, SummaryIndex,
    SummaryKind, TypeIdEntry, TypeTestKind, VFuncId, VTableFunc, VTableRef, VariableSummary,
    WpdKind,
};

/// The newest summary version LLVM 19 reads (and writes).
const MAX_VERSION: u64 = 10;

/// What the module block notes for the summary reader.
#[derive(Default)]
pub(super) struct SummaryScan {
    /// Summary blocks, in stream order: block id and the bit after the id.
    blocks: Vec<(u32, u64)>,
    /// `MODULE_STRTAB_BLOCK`s: the bit after the id.
    strtabs: Vec<u64>,
    /// Value-list position of each global variable, function and alias
    /// record, in record order: the per-module summary's value ids.
    values: Vec<u32>,
    /// The fields of `MODULE_CODE_HASH`.
    hash: Option<Vec<u64>>,
    /// Whether a non-empty `MODULE_CODE_SOURCE_FILENAME` was read.
    has_source_file: bool,
}

impl SummaryScan {
    /// Notes a summary block (`id`) whose body starts at `bit`.
    pub(super) fn note_block(&mut self, id: u32, bit: u64) {
        self.blocks.push((id, bit));
    }

    /// Notes a module path string table whose body starts at `bit`.
    pub(super) fn note_strtab(&mut self, bit: u64) {
        self.strtabs.push(bit);
    }

    /// Notes a global variable, function or alias record whose value is at
    /// value-list position `slot`.
    pub(super) fn note_value(&mut self, slot: usize) {
        self.values.push(slot as u32);
    }

    /// Notes the module hash record.
    pub(super) fn note_hash(&mut self, fields: &[u64]) {
        self.hash = Some(fields.to_vec());
    }

    /// Notes the source file name record.
    pub(super) fn note_source_file(&mut self, name: &[u8]) {
        self.has_source_file = !name.is_empty();
    }
}

/// Why a record is malformed.
type Bad = String;

/// The fields of one record, read front to back.
struct Fields<'v> {
    v: &'v [u64],
    at: usize,
}

impl<'v> Fields<'v> {
    fn new(v: &'v [u64]) -> Self {
        Fields { v, at: 0 }
    }

    fn next(&mut self) -> Result<u64, Bad> {
        match self.v.get(self.at) {
            Some(&x) => {
                self.at += 1;
                Ok(x)
            }
            None => Err(format!("record ends after {} fields", self.v.len())),
        }
    }

    /// The next `k` fields (`k` checked against what is left).
    fn take(&mut self, k: u64) -> Result<&'v [u64], Bad> {
        let left = (self.v.len() - self.at) as u64;
        if k > left {
            return Err(format!(
                "record has {left} fields left where {k} are counted"
            ));
        }
        let s = &self.v[self.at..self.at + k as usize];
        self.at += k as usize;
        Ok(s)
    }

    fn rest(&mut self) -> &'v [u64] {
        let s = &self.v[self.at..];
        self.at = self.v.len();
        s
    }

    fn done(&self) -> bool {
        self.at >= self.v.len()
    }
}

/// The state of one summary block.
struct Summary<'s> {
    ix: &'s mut SummaryIndex,
    strtab: &'s [u8],
    version: u64,
    /// This module's path (per-module summaries).
    this_module: Option<String>,
    /// Module ids of a combined index (`MST_CODE_ENTRY`).
    module_ids: &'s HashMap<u64, String>,
    /// Value id to GUID.
    guids: HashMap<u64, u64>,
    /// Records that attach to the next function summary.
    type_tests: Vec<u64>,
    tt_assume_vcalls: Vec<VFuncId>,
    tcl_vcalls: Vec<VFuncId>,
    tt_assume_const: Vec<ConstVCall>,
    tcl_const: Vec<ConstVCall>,
    params: Vec<ParamAccess>,
    callsites: Vec<Callsite>,
    allocs: Vec<Alloc>,
    stack_ids: Vec<u64>,
    /// Whether the last record was a combined summary (an original name
    /// may follow).
    after_combined: bool,
}

impl Rd<'_, '_> {
    /// Reads the summary blocks the module block noted into the module's
    /// index (nothing when there are none).
    pub(super) fn read_summaries(&mut self) -> Res<()> {
        let scan = std::mem::take(&mut self.summary);
        if scan.blocks.is_empty() {
            return Ok(());
        }
        let mut ix = SummaryIndex::default();
        // Module paths of a combined index.
        let mut module_ids = HashMap::new();
        for &bit in &scan.strtabs {
            self.r.seek(bit).map_err(|e| self.serr(e))?;
            self.read_module_strtab(&mut ix, &mut module_ids)?;
        }
        // Every global of the module has an entry (LLVM's `setValueGUID`);
        // a per-module summary (the module has a source file name) adds
        // this module.
        let path = self.ctx.module(self.m).id.clone();
        let source_file = if scan.has_source_file {
            self.ctx.module(self.m).source_filename.clone()
        } else {
            Vec::new()
        };
        let mut guids = HashMap::new();
        for (id, &slot) in scan.values.iter().enumerate() {
            let Some(&Slot::Val(v)) = self.vals.get(slot as usize) else {
                continue;
            };
            let bytes = self.ctx.name_bytes(v).unwrap_or(b"");
            let linkage = self.ctx.global_data(v).linkage;
            let g = crate::ir::summary::guid(crate::ir::summary::global_identifier(
                bytes,
                linkage,
                &source_file,
            ));
            let e = ix.values.entry(g).or_default();
            e.name = (!bytes.is_empty()).then(|| bytes.to_vec());
            guids.insert(id as u64, g);
        }
        if scan.has_source_file {
            let mut hash = [0u32; 5];
            if let Some(h) = &scan.hash {
                if h.len() != 5 {
                    return self.err(format!("invalid hash length {}", h.len()));
                }
                for (d, &s) in hash.iter_mut().zip(h) {
                    *d = s as u32;
                }
            }
            ix.modules.entry(path.clone()).or_insert(hash);
        }
        let outer = self.block;
        for &(id, bit) in &scan.blocks {
            self.r.seek(bit).map_err(|e| self.serr(e))?;
            let mut st = Summary {
                ix: &mut ix,
                strtab: self.strtab,
                version: 0,
                this_module: scan.has_source_file.then(|| path.clone()),
                module_ids: &module_ids,
                guids: std::mem::take(&mut guids),
                type_tests: Vec::new(),
                tt_assume_vcalls: Vec::new(),
                tcl_vcalls: Vec::new(),
                tt_assume_const: Vec::new(),
                tcl_const: Vec::new(),
                params: Vec::new(),
                callsites: Vec::new(),
                allocs: Vec::new(),
                stack_ids: Vec::new(),
                after_combined: false,
            };
            self.block = Some(n::MODULE_BLOCK_ID);
            let inner = self.enter(id)?;
            let mut first = true;
            loop {
                match self.advance()? {
                    Entry::EndBlock => break,
                    Entry::SubBlock(_) => self.skip()?,
                    Entry::DefineAbbrev => {}
                    Entry::Record(a) => {
                        let rec = self.read_rec(a)?;
                        let r = if first {
                            first = false;
                            st.version_record(rec.code(), rec.operands())
                        } else {
                            st.record(rec.code(), rec.operands())
                        };
                        self.give_back(rec);
                        if let Err(m) = r {
                            return self.err(m);
                        }
                    }
                }
            }
            if first {
                return self.err("summary block without a version record");
            }
            guids = std::mem::take(&mut st.guids);
            self.leave(inner);
        }
        self.block = outer;
        ix.llvm_dis_text = true;
        self.ctx.module_mut(self.m).summary = Some(Box::new(ix));
        Ok(())
    }

    /// `MODULE_STRTAB_BLOCK`: module ids, paths and hashes.
    fn read_module_strtab(
        &mut self,
        ix: &mut SummaryIndex,
        ids: &mut HashMap<u64, String>,
    ) -> Res<()> {
        let saved = self.block;
        self.block = Some(n::MODULE_BLOCK_ID);
        let outer = self.enter(n::MODULE_STRTAB_BLOCK_ID)?;
        let mut last: Option<String> = None;
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => self.skip()?,
                Entry::DefineAbbrev => {}
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    let code = rec.code();
                    let v = rec.operands().to_vec();
                    self.give_back(rec);
                    match code {
                        n::MST_CODE_ENTRY => {
                            let Some((&id, name)) = v.split_first() else {
                                return self.err("module path record without an id");
                            };
                            let path = self.chars(name)?;
                            ix.modules.entry(path.clone()).or_insert([0; 5]);
                            ids.insert(id, path.clone());
                            last = Some(path);
                        }
                        n::MST_CODE_HASH => {
                            if v.len() != 5 {
                                return self.err(format!("invalid hash length {}", v.len()));
                            }
                            let Some(p) = last.take() else {
                                return self.err("a hash that does not follow a module path");
                            };
                            if let Some(h) = ix.modules.get_mut(&p) {
                                for (d, &s) in h.iter_mut().zip(&v) {
                                    *d = s as u32;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        self.leave(outer);
        self.block = saved;
        Ok(())
    }
}

/// Linkage of the summary flags' low four bits (LLVM's in-memory
/// `LinkageTypes` numbering, which [`Linkage::ALL`] follows).
fn linkage(raw: u64) -> Result<Linkage, Bad> {
    Linkage::ALL
        .get((raw & 0xf) as usize)
        .copied()
        .ok_or_else(|| format!("invalid linkage {} in summary flags", raw & 0xf))
}

/// LLVM's `getDecodedGVSummaryFlags`.
fn gv_flags(raw: u64, version: u64) -> Result<GvFlags, Bad> {
    let visibility = match (raw >> 8) & 3 {
        3 => return Err("invalid visibility 3 in summary flags".into()),
        v => visibility(v),
    };
    Ok(GvFlags {
        linkage: linkage(raw)?,
        visibility,
        not_eligible_to_import: raw & 0x10 != 0 || version < 3,
        live: raw & 0x20 != 0 || version < 3,
        dso_local: raw & 0x40 != 0,
        can_auto_hide: raw & 0x80 != 0,
        import_declaration: raw & 0x400 != 0,
    })
}

/// LLVM's `getDecodedFFlags`.
fn func_flags(raw: u64) -> FuncFlags {
    let b = |k: u32| (raw >> k) & 1 != 0;
    FuncFlags {
        read_none: b(0),
        read_only: b(1),
        no_recurse: b(2),
        return_does_not_alias: b(3),
        no_inline: b(4),
        always_inline: b(5),
        no_unwind: b(6),
        may_throw: b(7),
        has_unknown_call: b(8),
        must_be_unreachable: b(9),
    }
}

/// LLVM's `getDecodedGVarFlags`.
fn var_flags(raw: u64) -> Result<VariableSummary, Bad> {
    let vis = raw >> 3;
    if vis > 2 {
        return Err(format!("invalid vcall visibility {vis}"));
    }
    Ok(VariableSummary {
        read_only: raw & 1 != 0,
        write_only: raw & 2 != 0,
        constant: raw & 4 != 0,
        vcall_visibility: vis as u8,
        vtable_funcs: Vec::new(),
    })
}

fn hotness(raw: u64) -> Result<Hotness, Bad> {
    Ok(match raw & 7 {
        0 => Hotness::Unknown,
        1 => Hotness::Cold,
        2 => Hotness::None,
        3 => Hotness::Hot,
        4 => Hotness::Critical,
        h => return Err(format!("invalid call edge hotness {h}")),
    })
}

fn alloc_type(raw: u64) -> Result<AllocType, Bad> {
    Ok(match raw {
        0 => AllocType::None,
        1 => AllocType::NotCold,
        2 => AllocType::Cold,
        4 => AllocType::Hot,
        t => return Err(format!("invalid allocation type {t}")),
    })
}

/// A range `[lower, upper)` of a parameter access: equal bounds only for
/// the empty and the full set, as `ConstantRange` requires.
fn range(f: &mut Fields) -> Result<Range64, Bad> {
    let lower = sign_rotated(f.next()?) as u64;
    let upper = sign_rotated(f.next()?) as u64;
    if lower == upper && lower != 0 && lower != u64::MAX {
        return Err(format!("invalid parameter access range [{lower}, {upper})"));
    }
    Ok(Range64 { lower, upper })
}

impl Summary<'_> {
    /// The first record: `FS_VERSION`.
    fn version_record(&mut self, code: u32, v: &[u64]) -> Result<(), Bad> {
        if code != n::FS_VERSION {
            return Err("summary block does not start with a version record".into());
        }
        let ver = Fields::new(v).next()?;
        if !(1..=MAX_VERSION).contains(&ver) {
            return Err(format!(
                "invalid summary version {ver}; version should be in the range [1-{MAX_VERSION}]"
            ));
        }
        self.version = ver;
        Ok(())
    }

    /// The GUID of value id `id`.
    fn guid(&self, id: u64) -> Result<u64, Bad> {
        self.guids
            .get(&id)
            .copied()
            .ok_or_else(|| format!("summary value id {id} names no value"))
    }

    fn refs(&self, ids: &[u64]) -> Result<Vec<Ref>, Bad> {
        ids.iter()
            .map(|&id| {
                Ok(Ref {
                    guid: self.guid(id)?,
                    access: Access::Plain,
                })
            })
            .collect()
    }

    /// The path of module id `id` of a combined index.
    fn module_of(&self, id: u64) -> Result<String, Bad> {
        self.module_ids
            .get(&id)
            .cloned()
            .ok_or_else(|| format!("summary module id {id} names no module"))
    }

    /// This module's path (per-module records).
    fn this_module(&self) -> Result<String, Bad> {
        self.this_module
            .clone()
            .ok_or_else(|| "per-module summary in a module without a source file name".into())
    }

    /// A string-table name.
    fn strtab_name(&self, off: u64, len: u64) -> Result<String, Bad> {
        let b = off
            .checked_add(len)
            .and_then(|end| self.strtab.get(off as usize..end as usize))
            .ok_or("name outside the string table")?;
        String::from_utf8(b.to_vec())
            .map_err(|_| "a name that is not valid UTF-8 is not supported".into())
    }

    /// Adds a summary of value `guid`.
    fn add(&mut self, guid: u64, s: GlobalSummary) {
        self.ix.values.entry(guid).or_default().summaries.push(s);
    }

    /// Marks the last `ro + wo` references read-only, then write-only
    /// (`setSpecialRefs`).
    fn special_refs(refs: &mut [Ref], ro: u64, wo: u64) -> Result<(), Bad> {
        let n = refs.len() as u64;
        if ro.checked_add(wo).is_none_or(|k| k > n) {
            return Err(format!(
                "{ro} read-only and {wo} write-only references of {n}"
            ));
        }
        let first_wo = (n - wo) as usize;
        let first_ro = first_wo - ro as usize;
        for r in &mut refs[first_ro..first_wo] {
            r.access = Access::ReadOnly;
        }
        for r in &mut refs[first_wo..] {
            r.access = Access::WriteOnly;
        }
        Ok(())
    }

    /// The call edges of a function summary record.
    fn calls(&self, v: &[u64], profile: bool, relbf: bool) -> Result<Vec<Call>, Bad> {
        let mut f = Fields::new(v);
        let mut out = Vec::new();
        while !f.done() {
            let callee = self.guid(f.next()?)?;
            let mut c = Call {
                callee,
                hotness: Hotness::Unknown,
                rel_block_freq: 0,
                tail: false,
            };
            if self.version == 1 {
                f.next()?; // the old call-site count
                if profile {
                    f.next()?; // the old profile count
                }
            } else if profile {
                let raw = f.next()?;
                c.hotness = hotness(raw)?;
                c.tail = raw & 8 != 0;
            } else if relbf {
                let raw = f.next()?;
                c.rel_block_freq = (raw & ((1 << 28) - 1)) as u32;
                c.tail = raw & (1 << 28) != 0;
            }
            out.push(c);
        }
        Ok(out)
    }

    /// A function summary with the pending type, parameter and memory
    /// profile records.
    fn function(&mut self, insts: u64, fflags: u64, calls: Vec<Call>) -> Box<FunctionSummary> {
        Box::new(FunctionSummary {
            insts: insts as u32,
            flags: func_flags(fflags),
            calls,
            type_tests: std::mem::take(&mut self.type_tests),
            type_test_assume_vcalls: std::mem::take(&mut self.tt_assume_vcalls),
            type_checked_load_vcalls: std::mem::take(&mut self.tcl_vcalls),
            type_test_assume_const_vcalls: std::mem::take(&mut self.tt_assume_const),
            type_checked_load_const_vcalls: std::mem::take(&mut self.tcl_const),
            params: std::mem::take(&mut self.params),
            callsites: std::mem::take(&mut self.callsites),
            allocs: std::mem::take(&mut self.allocs),
        })
    }

    fn stack_id(&self, idx: u64) -> Result<u64, Bad> {
        self.stack_ids
            .get(idx as usize)
            .copied()
            .ok_or_else(|| format!("stack id index {idx} out of range"))
    }

    fn vfunc_pairs(v: &[u64]) -> Result<Vec<VFuncId>, Bad> {
        if !v.len().is_multiple_of(2) {
            return Err("virtual call list of an odd number of fields".into());
        }
        Ok(v.chunks_exact(2)
            .map(|p| VFuncId {
                guid: p[0],
                offset: p[1],
            })
            .collect())
    }

    fn const_vcall(v: &[u64]) -> Result<ConstVCall, Bad> {
        let mut f = Fields::new(v);
        let guid = f.next()?;
        let offset = f.next()?;
        Ok(ConstVCall {
            vfunc: VFuncId { guid, offset },
            args: f.rest().to_vec(),
        })
    }

    fn record(&mut self, code: u32, v: &[u64]) -> Result<(), Bad> {
        let was_combined = std::mem::replace(&mut self.after_combined, false);
        let mut f = Fields::new(v);
        match code {
            n::FS_FLAGS => self.ix.flags |= f.next()? & 0x3ff,
            n::FS_VALUE_GUID => {
                let id = f.next()?;
                let g = f.next()?;
                self.ix.values.entry(g).or_default();
                self.guids.insert(id, g);
            }
            n::FS_PERMODULE | n::FS_PERMODULE_PROFILE | n::FS_PERMODULE_RELBF => {
                let id = f.next()?;
                let raw = f.next()?;
                let insts = f.next()?;
                let (mut fflags, mut ro, mut wo) = (0, 0, 0);
                let nrefs = if self.version >= 4 {
                    fflags = f.next()?;
                    let nrefs = f.next()?;
                    if self.version >= 5 {
                        ro = f.next()?;
                    }
                    if self.version >= 7 {
                        wo = f.next()?;
                    }
                    nrefs
                } else {
                    f.next()?
                };
                let mut refs = self.refs(f.take(nrefs)?)?;
                Self::special_refs(&mut refs, ro, wo)?;
                let calls = self.calls(
                    f.rest(),
                    code == n::FS_PERMODULE_PROFILE,
                    code == n::FS_PERMODULE_RELBF,
                )?;
                let flags = gv_flags(raw, self.version)?;
                let g = self.guid(id)?;
                let module = self.this_module()?;
                let fs = self.function(insts, fflags, calls);
                self.add(
                    g,
                    GlobalSummary {
                        module,
                        flags,
                        refs,
                        kind: SummaryKind::Function(fs),
                    },
                );
            }
            n::FS_ALIAS => {
                let id = f.next()?;
                let raw = f.next()?;
                let aliasee = self.guid(f.next()?)?;
                let module = self.this_module()?;
                let has = self
                    .ix
                    .values
                    .get(&aliasee)
                    .is_some_and(|e| e.summaries.iter().any(|s| s.module == module));
                if !has {
                    return Err("alias expects aliasee summary to be parsed".into());
                }
                let g = self.guid(id)?;
                let flags = gv_flags(raw, self.version)?;
                self.add(
                    g,
                    GlobalSummary {
                        module,
                        flags,
                        refs: Vec::new(),
                        kind: SummaryKind::Alias { aliasee },
                    },
                );
            }
            n::FS_PERMODULE_GLOBALVAR_INIT_REFS => {
                let id = f.next()?;
                let raw = f.next()?;
                let var = if self.version >= 5 {
                    var_flags(f.next()?)?
                } else {
                    VariableSummary::default()
                };
                let refs = self.refs(f.rest())?;
                self.variable(id, raw, var, refs, None)?;
            }
            n::FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS => {
                let id = f.next()?;
                let raw = f.next()?;
                let mut var = var_flags(f.next()?)?;
                let nrefs = f.next()?;
                let refs = self.refs(f.take(nrefs)?)?;
                while !f.done() {
                    let func = self.guid(f.next()?)?;
                    let offset = f.next()?;
                    var.vtable_funcs.push(VTableFunc { func, offset });
                }
                self.variable(id, raw, var, refs, None)?;
            }
            n::FS_COMBINED | n::FS_COMBINED_PROFILE => {
                let id = f.next()?;
                let modid = f.next()?;
                let raw = f.next()?;
                let insts = f.next()?;
                let (mut fflags, mut ro, mut wo) = (0, 0, 0);
                let nrefs = if self.version >= 4 {
                    fflags = f.next()?;
                    if self.version >= 6 {
                        // [.., fflags, entrycount, numrefs, rorefcnt, worefcnt]
                        f.next()?;
                    }
                    let nrefs = f.next()?;
                    if self.version >= 5 {
                        ro = f.next()?;
                    }
                    if self.version >= 7 {
                        wo = f.next()?;
                    }
                    nrefs
                } else {
                    f.next()?
                };
                let mut refs = self.refs(f.take(nrefs)?)?;
                Self::special_refs(&mut refs, ro, wo)?;
                let calls = self.calls(f.rest(), code == n::FS_COMBINED_PROFILE, false)?;
                let flags = gv_flags(raw, self.version)?;
                let g = self.guid(id)?;
                let module = self.module_of(modid)?;
                let fs = self.function(insts, fflags, calls);
                self.add(
                    g,
                    GlobalSummary {
                        module,
                        flags,
                        refs,
                        kind: SummaryKind::Function(fs),
                    },
                );
                self.after_combined = true;
            }
            n::FS_COMBINED_ALIAS => {
                let id = f.next()?;
                let modid = f.next()?;
                let raw = f.next()?;
                let aliasee = self.guid(f.next()?)?;
                let module = self.module_of(modid)?;
                let flags = gv_flags(raw, self.version)?;
                let g = self.guid(id)?;
                self.add(
                    g,
                    GlobalSummary {
                        module,
                        flags,
                        refs: Vec::new(),
                        kind: SummaryKind::Alias { aliasee },
                    },
                );
                self.after_combined = true;
            }
            n::FS_COMBINED_GLOBALVAR_INIT_REFS => {
                let id = f.next()?;
                let modid = f.next()?;
                let raw = f.next()?;
                let var = if self.version >= 5 {
                    var_flags(f.next()?)?
                } else {
                    VariableSummary::default()
                };
                let refs = self.refs(f.rest())?;
                let module = self.module_of(modid)?;
                self.variable(id, raw, var, refs, Some(module))?;
                self.after_combined = true;
            }
            n::FS_COMBINED_ORIGINAL_NAME => {
                f.next()?;
                if !was_combined {
                    return Err("name attachment that does not follow a combined record".into());
                }
            }
            n::FS_TYPE_TESTS => self.type_tests.extend_from_slice(v),
            n::FS_TYPE_TEST_ASSUME_VCALLS => {
                let l = Self::vfunc_pairs(v)?;
                self.tt_assume_vcalls.extend(l);
            }
            n::FS_TYPE_CHECKED_LOAD_VCALLS => {
                let l = Self::vfunc_pairs(v)?;
                self.tcl_vcalls.extend(l);
            }
            n::FS_TYPE_TEST_ASSUME_CONST_VCALL => {
                let c = Self::const_vcall(v)?;
                self.tt_assume_const.push(c);
            }
            n::FS_TYPE_CHECKED_LOAD_CONST_VCALL => {
                let c = Self::const_vcall(v)?;
                self.tcl_const.push(c);
            }
            n::FS_CFI_FUNCTION_DEFS | n::FS_CFI_FUNCTION_DECLS => {
                if !v.len().is_multiple_of(2) {
                    return Err("CFI function list of an odd number of fields".into());
                }
                for p in v.chunks_exact(2) {
                    self.strtab_name(p[0], p[1])?;
                }
            }
            n::FS_TYPE_ID => self.type_id(&mut f)?,
            n::FS_TYPE_ID_METADATA => {
                let off = f.next()?;
                let len = f.next()?;
                let name = self.strtab_name(off, len)?;
                let mut members = Vec::new();
                while !f.done() {
                    let offset = f.next()?;
                    let vtable = self.guid(f.next()?)?;
                    members.push(VTableRef { offset, vtable });
                }
                self.ix.vtables.entry(name).or_default().extend(members);
            }
            n::FS_BLOCK_COUNT => {
                self.ix.block_count = self.ix.block_count.wrapping_add(f.next()?);
            }
            n::FS_PARAM_ACCESS => {
                let mut params = Vec::new();
                while !f.done() {
                    let param = f.next()?;
                    let offsets = range(&mut f)?;
                    let ncalls = f.next()?;
                    let mut calls = Vec::new();
                    for _ in 0..ncalls {
                        let param = f.next()?;
                        let callee = self.guid(f.next()?)?;
                        let offsets = range(&mut f)?;
                        calls.push(ParamCall {
                            callee,
                            param,
                            offsets,
                        });
                    }
                    params.push(ParamAccess {
                        param,
                        offsets,
                        calls,
                    });
                }
                self.params = params;
            }
            n::FS_STACK_IDS => {
                self.stack_ids = v.to_vec();
                for &id in v {
                    if !self.ix.stack_ids.contains(&id) {
                        self.ix.stack_ids.push(id);
                    }
                }
            }
            n::FS_PERMODULE_CALLSITE_INFO => {
                // A callee id the summary does not define is a null callee
                // (LLVM's map yields an empty `ValueInfo`).
                let callee = self.guids.get(&f.next()?).copied();
                let stack_ids = f
                    .rest()
                    .iter()
                    .map(|&i| self.stack_id(i))
                    .collect::<Result<_, _>>()?;
                self.callsites.push(Callsite {
                    callee,
                    clones: vec![0],
                    stack_ids,
                });
            }
            n::FS_COMBINED_CALLSITE_INFO => {
                let id = f.next()?;
                let nstack = f.next()?;
                let nver = f.next()?;
                let stack_ids = f
                    .take(nstack)?
                    .iter()
                    .map(|&i| self.stack_id(i))
                    .collect::<Result<_, _>>()?;
                let clones = f.take(nver)?.iter().map(|&c| c as u32).collect();
                let callee = self.guids.get(&id).copied();
                self.callsites.push(Callsite {
                    callee,
                    clones,
                    stack_ids,
                });
            }
            n::FS_PERMODULE_ALLOC_INFO | n::FS_COMBINED_ALLOC_INFO => {
                let combined = code == n::FS_COMBINED_ALLOC_INFO;
                let (nmib, nver) = if combined {
                    (f.next()?, f.next()?)
                } else if self.version >= 10 {
                    (f.next()?, 0)
                } else {
                    (u64::MAX, 0)
                };
                let mut mibs = Vec::new();
                let mut read = 0;
                while read < nmib && (self.version >= 10 || combined || !f.done()) {
                    read += 1;
                    let alloc_type = alloc_type(f.next()?)?;
                    let k = f.next()?;
                    let stack_ids = f
                        .take(k)?
                        .iter()
                        .map(|&i| self.stack_id(i))
                        .collect::<Result<_, _>>()?;
                    mibs.push(Mib {
                        alloc_type,
                        stack_ids,
                    });
                }
                let versions = if combined {
                    f.take(nver)?
                        .iter()
                        .map(|&t| alloc_type(t))
                        .collect::<Result<_, _>>()?
                } else {
                    vec![AllocType::None]
                };
                // What is left are the total sizes, which are not printed.
                self.allocs.push(Alloc { versions, mibs });
            }
            _ => {}
        }
        Ok(())
    }

    /// Adds a variable summary of value id `id` (to `module`, or to this
    /// module).
    fn variable(
        &mut self,
        id: u64,
        raw: u64,
        var: VariableSummary,
        refs: Vec<Ref>,
        module: Option<String>,
    ) -> Result<(), Bad> {
        let flags = gv_flags(raw, self.version)?;
        let g = self.guid(id)?;
        let module = match module {
            Some(m) => m,
            None => self.this_module()?,
        };
        self.add(
            g,
            GlobalSummary {
                module,
                flags,
                refs,
                kind: SummaryKind::Variable(var),
            },
        );
        Ok(())
    }

    /// `FS_TYPE_ID`: [name, kind, bitwidth, align, size, bitmask,
    /// inlinebits, n x (offset, kind, name, numrba, numrba x (numarg,
    /// numarg x arg, kind, info, byte, bit))].
    fn type_id(&mut self, f: &mut Fields) -> Result<(), Bad> {
        let off = f.next()?;
        let len = f.next()?;
        let name = self.strtab_name(off, len)?;
        let guid = crate::ir::summary::guid(&name);
        let t = &mut self.ix.type_ids;
        let k = match t.iter().position(|e| e.guid == guid && e.name == name) {
            Some(k) => k,
            None => {
                let at = t.partition_point(|e| e.guid <= guid);
                t.insert(
                    at,
                    TypeIdEntry {
                        guid,
                        name,
                        summary: Default::default(),
                    },
                );
                at
            }
        };
        let kind = f.next()?;
        let kind = [
            TypeTestKind::Unsat,
            TypeTestKind::ByteArray,
            TypeTestKind::Inline,
            TypeTestKind::Single,
            TypeTestKind::AllOnes,
            TypeTestKind::Unknown,
        ]
        .get(kind as usize)
        .copied()
        .ok_or_else(|| format!("invalid type test resolution kind {kind}"))?;
        let size_m1_bit_width = f.next()? as u32;
        let align_log2 = f.next()?;
        let size_m1 = f.next()?;
        let bit_mask = f.next()? as u8;
        let inline_bits = f.next()?;
        let mut wpds = Vec::new();
        while !f.done() {
            let offset = f.next()?;
            let wk = f.next()?;
            let wk = [WpdKind::Indir, WpdKind::SingleImpl, WpdKind::BranchFunnel]
                .get(wk as usize)
                .copied()
                .ok_or_else(|| format!("invalid devirtualization resolution kind {wk}"))?;
            let (noff, nlen) = (f.next()?, f.next()?);
            let single = self.strtab_name(noff, nlen)?;
            let nrba = f.next()?;
            let mut by = Vec::new();
            for _ in 0..nrba {
                let nargs = f.next()?;
                let args = f.take(nargs)?.to_vec();
                let bk = f.next()?;
                let bk = [
                    ByArgKind::Indir,
                    ByArgKind::UniformRetVal,
                    ByArgKind::UniqueRetVal,
                    ByArgKind::VirtualConstProp,
                ]
                .get(bk as usize)
                .copied()
                .ok_or_else(|| format!("invalid by-argument resolution kind {bk}"))?;
                let info = f.next()?;
                let byte = f.next()? as u32;
                let bit = f.next()? as u32;
                by.push((args, bk, info, byte, bit));
            }
            wpds.push((offset, wk, single, by));
        }
        let s = &mut self.ix.type_ids[k].summary;
        s.test_res.kind = kind;
        s.test_res.size_m1_bit_width = size_m1_bit_width;
        s.test_res.align_log2 = align_log2;
        s.test_res.size_m1 = size_m1;
        s.test_res.bit_mask = bit_mask;
        s.test_res.inline_bits = inline_bits;
        for (offset, wk, single, by) in wpds {
            let w = s.wpd.entry(offset).or_default();
            w.kind = wk;
            w.single_impl_name = single;
            for (args, bk, info, byte, bit) in by {
                let b = w.res_by_arg.entry(args).or_default();
                b.kind = bk;
                b.info = info;
                b.byte = byte;
                b.bit = bit;
            }
        }
        Ok(())
    }
}
