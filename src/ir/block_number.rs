//! Block numbers: a dense index of every block within its function, so
//! that analyses keep per-block data in vectors instead of hash maps.
//!
//! Owns the numbering (LLVM 20's `BasicBlock::getNumber`,
//! `Function::getMaxBlockNumber`, `renumberBlocks` and
//! `getBlockNumberEpoch`; LLVM 19 has none and hashes block pointers). It
//! does not own any per-block data: the analyses above (`analysis/`) index
//! their own vectors by these numbers.
//!
//! A block gets the function's next number when it is inserted into a
//! function and loses it when it is removed; numbers are never reused
//! until [`Context::renumber_blocks`] compacts them in layout order and
//! bumps the function's epoch, which tells analyses built before that
//! their indices are stale.
//!
//! The number lives in the 24 bits of the block's hot record that only
//! instructions and constants use, so no record grows:
//!
//! ```text
//! block record  kind | opcode   | flags
//!                    | n 23..16 | n 15..0      n = NO_NUMBER: not in a function
//! ```
//!
//! `FunctionData` holds the next number and the epoch. A function holds at
//! most 2^24 − 1 blocks: insertion renumbers first when the numbers run out,
//! then panics.

use super::{Block, Function};
use crate::value::ValueData;
use crate::Context;

/// The number of a block in no function.
pub(crate) const NO_NUMBER: u32 = (1 << NUMBER_BITS) - 1;
/// Width of a block number.
const NUMBER_BITS: u32 = 24;
/// Shift of the number's high byte (kept in `opcode`).
const HIGH_SHIFT: u32 = 16;

/// Reads the number packed in a block's record.
#[inline]
pub(crate) fn number_of(d: &ValueData) -> u32 {
    (d.opcode as u32) << HIGH_SHIFT | d.flags as u32
}

/// Packs `n` into a block's record.
#[inline]
pub(crate) fn set_number_of(d: &mut ValueData, n: u32) {
    debug_assert!(n <= NO_NUMBER);
    d.opcode = (n >> HIGH_SHIFT) as u8;
    d.flags = n as u16;
}

/// # Block numbers
///
/// The dense per-function index of each block (LLVM 20's block numbers),
/// for analyses that keep per-block data in vectors.
impl Context {
    /// The number of the block at raw value index `idx` (a live block).
    #[inline]
    pub(crate) fn raw_block_number(&self, idx: u32) -> u32 {
        number_of(&self.graph.values[idx as usize])
    }

    /// One past the highest number given to a block of `f` since the last
    /// renumbering: the length of a vector indexed by block number.
    pub(crate) fn max_block_number(&self, f: Function) -> u32 {
        self.fdata("Context::max_block_number", f).next_block_number
    }

    /// How many times `f`'s blocks were renumbered: an analysis records it
    /// and checks it to tell that its block-indexed data is stale.
    pub fn block_number_epoch(&self, f: Function) -> u32 {
        self.fdata("Context::block_number_epoch", f).block_epoch
    }

    /// Numbers `f`'s blocks 0, 1, ... in layout order, so that
    /// the maximum is the number of blocks again after erasures, and bumps
    /// the epoch. O(blocks).
    pub fn renumber_blocks(&mut self, f: Function) {
        let mut n = 0;
        let mut cur = self.fdata("Context::renumber_blocks", f).blocks.first;
        while cur != crate::entity::NONE {
            let d = &mut self.graph.values[cur as usize];
            set_number_of(d, n);
            n += 1;
            cur = d.c;
        }
        let fd = self.fdata_mut("Context::renumber_blocks", f);
        fd.next_block_number = n;
        fd.block_epoch = fd.block_epoch.wrapping_add(1);
    }

    /// Gives `b`, just inserted into `f`, the next number (renumbering
    /// first when the numbers are used up).
    ///
    /// # Panics
    /// If `f` would have more than 2^24 - 1 blocks.
    pub(crate) fn number_new_block(&mut self, f: Function, b: Block) {
        if self.fdata("Context::number_new_block", f).next_block_number >= NO_NUMBER {
            // The new block is linked already and gets its number here.
            self.renumber_blocks(f);
            assert!(
                self.fdata("Context::number_new_block", f).next_block_number <= NO_NUMBER,
                "function {:?} has more than {} blocks",
                f.0,
                NO_NUMBER
            );
            return;
        }
        let fd = self.fdata_mut("Context::number_new_block", f);
        let n = fd.next_block_number;
        fd.next_block_number = n + 1;
        set_number_of(self.graph.get_mut(b.0), n);
    }
}
