//! The value arena and use-list primitives.
//!
//! Owns the generational value slots and every link/unlink of a use. One
//! primitive links ([`Graph::link_head`]) and one unlinks
//! ([`Graph::unlink`]); everything else (set operand, RAUW splice, run
//! moves) is written in terms of them.

use super::{
    UseData, UsePool, Value, ValueData, HAS_HANDLES, HAS_SIDE, KIND_FREE, KIND_MASK, OPNO_FAR,
    USER_MASK,
};
use crate::entity::{ContextTag, NONE};
use crate::value::Use;
use core::num::NonZeroU32;

pub(crate) struct Graph {
    pub(crate) values: Vec<ValueData>,
    /// Generation of each value slot, parallel to `values` (same length).
    /// Kept apart so that minting a handle for a raw index (every hop of a
    /// use-list walk) reads 4 dense bytes instead of a 36-byte record.
    gens: Vec<NonZeroU32>,
    /// Head of the free-slot list, threaded through `ValueData::a`.
    free_head: u32,
    /// Side-record index of each value slot whose record has [`HAS_SIDE`]
    /// set; empty until some value gets a side record, then grown by
    /// doubling up to the value array's capacity (values that never get a
    /// name or payload, such as a builder's plain arithmetic, cost nothing
    /// here); stale entries behind a clear bit are ignored.
    side_idx: Vec<u32>,
    pub(crate) pool: UsePool,
    /// The generation of a fresh slot: the context's tag, count 0 (see
    /// [`GEN_TAG_MASK`]).
    first_gen: NonZeroU32,
    tag: ContextTag,
}

/// The context-tag bits of a generation word: bits 0..8 hold the
/// [`ContextTag`] of the context that minted the id, bits 8..32 count the
/// slot's reuses (wrapping after 2^24), so an id of another context never
/// equals a live generation and is told apart from a stale one.
pub(crate) const GEN_TAG_MASK: u32 = 0xff;
/// One reuse in a generation word.
pub(crate) const GEN_STEP: u32 = GEN_TAG_MASK + 1;

impl Graph {
    pub(crate) fn new(tag: ContextTag) -> Self {
        let first_gen = NonZeroU32::new(tag.get()).expect("tags are nonzero");
        Graph {
            first_gen,
            tag,
            values: Vec::new(),
            gens: Vec::new(),
            free_head: NONE,
            side_idx: Vec::new(),
            pool: UsePool::new(),
        }
    }

    /// Makes room for `values` more values and `uses` more uses (the
    /// record and generation arrays grow together).
    pub(crate) fn reserve(&mut self, values: usize, uses: usize) {
        // An estimate (the parser's, from the text size) is taken as it
        // is: rounding it to the growth policy's sizes would add up to half
        // again. Growth past it goes through `grow::reserve`.
        self.values.reserve(values);
        self.gens.reserve(values);
        self.pool.uses.reserve(uses);
    }

    /// Mints a value for `data`, reusing a freed slot (with a new
    /// generation) when there is one.
    #[inline(always)]
    pub(crate) fn alloc(&mut self, data: ValueData) -> Value {
        if self.free_head != NONE {
            let idx = self.free_head;
            let slot = &mut self.values[idx as usize];
            self.free_head = slot.a;
            *slot = data;
            return Value {
                idx,
                gen: self.gens[idx as usize],
            };
        }
        let idx = self.values.len();
        assert!(
            idx < USER_MASK as usize,
            "value arena exhausted: more than 2^28 - 1 values"
        );
        // The record goes through `reserve` and a plain push, which stores
        // its fields in place; `grow::push` would build it on the stack
        // first (its push sits in a branch) and copy it.
        super::grow::reserve(&mut self.values, 1);
        self.values.push(data);
        super::grow::push(&mut self.gens, self.first_gen);
        Value {
            idx: idx as u32,
            gen: self.first_gen,
        }
    }

    /// Frees the slot of `v`. Its operands must have been released, it
    /// must have no uses and no value handles (the caller told them); ids
    /// naming it become stale.
    pub(crate) fn free(&mut self, v: Value) {
        let d = &mut self.values[v.idx as usize];
        debug_assert!(d.first_use == NONE);
        debug_assert!(d.kind_bits & HAS_HANDLES == 0, "freeing {v:?} with handles");
        // Only the kind and the free-list link are written: a free slot's
        // other words are never read (`alloc` overwrites the whole record).
        d.kind_bits = KIND_FREE;
        d.a = self.free_head;
        self.free_head = v.idx;
        // The count sits above the tag, so it wraps back to count 0 without
        // touching the tag.
        let g = &mut self.gens[v.idx as usize];
        *g = g.checked_add(GEN_STEP).unwrap_or(self.first_gen);
    }

    /// The context tag every id of this graph carries.
    #[inline]
    pub(crate) fn tag(&self) -> ContextTag {
        self.tag
    }

    /// The record of `v`.
    ///
    /// # Panics
    /// If `v` is stale (erased) or from another context.
    #[inline]
    pub(crate) fn get(&self, v: Value) -> &ValueData {
        let i = v.idx as usize;
        if self.gens.get(i) == Some(&v.gen) {
            let d = &self.values[i];
            if d.kind_bits != KIND_FREE {
                return d;
            }
        }
        self.bad_id(v)
    }

    /// The record of `v` after the generation check alone: a freed slot
    /// (reachable only after its generation count wrapped) comes back as it
    /// is, kind byte [`KIND_FREE`], for a caller whose kind test refuses
    /// it anyway.
    ///
    /// # Panics
    /// If `v` is stale or from another context, as [`get`](Self::get).
    #[inline]
    pub(crate) fn get_gen_checked(&self, v: Value) -> &ValueData {
        let i = v.idx as usize;
        if let Some(d) = self.values.get(i) {
            if self.gens.get(i) == Some(&v.gen) {
                return d;
            }
        }
        self.bad_id(v)
    }

    /// Panics for an id that names no live value of this graph: "from
    /// another context" when its tag is not this graph's, else "stale".
    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn bad_id(&self, v: Value) -> ! {
        let (theirs, ours) = (v.gen.get() & GEN_TAG_MASK, self.tag.get());
        if theirs != ours {
            panic!(
                "value {v:?} is from another context (its context tag is {theirs}, this context's is {ours})"
            )
        }
        panic!("stale value id {v:?}: the value was erased")
    }

    /// Mutable record of `v`; panics like [`Graph::get`].
    #[inline]
    pub(crate) fn get_mut(&mut self, v: Value) -> &mut ValueData {
        let i = v.idx as usize;
        if self.gens.get(i) == Some(&v.gen) && self.values[i].kind_bits != KIND_FREE {
            return &mut self.values[i];
        }
        self.bad_id(v)
    }

    /// The side-record index of the live slot `idx` (raw index, checked by
    /// the caller), `NONE` without one.
    #[inline]
    pub(crate) fn side_at(&self, idx: u32) -> u32 {
        self.side_of(idx, self.values[idx as usize].kind_bits)
    }

    /// [`side_at`](Self::side_at) for a caller holding the slot's kind
    /// byte already (one record load fewer on a hot path).
    #[inline]
    pub(crate) fn side_of(&self, idx: u32, kind_bits: u8) -> u32 {
        if kind_bits & HAS_SIDE == 0 {
            NONE
        } else {
            self.side_idx[idx as usize]
        }
    }

    /// The side-record index of `v`, `NONE` without one.
    ///
    /// # Panics
    /// If `v` is stale.
    #[inline]
    pub(crate) fn side(&self, v: Value) -> u32 {
        if self.get(v).kind_bits & HAS_SIDE == 0 {
            NONE
        } else {
            self.side_idx[v.idx as usize]
        }
    }

    /// Records side record `s` for `v` (side records are never taken back
    /// from a live value; freeing the slot clears the bit).
    ///
    /// # Panics
    /// If `v` is stale.
    pub(crate) fn set_side(&mut self, v: Value, s: u32) {
        debug_assert_ne!(s, NONE);
        let d = self.get_mut(v);
        d.kind_bits |= HAS_SIDE;
        let i = v.idx as usize;
        if self.side_idx.len() <= i {
            self.grow_side_idx(i);
        }
        self.side_idx[i] = s;
    }

    /// Makes `side_idx` cover slot `i`: at least doubling (a parser gives
    /// most new values a side record, each one the newest value), never
    /// past the value array's capacity.
    #[cold]
    #[inline(never)]
    fn grow_side_idx(&mut self, i: usize) {
        let want = (i + 1)
            .max(self.side_idx.len() * 2)
            .min(self.values.capacity().max(i + 1));
        self.side_idx.resize(want, NONE);
    }

    /// Whether `v` names a live value of this graph.
    #[inline]
    pub(crate) fn is_live(&self, v: Value) -> bool {
        self.gens.get(v.idx as usize) == Some(&v.gen)
            && self.values[v.idx as usize].kind_bits != KIND_FREE
    }

    /// Whether `v`'s generation is its slot's: `v` is live and of this
    /// context, up to a generation wrap, without reading the record (a
    /// freed slot's generation moved on when it was freed).
    #[inline]
    pub(crate) fn gen_matches(&self, v: Value) -> bool {
        self.gens.get(v.idx as usize) == Some(&v.gen)
    }

    /// Rebuilds the handle of a live raw index.
    #[inline]
    pub(crate) fn handle(&self, idx: u32) -> Value {
        Value {
            idx,
            gen: self.gens[idx as usize],
        }
    }

    /// The operand number of the use in slot `u` (whose record is `ud`):
    /// inline below [`OPNO_FAR`], else its distance from the user's run
    /// start (one read of the user's record, as LLVM does for every use).
    #[inline]
    pub(crate) fn opno_at(&self, u: u32, ud: &UseData) -> u32 {
        let near = ud.near_opno();
        if near < OPNO_FAR {
            near
        } else {
            u - self.values[ud.user() as usize].ops
        }
    }

    /// The `Use` (user handle, operand number) of the live slot `u`.
    #[inline]
    pub(crate) fn use_at(&self, u: u32) -> Use {
        let ud = &self.pool.uses[u as usize];
        Use {
            user: self.handle(ud.user()),
            operand_no: self.opno_at(u, ud),
        }
    }

    // ---- the two primitives -------------------------------------------

    /// Pushes use `u` on the head of `val`'s use list and points it at `val`.
    #[inline]
    pub(crate) fn link_head(&mut self, u: u32, val: u32) {
        let head = self.values[val as usize].first_use;
        let ud = &mut self.pool.uses[u as usize];
        ud.val = val;
        ud.prev = NONE;
        ud.next = head;
        if head != NONE {
            debug_assert_eq!(self.pool.uses[head as usize].prev, NONE);
            self.pool.uses[head as usize].prev = u;
        }
        self.values[val as usize].first_use = u;
    }

    /// Takes use `u` off its value's list; it then names no value.
    #[inline]
    pub(crate) fn unlink(&mut self, u: u32) {
        self.unlink_dying(u);
        let ud = &mut self.pool.uses[u as usize];
        ud.val = NONE;
        ud.prev = NONE;
        ud.next = NONE;
    }

    /// Takes the use in slot `u` off its value's list without clearing the
    /// slot: the whole of `unlink` for runs about to be freed (the pool
    /// clears or drops their slots).
    #[inline]
    pub(crate) fn unlink_dying(&mut self, u: u32) {
        unlink_dying_in(&mut self.values, &mut self.pool.uses, u as usize);
    }

    /// Unlinks every use of the run `ops .. ops + n` (of a user about to be
    /// freed) from its value's list (`unlink_dying` per slot) and returns
    /// the run to the pool. Inlined into its one caller, the common path of
    /// `erase_inst` (erase_all: a call and six register saves an erase).
    #[inline(always)]
    pub(crate) fn release_dying_run(&mut self, ops: u32, n: u32) {
        if n != 0 {
            // `unlink_dying` per slot, on local slices whose run is checked
            // in bounds once, so the slot reads need no check of their own.
            let (start, end) = (ops as usize, ops as usize + n as usize);
            let values = &mut self.values[..];
            let uses = &mut self.pool.uses[..];
            if end > uses.len() {
                outside_pool(end - 1);
            }
            for u in start..end {
                unlink_dying_in(values, uses, u);
            }
        }
        self.pool.free(ops, n);
    }

    /// Points use slot `u` at `val` (or at nothing): unlink, then link at
    /// the head of the new value's list, as LLVM's `Use::set`. O(1).
    #[inline]
    pub(crate) fn set_use(&mut self, u: u32, val: u32) {
        self.unlink(u);
        if val != NONE {
            self.link_head(u, val);
        }
    }

    // ---- operand runs ---------------------------------------------------

    /// Gives `user` a fresh run of `n` empty operand slots. `is_const` marks
    /// the slots as belonging to a uniqued constant.
    pub(crate) fn alloc_operands(&mut self, user: Value, n: u32, is_const: bool) {
        let start = self.pool.alloc(n);
        self.init_slots(user.idx, start, 0, n, is_const);
        let d = self.get_mut(user);
        d.ops = start;
        d.nops = n;
    }

    /// Mints a user for `data` with a fresh run holding `operands`: `alloc`
    /// then `link_new_run`.
    ///
    /// # Panics
    /// If an operand is stale.
    #[inline]
    pub(crate) fn alloc_user(
        &mut self,
        data: ValueData,
        operands: &[Value],
        is_const: bool,
    ) -> Value {
        for &o in operands {
            if !self.is_live(o) {
                self.bad_id(o);
            }
        }
        self.alloc_user_live(data, operands, is_const)
    }

    /// [`alloc_user`](Self::alloc_user) for operands the caller has just
    /// checked live (the builder's binary operators read both operands'
    /// records first): the check is not made twice.
    #[inline(always)]
    pub(crate) fn alloc_user_live(
        &mut self,
        data: ValueData,
        operands: &[Value],
        is_const: bool,
    ) -> Value {
        debug_assert!(operands.iter().all(|&o| self.is_live(o)));
        let v = self.alloc(data);
        self.link_new_run(v.idx, operands, is_const);
        v
    }

    /// Gives user slot `user` (which has no run yet) a fresh run holding
    /// `operands` (checked live by the caller), every use linked at the head
    /// of its value's list in operand order: `alloc_operands` + one
    /// `set_use` per operand, in one pass.
    #[inline(always)]
    fn link_new_run(&mut self, user: u32, operands: &[Value], is_const: bool) {
        let n = operands.len() as u32;
        let slot = |i: usize, o: &Value| UseData {
            val: o.idx,
            tag: UseData::make_tag(user, i as u32, is_const),
            prev: NONE,
            next: NONE,
        };
        let start = if n == 0 {
            NONE
        } else if let Some(s) = self.pool.take_free(n) {
            for (i, o) in operands.iter().enumerate() {
                self.pool.uses[s as usize + i] = slot(i, o);
            }
            s
        } else {
            // Fresh slots are written once, already filled in.
            let s = self.pool.top_for(n);
            super::grow::reserve(&mut self.pool.uses, n as usize);
            self.pool
                .uses
                .extend(operands.iter().enumerate().map(|(i, o)| slot(i, o)));
            s
        };
        // Link each use at the head of its value's list, in operand order.
        // Local slices: stores through them cannot move the vectors, so the
        // loop keeps their bases in registers.
        let values = &mut self.values[..];
        let uses = &mut self.pool.uses[..];
        for (i, &o) in operands.iter().enumerate() {
            let u = start + i as u32;
            let od = &mut values[o.idx as usize];
            let head = od.first_use;
            od.first_use = u;
            uses[u as usize].next = head;
            if head != NONE {
                uses[head as usize].prev = u;
            }
        }
        let d = &mut values[user as usize];
        d.ops = start;
        d.nops = n;
    }

    fn init_slots(&mut self, user: u32, start: u32, from: u32, to: u32, is_const: bool) {
        for i in from..to {
            self.pool.uses[(start + i) as usize] = UseData {
                val: NONE,
                tag: UseData::make_tag(user, i, is_const),
                prev: NONE,
                next: NONE,
            };
        }
    }

    /// The operand run `(start, len)` of a record; blocks are not users
    /// (their `ops`/`nops` words hold their first/last instruction).
    #[inline]
    pub(crate) fn run_of(d: &ValueData) -> (u32, u32) {
        if d.kind_bits & KIND_MASK == super::ValueKind::Block as u8 {
            (NONE, 0)
        } else {
            (d.ops, d.nops)
        }
    }

    /// Number of operands of `user` (0 for blocks and other non-users).
    #[inline]
    pub(crate) fn num_ops(&self, user: Value) -> u32 {
        Self::run_of(self.get(user)).1
    }

    /// Pool index of operand `i` of `user`.
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline]
    pub(crate) fn use_index(&self, user: Value, i: u32) -> u32 {
        let (ops, nops) = Self::run_of(self.get(user));
        assert!(
            i < nops,
            "operand {i} out of range: the user has {nops} operands"
        );
        ops + i
    }

    /// Value of operand `i` (None for a dropped operand).
    #[inline]
    pub(crate) fn operand(&self, user: Value, i: u32) -> Option<Value> {
        let u = self.use_index(user, i);
        let val = self.pool.uses[u as usize].val;
        (val != NONE).then(|| self.handle(val))
    }

    /// [`Self::operand_slice`] of the live value at raw index `idx` (a
    /// walk's own index: no generation checked).
    #[inline]
    pub(crate) fn operands_at(&self, idx: u32) -> &[UseData] {
        let (ops, nops) = Self::run_of(&self.values[idx as usize]);
        if nops == 0 {
            return &[];
        }
        &self.pool.uses[ops as usize..(ops + nops) as usize]
    }

    /// Raw value indices of all operands of `user`.
    #[inline]
    pub(crate) fn operand_slice(&self, user: Value) -> &[UseData] {
        let (ops, nops) = Self::run_of(self.get(user));
        if nops == 0 {
            return &[];
        }
        &self.pool.uses[ops as usize..(ops + nops) as usize]
    }

    /// Sets operand `i` of `user`, moving the use to the head of the new
    /// value's list. O(1).
    pub(crate) fn set_operand(&mut self, user: Value, i: u32, v: Option<Value>) {
        let u = self.use_index(user, i);
        let val = match v {
            Some(v) => {
                self.get(v);
                v.idx
            }
            None => NONE,
        };
        self.set_use(u, val);
    }

    /// Grows the hung-off run of `user` to hold `new_cap` slots, keeping
    /// the first `nops` operands and their use-list positions. In place
    /// when the run ends at the top of the pool; otherwise the uses move to
    /// a new run and their neighbours' links are fixed. `cap` is the run's
    /// current capacity (kept by the caller's payload) and is updated.
    pub(crate) fn grow_operands(&mut self, user: Value, cap: &mut u32, new_cap: u32) {
        let (start, nops) = {
            let d = self.get(user);
            (d.ops, d.nops)
        };
        debug_assert!(new_cap > *cap && nops <= *cap);
        if *cap == 0 {
            let s = self.pool.alloc(new_cap);
            self.get_mut(user).ops = s;
        } else if self.pool.at_top(start, *cap) {
            self.pool.extend_top(new_cap - *cap);
        } else {
            let s = self.pool.alloc(new_cap);
            for i in 0..nops {
                self.move_use(start + i, s + i);
            }
            self.pool.free(start, *cap);
            self.get_mut(user).ops = s;
        }
        *cap = new_cap;
    }

    /// Moves the use in slot `from` to the empty slot `to`, keeping its
    /// position in its value's use list.
    fn move_use(&mut self, from: u32, to: u32) {
        let ud = self.pool.uses[from as usize];
        self.pool.uses[to as usize] = ud;
        if ud.val != NONE {
            if ud.prev == NONE {
                self.values[ud.val as usize].first_use = to;
            } else {
                self.pool.uses[ud.prev as usize].next = to;
            }
            if ud.next != NONE {
                self.pool.uses[ud.next as usize].prev = to;
            }
        }
        self.pool.uses[from as usize] = UseData::EMPTY;
    }

    /// Appends one operand to a hung-off run that has room (`nops < cap`).
    ///
    /// # Panics
    /// If `user` or `v` is stale.
    #[inline]
    pub(crate) fn push_operand(&mut self, user: Value, v: Option<Value>) {
        if let Some(v) = v {
            if !self.is_live(v) {
                self.bad_id(v);
            }
        }
        let d = self.get_mut(user);
        let (start, n) = (d.ops, d.nops);
        let is_const = d.is(super::ValueKind::Constant);
        d.nops = n + 1;
        let u = start + n;
        self.pool.put(
            u,
            UseData {
                val: NONE,
                tag: UseData::make_tag(user.idx, n, is_const),
                prev: NONE,
                next: NONE,
            },
        );
        if let Some(v) = v {
            self.link_head(u, v.idx);
        }
    }

    /// Appends operand `v` (a raw index the caller checked live) as
    /// operand `n` of the live instruction `user` (raw index, whose run
    /// starts at `ops` and has room for it): [`push_operand`](Self::push_operand)
    /// without re-reading the user's record.
    #[inline(always)]
    pub(crate) fn push_inst_operand_live(&mut self, user: u32, ops: u32, n: u32, v: u32) {
        self.values[user as usize].nops = n + 1;
        self.put_operand_live(user, ops + n, n, v);
    }

    /// Writes use slot `u`, the next slot of `user`'s run (raw index, a
    /// non-constant live user whose run has room for it), as its operand
    /// `n` holding `v` (a raw index the caller checked live), at the head
    /// of `v`'s use list. The user's `nops` is the caller's to update.
    #[inline(always)]
    pub(crate) fn put_operand_live(&mut self, user: u32, u: u32, n: u32, v: u32) {
        // `link_head` folded into the slot's one write: the use goes on
        // the head of `v`'s list.
        let vd = &mut self.values[v as usize];
        let head = vd.first_use;
        vd.first_use = u;
        self.pool.put(
            u,
            UseData {
                val: v,
                tag: UseData::make_tag(user, n, false),
                prev: NONE,
                next: head,
            },
        );
        if head != NONE {
            self.pool.uses[head as usize].prev = u;
        }
    }

    /// Drops the operands from `new_len` on (their uses leave the lists);
    /// the capacity of the run is unchanged.
    pub(crate) fn truncate_operands(&mut self, user: Value, new_len: u32) {
        let (start, n) = Self::run_of(self.get(user));
        for i in new_len..n {
            self.unlink(start + i);
            self.pool.uses[(start + i) as usize] = UseData::EMPTY;
        }
        if new_len < n {
            self.get_mut(user).nops = new_len;
        }
    }

    /// Unlinks every operand of `user` (they read as `None`), keeping the
    /// operand count (LLVM `dropAllReferences`).
    pub(crate) fn drop_operands(&mut self, user: Value) {
        let (start, n) = Self::run_of(self.get(user));
        for i in 0..n {
            self.unlink(start + i);
        }
    }

    /// Unlinks every operand of `user` and returns its run (of capacity
    /// `cap`, which is `nops` for co-allocated runs) to the pool.
    pub(crate) fn release_operands(&mut self, user: Value, cap: u32) {
        let (start, n) = Self::run_of(self.get(user));
        for i in 0..n {
            self.unlink(start + i);
        }
        self.pool.free(start, cap.max(n));
        let d = self.get_mut(user);
        if Self::run_of(d).0 != NONE {
            d.ops = NONE;
            d.nops = 0;
        }
    }

    /// The RAUW splice for ordinary users: moves uses of `from` to the head
    /// of `to`'s list one at a time, head first, until `from`'s list is
    /// empty or its head use belongs to a uniqued constant (whose pool index
    /// is returned, for the caller's re-uniquing policy). Equivalent to
    /// repeated `set_use(head, to)`, in one tight loop.
    pub(crate) fn move_plain_uses(&mut self, from: u32, to: u32) -> Option<u32> {
        let uses = &mut self.pool.uses;
        let mut head_from = self.values[from as usize].first_use;
        if head_from == NONE {
            return None;
        }
        let mut head_to = self.values[to as usize].first_use;
        while head_from != NONE {
            let u = head_from;
            let ud = &mut uses[u as usize];
            if ud.const_user() {
                break;
            }
            head_from = ud.next;
            ud.val = to;
            ud.prev = NONE;
            ud.next = head_to;
            if head_to != NONE {
                uses[head_to as usize].prev = u;
            }
            head_to = u;
        }
        if head_from != NONE {
            uses[head_from as usize].prev = NONE;
        }
        self.values[from as usize].first_use = head_from;
        self.values[to as usize].first_use = head_to;
        (head_from != NONE).then_some(head_from)
    }

    // ---- queries ----------------------------------------------------------

    /// The uses of `v`, most recent first.
    pub(crate) fn uses(&self, v: Value) -> UseIter<'_> {
        UseIter {
            g: self,
            cur: self.get(v).first_use,
        }
    }

    /// Relinks `val`'s use list in the order given (pool indices; must be a
    /// permutation of the current list). O(uses).
    pub(crate) fn relink_uses(&mut self, val: u32, order: &[u32]) {
        let mut prev = NONE;
        for &u in order {
            let ud = &mut self.pool.uses[u as usize];
            debug_assert_eq!(ud.val, val);
            ud.prev = prev;
            ud.next = NONE;
            if prev == NONE {
                self.values[val as usize].first_use = u;
            } else {
                self.pool.uses[prev as usize].next = u;
            }
            prev = u;
        }
        if order.is_empty() {
            self.values[val as usize].first_use = NONE;
        }
    }

    /// Pool indices of `val`'s uses, head first.
    pub(crate) fn use_slots(&self, val: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut u = self.values[val as usize].first_use;
        while u != NONE {
            out.push(u);
            u = self.pool.uses[u as usize].next;
        }
        out
    }

    /// Checks every use list in both directions against every user's
    /// operands. Returns the first inconsistency found.
    pub(crate) fn check(&self) -> Result<(), String> {
        let mut seen = vec![0u32; self.pool.uses.len()];
        for (vi, d) in self.values.iter().enumerate() {
            if d.is_free() {
                if d.first_use != NONE {
                    return Err(format!("freed value slot {vi} still has uses"));
                }
                continue;
            }
            let mut prev = NONE;
            let mut u = d.first_use;
            let mut steps = 0usize;
            while u != NONE {
                let ud = self
                    .pool
                    .uses
                    .get(u as usize)
                    .ok_or(format!("use {u} out of pool"))?;
                if ud.val != vi as u32 {
                    return Err(format!(
                        "use {u} on the list of value {vi} names value {}",
                        ud.val
                    ));
                }
                if ud.prev != prev {
                    return Err(format!(
                        "use {u}: prev link {} but walked from {prev}",
                        ud.prev
                    ));
                }
                seen[u as usize] += 1;
                steps += 1;
                if steps > self.pool.uses.len() {
                    return Err(format!("use list of value {vi} has a cycle"));
                }
                prev = u;
                u = ud.next;
            }
            let (ops, nops) = Self::run_of(d);
            if nops > 0 {
                for i in 0..nops {
                    let s = (ops + i) as usize;
                    let ud = self
                        .pool
                        .uses
                        .get(s)
                        .ok_or(format!("operand run of {vi} out of pool"))?;
                    if ud.user() != vi as u32 || ud.near_opno() != i.min(OPNO_FAR) {
                        return Err(format!(
                            "operand {i} of value {vi}: slot says user {} opno {}",
                            ud.user(),
                            ud.near_opno()
                        ));
                    }
                    if ud.const_user() != d.is(super::ValueKind::Constant) {
                        return Err(format!(
                            "operand {i} of value {vi}: the constant-user bit is wrong"
                        ));
                    }
                    if ud.val != NONE
                        && self.values.get(ud.val as usize).is_none_or(|x| x.is_free())
                    {
                        return Err(format!("operand {i} of value {vi} names a freed value"));
                    }
                }
            }
        }
        for (u, ud) in self.pool.uses.iter().enumerate() {
            let expect = u32::from(ud.val != NONE);
            if seen[u] != expect {
                return Err(format!(
                    "use {u} (value {}) appears {} times on use lists",
                    ud.val, seen[u]
                ));
            }
            if ud.val != NONE {
                let user = self
                    .values
                    .get(ud.user() as usize)
                    .ok_or(format!("use {u} has no user"))?;
                let (ops, nops) = Self::run_of(user);
                let near = ud.near_opno();
                let i = if near < OPNO_FAR {
                    near
                } else {
                    (u as u32).wrapping_sub(ops)
                };
                if user.is_free() || i >= nops || i < near || ops.wrapping_add(i) != u as u32 {
                    return Err(format!(
                        "use {u} is not operand {i} of its user {}",
                        ud.user()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Iterator over the uses of a value, most recent first.
pub struct UseIter<'a> {
    g: &'a Graph,
    cur: u32,
}

impl Iterator for UseIter<'_> {
    type Item = Use;
    #[inline]
    fn next(&mut self) -> Option<Use> {
        if self.cur == NONE {
            return None;
        }
        let u = self.cur;
        let ud = &self.g.pool.uses[u as usize];
        self.cur = ud.next;
        Some(Use {
            user: self.g.handle(ud.user()),
            operand_no: self.g.opno_at(u, ud),
        })
    }
}

/// Iterator over the users of a value (one entry per use, so a user that
/// holds the value twice appears twice), most recent first.
pub struct UserIter<'a>(pub(crate) UseIter<'a>);

impl Iterator for UserIter<'_> {
    type Item = super::Value;
    #[inline]
    fn next(&mut self) -> Option<Value> {
        self.0.next().map(|u| u.user)
    }
}

/// Takes use slot `u` (of a user about to be freed) out of its value's
/// list; an empty slot is left alone. On slices, so that a caller that
/// checked a whole run in bounds makes no check per slot.
#[inline(always)]
fn unlink_dying_in(values: &mut [ValueData], uses: &mut [UseData], u: usize) {
    let UseData {
        val, prev, next, ..
    } = uses[u];
    if val == NONE {
        return;
    }
    if prev == NONE {
        debug_assert_eq!(values[val as usize].first_use, u as u32);
        values[val as usize].first_use = next;
    } else {
        debug_assert_eq!(uses[prev as usize].next, u as u32);
        uses[prev as usize].next = next;
    }
    if next != NONE {
        debug_assert_eq!(uses[next as usize].prev, u as u32);
        uses[next as usize].prev = prev;
    }
}

/// Panics for a use slot past the end of the pool.
#[cold]
#[inline(never)]
fn outside_pool(u: usize) -> ! {
    panic!("use slot {u} is outside the pool")
}
