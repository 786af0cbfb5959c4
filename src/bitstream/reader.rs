//! The bitstream reader: the state machine over blocks, abbreviation
//! definitions and records, with BLOCKINFO applied by LLVM's scoping rules.
//!
//! Owns the scope stack (abbreviation id width, block id and abbreviations
//! per open block), the BLOCKINFO table in force, and record decoding for
//! every operand encoding. It does not own bit-level reads (`cursor.rs`), the
//! wrapper header or magic (`container.rs`), or what records mean.
//!
//! # Scopes and abbreviations
//!
//! ```text
//!   abbrevs: BLOCKINFO's shared list for B's id  +  [ A's defs | B's defs ]
//!                                                            ^ base
//!   local:   operand pool of abbreviations defined inside open blocks,
//!            truncated to B.local_start when B ends
//!   info:    BLOCKINFO pool, append-only (see `blockinfo.rs`)
//! ```
//!
//! Abbreviation id `4 + i` of the innermost block B is first the ones
//! BLOCKINFO gives B's id (a shared list, not copied), then the ones B
//! defines, in order (`AbbrevScopes` in `blockinfo.rs`).
//!
//! Work is bounded by the input: every step consumes at least one bit (the
//! abbreviation id width is at least 1), and lengths are checked against the
//! bits left before anything is reserved. A record's value count is at most
//! its bits plus its abbreviation's literal operands.

use super::abbrev::{decode_char6, encoding, AbbrevOp, Step, StepKind};
use super::blockinfo::{AbbrevRef, AbbrevScopes, BlockInfo, BlockInfoEntry, SavedScope};
use super::cursor::{Cursor, Fault};
use super::error::{Error, ErrorKind, Result};

/// Abbreviation id of `END_BLOCK`.
pub const END_BLOCK: u32 = 0;
/// Abbreviation id of `ENTER_SUBBLOCK`.
pub const ENTER_SUBBLOCK: u32 = 1;
/// Abbreviation id of `DEFINE_ABBREV`.
pub const DEFINE_ABBREV: u32 = 2;
/// Abbreviation id of `UNABBREV_RECORD`.
pub const UNABBREV_RECORD: u32 = 3;
/// The first abbreviation id a stream can define.
pub const FIRST_APPLICATION_ABBREV: u32 = 4;
/// Block id of BLOCKINFO.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;
/// BLOCKINFO record: `[blockid]`, the block id later definitions apply to.
pub const BLOCKINFO_CODE_SETBID: u32 = 1;
/// BLOCKINFO record: `[name chars...]`.
pub const BLOCKINFO_CODE_BLOCKNAME: u32 = 2;
/// BLOCKINFO record: `[code, name chars...]`.
pub const BLOCKINFO_CODE_SETRECORDNAME: u32 = 3;
/// Abbreviation id width at the top level of a stream.
pub const TOP_LEVEL_ABBREV_WIDTH: u32 = 2;

/// What comes next in the current block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `ENTER_SUBBLOCK` with this block id has been read; call
    /// [`Reader::enter_block`], [`Reader::enter_block_info`],
    /// [`Reader::read_block_info_block`] or [`Reader::skip_block`] next.
    SubBlock(u32),
    /// `END_BLOCK` has been read and the block closed.
    EndBlock,
    /// A `DEFINE_ABBREV` has been read and installed (in BLOCKINFO mode: for
    /// the block id of the last `SETBID`); [`Reader::last_abbrev`] shows it.
    DefineAbbrev,
    /// A record with this abbreviation id (3 = unabbreviated) follows; call
    /// [`Reader::read_record`] or [`Reader::skip_record`] next.
    Record(u32),
}

/// The header of a block just entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockHeader {
    /// The block id.
    pub block_id: u32,
    /// Width of abbreviation ids inside the block.
    pub abbrev_width: u32,
    /// The block's length in 32-bit words, as its header states it (not
    /// checked against the contents, as in LLVM).
    pub num_words: u32,
}

/// A block stepped over by [`Reader::skip_block`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkippedBlock {
    /// Width of abbreviation ids inside the block.
    pub abbrev_width: u32,
    /// The block's length in 32-bit words.
    pub num_words: u32,
    /// Bit offset of the block's first word (after the length word).
    pub body_bit: u64,
}

/// One record: its code, operand values, and blob.
///
/// Reused across records: [`Reader::read_record`] clears it first, so a walk
/// allocates only when a record has more values than any before it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record<'a> {
    code: u32,
    abbrev_id: u32,
    ops: Vec<u64>,
    blob: Option<&'a [u8]>,
}

impl<'a> Record<'a> {
    /// An empty record buffer.
    pub fn new() -> Record<'a> {
        Record::default()
    }

    /// An empty record buffer with room for `n` values.
    pub fn with_capacity(n: usize) -> Record<'a> {
        Record {
            ops: Vec::with_capacity(n),
            ..Record::default()
        }
    }

    /// A record built by hand (for writers and tests).
    pub fn from_parts(code: u32, ops: &[u64], blob: Option<&'a [u8]>) -> Record<'a> {
        Record {
            code,
            abbrev_id: UNABBREV_RECORD,
            ops: ops.to_vec(),
            blob,
        }
    }

    /// The record code.
    #[inline]
    pub fn code(&self) -> u32 {
        self.code
    }

    /// The abbreviation id it was read with (3 = unabbreviated).
    #[inline]
    pub fn abbrev_id(&self) -> u32 {
        self.abbrev_id
    }

    /// The operand values after the code, literals and array elements
    /// included, the blob excluded.
    #[inline]
    pub fn operands(&self) -> &[u64] {
        &self.ops
    }

    /// The blob's bytes, borrowed from the stream, if the abbreviation has a
    /// blob operand (the last one, if several).
    #[inline]
    pub fn blob(&self) -> Option<&'a [u8]> {
        self.blob
    }
}

#[derive(Debug, Clone)]
struct Scope {
    block_id: u32,
    prev_width: u32,
    abbrevs: SavedScope,
    local_start: u32,
    is_info: bool,
}

/// A BLOCKINFO block being read in BLOCKINFO mode.
#[derive(Debug, Default)]
struct InfoBuild {
    entries: Vec<BlockInfoEntry>,
    current: Option<usize>,
}

/// Reads a bitstream: blocks, abbreviation definitions and records.
#[derive(Debug)]
pub struct Reader<'a> {
    cur: Cursor<'a>,
    width: u32,
    scopes: Vec<Scope>,
    abbrevs: AbbrevScopes,
    local: Vec<AbbrevOp>,
    /// `local` compiled, index for index.
    local_steps: Vec<Step>,
    info: BlockInfo,
    build: Option<InfoBuild>,
    in_info: bool,
    last_abbrev: Option<AbbrevRef>,
    tmp_ops: Vec<AbbrevOp>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `stream` (no wrapper header; the signature,
    /// if any, is read by the caller), at the top level, with an empty
    /// BLOCKINFO table.
    pub fn new(stream: &'a [u8]) -> Reader<'a> {
        Reader::with_cursor(Cursor::new(stream))
    }

    /// A reader at the top level at `cur`'s position.
    pub fn with_cursor(cur: Cursor<'a>) -> Reader<'a> {
        Reader {
            cur,
            width: TOP_LEVEL_ABBREV_WIDTH,
            scopes: Vec::new(),
            abbrevs: AbbrevScopes::default(),
            local: Vec::new(),
            local_steps: Vec::new(),
            info: BlockInfo::new(),
            build: None,
            in_info: false,
            last_abbrev: None,
            tmp_ops: Vec::new(),
        }
    }

    /// The bit cursor (for raw reads such as the signature).
    pub fn cursor(&mut self) -> &mut Cursor<'a> {
        &mut self.cur
    }

    /// Current bit offset.
    #[inline]
    pub fn bit_pos(&self) -> u64 {
        self.cur.bit_pos()
    }

    /// Whether every bit has been read.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.cur.at_end()
    }

    /// Moves to bit offset `bit` without touching the scope stack.
    pub fn seek(&mut self, bit: u64) -> Result<()> {
        self.cur.seek(bit)
    }

    /// Width of abbreviation ids in the current block (2 at the top level).
    #[inline]
    pub fn abbrev_width(&self) -> u32 {
        self.width
    }

    /// Id of the innermost open block, `None` at the top level.
    pub fn block_id(&self) -> Option<u32> {
        self.scopes.last().map(|s| s.block_id)
    }

    /// Whether the innermost block is a BLOCKINFO block in BLOCKINFO mode.
    pub fn in_block_info(&self) -> bool {
        self.in_info
    }

    /// Number of open blocks.
    pub fn depth(&self) -> usize {
        self.scopes.len()
    }

    /// The BLOCKINFO table in force.
    pub fn block_info(&self) -> &BlockInfo {
        &self.info
    }

    /// Number of abbreviations usable in the current block.
    pub fn abbrev_count(&self) -> usize {
        self.abbrevs.count()
    }

    #[inline]
    fn ops_of(&self, r: AbbrevRef) -> &[AbbrevOp] {
        let range = r.start as usize..(r.start + r.len) as usize;
        if r.shared {
            &self.info.ops()[range]
        } else {
            &self.local[range]
        }
    }

    /// The operands of abbreviation `abbrev_id` in the current block.
    pub fn abbrev(&self, abbrev_id: u32) -> Option<&[AbbrevOp]> {
        let i = (abbrev_id as usize).checked_sub(FIRST_APPLICATION_ABBREV as usize)?;
        let r = self.abbrevs.get(i)?;
        Some(self.ops_of(r))
    }

    /// The operands of the abbreviation the last [`Entry::DefineAbbrev`]
    /// defined.
    pub fn last_abbrev(&self) -> Option<&[AbbrevOp]> {
        self.last_abbrev.map(|r| self.ops_of(r))
    }

    /// Reads the next abbreviation id and what it starts.
    #[inline(always)]
    pub fn advance(&mut self) -> Result<Entry> {
        let Some(id) = self.cur.rd(self.width) else {
            return Err(self.cur.take_fault());
        };
        let id = id as u32;
        if id >= UNABBREV_RECORD {
            // Records are by far the most common entry: one test.
            return Ok(Entry::Record(id));
        }
        match id {
            END_BLOCK => self.end_block(),
            ENTER_SUBBLOCK => match self.cur.vbr32(8) {
                Some(b) => Ok(Entry::SubBlock(b)),
                None => Err(self.cur.take_fault()),
            },
            DEFINE_ABBREV => {
                self.define_abbrev()?;
                Ok(Entry::DefineAbbrev)
            }
            _ => Ok(Entry::Record(id)),
        }
    }

    fn end_block(&mut self) -> Result<Entry> {
        let Some(scope) = self.scopes.pop() else {
            return Err(self.cur.error(ErrorKind::EndBlockAtTopLevel));
        };
        if (self.cur.bit_pos() + 31) & !31 > self.cur.bit_len() {
            // The block's padding to 32 bits is cut off.
            return Err(self.cur.error(ErrorKind::UnexpectedEof));
        }
        self.cur.align32();
        self.width = scope.prev_width;
        self.abbrevs.exit(scope.abbrevs);
        self.local.truncate(scope.local_start as usize);
        self.local_steps.truncate(scope.local_start as usize);
        self.in_info = self.scopes.last().is_some_and(|s| s.is_info);
        if scope.is_info {
            if let Some(build) = self.build.take() {
                self.info.replace_entries(build.entries);
            }
        }
        Ok(Entry::EndBlock)
    }

    /// Enters the block whose [`Entry::SubBlock`] was just returned: reads
    /// its abbreviation id width and length, and starts its abbreviation
    /// list with what BLOCKINFO gives `block_id`. A BLOCKINFO block entered
    /// this way is an ordinary block (its definitions stay local to it).
    pub fn enter_block(&mut self, block_id: u32) -> Result<BlockHeader> {
        let saved = self.abbrevs.enter(self.info.shared_abbrevs(block_id));
        self.scopes.push(Scope {
            block_id,
            prev_width: self.width,
            abbrevs: saved,
            local_start: self.local.len() as u32,
            is_info: false,
        });
        self.in_info = false;
        let width = self.cur.read_vbr32(4)?;
        if width > 32 {
            return Err(self.cur.error(ErrorKind::InvalidAbbrevWidth(width.into())));
        }
        self.cur.align32();
        let num_words = self.cur.read(32)? as u32;
        if width == 0 {
            return Err(self.cur.error(ErrorKind::InvalidAbbrevWidth(0)));
        }
        if self.cur.at_end() {
            return Err(self.cur.error(ErrorKind::BlockAtEnd));
        }
        self.width = width;
        Ok(BlockHeader {
            block_id,
            abbrev_width: width,
            num_words,
        })
    }

    /// Enters a BLOCKINFO block in BLOCKINFO mode: `SETBID` records select
    /// a block id, `DEFINE_ABBREV`s go to that id's list instead of the
    /// block's, `BLOCKNAME` and `SETRECORDNAME` name it. When the block ends
    /// the table it built replaces the one in force. Sub-blocks inside must
    /// be skipped ([`Reader::skip_block`]), as LLVM does.
    pub fn enter_block_info(&mut self) -> Result<BlockHeader> {
        if self.build.is_some() {
            return Err(self
                .cur
                .error(ErrorKind::BadBlockInfo("nested blockinfo block")));
        }
        let h = self.enter_block(BLOCKINFO_BLOCK_ID)?;
        if let Some(s) = self.scopes.last_mut() {
            s.is_info = true;
        }
        self.in_info = true;
        self.build = Some(InfoBuild::default());
        Ok(h)
    }

    /// Reads a whole BLOCKINFO block (after its [`Entry::SubBlock`]) and
    /// installs its table, as LLVM's `ReadBlockInfoBlock`: sub-blocks are
    /// skipped, records other than the three BLOCKINFO ones ignored.
    pub fn read_block_info_block(&mut self) -> Result<()> {
        self.enter_block_info()?;
        let mut rec = Record::new();
        loop {
            if self.cur.at_end() {
                return Err(self
                    .cur
                    .error(ErrorKind::BadBlockInfo("stream ends inside it")));
            }
            match self.advance()? {
                Entry::SubBlock(_) => {
                    self.skip_block()?;
                }
                Entry::EndBlock => return Ok(()),
                Entry::DefineAbbrev => {}
                Entry::Record(id) => self.read_record(id, &mut rec)?,
            }
        }
    }

    /// Steps over the block whose [`Entry::SubBlock`] was just returned,
    /// using its length word, without reading its contents.
    pub fn skip_block(&mut self) -> Result<SkippedBlock> {
        let abbrev_width = self.cur.read_vbr32(4)?;
        self.cur.align32();
        let num_words = self.cur.read(32)? as u32;
        if self.cur.at_end() {
            return Err(self.cur.error(ErrorKind::BlockAtEnd));
        }
        let body_bit = self.cur.bit_pos();
        let to = body_bit + u64::from(num_words) * 32;
        self.cur.seek(to)?;
        Ok(SkippedBlock {
            abbrev_width,
            num_words,
            body_bit,
        })
    }

    fn define_abbrev(&mut self) -> Result<()> {
        let start = self.cur.bit_pos();
        let n = self.cur.read_vbr32(5)?;
        let mut ops = std::mem::take(&mut self.tmp_ops);
        ops.clear();
        let res = match read_abbrev_ops(&mut self.cur, n, &mut ops) {
            Some(()) => Ok(()),
            None => Err(self.cur.take_fault()),
        };
        // Pools are indexed by `u32`: refuse to grow one past that (only a
        // stream of more than a gigabyte of definitions could).
        let pool = self.local.len().max(self.info.ops().len());
        let res = res.and_then(|()| {
            if ops.is_empty() {
                Err(Error::new(start, ErrorKind::EmptyAbbrev))
            } else if pool + ops.len() > u32::MAX as usize {
                Err(Error::new(start, ErrorKind::LengthTooLarge))
            } else {
                Ok(())
            }
        });
        if res.is_ok() {
            if self.in_info {
                match self.build.as_mut().and_then(|b| b.current.map(|c| (b, c))) {
                    Some((build, c)) => {
                        let r = self.info.push_ops(&ops);
                        build.entries[c].abbrevs.push(r);
                        self.last_abbrev = Some(r);
                    }
                    None => {
                        self.tmp_ops = ops;
                        return Err(Error::new(
                            start,
                            ErrorKind::BadBlockInfo("abbreviation before any setbid"),
                        ));
                    }
                }
            } else {
                let r = AbbrevRef {
                    start: self.local.len() as u32,
                    len: ops.len() as u32,
                    shared: false,
                };
                self.local.extend_from_slice(&ops);
                self.local_steps.extend(ops.iter().map(|&op| Step::of(op)));
                self.abbrevs.push(r);
                self.last_abbrev = Some(r);
            }
        }
        self.tmp_ops = ops;
        res
    }

    /// Reads the record whose [`Entry::Record`] was just returned into
    /// `rec` (cleared first).
    #[inline(always)]
    pub fn read_record(&mut self, abbrev_id: u32, rec: &mut Record<'a>) -> Result<()> {
        rec.blob = None;
        rec.abbrev_id = abbrev_id;
        // Decode on a local copy of the cursor: its position then lives in
        // a register instead of being reloaded around every store.
        let mut cur = self.cur.fork();
        let code = if abbrev_id == UNABBREV_RECORD {
            read_unabbrev(&mut cur, &mut rec.ops)
        } else {
            let Some(r) = (abbrev_id as usize)
                .checked_sub(FIRST_APPLICATION_ABBREV as usize)
                .and_then(|i| self.abbrevs.get(i))
            else {
                return Err(self.cur.error(ErrorKind::UnknownAbbrev(abbrev_id)));
            };
            let range = r.start as usize..(r.start + r.len) as usize;
            let steps = if r.shared {
                &self.info.steps()[range]
            } else {
                &self.local_steps[range]
            };
            read_abbreviated(&mut cur, steps, &mut rec.ops, &mut rec.blob)
        };
        self.cur.join(&cur);
        match code {
            Some(c) => rec.code = c,
            None => {
                rec.ops.clear();
                return Err(self.cur.take_fault());
            }
        }
        if self.in_info {
            self.blockinfo_record(rec)?;
        }
        Ok(())
    }

    fn blockinfo_record(&mut self, rec: &Record<'a>) -> Result<()> {
        let Some(build) = self.build.as_mut() else {
            return Ok(());
        };
        let bad = |cur: &Cursor<'a>, why| Err(cur.error(ErrorKind::BadBlockInfo(why)));
        match rec.code {
            BLOCKINFO_CODE_SETBID => {
                let Some(&id) = rec.ops.first() else {
                    return bad(&self.cur, "empty setbid");
                };
                let id = id as u32;
                let i = match build.entries.iter().position(|e| e.block_id == id) {
                    Some(i) => i,
                    None => {
                        build.entries.push(BlockInfoEntry {
                            block_id: id,
                            ..Default::default()
                        });
                        build.entries.len() - 1
                    }
                };
                build.current = Some(i);
            }
            BLOCKINFO_CODE_BLOCKNAME => {
                let Some(c) = build.current else {
                    return bad(&self.cur, "blockname before setbid");
                };
                build.entries[c].name = rec.ops.iter().map(|&v| v as u8).collect();
            }
            BLOCKINFO_CODE_SETRECORDNAME => {
                let Some(c) = build.current else {
                    return bad(&self.cur, "setrecordname before setbid");
                };
                let Some((&code, name)) = rec.ops.split_first() else {
                    return bad(&self.cur, "empty setrecordname");
                };
                let name = name.iter().map(|&v| v as u8).collect();
                build.entries[c].record_names.push((code as u32, name));
            }
            _ => {}
        }
        Ok(())
    }

    /// Steps over the record whose [`Entry::Record`] was just returned and
    /// returns its code, as LLVM's `skipRecord` (fixed and char6 arrays and
    /// blobs are jumped over; a blob running past the end ends the stream).
    pub fn skip_record(&mut self, abbrev_id: u32) -> Result<u32> {
        if abbrev_id == UNABBREV_RECORD {
            let code = self.cur.read_vbr32(6)?;
            let n = self.cur.read_vbr32(6)?;
            for _ in 0..n {
                if self.cur.vbr(6).is_none() {
                    return Err(self.cur.take_fault());
                }
            }
            return Ok(code);
        }
        let Some(r) = (abbrev_id as usize)
            .checked_sub(FIRST_APPLICATION_ABBREV as usize)
            .and_then(|i| self.abbrevs.get(i))
        else {
            return Err(self.cur.error(ErrorKind::UnknownAbbrev(abbrev_id)));
        };
        let range = r.start as usize..(r.start + r.len) as usize;
        let ops = if r.shared {
            &self.info.ops()[range]
        } else {
            &self.local[range]
        };
        match skip_abbreviated(&mut self.cur, ops) {
            Some(code) => Ok(code),
            None => Err(self.cur.take_fault()),
        }
    }
}

fn read_abbrev_ops(cur: &mut Cursor<'_>, n: u32, ops: &mut Vec<AbbrevOp>) -> Option<()> {
    for _ in 0..n {
        if cur.rd(1)? != 0 {
            ops.push(AbbrevOp::Literal(cur.vbr(8)?));
            continue;
        }
        let e = cur.rd(3)?;
        let op = match e {
            encoding::FIXED | encoding::VBR => {
                let w = cur.vbr(5)?;
                if w > 32 {
                    return cur.fail(Fault::OperandTooWide);
                }
                if e == encoding::FIXED {
                    AbbrevOp::Fixed(w as u8)
                } else {
                    AbbrevOp::Vbr(w as u8)
                }
            }
            encoding::ARRAY => AbbrevOp::Array,
            encoding::CHAR6 => AbbrevOp::Char6,
            encoding::BLOB => AbbrevOp::Blob,
            _ => return cur.fail(Fault::InvalidEncoding),
        };
        ops.push(op);
    }
    Some(())
}

#[inline]
fn read_unabbrev(cur: &mut Cursor<'_>, vals: &mut Vec<u64>) -> Option<u32> {
    let code = cur.vbr32(6)?;
    let n = cur.vbr32(6)?;
    if u64::from(n) * 6 > cur.bits_left() {
        return cur.fail(Fault::LengthTooLarge);
    }
    // Every slot is overwritten: only grow (zero-filled) when short, else
    // cut, so the common case writes no zeros first.
    let n = n as usize;
    if vals.len() < n {
        vals.resize(n, 0);
    } else {
        vals.truncate(n);
    }
    for slot in vals.iter_mut() {
        *slot = cur.vbr(6)?;
    }
    Some(code)
}

/// Reads one scalar (literal, fixed, VBR or char6) operand.
#[inline(always)]
fn read_scalar(cur: &mut Cursor<'_>, op: AbbrevOp) -> Option<u64> {
    match op {
        AbbrevOp::Literal(v) => Some(v),
        AbbrevOp::Fixed(w) => cur.rd(u32::from(w)),
        AbbrevOp::Vbr(0) => Some(0),
        AbbrevOp::Vbr(w) => cur.vbr(u32::from(w)),
        AbbrevOp::Char6 => Some(u64::from(decode_char6(cur.rd(6)?))),
        AbbrevOp::Array | AbbrevOp::Blob => cur.fail(Fault::CodeIsArrayOrBlob),
    }
}

/// Reads one [`StepKind::Scalar`] step: one peek, mask and or, unless a
/// VBR continues or the stream is within 8 bytes of its end.
#[inline(always)]
fn read_step(cur: &mut Cursor<'_>, s: &Step) -> Option<u64> {
    if let Some(x) = cur.peek() {
        if x & s.cmask == 0 {
            cur.advance_by(u32::from(s.width));
            return Some((x & s.pmask) | s.lit);
        }
        return cur.vbr_multi::<64>(x, u32::from(s.width));
    }
    let (c, v) = read_step_slow(*cur, s);
    *cur = c;
    v
}

/// The end of the data is within 8 bytes. By value, like the cursor's slow
/// paths, so the caller's cursor stays in registers.
#[inline(never)]
fn read_step_slow<'a>(mut cur: Cursor<'a>, s: &Step) -> (Cursor<'a>, Option<u64>) {
    let v = if s.cmask != 0 {
        cur.vbr(u32::from(s.width))
    } else {
        cur.rd(u32::from(s.width)).map(|v| v | s.lit)
    };
    (cur, v)
}

/// Reads a scalar or char6 step.
#[inline(always)]
fn read_value(cur: &mut Cursor<'_>, s: &Step) -> Option<u64> {
    match s.kind {
        StepKind::Scalar => read_step(cur, s),
        StepKind::Char6 => Some(u64::from(decode_char6(cur.rd(6)?))),
        StepKind::Array | StepKind::Blob => cur.fail(Fault::CodeIsArrayOrBlob),
    }
}

/// The fewest bits one array element takes, or a fault if `elem` cannot
/// encode array elements (LLVM turns fixed(0) and vbr(0) into literals,
/// which it rejects as elements).
#[inline]
fn element_bits(cur: &mut Cursor<'_>, elem: AbbrevOp) -> Option<u64> {
    match elem {
        AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if w > 0 => Some(w.into()),
        AbbrevOp::Char6 => Some(6),
        _ => cur.fail(Fault::InvalidArrayElement),
    }
}

#[inline]
fn read_abbreviated<'a>(
    cur: &mut Cursor<'a>,
    steps: &[Step],
    vals_out: &mut Vec<u64>,
    blob: &mut Option<&'a [u8]>,
) -> Option<u32> {
    let Some((first, rest)) = steps.split_first() else {
        return cur.fail(Fault::EmptyAbbrev);
    };
    let code = read_value(cur, first)? as u32;
    // A local vector: its length and capacity stay in registers.
    let mut vals = std::mem::take(vals_out);
    vals.clear();
    let res = read_operands(cur, rest, &mut vals, blob);
    *vals_out = vals;
    res?;
    Some(code)
}

#[inline(always)]
fn read_operands<'a>(
    cur: &mut Cursor<'a>,
    rest: &[Step],
    vals: &mut Vec<u64>,
    blob: &mut Option<&'a [u8]>,
) -> Option<()> {
    let mut i = 0;
    while i < rest.len() {
        let s = &rest[i];
        if s.kind == StepKind::Scalar {
            let v = read_step(cur, s)?;
            vals.push(v);
            i += 1;
            continue;
        }
        match s.kind {
            StepKind::Array => {
                let n = cur.vbr32(6)?;
                if i + 2 != rest.len() {
                    return cur.fail(Fault::ArrayNotSecondToLast);
                }
                return read_array(cur, &rest[i + 1], n, vals);
            }
            StepKind::Blob => {
                let n = u64::from(cur.vbr32(6)?);
                cur.align32();
                let padded = (n + 3) & !3;
                let Some(bytes) = cur.bytes_here(n).filter(|_| padded * 8 <= cur.bits_left())
                else {
                    return cur.fail(Fault::BlobPastEnd);
                };
                cur.skip_bits(padded * 8)?;
                *blob = Some(bytes);
            }
            _ => {
                let v = u64::from(decode_char6(cur.rd(6)?));
                vals.push(v);
            }
        }
        i += 1;
    }
    Some(())
}

#[inline]
fn read_array(cur: &mut Cursor<'_>, elem: &Step, n: u32, vals: &mut Vec<u64>) -> Option<()> {
    let min = match elem.kind {
        StepKind::Scalar if elem.width > 0 => u64::from(elem.width),
        StepKind::Char6 => 6,
        _ => return cur.fail(Fault::InvalidArrayElement),
    };
    if u64::from(n) * min > cur.bits_left() {
        return cur.fail(Fault::LengthTooLarge);
    }
    vals.reserve(n as usize);
    if elem.kind == StepKind::Char6 {
        for _ in 0..n {
            let v = u64::from(decode_char6(cur.rd(6)?));
            vals.push(v);
        }
    } else {
        for _ in 0..n {
            let v = read_step(cur, elem)?;
            vals.push(v);
        }
    }
    Some(())
}

fn skip_abbreviated(cur: &mut Cursor<'_>, ops: &[AbbrevOp]) -> Option<u32> {
    let Some((&first, rest)) = ops.split_first() else {
        return cur.fail(Fault::EmptyAbbrev);
    };
    let code = read_scalar(cur, first)? as u32;
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            AbbrevOp::Literal(_) => {}
            AbbrevOp::Array => {
                let n = u64::from(cur.vbr32(6)?);
                let Some(&elem) = rest.get(i + 1) else {
                    return cur.fail(Fault::ArrayNotSecondToLast);
                };
                let min = element_bits(cur, elem)?;
                match elem {
                    AbbrevOp::Vbr(w) => {
                        for _ in 0..n {
                            cur.vbr(u32::from(w))?;
                        }
                    }
                    _ => cur.skip_bits(n * min)?,
                }
                i += 1;
            }
            AbbrevOp::Blob => {
                let n = u64::from(cur.vbr32(6)?);
                cur.align32();
                let padded = (n + 3) & !3;
                if padded * 8 > cur.bits_left() {
                    // LLVM's skipRecord: a blob past the end ends the stream.
                    let left = cur.bits_left();
                    cur.skip_bits(left)?;
                    break;
                }
                cur.skip_bits(padded * 8)?;
            }
            op => {
                read_scalar(cur, op)?;
            }
        }
        i += 1;
    }
    Some(code)
}
