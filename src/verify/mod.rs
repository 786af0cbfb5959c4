//! LLVM 19's verifier (`Verifier.cpp`): every rule LLVM checks on a module,
//! with LLVM's messages, reported all at once.
//!
//! Owns the verifier's walk (functions in module order, then the
//! module-level rules), its per-run state, the error report
//! ([`Verification`], [`VerifyError`]) and the emulation of what `llvm-as`
//! does around the verifier: the debug-info upgrade that verifies modules
//! carrying `"Debug Info Version" 3` leniently and strips debug info from
//! the others ([`Context::upgrade_debug_info`]). The rules are split by
//! area:
//!
//! * `function.rs`: a function's structure (terminators, entry block,
//!   PHIs against predecessors), its signature, calling convention and
//!   attachments;
//! * `inst.rs`: the rules every instruction and each opcode obeys;
//! * `call.rs`: calls, invokes and callbr against their function type,
//!   `musttail`, operand bundles, inline asm constraints, swifterror;
//! * `attrs.rs`: attribute placement, types, incompatible pairs, string
//!   values;
//! * `eh.rs`: landing pads, funclet pads and their unwind edges;
//! * `global.rs`: global variables, aliases, ifuncs, comdats, module flags,
//!   named metadata;
//! * `metadata.rs`: metadata nodes and the instruction attachment kinds
//!   (`!range`, `!prof`, `!tbaa` in `tbaa.rs`, ...);
//! * `debuginfo.rs` (with the DWARF tables of `dwarf.rs`): every `DI*`
//!   node, `!dbg` scopes, debug records and intrinsics;
//! * `intrinsics.rs`: intrinsic signatures and the per-intrinsic rules;
//! * `ty.rs`: type questions (primitive sizes, lossless bitcasts).
//!
//! It does not own dominance (the dominator tree is `analysis/`'s) nor
//! printing (the messages print values with `asm/`'s [`ModulePrinter`]).
//!
//! [`ModulePrinter`]: crate::asm::ModulePrinter

mod attrs;
mod call;
mod debuginfo;
mod dominance;
mod dwarf;
mod eh;
mod function;
mod global;
mod inst;
mod intrinsics;
mod metadata;
mod report;
mod strip;
mod tbaa;
mod ty;
mod vfabi;

pub use report::{Verification, VerifyError};
pub use strip::{DebugInfoUpgrade, LlvmAsVerdict};

use hashbrown::{HashMap, HashSet};
use indexmap::IndexMap;

use crate::ir::inst::{InstExtra, InstPayload};
use crate::ir::metadata::Metadata;
use crate::ir::{Block, Function, Inst, Module};
use crate::layout::{DataLayout, LayoutCache};
use crate::value::Value;
use crate::Context;
use report::{Item, Report};

/// # Verifying
///
/// LLVM 19's verifier over a module or one function: every broken rule,
/// with LLVM's message and the offending values as LLVM prints them.
impl Context {
    /// Verifies module `m` as LLVM's `verifyModule` does: every function
    /// (structure, attributes, each instruction, dominance of every use),
    /// then the globals, aliases, ifuncs, named metadata, comdats, module
    /// flags and compile units. Debug-info rules are reported like the
    /// others and marked ([`VerifyError::is_debug_info`]); what to do with
    /// a module broken only there is the caller's call (`llvm-as` drops the
    /// debug info and accepts it: [`Verification::is_broken`] is then
    /// false).
    pub fn verify_module(&self, m: Module) -> Verification {
        let mut v = Verifier::new(self, m);
        for f in self.functions(m) {
            v.verify_function(f);
        }
        v.verify_module_level();
        v.report.finish()
    }

    /// Verifies one function as LLVM's `verifyFunction` does: its
    /// structure, attributes and instructions, without the module-level
    /// rules.
    pub fn verify_function(&self, f: Function) -> Verification {
        let m = self.global_parent(f.0);
        let mut v = Verifier::new(self, m);
        v.verify_function(f);
        v.report.finish()
    }

    /// The module's debug metadata version: the integer value of the
    /// `"Debug Info Version"` module flag, 0 without one (LLVM's
    /// `getDebugMetadataVersionFromModule`).
    pub fn debug_metadata_version(&self, m: Module) -> u64 {
        global::module_flag(self, m, b"Debug Info Version")
            .and_then(|md| metadata::md_const_int(self, md))
            .and_then(|x| x.try_to_u64())
            .unwrap_or(0)
    }
}

/// Who uses each `DIAssignID` of the module: the instructions carrying it
/// as `!DIAssignID`, and the debug records naming it.
#[derive(Default)]
pub(crate) struct AssignIndex {
    pub(crate) insts: HashMap<Metadata, Vec<Inst>>,
    pub(crate) records: HashMap<Metadata, Vec<(Inst, usize)>>,
}

/// One verifier run over one module.
pub(crate) struct Verifier<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) m: Module,
    pub(crate) report: Report<'a>,
    /// The module's data layout (the default layout if the string does not
    /// parse, which the parser reports).
    pub(crate) dl: DataLayout,
    layout: Option<LayoutCache>,
    /// Metadata nodes visited (LLVM's `MDNodes`).
    pub(crate) md_seen: HashSet<Metadata>,
    /// Compile units visited, in order (LLVM's `CUVisited`).
    pub(crate) cu_visited: IndexMap<Metadata, ()>,
    /// Which function each distinct `DISubprogram` is attached to.
    pub(crate) sp_attached: HashMap<Metadata, Function>,
    /// `llvm.localescape` counts and the largest `llvm.localrecover` index,
    /// by function, in first-seen order.
    pub(crate) frame_escape: IndexMap<Function, (u64, u64)>,
    /// Constants already walked for constant expressions.
    pub(crate) const_seen: HashSet<Value>,
    /// `DIAssignID` users, built on first need.
    pub(crate) assign_index: Option<AssignIndex>,
    /// TBAA base nodes already checked: `(invalid, bit width)`.
    pub(crate) tbaa_base: HashMap<Metadata, (bool, u32)>,
    /// TBAA scalar-node answers.
    pub(crate) tbaa_scalar: HashMap<Metadata, bool>,
    /// Attribute lists that passed `verifyFunctionAttrs`, by the key
    /// `verify_function_attrs` builds (type, flags, set identities).
    pub(crate) attrs_ok: HashSet<Box<[usize]>>,
    /// The buffer that key is built in.
    pub(crate) attr_key: Vec<usize>,
    /// Function types of calls that passed the type-only call rules
    /// (alignment of the return and parameter types, no metadata or token
    /// parameter outside intrinsics).
    pub(crate) fn_types_ok: HashSet<crate::types::Type>,
    /// Constants walked for the users of globals, and users reported
    /// (LLVM's `GlobalValueVisited`).
    pub(crate) global_users_seen: HashSet<Value>,
    /// The work list of that walk.
    pub(crate) user_stack: Vec<Value>,
    /// By raw value index: 0 not known yet, 1 a function not named
    /// `llvm.*`, 2 one named so.
    pub(crate) intrinsic_flag: Vec<u8>,
    /// The instruction being visited and its side payload, looked up once.
    pub(crate) cur: Option<(Inst, Option<&'a InstExtra>)>,
    /// The operands of `cur`'s instruction (empty without one).
    pub(crate) cur_ops: &'a [crate::value::UseData],
    /// Whether each struct type a GEP indexed contains a scalable vector.
    pub(crate) scalable_structs: HashMap<crate::types::Type, bool>,
    /// Intrinsics whose signature and name passed (`visitIntrinsicCall`).
    pub(crate) intrinsic_sig_ok: HashSet<Function>,
    // ---- per function -------------------------------------------------
    pub(crate) func: Option<Function>,
    /// The function's entry block.
    pub(crate) entry: Option<Block>,
    /// Its raw value index (`NONE` without one).
    pub(crate) entry_idx: u32,
    /// Whether the instruction being visited is among its own operands
    /// (found by `visit_inst`'s operand walk).
    pub(crate) self_ref: bool,
    /// The function's dominator tree (LLVM's `DT`), rebuilt per function.
    pub(crate) dt: crate::analysis::DomTree,
    /// Whether `dt` was built (the function's blocks all end in
    /// terminators naming blocks of the function).
    pub(crate) dom_ok: bool,
    /// Whether the current function has a `DISubprogram`.
    pub(crate) has_debug_info: bool,
    /// The landingpad / resume type of the current function.
    pub(crate) landing_pad_ty: Option<crate::types::Type>,
    /// Whether `llvm.localescape` was seen in the current function.
    pub(crate) saw_frame_escape: bool,
    /// Pads that unwind to a sibling, with the terminator that says so.
    pub(crate) sibling_funclets: IndexMap<Inst, Inst>,
    /// The variable of each argument number seen in debug records.
    pub(crate) debug_fn_args: Vec<Option<Metadata>>,
    /// `llvm.experimental.noalias.scope.decl` calls of the function.
    pub(crate) noalias_decls: Vec<Inst>,
    /// Number of the block being visited (`seen` entries equal to it mark
    /// instructions already visited in that block: LLVM's
    /// `InstsInThisBlock`).
    block_serial: u32,
    /// By raw value index: the serial of the block in which the value was
    /// visited as an instruction.
    seen: Vec<u32>,
}

impl<'a> Verifier<'a> {
    pub(crate) fn new(ctx: &'a Context, m: Module) -> Self {
        let dl = DataLayout::parse(&ctx.module(m).datalayout).unwrap_or_default();
        Verifier {
            ctx,
            m,
            report: Report::new(ctx, m),
            dl,
            layout: None,
            md_seen: HashSet::new(),
            cu_visited: IndexMap::new(),
            sp_attached: HashMap::new(),
            frame_escape: IndexMap::new(),
            const_seen: HashSet::new(),
            assign_index: None,
            tbaa_base: HashMap::new(),
            tbaa_scalar: HashMap::new(),
            attrs_ok: HashSet::new(),
            attr_key: Vec::new(),
            fn_types_ok: HashSet::new(),
            global_users_seen: HashSet::new(),
            user_stack: Vec::new(),
            intrinsic_flag: Vec::new(),
            cur: None,
            cur_ops: &[],
            scalable_structs: HashMap::new(),
            intrinsic_sig_ok: HashSet::new(),
            func: None,
            entry: None,
            entry_idx: crate::entity::NONE,
            self_ref: false,
            dt: crate::analysis::DomTree::empty(),
            dom_ok: false,
            has_debug_info: false,
            landing_pad_ty: None,
            saw_frame_escape: false,
            sibling_funclets: IndexMap::new(),
            debug_fn_args: Vec::new(),
            noalias_decls: Vec::new(),
            block_serial: 0,
            seen: Vec::new(),
        }
    }

    /// Records a failed rule (LLVM's `CheckFailed` / `DebugInfoCheckFailed`).
    #[cold]
    #[inline(never)]
    pub(crate) fn fail(&mut self, debug_info: bool, message: impl Into<String>, items: Vec<Item>) {
        self.report.fail(debug_info, message.into(), items);
    }

    /// The layout cache of the module's data layout.
    pub(crate) fn layout(&mut self) -> &mut LayoutCache {
        let dl = &self.dl;
        self.layout
            .get_or_insert_with(|| LayoutCache::new(dl.clone()))
    }

    /// The side payload of `i` (`Context::extra`), from the cache when `i`
    /// is the instruction being visited.
    #[inline]
    pub(crate) fn extra(&self, i: Inst) -> Option<&'a InstExtra> {
        match self.cur {
            Some((c, e)) if c == i => e,
            _ => self.ctx.extra(i),
        }
    }

    /// Operand `k` of `i`, an instruction whose operands are all set (as
    /// `visit_inst` checks before the opcode's rules): read from the
    /// operand run without generation checks, from the cache for the
    /// instruction being visited.
    #[inline]
    pub(crate) fn operand_of(&self, i: Inst, k: u32) -> Value {
        let g = &self.ctx.graph;
        let ops = match self.cur {
            Some((c, _)) if c == i => self.cur_ops,
            _ => g.operand_slice(i.0),
        };
        g.handle(ops[k as usize].val)
    }

    /// The type of operand `k` of `i` (see [`Verifier::operand_of`]).
    #[inline]
    pub(crate) fn operand_ty(&self, i: Inst, k: u32) -> crate::types::Type {
        let g = &self.ctx.graph;
        let ops = match self.cur {
            Some((c, _)) if c == i => self.cur_ops,
            _ => g.operand_slice(i.0),
        };
        g.values[ops[k as usize].val as usize].ty
    }

    /// The per-opcode payload of `i` (`Context::payload`), through
    /// [`Verifier::extra`].
    #[inline]
    pub(crate) fn payload(&self, i: Inst) -> &'a InstPayload {
        static NONE_PAYLOAD: InstPayload = InstPayload::None;
        self.extra(i).map_or(&NONE_PAYLOAD, |e| &e.payload)
    }

    /// Marks `i` visited in the current block.
    #[inline]
    pub(crate) fn mark_seen(&mut self, i: Inst) {
        let idx = i.0.idx as usize;
        if self.seen.len() <= idx {
            let n = self.ctx.graph.values.len().max(idx + 1);
            self.seen.resize(n, 0);
        }
        self.seen[idx] = self.block_serial;
    }

    /// Starts a new block (for LLVM's `InstsInThisBlock`).
    pub(crate) fn enter_block(&mut self, b: Block) {
        self.block_serial += 1;
        self.report.at.block = Some(b);
        self.report.at.inst = None;
    }
}
