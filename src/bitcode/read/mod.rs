//! The bitcode reader: the reader state, the top level of the stream
//! (identification, module, string table, symbol table), the module
//! block's records (triple, data layout, globals, functions, aliases,
//! ifuncs, comdats, section and GC names), value symbol tables, use-list
//! blocks, and the lazy reading of function bodies.
//!
//! The other areas have their own files: `types.rs` (the type table),
//! `attrs.rs` (attribute groups and lists), `constants.rs` (constants
//! blocks and the materialization of pending constants), `metadata.rs`
//! (metadata blocks, kinds, attachments, `DI*` records), `function.rs`
//! (function bodies) and `summary.rs` (ThinLTO summary blocks, read after
//! the module block).

mod attrs;
mod constants;
mod function;
mod intrinsics;
mod metadata;
mod summary;

pub(crate) use metadata::expr_fields;
mod types;
mod upgrade;

use super::codes;
use super::error::BitcodeError;
use crate::bitstream::{self, names as n, Entry, Reader, Record};
use crate::ir::attributes::AttributeList;
use crate::ir::function::{PERSONALITY, PREFIX, PROLOGUE};
use crate::ir::metadata::{MdKindId, Metadata};
use crate::ir::{Function, Global, Module};
use crate::layout::upgrade_data_layout;
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;
use constants::Pending;
use hashbrown::HashMap;

/// Reads LLVM 19 bitcode (optionally inside a wrapper header) into a new
/// module of `ctx`: the whole module, every function body materialized
/// and every use-list order applied.
///
/// # Errors
/// A [`BitcodeError`] naming the block, record and bit offset of the first
/// malformed or unsupported construct (a file of several modules, as
/// `llvm-cat -b` writes, is one). No input makes this panic, and no
/// allocation is sized by a length field that the stream does not back
/// with bits. The module may be partly built when an error is returned.
pub fn read_bitcode(ctx: &mut Context, bytes: &[u8]) -> Result<Module, BitcodeError> {
    let mut lazy = LazyModule::open(ctx, bytes)?;
    lazy.materialize_all()?;
    Ok(lazy.module())
}

/// [`read_bitcode`] for a module identified as `name` (the file name
/// `llvm-dis` would be given): its `; ModuleID`, and its source file name
/// when the bitcode records none, as LLVM's reader does.
///
/// # Errors
/// As [`read_bitcode`].
pub fn read_bitcode_named(
    ctx: &mut Context,
    bytes: &[u8],
    name: &str,
) -> Result<Module, BitcodeError> {
    let mut lazy = LazyModule::open_named(ctx, bytes, name)?;
    lazy.materialize_all()?;
    Ok(lazy.module())
}

/// A module whose globals, types, constants and metadata are read, and
/// whose function bodies stay in the buffer until
/// [`materialize`](LazyModule::materialize) reads one (what LLVM's
/// `getLazyModule` gives LTO tools). Materializing every body gives the
/// same module as [`read_bitcode`].
///
/// ```
/// # fn demo(ctx: &mut lair::Context, bytes: &[u8]) -> Result<(), lair::bitcode::BitcodeError> {
/// use lair::bitcode::LazyModule;
/// let mut lazy = LazyModule::open(ctx, bytes)?;
/// let fs: Vec<_> = lazy.context().functions(lazy.module()).collect();
/// for f in fs {
///     lazy.materialize(f)?; // one body at a time
/// }
/// lazy.materialize_all()?; // and the module's use-list orders
/// # Ok(()) }
/// ```
pub struct LazyModule<'a, 'c> {
    rd: Box<Rd<'a, 'c>>,
}

impl<'a, 'c> LazyModule<'a, 'c> {
    /// Reads everything of the module in `bytes` but its function bodies
    /// into a new module of `ctx`.
    ///
    /// # Errors
    /// As [`read_bitcode`], for the parts read.
    pub fn open(ctx: &'c mut Context, bytes: &'a [u8]) -> Result<Self, BitcodeError> {
        Self::open_named(ctx, bytes, "")
    }

    /// [`LazyModule::open`] for a module identified as `name` (see
    /// [`read_bitcode_named`]).
    ///
    /// # Errors
    /// As [`read_bitcode`], for the parts read.
    pub fn open_named(
        ctx: &'c mut Context,
        bytes: &'a [u8],
        name: &str,
    ) -> Result<Self, BitcodeError> {
        let mut rd = Box::new(Rd::new(ctx, bytes).map_err(|e| *e)?);
        let md = rd.ctx.module_mut(rd.m);
        md.id = name.to_string();
        md.source_filename = name.as_bytes().to_vec();
        rd.read_top_level().map_err(|e| *e)?;
        Ok(LazyModule { rd })
    }

    /// The module being read.
    pub fn module(&self) -> Module {
        self.rd.m
    }

    /// The context, to inspect the module between materializations.
    pub fn context(&self) -> &Context {
        self.rd.ctx
    }

    /// Whether `f` still has a body in the buffer.
    pub fn is_materializable(&self, f: Function) -> bool {
        self.rd.bodies.get(&f).is_some_and(|b| !b.done)
    }

    /// Reads the body of `f` (and of the functions its body says use its
    /// block addresses, as LLVM does); nothing for a declaration or a body
    /// already read.
    ///
    /// # Errors
    /// A [`BitcodeError`] for malformed records in the body.
    pub fn materialize(&mut self, f: Function) -> Result<(), BitcodeError> {
        self.rd.materialize(f).map_err(|e| *e)
    }

    /// Reads every body left, in module order, then the module's use-list
    /// orders.
    ///
    /// # Errors
    /// As [`LazyModule::materialize`]; also a `blockaddress` naming a
    /// function without a body.
    pub fn materialize_all(&mut self) -> Result<(), BitcodeError> {
        self.rd.materialize_all().map_err(|e| *e)
    }
}

/// One entry of the value list.
#[derive(Clone, Copy)]
pub(crate) enum Slot {
    /// A value (possibly a forward-reference placeholder).
    Val(Value),
    /// A constant record not made yet: index into `Rd::pending`.
    Pending(u32),
}

/// Where a function's body is, and whether it has been read.
struct Body {
    bit: u64,
    done: bool,
}

/// The reader: the bitstream reader, the context being filled, and every
/// table the records' ids index.
pub(crate) struct Rd<'a, 'c> {
    pub(crate) ctx: &'c mut Context,
    pub(crate) m: Module,
    pub(crate) r: Reader<'a>,
    rec: Record<'a>,
    strtab: &'a [u8],
    stream: &'a [u8],
    stream_bits: u64,
    /// Bit of the module block's body (after its id), set by the top-level scan.
    module_bit: Option<u64>,
    /// Innermost block id and record code, for error messages.
    pub(crate) block: Option<u32>,
    pub(crate) code: Option<u32>,
    // ---- types
    pub(crate) types: Vec<Option<Type>>,
    // ---- values
    pub(crate) vals: Vec<Slot>,
    pub(crate) pending: Vec<Pending>,
    /// Forward-reference placeholders of the body being read, by value id.
    pub(crate) placeholders: HashMap<u32, Value>,
    // ---- attributes
    pub(crate) attr_groups: HashMap<u64, (u32, crate::ir::attributes::AttributeSet)>,
    pub(crate) attr_lists: Vec<AttributeList>,
    // ---- module
    section_names: Vec<Box<[u8]>>,
    gc_names: Vec<Box<[u8]>>,
    comdats: Vec<Box<[u8]>>,
    global_inits: Vec<(Global, u32)>,
    indirect_inits: Vec<(Global, u32)>,
    fn_operands: Vec<(Function, [u32; 3])>,
    with_bodies: Vec<Function>,
    next_body: usize,
    bodies: HashMap<Function, Body>,
    module_uselists: Vec<u64>,
    /// `blockaddress` constants of functions not read yet: the blocks made
    /// for them, by function and block number (a map: the number is only
    /// checked when the body is read, so it must not size anything).
    pub(crate) fwd_blocks: HashMap<Function, HashMap<u64, crate::ir::Block>>,
    /// Functions whose body must be read right after the current one.
    pub(crate) then_materialize: Vec<Function>,
    /// Instructions of the body being read that got a `!prof` attachment:
    /// the only ones `upgrade_body` has to look at.
    pub(crate) prof_insts: Vec<crate::ir::Inst>,
    /// The block and instruction lists of the last body read, kept for
    /// the next one (`read_function_body`).
    pub(crate) body_lists: (Vec<crate::ir::Block>, Vec<crate::ir::Inst>),
    version: u64,
    // ---- metadata
    pub(crate) mds: Vec<Option<Metadata>>,
    pub(crate) md_fwd: HashMap<u32, Metadata>,
    /// Temporaries standing for value-as-metadata of placeholders.
    pub(crate) md_value_fwd: HashMap<Value, Metadata>,
    pub(crate) md_kinds: HashMap<u64, MdKindId>,
    pub(crate) bundle_tags: Vec<Box<[u8]>>,
    pub(crate) sync_scopes: Vec<Box<[u8]>>,
    /// Number of module-level values and metadata (function-level ids
    /// continue from them and are dropped after each body).
    pub(crate) module_values: usize,
    pub(crate) module_mds: usize,
    pub(crate) inits_done: bool,
    /// Where the summary blocks are, and what they need of the module.
    summary: summary::SummaryScan,
}

/// The `Result` of reader steps: the error is boxed, so that a `Res<Value>`
/// returns in registers (errors are rare; every step returns one).
pub(crate) type Res<T> = Result<T, Box<BitcodeError>>;

impl<'a, 'c> Rd<'a, 'c> {
    fn new(ctx: &'c mut Context, bytes: &'a [u8]) -> Res<Self> {
        let (_, stream) =
            bitstream::stream_bytes(bytes).map_err(|e| Box::new(BitcodeError::stream(None, e)))?;
        if stream.len() % 4 != 0 {
            return Err(Box::new(BitcodeError::new(
                None,
                None,
                0,
                format!(
                    "bitcode stream of {} bytes is not a multiple of 4 bytes in length",
                    stream.len()
                ),
            )));
        }
        let r =
            bitstream::open_bitcode(stream).map_err(|e| Box::new(BitcodeError::stream(None, e)))?;
        let m = ctx.create_module("");
        // Room for the values and uses a module of this size usually has
        // (the -O0/-O2 corpus: 6 to 8 bytes of bitcode a value, about 3 a
        // use), so the two big arrays are allocated once.
        ctx.graph.reserve(stream.len() / 6, stream.len() / 3);
        Ok(Rd {
            ctx,
            m,
            r,
            rec: Record::new(),
            strtab: &[],
            stream,
            stream_bits: stream.len() as u64 * 8,
            module_bit: None,
            block: None,
            code: None,
            types: Vec::new(),
            vals: Vec::new(),
            pending: Vec::new(),
            placeholders: HashMap::new(),
            attr_groups: HashMap::new(),
            attr_lists: Vec::new(),
            section_names: Vec::new(),
            gc_names: Vec::new(),
            comdats: Vec::new(),
            global_inits: Vec::new(),
            indirect_inits: Vec::new(),
            fn_operands: Vec::new(),
            with_bodies: Vec::new(),
            next_body: 0,
            bodies: HashMap::new(),
            module_uselists: Vec::new(),
            fwd_blocks: HashMap::new(),
            then_materialize: Vec::new(),
            prof_insts: Vec::new(),
            body_lists: (Vec::new(), Vec::new()),
            version: 0,
            mds: Vec::new(),
            md_fwd: HashMap::new(),
            md_value_fwd: HashMap::new(),
            md_kinds: HashMap::new(),
            bundle_tags: Vec::new(),
            sync_scopes: Vec::new(),
            module_values: 0,
            module_mds: 0,
            inits_done: false,
            summary: Default::default(),
        })
    }

    // ---- errors ----------------------------------------------------------

    /// An error at the current position, in the current block and record.
    #[cold]
    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> Res<T> {
        Err(Box::new(BitcodeError::new(
            self.block,
            self.code,
            self.r.bit_pos(),
            msg.into(),
        )))
    }

    /// Wraps a container error.
    #[cold]
    pub(crate) fn serr(&self, e: bitstream::Error) -> Box<BitcodeError> {
        Box::new(BitcodeError::stream(self.block, e))
    }

    /// The next entry of the current block.
    pub(crate) fn advance(&mut self) -> Res<Entry> {
        let e = self.r.advance().map_err(|e| self.serr(e))?;
        Ok(e)
    }

    /// Reads the record whose abbreviation id was just returned, into a
    /// buffer the caller hands back with [`Rd::give_back`].
    pub(crate) fn read_rec(&mut self, abbrev: u32) -> Res<Record<'a>> {
        let mut rec = std::mem::take(&mut self.rec);
        if let Err(e) = self.r.read_record(abbrev, &mut rec) {
            self.rec = rec;
            return Err(self.serr(e));
        }
        self.code = Some(rec.code());
        Ok(rec)
    }

    /// Returns a record buffer for reuse.
    pub(crate) fn give_back(&mut self, rec: Record<'a>) {
        self.rec = rec;
    }

    /// Enters block `id` (its `SubBlock` entry just read); returns the
    /// enclosing block id to restore with [`Rd::leave`].
    pub(crate) fn enter(&mut self, id: u32) -> Res<Option<u32>> {
        let outer = self.block;
        self.block = Some(id);
        self.code = None;
        self.r.enter_block(id).map_err(|e| self.serr(e))?;
        Ok(outer)
    }

    /// Back in the enclosing block (after the `EndBlock` entry).
    pub(crate) fn leave(&mut self, outer: Option<u32>) {
        self.block = outer;
        self.code = None;
    }

    /// Skips the sub-block whose `SubBlock` entry was just read.
    pub(crate) fn skip(&mut self) -> Res<()> {
        self.r.skip_block().map_err(|e| self.serr(e))?;
        Ok(())
    }

    /// Bits left in the stream: a bound for counts that ask for memory.
    pub(crate) fn bits_left(&self) -> u64 {
        self.stream_bits.saturating_sub(self.r.bit_pos())
    }

    // ---- strings -----------------------------------------------------------

    /// Text from record values (one character per value).
    pub(crate) fn chars(&self, vals: &[u64]) -> Res<String> {
        let bytes: Vec<u8> = vals.iter().map(|&v| v as u8).collect();
        self.text(bytes)
    }

    /// Record values as bytes (one byte per value): value names, which
    /// are bytes as in LLVM.
    pub(crate) fn name_chars(&self, vals: &[u64]) -> Vec<u8> {
        vals.iter().map(|&v| v as u8).collect()
    }

    /// Bytes as text (the strings lair holds as text).
    pub(crate) fn text(&self, bytes: Vec<u8>) -> Res<String> {
        match String::from_utf8(bytes) {
            Ok(s) => Ok(s),
            Err(_) => self.err("a name or string that is not valid UTF-8 is not supported"),
        }
    }

    /// The string table slice `[off, off + len)` as bytes.
    fn strtab_bytes(&self, off: u64, len: u64) -> Res<&'a [u8]> {
        let end = off.checked_add(len);
        match end.and_then(|e| self.strtab.get(off as usize..e as usize)) {
            Some(b) => Ok(b),
            None => self.err("name outside the string table"),
        }
    }

    // ---- top level --------------------------------------------------------

    fn read_top_level(&mut self) -> Res<()> {
        // First pass: find the module block, read the string table.
        loop {
            if self.r.at_end() {
                break;
            }
            let e = self.advance()?;
            match e {
                Entry::SubBlock(id) => {
                    if id == n::MODULE_BLOCK_ID {
                        if self.module_bit.is_some() {
                            return self.err(
                                "the bitcode holds several modules (as `llvm-cat -b` writes); \
                                 lair reads one module a file: extract each with `llvm-modextract`",
                            );
                        }
                        self.module_bit = Some(self.r.bit_pos());
                        self.skip()?;
                    } else if id == n::STRTAB_BLOCK_ID {
                        self.read_strtab()?;
                    } else if id == n::IDENTIFICATION_BLOCK_ID {
                        self.read_identification()?;
                    } else if id == bitstream::BLOCKINFO_BLOCK_ID {
                        self.r.read_block_info_block().map_err(|e| self.serr(e))?;
                    } else {
                        self.skip()?;
                    }
                }
                Entry::Record(id) => {
                    return self.err(format!(
                        "abbreviation id {id} at the top level, where only blocks may appear"
                    ))
                }
                Entry::EndBlock | Entry::DefineAbbrev => {
                    return self.err("malformed top level of the stream")
                }
            }
            // Trailing zero padding (a wrapper's) ends the stream.
            let at = (self.r.bit_pos() / 8) as usize;
            if self
                .stream
                .get(at..)
                .is_some_and(|rest| rest.iter().all(|&b| b == 0))
            {
                break;
            }
        }
        let Some(bit) = self.module_bit else {
            return self.err("no module block in the bitcode");
        };
        self.r.seek(bit).map_err(|e| self.serr(e))?;
        self.read_module_block()
    }

    fn read_identification(&mut self) -> Res<()> {
        let outer = self.enter(n::IDENTIFICATION_BLOCK_ID)?;
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => self.skip()?,
                Entry::DefineAbbrev => {}
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    let bad_epoch = rec.code() == n::IDENTIFICATION_CODE_EPOCH
                        && rec.operands().first().is_some_and(|&e| e != 0);
                    self.give_back(rec);
                    if bad_epoch {
                        return self.err("incompatible epoch: bitcode from a newer LLVM");
                    }
                }
            }
        }
        self.leave(outer);
        Ok(())
    }

    fn read_strtab(&mut self) -> Res<()> {
        let outer = self.enter(n::STRTAB_BLOCK_ID)?;
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => self.skip()?,
                Entry::DefineAbbrev => {}
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    if rec.code() == n::STRTAB_BLOB {
                        if let Some(b) = rec.blob() {
                            self.strtab = b;
                        }
                    }
                    self.give_back(rec);
                }
            }
        }
        self.leave(outer);
        Ok(())
    }

    // ---- the module block -------------------------------------------------

    fn read_module_block(&mut self) -> Res<()> {
        let outer = self.enter(n::MODULE_BLOCK_ID)?;
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::DefineAbbrev => {}
                Entry::SubBlock(id) => match id {
                    bitstream::BLOCKINFO_BLOCK_ID => {
                        self.r.read_block_info_block().map_err(|e| self.serr(e))?
                    }
                    n::PARAMATTR_GROUP_BLOCK_ID => self.read_attr_groups()?,
                    n::PARAMATTR_BLOCK_ID => self.read_attr_lists()?,
                    n::TYPE_BLOCK_ID_NEW => self.read_types()?,
                    n::CONSTANTS_BLOCK_ID => {
                        self.read_constants()?;
                        self.resolve_inits()?;
                        self.module_values = self.vals.len();
                    }
                    n::METADATA_BLOCK_ID => {
                        self.read_metadata(true)?;
                        self.module_mds = self.mds.len();
                    }
                    n::METADATA_KIND_BLOCK_ID => self.read_md_kinds()?,
                    n::OPERAND_BUNDLE_TAGS_BLOCK_ID => self.read_bundle_tags()?,
                    n::SYNC_SCOPE_NAMES_BLOCK_ID => self.read_sync_scopes()?,
                    n::FUNCTION_BLOCK_ID => {
                        if !self.inits_done {
                            self.resolve_inits()?;
                        }
                        let bit = self.r.bit_pos();
                        self.skip()?;
                        let Some(&f) = self.with_bodies.get(self.next_body) else {
                            return self.err("a function body with no function to belong to");
                        };
                        self.next_body += 1;
                        self.bodies.insert(f, Body { bit, done: false });
                    }
                    n::USELIST_BLOCK_ID => {
                        self.module_uselists.push(self.r.bit_pos());
                        self.skip()?;
                    }
                    n::GLOBALVAL_SUMMARY_BLOCK_ID | n::FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID => {
                        self.summary.note_block(id, self.r.bit_pos());
                        self.skip()?;
                    }
                    n::MODULE_STRTAB_BLOCK_ID => {
                        self.summary.note_strtab(self.r.bit_pos());
                        self.skip()?;
                    }
                    _ => self.skip()?,
                },
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    let r = self.module_record(&rec);
                    self.give_back(rec);
                    r?;
                }
            }
        }
        self.leave(outer);
        // With no layout record, LLVM 19 upgrades the empty string (AMDGPU
        // modules get one).
        if self.ctx.module(self.m).datalayout.is_empty() {
            let md = self.ctx.module_mut(self.m);
            md.datalayout = upgrade_data_layout("", md.triple_str());
        }
        if !self.inits_done {
            self.resolve_inits()?;
        }
        if self.module_values == 0 {
            self.module_values = self.vals.len();
        }
        if self.module_mds == 0 {
            self.module_mds = self.mds.len();
        }
        if self.next_body != self.with_bodies.len() {
            return self.err("a function has no body in the bitcode");
        }
        // LLVM's readers run `UpgradeModuleFlags` on every module.
        self.ctx.upgrade_module_flags(self.m);
        self.read_summaries()?;
        self.reset_intrinsic_attrs()
    }

    fn module_record(&mut self, rec: &Record<'a>) -> Res<()> {
        let v = rec.operands();
        match rec.code() {
            n::MODULE_CODE_VERSION => {
                let Some(&ver) = v.first() else {
                    return self.err("empty version record");
                };
                if ver != 2 {
                    return self.err(format!(
                        "bitcode version {ver} is not supported (LLVM 19 writes version 2)"
                    ));
                }
                self.version = ver;
            }
            n::MODULE_CODE_TRIPLE => {
                let s = self.name_chars(v);
                self.ctx.module_mut(self.m).triple = s;
            }
            n::MODULE_CODE_DATALAYOUT => {
                // Upgraded as LLVM 19's reader does (the triple comes first).
                let raw = self.chars(v)?;
                let s = upgrade_data_layout(&raw, self.ctx.module(self.m).triple_str());
                if let Err(e) = crate::layout::DataLayout::parse(&s) {
                    return self.err(format!("invalid data layout: {e}"));
                }
                self.ctx.module_mut(self.m).datalayout = s;
            }
            n::MODULE_CODE_ASM => {
                let s = self.name_chars(v);
                // One line per `\n`-ended piece, as LLVM's printer splits it.
                if !s.is_empty() {
                    let body = s.strip_suffix(b"\n").unwrap_or(&s);
                    let md = self.ctx.module_mut(self.m);
                    md.module_asm
                        .extend(body.split(|&c| c == b'\n').map(<[u8]>::to_vec));
                }
            }
            n::MODULE_CODE_SOURCE_FILENAME => {
                let s = self.name_chars(v);
                self.summary.note_source_file(&s);
                self.ctx.module_mut(self.m).source_filename = s;
            }
            n::MODULE_CODE_SECTIONNAME => {
                let s = self.name_chars(v);
                self.section_names.push(s.into());
            }
            n::MODULE_CODE_GCNAME => {
                let s = self.name_chars(v);
                self.gc_names.push(s.into());
            }
            n::MODULE_CODE_DEPLIB => {}
            n::MODULE_CODE_COMDAT => self.comdat_record(v)?,
            n::MODULE_CODE_GLOBALVAR => {
                self.global_var_record(v)?;
                self.summary.note_value(self.vals.len() - 1);
            }
            n::MODULE_CODE_FUNCTION => {
                self.function_record(v)?;
                self.summary.note_value(self.vals.len() - 1);
            }
            n::MODULE_CODE_ALIAS => {
                self.indirect_record(v, true)?;
                self.summary.note_value(self.vals.len() - 1);
            }
            n::MODULE_CODE_IFUNC => self.indirect_record(v, false)?,
            n::MODULE_CODE_ALIAS_OLD => {
                return self.err("old-style alias records are not supported")
            }
            n::MODULE_CODE_HASH => self.summary.note_hash(v),
            n::MODULE_CODE_VSTOFFSET => {}
            _ => {}
        }
        Ok(())
    }

    pub(crate) fn need(&self, v: &[u64], k: usize, what: &str) -> Res<()> {
        if v.len() < k {
            return self.err(format!("{what} record has {} fields, needs {k}", v.len()));
        }
        Ok(())
    }

    /// The name of a record whose first two fields are its string-table
    /// offset and size; the rest of the fields.
    fn named<'v>(&self, v: &'v [u64], what: &str) -> Res<(&'a [u8], &'v [u64])> {
        self.need(v, 2, what)?;
        let name = self.strtab_bytes(v[0], v[1])?;
        Ok((name, &v[2..]))
    }

    fn comdat_record(&mut self, v: &[u64]) -> Res<()> {
        let (name, v) = self.named(v, "comdat")?;
        self.need(v, 1, "comdat")?;
        let Some(kind) = codes::comdat_kind(v[0]) else {
            return self.err(format!("unknown comdat selection kind {}", v[0]));
        };
        self.ctx
            .module_mut(self.m)
            .comdats
            .insert(name.into(), kind);
        self.comdats.push(name.into());
        Ok(())
    }

    fn comdat_ref(&self, id: u64) -> Res<Option<Box<[u8]>>> {
        if id == 0 {
            return Ok(None);
        }
        match self.comdats.get(id as usize - 1) {
            Some(c) => Ok(Some(c.clone())),
            None => self.err(format!("invalid comdat id {id}")),
        }
    }

    fn section_ref(&self, id: u64) -> Res<Option<Box<[u8]>>> {
        if id == 0 {
            return Ok(None);
        }
        match self.section_names.get(id as usize - 1) {
            Some(c) => Ok(Some(c.clone())),
            None => self.err(format!("invalid section id {id}")),
        }
    }

    /// An alignment encoded as log2 + 1 (0: none).
    pub(crate) fn align_of(&self, code: u64) -> Res<Option<u64>> {
        if code == 0 {
            return Ok(None);
        }
        if code > 33 {
            return self.err(format!("invalid alignment code {code}"));
        }
        Ok(Some(1u64 << (code - 1)))
    }

    fn attr_list(&self, id: u64) -> Res<AttributeList> {
        if id == 0 {
            return Ok(AttributeList::new());
        }
        match self.attr_lists.get(id as usize - 1) {
            Some(l) => Ok(l.clone()),
            None => self.err(format!("invalid attribute list id {id}")),
        }
    }

    fn partition(&self, v: &[u64], at: usize) -> Res<Option<Box<[u8]>>> {
        if v.len() > at + 1 && v[at + 1] != 0 {
            return Ok(Some(self.strtab_bytes(v[at], v[at + 1])?.into()));
        }
        Ok(None)
    }

    /// `[strtab off, size, type, isconst|explicit|addrspace, initid,
    /// linkage, align, section, visibility, tls, unnamed_addr,
    /// ext_init, dll, comdat, attrs, dso_local, partition off, size,
    /// sanitizer, code_model]`.
    fn global_var_record(&mut self, v: &[u64]) -> Res<()> {
        let (name, v) = self.named(v, "global variable")?;
        self.need(v, 6, "global variable")?;
        let ty = self.type_at(v[0])?;
        let explicit = v[1] & 2 != 0;
        let addrspace = if explicit { (v[1] >> 2) as u32 } else { 0 };
        if !explicit {
            return self.err("global variable without an explicit type is not supported");
        }
        let init = v[2];
        let raw_linkage = v[3];
        let linkage = codes::linkage(raw_linkage);
        let align = self.align_of(v[4])?;
        let section = self.section_ref(v[5])?;
        if self.ctx.is_function(ty) || self.ctx.is_void(ty) || self.ctx.is_label(ty) {
            return self.err("invalid type for a global variable");
        }
        if addrspace >= 1 << 24 {
            return self.err("invalid address space");
        }
        let g = self.ctx.add_global_var(self.m, name, ty, addrspace);
        let get = |i: usize| v.get(i).copied().unwrap_or(0);
        let comdat = self.comdat_ref(get(11))?;
        let attrs = if get(12) != 0 {
            self.attr_list(get(12))?.fn_attrs().clone()
        } else {
            Default::default()
        };
        let partition = self.partition(v, 14)?;
        let code_model = match get(17) {
            0 => None,
            1 => Some("tiny"),
            2 => Some("small"),
            3 => Some("kernel"),
            4 => Some("medium"),
            5 => Some("large"),
            c => return self.err(format!("invalid code model {c}")),
        };
        let sanitizer = get(16);
        {
            let d = self.ctx.global_data_mut(g);
            d.is_constant = v[1] & 1 != 0;
            d.linkage = linkage;
            d.align = align;
            d.section = section;
            d.visibility = if linkage.is_local() {
                Default::default()
            } else {
                codes::visibility(get(6))
            };
            d.thread_local = codes::thread_local(get(7));
            d.unnamed_addr = codes::unnamed_addr(get(8));
            d.externally_initialized = get(9) != 0;
            d.dll_storage = match codes::legacy_dll(raw_linkage) {
                Some(dll) => dll,
                None => codes::dll_storage(get(10)),
            };
            d.comdat = comdat;
            d.attrs = attrs;
            d.dso_local = get(13) != 0;
            d.partition = partition;
            d.code_model = code_model.map(Into::into);
            for (bit, name) in [
                (1, "no_sanitize_address"),
                (2, "no_sanitize_hwaddress"),
                (4, "sanitize_memtag"),
                (8, "sanitize_address_dyninit"),
            ] {
                if sanitizer & bit != 0 {
                    d.sanitizer.push(name.into());
                }
            }
        }
        self.vals.push(Slot::Val(g.0));
        if init != 0 {
            self.global_inits.push((g, (init - 1) as u32));
        }
        Ok(())
    }

    /// `[strtab off, size, type, cc, isproto, linkage, attrs, align,
    /// section, visibility, gc, unnamed_addr, prologue, dll, comdat,
    /// prefix, personality, dso_local, addrspace, partition off, size]`.
    fn function_record(&mut self, v: &[u64]) -> Res<()> {
        let (name, v) = self.named(v, "function")?;
        self.need(v, 8, "function")?;
        let fty = self.type_at(v[0])?;
        if !self.ctx.is_function(fty) {
            return self.err("a function record whose type is not a function type");
        }
        let get = |i: usize| v.get(i).copied().unwrap_or(0);
        let cc = v[1];
        if cc > 1023 {
            return self.err(format!("invalid calling convention {cc}"));
        }
        let is_proto = v[2] != 0;
        let raw_linkage = v[3];
        let attrs = self.attr_list(v[4])?;
        let attrs = match self.ctx.function_parts(fty) {
            Some((ret, params, _)) => upgrade::compatible_attrs(self.ctx, attrs, ret, params),
            None => attrs,
        };
        let align = self.align_of(v[5])?;
        let section = self.section_ref(v[6])?;
        let gc = match get(8) {
            0 => None,
            i => match self.gc_names.get(i as usize - 1) {
                Some(g) => Some(g.clone()),
                None => return self.err(format!("invalid gc id {i}")),
            },
        };
        let comdat = self.comdat_ref(get(12))?;
        let addrspace = get(16);
        if addrspace >= 1 << 24 {
            return self.err("invalid address space");
        }
        let partition = self.partition(v, 17)?;
        let f = self.ctx.add_function(self.m, name, fty);
        if addrspace != 0 {
            self.ctx.set_function_addrspace(f, addrspace as u32);
        }
        let linkage = codes::linkage(raw_linkage);
        {
            let fd = self.ctx.function_data_mut(f);
            fd.call_conv = cc as u32;
            fd.attrs = attrs;
            fd.gc = gc;
            let d = &mut fd.global;
            d.linkage = linkage;
            d.align = align;
            d.section = section;
            d.visibility = if linkage.is_local() {
                Default::default()
            } else {
                codes::visibility(get(7))
            };
            d.unnamed_addr = codes::unnamed_addr(get(9));
            d.dll_storage = match codes::legacy_dll(raw_linkage) {
                Some(dll) => dll,
                None => codes::dll_storage(get(11)),
            };
            d.comdat = comdat;
            d.dso_local = get(15) != 0;
            d.partition = partition;
        }
        self.vals.push(Slot::Val(f.0));
        let ops = [get(14) as u32, get(13) as u32, get(10) as u32];
        if ops.iter().any(|&o| o != 0) {
            self.fn_operands.push((f, ops));
        }
        if !is_proto {
            self.with_bodies.push(f);
        }
        Ok(())
    }

    /// Alias: `[strtab off, size, value type, addrspace, aliasee, linkage,
    /// visibility, dll, tls, unnamed_addr, dso_local, partition off,
    /// size]`; ifunc: `[strtab off, size, value type, addrspace,
    /// resolver, linkage, visibility, dso_local, partition off, size]`.
    fn indirect_record(&mut self, v: &[u64], alias: bool) -> Res<()> {
        let what = if alias { "alias" } else { "ifunc" };
        let (name, v) = self.named(v, what)?;
        self.need(v, 4, what)?;
        let ty = self.type_at(v[0])?;
        let addrspace = v[1];
        if addrspace >= 1 << 24 {
            return self.err("invalid address space");
        }
        let target = v[2];
        let linkage = codes::linkage(v[3]);
        let get = |i: usize| v.get(i).copied().unwrap_or(0);
        let kind = if alias {
            ValueKind::Alias
        } else {
            ValueKind::IFunc
        };
        // The target is set after the module's constants, as LLVM does.
        let pty = self.ctx.ptr_type(addrspace as u32);
        let dummy = self.ctx.const_poison(pty);
        let g = self
            .ctx
            .add_global_indirect(self.m, kind, name, ty, addrspace as u32, dummy);
        self.ctx.set_operand(g.0, 0, None);
        let partition = if alias {
            self.partition(v, 9)?
        } else {
            self.partition(v, 6)?
        };
        {
            let d = self.ctx.global_data_mut(g);
            d.linkage = linkage;
            d.visibility = if linkage.is_local() {
                Default::default()
            } else {
                codes::visibility(get(4))
            };
            if alias {
                d.dll_storage = match codes::legacy_dll(v[3]) {
                    Some(dll) => dll,
                    None => codes::dll_storage(get(5)),
                };
                d.thread_local = codes::thread_local(get(6));
                d.unnamed_addr = codes::unnamed_addr(get(7));
                d.dso_local = get(8) != 0;
            } else {
                d.dso_local = get(5) != 0;
            }
            d.partition = partition;
        }
        self.vals.push(Slot::Val(g.0));
        self.indirect_inits.push((g, target as u32));
        Ok(())
    }

    /// Sets global initializers, alias and ifunc targets and function
    /// operands whose constants exist, each list last entry first (LLVM's
    /// `resolveGlobalAndIndirectSymbolInits`).
    fn resolve_inits(&mut self) -> Res<()> {
        self.inits_done = true;
        let mut list = std::mem::take(&mut self.global_inits);
        while let Some((g, id)) = list.pop() {
            if id as usize >= self.vals.len() {
                self.global_inits.push((g, id));
                continue;
            }
            let c = self.constant_by_id(id)?;
            let want = self.ctx.global_data(g).value_type;
            if Some(self.ctx.type_of(c)) != want {
                return self.err("a global initializer of the wrong type");
            }
            self.ctx.set_initializer(g, Some(c));
        }
        let mut list = std::mem::take(&mut self.indirect_inits);
        while let Some((g, id)) = list.pop() {
            if id as usize >= self.vals.len() {
                self.indirect_inits.push((g, id));
                continue;
            }
            let c = self.constant_by_id(id)?;
            if self.ctx.type_of(c) != self.ctx.type_of(g.0) {
                return self.err("alias and aliasee types don't match");
            }
            self.ctx.set_operand(g.0, 0, Some(c));
        }
        let mut list = std::mem::take(&mut self.fn_operands);
        while let Some((f, mut ops)) = list.pop() {
            for (k, slot) in [(0, PERSONALITY), (1, PREFIX), (2, PROLOGUE)] {
                let id = ops[k];
                if id != 0 && ((id - 1) as usize) < self.vals.len() {
                    let c = self.constant_by_id(id - 1)?;
                    self.ctx.set_function_operand(f, slot, Some(c));
                    ops[k] = 0;
                }
            }
            if ops.iter().any(|&o| o != 0) {
                self.fn_operands.push((f, ops));
            }
        }
        Ok(())
    }

    /// The constant with value id `id`, made if it is pending.
    fn constant_by_id(&mut self, id: u32) -> Res<Value> {
        let v = self.materialize_value(id)?;
        if !self.ctx.value_kind(v).is_constant() {
            return self.err(format!("value {id} is not a constant"));
        }
        Ok(v)
    }

    // ---- small blocks -----------------------------------------------------

    /// Reads a block of records one at a time, handing each to `f`.
    pub(crate) fn each_record(
        &mut self,
        id: u32,
        mut f: impl FnMut(&mut Self, &Record<'a>) -> Res<()>,
    ) -> Res<()> {
        let outer = self.enter(id)?;
        loop {
            match self.advance()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => self.skip()?,
                Entry::DefineAbbrev => {}
                Entry::Record(a) => {
                    let rec = self.read_rec(a)?;
                    let r = f(self, &rec);
                    self.give_back(rec);
                    r?;
                }
            }
        }
        self.leave(outer);
        Ok(())
    }

    fn read_bundle_tags(&mut self) -> Res<()> {
        self.each_record(n::OPERAND_BUNDLE_TAGS_BLOCK_ID, |rd, rec| {
            if rec.code() != n::OPERAND_BUNDLE_TAG {
                return rd.err("invalid record in the operand bundle tags block");
            }
            let s = rd.name_chars(rec.operands());
            rd.bundle_tags.push(s.into());
            Ok(())
        })
    }

    fn read_sync_scopes(&mut self) -> Res<()> {
        self.each_record(n::SYNC_SCOPE_NAMES_BLOCK_ID, |rd, rec| {
            if rec.code() != n::SYNC_SCOPE_NAME {
                return rd.err("invalid record in the sync scope names block");
            }
            let s = rd.name_chars(rec.operands());
            rd.sync_scopes.push(s.into());
            Ok(())
        })?;
        if self.sync_scopes.is_empty() {
            return self.err("empty sync scope names block");
        }
        Ok(())
    }

    /// A sync scope id of an atomic record: `None` for the system scope.
    pub(crate) fn sync_scope(&self, id: u64) -> Res<Option<Box<[u8]>>> {
        if self.sync_scopes.is_empty() {
            // Without a names block: 0 single thread, 1 system.
            return match id {
                0 => Ok(Some(b"singlethread"[..].into())),
                1 => Ok(None),
                _ => self.err(format!("invalid sync scope id {id}")),
            };
        }
        match self.sync_scopes.get(id as usize) {
            Some(s) if s.is_empty() => Ok(None),
            Some(s) => Ok(Some(s.clone())),
            None => self.err(format!("invalid sync scope id {id}")),
        }
    }

    /// A local value symbol table: `ENTRY [valueid, name]`, `BBENTRY
    /// [bbid, name]`; `blocks` are the function's blocks by number.
    pub(crate) fn read_local_vst(&mut self, blocks: &[crate::ir::Block]) -> Res<()> {
        self.each_record(n::VALUE_SYMTAB_BLOCK_ID, |rd, rec| {
            let v = rec.operands();
            match rec.code() {
                n::VST_CODE_ENTRY => {
                    rd.need(v, 1, "value symbol table entry")?;
                    let name = rd.name_chars(&v[1..]);
                    let id = v[0];
                    let val = match rd.vals.get(id as usize) {
                        Some(Slot::Val(x)) => *x,
                        _ => return rd.err(format!("invalid value id {id} in a symbol table")),
                    };
                    if rd.ctx.is_void(rd.ctx.type_of(val))
                        || !matches!(
                            rd.ctx.value_kind(val),
                            ValueKind::Argument | ValueKind::Instruction
                        )
                    {
                        return rd.err("a symbol table names a value that cannot be named");
                    }
                    rd.ctx.set_name_bytes(val, &name);
                }
                n::VST_CODE_BBENTRY => {
                    rd.need(v, 1, "value symbol table entry")?;
                    let name = rd.name_chars(&v[1..]);
                    let Some(&b) = blocks.get(v[0] as usize) else {
                        return rd.err(format!("invalid block id {} in a symbol table", v[0]));
                    };
                    rd.ctx.set_name_bytes(b.0, &name);
                }
                _ => {}
            }
            Ok(())
        })
    }

    /// A use-list block: `USELIST_CODE_DEFAULT/BB [indexes..., id]`, each
    /// applied as LLVM's `sortUseList` with the indexes as keys.
    pub(crate) fn read_uselist(&mut self, blocks: &[crate::ir::Block]) -> Res<()> {
        self.each_record(n::USELIST_BLOCK_ID, |rd, rec| {
            let v = rec.operands();
            let is_bb = match rec.code() {
                n::USELIST_CODE_DEFAULT => false,
                n::USELIST_CODE_BB => true,
                _ => return Ok(()),
            };
            if v.len() < 3 {
                return rd.err("use-list record with fewer than two indexes");
            }
            let (&id, idx) = v.split_last().expect("non-empty");
            let val = if is_bb {
                match blocks.get(id as usize) {
                    Some(b) => b.0,
                    None => return rd.err(format!("invalid block id {id} in a use list")),
                }
            } else {
                match rd.vals.get(id as usize) {
                    Some(Slot::Val(x)) => *x,
                    // A constant never made has no uses to order.
                    Some(Slot::Pending(_)) => return Ok(()),
                    _ => return rd.err(format!("invalid value id {id} in a use list")),
                }
            };
            let slots = rd.ctx.graph.use_slots(val.idx);
            if slots.len() != idx.len() {
                // LLVM ignores an order that does not fit the uses.
                return Ok(());
            }
            // The use now at position `i` has key `idx[i]`; sorted stably by
            // key (LLVM's `sortUseList`). A permutation, as LLVM writes it,
            // places each use at its key directly.
            let mut out = vec![u32::MAX; slots.len()];
            let mut perm = true;
            for (i, &k) in idx.iter().enumerate() {
                match out.get_mut(k as usize) {
                    Some(o) if *o == u32::MAX => *o = slots[i],
                    _ => {
                        perm = false;
                        break;
                    }
                }
            }
            if !perm {
                let mut keyed: Vec<(u64, u32)> = idx.iter().copied().zip(slots).collect();
                keyed.sort_by_key(|e| e.0);
                out = keyed.into_iter().map(|e| e.1).collect();
            }
            rd.ctx.graph.relink_uses(val.idx, &out);
            Ok(())
        })
    }

    // ---- lazy bodies ------------------------------------------------------

    fn materialize(&mut self, f: Function) -> Res<()> {
        let Some(body) = self.bodies.get_mut(&f) else {
            return Ok(());
        };
        if body.done {
            return Ok(());
        }
        body.done = true;
        let bit = body.bit;
        self.r.seek(bit).map_err(|e| self.serr(e))?;
        self.prof_insts.clear();
        self.read_function_body(f)?;
        self.upgrade_body();
        while let Some(g) = self.then_materialize.pop() {
            self.materialize(g)?;
        }
        Ok(())
    }

    fn materialize_all(&mut self) -> Res<()> {
        let fs: Vec<Function> = self.ctx.functions(self.m).collect();
        for f in fs {
            self.materialize(f)?;
        }
        for bit in std::mem::take(&mut self.module_uselists) {
            self.r.seek(bit).map_err(|e| self.serr(e))?;
            let saved = self.block;
            self.block = Some(n::MODULE_BLOCK_ID);
            self.read_uselist(&[])?;
            self.block = saved;
        }
        if !self.fwd_blocks.is_empty() {
            return self.err("a blockaddress names a function that has no body");
        }
        if !self.global_inits.is_empty() || !self.indirect_inits.is_empty() {
            return self.err("a global initializer names an undefined value");
        }
        Ok(())
    }

    /// The type with id `id`.
    pub(crate) fn type_at(&self, id: u64) -> Res<Type> {
        match self.types.get(id as usize) {
            Some(Some(t)) => Ok(*t),
            _ => self.err(format!("invalid type id {id}")),
        }
    }
}
