//! Pass pipelines: the `-passes=` language of `opt`, the per-function
//! analysis cache, and the passes lair runs (today the analysis printers
//! `print<domtree>`, `print<postdomtree>`, `print<loops>`, and
//! `require<...>` / `invalidate<...>`).
//!
//! Owns [`Pipeline`] (parsing, `pipeline.rs`) and running it
//! ([`run_pipeline`], [`FunctionAnalyses`], `run.rs`). It sits above the
//! analyses and the printer: the printer passes spell blocks with
//! [`Context::local_names`](crate::Context::local_names).

mod pipeline;
mod run;

pub use pipeline::{AnalysisKind, FunctionPass, ModulePass, Pipeline, PipelineError};
pub use run::{run_pipeline, FunctionAnalyses};
