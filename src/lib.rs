//! `lair`: a pure-Rust, LLVM-19-compatible, arena-based in-memory IR core with
//! a use-def graph.
//!
//! See `DESIGN.md` at the repository root for the data structures, their
//! sizes and invariants, and the complexity of each graph operation.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod entity;

pub mod bitstream;
pub mod builder;
pub mod constants;
pub mod context;
pub mod inst;
pub mod ir;
pub mod layout;
mod replace;
pub mod types;
pub mod value;

pub use context::Context;
pub use layout::DataLayout;
pub use types::{Type, TypeData};
pub use value::{HandleEvent, HandleId, HandleKind, Use, Value, ValueKind};
