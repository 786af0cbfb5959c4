//! The `bitstream_walk` traversal of `shared/bench/WORKLOADS.md`: every
//! block entered, BLOCKINFO read and installed, every record read, and the
//! counts that both sides of the benchmark must agree on.
//!
//! Owns [`WalkStats`], [`walk`] (the timed walk) and [`count`] (the check
//! walk, which skips records instead of reading them). Both are iterative,
//! so nesting depth costs heap, not stack.

use super::container::open_bitcode;
use super::error::{Error, ErrorKind, Result};
use super::reader::{Entry, Reader, Record, BLOCKINFO_BLOCK_ID};

/// What a walk counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WalkStats {
    /// Blocks entered (a BLOCKINFO block counts as one; what it holds does
    /// not count).
    pub blocks: u64,
    /// Records read, outside BLOCKINFO, `DEFINE_ABBREV` excluded.
    pub records: u64,
    /// `DEFINE_ABBREV`s outside BLOCKINFO.
    pub abbrevs: u64,
    /// Sum over records of code + number of operand values + blob length.
    pub checksum: u64,
    /// Sum over records of the code.
    pub code_sum: u64,
    /// Bit offset where the walk stopped.
    pub end_bit: u64,
    /// Size of the stream in bits.
    pub stream_bits: u64,
}

impl WalkStats {
    /// Counts one record read in full.
    #[inline(always)]
    fn count(&mut self, rec: &Record<'_>) {
        let code = u64::from(rec.code());
        let blob = rec.blob().map_or(0, |b| b.len() as u64);
        self.records += 1;
        self.checksum += code + rec.num_operands() as u64 + blob;
        self.code_sum += code;
    }
}

/// Walks LLVM IR bitcode `bytes` (wrapper header allowed) with a fresh
/// record buffer.
pub fn walk(bytes: &[u8]) -> Result<WalkStats> {
    walk_with(bytes, &mut Record::with_capacity(64))
}

/// Walks LLVM IR bitcode `bytes`, reading every record into `rec`.
pub fn walk_with<'a>(bytes: &'a [u8], rec: &mut Record<'a>) -> Result<WalkStats> {
    traverse(bytes, |r, s| r.read_records(rec, |rec| s.count(rec)))
}

/// The check walk: like [`walk`] but records are skipped, not read, and
/// only `blocks`, `records`, `abbrevs`, `code_sum` and the positions are
/// filled in.
pub fn count(bytes: &[u8]) -> Result<WalkStats> {
    traverse(bytes, |r, s| loop {
        match r.advance()? {
            Entry::Record(abbrev) => {
                s.code_sum += u64::from(r.skip_record(abbrev)?);
                s.records += 1;
            }
            e => return Ok(e),
        }
    })
}

/// The one traversal both walks share: every block entered, BLOCKINFO read
/// and installed, `DEFINE_ABBREV`s counted. Inside a block, `records`
/// handles the records up to the next entry that is not one and returns
/// that entry (monomorphised, so the timed walk pays no indirection).
#[inline(always)]
fn traverse<'a>(
    bytes: &'a [u8],
    mut records: impl FnMut(&mut Reader<'a>, &mut WalkStats) -> Result<Entry>,
) -> Result<WalkStats> {
    let mut r = open_bitcode(bytes)?;
    let mut s = WalkStats::default();
    loop {
        let id = if r.depth() == 0 {
            if r.at_end() {
                break;
            }
            match r.advance()? {
                Entry::SubBlock(id) => id,
                _ => return Err(Error::new(r.bit_pos(), ErrorKind::NotABlockAtTopLevel(0))),
            }
        } else {
            match records(&mut r, &mut s)? {
                Entry::DefineAbbrev => {
                    s.abbrevs += 1;
                    continue;
                }
                Entry::EndBlock | Entry::Record(_) => continue,
                Entry::SubBlock(id) => id,
            }
        };
        s.blocks += 1;
        if id == BLOCKINFO_BLOCK_ID {
            r.read_block_info_block()?;
        } else {
            r.enter_block(id)?;
        }
    }
    s.end_bit = r.bit_pos();
    s.stream_bits = r.cursor().bit_len();
    Ok(s)
}
