//! `lair`: a pure-Rust, LLVM-19-compatible, arena-based in-memory IR core with
//! a use-def graph.
//!
//! A [`Context`] is the arena: it owns every uniqued [`Type`] and constant and
//! every value of every module created in it, all addressed by small `Copy`
//! ids. Each [`Value`] carries the head of an intrusive doubly-linked list of
//! the [`Use`]s that point at it; a user's operands are a run in one use
//! pool, co-allocated (fixed) or hung-off (growable: PHI, switch, ...).
//! Replace-all-uses-with, weak value handles and constant re-uniquing are
//! built on top; ids of erased values are detected as stale instead of
//! aliasing whatever reuses their slot.
//!
//! ```
//! use lair::builder::Builder;
//! use lair::ir::Inst;
//! use lair::{Context, HandleKind};
//!
//! let mut ctx = Context::new();
//! let m = ctx.create_module("demo");
//! let i32t = ctx.i32_type();
//! let fty = ctx.function_type(i32t, &[i32t, i32t], false);
//! let f = ctx.add_function(m, "f", fty);
//! let entry = ctx.append_block(f, "entry");
//! let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
//!
//! let mut b = Builder::at_end(&mut ctx, entry);
//! let sum = b.add(x, y);
//! let twice = b.add(sum, sum);
//! b.ret(Some(twice));
//! assert_eq!(ctx.num_uses(sum), 2);
//!
//! // A pass: replace %sum by %x, erase it; a handle follows the replacement.
//! let h = ctx.create_handle(Some(sum), HandleKind::WeakTracking);
//! ctx.replace_all_uses_with(sum, x);
//! ctx.erase_inst(Inst(sum));
//! assert_eq!(ctx.handle_value(h), Some(x));
//! assert!(!ctx.is_live(sum)); // the id is stale now, never reused silently
//! ctx.check_use_lists().unwrap();
//! ```
//!
//! See `DESIGN.md` at the repository root for the data structures, their
//! sizes and invariants, and the complexity of each graph operation.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod entity;

pub mod asm;
pub mod bitstream;
pub mod builder;
pub mod constants;
pub mod context;
pub mod fold;
pub mod inst;
pub mod ir;
pub mod layout;
mod replace;
pub mod types;
pub mod value;

pub use context::Context;
pub use layout::DataLayout;
pub use replace::HandleCallback;
pub use types::{Type, TypeData};
pub use value::{HandleEvent, HandleId, HandleKind, Use, Value, ValueKind};
