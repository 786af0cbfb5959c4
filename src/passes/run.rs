//! Running a [`Pipeline`]: the per-function analysis cache and the
//! printer passes.
//!
//! Owns [`FunctionAnalyses`] (LLVM's `FunctionAnalysisManager` for the
//! analyses lair has) and [`run_pipeline`]. Results are cached per function
//! for the whole run, as LLVM's are: a loop forest is built from the cached
//! dominator tree, and the dominance queries it makes show in the tree's
//! slow-query count when `print<domtree>` comes later, exactly as in
//! `opt`. A pass that changes a function will drop what it does not
//! preserve.
//!
//! A function adaptor visits every function with a body, in module order.
//! `invalidate<domtree>` drops only the tree (LLVM's `LoopInfo` survives
//! it); module-level `invalidate<all>` drops everything. Printers append to
//! a string that `lair opt` writes to stderr. As in `opt`, declarations
//! print nothing, and functions with `optnone` print like the others
//! (printers, `require` and `invalidate` are required passes, which
//! `optnone` does not skip; a transform will be skipped there).
//! `lair opt -passes=P [-disable-output] [-S] [-o OUT] FILE.ll` parses the
//! file, runs the pipeline and, unless output is disabled, prints the module
//! (`-S`; bitcode output is refused until there is a writer).

use super::pipeline::{AnalysisKind, FunctionPass, ModulePass, Pipeline};
use crate::analysis::{DomTree, LoopInfo, PostDomTree};
use crate::ir::{Function, Module};
use crate::Context;
use hashbrown::HashMap;

/// The cached analyses of one function.
#[derive(Default)]
struct Cached {
    dt: Option<DomTree>,
    pdt: Option<PostDomTree>,
    loops: Option<LoopInfo>,
}

/// Per-function analysis results, computed on demand and kept until
/// invalidated (LLVM's `FunctionAnalysisManager`).
#[derive(Default)]
pub struct FunctionAnalyses {
    cache: HashMap<Function, Cached>,
}

impl FunctionAnalyses {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    fn entry(&mut self, f: Function) -> &mut Cached {
        self.cache.entry(f).or_default()
    }

    /// The dominator tree of `f`, computed if not cached.
    pub fn dom_tree(&mut self, ctx: &Context, f: Function) -> &DomTree {
        self.entry(f).dt.get_or_insert_with(|| DomTree::new(ctx, f))
    }

    /// The post-dominator tree of `f`, computed if not cached.
    pub fn post_dom_tree(&mut self, ctx: &Context, f: Function) -> &PostDomTree {
        self.entry(f)
            .pdt
            .get_or_insert_with(|| PostDomTree::new(ctx, f))
    }

    /// The loop forest of `f` (and its dominator tree), computed if not
    /// cached.
    pub fn loops(&mut self, ctx: &Context, f: Function) -> (&DomTree, &LoopInfo) {
        let c = self.entry(f);
        let dt = c.dt.get_or_insert_with(|| DomTree::new(ctx, f));
        let li = c.loops.get_or_insert_with(|| LoopInfo::compute(ctx, dt));
        (dt, li)
    }

    /// Drops the cached `what` of `f` (`None`: all of them).
    pub fn invalidate(&mut self, f: Function, what: Option<AnalysisKind>) {
        let Some(c) = self.cache.get_mut(&f) else {
            return;
        };
        match what {
            None => *c = Cached::default(),
            Some(AnalysisKind::DomTree) => c.dt = None,
            Some(AnalysisKind::PostDomTree) => c.pdt = None,
            Some(AnalysisKind::Loops) => c.loops = None,
        }
    }

    /// Drops everything.
    pub fn clear(&mut self) {
        self.cache.clear();
    }
}

/// Runs `p` on module `m`; what the printer passes print (on stderr in
/// `opt`) is appended to `out`.
pub fn run_pipeline(
    ctx: &mut Context,
    m: Module,
    p: &Pipeline,
    am: &mut FunctionAnalyses,
    out: &mut String,
) {
    run_module_passes(ctx, m, &p.passes, am, out);
}

fn run_module_passes(
    ctx: &mut Context,
    m: Module,
    passes: &[ModulePass],
    am: &mut FunctionAnalyses,
    out: &mut String,
) {
    for p in passes {
        match p {
            ModulePass::Functions(fps) => {
                let funcs: Vec<Function> = ctx.functions(m).collect();
                for f in funcs {
                    if ctx.is_declaration(f) {
                        continue;
                    }
                    run_function_passes(ctx, f, fps, am, out);
                }
            }
            ModulePass::Nested(inner) => run_module_passes(ctx, m, inner, am, out),
            ModulePass::NoOp => {}
            ModulePass::InvalidateAll => am.clear(),
        }
    }
}

fn run_function_passes(
    ctx: &mut Context,
    f: Function,
    passes: &[FunctionPass],
    am: &mut FunctionAnalyses,
    out: &mut String,
) {
    for p in passes {
        match p {
            FunctionPass::Print(a) => print_analysis(ctx, f, *a, am, out),
            FunctionPass::Require(a) => match a {
                AnalysisKind::DomTree => {
                    am.dom_tree(ctx, f);
                }
                AnalysisKind::PostDomTree => {
                    am.post_dom_tree(ctx, f);
                }
                AnalysisKind::Loops => {
                    am.loops(ctx, f);
                }
            },
            FunctionPass::Invalidate(a) => am.invalidate(f, *a),
            FunctionPass::NoOp => {}
            FunctionPass::Nested(inner) => run_function_passes(ctx, f, inner, am, out),
        }
    }
}

/// The printer passes: LLVM's `DominatorTreePrinterPass`,
/// `PostDominatorTreePrinterPass` and `LoopPrinterPass`.
fn print_analysis(
    ctx: &Context,
    f: Function,
    a: AnalysisKind,
    am: &mut FunctionAnalyses,
    out: &mut String,
) {
    let fname = ctx.name_of(f.0).unwrap_or("");
    let names = ctx.local_names(f);
    let mut name = |out: &mut String, b: crate::ir::Block| names.push(out, b.0);
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
    }
}
