//! Target data layout: LLVM 19's `DataLayout` string, type sizes and
//! alignments, struct layouts and GEP byte offsets.
//!
//! Owns everything that needs a `target datalayout` string to answer:
//!
//! * `datalayout.rs`: [`DataLayout`], the parsed string and the queries that
//!   need no types (endianness, address spaces, pointer and index widths,
//!   native integers, mangling);
//! * `parse.rs`: LLVM 19's grammar and its exact error messages
//!   ([`DataLayoutError`]);
//! * `sizes.rs`: sizes and alignments of types, and the struct layout
//!   algorithm ([`LayoutError`] for unsized types);
//! * `struct_layout.rs`: [`StructLayout`], one struct's field offsets;
//! * `cache.rs`: [`LayoutCache`], a data layout with its struct layouts
//!   kept, for repeated queries;
//! * `gep.rs`: byte offsets of GEP index lists ([`GepIndex`],
//!   [`GepOffset`], [`GepError`]);
//! * `ir.rs`: offsets of GEP instructions and constant expressions
//!   ([`GepConstOffset`], [`GepValueOffset`],
//!   [`GepLaneOffsets`], [`GepParts`]);
//! * `module.rs`: a module's data layout, parsed on demand and cached
//!   ([`Context::module_layout`](crate::Context::module_layout));
//! * `pointer.rs`: dereferenceable bytes and alignment of pointer values
//!   ([`Context::pointer_alignment`](crate::Context::pointer_alignment));
//! * `target.rs`: target triples and the data layout clang 19 gives each
//!   ([`Target`], [`Context::host_target`](crate::Context::host_target));
//! * `upgrade.rs`: the layout string upgrade LLVM 19's bitcode reader
//!   applies per target (x86 `i128`/`p270`, AArch64 `Fn32`, ...).
//!
//! It does not own types (`types/`) or values: the queries take a
//! [`Context`](crate::Context) and [`Type`](crate::Type) ids, and GEP
//! indices are given as plain numbers or opaque keys, not IR values.
//!
//! # Fidelity and costs
//!
//! * [`DataLayout`] is 184 bytes and immutable; [`Align`] is one byte of
//!   log2. Messages are LLVM 19's, capitalised (STYLE §9 yields: tests
//!   compare them verbatim). `n` widths are bytes as in LLVM 19 (`n256` is
//!   width 0); `==` ignores the string and `ni:`, as LLVM 19's does.
//! * Target extension types lay out as LLVM 19's: `spirv.*` as `ptr`,
//!   `aarch64.svcount` as `<vscale x 16 x i1>`, the rest as `void`. Unsized
//!   is an `Err`; a size overflowing `u64` is `SizeOverflow` (LLVM wraps).
//! * A module's layout is parsed on demand into the layout store with its
//!   string; `module_layout(m)` compares strings and re-parses when they
//!   differ, so assigning `ModuleData::datalayout` needs no setter (LLVM
//!   parses when the string is set). O(string length) when fresh.
//! * IR GEPs (`ir.rs`): `accumulate_constant_offset` is O(indices) with no
//!   allocation (`NotConstant { position }` where LLVM returns false, vector
//!   indices included, G6); `collect_offset` (terms in first-appearance
//!   order) O(indices + terms²); `lane_offsets` O(lanes × indices); each
//!   answer carries its [`GepFlags`](crate::inst::GepFlags); struct indices are zero-extended as
//!   `getZExtValue`; errors are values.

mod cache;
mod datalayout;
mod gep;
mod ir;
mod module;
mod parse;
mod pointer;
mod sizes;
mod struct_layout;
mod target;
mod upgrade;

pub use cache::LayoutCache;
pub(crate) use module::ModuleLayouts;
pub use sizes::LayoutError;
pub use struct_layout::StructLayout;
pub use target::Target;

/// The units of layout answers live with the types (instructions carry
/// alignments too); re-exported here, where they are used most.
pub use crate::types::{Align, TypeSize};
pub use datalayout::{DataLayout, Endianness, FunctionPtrAlignKind, ManglingMode};
pub use gep::{GepError, GepIndex, GepOffset};
pub use ir::{GepConstOffset, GepLaneOffsets, GepParts, GepValueOffset};
pub use parse::{DataLayoutError, DataLayoutErrorKind};
pub(crate) use pointer::{int_attr, mem_align};
pub(crate) use upgrade::upgrade_data_layout;
