//! The BLOCKINFO table: per block id, the abbreviations every block of that
//! id starts with, and the optional block and record names.
//!
//! Owns the table and the pool its abbreviations live in. The reader fills
//! it from a BLOCKINFO block (`reader.rs`), the writer from its own
//! definitions (`writer.rs`).
//!
//! Invariant: the operand pool only grows. Starting a new table (a second
//! BLOCKINFO block replaces the first, as in LLVM) drops the entries but
//! keeps the pool, so scopes still open that took abbreviations from the old
//! table keep valid references.

use super::abbrev::{AbbrevOp, Step};

/// Where an abbreviation's operands are: a range of a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AbbrevRef {
    /// First operand's index in the pool.
    pub start: u32,
    /// Number of operands (at least 1).
    pub len: u32,
    /// In the BLOCKINFO pool (true) or the scope-local pool (false).
    pub shared: bool,
}

/// What BLOCKINFO says about one block id.
#[derive(Debug, Clone, Default)]
pub(crate) struct BlockInfoEntry {
    pub block_id: u32,
    pub abbrevs: Vec<AbbrevRef>,
    pub name: Vec<u8>,
    pub record_names: Vec<(u32, Vec<u8>)>,
}

/// The BLOCKINFO table in force.
#[derive(Debug, Clone, Default)]
pub struct BlockInfo {
    entries: Vec<BlockInfoEntry>,
    ops: Vec<AbbrevOp>,
    /// `ops` compiled, index for index.
    steps: Vec<Step>,
}

impl BlockInfo {
    /// An empty table.
    pub fn new() -> BlockInfo {
        BlockInfo::default()
    }

    pub(crate) fn entry(&self, block_id: u32) -> Option<&BlockInfoEntry> {
        // The last entry first, as LLVM does: it is the one being filled.
        if let Some(last) = self.entries.last() {
            if last.block_id == block_id {
                return Some(last);
            }
        }
        self.entries.iter().find(|e| e.block_id == block_id)
    }

    /// Appends `ops` to the pool only.
    pub(crate) fn push_ops(&mut self, ops: &[AbbrevOp]) -> AbbrevRef {
        let r = AbbrevRef {
            start: self.ops.len() as u32,
            len: ops.len() as u32,
            shared: true,
        };
        self.ops.extend_from_slice(ops);
        self.steps.extend(ops.iter().map(|&op| Step::of(op)));
        r
    }

    /// Replaces every entry (the operand pool stays).
    pub(crate) fn replace_entries(&mut self, entries: Vec<BlockInfoEntry>) {
        self.entries = entries;
    }

    /// The operand pool.
    #[inline]
    pub(crate) fn ops(&self) -> &[AbbrevOp] {
        &self.ops
    }

    /// The compiled operand pool.
    #[inline]
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The abbreviations BLOCKINFO gives blocks of `block_id`, in id order
    /// (the first is abbreviation id 4).
    pub fn abbrevs(&self, block_id: u32) -> impl Iterator<Item = &[AbbrevOp]> + '_ {
        self.entry(block_id)
            .into_iter()
            .flat_map(|e| e.abbrevs.iter())
            .map(|r| &self.ops[r.start as usize..(r.start + r.len) as usize])
    }

    /// The block name BLOCKINFO gives `block_id` (`BLOCKNAME`), if any and
    /// not empty.
    pub fn block_name(&self, block_id: u32) -> Option<&[u8]> {
        self.entry(block_id)
            .map(|e| e.name.as_slice())
            .filter(|n| !n.is_empty())
    }

    /// The first record name BLOCKINFO gives `code` in blocks of `block_id`
    /// (`SETRECORDNAME`), if any.
    pub fn record_name(&self, block_id: u32, code: u32) -> Option<&[u8]> {
        let e = self.entry(block_id)?;
        e.record_names
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, n)| n.as_slice())
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
