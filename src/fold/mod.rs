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
//!
//! # Three levels, as LLVM
//!
//! `cf_*` are `ConstantFold*Instruction` (a folded constant or nothing);
//! `const_binop`, `const_cast`, `const_extract_element`,
//! `const_insert_element`, `const_shuffle_vector` and `const_gep` are
//! `ConstantExpr::get*` (fold, else the uniqued expression; only LLVM 19's
//! expressions exist, C19: add, sub, mul, xor, the pointer and bit casts,
//! the vector ones, getelementptr); `fold_*` are the IRBuilder's
//! `ConstantFolder` (through `const_*` where an expression exists, so the
//! builder returns `add (i64 ptrtoint (ptr @g to i64), i64 1)` as LLVM's
//! does). The rules are LLVM 19's: identities, poison, the undef table,
//! absorbers, `APInt`/`APFloat` arithmetic, vectors by splat or lane,
//! re-association for add, mul and xor, `isEliminableCastPair`,
//! `evaluateICmpRelation`. `const_gep` never merges nested GEPs; `fold_gep`
//! does.
//!
//! # Judges
//!
//! * `scripts/fold-oracle.cpp` runs LLVM 19's IRBuilder over
//!   `scripts/fold-cases.py`'s cases into `tests/data/fold/builder-llvm19.txt`
//!   (7,875 cases, `scripts/fold-table.sh`); `tests/fold.rs` replays them
//!   through lair's `Builder`; `tests/gep_fold.rs` checks both GEP folders
//!   against `llvm-as-19`/`opt-19`.
//! * `scripts/cfold-cases.py` writes 3,147 `ConstantFoldInstruction` cases
//!   (every opcode, constant expressions, denormal modes, 1,700 loads from
//!   29 constant globals of every shape at many offsets, 140 intrinsic
//!   calls, PHIs); `scripts/cfold-oracle.cpp` answers them
//!   (`tests/data/cfold/cases-llvm19.txt`) and the 1,738 byte-order-dependent
//!   ones (loads, bitcasts, masked loads) again under a big-endian layout
//!   (`cases-be-llvm19.txt`); `tests/cfold.rs` agrees on all 4,885.
//!
//! `.ci/run` re-derives every table when LLVM's headers are installed.
//!
//! # Deviations and gaps
//!
//! No target library info, so library functions (`sin`, `sqrtf`, `fmod`,
//! ...) are not folded, as in LLVM without it; target intrinsics are not
//! folded; `fma` of `half` rounds through `double` (two roundings, where
//! LLVM rounds once); known bits cover integers and `ptrtoint` of pointers
//! only; the builder folds GEPs of scalable source types, which LLVM's
//! `ConstantFolder` declines. Constrained FP intrinsics never reach the
//! folder (their metadata arguments are not constants), as in LLVM. Not
//! folded (the builder makes an instruction instead): arithmetic on
//! `x86_fp80`, `fp128`, `ppc_fp128`; int ↔ `ppc_fp128`; the C20 mask of a
//! global variable without `align`; semantic interposition from module
//! flags; `CastGEPIndices` and vector-constant indices in `fold_gep`.

mod call;
mod constant;
mod gep;
mod instruction;
mod load;

pub use constant::{
    fcmp_floats, fold_int_binop, icmp_ints, is_desirable_binop, is_desirable_cast,
    swapped_predicate, Folded,
};
