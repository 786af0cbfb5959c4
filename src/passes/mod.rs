//! Pass pipelines and the pass manager: the `-passes=` language of `opt`,
//! the pass traits and runner (LLVM's new pass manager), the per-function
//! analysis cache, and the passes lair runs by name.
//!
//! Owns [`Pipeline`] and [`PassRegistry`] (parsing, `pipeline.rs`), the
//! pass manager ([`FunctionPass`], [`ModulePass`], [`PreservedAnalyses`],
//! [`PassError`], [`PassRunner`], `manager.rs`), [`FunctionAnalyses`] (`analyses.rs`) and
//! the built-in passes (`builtin.rs`). The transforms' work is in
//! `transforms/`; here a pass only calls it and says what it preserves. It
//! sits above the analyses and the printer: the printer passes spell
//! blocks with [`Context::local_names`](crate::Context::local_names).

mod analyses;
mod builtin;
mod dot_cfg;
mod manager;
mod pipeline;

pub use analyses::{AnalysisKind, FunctionAnalyses};
pub use manager::{
    FunctionPass, FunctionStep, ModulePass, ModuleStep, PassError, PassResult, PassRunner,
    PassTimings, PreservedAnalyses,
};
pub use pipeline::{FunctionPassParser, ModulePassParser, PassRegistry, Pipeline, PipelineError};

/// Runs `p` on module `m` with `runner`'s analysis cache; what the
/// printer passes print (on stderr in `opt`) is appended to `runner.log`.
///
/// # Errors
/// The [`PassError`] of the pass that could not proceed.
pub fn run_pipeline(
    ctx: &mut crate::Context,
    m: crate::ir::Module,
    p: &mut Pipeline,
    runner: &mut PassRunner,
) -> Result<(), PassError> {
    p.run(ctx, m, runner)
}
