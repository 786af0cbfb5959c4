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
//! # A guide: from nothing to a program clang runs
//!
//! A frontend makes a [`Context`], a module in it, types, declarations,
//! then builds each function's blocks with a [`builder::Builder`]. Values
//! are `Copy` ids with no lifetimes; the builder checks every operand as
//! LLVM's constructors assert and folds constants as LLVM's `IRBuilder`
//! does. This program has a loop with a PHI, a struct in memory reached
//! by a GEP, a global string and a call to `printf`:
//!
//! ```
//! use lair::builder::Builder;
//! use lair::Context;
//!
//! let mut ctx = Context::new();
//! let m = ctx.create_module("guide");
//! // The triple and data layout clang-19 picks for this machine, so that
//! // `clang-19 guide.ll` compiles it; alignments come from the layout.
//! if let Some(t) = Context::host_target() {
//!     ctx.set_target(m, &t);
//! }
//!
//! // Types: %struct.acc = type { i64, i64 } (a count and a sum).
//! let (i32t, i64t, ptr) = (ctx.i32_type(), ctx.i64_type(), ctx.ptr_type(0));
//! let acc_ty = ctx.create_struct("struct.acc");
//! ctx.set_struct_body(acc_ty, &[i64t, i64t], false);
//!
//! // declare i32 @printf(ptr, ...)
//! let printf_ty = ctx.function_type(i32t, &[ptr], true);
//! let printf = ctx.add_function(m, "printf", printf_ty);
//!
//! // define i64 @sum_squares(i64 %n)
//! let fty = ctx.function_type(i64t, &[i64t], false);
//! let f = ctx.add_function(m, "sum_squares", fty);
//! let n = ctx.arg(f, 0);
//! ctx.set_name(n, "n");
//! let entry = ctx.append_block(f, "entry");
//!
//! let mut b = Builder::at_end(&mut ctx, entry);
//! let (body, exit) = (b.append_block("loop"), b.append_block("exit"));
//! // entry: a struct in memory, its `sum` field through a struct GEP.
//! let acc = b.named("acc").alloca(acc_ty, None, None);
//! let sum_addr = b.named("sum.addr").struct_gep(acc_ty, acc, 1);
//! let zero = b.i64(0);
//! b.store(zero, sum_addr, None);
//! b.br(body);
//! // loop: %i = phi [ 0, %entry ], [ %i.next, %loop ]; the back-edge value
//! // is added once it exists.
//! b.position_at_end(body);
//! let i = b.named("i").empty_phi(i64t);
//! let sq = b.named("sq").mul(i, i);
//! let old = b.named("old").load(i64t, sum_addr, None);
//! let new = b.named("new").add(old, sq);
//! b.store(new, sum_addr, None);
//! let one = b.i64(1);
//! let next = b.named("i.next").add(i, one);
//! let more = b.named("more").icmp_slt(next, n);
//! b.cond_br(more, body, exit);
//! b.add_incoming(i, zero, entry);
//! b.add_incoming(i, next, body);
//! // exit: print the total with a global format string, return it.
//! b.position_at_end(exit);
//! let total = b.named("total").load(i64t, sum_addr, None);
//! let fmt = b.global_string_ptr("total = %lld\n", "fmt");
//! b.call_function(printf, &[fmt, total]);
//! b.ret(Some(total));
//!
//! // Print: the module as llvm-dis 19 writes it.
//! let text = ctx.print_module(m);
//! for line in [
//!     "@fmt = private unnamed_addr constant [14 x i8] c\"total = %lld\\0A\\00\", align 1",
//!     "%acc = alloca %struct.acc, align 8",
//!     "%sum.addr = getelementptr inbounds %struct.acc, ptr %acc, i32 0, i32 1",
//!     "store i64 0, ptr %sum.addr, align 8",
//!     "%i = phi i64 [ 0, %entry ], [ %i.next, %loop ]",
//!     "%more = icmp slt i64 %i.next, %n",
//!     "%0 = call i32 (ptr, ...) @printf(ptr @fmt, i64 %total)",
//! ] {
//!     assert!(text.contains(line), "{line}\n---\n{text}");
//! }
//!
//! // Check: the use-def graph is consistent, and lair's parser reads the
//! // text back to a module that prints the same.
//! ctx.check_use_lists().unwrap();
//! let mut again = Context::new();
//! let m2 = again.parse_assembly(&text, "guide.ll").unwrap();
//! assert_eq!(again.print_module(m2), text);
//! ```
//!
//! lair has no IR verifier yet: `.ci/run` passes what the examples print
//! through `opt-19 -passes=verify` and compiles and runs it with
//! `clang-19`. Write `text` to `guide.ll` and `clang-19 guide.ll -c` builds
//! it (it has no `main`).
//!
//! ## Where to go next
//!
//! * Every method family of [`builder::Builder`] has a runnable example on
//!   its page: arithmetic ([`sdiv`](builder::Builder::sdiv),
//!   [`binop`](builder::Builder::binop)), names
//!   ([`named`](builder::Builder::named)), constants
//!   ([`const_int`](builder::Builder::const_int)), casts
//!   ([`int_cast`](builder::Builder::int_cast)), memory
//!   ([`load`](builder::Builder::load),
//!   [`struct_gep`](builder::Builder::struct_gep),
//!   [`global_string_ptr`](builder::Builder::global_string_ptr)), control
//!   flow ([`phi_with`](builder::Builder::phi_with),
//!   [`empty_phi`](builder::Builder::empty_phi),
//!   [`switch_with`](builder::Builder::switch_with)).
//! * `examples/quickstart.rs` in the repository builds a loop, a switch,
//!   calls and a struct GEP, then rewrites the module as a pass would
//!   (replace-all-uses-with, erase, a weak handle that follows):
//!   `cargo run --example quickstart`.
//! * `examples/toy/` is a whole frontend on the public API: a small
//!   language with integers, floats, recursion, `if`/`while`, arrays,
//!   structs, strings and `print`, compiled to `.ll`:
//!   `cargo run --example toy -- examples/toy/fact.toy -o fact.ll && clang-19 fact.ll -o fact && ./fact`.
//! * Reading and writing files: [`Context::parse_assembly`],
//!   [`Context::print_module`], [`bitcode`] (reading `.bc`); the `lair`
//!   command-line tool (`lair fmt`, `lair dis`, `lair opt`, `lair --help`).
//!
//! # Passes: rewriting the graph
//!
//! Each [`Value`] carries the head of an intrusive doubly-linked list of
//! the [`Use`]s that point at it, so replace-all-uses-with and erasure are
//! cheap, and a weak handle follows a replaced value:
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
//! let sum = b.named("sum").add(x, y);
//! let twice = b.named("twice").add(sum, sum);
//! b.ret(Some(twice));
//! assert_eq!(ctx.num_uses(sum), 2);
//! assert!(ctx.verify_module(m).is_ok()); // LLVM 19's verifier
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
//! # The layers
//!
//! Each module is a layer and uses only the layers below it (`DESIGN.md`
//! draws the diagram; `tests/layering.rs` checks it):
//!
//! | module | what it is for |
//! |---|---|
//! | [`types`] | interned types: `i32`, `ptr`, structs, functions; sizedness and printing |
//! | [`value`] | the use-def graph: value ids, use lists, operand runs, value handles |
//! | [`inst`] | the opcode table and the typed flags of each opcode family |
//! | [`constants`] | uniqued constants and arbitrary-precision numbers (`APInt`, `APFloat`) |
//! | [`ir`] | modules, functions, blocks, instructions, globals, attributes, metadata, intrinsics |
//! | [`layout`] | data layouts, type sizes and alignments, struct layouts, GEP offsets, targets |
//! | [`fold`] | constant folding, as LLVM's `ConstantFold` and `ConstantFolding` |
//! | [`builder`] | the IRBuilder a frontend writes with |
//! | [`analysis`] | CFG walks, dominator trees, loops, speculation |
//! | [`asm`] | textual IR: the `.ll` parser and printer |
//! | [`bitstream`], [`bitcode`] | the bitstream container; reading `.bc` |
//! | [`passes`] | `opt`-style pass pipelines |
//! | [`context`] | the [`Context`] that owns all of them |
//!
//! # The `Context` API, by concept
//!
//! [`Context`]'s methods come in `impl` blocks, one per concept, each under
//! its own heading on the [`Context`] page:
//!
//! | concept | start with | layer |
//! |---|---|---|
//! | creating a context | [`Context::new`] | [`context`] |
//! | types | [`i32_type`](Context::i32_type), [`struct_type`](Context::struct_type), [`create_struct`](Context::create_struct), [`type_data`](Context::type_data), [`types_isomorphic`](Context::types_isomorphic) | [`types`] |
//! | values and uses | [`type_of`](Context::type_of), [`operands`](Context::operands), [`uses`](Context::uses), [`users`](Context::users), [`set_operand`](Context::set_operand), [`check_use_lists`](Context::check_use_lists) | [`value`] |
//! | constants | [`const_int`](Context::const_int), [`const_aggregate`](Context::const_aggregate), [`const_expr`](Context::const_expr) | [`constants`] |
//! | modules | [`create_module`](Context::create_module), [`functions`](Context::functions), [`global_by_name`](Context::global_by_name) | [`ir::module`] |
//! | functions and arguments | [`add_function`](Context::add_function), [`arg`](Context::arg), [`blocks`](Context::blocks) | [`ir::function`] |
//! | blocks | [`append_block`](Context::append_block), [`insts`](Context::insts), [`successors`](Context::successors), [`predecessors`](Context::predecessors) | [`ir::inst`] |
//! | block numbers | [`renumber_blocks`](Context::renumber_blocks), [`block_number_epoch`](Context::block_number_epoch) | [`ir`] |
//! | instruction order | [`comes_before`](Context::comes_before), [`early_inc_insts`](Context::early_inc_insts) | [`ir`] |
//! | control-flow graph | [`post_order`](Context::post_order), [`reverse_post_order`](Context::reverse_post_order) | [`analysis`] |
//! | instructions | [`create_inst`](Context::create_inst), [`opcode`](Context::opcode), [`insert_inst_before`](Context::insert_inst_before), [`split_block`](Context::split_block) | [`ir::inst`] |
//! | changing operands | [`set_operand`](Context::set_operand), [`swap_operands`](Context::swap_operands), [`replace_uses_of_with`](Context::replace_uses_of_with) | `ir/operands.rs` |
//! | checked construction | [`cast_is_valid`](Context::cast_is_valid), [`gep_indexed_type`](Context::gep_indexed_type), [`value_indexed_type`](Context::value_indexed_type) | `ir/check.rs` |
//! | instruction views | [`view`](Context::view), [`has_dropped_operand`](Context::has_dropped_operand) | [`ir::view`] |
//! | instruction flags | [`wrap_flags`](Context::wrap_flags), [`set_fast_math`](Context::set_fast_math), [`gep_flags`](Context::gep_flags), [`predicate`](Context::predicate), [`alignment`](Context::alignment), [`set_atomic`](Context::set_atomic) | `ir/flags.rs` |
//! | growing operand lists | [`phi_add_incoming`](Context::phi_add_incoming), [`phi_adder`](Context::phi_adder), [`switch_add_case`](Context::switch_add_case) | [`builder`] |
//! | names | [`name_of`](Context::name_of), [`set_name`](Context::set_name) | [`ir`] |
//! | globals | [`add_global_var`](Context::add_global_var), [`set_initializer`](Context::set_initializer) | [`ir::global`] |
//! | block addresses, inline asm, metadata as values | [`block_address`](Context::block_address), [`inline_asm`](Context::inline_asm), [`metadata_as_value`](Context::metadata_as_value) | [`ir::special`] |
//! | call sites | [`called_function`](Context::called_function), [`call_args`](Context::call_args), [`call_has_fn_attr`](Context::call_has_fn_attr), [`call_param_has_attr`](Context::call_param_has_attr), [`call_memory_effects`](Context::call_memory_effects) | [`ir::callsite`] |
//! | instruction effects | [`may_read_from_memory`](Context::may_read_from_memory), [`may_throw`](Context::may_throw), [`will_return`](Context::will_return), [`may_have_side_effects`](Context::may_have_side_effects) | [`ir::effects`] |
//! | speculation, dead instructions | [`is_safe_to_speculatively_execute`](Context::is_safe_to_speculatively_execute), [`would_be_trivially_dead`](Context::would_be_trivially_dead) | [`analysis`] |
//! | intrinsics | [`intrinsic_id`](Context::intrinsic_id), [`intrinsic_type`](Context::intrinsic_type), [`match_intrinsic_signature`](Context::match_intrinsic_signature), [`intrinsic_name`](Context::intrinsic_name), [`intrinsic_declaration`](Context::intrinsic_declaration) | [`ir::intrinsics`] |
//! | metadata | [`md_string`](Context::md_string), [`md_tuple`](Context::md_tuple), [`md_kind_id`](Context::md_kind_id) | [`ir::metadata`] |
//! | RAUW | [`replace_all_uses_with`](Context::replace_all_uses_with), [`replace_uses_with_if`](Context::replace_uses_with_if) | `replace.rs` |
//! | value handles | [`create_handle`](Context::create_handle), [`handle_value`](Context::handle_value), [`create_callback_handle`](Context::create_callback_handle) | `replace.rs` |
//! | erasing | [`erase_inst`](Context::erase_inst), [`erase_block`](Context::erase_block), [`erase_function`](Context::erase_function) | `replace.rs` |
//! | data layout | [`module_layout`](Context::module_layout), [`gep_parts`](Context::gep_parts) | [`layout`] |
//! | targets | [`host_target`](Context::host_target), [`set_target`](Context::set_target) | [`layout`] |
//! | constant folding | [`const_binop`](Context::const_binop), [`const_gep`](Context::const_gep), [`fold_cmp`](Context::fold_cmp), [`constant_fold_instruction`](Context::constant_fold_instruction) | [`fold`] |
//! | printing | [`print_module`](Context::print_module), [`display_value`](Context::display_value) | [`asm`] |
//! | parsing | [`parse_assembly`](Context::parse_assembly) | [`asm::parse`] |
//! | printing many parts of a module | [`module_printer`](Context::module_printer) | [`asm`] |
//! | verifying | [`verify_module`](Context::verify_module), [`verify_as_llvm_as`](Context::verify_as_llvm_as) | [`verify`] |
//! | debug info upgrade | [`strip_debug_info`](Context::strip_debug_info), [`upgrade_debug_info`](Context::upgrade_debug_info) | [`verify`] |
//! | cloning, CFG edits | [`clone_function`](Context::clone_function), [`clone_module`](Context::clone_module), [`split_edge`](Context::split_edge), [`merge_block_into_predecessor`](Context::merge_block_into_predecessor) | [`transforms`] |
//!
//! Instructions are built with the [`builder::Builder`]. Analyses
//! (dominator trees, loops) are values of [`analysis`]; pass pipelines
//! (`opt`'s `-passes=`) are [`passes`].
//!
//! See `DESIGN.md` at the repository root for the layering, the data
//! structures with their sizes and invariants, and the complexity of each
//! graph operation.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod entity;

pub mod analysis;
pub mod asm;
pub mod bitcode;
pub mod bitstream;
pub mod builder;
pub mod constants;
pub mod context;
pub mod fold;
pub mod inst;
pub mod ir;
pub mod layout;
pub mod linker;
pub mod passes;
mod replace;
mod reuse;
mod stack;
pub mod transforms;
pub mod types;
pub mod value;
pub mod verify;

pub use context::Context;
pub use layout::DataLayout;
pub use replace::HandleCallback;
pub use types::{Type, TypeData};
pub use value::{HandleEvent, HandleId, HandleKind, Use, Value, ValueKind};
