//! Textual IR (`.ll`): the LLVM 19 assembly language.
//!
//! Owns the printer (`printer/`): [`Context::display_module`] and
//! [`Context::print_module`] write a whole module exactly as `llvm-dis` 19
//! lays it out, and the `display_*` helpers print one function, block,
//! instruction or value operand. The parser ([`parse`],
//! [`Context::parse_assembly`](crate::Context::parse_assembly)) reads any
//! module `llvm-as` 19 accepts, with LLVM's error messages and locations;
//! the two share nothing but the grammar.
//!
//! ```
//! use lair::builder::Builder;
//! use lair::Context;
//!
//! let mut ctx = Context::new();
//! let m = ctx.create_module("demo");
//! let i32t = ctx.i32_type();
//! let fty = ctx.function_type(i32t, &[i32t, i32t], false);
//! let f = ctx.add_function(m, "add", fty);
//! let entry = ctx.append_block(f, "entry");
//! let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
//! let mut b = Builder::at_end(&mut ctx, entry);
//! let s = b.add(x, y);
//! b.ret(Some(s));
//! let text = ctx.print_module(m);
//! assert!(text.contains("define i32 @add(i32 %0, i32 %1) {\nentry:\n  %2 = add i32 %0, %1\n  ret i32 %2\n}\n"));
//! ```
//!
//! [`Context::display_module`]: crate::Context::display_module
//! [`Context::print_module`]: crate::Context::print_module

pub mod parse;
mod printer;

pub(crate) use printer::text::push_md_identifier;

pub(crate) use printer::module_struct_types;
pub use printer::{FunctionDisplay, LocalNames, ModuleDisplay, ModulePrinter, ValueDisplay};
