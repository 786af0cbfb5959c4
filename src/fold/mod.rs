//! Constant folding, as LLVM 19 does it.
//!
//! Owns the folding rules and the constructors that fold before they make
//! a constant expression:
//!
//! * `constant.rs`: `ConstantFold.cpp` (`ConstantFold*Instruction`), the
//!   folding constructors of `ConstantExpr` (`const_binop`, `const_cast`,
//!   `const_gep`, ...) and the IRBuilder's default `ConstantFolder`
//!   (`fold_*`, which the builder calls), plus the integer and float
//!   helpers they share ([`fold_int_binop`], [`icmp_ints`], ...);
//! * `gep.rs`: layout-aware folding of constant GEPs
//!   ([`LayoutCache::fold_gep`](crate::layout::LayoutCache::fold_gep),
//!   LLVM's `SymbolicallyEvaluateGEP`);
//! * `instruction.rs`: LLVM's `ConstantFoldInstruction` and
//!   `ConstantFoldConstant` ([`Context::constant_fold_instruction`](crate::Context::constant_fold_instruction)): the
//!   layout-aware operator folds, with loads from constant globals in
//!   `load.rs` and intrinsic calls in `call.rs`.
//!
//! It sits above `ir/` and `layout/`: folding a pointer compare needs the
//! globals' linkage and `unnamed_addr`, and GEP folding needs the data
//! layout. It does not own uniquing or the canonical forms of constants
//! (`constants/`), which every constructor here ends in.

mod call;
mod constant;
mod gep;
mod instruction;
mod load;

pub use constant::{
    fcmp_floats, fold_int_binop, icmp_ints, is_desirable_binop, is_desirable_cast,
    swapped_predicate, Folded,
};
