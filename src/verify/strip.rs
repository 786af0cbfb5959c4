//! What `llvm-as` does around the verifier: LLVM's `UpgradeDebugInfo`
//! verifies a module carrying `"Debug Info Version" 3` with broken debug
//! info tolerated, and strips the debug info of any other module
//! (`StripDebugInfo`) before the verifier sees it.
//!
//! Owns [`Context::strip_debug_info`], [`Context::upgrade_debug_info`],
//! [`Context::verify_as_llvm_as`] and [`Context::strip_invalid_tbaa`] (what
//! LLVM's bitcode reader does with TBAA the verifier would reject).

use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdData, MdKindId, Metadata, SpecKind};
use crate::ir::{Inst, Module};
use crate::Context;

/// What `llvm-as` decides about a module ([`Context::verify_as_llvm_as`]).
#[derive(Debug, Clone)]
pub struct LlvmAsVerdict {
    /// Whether `llvm-as` rejects the module.
    pub rejected: bool,
    /// What it prints on standard error: the verifier's messages (each
    /// with its details), LLVM's warning about dropped debug info.
    pub messages: String,
}

/// What [`Context::upgrade_debug_info`] did.
#[derive(Debug)]
pub enum DebugInfoUpgrade {
    /// The module's debug metadata version is 3: it was verified, and
    /// [`Verification::has_broken_debug_info`](super::Verification::has_broken_debug_info)
    /// says whether its debug info was dropped (LLVM's "ignoring invalid
    /// debug info" warning). The verification is kept so that callers do
    /// not verify twice.
    Verified(super::Verification),
    /// Another version (or none): debug info was stripped; `true` when
    /// there was some (LLVM's "ignoring debug info with an invalid version"
    /// warning).
    Stripped(bool),
}

/// # Debug info upgrade
///
/// Verifying or stripping debug info as LLVM's readers do before a
/// module is used.
impl Context {
    /// Removes the debug info of `m` as LLVM's `StripDebugInfo` does:
    /// `llvm.dbg.*` and `llvm.gcov` named metadata, `!dbg` attachments of
    /// functions, instructions and global variables, debug intrinsic calls
    /// and debug records, `!heapallocsite` and `!DIAssignID`, and the
    /// locations inside `!llvm.loop` nodes. Returns whether anything was
    /// removed.
    pub fn strip_debug_info(&mut self, m: Module) -> bool {
        let mut changed = false;
        let names: Vec<Box<[u8]>> = self
            .module(m)
            .named_md
            .keys()
            .filter(|k| k.starts_with(b"llvm.dbg.") || k[..] == b"llvm.gcov"[..])
            .cloned()
            .collect();
        for n in names {
            self.module_mut(m).named_md.shift_remove(&*n);
            changed = true;
        }
        let heapalloc = self.md_find_kind("heapallocsite");
        let functions: Vec<_> = self.functions(m).collect();
        let mut loop_ids: hashbrown::HashMap<Metadata, Option<Metadata>> =
            hashbrown::HashMap::new();
        for f in functions {
            if self.function_data(f).global.md.get(MdKindId::DBG).is_some() {
                self.function_data_mut(f).global.md.remove(MdKindId::DBG);
                changed = true;
            }
            let blocks: Vec<_> = self.blocks(f).collect();
            for b in blocks {
                let insts: Vec<Inst> = self.insts(b).collect();
                for i in insts {
                    if self.is_debug_intrinsic_call(i) {
                        self.erase_inst(i);
                        changed = true;
                        continue;
                    }
                    let Some(extra) = self.extra(i) else {
                        continue;
                    };
                    let has_dbg = extra.dbg.is_some();
                    let loop_id = extra.md.get(MdKindId::LOOP);
                    let has_records = !extra.dbg_records.is_empty();
                    if has_dbg {
                        self.extra_mut(i).dbg = None;
                        changed = true;
                    }
                    if let Some(l) = loop_id {
                        let new = match loop_ids.get(&l) {
                            Some(&n) => n,
                            None => {
                                let n = self.strip_loop_locations(l);
                                loop_ids.insert(l, n);
                                n
                            }
                        };
                        if new != Some(l) {
                            self.extra_mut(i).md.set(MdKindId::LOOP, new);
                        }
                    }
                    let e = self.extra_mut(i);
                    if let Some(h) = heapalloc {
                        e.md.remove(h);
                    }
                    e.md.remove(MdKindId::DI_ASSIGN_ID);
                    if has_records {
                        e.dbg_records.clear();
                    }
                }
            }
        }
        let globals: Vec<_> = self.global_vars(m).collect();
        for g in globals {
            if self.global_data_mut(g).md.remove(MdKindId::DBG) {
                changed = true;
            }
        }
        changed
    }

    /// Whether `i` calls `llvm.dbg.declare`, `.value`, `.assign` or
    /// `.label` (LLVM's `DbgInfoIntrinsic`).
    fn is_debug_intrinsic_call(&self, i: Inst) -> bool {
        if self.opcode(i) != Opcode::Call {
            return false;
        }
        let InstPayload::Call(_) = self.payload(i) else {
            return false;
        };
        let n = self.num_operands(i.0);
        let callee = self.operand(i.0, n - 1).and_then(|c| self.as_function(c));
        matches!(
            callee.and_then(|f| self.name_of(f.0)),
            Some("llvm.dbg.declare" | "llvm.dbg.value" | "llvm.dbg.assign" | "llvm.dbg.label")
        )
    }

    /// A loop ID without its `DILocation` operands: the same node when it
    /// has none, `None` when nothing else is left, else a new distinct
    /// node referring to itself first (LLVM's `stripDebugLocFromLoopID`).
    fn strip_loop_locations(&mut self, l: Metadata) -> Option<Metadata> {
        let ops = match self.md_data(l) {
            MdData::Tuple { ops, .. } => ops.to_vec(),
            _ => return Some(l),
        };
        if ops.is_empty() {
            return Some(l);
        }
        let is_loc = |ctx: &Context, m: Option<Metadata>| {
            m.is_some_and(|m| ctx.md_data(m).spec_kind() == Some(SpecKind::DILocation))
        };
        if !ops[1..].iter().any(|&o| is_loc(self, o)) {
            return Some(l);
        }
        let kept: Vec<Option<Metadata>> = ops[1..]
            .iter()
            .copied()
            .filter(|&o| !is_loc(self, o))
            .collect();
        if kept.is_empty() {
            return None;
        }
        let mut new_ops = vec![None];
        new_ops.extend(kept);
        let n = self.md_distinct_tuple(&new_ops);
        self.md_set_operand(n, 0, Some(n));
        Some(n)
    }

    /// What LLVM 19's bitcode reader does with TBAA as it materializes a
    /// module: if one instruction's `!tbaa` breaks a TBAA rule
    /// (`TBAAVerifier::visitTBAAMetadata`), every `!tbaa` attachment of the
    /// module is removed (`stripTBAA`). True if that happened. The
    /// bitcode reader itself sits below the verifier, so readers of
    /// bitcode that want LLVM's module call this after
    /// [`read_bitcode`](crate::bitcode::read_bitcode) (`lair` does, for
    /// every command).
    pub fn strip_invalid_tbaa(&mut self, m: Module) -> bool {
        let invalid = {
            let mut v = super::Verifier::new(self, m);
            self.functions(m).any(|f| {
                self.blocks(f).any(|b| {
                    self.insts(b).any(|i| {
                        let t = self.extra(i).and_then(|e| e.md.get(MdKindId::TBAA));
                        t.is_some_and(|t| !v.visit_tbaa(i, self.md_resolved(t)))
                    })
                })
            })
        };
        if !invalid {
            return false;
        }
        let fs: Vec<_> = self.functions(m).collect();
        for f in fs {
            let insts: Vec<Inst> = self.blocks(f).flat_map(|b| self.insts(b)).collect();
            for i in insts {
                if self
                    .extra(i)
                    .is_some_and(|e| e.md.get(MdKindId::TBAA).is_some())
                {
                    self.extra_mut(i).md.remove(MdKindId::TBAA);
                }
            }
        }
        true
    }

    /// What `llvm-as` 19 does after parsing:
    /// [`upgrade_debug_info`](Self::upgrade_debug_info), then the verifier. A module with
    /// `"Debug Info Version" 3` is rejected if a rule other than a
    /// debug-info rule is broken; broken debug info alone is reported,
    /// stripped (with LLVM's warning) and the module verified again. Any
    /// other module is verified after its debug info is stripped, every
    /// rule counting. The module may be changed (debug info stripped).
    pub fn verify_as_llvm_as(&mut self, m: Module) -> LlvmAsVerdict {
        let id = self.module(m).id.clone();
        match self.upgrade_debug_info(m) {
            DebugInfoUpgrade::Verified(v) => {
                let mut messages = v.to_string();
                if v.is_broken() {
                    messages.push_str("LLVM ERROR: Broken module found, compilation aborted!\n");
                    return LlvmAsVerdict {
                        rejected: true,
                        messages,
                    };
                }
                if v.has_broken_debug_info() {
                    messages.push_str(&format!("warning: ignoring invalid debug info in {id}\n"));
                    // llvm-as strips the broken debug info and verifies
                    // again, now counting the debug-info rules broken by
                    // what is left.
                    self.strip_debug_info(m);
                    let again = self.verify_module(m);
                    if !again.is_ok() {
                        return LlvmAsVerdict {
                            rejected: true,
                            messages: again.to_string(),
                        };
                    }
                }
                LlvmAsVerdict {
                    rejected: false,
                    messages,
                }
            }
            DebugInfoUpgrade::Stripped(_) => {
                let v = self.verify_module(m);
                LlvmAsVerdict {
                    rejected: !v.is_ok(),
                    messages: v.to_string(),
                }
            }
        }
    }

    /// LLVM's `UpgradeDebugInfo` as `llvm-as` runs it: a module with
    /// `"Debug Info Version" 3` is verified (debug-info errors tolerated,
    /// [`DebugInfoUpgrade::Verified`]); any other module has its debug info
    /// stripped ([`DebugInfoUpgrade::Stripped`]) and should be verified
    /// afterwards with every error counted.
    pub fn upgrade_debug_info(&mut self, m: Module) -> DebugInfoUpgrade {
        if self.debug_metadata_version(m) == 3 {
            return DebugInfoUpgrade::Verified(self.verify_module(m));
        }
        DebugInfoUpgrade::Stripped(self.strip_debug_info(m))
    }
}
