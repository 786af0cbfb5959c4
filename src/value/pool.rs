//! The use pool: one `Vec` of [`UseData`] holding every operand run.
//!
//! Owns run allocation and reuse; not the meaning of any slot. A run is a
//! contiguous range `start..start + len`. Co-allocated runs are allocated
//! once with their user and never move; hung-off runs (PHI, switch, ...)
//! grow in place when they end at the top of the pool, and otherwise move to
//! a new run (see `Graph::grow_operands`). Freed runs are kept on exact-size
//! free lists and reused by the next run of that size.
//!
//! # Runs
//!
//! * **Co-allocated**: `Fixed(n)` opcodes, and `Variadic` ones (calls, GEPs,
//!   ...) whose length is chosen at creation. Allocated with the user, never
//!   moved.
//! * **Hung-off**: PHI, switch, indirectbr, landingpad, catchswitch. The
//!   capacity is in the owner's payload; growth follows LLVM (PHI `e + e/2`,
//!   at least 2; switch × 3). `Graph::grow_operands` grows the run in place
//!   when it ends at the top of the pool, else moves it and re-links each
//!   moved use's neighbours (`move_use`), keeping use-list positions.
//! * A global variable's initializer and a function's personality, prefix
//!   and prologue get their run when first set.
//! * Freed runs go to exact-size free lists below 16 slots, a first-fit list
//!   above; a run freed at the top of the pool shrinks it.
//!
//! # The pending tail
//!
//! Growing the top run in place ([`UsePool::extend_top`]) only reserves
//! room: its new slots are *pending*, part of the run's capacity but not
//! yet in `uses`, and read as empty. The run's owner fills them in order
//! ([`UsePool::put`] appends the first pending slot), so a PHI grown to
//! `e + e/2` touches the memory of the entries it holds, not of its whole
//! capacity (fresh pages cost a page fault each). Anything that places a
//! run at the top materializes the tail first ([`UsePool::top_for`]).

use super::UseData;
use crate::entity::NONE;

/// Sizes below this have a direct free-list slot; larger runs share one
/// list searched first-fit (they are rare: large PHIs and switches).
const SMALL: usize = 16;

pub(crate) struct UsePool {
    pub(crate) uses: Vec<UseData>,
    /// Free runs by exact length; `free_small[n]` holds starts of length n.
    free_small: [Vec<u32>; SMALL],
    /// Free runs of length >= SMALL, as `(start, len)`.
    free_large: Vec<(u32, u32)>,
    /// Slots after `uses` that belong to the top run's capacity but are not
    /// materialized yet (see the module docs). The pool's logical length
    /// is `uses.len() + pending`.
    pending: u32,
}

impl UsePool {
    pub(crate) fn new() -> Self {
        UsePool {
            uses: Vec::new(),
            free_small: Default::default(),
            free_large: Vec::new(),
            pending: 0,
        }
    }

    /// The pool's logical length: its slots and the pending tail.
    #[inline]
    fn logical_len(&self) -> usize {
        self.uses.len() + self.pending as usize
    }

    /// Writes `ud` into slot `u`, which is either materialized or the first
    /// pending slot of the top run (a hung-off run filling its capacity in
    /// order).
    #[inline(always)]
    pub(crate) fn put(&mut self, u: u32, ud: UseData) {
        let u = u as usize;
        if u == self.uses.len() {
            // The first pending slot; `extend_top` reserved the room, so
            // the push does not reallocate.
            if self.pending == 0 {
                outside(u);
            }
            self.uses.push(ud);
            self.pending -= 1;
        } else {
            match self.uses.get_mut(u) {
                Some(slot) => *slot = ud,
                None => outside(u),
            }
        }
    }

    /// Allocates a run of `len` empty slots and returns its start. O(1)
    /// amortised for small runs; large runs search the (short) large list.
    #[inline]
    pub(crate) fn alloc(&mut self, len: u32) -> u32 {
        if len == 0 {
            return NONE;
        }
        if let Some(s) = self.take_free(len) {
            return s;
        }
        let start = self.top_for(len);
        super::grow::reserve(&mut self.uses, len as usize);
        self.uses
            .resize(start as usize + len as usize, UseData::EMPTY);
        start
    }

    /// Materializes the pending tail (as empty slots), so that `uses` holds
    /// every slot of the pool.
    #[cold]
    #[inline(never)]
    fn settle(&mut self) {
        let n = self.logical_len();
        self.uses.resize(n, UseData::EMPTY);
        self.pending = 0;
    }

    /// A freed run of exactly `len` slots (already cleared), if any.
    #[inline]
    pub(crate) fn take_free(&mut self, len: u32) -> Option<u32> {
        let n = len as usize;
        if n < SMALL {
            self.free_small[n].pop()
        } else {
            let i = self.free_large.iter().position(|&(_, l)| l == len)?;
            Some(self.free_large.swap_remove(i).0)
        }
    }

    /// The start a run of `len` slots pushed at the top gets; the pending
    /// tail of the run below is materialized first, so the new run starts
    /// at `uses.len()`.
    ///
    /// # Panics
    /// If the pool would outgrow 32-bit indices.
    #[inline]
    pub(crate) fn top_for(&mut self, len: u32) -> u32 {
        if self.pending != 0 {
            self.settle();
        }
        let start = self.uses.len();
        assert!(
            start + (len as usize) < NONE as usize,
            "use pool exhausted: more than 2^32 operands"
        );
        start as u32
    }

    /// Whether the run `start..start+len` ends at the top of the pool, so it
    /// can grow in place.
    #[inline]
    pub(crate) fn at_top(&self, start: u32, len: u32) -> bool {
        start != NONE && (start + len) as usize == self.logical_len()
    }

    /// Extends the top run in place by `extra` slots, left pending: room
    /// is reserved, nothing is written.
    pub(crate) fn extend_top(&mut self, extra: u32) {
        let n = self.logical_len() + extra as usize;
        assert!(
            n < NONE as usize,
            "use pool exhausted: more than 2^32 operands"
        );
        let more = n - self.uses.len();
        super::grow::reserve(&mut self.uses, more);
        self.pending = more as u32;
    }

    /// Returns a run to the pool. The slots must already be unlinked.
    #[inline]
    pub(crate) fn free(&mut self, start: u32, len: u32) {
        if len == 0 || start == NONE {
            return;
        }
        if (start + len) as usize == self.logical_len() {
            // The run is the top of the pool: drop it and its pending
            // tail, nothing to clear.
            self.uses.truncate(start as usize);
            self.pending = 0;
            return;
        }
        self.free_inside(start, len);
    }

    /// [`free`](Self::free) for a run below the top: cleared and listed.
    #[inline(never)]
    fn free_inside(&mut self, start: u32, len: u32) {
        for u in &mut self.uses[start as usize..(start + len) as usize] {
            *u = UseData::EMPTY;
        }
        let n = len as usize;
        if n < SMALL {
            self.free_small[n].push(start);
        } else {
            self.free_large.push((start, len));
        }
    }
}

#[cold]
#[inline(never)]
fn outside(u: usize) -> ! {
    panic!("use slot {u} is outside the pool")
}
