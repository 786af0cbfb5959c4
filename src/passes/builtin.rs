//! lair's built-in passes by name: the analysis printers, `require<>`,
//! `invalidate<>`, the no-op passes and the transforms (whose work is in
//! `transforms/`; here they only say what they preserve).
//!
//! Owns the names of [`PassRegistry`](super::PassRegistry)'s built-in
//! passes and the one adaptor behind all of them (`BuiltIn`: a name,
//! whether the pass is required, and a function or closure that runs it).

use super::analyses::{AnalysisKind, FunctionAnalyses};
use super::manager::{FunctionPass, ModulePass, PassError, PassResult, PreservedAnalyses};
use crate::inst::Opcode;
use crate::ir::{Block, Function, Module};
use crate::Context;

/// The function pass spelled `name` among lair's own.
pub(crate) fn function_pass(name: &str) -> Option<Box<dyn FunctionPass>> {
    let p: Box<dyn FunctionPass> = match name {
        "no-op-function" => function(name, SKIPPABLE, |_, _, _, _| Ok(PreservedAnalyses::all())),
        "mem2reg" => function(name, SKIPPABLE, mem2reg),
        "dce" => function(name, SKIPPABLE, dce),
        "adce" => function(name, SKIPPABLE, adce),
        "break-crit-edges" => function(name, SKIPPABLE, break_crit_edges),
        "reg2mem" => function(name, SKIPPABLE, reg2mem),
        "lcssa" => function(name, SKIPPABLE, lcssa),
        "loop-simplify" => function(name, SKIPPABLE, loop_simplify),
        "dot-cfg" => Box::new(super::dot_cfg::DotCfg),
        _ => {
            let (kw, param) = split_param(name)?;
            match kw {
                "print" | "require" => {
                    let a = AnalysisKind::from_name(param)?;
                    let name = format!("{kw}<{}>", a.name());
                    if kw == "print" {
                        function(name, REQUIRED, move |ctx, f, am, log| {
                            print_analysis(ctx, f, a, am, log);
                            Ok(PreservedAnalyses::all())
                        })
                    } else {
                        function(name, REQUIRED, move |ctx, f, am, _| {
                            Ok(require(ctx, f, a, am))
                        })
                    }
                }
                "invalidate" => {
                    // `None`: `invalidate<all>`.
                    let a = match param {
                        "all" => None,
                        _ => Some(AnalysisKind::from_name(param)?),
                    };
                    let name = format!("invalidate<{}>", a.map_or("all", |a| a.name()));
                    function(name, REQUIRED, move |_, f, am, _| {
                        am.invalidate(f, a);
                        Ok(PreservedAnalyses::all())
                    })
                }
                _ => return None,
            }
        }
    };
    Some(p)
}

/// The module pass spelled `name` among lair's own.
pub(crate) fn module_pass(name: &str) -> Option<Box<dyn ModulePass>> {
    let p = match name {
        "no-op-module" => module(name, SKIPPABLE, |_, _, _, _| Ok(PreservedAnalyses::all())),
        // Module-level `invalidate<all>`: drops every cached analysis.
        "invalidate<all>" => module(name, REQUIRED, |_, _, am, _| {
            am.clear();
            Ok(PreservedAnalyses::all())
        }),
        _ => return None,
    };
    Some(p)
}

/// `print<NAME>`, `require<NAME>`, `invalidate<NAME>`: the keyword and
/// the parameter.
fn split_param(name: &str) -> Option<(&str, &str)> {
    let open = name.find('<')?;
    let param = name[open + 1..].strip_suffix('>')?;
    Some((&name[..open], param))
}

/// Every built-in pass: its name, whether it is required (runs on
/// `optnone` functions too) and what it does, a function or closure of
/// the pass's `run` signature. It is a [`FunctionPass`] when `run` takes a
/// [`Function`] and a [`ModulePass`] when it takes a [`Module`].
struct BuiltIn<R> {
    name: String,
    required: bool,
    run: R,
}

/// A pass that `optnone` functions skip (the transforms).
const SKIPPABLE: bool = false;
/// A pass that runs on `optnone` functions too (printers, `require<>`,
/// `invalidate<>`).
const REQUIRED: bool = true;

/// A built-in function pass.
fn function<R>(name: impl Into<String>, required: bool, run: R) -> Box<dyn FunctionPass>
where
    R: FnMut(&mut Context, Function, &mut FunctionAnalyses, &mut String) -> PassResult + 'static,
{
    Box::new(BuiltIn {
        name: name.into(),
        required,
        run,
    })
}

/// A built-in module pass.
fn module<R>(name: impl Into<String>, required: bool, run: R) -> Box<dyn ModulePass>
where
    R: FnMut(&mut Context, Module, &mut FunctionAnalyses, &mut String) -> PassResult + 'static,
{
    Box::new(BuiltIn {
        name: name.into(),
        required,
        run,
    })
}

impl<R> FunctionPass for BuiltIn<R>
where
    R: FnMut(&mut Context, Function, &mut FunctionAnalyses, &mut String) -> PassResult,
{
    fn name(&self) -> String {
        self.name.clone()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        log: &mut String,
    ) -> PassResult {
        (self.run)(ctx, f, am, log)
    }
    fn is_required(&self) -> bool {
        self.required
    }
}

impl<R> ModulePass for BuiltIn<R>
where
    R: FnMut(&mut Context, Module, &mut FunctionAnalyses, &mut String) -> PassResult,
{
    fn name(&self) -> String {
        self.name.clone()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        m: Module,
        am: &mut FunctionAnalyses,
        log: &mut String,
    ) -> PassResult {
        (self.run)(ctx, m, am, log)
    }
    fn is_required(&self) -> bool {
        self.required
    }
}

/// `require<NAME>`: computes the analysis if it is not cached.
fn require(
    ctx: &mut Context,
    f: Function,
    a: AnalysisKind,
    am: &mut FunctionAnalyses,
) -> PreservedAnalyses {
    match a {
        AnalysisKind::DomTree => {
            am.dom_tree(ctx, f);
        }
        AnalysisKind::PostDomTree => {
            am.post_dom_tree(ctx, f);
        }
        AnalysisKind::Loops => {
            am.loops(ctx, f);
        }
        AnalysisKind::BranchProb => {
            am.branch_prob(ctx, f);
        }
        AnalysisKind::BlockFreq => {
            am.block_freq(ctx, f);
        }
    }
    PreservedAnalyses::all()
}

/// `print<NAME>`: LLVM's `DominatorTreePrinterPass`,
/// `PostDominatorTreePrinterPass` and `LoopPrinterPass`.
fn print_analysis(
    ctx: &mut Context,
    f: Function,
    a: AnalysisKind,
    am: &mut FunctionAnalyses,
    out: &mut String,
) {
    match a {
        AnalysisKind::BranchProb => {
            am.branch_prob(ctx, f);
        }
        AnalysisKind::BlockFreq => {
            am.block_freq(ctx, f);
        }
        _ => {}
    }
    let ctx = &*ctx;
    let fname = crate::ir::shown(ctx.name_bytes(f.0).unwrap_or(b""));
    let names = ctx.local_names(f);
    let mut name = |out: &mut String, b: Block| names.push(out, b.0);
    match a {
        AnalysisKind::DomTree => {
            out.push_str("DominatorTree for function: ");
            out.push_str(&fname);
            out.push('\n');
            am.dom_tree(ctx, f).print(out, &mut name);
        }
        AnalysisKind::PostDomTree => {
            out.push_str("PostDominatorTree for function: ");
            out.push_str(&fname);
            out.push('\n');
            am.post_dom_tree(ctx, f).print(out, &mut name);
        }
        AnalysisKind::Loops => {
            out.push_str("Loop info for function '");
            out.push_str(&fname);
            out.push_str("':\n");
            let (_, li) = am.loops(ctx, f);
            li.print(ctx, out, &mut name, &mut |l| {
                li.is_annotated_parallel(ctx, l)
            });
        }
        AnalysisKind::BranchProb => {
            let bpi = am.cached_branch_prob(f).expect("computed above");
            out.push_str("Printing analysis 'Branch Probability Analysis' for function '");
            out.push_str(&fname);
            out.push_str("':\n");
            bpi.print(ctx, f, out, &mut name);
        }
        AnalysisKind::BlockFreq => {
            out.push_str("Printing analysis results of BFI for function '");
            out.push_str(&fname);
            out.push_str("':\n");
            let bfi = am.cached_block_freq(f).expect("computed above");
            bfi.print(ctx, f, out);
        }
    }
}

/// `mem2reg`: LLVM's `PromotePass`. Promotes the promotable allocas of the
/// entry block (all but its terminator) until none is left; keeps the CFG.
fn mem2reg(
    ctx: &mut Context,
    f: Function,
    am: &mut FunctionAnalyses,
    _: &mut String,
) -> PassResult {
    let entry = ctx.entry_block(f).expect("a function with a body");
    let dt = am.dom_tree(ctx, f);
    let mut changed = false;
    let mut allocas = Vec::new();
    loop {
        allocas.clear();
        let last = ctx.last_inst(entry);
        for i in ctx.insts(entry) {
            if Some(i) == last {
                break;
            }
            if ctx.opcode(i) == Opcode::Alloca && ctx.is_alloca_promotable(i) {
                allocas.push(i);
            }
        }
        if allocas.is_empty() {
            break;
        }
        ctx.promote_mem_to_reg(&allocas, dt);
        changed = true;
    }
    if changed {
        Ok(PreservedAnalyses::cfg())
    } else {
        Ok(PreservedAnalyses::all())
    }
}

/// `dce`: LLVM's `DCEPass`; keeps the CFG.
fn dce(ctx: &mut Context, f: Function, _: &mut FunctionAnalyses, _: &mut String) -> PassResult {
    if ctx.eliminate_dead_code(f) {
        Ok(PreservedAnalyses::cfg())
    } else {
        Ok(PreservedAnalyses::all())
    }
}

/// `adce`: LLVM's `ADCEPass`. Keeps the CFG analyses unless a branch was
/// rewritten; then the cached dominator and post-dominator trees are
/// updated with the deleted edges and kept, as LLVM's are.
fn adce(ctx: &mut Context, f: Function, am: &mut FunctionAnalyses, _: &mut String) -> PassResult {
    let pdt = am.post_dom_tree(ctx, f);
    let changed = ctx.aggressive_dce(f, pdt);
    if !changed.anything {
        return Ok(PreservedAnalyses::all());
    }
    if !changed.control_flow {
        return Ok(PreservedAnalyses::cfg());
    }
    if let Some(dt) = am.cached_dom_tree(f) {
        dt.apply_updates(ctx, &changed.deleted_edges);
    }
    if let Some(pdt) = am.cached_post_dom_tree(f) {
        pdt.apply_updates(ctx, &changed.deleted_edges);
    }
    Ok(PreservedAnalyses::none()
        .preserve(AnalysisKind::DomTree)
        .preserve(AnalysisKind::PostDomTree))
}

/// `break-crit-edges`: LLVM's `BreakCriticalEdgesPass`.
fn break_crit_edges(
    ctx: &mut Context,
    f: Function,
    am: &mut FunctionAnalyses,
    _: &mut String,
) -> PassResult {
    // LLVM splits with the loop forest when one is cached.
    let n = if am.is_cached(f, AnalysisKind::Loops) {
        let (dt, li) = am.loops(ctx, f);
        ctx.split_all_critical_edges_in_loops(f, dt, li)
    } else {
        ctx.split_all_critical_edges(f)
    };
    if n == 0 {
        Ok(PreservedAnalyses::all())
    } else {
        Ok(PreservedAnalyses::none())
    }
}

/// `reg2mem`: LLVM's `RegToMemPass`.
fn reg2mem(
    ctx: &mut Context,
    f: Function,
    am: &mut FunctionAnalyses,
    _: &mut String,
) -> PassResult {
    usable_data_layout(ctx, f)?;
    let (dt, li) = am.loops(ctx, f);
    if ctx.reg_to_mem(f, dt, li) {
        Ok(PreservedAnalyses::none())
    } else {
        Ok(PreservedAnalyses::all())
    }
}

/// `lcssa`: LLVM's `LCSSAPass`. Adds PHIs only, so the CFG analyses
/// stay (LLVM preserves the CFG set).
fn lcssa(ctx: &mut Context, f: Function, am: &mut FunctionAnalyses, _: &mut String) -> PassResult {
    let (dt, li) = am.loops(ctx, f);
    if ctx.form_lcssa_on_all_loops(dt, li) {
        Ok(PreservedAnalyses::cfg())
    } else {
        Ok(PreservedAnalyses::all())
    }
}

/// `loop-simplify`: LLVM's `LoopSimplifyPass`; keeps the dominator tree
/// and the loop forest, as LLVM does.
fn loop_simplify(
    ctx: &mut Context,
    f: Function,
    am: &mut FunctionAnalyses,
    _: &mut String,
) -> PassResult {
    usable_data_layout(ctx, f)?;
    let (dt, li) = am.loops_mut(ctx, f);
    if ctx.simplify_loops_updating(f, dt, li) {
        Ok(PreservedAnalyses::none()
            .preserve(AnalysisKind::DomTree)
            .preserve(AnalysisKind::Loops))
    } else {
        Ok(PreservedAnalyses::all())
    }
}

/// Fails unless `f`'s module has a data layout the transforms can size
/// types with (`reg2mem`'s allocas, `loop-simplify`'s PHI folding need
/// it). The parsers refuse a bad `target datalayout`; an API user may
/// still assign one.
fn usable_data_layout(ctx: &mut Context, f: Function) -> Result<(), PassError> {
    let m = ctx.global_parent(f.0);
    match ctx.module_layout(m) {
        Ok(_) => Ok(()),
        Err(e) => Err(PassError::new(format!(
            "the module's data layout is unusable: {e}"
        ))),
    }
}
