//! Transforms: the utilities a pass author reaches for (LLVM's
//! `Transforms/Utils`) and the work of lair's transform passes.
//!
//! Owns promoting allocas ([`mem2reg`]), cloning functions and modules
//! ([`clone`]), the PHI simplification transforms
//! share ([`simplify`]) and the debug-info helpers they use
//! (`debuginfo.rs`). It changes IR through the lower layers' APIs (RAUW and
//! erasure, the builder, debug records) and keeps analyses it is handed
//! (dominator trees, loops) up to date; it does not own the pass manager
//! or pass names (`passes/`).
//!
//! Every transform produces what LLVM 19's does, down to the names of new
//! values and blocks and where debug records end up, because `opt -S`
//! output is the judge.

pub mod adce;
pub mod blocks;
pub mod clone;
pub mod dce;
pub(crate) mod debuginfo;
pub mod fold_branch;
pub mod lcssa;
pub mod loop_simplify;
pub mod mem2reg;
pub mod reg2mem;
pub mod salvage;
pub mod simplify;
pub mod ssa_updater;

pub use clone::{CloneChanges, ValueMap};
pub use simplify::simplify_phi;
pub use ssa_updater::SsaUpdater;
