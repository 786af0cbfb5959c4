//! Analyses over the IR that need the data layout: what can be speculated
//! and what is trivially dead.
//!
//! Owns LLVM 19's `isSafeToSpeculativelyExecute` with the
//! dereferenceability and alignment facts it needs (`speculation.rs`,
//! from `ValueTracking.cpp`, `Loads.cpp` and `Value.cpp`) and
//! `wouldInstructionBeTriviallyDead` (`dead.rs`, from `Local.cpp`). It
//! reads the IR and the layout and never changes either; the
//! per-instruction effects it builds on (`mayHaveSideEffects`, the
//! call-site queries) are `ir/`'s. Every answer is LLVM's without alias
//! analysis, assumptions, a dominator tree, a context instruction or
//! target library info (LLVM's defaults when those are not given).

mod dead;
mod speculation;
