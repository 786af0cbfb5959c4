//! LLVM 19 bitcode: the IR meaning of the records of a bitstream.
//!
//! Owns [`read_bitcode`] (bitcode into a [`Module`](crate::ir::Module)), the lazy reader
//! [`LazyModule`] (globals first, function bodies on demand), the error
//! type [`BitcodeError`], the frozen on-disk encodings that are not record
//! codes (`codes.rs`: cast and binary opcodes, linkages, attribute kinds,
//! ...); the DWARF name tables of debug-info fields are `ir/metadata/dwarf.rs`. It
//! builds on [`crate::bitstream`] (blocks, abbreviations, records; record
//! codes in [`crate::bitstream::names`]) and knows nothing of the textual
//! IR (`asm/`), which does not know it either.
//!
//! The reader rebuilds the module as LLVM 19's `BitcodeReader` does, step
//! for step where the order of steps is visible: values get their ids in
//! record order; constants are kept as pending records and made on first
//! use (LLVM's `BitcodeConstant`), operands first; global initializers are
//! set after the module's constants, last global first; function bodies
//! are read in module order, forward references being placeholders
//! replaced by RAUW. So every use list comes out in LLVM's order before
//! the `USELIST` blocks permute them, and `; preds =` lines print as
//! `llvm-dis-19` prints them.
//!
//! ```
//! use lair::bitcode::read_bitcode;
//! use lair::Context;
//!
//! let mut ctx = Context::new();
//! let err = read_bitcode(&mut ctx, b"BC\xc0\xde\x35\x14\x00\x00").unwrap_err();
//! assert!(err.to_string().contains("bit"));
//! ```
//!
//! # Reading, step by step
//!
//! * The top level is scanned first for the string table; the module block
//!   is then read in one pass, function blocks and the module's use-list
//!   blocks are skipped and remembered (a body belongs to the next function
//!   record without `isproto`, as in LLVM's reader without a VST offset).
//!   [`LazyModule::open`] stops there, leaving bodies in the buffer until
//!   `materialize(f)` (LLVM's `getLazyModule`); `materialize_all` reads the
//!   rest in module order and applies the module's use-list blocks, giving
//!   the module the eager read gives.
//! * Value ids: globals and functions in record order, then module
//!   constants; a body appends its arguments, its constants and its
//!   non-void instructions, and is truncated back after the body. Relative
//!   ids are LLVM's (`InstNum - rel`; PHIs sign-rotated); a forward
//!   reference carries its type and is a `Placeholder` value.
//! * Use-list order: aggregates, expressions, `blockaddress`,
//!   `dso_local_equivalent` and `no_cfi` are `Pending` records made on first
//!   use by a depth-first walk, operands first, left to right
//!   (`materialize_value`), through `fold/` (`const_cast`, `const_binop`,
//!   `const_gep`, ...) as LLVM's `ConstantExpr::get*` fold on reading;
//!   global initializers, then alias targets, then personality, prefix and
//!   prologue are set after the module's constants block, each list last
//!   entry first; a placeholder is replaced by re-pointing its uses head
//!   first (LLVM's RAUW order); `BLOCKADDR_USERS` reads the listed bodies
//!   right after. `USELIST` records then sort each list by their indexes
//!   (`sortUseList`).
//! * Metadata: ids count the strings of `METADATA_STRINGS` first, then one
//!   per record; a later id is a temporary node replaced when defined. A
//!   `DI*` record becomes the fields `llvm-dis-19` prints, in its order,
//!   without the defaults its `AsmWriter` skips (per node: which zero, empty
//!   or null fields it omits), because lair keeps a node as its printed
//!   fields; flags are split as `DINode::splitFlags` does; an expression
//!   whose operations LLVM would call invalid prints as raw numbers.
//! * Debug records follow the instruction they are attached to (printed
//!   before it); `DEBUG_LOC_AGAIN` repeats the last location.
//! * An intrinsic declaration gets `Intrinsic::getAttributes` of its
//!   intrinsic, whatever the bitcode says, as LLVM's
//!   `UpgradeIntrinsicFunction` does (`read/intrinsics.rs`).
//! * Errors: [`BitcodeError`] `{ block, record, bit, message }`, displayed as
//!   `bit N, BLOCK, record CODE: message`. Every count that sizes an
//!   allocation (type table entries, blocks, forward value and metadata ids,
//!   `blockaddress` block numbers) is bounded by the bits left in the
//!   stream; constant cycles are an error, not a loop.
//!
//! # Cost
//!
//! One pass over the bits; O(records + uses) plus the use-list sorts (O(u)
//! for a permutation record). On sqlite3-O0.bc (3.1 MB, 390k instructions) a
//! read is 592 M instructions (callgrind, `examples/read_once.rs`): 89% in
//! the function bodies, of which about half is building instructions
//! (`append_new_inst`; the `.ll` parser's `append_parsed_inst`) and a fifth the
//! record-at-a-time `read_record`. What would take it further: reading a
//! body's records with `read_records` (the bit buffer stays in registers)
//! and fewer value-list and type lookups per operand.
//!
//! # Limits
//!
//! Not supported (a clear error): bitcode versions other than 2 (LLVM 19
//! writes 2), typed pointers, `x86_mmx`, `ptrauth` constants (lair has no
//! such constant), legacy records LLVM 19 never writes (old aliases, old
//! attribute lists, `select`/`cmp`/`fneg` constant expressions, subprograms
//! without `spFlags`), names that are not UTF-8. ThinLTO summaries are read
//! (`read/summary.rs`) but not written. A module whose source file name is
//! empty prints `source_filename = ""` (the printer always prints the line,
//! so text round trips keep an empty name), where `llvm-dis` prints nothing.
//! Checked beyond the corpus (`.ci/run`): `llvm-as-19` of each
//! `tests/data/ll/*.ll` reads back as `llvm-dis-19` prints it, except that
//! module; `tests/data/thinlto` and `opt-19 -module-summary` of the
//! corpus check the summary reader; `debuginfo-fields.ll` holds the `DI*`
//! fields the corpus lacks.

mod codes;
pub(crate) use crate::ir::metadata::dwarf;
mod error;
mod read;
mod write;

pub use error::BitcodeError;
pub use read::{read_bitcode, read_bitcode_named, LazyModule};

use crate::ir::metadata::{FieldName, MdField};

/// The fields of `!DIExpression(elems)` as lair keeps them (operation
/// names as words, arguments as numbers; raw numbers for an expression
/// LLVM would call invalid), for code that builds expressions.
pub(crate) fn di_expression_fields(elems: &[u64]) -> Vec<(FieldName, MdField)> {
    read::expr_fields(elems)
}

/// The number of a `DW_OP_*` (or, for `DW_OP_LLVM_convert`'s argument, a
/// `DW_ATE_*`) name as LLVM spells it.
pub(crate) fn dwarf_expr_number(name: &str) -> Option<u64> {
    dwarf::OPS
        .iter()
        .chain(dwarf::ATES.iter())
        .find(|(_, n)| *n == name)
        .map(|&(v, _)| v as u64)
}

pub use write::{register_llvm_as_kinds, write_bitcode, WriteError, WriteOptions};
