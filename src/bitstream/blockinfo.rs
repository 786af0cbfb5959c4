//! The BLOCKINFO table: per block id, the abbreviations every block of that
//! id starts with, and the optional block and record names.
//!
//! Owns the table and the pool its abbreviations live in. The reader fills
//! it from a BLOCKINFO block (`reader.rs`), the writer from its own
//! definitions (`writer.rs`).
//!
//! Also owns [`AbbrevScopes`], the abbreviation lists of the open blocks,
//! which the reader and the writer share so that an id means the same to
//! both.
//!
//! Invariant: the operand pool only grows. Starting a new table (a second
//! BLOCKINFO block replaces the first, as in LLVM) drops the entries but
//! keeps the pool, so scopes still open that took abbreviations from the old
//! table keep valid references. An installed entry's list is shared
//! (`Arc`), never copied into a block: entering a block costs O(1) however
//! many abbreviations BLOCKINFO gives it, and nesting such blocks costs no
//! memory per abbreviation (LLVM copies the list into every block).

use std::sync::Arc;

use super::abbrev::{link_run, AbbrevOp, Shape, Step};

/// Where an abbreviation's operands are: a range of a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AbbrevRef {
    /// First operand's index in the pool.
    pub start: u32,
    /// Number of operands (at least 1).
    pub len: u32,
    /// In the BLOCKINFO pool (true) or the scope-local pool (false).
    pub shared: bool,
    /// How the reader's record loop reads it (the writer does not use it).
    pub shape: Shape,
}

/// What a BLOCKINFO block being read or written says about one block id.
#[derive(Debug, Clone, Default)]
pub(crate) struct BlockInfoEntry {
    pub block_id: u32,
    pub abbrevs: Vec<AbbrevRef>,
    pub name: Vec<u8>,
    pub record_names: Vec<(u32, Vec<u8>)>,
}

/// What the table in force says about one block id.
#[derive(Debug, Clone, Default)]
pub(crate) struct InstalledEntry {
    pub block_id: u32,
    /// `None` when there are none.
    pub abbrevs: Option<Arc<[AbbrevRef]>>,
    pub name: Vec<u8>,
    pub record_names: Vec<(u32, Vec<u8>)>,
}

/// The BLOCKINFO table in force.
#[derive(Debug, Clone, Default)]
pub struct BlockInfo {
    entries: Vec<InstalledEntry>,
    ops: Vec<AbbrevOp>,
    /// `ops` compiled, index for index.
    steps: Vec<Step>,
}

impl BlockInfo {
    /// An empty table.
    pub fn new() -> BlockInfo {
        BlockInfo::default()
    }

    pub(crate) fn entry(&self, block_id: u32) -> Option<&InstalledEntry> {
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
        let start = self.ops.len();
        self.ops.extend_from_slice(ops);
        self.steps.extend(ops.iter().map(|&op| Step::of(op)));
        link_run(&mut self.steps[start..]);
        AbbrevRef {
            start: start as u32,
            len: ops.len() as u32,
            shared: true,
            shape: Shape::of(&self.steps[start..]),
        }
    }

    /// Replaces every entry (the operand pool stays).
    pub(crate) fn replace_entries(&mut self, entries: Vec<BlockInfoEntry>) {
        self.entries = entries
            .into_iter()
            .map(|e| InstalledEntry {
                block_id: e.block_id,
                abbrevs: (!e.abbrevs.is_empty()).then(|| Arc::from(e.abbrevs)),
                name: e.name,
                record_names: e.record_names,
            })
            .collect();
    }

    /// The shared list of abbreviations for blocks of `block_id`.
    #[inline]
    pub(crate) fn shared_abbrevs(&self, block_id: u32) -> Option<Arc<[AbbrevRef]>> {
        self.entry(block_id).and_then(|e| e.abbrevs.clone())
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
            .and_then(|e| e.abbrevs.as_deref())
            .unwrap_or(&[])
            .iter()
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

/// The abbreviation lists of the open blocks: for the innermost one,
/// BLOCKINFO's shared list for its id followed by its own definitions.
#[derive(Debug, Default)]
pub(crate) struct AbbrevScopes {
    /// BLOCKINFO's list for the innermost block.
    info: Option<Arc<[AbbrevRef]>>,
    /// Its length (0 without one).
    info_len: usize,
    /// Definitions made in the open blocks, innermost last.
    local: Vec<AbbrevRef>,
    /// Index in `local` of the innermost block's first definition.
    base: usize,
}

/// What [`AbbrevScopes::exit`] restores.
#[derive(Debug, Clone, Default)]
pub(crate) struct SavedScope {
    info: Option<Arc<[AbbrevRef]>>,
    base: usize,
}

impl AbbrevScopes {
    /// Opens a block whose BLOCKINFO list is `info`.
    #[inline]
    pub fn enter(&mut self, info: Option<Arc<[AbbrevRef]>>) -> SavedScope {
        self.info_len = info.as_deref().map_or(0, <[AbbrevRef]>::len);
        let saved = SavedScope {
            info: std::mem::replace(&mut self.info, info),
            base: self.base,
        };
        self.base = self.local.len();
        saved
    }

    /// Closes the innermost block.
    #[inline]
    pub fn exit(&mut self, saved: SavedScope) {
        self.local.truncate(self.base);
        self.info = saved.info;
        self.info_len = self.info.as_deref().map_or(0, <[AbbrevRef]>::len);
        self.base = saved.base;
    }

    /// Adds a definition to the innermost block.
    #[inline]
    pub fn push(&mut self, r: AbbrevRef) {
        self.local.push(r);
    }

    /// BLOCKINFO's list for the innermost block, and the innermost block's
    /// own definitions: id `4 + i` is `i` in their concatenation.
    #[inline(always)]
    pub fn lists(&self) -> (&[AbbrevRef], &[AbbrevRef]) {
        let info = self.info.as_deref().unwrap_or(&[]);
        (info, self.local.get(self.base..).unwrap_or(&[]))
    }

    /// The abbreviation with id `4 + i` in the innermost block.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<AbbrevRef> {
        if i < self.info_len {
            self.info.as_deref().and_then(|l| l.get(i)).copied()
        } else {
            self.local.get(self.base + (i - self.info_len)).copied()
        }
    }

    /// Number of abbreviations usable in the innermost block.
    #[inline]
    pub fn count(&self) -> usize {
        self.info_len + self.local.len() - self.base
    }
}
