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
//! | growing operand lists | [`phi_add_incoming`](Context::phi_add_incoming), [`switch_add_case`](Context::switch_add_case) | [`builder`] |
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
//! | constant folding | [`const_binop`](Context::const_binop), [`const_gep`](Context::const_gep), [`fold_cmp`](Context::fold_cmp), [`constant_fold_instruction`](Context::constant_fold_instruction) | [`fold`] |
//! | printing | [`print_module`](Context::print_module), [`display_value`](Context::display_value) | [`asm`] |
//! | parsing | [`parse_assembly`](Context::parse_assembly) | [`asm::parse`] |
//! | printing many parts of a module | [`module_printer`](Context::module_printer) | [`asm`] |
//! | verifying | [`verify_module`](Context::verify_module), [`verify_as_llvm_as`](Context::verify_as_llvm_as) | [`verify`] |
//! | debug info upgrade | [`strip_debug_info`](Context::strip_debug_info), [`upgrade_debug_info`](Context::upgrade_debug_info) | [`verify`] |
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
pub mod passes;
mod replace;
pub mod types;
pub mod value;
pub mod verify;

pub use context::Context;
pub use layout::DataLayout;
pub use replace::HandleCallback;
pub use types::{Type, TypeData};
pub use value::{HandleEvent, HandleId, HandleKind, Use, Value, ValueKind};
