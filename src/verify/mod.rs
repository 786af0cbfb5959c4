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
//!
//! # Dominance, state, cost and checks
//!
//! * Dominance: a function's `analysis::DomTree` is built on its first
//!   question (LLVM builds it before the visit; the verifier changes
//!   nothing, so it is the same tree). Operands seen earlier in the block,
//!   entry-block definitions used elsewhere, and PHI operands defined in
//!   their incoming block or the entry block exit early (`invoke` results
//!   never do), so the tree is asked only about uses across non-entry
//!   blocks, and most functions build none. A non-PHI among its own
//!   operands is an error only in a reachable block.
//! * State per run: visited nodes, compile units, TBAA caches, signature
//!   results per declaration, a lazily built `DIAssignID` index; "seen in
//!   this block" is a `u32` block serial per value slot, never cleared.
//!   That table and the tree's storage are kept per thread between runs
//!   (`Scratch`; the serials keep counting, so old stamps never match).
//!   Metadata is walked with an explicit stack in LLVM's order.
//! * Cost: O(instructions + operands + metadata nodes + uses of globals);
//!   attribute checks per distinct list; the printer's numbering is made only
//!   when the first error is reported. The instruction being visited is
//!   looked up once (`Cur`: its record, side payload and operands) and read
//!   from there by the rules.
//! * `strip_invalid_tbaa` is what LLVM's bitcode reader does with TBAA (all
//!   `!tbaa` dropped when one is invalid); it lives here because it needs
//!   the TBAA rules, and `lair` calls it after each bitcode read.
//! * Checked: `tests/data/verify` (`scripts/verify-cases.py`) holds 748
//!   modules: 547 LLVM 19 rejects (445 distinct first messages), 132 whose
//!   debug info it drops, 69 valid look-alikes (unreachable blocks breaking
//!   dominance, self-referencing instructions and PHIs in unreachable code,
//!   duplicate PHI entries for one predecessor with the same value);
//!   `expected.tsv` is llvm-as-19's verdict and first line
//!   (`scripts/verify-table.sh --check` in `.ci/run`), `tests/verify.rs`
//!   checks lair against it, `oracle-verify.sh` judges the corpus and the
//!   set. `scripts/verify-bc.sh` compares `lair verify` of their bitcode with
//!   `opt-19 -passes=verify`: 745 agree, 3 are listed divergences (reader
//!   upgrades not done: 2-field `llvm.global_ctors`, `"Linker Options"`; a
//!   CU outside `llvm.dbg.cu` that opt accepts). `tests/verify_property.rs`
//!   (quickcheck): built CFGs verify clean, single mutations get LLVM's
//!   message (`scripts/verify-mutations.sh` checks the textual ones).
//!   Tests that build or transform complete IR end with
//!   `tests/support/verified.rs`; `examples/dbg_churn.rs` verifies every
//!   corpus file before and after its RAUW + erase churn.

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
use crate::value::{UseData, Value, ValueData};
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
        v.finish()
    }

    /// Verifies one function as LLVM's `verifyFunction` does: its
    /// structure, attributes and instructions, without the module-level
    /// rules.
    pub fn verify_function(&self, f: Function) -> Verification {
        let m = self.global_parent(f.0);
        let mut v = Verifier::new(self, m);
        v.verify_function(f);
        v.finish()
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

/// The tables a verifier run fills and reuses, kept per thread between
/// runs (taken while one runs, so a nested run starts with fresh ones):
/// the "seen in this block" stamps cover every value slot of the module
/// (4 bytes a slot), and a fresh table would touch its pages anew on each
/// run.
#[derive(Default)]
struct Scratch {
    /// The serial of the last block entered on this thread.
    block_serial: u32,
    /// By raw value index: the serial of the block in which the value was
    /// visited as an instruction (stamps of earlier runs are below every
    /// serial of this one).
    seen: Vec<u32>,
    /// The dominator tree's storage.
    dt: crate::analysis::DomTree,
}

std::thread_local! {
    /// The last run's `Scratch` on this thread (`crate::reuse`).
    static SCRATCH: crate::reuse::Slot<Scratch> = const { core::cell::Cell::new(None) };
}

/// The instruction being visited and what the rules read of it on every
/// instruction, looked up once when the block walk reaches it (the walk's
/// own index: no generation check).
#[derive(Clone, Copy)]
pub(crate) struct Cur<'a> {
    pub(crate) inst: Inst,
    /// Its value record.
    pub(crate) rec: &'a ValueData,
    /// Its side payload.
    pub(crate) extra: Option<&'a InstExtra>,
    /// Its operands.
    pub(crate) ops: &'a [UseData],
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
    /// The instruction being visited, with its record, side payload and
    /// operands looked up once (`None` between instructions).
    pub(crate) cur: Option<Cur<'a>>,
    /// Whether each struct type a GEP indexed (one not sized for good: the
    /// others answer from their flags) contains a scalable vector.
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
    /// The function's dominator tree (LLVM's `DT`), built on the
    /// function's first dominance question.
    pub(crate) dt: crate::analysis::DomTree,
    /// Whether `dt` is the current function's.
    pub(crate) dt_built: bool,
    /// Whether the dominance rules are on (the function's blocks all end
    /// in terminators naming blocks of the function).
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
    /// Number of the block being visited, counted per thread across runs
    /// (`seen` entries equal to it mark instructions already visited in
    /// that block: LLVM's `InstsInThisBlock`).
    block_serial: u32,
    /// By raw value index: the serial of the block in which the value was
    /// visited as an instruction (from [`Scratch`]).
    seen: Vec<u32>,
}

impl Drop for Verifier<'_> {
    /// Hands the reusable tables back to the thread.
    fn drop(&mut self) {
        let s = Box::new(Scratch {
            block_serial: self.block_serial,
            seen: core::mem::take(&mut self.seen),
            dt: core::mem::take(&mut self.dt),
        });
        crate::reuse::give_back(&SCRATCH, s);
    }
}

impl<'a> Verifier<'a> {
    pub(crate) fn new(ctx: &'a Context, m: Module) -> Self {
        let dl = DataLayout::parse(&ctx.module(m).datalayout).unwrap_or_default();
        let scratch = *crate::reuse::take(&SCRATCH);
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
            scalable_structs: HashMap::new(),
            intrinsic_sig_ok: HashSet::new(),
            func: None,
            entry: None,
            entry_idx: crate::entity::NONE,
            self_ref: false,
            dt: scratch.dt,
            dt_built: false,
            dom_ok: false,
            has_debug_info: false,
            landing_pad_ty: None,
            saw_frame_escape: false,
            sibling_funclets: IndexMap::new(),
            debug_fn_args: Vec::new(),
            noalias_decls: Vec::new(),
            block_serial: scratch.block_serial,
            seen: scratch.seen,
        }
    }

    /// The errors of the run.
    fn finish(&mut self) -> Verification {
        self.report.finish()
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
    #[inline(always)]
    pub(crate) fn extra(&self, i: Inst) -> Option<&'a InstExtra> {
        match self.cur {
            Some(c) if c.inst == i => c.extra,
            _ => self.ctx.extra(i),
        }
    }

    /// What the rules read of instruction `i` on every visit: the cache
    /// when `i` is the instruction being visited.
    ///
    /// # Panics
    /// If `i` is stale.
    #[inline(always)]
    pub(crate) fn cur_of(&self, i: Inst) -> Cur<'a> {
        match self.cur {
            Some(c) if c.inst == i => c,
            _ => self.look_up(i),
        }
    }

    /// [`Verifier::cur_of`] for an instruction other than the one being
    /// visited.
    #[inline(never)]
    fn look_up(&self, i: Inst) -> Cur<'a> {
        let ctx = self.ctx;
        Cur {
            inst: i,
            rec: ctx.graph.get(i.0),
            extra: ctx.extra(i),
            ops: ctx.graph.operand_slice(i.0),
        }
    }

    /// The value record of instruction `i`, from the cache when `i` is the
    /// instruction being visited.
    ///
    /// # Panics
    /// If `i` is stale.
    #[inline(always)]
    pub(crate) fn rec(&self, i: Inst) -> &'a ValueData {
        match self.cur {
            Some(c) if c.inst == i => c.rec,
            _ => self.ctx.graph.get(i.0),
        }
    }

    /// The operands of `i`, from the cache when `i` is the instruction
    /// being visited.
    #[inline(always)]
    pub(crate) fn ops(&self, i: Inst) -> &'a [UseData] {
        match self.cur {
            Some(c) if c.inst == i => c.ops,
            _ => self.ctx.graph.operand_slice(i.0),
        }
    }

    /// The opcode of instruction `i` (`Context::opcode`), from the cache
    /// when `i` is the instruction being visited.
    #[inline(always)]
    pub(crate) fn opcode(&self, i: Inst) -> crate::inst::Opcode {
        match self.cur {
            Some(c) if c.inst == i => crate::inst::Opcode::from_u8(c.rec.opcode),
            _ => self.ctx.opcode(i),
        }
    }

    /// Operand `k` of `i`, an instruction whose operands are all set (as
    /// `visit_inst` checks before the opcode's rules): read from the
    /// operand run without generation checks, from the cache for the
    /// instruction being visited.
    #[inline(always)]
    pub(crate) fn operand_of(&self, i: Inst, k: u32) -> Value {
        let g = &self.ctx.graph;
        g.handle(self.ops(i)[k as usize].val)
    }

    /// The type of operand `k` of `i` (see [`Verifier::operand_of`]).
    #[inline(always)]
    pub(crate) fn operand_ty(&self, i: Inst, k: u32) -> crate::types::Type {
        let g = &self.ctx.graph;
        g.values[self.ops(i)[k as usize].val as usize].ty
    }

    /// The per-opcode payload of `i` (`Context::payload`), through
    /// [`Verifier::extra`].
    #[inline]
    pub(crate) fn payload(&self, i: Inst) -> &'a InstPayload {
        static NONE_PAYLOAD: InstPayload = InstPayload::None;
        self.extra(i).map_or(&NONE_PAYLOAD, |e| &e.payload)
    }

    /// Clears the stamps when the block serials of this thread run out.
    #[cold]
    fn restart_serials(&mut self) {
        self.seen.fill(0);
        self.block_serial = 0;
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
        if self.block_serial == u32::MAX {
            self.restart_serials();
        }
        self.block_serial += 1;
        self.report.at.block = Some(b);
        self.report.at.inst = None;
    }
}

#[cfg(test)]
mod tests {
    use crate::builder::Builder;
    use crate::ir::Inst;
    use crate::{Context, Value};

    /// `define i64 @f(i64 %a, i1 %c, i32 %n)` with `entry: %s = add i64 %a,
    /// %a; br i1 %c, label %x, label %x` and `x: ret i64 %s`.
    fn world() -> (Context, crate::ir::Module, Inst, Inst, Inst, [Value; 3]) {
        let mut ctx = Context::new();
        let m = ctx.create_module("m");
        let (i64t, i1, i32t) = (ctx.i64_type(), ctx.i1_type(), ctx.i32_type());
        let fty = ctx.function_type(i64t, &[i64t, i1, i32t], false);
        let f = ctx.add_function(m, "f", fty);
        let (e, x) = (ctx.append_block(f, "entry"), ctx.append_block(f, "x"));
        let args = [ctx.arg(f, 0), ctx.arg(f, 1), ctx.arg(f, 2)];
        let mut b = Builder::at_end(&mut ctx, e);
        let s = b.add(args[0], args[0]);
        let br = b.cond_br(args[1], x, x);
        let ret = Builder::at_end(&mut ctx, x).ret(Some(s));
        assert!(ctx.verify_module(m).first().is_none());
        (ctx, m, Inst(s), br, ret, args)
    }

    fn first(ctx: &Context, m: crate::ir::Module) -> String {
        let v = ctx.verify_module(m);
        v.first()
            .map(|e| e.message().to_string())
            .unwrap_or_default()
    }

    /// States checked construction refuses, made here through the graph's
    /// unchecked operand setter: the verifier still reports them with
    /// `Verifier.cpp`'s messages.
    #[test]
    fn states_the_api_refuses() {
        let (mut ctx, m, s, _, _, [_, _, n]) = world();
        ctx.graph.set_operand(s.0, 1, Some(n));
        assert_eq!(
            first(&ctx, m),
            "Both operands to a binary operator are not of the same type!"
        );
        let (mut ctx, m, _, br, _, [_, _, n]) = world();
        ctx.graph.set_operand(br.0, 0, Some(n));
        assert_eq!(first(&ctx, m), "Branch condition is not 'i1' type!");
        let (mut ctx, m, _, _, ret, [_, _, n]) = world();
        ctx.graph.set_operand(ret.0, 0, Some(n));
        assert_eq!(
            first(&ctx, m),
            "Function return type does not match operand type of return inst!"
        );
    }
}
