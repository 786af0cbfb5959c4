//! lair's built-in passes by name: the analysis printers, `require<>`,
//! `invalidate<>`, the no-op passes and the transforms (whose work is in
//! `transforms/`; here they only say what they preserve).
//!
//! Owns the names of [`PassRegistry`](super::PassRegistry)'s built-in
//! passes and the pass objects behind them.

use super::analyses::{AnalysisKind, FunctionAnalyses};
use super::manager::{FunctionPass, ModulePass, PreservedAnalyses};
use crate::inst::Opcode;
use crate::ir::{Block, Function, Module};
use crate::Context;

/// The function pass spelled `name` among lair's own.
pub(crate) fn function_pass(name: &str) -> Option<Box<dyn FunctionPass>> {
    let p: Box<dyn FunctionPass> = match name {
        "no-op-function" => Box::new(NoOpFunction),
        "mem2reg" => Box::new(Mem2Reg),
        "dce" => Box::new(Dce),
        "adce" => Box::new(Adce),
        "break-crit-edges" => Box::new(BreakCritEdges),
        "reg2mem" => Box::new(Reg2Mem),
        "lcssa" => Box::new(Lcssa),
        "loop-simplify" => Box::new(LoopSimplify),
        "dot-cfg" => Box::new(super::dot_cfg::DotCfg),
        _ => {
            let (kw, param) = split_param(name)?;
            match kw {
                "print" => Box::new(Print(AnalysisKind::from_name(param)?)),
                "require" => Box::new(Require(AnalysisKind::from_name(param)?)),
                "invalidate" if param == "all" => Box::new(Invalidate(None)),
                "invalidate" => Box::new(Invalidate(Some(AnalysisKind::from_name(param)?))),
                _ => return None,
            }
        }
    };
    Some(p)
}

/// The module pass spelled `name` among lair's own.
pub(crate) fn module_pass(name: &str) -> Option<Box<dyn ModulePass>> {
    match name {
        "no-op-module" => Some(Box::new(NoOpModule)),
        "invalidate<all>" => Some(Box::new(InvalidateAllModule)),
        _ => None,
    }
}

/// `print<NAME>`, `require<NAME>`, `invalidate<NAME>`: the keyword and
/// the parameter.
fn split_param(name: &str) -> Option<(&str, &str)> {
    let open = name.find('<')?;
    let param = name[open + 1..].strip_suffix('>')?;
    Some((&name[..open], param))
}

struct NoOpFunction;

impl FunctionPass for NoOpFunction {
    fn name(&self) -> String {
        "no-op-function".into()
    }
    fn run(
        &mut self,
        _: &mut Context,
        _: Function,
        _: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        PreservedAnalyses::all()
    }
}

struct NoOpModule;

impl ModulePass for NoOpModule {
    fn name(&self) -> String {
        "no-op-module".into()
    }
    fn run(
        &mut self,
        _: &mut Context,
        _: Module,
        _: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        PreservedAnalyses::all()
    }
}

/// Module-level `invalidate<all>`: drops every cached analysis.
struct InvalidateAllModule;

impl ModulePass for InvalidateAllModule {
    fn name(&self) -> String {
        "invalidate<all>".into()
    }
    fn run(
        &mut self,
        _: &mut Context,
        _: Module,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        am.clear();
        PreservedAnalyses::all()
    }
    fn is_required(&self) -> bool {
        true
    }
}

/// `require<NAME>`: computes the analysis if it is not cached.
struct Require(AnalysisKind);

impl FunctionPass for Require {
    fn name(&self) -> String {
        format!("require<{}>", self.0.name())
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        match self.0 {
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
    fn is_required(&self) -> bool {
        true
    }
}

/// `invalidate<NAME>` (`None`: `invalidate<all>`): drops cached results.
struct Invalidate(Option<AnalysisKind>);

impl FunctionPass for Invalidate {
    fn name(&self) -> String {
        format!("invalidate<{}>", self.0.map_or("all", |a| a.name()))
    }
    fn run(
        &mut self,
        _: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        am.invalidate(f, self.0);
        PreservedAnalyses::all()
    }
    fn is_required(&self) -> bool {
        true
    }
}

/// `print<NAME>`: LLVM's `DominatorTreePrinterPass`,
/// `PostDominatorTreePrinterPass` and `LoopPrinterPass`.
struct Print(AnalysisKind);

impl FunctionPass for Print {
    fn name(&self) -> String {
        format!("print<{}>", self.0.name())
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        out: &mut String,
    ) -> PreservedAnalyses {
        print_analysis(ctx, f, self.0, am, out);
        PreservedAnalyses::all()
    }
    fn is_required(&self) -> bool {
        true
    }
}

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
    let fname = ctx.name_of(f.0).unwrap_or("");
    let names = ctx.local_names(f);
    let mut name = |out: &mut String, b: Block| names.push(out, b.0);
    match a {
        AnalysisKind::DomTree => {
            out.push_str("DominatorTree for function: ");
            out.push_str(fname);
            out.push('\n');
            am.dom_tree(ctx, f).print(out, &mut name);
        }
        AnalysisKind::PostDomTree => {
            out.push_str("PostDominatorTree for function: ");
            out.push_str(fname);
            out.push('\n');
            am.post_dom_tree(ctx, f).print(out, &mut name);
        }
        AnalysisKind::Loops => {
            out.push_str("Loop info for function '");
            out.push_str(fname);
            out.push_str("':\n");
            let (_, li) = am.loops(ctx, f);
            li.print(ctx, out, &mut name, &mut |l| {
                li.is_annotated_parallel(ctx, l)
            });
        }
        AnalysisKind::BranchProb => {
            let bpi = am.cached_branch_prob(f).expect("computed above");
            out.push_str("Printing analysis 'Branch Probability Analysis' for function '");
            out.push_str(fname);
            out.push_str("':\n");
            bpi.print(ctx, f, out, &mut name);
        }
        AnalysisKind::BlockFreq => {
            out.push_str("Printing analysis results of BFI for function '");
            out.push_str(fname);
            out.push_str("':\n");
            let bfi = am.cached_block_freq(f).expect("computed above");
            if let Err(e) = bfi.print(ctx, f, out) {
                panic!("{e}");
            }
        }
    }
}

/// `mem2reg`: LLVM's `PromotePass`. Promotes the promotable allocas of the
/// entry block (all but its terminator) until none is left; keeps the CFG.
struct Mem2Reg;

impl FunctionPass for Mem2Reg {
    fn name(&self) -> String {
        "mem2reg".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
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
            PreservedAnalyses::cfg()
        } else {
            PreservedAnalyses::all()
        }
    }
}

/// `dce`: LLVM's `DCEPass`; keeps the CFG.
struct Dce;

impl FunctionPass for Dce {
    fn name(&self) -> String {
        "dce".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        _: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        if ctx.eliminate_dead_code(f) {
            PreservedAnalyses::cfg()
        } else {
            PreservedAnalyses::all()
        }
    }
}

/// `adce`: LLVM's `ADCEPass`. Keeps the CFG analyses unless a branch was
/// rewritten.
struct Adce;

impl FunctionPass for Adce {
    fn name(&self) -> String {
        "adce".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        let pdt = am.post_dom_tree(ctx, f);
        let changed = ctx.aggressive_dce(f, pdt);
        if !changed.anything {
            PreservedAnalyses::all()
        } else if !changed.control_flow {
            PreservedAnalyses::cfg()
        } else {
            PreservedAnalyses::none()
        }
    }
}

/// `break-crit-edges`: LLVM's `BreakCriticalEdgesPass`.
struct BreakCritEdges;

impl FunctionPass for BreakCritEdges {
    fn name(&self) -> String {
        "break-crit-edges".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        _: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        if ctx.split_all_critical_edges(f) == 0 {
            PreservedAnalyses::all()
        } else {
            PreservedAnalyses::none()
        }
    }
}

/// `reg2mem`: LLVM's `RegToMemPass`.
struct Reg2Mem;

impl FunctionPass for Reg2Mem {
    fn name(&self) -> String {
        "reg2mem".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        let (dt, li) = am.loops(ctx, f);
        if ctx.reg_to_mem(f, dt, li) {
            PreservedAnalyses::none()
        } else {
            PreservedAnalyses::all()
        }
    }
}

/// `lcssa`: LLVM's `LCSSAPass`. Adds PHIs only, so the CFG analyses
/// stay (LLVM preserves the CFG set).
struct Lcssa;

impl FunctionPass for Lcssa {
    fn name(&self) -> String {
        "lcssa".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        let (dt, li) = am.loops(ctx, f);
        if ctx.form_lcssa_on_all_loops(dt, li) {
            PreservedAnalyses::cfg()
        } else {
            PreservedAnalyses::all()
        }
    }
}

/// `loop-simplify`: LLVM's `LoopSimplifyPass`. LLVM keeps its dominator
/// tree and loop forest up to date; lair drops them when the CFG changed
/// (see DESIGN.md, Pass manager).
struct LoopSimplify;

impl FunctionPass for LoopSimplify {
    fn name(&self) -> String {
        "loop-simplify".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PreservedAnalyses {
        let (dt, li) = am.loops(ctx, f);
        if ctx.simplify_loops(f, dt, li) {
            PreservedAnalyses::none()
        } else {
            PreservedAnalyses::all()
        }
    }
}
