//! The bitstream reader: the state machine over blocks, abbreviation
//! definitions and records, with BLOCKINFO applied by LLVM's scoping rules.
//!
//! Owns the scope stack (abbreviation id width, block id and abbreviations
//! per open block), the BLOCKINFO table in force, and record decoding for
//! every operand encoding. It does not own bit-level reads (`cursor.rs`,
//! `bits.rs`), the wrapper header or magic (`container.rs`), or what records
//! mean.
//!
//! # Reading records
//!
//! ```text
//!   read_records:  cursor -> BitBuf (registers) -> record_loop:
//!                    refill; id; if id < 3 stop
//!                    (shape, steps) = abbreviation of id     (two lookups)
//!                    jump on shape: unabbreviated / Plain1..4 (unrolled) /
//!                      ArrayVbr6; any other shape: stop (cold)
//!                    on_record(rec)
//!                  BitBuf position -> cursor; a cold shape: read_record,
//!                  on_record, back into record_loop; else handle the id
//!                  below 3
//!   read_record:   every shape for one record (dump, copy, BLOCKINFO,
//!                  bitcode, the loop's cold shapes)
//! ```
//!
//! `record_loop` holds only the shapes most records take (unabbreviated
//! 43%, `Plain4` 32%, vbr6 arrays 12%, `Plain1`..`Plain3` 12% in
//! sqlite3-O0), and their rare paths (a code or count read apart, a tail
//! read step by step) are calls on a copy of the buffer, so the loop is
//! small and its buffer, lists and record stay in registers.
//!
//! Every abbreviation is compiled at definition into `Step`s and a `Shape`
//! (`abbrev.rs`), so a record costs one lookup, one jump and a mask and a
//! shift per operand. Operands go into the record buffer's reused slots
//! (grown only when a record has more values than any before it).
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

use super::abbrev::{decode_char6, encoding, link_run, AbbrevOp, Shape, Step, StepKind};
use super::bits::BitBuf;
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
/// Reused across records: a read overwrites it, so a walk allocates only
/// when a record has more values than any before it. The operand buffer
/// never shrinks; `n_ops` says how many of its values belong to the record.
#[derive(Clone, Default)]
pub struct Record<'a> {
    code: u32,
    abbrev_id: u32,
    /// Operand values; the first `n_ops` are the record's.
    ops: Vec<u64>,
    n_ops: usize,
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
            ops: vec![0; n],
            ..Record::default()
        }
    }

    /// A record built by hand (for writers and tests).
    pub fn from_parts(code: u32, ops: &[u64], blob: Option<&'a [u8]>) -> Record<'a> {
        Record {
            code,
            abbrev_id: UNABBREV_RECORD,
            ops: ops.to_vec(),
            n_ops: ops.len(),
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
        self.ops.get(..self.n_ops).unwrap_or(&[])
    }

    /// The number of operand values, `operands().len()`.
    #[inline]
    pub fn num_operands(&self) -> usize {
        self.n_ops
    }

    /// The blob's bytes, borrowed from the stream, if the abbreviation has a
    /// blob operand (the last one, if several).
    #[inline]
    pub fn blob(&self) -> Option<&'a [u8]> {
        self.blob
    }
}

impl PartialEq for Record<'_> {
    fn eq(&self, other: &Record<'_>) -> bool {
        (self.code, self.abbrev_id, self.operands(), self.blob)
            == (other.code, other.abbrev_id, other.operands(), other.blob)
    }
}

impl Eq for Record<'_> {}

impl std::fmt::Debug for Record<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("code", &self.code)
            .field("abbrev_id", &self.abbrev_id)
            .field("ops", &self.operands())
            .field("blob", &self.blob)
            .finish()
    }
}

/// The first `n` slots of `ops`, grown (zero-filled) if it is shorter.
/// Callers bound `n` by the bits left, so the stream pays for the memory.
#[inline(always)]
fn room(ops: &mut Vec<u64>, n: usize) -> &mut [u64] {
    if ops.len() < n {
        return grow(ops, n);
    }
    &mut ops[..n]
}

/// [`room`] for a constant count: the first `N` slots of `ops`.
#[inline(always)]
fn room_n<const N: usize>(ops: &mut Vec<u64>) -> Option<&mut [u64; N]> {
    if ops.len() < N {
        grow(ops, N);
    }
    ops.first_chunk_mut::<N>()
}

/// Grows `ops` (zero-filled) to `n` values and returns them: the slice is
/// taken here, so that the caller's path checks the length once.
#[cold]
#[inline(never)]
fn grow(ops: &mut Vec<u64>, n: usize) -> &mut [u64] {
    ops.resize(n, 0);
    &mut ops[..n]
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
        self.control(id)
    }

    /// What abbreviation id `id` (below 3), just read, starts.
    fn control(&mut self, id: u32) -> Result<Entry> {
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

    /// Reads the entries of the current block up to the first one that is
    /// not a record, and returns that one as [`Reader::advance`] would: each
    /// record is read into `rec` as by [`Reader::read_record`] and handed to
    /// `on_record`.
    ///
    /// The same as `advance` and `read_record` in a loop, but the bit buffer
    /// stays in registers from one record to the next: the fast way to read
    /// every record of a stream.
    #[inline]
    pub fn read_records(
        &mut self,
        rec: &mut Record<'a>,
        mut on_record: impl FnMut(&Record<'a>),
    ) -> Result<Entry> {
        if self.in_info {
            // BLOCKINFO records change the table: one at a time.
            loop {
                match self.advance()? {
                    Entry::Record(id) => {
                        self.read_record(id, rec)?;
                        on_record(rec);
                    }
                    e => return Ok(e),
                }
            }
        }
        loop {
            let (info, local) = self.abbrevs.lists();
            let pools = Pools {
                info,
                local,
                info_steps: self.info.steps(),
                local_steps: &self.local_steps,
            };
            let mut b = BitBuf::at(&self.cur);
            let stop = record_loop(&mut b, self.width, &pools, rec, &mut on_record);
            self.cur.set_pos(b.bit_pos());
            return match stop {
                Stop::Cold(id) => {
                    // A rare shape: read on its own, then back to the loop.
                    self.read_record(id, rec)?;
                    on_record(rec);
                    continue;
                }
                Stop::Control(id) => self.control(id),
                Stop::Fault => {
                    rec.n_ops = 0;
                    Err(Error::new(b.bit_pos(), b.fault.kind()))
                }
                Stop::Unknown(id) => Err(self.cur.error(ErrorKind::UnknownAbbrev(id))),
            };
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
                let start = self.local.len();
                self.local.extend_from_slice(&ops);
                self.local_steps.extend(ops.iter().map(|&op| Step::of(op)));
                link_run(&mut self.local_steps[start..]);
                let r = AbbrevRef {
                    start: start as u32,
                    len: ops.len() as u32,
                    shared: false,
                    shape: Shape::of(&self.local_steps[start..]),
                };
                self.abbrevs.push(r);
                self.last_abbrev = Some(r);
            }
        }
        self.tmp_ops = ops;
        res
    }

    /// Reads the record whose [`Entry::Record`] was just returned into
    /// `rec` (overwritten).
    pub fn read_record(&mut self, abbrev_id: u32, rec: &mut Record<'a>) -> Result<()> {
        let (info, local) = self.abbrevs.lists();
        let pools = Pools {
            info,
            local,
            info_steps: self.info.steps(),
            local_steps: &self.local_steps,
        };
        let Some(r) = pools.get(abbrev_id) else {
            return Err(self.cur.error(ErrorKind::UnknownAbbrev(abbrev_id)));
        };
        rec.abbrev_id = abbrev_id;
        let mut b = BitBuf::at(&self.cur);
        let ok = decode_record(&mut b, r, rec);
        self.cur.set_pos(b.bit_pos());
        if !ok {
            rec.n_ops = 0;
            return Err(Error::new(b.bit_pos(), b.fault.kind()));
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
                let Some(&id) = rec.operands().first() else {
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
                build.entries[c].name = rec.operands().iter().map(|&v| v as u8).collect();
            }
            BLOCKINFO_CODE_SETRECORDNAME => {
                let Some(c) = build.current else {
                    return bad(&self.cur, "setrecordname before setbid");
                };
                let Some((&code, name)) = rec.operands().split_first() else {
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

/// The abbreviation lists and step pools of the innermost block, borrowed
/// for one record or one run of records.
struct Pools<'r> {
    info: &'r [AbbrevRef],
    local: &'r [AbbrevRef],
    info_steps: &'r [Step],
    local_steps: &'r [Step],
}

/// How a record is read: its shape and compiled operands (none for an
/// unabbreviated record).
type Abbrev<'r> = (Shape, &'r [Step]);

impl<'r> Pools<'r> {
    /// What abbreviation id `id` (3 or more) reads; `None` if the block has
    /// no such abbreviation.
    #[inline(always)]
    fn get(&self, id: u32) -> Option<Abbrev<'r>> {
        if id == UNABBREV_RECORD {
            return Some((Shape::Unabbreviated, &[]));
        }
        let i = (id as usize).checked_sub(FIRST_APPLICATION_ABBREV as usize)?;
        // BLOCKINFO's list refers to its pool, the block's own to the
        // local one: the branch picks the pool.
        let (r, pool) = match self.info.get(i) {
            Some(r) => (r, self.info_steps),
            None => (self.local.get(i - self.info.len())?, self.local_steps),
        };
        let start = r.start as usize;
        let steps = pool.get(start..start + r.len as usize)?;
        Some((r.shape, steps))
    }
}

/// Why [`record_loop`] stopped.
enum Stop {
    /// Abbreviation id 0, 1 or 2 was read.
    Control(u32),
    /// A read failed; the buffer's fault says why.
    Fault,
    /// An abbreviation id the block does not define.
    Unknown(u32),
    /// Abbreviation id `.0` has a shape the loop leaves to
    /// [`Reader::read_record`] (read up to the id).
    Cold(u32),
}

/// Reads abbreviation ids of `width` bits and the records they start until
/// an id below 3 or a record of a shape it leaves to the caller (read up
/// to its id), handing each record to `on_record`.
///
/// Not inlined into the caller, so that the buffer, the lists and the
/// record loop get the registers to themselves; only the common shapes
/// are inlined, so that the loop stays small enough for them to.
#[inline(never)]
fn record_loop<'a>(
    b: &mut BitBuf<'a>,
    width: u32,
    pools: &Pools<'_>,
    rec: &mut Record<'a>,
    on_record: &mut impl FnMut(&Record<'a>),
) -> Stop {
    let mut bb = *b;
    let stop = loop {
        // One refill per record, unconditionally: most records then read
        // every field without refilling, so the per-field checks are
        // predictable (a refill that depends on the bits read is not).
        bb.refill();
        let Some(id) = bb.fixed(width) else {
            break Stop::Fault;
        };
        let id = id as u32;
        if id < UNABBREV_RECORD {
            std::hint::cold_path();
            break Stop::Control(id);
        }
        let Some(r) = pools.get(id) else {
            std::hint::cold_path();
            break Stop::Unknown(id);
        };
        rec.abbrev_id = id;
        let (shape, steps) = r;
        let ops = &mut rec.ops;
        // One jump on the shape; the rare ones leave the loop.
        let got = match shape {
            Shape::Unabbreviated => read_unabbrev(&mut bb, ops),
            Shape::Plain1 => read_plain_n::<1>(&mut bb, steps, ops),
            Shape::Plain2 => read_plain_n::<2>(&mut bb, steps, ops),
            Shape::Plain3 => read_plain_n::<3>(&mut bb, steps, ops),
            Shape::Plain4 => read_plain_n::<4>(&mut bb, steps, ops),
            Shape::ArrayVbr6 => match steps.len() {
                5 => read_array_vbr6_n::<2>(&mut bb, steps, ops),
                _ => read_with_array_vbr6(&mut bb, steps, ops),
            },
            Shape::Plain0 | Shape::Plain | Shape::Array | Shape::Blob | Shape::Generic => {
                std::hint::cold_path();
                break Stop::Cold(id);
            }
        };
        let Some((code, n)) = got else {
            break Stop::Fault;
        };
        rec.code = code;
        rec.n_ops = n;
        // No shape the loop reads has a blob; stored here, next to the
        // call, so that `on_record` sees `None` without loading it.
        rec.blob = None;
        on_record(rec);
    };
    *b = bb;
    stop
}

/// Reads one record's code, operands and blob into `rec` (all but
/// `abbrev_id`); `false` (and a fault) if the stream is malformed.
#[inline(always)]
fn decode_record<'a>(b: &mut BitBuf<'a>, r: Abbrev<'_>, rec: &mut Record<'a>) -> bool {
    rec.blob = None;
    let (shape, steps) = r;
    let ops = &mut rec.ops;
    // One jump on the shape.
    let got = match shape {
        Shape::Unabbreviated => read_unabbrev(b, ops),
        Shape::Plain0 => read_plain_n::<0>(b, steps, ops),
        Shape::Plain1 => read_plain_n::<1>(b, steps, ops),
        Shape::Plain2 => read_plain_n::<2>(b, steps, ops),
        Shape::Plain3 => read_plain_n::<3>(b, steps, ops),
        Shape::Plain4 => read_plain_n::<4>(b, steps, ops),
        Shape::Plain => read_plain(b, steps, ops),
        Shape::Array | Shape::ArrayVbr6 => read_with_array(b, steps, ops),
        Shape::Blob => read_with_blob(b, steps, ops, &mut rec.blob),
        Shape::Generic => {
            // On a copy, so that `b` stays in registers.
            let mut t = *b;
            let got = read_generic(&mut t, steps, ops, &mut rec.blob);
            *b = t;
            got
        }
    };
    match got {
        Some((code, n)) => {
            rec.code = code;
            rec.n_ops = n;
            true
        }
        None => false,
    }
}

/// An unabbreviated record: vbr6 code, vbr6 count, that many vbr6 values.
#[inline(always)]
fn read_unabbrev(b: &mut BitBuf<'_>, ops: &mut Vec<u64>) -> Option<(u32, usize)> {
    let (code, n) = match b.code_count6() {
        Some((code, n)) => (code as u32, n),
        None => {
            // On a copy, so that `b` stays in registers.
            let mut t = *b;
            let got = code_count_apart(&mut t);
            *b = t;
            got?
        }
    };
    if n * 6 > b.bits_left() {
        return b.fail(Fault::LengthTooLarge);
    }
    for slot in room(ops, n as usize) {
        *slot = b.vbr::<64>(6)?;
    }
    Some((code, n as usize))
}

/// An unabbreviated record's code and count read one after the other (a
/// code of three chunks or more, a count of two or more, or the last bits
/// of the stream). Out of line: rare, and two inlined VBR reads would
/// crowd the record loop.
#[inline(never)]
fn code_count_apart(b: &mut BitBuf<'_>) -> Option<(u32, u64)> {
    Some((b.vbr::<32>(6)? as u32, b.vbr::<32>(6)?))
}

/// The code and the scalars of a fast shape: `scalars` are the steps after
/// the code, all [`StepKind::Scalar`].
#[inline(always)]
fn read_scalars(
    b: &mut BitBuf<'_>,
    code: &Step,
    scalars: &[Step],
    ops: &mut Vec<u64>,
) -> Option<u32> {
    let out = room(ops, scalars.len());
    if let Some(x) = b.run(u32::from(code.run), code.rmask) {
        for i in 0..out.len() {
            out[i] = run_field(x, &scalars[i]);
        }
        return Some(run_field(x, code) as u32);
    }
    let code = read_code(b, code)?;
    read_tail(b, scalars, out)?;
    Some(code)
}

/// The scalars after the code when the leading run could not be read in
/// one go (usually because the first operand, a relative value id, takes
/// several VBR chunks): the first one alone, then the rest as the tail
/// run if it applies (see `link_run`), else one by one. `out` is as long
/// as `scalars`.
#[inline(always)]
fn read_tail(b: &mut BitBuf<'_>, scalars: &[Step], out: &mut [u64]) -> Option<()> {
    let (Some((first, rest)), Some((slot, slots))) = (scalars.split_first(), out.split_first_mut())
    else {
        return Some(());
    };
    *slot = b.step(first)?;
    if let Some(x) = b.run(u32::from(first.run), first.rmask) {
        for (slot, s) in slots.iter_mut().zip(rest) {
            *slot = ((x >> s.off2) & s.pmask) | s.lit;
        }
        return Some(());
    }
    // On a copy, so that `b` stays in registers.
    let mut t = *b;
    let got = read_steps(&mut t, rest, slots);
    *b = t;
    got
}

/// The scalars `steps` one by one into `out`: the rare case where neither
/// run applies (a VBR of the tail continues, or the buffer runs short).
/// Out of line, so that the record loop does not hold a copy of every
/// step's read per unrolled shape.
#[inline(never)]
fn read_steps(b: &mut BitBuf<'_>, steps: &[Step], out: &mut [u64]) -> Option<()> {
    for (slot, s) in out.iter_mut().zip(steps) {
        *slot = b.step(s)?;
    }
    Some(())
}

/// A field of a leading run read in one go: `x` is the buffer at the
/// run's start (see `Step`).
#[inline(always)]
fn run_field(x: u64, s: &Step) -> u64 {
    ((x >> s.off) & s.pmask) | s.lit
}

/// The code of a fast shape.
#[inline(always)]
fn read_code(b: &mut BitBuf<'_>, code: &Step) -> Option<u32> {
    Some(if code.width == 0 {
        // A literal: nothing to read.
        code.lit
    } else {
        b.step(code)?
    } as u32)
}

/// [`Shape::Plain0`] to [`Shape::Plain4`]: a code and `N` scalars, unrolled.
#[inline(always)]
fn read_plain_n<const N: usize>(
    b: &mut BitBuf<'_>,
    steps: &[Step],
    ops: &mut Vec<u64>,
) -> Option<(u32, usize)> {
    // One test of the length (the shape guarantees it) for all that
    // follows.
    if steps.len() != N + 1 {
        return None;
    }
    let (code, scalars) = steps.split_first()?;
    let scalars: &[Step; N] = scalars.try_into().ok()?;
    let out = room_n::<N>(ops)?;
    if let Some(x) = b.run(u32::from(code.run), code.rmask) {
        for i in 0..N {
            out[i] = run_field(x, &scalars[i]);
        }
        return Some((run_field(x, code) as u32, N));
    }
    let code = read_code(b, code)?;
    read_tail(b, scalars, out)?;
    Some((code, N))
}

/// [`Shape::Plain`]: a code and scalars.
#[inline(always)]
fn read_plain(b: &mut BitBuf<'_>, steps: &[Step], ops: &mut Vec<u64>) -> Option<(u32, usize)> {
    let (code, scalars) = steps.split_first()?;
    let code = read_scalars(b, code, scalars, ops)?;
    Some((code, scalars.len()))
}

/// [`Shape::Array`]: a code, scalars, an array and its (valid) element.
#[inline(always)]
fn read_with_array(b: &mut BitBuf<'_>, steps: &[Step], ops: &mut Vec<u64>) -> Option<(u32, usize)> {
    let (code, rest) = steps.split_first()?;
    let (elem, rest) = rest.split_last()?;
    let scalars = rest.get(..rest.len() - 1)?;
    let code = read_scalars(b, code, scalars, ops)?;
    let k = scalars.len();
    let n = b.vbr::<32>(6)?;
    let min = if elem.kind == StepKind::Char6 {
        6
    } else {
        u64::from(elem.width)
    };
    if n * min > b.bits_left() {
        return b.fail(Fault::LengthTooLarge);
    }
    let end = k + n as usize;
    let out = room(ops, end).get_mut(k..).unwrap_or_default();
    if elem.kind == StepKind::Char6 {
        for slot in out {
            *slot = b.char6()?;
        }
    } else if elem.cmask == 1 << 5 {
        // vbr6 elements (operand lists such as `INST_GEP`'s): the
        // unabbreviated record's loop, with no per-element step data.
        for slot in out {
            *slot = b.vbr::<64>(6)?;
        }
    } else {
        for slot in out {
            *slot = b.step(elem)?;
        }
    }
    Some((code, end))
}

/// [`Shape::ArrayVbr6`]: a code, scalars and an array of vbr6 elements,
/// read by the unabbreviated record's loop, with no per-element step data.
#[inline(always)]
fn read_with_array_vbr6(
    b: &mut BitBuf<'_>,
    steps: &[Step],
    ops: &mut Vec<u64>,
) -> Option<(u32, usize)> {
    let (code, rest) = steps.split_first()?;
    let scalars = rest.get(..rest.len().checked_sub(2)?)?;
    let code = read_scalars(b, code, scalars, ops)?;
    let k = scalars.len();
    let n = b.vbr::<32>(6)?;
    if n * 6 > b.bits_left() {
        return b.fail(Fault::LengthTooLarge);
    }
    let end = k + n as usize;
    for slot in room(ops, end).get_mut(k..).unwrap_or_default() {
        *slot = b.vbr::<64>(6)?;
    }
    Some((code, end))
}

/// [`Shape::ArrayVbr6`] with `N` scalars before the array (`steps` holds
/// `N + 3`; two for `INST_GEP`: the inbounds flag and the type), unrolled
/// as [`Shape::Plain0`] to [`Shape::Plain4`] are: the scalars stay in
/// registers until the count is known, so the record buffer is sized once.
#[inline(always)]
fn read_array_vbr6_n<const N: usize>(
    b: &mut BitBuf<'_>,
    steps: &[Step],
    ops: &mut Vec<u64>,
) -> Option<(u32, usize)> {
    if steps.len() != N + 3 {
        return None;
    }
    let (code, rest) = steps.split_first()?;
    let scalars: &[Step; N] = rest.get(..N)?.try_into().ok()?;
    let mut vals = [0u64; N];
    let code = if let Some(x) = b.run(u32::from(code.run), code.rmask) {
        for i in 0..N {
            vals[i] = run_field(x, &scalars[i]);
        }
        run_field(x, code) as u32
    } else {
        let code = read_code(b, code)?;
        read_tail(b, scalars, &mut vals)?;
        code
    };
    let n = b.vbr::<32>(6)?;
    if n * 6 > b.bits_left() {
        return b.fail(Fault::LengthTooLarge);
    }
    let end = N + n as usize;
    let (head, elems) = room(ops, end).split_at_mut_checked(N)?;
    head.copy_from_slice(&vals);
    for slot in elems {
        *slot = b.vbr::<64>(6)?;
    }
    Some((code, end))
}

/// [`Shape::Blob`]: a code, scalars and a blob.
#[inline(always)]
fn read_with_blob<'a>(
    b: &mut BitBuf<'a>,
    steps: &[Step],
    ops: &mut Vec<u64>,
    blob: &mut Option<&'a [u8]>,
) -> Option<(u32, usize)> {
    let (code, rest) = steps.split_first()?;
    let scalars = rest.get(..rest.len().checked_sub(1)?)?;
    let code = read_scalars(b, code, scalars, ops)?;
    // On a copy, so that `b` stays in registers.
    let mut t = *b;
    let got = read_blob(&mut t);
    *b = t;
    *blob = Some(got?);
    Some((code, scalars.len()))
}

/// A blob: vbr6 length, 32-bit alignment, the bytes, 32-bit alignment.
#[inline(never)]
fn read_blob<'a>(b: &mut BitBuf<'a>) -> Option<&'a [u8]> {
    let n = b.vbr::<32>(6)?;
    b.align32();
    let padded = (n + 3) & !3;
    let Some(bytes) = b.bytes_here(n).filter(|_| padded * 8 <= b.bits_left()) else {
        return b.fail(Fault::BlobPastEnd);
    };
    b.skip_bits(padded * 8)?;
    Some(bytes)
}

/// Reads a scalar or char6 step.
#[inline]
fn read_value(b: &mut BitBuf<'_>, s: &Step) -> Option<u64> {
    match s.kind {
        StepKind::Scalar => b.step(s),
        StepKind::Char6 => b.char6(),
        StepKind::Array | StepKind::Blob => b.fail(Fault::CodeIsArrayOrBlob),
    }
}

/// [`Shape::Generic`]: step by step, with LLVM's checks in LLVM's order.
#[inline(never)]
fn read_generic<'a>(
    b: &mut BitBuf<'a>,
    steps: &[Step],
    ops: &mut Vec<u64>,
    blob: &mut Option<&'a [u8]>,
) -> Option<(u32, usize)> {
    let Some((first, rest)) = steps.split_first() else {
        return b.fail(Fault::EmptyAbbrev);
    };
    let code = read_value(b, first)? as u32;
    // Every step but an array's reads at most one value.
    room(ops, rest.len());
    let mut n = 0;
    let mut i = 0;
    while i < rest.len() {
        let s = &rest[i];
        match s.kind {
            StepKind::Array => {
                let len = b.vbr::<32>(6)?;
                if i + 2 != rest.len() {
                    return b.fail(Fault::ArrayNotSecondToLast);
                }
                let elem = &rest[i + 1];
                let min = match elem.kind {
                    StepKind::Scalar if elem.width > 0 => u64::from(elem.width),
                    StepKind::Char6 => 6,
                    _ => return b.fail(Fault::InvalidArrayElement),
                };
                if len * min > b.bits_left() {
                    return b.fail(Fault::LengthTooLarge);
                }
                let end = n + len as usize;
                for slot in room(ops, end).get_mut(n..).unwrap_or_default() {
                    *slot = read_value(b, elem)?;
                }
                return Some((code, end));
            }
            StepKind::Blob => *blob = Some(read_blob(b)?),
            _ => {
                ops[n] = read_value(b, s)?;
                n += 1;
            }
        }
        i += 1;
    }
    Some((code, n))
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
