//! What the verifier reports: [`VerifyError`] (one broken rule, with
//! LLVM's message, the offending values as LLVM prints them, and where it
//! was found) and [`Verification`] (every error of one run).
//!
//! Owns the error sink the checks write into ([`Report`]) and the
//! [`Item`]s a check names, rendered with one [`ModulePrinter`] numbering
//! made on the first error. It does not own the checks.

use core::fmt;

use crate::asm::ModulePrinter;
use crate::ir::metadata::Metadata;
use crate::ir::{Block, Function, Global, Inst, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;

/// One rule of LLVM 19's verifier that the IR breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    message: String,
    details: String,
    debug_info: bool,
    function: Option<Function>,
    block: Option<Block>,
    inst: Option<Inst>,
}

impl VerifyError {
    /// LLVM's message, word for word (`Instruction does not dominate all
    /// uses!`): the first line LLVM prints for this error.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What LLVM prints after the message: the offending values, one per
    /// line (instructions as in their function's text, other values as
    /// typed operands, metadata as `!N = ...`, types after a space).
    pub fn details(&self) -> &str {
        &self.details
    }

    /// Whether the rule is a debug-info rule (LLVM's `CheckDI`): a module
    /// broken only by such rules is accepted by `llvm-as` after it drops
    /// the debug info.
    pub fn is_debug_info(&self) -> bool {
        self.debug_info
    }

    /// The function being verified when the error was found (`None` for
    /// module-level rules: globals, named metadata, module flags, ...).
    pub fn function(&self) -> Option<Function> {
        self.function
    }

    /// The block being verified, if any.
    pub fn block(&self) -> Option<Block> {
        self.block
    }

    /// The instruction being verified, if any.
    pub fn inst(&self) -> Option<Inst> {
        self.inst
    }
}

impl fmt::Display for VerifyError {
    /// The message, a newline, then the details, as LLVM writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        f.write_str("\n")?;
        f.write_str(&self.details)
    }
}

/// Every error one verifier run found, in LLVM's order: functions in
/// module order (each: its body's structure, the function, then block by
/// block and instruction by instruction), then the module-level rules.
#[derive(Clone, Debug, Default)]
pub struct Verification {
    errors: Vec<VerifyError>,
}

impl Verification {
    /// All errors, debug-info ones included, in the order found.
    pub fn errors(&self) -> &[VerifyError] {
        &self.errors
    }

    /// Whether nothing is wrong, debug info included.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// Whether the IR breaks a rule other than a debug-info one (LLVM's
    /// `verifyModule` result with a `BrokenDebugInfo` out-parameter).
    pub fn is_broken(&self) -> bool {
        self.errors.iter().any(|e| !e.debug_info)
    }

    /// Whether some debug-info rule is broken.
    pub fn has_broken_debug_info(&self) -> bool {
        self.errors.iter().any(|e| e.debug_info)
    }

    /// The first error, if any: what `llvm-as` prints first.
    pub fn first(&self) -> Option<&VerifyError> {
        self.errors.first()
    }
}

impl fmt::Display for Verification {
    /// Every error, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.errors {
            write!(f, "{e}")?;
            if !e.details.ends_with('\n') {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

/// Something a failed check names after its message (LLVM's
/// `VerifierSupport::Write` overloads).
pub(crate) enum Item {
    /// An instruction prints as its line; any other value as a typed
    /// operand.
    Val(Value),
    /// `!N = ...`; nothing for `None`.
    Md(Option<Metadata>),
    /// ` T` (a space, the type, no newline).
    Ty(Type),
    /// A number on its own line.
    Num(u64),
    /// A line of text (a printed attribute, a name).
    Text(String),
    /// `; ModuleID = '...'`.
    Module(Module),
    /// Debug record `k` of an instruction.
    Record(Inst, usize),
}

impl From<Value> for Item {
    fn from(v: Value) -> Item {
        Item::Val(v)
    }
}
impl From<Inst> for Item {
    fn from(v: Inst) -> Item {
        Item::Val(v.0)
    }
}
impl From<Block> for Item {
    fn from(v: Block) -> Item {
        Item::Val(v.0)
    }
}
impl From<Function> for Item {
    fn from(v: Function) -> Item {
        Item::Val(v.0)
    }
}
impl From<Global> for Item {
    fn from(v: Global) -> Item {
        Item::Val(v.0)
    }
}
impl From<Metadata> for Item {
    fn from(m: Metadata) -> Item {
        Item::Md(Some(m))
    }
}
impl From<Option<Metadata>> for Item {
    fn from(m: Option<Metadata>) -> Item {
        Item::Md(m)
    }
}
impl From<Type> for Item {
    fn from(t: Type) -> Item {
        Item::Ty(t)
    }
}
impl From<String> for Item {
    fn from(s: String) -> Item {
        Item::Text(s)
    }
}
impl From<u64> for Item {
    fn from(n: u64) -> Item {
        Item::Num(n)
    }
}
impl From<Module> for Item {
    fn from(m: Module) -> Item {
        Item::Module(m)
    }
}

/// Where the verifier is: the function, block and instruction each error
/// is attributed to.
#[derive(Copy, Clone, Default)]
pub(crate) struct Location {
    pub(crate) function: Option<Function>,
    pub(crate) block: Option<Block>,
    pub(crate) inst: Option<Inst>,
}

/// The error sink: errors so far, and the numbering to print with, made on
/// the first error.
pub(crate) struct Report<'a> {
    ctx: &'a Context,
    m: Module,
    printer: Option<ModulePrinter<'a>>,
    pub(crate) errors: Vec<VerifyError>,
    pub(crate) at: Location,
    /// Whether a debug-info rule failed (LLVM's `BrokenDebugInfo`).
    pub(crate) broken_debug_info: bool,
}

impl<'a> Report<'a> {
    pub(crate) fn new(ctx: &'a Context, m: Module) -> Self {
        Report {
            ctx,
            m,
            printer: None,
            errors: Vec::new(),
            at: Location::default(),
            broken_debug_info: false,
        }
    }

    /// Records a failed rule with the items it names.
    #[cold]
    #[inline(never)]
    pub(crate) fn fail(&mut self, debug_info: bool, message: String, items: Vec<Item>) {
        let ctx = self.ctx;
        let m = self.m;
        self.broken_debug_info |= debug_info;
        let p = self.printer.get_or_insert_with(|| ctx.module_printer(m));
        let mut details = String::new();
        for item in items {
            match item {
                Item::Val(v) => {
                    if !ctx.is_live(v) {
                        details.push_str("<erased value>\n");
                        continue;
                    }
                    if ctx.value_kind(v) == ValueKind::Instruction {
                        details.push_str(&p.inst(Inst(v)));
                    } else {
                        details.push_str(&p.value(v));
                    }
                    details.push('\n');
                }
                Item::Md(Some(md)) => {
                    details.push_str(&p.metadata(md));
                    details.push('\n');
                }
                Item::Md(None) => {}
                Item::Ty(t) => {
                    details.push(' ');
                    details.push_str(&p.ty(t));
                }
                Item::Num(n) => {
                    details.push_str(&n.to_string());
                    details.push('\n');
                }
                Item::Text(s) => {
                    details.push_str(&s);
                    details.push('\n');
                }
                Item::Module(m) => {
                    details.push_str("; ModuleID = '");
                    details.push_str(&ctx.module(m).id);
                    details.push_str("'\n");
                }
                Item::Record(i, k) => {
                    details.push_str(&p.dbg_record(i, k));
                    details.push('\n');
                }
            }
        }
        self.errors.push(VerifyError {
            message,
            details,
            debug_info,
            function: self.at.function,
            block: self.at.block,
            inst: self.at.inst,
        });
    }

    /// The errors recorded, moved out.
    pub(crate) fn finish(&mut self) -> Verification {
        Verification {
            errors: core::mem::take(&mut self.errors),
        }
    }
}

/// `check!(v, cond, "message", items...)`: LLVM's `Check`. On failure,
/// records the error and returns from the calling check (with `()`, or the
/// value given after `=>`).
macro_rules! check {
    ($v:expr, $cond:expr, $msg:expr $(, $item:expr)* $(,)?) => {
        if !($cond) {
            $v.fail(false, $msg, vec![$($crate::verify::report::Item::from($item)),*]);
            return;
        }
    };
}

/// `check_di!`: LLVM's `CheckDI`, a debug-info rule.
macro_rules! check_di {
    ($v:expr, $cond:expr, $msg:expr $(, $item:expr)* $(,)?) => {
        if !($cond) {
            $v.fail(true, $msg, vec![$($crate::verify::report::Item::from($item)),*]);
            return;
        }
    };
}

pub(crate) use {check, check_di};
