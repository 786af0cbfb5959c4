//! The textual IR printer: LLVM 19 `.ll` syntax, laid out as `llvm-dis` 19
//! lays it out.
//!
//! Owns the public entry points ([`Context::print_module`],
//! [`Context::display_module`] and the `display_*` helpers) and their
//! `Display` adaptors. The work is split by concern:
//! * `text.rs`: byte-level spelling (numbers, quoting, escaping, keyword
//!   tables);
//! * `slots.rs`: the numbering (`%N`, `@N`, `#N`, `!N`, struct numbers and
//!   definition order), LLVM's `SlotTracker` and `TypeFinder`;
//! * `writer.rs`: types, value operands and constants;
//! * `inst.rs`: one instruction line;
//! * `module.rs`: module layout, global and function headers, blocks;
//! * `summary.rs`: the ThinLTO summary index (`^N = ...` lines).
//!
//! Everything is written into one `String` with `push_str`; no value is
//! formatted through `core::fmt` on the hot path.
//!
//! On the corpus the output is byte-identical to `llvm-dis-19`'s (`; preds`
//! included, when use lists are in LLVM's order), and `llvm-as-19` accepts
//! it. Displays of parts number the whole module first, as LLVM's `print`.
//!
//! * `slots.rs`: `ModuleSlots::new` numbers `@N`, `#N` (equal sets share a
//!   group), `!N` (via `MdSlots`) and unnamed structs (`TypeFinder` order)
//!   in one walk; a module print (`ModuleSlots::for_print`) takes each
//!   function's share of that walk just before printing the function, and
//!   writes the struct definitions last into the place kept for them;
//!   `LocalSlots` numbers `%N` into a dense vector by value slot.
//! * Layout facts from llvm-dis 19: labels padded to column 50 before
//!   `; preds = ...` or `; No predecessors!`; implied `dso_local` omitted;
//!   `alloca` omits a count of `i32 1`; fast-math flags on `phi`, `select`
//!   and `call` of FP type, FP vectors and arrays of them (`FPMathOperator`).
//! * `summary.rs` prints the ThinLTO index as `SlotTracker::processIndex`
//!   numbers it; where LLVM's text would not read back as the same index (an
//!   aliasee without summary, a full `params` range, an empty module path, a
//!   name with `"`), lair prints what does.
//! * The output `String` is reserved from the context's value and
//!   metadata counts; nesting uses explicit stacks (a 100k-deep constant prints on a
//!   256 KiB stack).

mod inst;
mod module;
mod slots;
mod summary;
pub(super) mod text;
mod writer;

use core::fmt;

use crate::ir::metadata::{MdPrinter, Metadata};
use crate::ir::{Block, Function, Inst, Module};
use crate::value::Value;
use crate::Context;
pub(crate) use slots::module_struct_types;
use slots::{local_parent, LocalSlots, ModuleSlots};
use writer::Writer;

/// # Printing
///
/// Modules, functions, blocks, instructions and values in LLVM 19 textual
/// syntax, as `llvm-dis` writes them.
impl Context {
    /// The whole module `m` as LLVM 19 textual IR, in the layout `llvm-dis`
    /// 19 gives it: header lines, struct definitions, comdats, globals,
    /// aliases, ifuncs, functions (each after a blank line, with its
    /// `; Function Attrs:` comment), attribute groups, named metadata and
    /// numbered metadata. Unnamed values are numbered as LLVM's
    /// `SlotTracker` numbers them. `llvm-as` 19 reads the result.
    ///
    /// This is [`print_module_bytes`](Context::print_module_bytes), the
    /// one printer, whenever its bytes are UTF-8 (they always are unless
    /// a name LLVM writes raw is not). Otherwise each such raw span (a
    /// function's `gc` name, the target triple) is written with LLVM's
    /// `\XX` string escapes instead, between its quotes, which reads
    /// back as the same module; every other byte is the same.
    pub fn print_module(&self, m: Module) -> String {
        let mut out = String::with_capacity(1 << 12);
        // The raw spans are not spliced in: each one is not UTF-8, so its
        // escaped text stays.
        let mut raw = Vec::new();
        module::print_module(self, m, &mut out, &mut raw);
        out
    }

    /// The whole module `m` as the bytes `llvm-dis` 19 writes (see
    /// [`print_module`](Context::print_module) for the layout): names LLVM
    /// writes unescaped (a function's `gc` name, the target triple) are
    /// their raw bytes even when not UTF-8.
    pub fn print_module_bytes(&self, m: Module) -> Vec<u8> {
        let mut out = String::with_capacity(1 << 12);
        let mut raw = Vec::new();
        module::print_module(self, m, &mut out, &mut raw);
        if raw.is_empty() {
            return out.into_bytes();
        }
        // Each `(at, len, bytes)`: the escaped text at `out[at..at + len]`
        // is `bytes` in LLVM's output.
        let mut v = Vec::with_capacity(out.len());
        let mut from = 0;
        for (at, len, bytes) in raw {
            v.extend_from_slice(&out.as_bytes()[from..at]);
            v.extend_from_slice(bytes);
            from = at + len;
        }
        v.extend_from_slice(&out.as_bytes()[from..]);
        v
    }

    /// [`print_module`](Context::print_module) as a `Display` value.
    pub fn display_module(&self, m: Module) -> ModuleDisplay<'_> {
        ModuleDisplay { ctx: self, m }
    }

    /// One function as it appears in its module's text: the
    /// `; Function Attrs:` comment if any, then `declare ...` or
    /// `define ... { ... }`, ending in a newline. Numbers (`%N`, `#N`,
    /// `!N`) are the ones [`print_module`](Context::print_module) uses,
    /// so this walks the whole module first.
    pub fn display_function(&self, f: Function) -> FunctionDisplay<'_> {
        FunctionDisplay {
            ctx: self,
            item: Item::Function(f),
        }
    }

    /// One block: its label line (with the `; preds` comment) unless it is
    /// an unnamed entry block, then its instructions, each line ending in a
    /// newline. Unlike LLVM's `BasicBlock::print` there is no leading blank
    /// line.
    pub fn display_block(&self, b: Block) -> FunctionDisplay<'_> {
        FunctionDisplay {
            ctx: self,
            item: Item::Block(b),
        }
    }

    /// One instruction as in its function's text (`  %3 = add i32 %1, 2`,
    /// with the two-space indent, without its debug records and without a
    /// newline), as LLVM's `Instruction::print`.
    pub fn display_inst(&self, i: Inst) -> FunctionDisplay<'_> {
        FunctionDisplay {
            ctx: self,
            item: Item::Inst(i),
        }
    }

    /// `v` as a typed operand: `i32 %x`, `ptr @g`, `i32 5`,
    /// `[2 x i32] [i32 1, i32 2]`, `label %bb` (LLVM's
    /// `printAsOperand(OS, true)`).
    pub fn display_value(&self, v: Value) -> ValueDisplay<'_> {
        ValueDisplay {
            ctx: self,
            v,
            typed: true,
        }
    }

    /// `v` as an operand without its type: `%x`, `@g`, `5`, `null`.
    pub fn display_operand(&self, v: Value) -> ValueDisplay<'_> {
        ValueDisplay {
            ctx: self,
            v,
            typed: false,
        }
    }

    /// Spells `f`'s arguments, blocks and instructions as untyped operands
    /// (`%name`, `%3`), numbering the function once; LLVM's
    /// `printAsOperand(OS, false)` for local values, which the analysis
    /// printers use for blocks.
    pub fn local_names(&self, f: Function) -> LocalNames<'_> {
        let mut slots = LocalSlots::new();
        slots.incorporate(self, f);
        LocalNames { ctx: self, slots }
    }

    /// A constant with its type (`{ i32, ptr } { i32 1, ptr @g }`); the
    /// same as [`display_value`](Context::display_value).
    pub fn display_constant(&self, c: Value) -> ValueDisplay<'_> {
        self.display_value(c)
    }
}

/// One module's numbering, made once, for printing many of its parts: the
/// values, instructions, metadata and types a diagnostic names (LLVM's
/// `ModuleSlotTracker`). The `display_*` adaptors number the whole module
/// at every call; this numbers it at creation and each function's locals
/// when a value of that function is first printed.
pub struct ModulePrinter<'a> {
    ctx: &'a Context,
    slots: ModuleSlots<'a>,
    locals: LocalSlots,
    /// The function whose locals `locals` holds.
    func: Option<Function>,
}

/// # Printing many parts of one module
///
/// A [`ModulePrinter`] numbers the module once and then prints values,
/// instructions, metadata and types with the module's numbers.
impl Context {
    /// A printer numbering `m` (one walk over the module).
    pub fn module_printer(&self, m: Module) -> ModulePrinter<'_> {
        ModulePrinter {
            ctx: self,
            slots: ModuleSlots::new(self, m),
            locals: LocalSlots::new(),
            func: None,
        }
    }

    /// A printer for the values of function `f` numbered as a fresh
    /// `ModuleSlotTracker` numbers them once `f` is incorporated (what
    /// LLVM's CFG printer uses): the module's metadata and attribute
    /// groups, then `f`'s alone, so `!N` and `#N` restart per function.
    pub fn function_printer(&self, f: Function) -> ModulePrinter<'_> {
        let m = self.global_parent(f.0);
        ModulePrinter {
            ctx: self,
            slots: ModuleSlots::for_function(self, m, f),
            locals: LocalSlots::new(),
            func: None,
        }
    }
}

impl<'a> ModulePrinter<'a> {
    fn enter(&mut self, v: Value) {
        let f = local_parent(self.ctx, v);
        if f.is_some() && f != self.func {
            if let Some(f) = f {
                self.locals.incorporate(self.ctx, f);
            }
            self.func = f;
        }
    }

    fn writer(&self) -> Writer<'_> {
        Writer {
            ctx: self.ctx,
            slots: &self.slots,
            locals: Some(&self.locals),
        }
    }

    /// `v` as a typed operand (`i32 %x`, `ptr @f`, `label %bb`), as
    /// LLVM's `printAsOperand(OS, true)`.
    pub fn value(&mut self, v: Value) -> String {
        self.enter(v);
        let mut out = String::new();
        self.writer().typed(&mut out, v);
        out
    }

    /// `v` as an operand without its type (`%x`, `@f`, `5`).
    pub fn operand(&mut self, v: Value) -> String {
        self.enter(v);
        let mut out = String::new();
        self.writer().operand(&mut out, v);
        out
    }

    /// One instruction as [`Context::display_inst`] prints it (two-space
    /// indent, no newline).
    pub fn inst(&mut self, i: Inst) -> String {
        self.enter(i.0);
        let mut out = String::new();
        self.writer().inst(&mut out, i);
        out
    }

    /// Debug record `k` of instruction `i` (`#dbg_value(...)`).
    ///
    /// # Panics
    /// If `i` has no record `k`.
    pub fn dbg_record(&mut self, i: Inst, k: usize) -> String {
        self.enter(i.0);
        let ctx = self.ctx;
        let r = &ctx
            .extra(i)
            .expect("instruction has debug records")
            .dbg_records[k];
        let mut out = String::new();
        self.writer().dbg_record(&mut out, r);
        out
    }

    /// `md` as LLVM's `Metadata::print` writes it: the operand form
    /// (`!5`, `!"s"`, `i32 1`), then ` = ` and the body for a node
    /// (`!5 = !{i32 1}`), except `DIExpression`, which is its own body.
    pub fn metadata(&mut self, md: Metadata) -> String {
        let md = self.ctx.md_resolved(md);
        if let crate::ir::metadata::MdData::Value(v) = self.ctx.md_data(md) {
            self.enter(*v);
        }
        let mut out = String::new();
        let w = self.writer();
        w.md_operand(&mut out, md);
        let node = match self.ctx.md_data(md) {
            crate::ir::metadata::MdData::Tuple { .. } => true,
            crate::ir::metadata::MdData::Specialized { kind, .. } => !kind.is_inline(),
            _ => false,
        };
        if node && self.slots.md.slot_of(md).is_some() {
            out.push_str(" = ");
            let slot_of = |m: Metadata| self.slots.md.slot_of(m);
            let write_value = |v: Value, o: &mut dyn fmt::Write| w.write_md_value(v, o);
            let _ = MdPrinter::new(self.ctx, &slot_of, &write_value).write_body(md, &mut out);
        }
        out
    }

    /// A type in LLVM syntax (`i32`, `%struct.S`, `%0`).
    pub fn ty(&self, t: crate::types::Type) -> String {
        let mut out = String::new();
        self.writer().ty(&mut out, t);
        out
    }
}

/// The operand spelling of one function's local values; made by
/// [`Context::local_names`].
pub struct LocalNames<'a> {
    ctx: &'a Context,
    slots: LocalSlots,
}

impl LocalNames<'_> {
    /// Appends `v` as an operand without its type: `%name` (quoted when
    /// LLVM quotes it), `%N` for an unnamed local of the function,
    /// `<badref>` for an unnamed value of another function.
    pub fn push(&self, out: &mut String, v: Value) {
        let ctx = self.ctx;
        if let Some(name) = ctx.name_bytes(v) {
            let global = ctx.value_kind(v).is_global();
            text::push_name(out, if global { '@' } else { '%' }, name);
            return;
        }
        match self.slots.get(v) {
            Some(n) => {
                out.push('%');
                text::push_u64(out, n as u64);
            }
            None => out.push_str("<badref>"),
        }
    }
}

/// A module printable with `{}`; made by [`Context::display_module`].
pub struct ModuleDisplay<'a> {
    ctx: &'a Context,
    m: Module,
}

impl fmt::Display for ModuleDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ctx.print_module(self.m))
    }
}

#[derive(Copy, Clone)]
enum Item {
    Function(Function),
    Block(Block),
    Inst(Inst),
}

/// A function, block or instruction printable with `{}`; made by
/// [`Context::display_function`], [`Context::display_block`] and
/// [`Context::display_inst`].
pub struct FunctionDisplay<'a> {
    ctx: &'a Context,
    item: Item,
}

/// The module of a function, if it is in one.
fn function_module(ctx: &Context, f: Function) -> Module {
    ctx.global_parent(f.0)
}

impl fmt::Display for FunctionDisplay<'_> {
    fn fmt(&self, fm: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ctx = self.ctx;
        let func = match self.item {
            Item::Function(f) => Some(f),
            Item::Block(b) => ctx.block_parent(b),
            Item::Inst(i) => local_parent(ctx, i.0),
        };
        let slots = match func {
            Some(f) => ModuleSlots::new(ctx, function_module(ctx, f)),
            None => ModuleSlots::empty(),
        };
        let mut locals = LocalSlots::new();
        if let Some(f) = func {
            locals.incorporate(ctx, f);
        }
        // Outside any function (a detached block or instruction) there is
        // no function to hold operands to: each prints as in its own.
        let w = Writer {
            ctx,
            slots: &slots,
            locals: func.map(|_| &locals),
        };
        let mut out = String::new();
        match self.item {
            Item::Function(f) => w.function(&mut out, f),
            Item::Block(b) => {
                let entry = func.and_then(|f| ctx.entry_block(f)) == Some(b);
                w.block(&mut out, b, entry);
                if out.starts_with('\n') {
                    out.remove(0);
                }
            }
            Item::Inst(i) => w.inst(&mut out, i),
        }
        fm.write_str(&out)
    }
}

/// A value operand printable with `{}`; made by [`Context::display_value`],
/// [`Context::display_operand`] and [`Context::display_constant`].
pub struct ValueDisplay<'a> {
    ctx: &'a Context,
    v: Value,
    typed: bool,
}

impl fmt::Display for ValueDisplay<'_> {
    fn fmt(&self, fm: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ctx = self.ctx;
        let func = local_parent(ctx, self.v);
        let module = match (func, ctx.value_kind(self.v)) {
            (Some(f), _) => Some(function_module(ctx, f)),
            (None, k) if k.is_global() => Some(ctx.global_parent(self.v)),
            _ => None,
        };
        let slots = match module {
            Some(m) => ModuleSlots::new(ctx, m),
            None => ModuleSlots::empty(),
        };
        let mut locals = LocalSlots::new();
        if let Some(f) = func {
            locals.incorporate(ctx, f);
        }
        let w = Writer {
            ctx,
            slots: &slots,
            locals: func.map(|_| &locals),
        };
        let mut out = String::new();
        if self.typed {
            w.typed(&mut out, self.v);
        } else {
            w.operand(&mut out, self.v);
        }
        fm.write_str(&out)
    }
}

impl fmt::Debug for ModuleDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for FunctionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for ValueDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
