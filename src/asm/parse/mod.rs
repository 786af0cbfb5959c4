//! The `.ll` parser: LLVM 19 textual IR into a [`Module`] of a [`Context`].
//!
//! Owns the public entry point [`parse_module`], the error type
//! [`ParseError`], and the parser's cursor and state (`Parser`). The
//! grammar is split by area: `lexer.rs` (tokens), `types.rs`, `module.rs`
//! (top-level entities, global and function headers), `attrs.rs`,
//! `values.rs` (constants, value references, forward references),
//! `inst.rs` (instructions), `metadata.rs` (nodes, `!DI*`, attachments,
//! debug records) and `summary.rs` (ThinLTO summary entries, kept in the
//! module's summary index).
//!
//! Forward references: a value used before its definition is a
//! placeholder (a [`ValueKind::Placeholder`] for locals, an unnamed global
//! variable for globals, so constants may hold it), replaced with
//! `replace_all_uses_with` when the definition arrives; blocks are created
//! detached at their first mention; metadata `!N` is a temporary node;
//! `#N` attribute groups are merged in at the end of the module.
//!
//! ```
//! use lair::asm::parse::parse_module;
//! use lair::Context;
//!
//! let mut ctx = Context::new();
//! let src = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";
//! let m = parse_module(&mut ctx, src, "f.ll").unwrap();
//! assert!(ctx.print_module(m).contains("%y = add i32 %x, 1"));
//!
//! let err = parse_module(&mut ctx, "define i32 @g() {\n  ret i32 %z\n}\n", "g.ll").unwrap_err();
//! assert_eq!((err.line, err.column), (2, 11));
//! assert_eq!(err.message, "use of undefined value '%z'");
//! ```
//!
//! # Lexing
//!
//! The lexer is hand-written over bytes; a `Token` is 16 bytes (32-bit
//! positions: inputs of 4 GiB and more are refused), allocates
//! nothing, and borrows names without escapes. It classifies the hot
//! keywords (`lexer::Kw`: common mnemonics, `ptr`, `align`, ...) and
//! converts small decimals into the token, so that work is done on the
//! lexer thread and the parser compares numbers. Tokens are lexed 256 at a
//! time (512 trades the instruction-cache gain for data-cache misses).
//! Inputs of 1 MiB or more on two or more cores are lexed on a scoped
//! thread, in windows of 4,096 tokens over a channel: the thread makes
//! up to 12 windows, then sleeps until the parser hands consumed ones
//! back, 4 at a time, so a lexer that is ahead takes no core while it
//! waits and wakes once per 4 windows. The first `^N` summary entry
//! (its `name:` needs the parser's lexer mode), an error or a panic drops
//! the channel (`HangUp`). `parse_module_serial` never starts a thread.
//!
//! # As LLParser
//!
//! * A `blockaddress` of a function not parsed yet resolves when its body
//!   starts, so use-list order matches LLParser's.
//! * Numbering: `%N`/`@N` may skip, never go back; unnamed globals are
//!   written `@N = ...`; a finished function's numbered blocks cannot be
//!   named by `blockaddress`. `uselistorder` directives sort stably
//!   (`sort_use_list`), with LLVM's index-list check.
//! * ThinLTO summaries are kept as LLParser builds `ModuleSummaryIndex`
//!   (GUIDs, references, redefinitions); `^N` numbers are not kept. Where
//!   LLVM only asserts inside a summary entry, lair reports an error.
//! * The module id is the file name unless the text starts with llvm-dis's
//!   `; ModuleID = '...'` line, so `lair fmt` is a fixed point;
//!   `source_filename` is printed even when empty (local GUIDs depend on
//!   it).
//! * Types, constants and metadata nest up to `MAX_DEPTH` (100,000)
//!   levels ("types nested more than 100000 levels deep" past it; LLVM 19
//!   has no limit and overflows its stack near 10,000 nested constants);
//!   each level's recursion goes through `stack::deep`, so depth never
//!   overflows the stack. Errors are [`ParseError`] `{ line, column, message }`,
//!   displayed as llvm-as does, in its wording where known
//!   (`tests/data/ll/invalid/cases.txt`); internally `Result<T,
//!   Box<PErr>>`.
//! * Names, types, numbering, alignments, keywords, fields and GEP indices
//!   (`getIndexedType`) are checked as LLParser does, but not every
//!   verifier-like check LLParser makes (scalable-vector structs as GEP
//!   targets); intrinsic signatures are left to a verifier, as in
//!   llvm-as-19.
//! * Intrinsics, as LLParser's `validateEndOfModule`: an undefined `@llvm.*`
//!   name of a known intrinsic is declared from each call's function type
//!   (`@llvm.umax(i8 ...)` calls `@llvm.umax.i8`, whatever suffix the
//!   reference had, and reuses any global of that name), names in byte order
//!   and uses most recent first, so the first error ("intrinsic can only be
//!   used as callee", "invalid intrinsic signature") is LLVM's; an unknown
//!   name stays an undefined value. Then every intrinsic declaration gets
//!   the intrinsic's attributes (those in the text are dropped, as by LLVM's
//!   `UpgradeIntrinsicFunction`), and an overloaded one named with the wrong
//!   suffix is replaced by the rightly mangled declaration
//!   (`remangleIntrinsicFunction`: calling convention kept, a global holding
//!   the name renamed `.renamed`, every use moved).
//!
//! # Older and hand-written IR
//!
//! * Typed pointers: each `*` or `addrspace(N)*` after a type other than a
//!   bare `ptr` is a `ptr` in that address space; `ptr*`, `void*`,
//!   `label*`, `token*` are refused with LLParser's words.
//! * `x86_mmx`, numbered calling conventions `ccN`, `#N` groups never
//!   defined (they add nothing), `splat (T v)`, `[]` (`undef`), legacy
//!   memory keywords intersected, `blockaddress` typed in its function's
//!   address space.
//! * LLParser's parse-time checks: `cmpxchg` orderings, inline asm
//!   constraints (`ParseConstraints` and `InlineAsm::verify`, in
//!   `ir/asm_constraints.rs`), unsized `load`/`store` without `align`,
//!   atomic ones without `align`, `x86_amx` globals and allocas, and every
//!   `!DI*` field's kind, limit, nullness and presence (`di_fields.rs`).
//! * A memory instruction without `align` gets LLParser's default from the
//!   layout (ABI for load/store, preferred for alloca, the store size for
//!   atomics when a power of two), through one `LayoutCache` per parse.
//! * Named metadata takes only `!N` and `!DIExpression(...)`.
//!
//! Deviations: LLVM's other upgrades of legacy intrinsics are not made; a
//! metadata reference to an undeclared intrinsic is an error (LLVM makes the
//! node `distinct !{null}`); an overload type without mangling is an error
//! (LLVM crashes); a wrongly suffixed declaration outside the program
//! address space is left as written; an error about a callee that also
//! appears as an argument is reported at the callee (LLVM resolves the
//! callee after the arguments and reports the argument).

use std::sync::mpsc;

mod attrs;
mod di_fields;
mod inst;
mod lexer;
mod metadata;
mod module;
mod summary;
mod types;
mod values;

use core::fmt;

use hashbrown::{HashMap, HashSet};
use lexer::{Lexer, Tok, Token};

use crate::ir::attributes::{Attribute, AttributeList, AttributeSet};
use crate::ir::metadata::Metadata;
use crate::ir::{Block, Function, Inst, Module};
use crate::types::Type;
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;

/// A parse error: where, and what went wrong.
///
/// `Display` gives llvm-as's layout: `file:line:col: error: message`, the
/// offending line, and a caret under the column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in bytes).
    pub column: u32,
    /// What went wrong (lowercase, no trailing period, llvm-as's wording
    /// where there is one).
    pub message: String,
    filename: String,
    source_line: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.filename, self.line, self.column, self.message
        )?;
        writeln!(f, "{}", self.source_line)?;
        let pad: String = self
            .source_line
            .bytes()
            .take(self.column.saturating_sub(1) as usize)
            .map(|c| if c == b'\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for ParseError {}

/// An error inside the parser: a byte offset and a message.
#[derive(Debug)]
pub(crate) struct PErr {
    pub(crate) pos: usize,
    pub(crate) msg: String,
}

/// The parser's result: the error is boxed so that `PResult<Type>`,
/// `PResult<Value>` and `PResult<()>` fit in two registers (errors are
/// rare; every successful call would otherwise return through memory).
pub(crate) type PResult<T> = Result<T, Box<PErr>>;

/// Marks the path that calls it as rarely taken, so that the compiler lays
/// it out away from the hot code (the instruction cache is the limit on
/// the parser's hot paths).
#[cold]
#[inline(never)]
pub(crate) fn cold() {}

/// Capacity of the token window (`Parser::ahead`): one batch of the
/// lexer thread.
const AHEAD: usize = 4096;

/// Tokens lexed per batch by the parser's own lexer (a 10 KB batch stays
/// in L1d; larger ones cost more misses than the calls they save).
const LOCAL_BATCH: usize = 256;

/// Inputs at least this long are lexed on a second thread (when the
/// machine has one to give): below it, starting a thread costs more than
/// the lexing it takes off the parser.
const PIPE_MIN_BYTES: usize = 1 << 20;

/// Inputs this long or longer are refused: a token's positions are
/// 32-bit (16-byte tokens), so the end of input must fit in a `u32`.
const MAX_INPUT: usize = u32::MAX as usize;

/// Token windows the lexer thread makes at most (besides the parser's
/// own): filled and queued, being filled, or consumed and on their way
/// back. The parser holds fewer than [`PIPE_RETURN`] consumed ones, so at
/// least `PIPE_WINDOWS - PIPE_RETURN` are the lexer's to fill ahead.
const PIPE_WINDOWS: usize = 12;

/// Consumed windows the parser hands back at once. A lexer that has used
/// all [`PIPE_WINDOWS`] sleeps until they come and then lexes this many
/// windows in a row: one wake-up per group, and no core kept busy while
/// it waits.
const PIPE_RETURN: usize = 4;

/// A token window of the lexer thread.
type Window = Box<[Token; AHEAD]>;

/// A filled window and how many of its tokens are valid.
type Batch = (Window, usize);

/// The parser's end of the lexer thread: filled windows come in, consumed
/// ones go back to be refilled, [`PIPE_RETURN`] at a time.
pub(crate) struct Piped {
    rx: mpsc::Receiver<Batch>,
    back: mpsc::Sender<Window>,
    /// Consumed windows not handed back yet (fewer than [`PIPE_RETURN`]).
    spent: Vec<Window>,
}

impl Piped {
    /// The next filled window, `None` once the thread has sent its last.
    /// Before waiting for one, the consumed windows go back first.
    fn recv(&mut self) -> Option<Batch> {
        match self.rx.try_recv() {
            Ok(b) => Some(b),
            Err(mpsc::TryRecvError::Empty) => {
                self.give_back();
                self.rx.recv().ok()
            }
            Err(mpsc::TryRecvError::Disconnected) => None,
        }
    }

    /// Takes a consumed window; hands the group back when it is full.
    fn spend(&mut self, w: Window) {
        self.spent.push(w);
        if self.spent.len() >= PIPE_RETURN {
            self.give_back();
        }
    }

    fn give_back(&mut self) {
        for w in self.spent.drain(..) {
            // The thread may be gone (after its last window).
            let _ = self.back.send(w);
        }
    }
}

/// Drops the parser's end of the lexer thread's channel when the parse
/// ends, also by unwinding: the scope joins the thread, and a thread
/// waiting for a window to fill only stops once the parser has hung up.
struct HangUp<'p, 'a>(&'p mut Parser<'a>);

impl Drop for HangUp<'_, '_> {
    fn drop(&mut self) {
        self.0.piped = None;
    }
}

/// The lexer thread: lexes from `lx.pos` to the end of the input in
/// windows of [`AHEAD`] tokens and sends them in order, stopping after
/// the window holding [`Tok::Eof`] or as soon as the parser hangs up.
/// It makes up to [`PIPE_WINDOWS`] windows, then refills the ones the
/// parser hands back, sleeping until they come: a lexer ahead of the
/// parser takes no core while it waits, and wakes once per
/// [`PIPE_RETURN`] windows.
fn lex_thread(mut lx: Lexer<'_>, tx: mpsc::Sender<Batch>, back: mpsc::Receiver<Window>) {
    let mut made = 0;
    loop {
        let mut buf = match back.try_recv() {
            Ok(w) => w,
            Err(_) if made < PIPE_WINDOWS => {
                made += 1;
                Box::new([Token::NONE; AHEAD])
            }
            Err(_) => match back.recv() {
                Ok(w) => w,
                // The parser has hung up.
                Err(_) => return,
            },
        };
        let n = lx.fill(&mut buf[..]);
        let eof = n == 0 || buf[n - 1].kind == Tok::Eof;
        if tx.send((buf, n)).is_err() || eof {
            return;
        }
    }
}

/// Entries of `Parser::int_cache`.
const INT_CACHE: usize = 256;

/// How deep types, constants and metadata may nest before the parser
/// refuses (recursion is bounded so no input can overflow the stack).
pub(crate) const MAX_DEPTH: u32 = 100_000;

/// Parses LLVM 19 textual IR `src` into a new module of `ctx` whose
/// default source file name is `filename`; so is its identifier, unless
/// the text starts with llvm-dis's `; ModuleID = '...'` line.
///
/// # Errors
/// The first problem found, with its line and column: lexical errors,
/// syntax errors, undefined or redefined values, type mismatches, unknown
/// types, attributes and keywords. Nothing in the input can make this
/// panic. The module may be partly built when an error is returned.
///
/// Inputs of 1 MiB and more are lexed on a second thread (when
/// [`std::thread::available_parallelism`] reports two or more) that hands
/// the parser windows of tokens; the result is the same as
/// [`parse_module_serial`]'s, which never starts a thread.
pub fn parse_module(ctx: &mut Context, src: &str, filename: &str) -> Result<Module, ParseError> {
    parse(ctx, Source::text(src), filename, pipe_for(src.len()))
}

/// [`parse_module`] on the bytes of a file, as LLVM reads it: text need
/// not be UTF-8 (comments, `c"..."` strings and quoted names may hold any
/// byte), and NUL bytes are blanks.
///
/// # Errors
/// As [`parse_module`].
pub fn parse_module_bytes(
    ctx: &mut Context,
    src: &[u8],
    filename: &str,
) -> Result<Module, ParseError> {
    parse(ctx, Source::bytes(src), filename, pipe_for(src.len()))
}

/// Whether a source of `len` bytes is lexed on a second thread.
fn pipe_for(len: usize) -> bool {
    len >= PIPE_MIN_BYTES && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
}

/// The source bytes and, when they are UTF-8, the same as text (known
/// for `&str` input, checked once for bytes).
#[derive(Clone, Copy)]
struct Source<'a> {
    bytes: &'a [u8],
    text: Option<&'a str>,
}

impl<'a> Source<'a> {
    fn text(src: &'a str) -> Self {
        Source {
            bytes: src.as_bytes(),
            text: Some(src),
        }
    }

    fn bytes(src: &'a [u8]) -> Self {
        Source {
            bytes: src,
            text: core::str::from_utf8(src).ok(),
        }
    }
}

/// [`parse_module`] on the calling thread only.
///
/// # Errors
/// As [`parse_module`].
pub fn parse_module_serial(
    ctx: &mut Context,
    src: &str,
    filename: &str,
) -> Result<Module, ParseError> {
    parse(ctx, Source::text(src), filename, false)
}

fn parse(
    ctx: &mut Context,
    source: Source<'_>,
    filename: &str,
    pipe: bool,
) -> Result<Module, ParseError> {
    let src = source.bytes;
    if src.len() >= MAX_INPUT {
        // Token positions are 32-bit.
        return Err(make_error(
            src,
            filename,
            PErr {
                pos: 0,
                msg: format!(
                    "input of {} bytes is too large: at most {} bytes (unsupported)",
                    src.len(),
                    MAX_INPUT - 1
                ),
            },
        ));
    }
    let m = ctx.create_module(filename);
    // A leading `; ModuleID = '...'` comment (as llvm-dis writes it) names
    // the module, so that printing is a fixed point.
    if let Some(rest) = src.strip_prefix(b"; ModuleID = '") {
        let line = rest.split(|&c| c == b'\n').next().unwrap_or(b"");
        if let Some(id) = line.strip_suffix(b"'") {
            ctx.module_mut(m).id = String::from_utf8_lossy(id).into_owned();
        }
    }
    // Room for the values and uses a module of this size usually has
    // (the -O0/-O2 corpus: 42-49 bytes of text a value, 29-30 a use;
    // debug-info modules have fewer), so the two big arrays are
    // allocated once instead of doubling and copying. Untouched capacity
    // costs address space, not memory.
    ctx.graph.reserve(src.len() / 40, src.len() / 28);
    let mut p = Parser::new(ctx, source, m);
    let r = if pipe {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let (back_tx, back_rx) = mpsc::channel();
            let lx = p.lx.clone();
            let spawned = std::thread::Builder::new()
                .name("lair-lexer".into())
                .spawn_scoped(s, move || lex_thread(lx, tx, back_rx));
            // Without a thread the parser lexes for itself.
            let piped = spawned.ok().map(|_| Piped {
                rx,
                back: back_tx,
                spent: Vec::with_capacity(PIPE_RETURN),
            });
            let g = HangUp(&mut p);
            g.0.piped = piped;
            g.0.run()
        })
    } else {
        p.run()
    };
    match r {
        Ok(()) => Ok(m),
        Err(e) => Err(make_error(src, filename, *e)),
    }
}

fn make_error(bytes: &[u8], filename: &str, e: PErr) -> ParseError {
    let pos = e.pos.min(bytes.len());
    let line_start = bytes[..pos]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    let line = bytes[..line_start].iter().filter(|&&c| c == b'\n').count() + 1;
    let line_end = bytes[pos..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(bytes.len(), |i| pos + i);
    let text = String::from_utf8_lossy(&bytes[line_start..line_end]);
    let text = text.trim_end_matches('\r');
    ParseError {
        line: line.min(u32::MAX as usize) as u32,
        column: (pos - line_start + 1).min(u32::MAX as usize) as u32,
        message: e.msg,
        filename: filename.to_string(),
        source_line: text.chars().take(1000).collect(),
    }
}

/// What an attribute-group reference `#N` applies to.
#[derive(Copy, Clone)]
pub(crate) enum AttrTarget {
    Function(Function),
    Call(Inst),
    Global(Value),
}

/// The numbered values `%N` of a function body, defined in increasing
/// order (the parser rejects going back), so a sorted `Vec` without
/// hashing: dense numbering (the usual `%0, %1, ...`) finds `%N` at index
/// N, gaps fall back to a binary search. Each entry holds the value's
/// type, so the common reference (`%N` of the expected type) reads no
/// value record. Memory is one entry per value whatever the numbers are.
#[derive(Default)]
pub(crate) struct NumberedValues {
    entries: Vec<(u64, Value, Type)>,
}

impl NumberedValues {
    /// The value numbered `n`.
    #[inline]
    pub(crate) fn get(&self, n: &u64) -> Option<&Value> {
        self.get_typed(*n).map(|e| &e.1)
    }

    /// The entry (number, value, type) of the value numbered `n`.
    #[inline]
    pub(crate) fn get_typed(&self, n: u64) -> Option<&(u64, Value, Type)> {
        // Numbers only grow: one above the last is not defined (yet).
        if self.entries.last().is_none_or(|e| e.0 < n) {
            return None;
        }
        if let Some(e) = usize::try_from(n).ok().and_then(|i| self.entries.get(i)) {
            if e.0 == n {
                return Some(e);
            }
        }
        self.entries
            .binary_search_by_key(&n, |e| e.0)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// Defines `n` (greater than every number defined so far) as `v` of
    /// type `ty` (the type of `v`, which never changes).
    #[inline]
    pub(crate) fn push(&mut self, n: u64, v: Value, ty: Type) {
        debug_assert!(self.entries.last().is_none_or(|e| e.0 < n));
        self.entries.push((n, v, ty));
    }

    fn clear(&mut self) {
        self.entries.clear();
    }
}

/// Numbers at and above this are not in [`FwdIds`]'s bitmap (which is
/// then at most 512 KiB): their definitions always ask the map.
const FWD_BITS_MAX: u64 = 1 << 22;

/// The numbered values (and blocks) of a function body used before their
/// definition, with a bitmap of the pending numbers below
/// [`FWD_BITS_MAX`]: nearly every definition of an unnamed value is not
/// pending, though some block usually is (a branch forward), and the bit
/// answers that without hashing the number.
#[derive(Default)]
pub(crate) struct FwdIds {
    map: HashMap<u64, (Value, usize)>,
    /// Bit `n` is set exactly while `n` (below [`FWD_BITS_MAX`]) is a key
    /// of `map`.
    bits: Vec<u64>,
}

impl FwdIds {
    /// Whether `n` may be pending: exact below [`FWD_BITS_MAX`].
    #[inline]
    pub(crate) fn may_hold(&self, n: u64) -> bool {
        if n < FWD_BITS_MAX {
            self.bits
                .get((n >> 6) as usize)
                .is_some_and(|w| (w >> (n & 63)) & 1 != 0)
        } else {
            !self.map.is_empty()
        }
    }

    /// The placeholder of pending `n` and where it was first used.
    #[inline]
    pub(crate) fn get(&self, n: u64) -> Option<&(Value, usize)> {
        if !self.may_hold(n) {
            return None;
        }
        self.map.get(&n)
    }

    /// Records `n` (not pending) as pending with placeholder `v` first used
    /// at `pos`.
    pub(crate) fn insert(&mut self, n: u64, v: Value, pos: usize) {
        if n < FWD_BITS_MAX {
            let w = (n >> 6) as usize;
            if self.bits.len() <= w {
                self.bits.resize(w + 1, 0);
            }
            self.bits[w] |= 1 << (n & 63);
        }
        self.map.insert(n, (v, pos));
    }

    /// Takes `n` out of the pending set.
    #[inline]
    pub(crate) fn remove(&mut self, n: u64) -> Option<(Value, usize)> {
        if !self.may_hold(n) {
            return None;
        }
        if n < FWD_BITS_MAX {
            self.bits[(n >> 6) as usize] &= !(1 << (n & 63));
        }
        self.map.remove(&n)
    }

    /// Every pending number, its placeholder and first use, in no order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&u64, &(Value, usize))> {
        self.map.iter()
    }

    /// Empties the set, keeping its capacity (only the bits of numbers
    /// still pending are cleared).
    fn clear(&mut self) {
        for &n in self.map.keys() {
            if n < FWD_BITS_MAX {
                self.bits[(n >> 6) as usize] = 0;
            }
        }
        self.map.clear();
    }
}

/// Parser state for the function body being parsed.
pub(crate) struct FnState {
    pub(crate) f: Function,
    /// The block instructions are appended to (set by `parse_instruction`
    /// before each instruction; the function itself until the first).
    pub(crate) block: Block,
    /// Defined numbered values.
    pub(crate) numbered: NumberedValues,
    /// The next number an unnamed value gets.
    pub(crate) next_id: u64,
    /// Named values (and blocks) used before their definition.
    pub(crate) fwd_named: HashMap<Box<[u8]>, (Value, usize)>,
    /// Numbered values (and blocks) used before their definition.
    pub(crate) fwd_ids: FwdIds,
}

impl FnState {
    /// The state for the body of `f`, reusing the tables (and their
    /// capacity) of the previous body's state `old`.
    pub(crate) fn reuse(old: Option<Box<FnState>>, f: Function) -> Box<FnState> {
        match old {
            Some(mut fs) => {
                fs.f = f;
                fs.block = Block(f.0);
                fs.numbered.clear();
                fs.next_id = 0;
                fs.fwd_named.clear();
                fs.fwd_ids.clear();
                fs
            }
            None => Box::new(FnState {
                f,
                block: Block(f.0),
                numbered: NumberedValues::default(),
                next_id: 0,
                fwd_named: HashMap::new(),
                fwd_ids: FwdIds::default(),
            }),
        }
    }
}

/// The parser: the lexer's current token plus module-wide state.
pub(crate) struct Parser<'a> {
    pub(crate) ctx: &'a mut Context,
    pub(crate) lx: Lexer<'a>,
    pub(crate) tok: Token,
    /// The tokens after `tok` are `ahead[next..filled]`, lexed in batches
    /// (the lexer is context-free, so lexing ahead changes nothing the
    /// parser sees; one lexer call per batch instead of one per token).
    ahead: Box<[Token; AHEAD]>,
    next: usize,
    filled: usize,
    /// The lexer thread, while it feeds `ahead` (large inputs only).
    piped: Option<Piped>,
    pub(crate) m: Module,
    pub(crate) depth: u32,
    /// Named types: the type, and the position of the first forward
    /// reference while the definition is missing.
    pub(crate) named_types: HashMap<Box<[u8]>, (Type, Option<usize>)>,
    pub(crate) numbered_types: HashMap<u64, (Type, Option<usize>)>,
    pub(crate) numbered_globals: HashMap<u64, Value>,
    pub(crate) next_global_id: u64,
    pub(crate) fwd_globals: HashMap<Box<[u8]>, (Value, usize)>,
    pub(crate) fwd_global_ids: HashMap<u64, (Value, usize)>,
    pub(crate) md_nums: HashMap<u64, Metadata>,
    pub(crate) md_fwd: HashMap<u64, (Metadata, usize)>,
    /// Temporaries standing for `ValueAsMetadata` of a placeholder.
    pub(crate) md_value_fwd: HashMap<Value, Metadata>,
    pub(crate) attr_groups: HashMap<u64, AttributeSet>,
    /// The groups whose last `align=` is `align=0`: LLVM keeps an
    /// alignment of 0 there, which takes a function's alignment away.
    pub(crate) attr_groups_align0: HashSet<u64>,
    /// Whether the attribute group being parsed ends in `align=0`.
    pub(crate) group_align0: bool,
    /// Attribute sets read so far, by content: equal inline lists (the
    /// `noundef` of most call arguments) share one set.
    pub(crate) attr_sets: HashMap<Vec<Attribute>, AttributeSet>,
    /// The list being read by `parse_attrs` (kept for its capacity).
    pub(crate) attr_scratch: Vec<Attribute>,
    /// The set `intern_attrs` returned last.
    pub(crate) last_attrs: AttributeSet,
    /// The attribute list of the last call site read: the next one with
    /// the same (interned) sets shares it instead of a new allocation.
    pub(crate) last_call_attrs: AttributeList,
    /// See [`attrs::OneAttr`].
    pub(crate) one_attr: Option<attrs::OneAttr<'a>>,
    pub(crate) attr_fixups: Vec<(AttrTarget, u64, usize)>,
    /// The module's layout, for the alignment LLParser gives a `load`,
    /// `store`, `alloca`, `atomicrmw` or `cmpxchg` written without one
    /// (made on first need, dropped when `target datalayout` changes).
    pub(crate) layout: Option<crate::layout::LayoutCache>,
    /// `blockaddress` of a function not parsed yet: placeholder, function,
    /// block name or number token (its start is the error position).
    pub(crate) fwd_blockaddr: Vec<(Value, BlockRef, Token)>,
    /// `dso_local_equivalent @f` before `@f` is defined: one placeholder
    /// per global (`BlockRef` as a global's number or name), resolved at
    /// the end of the module as LLVM's parser does.
    pub(crate) fwd_dso: Vec<(BlockRef, Value, Token)>,
    /// Comdat names used by globals, with positions (checked at the end).
    pub(crate) comdat_uses: Vec<(Box<[u8]>, usize)>,
    pub(crate) fs: Option<Box<FnState>>,
    /// The summary index being read (created by the first `^N` entry).
    pub(crate) summary: Option<Box<summary::SummaryState>>,
    /// The last body's state, kept for its table capacity.
    pub(crate) spare_fs: Option<Box<FnState>>,
    /// See [`Parser::const_int`].
    pub(crate) int_cache: Box<[Option<(Type, u64, Value)>; INT_CACHE]>,
    /// The last `null` made and its pointer type (`values.rs`).
    pub(crate) null_cache: Option<(Type, Value)>,
    /// The metadata kind read last, by its source bytes (`tbaa` on most
    /// loads and stores of optimised code): a repeat skips the kind table.
    pub(crate) last_md_kind: Option<(&'a [u8], crate::ir::metadata::MdKindId)>,
    /// Instructions with a `!tbaa` attachment, upgraded at the end of the
    /// module as LLParser does (`UpgradeTBAANode`).
    pub(crate) tbaa_insts: Vec<crate::ir::Inst>,
}

/// A block reference by name or number (in `blockaddress`). Ordered as
/// LLVM's `ValID`s of one kind: numbers by value, names by bytes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum BlockRef {
    Id(u64),
    Name(Box<[u8]>),
}

impl<'a> Parser<'a> {
    fn new(ctx: &'a mut Context, src: Source<'a>, m: Module) -> Self {
        let mut lx = Lexer::with_text(src.bytes, src.text);
        let tok = lx.next();
        Parser {
            ctx,
            lx,
            tok,
            ahead: Box::new([Token::NONE; AHEAD]),
            next: 0,
            filled: 0,
            piped: None,
            m,
            depth: 0,
            named_types: HashMap::new(),
            numbered_types: HashMap::new(),
            numbered_globals: HashMap::new(),
            next_global_id: 0,
            fwd_globals: HashMap::new(),
            fwd_global_ids: HashMap::new(),
            md_nums: HashMap::new(),
            md_fwd: HashMap::new(),
            md_value_fwd: HashMap::new(),
            attr_groups: HashMap::new(),
            attr_groups_align0: HashSet::new(),
            group_align0: false,
            attr_sets: HashMap::new(),
            attr_scratch: Vec::new(),
            last_attrs: AttributeSet::new(),
            last_call_attrs: AttributeList::new(),
            one_attr: None,
            attr_fixups: Vec::new(),
            layout: None,
            fwd_blockaddr: Vec::new(),
            fwd_dso: Vec::new(),
            comdat_uses: Vec::new(),
            fs: None,
            summary: None,
            spare_fs: None,
            int_cache: Box::new([None; INT_CACHE]),
            null_cache: None,
            last_md_kind: None,
            tbaa_insts: Vec::new(),
        }
    }

    // ---- cursor ------------------------------------------------------------

    /// Moves to the next token; returns the one left behind.
    #[inline]
    pub(crate) fn bump(&mut self) -> Token {
        let t = self.tok;
        if self.next == self.filled {
            self.refill();
        }
        self.tok = self.ahead[self.next % AHEAD];
        self.next += 1;
        t
    }

    /// Whether the token after the current one is in the window already
    /// (so [`advance_ready`](Self::advance_ready) may move to it).
    #[inline(always)]
    pub(crate) fn next_ready(&self) -> bool {
        self.next != self.filled
    }

    /// Whether the `n` tokens after the current one are in the window
    /// already.
    #[inline(always)]
    pub(crate) fn ready(&self, n: usize) -> bool {
        self.next + n <= self.filled
    }

    /// The token after the current one, which is in the window
    /// ([`next_ready`](Self::next_ready)).
    #[inline(always)]
    pub(crate) fn next_token(&self) -> Token {
        self.token_after(0)
    }

    /// The token `i + 1` places after the current one, which is in the
    /// window ([`ready`](Self::ready)`(i + 1)`).
    #[inline(always)]
    pub(crate) fn token_after(&self, i: usize) -> Token {
        debug_assert!(self.ready(i + 1));
        self.ahead[(self.next + i) % AHEAD]
    }

    /// Steps over `n` tokens that are in the window
    /// ([`ready`](Self::ready)`(n)`): no refill, no call.
    #[inline(always)]
    pub(crate) fn advance_ready_by(&mut self, n: usize) {
        debug_assert!(n >= 1 && self.ready(n));
        self.next += n - 1;
        self.advance_ready();
    }

    /// [`bump`](Self::bump) when the next token is in the window
    /// ([`next_ready`](Self::next_ready)): no refill, no call.
    #[inline(always)]
    pub(crate) fn advance_ready(&mut self) {
        debug_assert!(self.next_ready());
        self.tok = self.ahead[self.next % AHEAD];
        self.next += 1;
    }

    /// The token after the current one.
    #[inline]
    pub(crate) fn peek(&mut self) -> Token {
        if self.next == self.filled {
            self.refill();
        }
        self.ahead[self.next % AHEAD]
    }

    /// Switches the lexer's summary mode (`name:` is a word and a colon,
    /// LLVM's `setIgnoreColonInIdentifiers`) and drops the tokens lexed
    /// ahead under the other mode: turning it on (the current token is the
    /// entry's `^N`) re-lexes after the current token; turning it off
    /// re-lexes from the current token itself.
    pub(crate) fn set_ignore_colon(&mut self, on: bool) {
        // The lexer thread lexes in the normal mode: from here on the
        // parser's own lexer takes over.
        self.piped = None;
        self.lx.ignore_colon = on;
        self.next = 0;
        self.filled = 0;
        if on {
            debug_assert_eq!(self.tok.kind, Tok::SummaryId);
            self.lx.pos = self.tok.b();
        } else {
            self.lx.pos = self.tok.start();
            self.refill();
            self.tok = self.ahead[0];
            self.next = 1;
        }
    }

    /// Lexes the next batch into `ahead` (all of it consumed), or takes
    /// it from the lexer thread.
    #[inline(never)]
    fn refill(&mut self) {
        if let Some(p) = &mut self.piped {
            match p.recv() {
                Some((buf, n)) => {
                    let old = std::mem::replace(&mut self.ahead, buf);
                    p.spend(old);
                    self.filled = n;
                    self.next = 0;
                    return;
                }
                None => {
                    // The thread sent its end-of-input window and left:
                    // past the end there is only more end of input.
                    self.piped = None;
                    self.lx.pos = self.lx.src.len();
                }
            }
        }
        self.filled = self.lx.fill(&mut self.ahead[..LOCAL_BATCH]);
        self.next = 0;
    }

    /// An error at `pos`. Cold: the paths that build an error's message
    /// are laid out away from the hot code.
    #[cold]
    pub(crate) fn err_at<T>(&self, pos: usize, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(PErr {
            pos,
            msg: msg.into(),
        }))
    }

    /// An error at the current token. On an error token the parser's
    /// message wins over the lexer's, as in LLVM 19 (whose parser's
    /// diagnostic replaces the lexer's).
    #[cold]
    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        self.err_at(self.tok.start(), msg)
    }

    #[inline]
    pub(crate) fn is(&self, k: Tok) -> bool {
        self.tok.kind == k
    }

    #[inline]
    pub(crate) fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Steps over a token of kind `k`, or fails with `msg`. Most callers
    /// only need the step: the token is not copied out (see
    /// [`expect_token`](Self::expect_token)).
    #[inline]
    pub(crate) fn expect(&mut self, k: Tok, msg: &str) -> PResult<()> {
        // With the next token in the window this path calls nothing, so
        // a caller pays no frame for it.
        if self.tok.kind == k && self.next_ready() {
            self.advance_ready();
            return Ok(());
        }
        self.expect_general(k, msg)
    }

    /// [`expect`](Self::expect) off its fast path.
    #[inline(never)]
    fn expect_general(&mut self, k: Tok, msg: &str) -> PResult<()> {
        if self.tok.kind == k {
            self.bump();
            Ok(())
        } else {
            self.expect_failed(msg)
        }
    }

    /// [`expect`](Self::expect), returning the token stepped over.
    #[inline]
    pub(crate) fn expect_token(&mut self, k: Tok, msg: &str) -> PResult<Token> {
        if self.tok.kind == k {
            Ok(self.bump())
        } else {
            self.expect_failed(msg)
        }
    }

    #[cold]
    #[inline(never)]
    fn expect_failed<T>(&self, msg: &str) -> PResult<T> {
        self.err(msg)
    }

    /// `ctx.const_int(ty, v)` through a small direct-mapped cache: the
    /// same few integer constants (`i32 0`, `i64 1`, ...) are asked for
    /// over and over, and a hit skips hashing the constant's key. Integer
    /// constants are never freed while parsing, so entries stay valid.
    #[inline]
    pub(crate) fn const_int(&mut self, ty: Type, v: u64) -> Value {
        let slot = (v as usize).wrapping_add(ty.index().wrapping_mul(0x9e37)) % INT_CACHE;
        if let Some((t, x, c)) = self.int_cache[slot] {
            if t == ty && x == v {
                return c;
            }
        }
        let c = self.ctx.const_int(ty, v);
        self.int_cache[slot] = Some((ty, v, c));
        c
    }

    /// The bytes of the current token's content.
    #[inline]
    pub(crate) fn tok_bytes(&self) -> &'a [u8] {
        self.lx.bytes(self.tok.a(), self.tok.b())
    }

    /// Whether the current token is the bare word `w`.
    #[inline]
    pub(crate) fn is_word(&self, w: &str) -> bool {
        // The length first: most tests fail there, before any slicing.
        self.tok.kind == Tok::Word
            && self.tok.b().wrapping_sub(self.tok.a()) == w.len()
            && self.tok_bytes() == w.as_bytes()
    }

    /// Steps over the classified word `k` if it is the current token.
    #[inline]
    pub(crate) fn eat_kw(&mut self, k: lexer::Kw) -> bool {
        if self.tok.is_kw(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    #[inline]
    pub(crate) fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.err(format!("expected '{w}'"))
        }
    }

    /// The current word as text (empty if it is not a word).
    pub(crate) fn word(&self) -> &'a str {
        if self.tok.kind == Tok::Word {
            self.lx.str_of(self.tok.a(), self.tok.b())
        } else {
            ""
        }
    }

    /// An unsigned decimal integer token.
    pub(crate) fn parse_u64(&mut self, what: &str) -> PResult<u64> {
        if let Some(v) = self.tok.small_int().filter(|&v| v >= 0) {
            self.bump();
            return Ok(v as u64);
        }
        if self.tok.kind != Tok::Int {
            return self.err(format!("expected {what}"));
        }
        let b = self.tok_bytes();
        if b.first() == Some(&b'-') {
            return self.err(format!("expected {what}"));
        }
        let mut v: u64 = 0;
        for &c in b {
            v = match v
                .checked_mul(10)
                .and_then(|x| x.checked_add((c - b'0') as u64))
            {
                Some(x) => x,
                None => return self.err("expected 64-bit integer (too large)"),
            };
        }
        self.bump();
        Ok(v)
    }

    pub(crate) fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        let pos = self.tok.start();
        let v = self.parse_u64(what)?;
        u32::try_from(v).or_else(|_| self.err_at(pos, "expected 32-bit integer (too large)"))
    }

    /// A signed decimal integer token.
    pub(crate) fn parse_i64(&mut self, what: &str) -> PResult<i64> {
        if self.tok.kind != Tok::Int {
            return self.err(format!("expected {what}"));
        }
        let s = core::str::from_utf8(self.tok_bytes()).unwrap_or("");
        match s.parse::<i64>() {
            Ok(v) => {
                self.bump();
                Ok(v)
            }
            Err(_) => self.err("expected 64-bit integer (too large)"),
        }
    }

    /// A string token's bytes (escapes undone).
    pub(crate) fn parse_str_bytes(&mut self, what: &str) -> PResult<Vec<u8>> {
        if self.tok.kind != Tok::Str {
            return self.err(format!("expected {what}"));
        }
        let t = self.bump();
        Ok(self.lx.unescape(&t).into_owned())
    }

    /// A string token as text (escapes undone), for the strings lair holds
    /// as text (address spaces, type and summary names): an error naming
    /// `what` when it is not UTF-8, rather than a different string.
    pub(crate) fn parse_string(&mut self, what: &str) -> PResult<String> {
        let pos = self.tok.start();
        let b = self.parse_str_bytes(what)?;
        match String::from_utf8(b) {
            Ok(s) => Ok(s),
            Err(_) => self.err_at(pos, format!("{what} is not UTF-8 (unsupported)")),
        }
    }

    /// The name of a name token as bytes (escapes undone).
    #[inline]
    pub(crate) fn name_of(&self, t: &Token) -> std::borrow::Cow<'a, [u8]> {
        self.lx.name(t)
    }

    /// Enters one nesting level of a `what` (types, constants, metadata);
    /// errors past [`MAX_DEPTH`].
    pub(crate) fn enter(&mut self, what: &str) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("{what} nested more than {MAX_DEPTH} levels deep"));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// `fs`, the current function's state.
    pub(crate) fn fs(&mut self) -> &mut FnState {
        self.fs.as_mut().expect("inside a function body")
    }

    /// A type's text for messages.
    pub(crate) fn ty_str(&self, t: Type) -> String {
        t.display(self.ctx).to_string()
    }
}

/// # Parsing
///
/// Textual IR into a module (`parse_assembly`), and the forward-reference
/// placeholders the parser resolves by RAUW.
impl Context {
    /// Parses the textual IR `src` into a new module of this context (LLVM's
    /// `parseAssemblyString`); `filename` names the input in error messages.
    /// The same as [`parse_module`].
    ///
    /// # Errors
    /// The first [`ParseError`], with its line and column, as `llvm-as-19`
    /// reports it.
    pub fn parse_assembly(&mut self, src: &str, filename: &str) -> Result<Module, ParseError> {
        parse_module(self, src, filename)
    }

    /// A placeholder value of type `ty`, to be replaced by RAUW.
    pub(crate) fn parse_placeholder(&mut self, ty: Type) -> Value {
        self.graph.alloc(ValueData::new(ValueKind::Placeholder, ty))
    }

    /// Frees a placeholder that has no uses left.
    pub(crate) fn free_placeholder(&mut self, v: Value) {
        debug_assert!(self.use_empty(v));
        self.graph.free(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_display() {
        let mut ctx = Context::new();
        let e = parse_module(&mut ctx, "@x = global i32 zz\n", "t.ll").unwrap_err();
        let s = e.to_string();
        assert!(s.starts_with("t.ll:1:17: error: "), "{s}");
        assert!(s.ends_with("@x = global i32 zz\n                ^"), "{s}");
    }
}
