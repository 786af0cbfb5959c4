//! Program order within a block as numbers: `comes_before` in O(1)
//! amortised.
//!
//! Owns [`InstOrder`], the lazily renumbered positions of instructions in
//! their blocks (LLVM's `Instruction::Order` and
//! `BasicBlock::InstrOrderValid`). It does not own the order itself: that
//! is the block's instruction list (`inst.rs`).
//!
//! The numbers live beside the graph, not in the hot records, in one
//! vector indexed by value slot: an instruction's entry is its position
//! in its block, a block's entry is [`VALID`] while its instructions'
//! entries are right. Linking an instruction into a block clears the
//! block's mark (`inst.rs` calls [`InstOrder::invalidate`]); removing one
//! keeps the others increasing, so it clears nothing (as in LLVM). The
//! vector stays empty until the first query, so building IR pays one
//! length check per insertion.
//!
//! The vector sits in a `RefCell` because the query takes `&Context`, as
//! LLVM's `const` one does; each borrow is local to one method that calls out
//! to nothing, so it cannot fail. The next query after an insertion
//! renumbers the block, O(block); later queries are two loads.

use super::Inst;
use crate::entity::NONE;
use crate::Context;
use core::cell::RefCell;

/// A block's entry when its instructions are numbered.
const VALID: u32 = u32::MAX;

/// Lazily computed instruction positions (see the module docs).
///
/// The vector sits in a `RefCell` because `comes_before` is a query on
/// `&Context` that may renumber a block, as LLVM's `const` `comesBefore`
/// does through `mutable` fields; every borrow is local to one method and
/// calls nothing, so it cannot fail.
#[derive(Default)]
pub(crate) struct InstOrder {
    nums: RefCell<Vec<u32>>,
}

impl InstOrder {
    /// Marks block slot `blk` as needing a renumbering (an instruction was
    /// linked into it).
    #[inline]
    pub(crate) fn invalidate(&mut self, blk: u32) {
        if let Some(x) = self.nums.get_mut().get_mut(blk as usize) {
            *x = NONE - 1;
        }
    }
}

/// # Instruction order
///
/// Whether one instruction comes before another in their block, in O(1)
/// amortised (LLVM's `Instruction::comesBefore`).
impl Context {
    /// Whether `a` comes before `b` in their block. The first query after
    /// an insertion into the block renumbers it, O(block size); later ones
    /// are O(1) until the next insertion.
    ///
    /// # Panics
    /// If `a` and `b` are not in the same block.
    pub fn comes_before(&self, a: Inst, b: Inst) -> bool {
        let (da, db) = (self.graph.get(a.0), self.graph.get(b.0));
        assert!(
            da.a != NONE && da.a == db.a,
            "comes_before: instructions {:?} and {:?} are not in the same block",
            a.0,
            b.0
        );
        let blk = da.a;
        let mut nums = self.order.nums.borrow_mut();
        if nums.get(blk as usize) != Some(&VALID) {
            self.renumber_insts(&mut nums, blk);
        }
        nums[a.0.idx as usize] < nums[b.0.idx as usize]
    }

    /// Numbers the instructions of block slot `blk` 0, 1, ... and marks
    /// the block valid. O(block size).
    fn renumber_insts(&self, nums: &mut Vec<u32>, blk: u32) {
        let values = &self.graph.values;
        if nums.is_empty() {
            // Every slot at once, zeroed by the allocator: growing by
            // doubling would copy and clear the vector again and again
            // (half of mem2reg's `comes_before` cost).
            *nums = vec![0; values.len()];
        }
        let need = |nums: &mut Vec<u32>, i: u32| {
            if nums.len() <= i as usize {
                let len = (i as usize + 1).max(nums.len() * 2).min(values.len());
                nums.resize(len, 0);
            }
        };
        need(nums, blk);
        let mut cur = values[blk as usize].ops;
        let mut n = 0;
        while cur != NONE {
            need(nums, cur);
            nums[cur as usize] = n;
            n += 1;
            cur = values[cur as usize].c;
        }
        nums[blk as usize] = VALID;
    }
}
