//! Value handles: weak references to values that are told when the value
//! is replaced (RAUW) or erased.
//!
//! Owns the handle table and the per-value handle lists. The records live
//! in one `Vec` with a free list of its own; a value's handles form a
//! doubly-linked list threaded through the records by record index; the
//! list head is kept in `heads`, indexed by the value's slot, and consulted
//! only when the value's `HAS_HANDLES` bit is set — so values without
//! handles pay one bit test on erase and RAUW, and no hashing anywhere.
//! Event dispatch (which needs the whole context) and the callbacks live
//! in `replace.rs`.
//!
//! # Layout
//!
//! ```text
//! HandleData (16 B), one per record                  heads[v.idx] (4 B)
//! 0       4        8        12                        +------+
//! +-------+--------+--------+-----------------------+ | head |
//! | val   | prev   | next   | gen                   | +------+
//! +-------+--------+--------+-----------------------+
//! gen:  bits 4..32 count | bits 1..4 kind | bit 0 poisoned
//! val:  raw value index, NONE = empty; prev/next: record indices, NONE = end
//! a free record: kind FREE_KIND, val NONE, next = the next free record
//! ```
//!
//! A `HandleId` is the record index and the `gen` word it was minted with
//! (count and kind, poisoned bit clear): a handle is live while its
//! record's `gen`, poisoned bit aside, equals the id's. Freeing a record
//! moves its count on, so a dropped `HandleId` panics with "stale handle id
//! h{i}v{count}: the handle was dropped" at every entry point; a count
//! wraps after 2^28 − 1 reuses of one record (from 2^28 − 1 back to 1), so
//! an id dropped exactly that many reuses ago is not caught. Links are bare
//! indices: only `link` and `splice_out` (and RAUW's walk, which keeps the
//! same invariants) write them, and `check` walks every list both ways.
//!
//! `val` is a raw value index; it needs no generation, because a value
//! leaves every list before its slot is freed. `heads` is a `Vec<u32>` by
//! value slot, grown to the value arena's length in one resize.
//! Create + RAUW + drop cost 299 instructions a handle (callgrind,
//! `handles --quick`; 548 with slotmap records and full-key links).
//!
//! # Invariants
//!
//! Checked by `HandleTable::check`, which `Context::check_use_lists` calls
//! (it walks every list both ways, and the free list):
//! * a record with `val == v.idx` is on exactly `v`'s list, its links agree
//!   with its neighbours both ways, and the head has `prev == NONE`; an
//!   empty live record has no links;
//! * a value on a list is live: erasure and constant destruction empty the
//!   list before `Graph::free`, which debug-asserts it;
//! * a live value's `HAS_HANDLES` bit is set exactly when its list is
//!   non-empty, and `heads[i]` (where `heads` reaches slot `i`) is `NONE`
//!   exactly when slot `i` has no handle;
//! * the free list holds exactly the records of kind `FREE_KIND`.
//!
//! `link` (at the head or before a record) and `splice_out` are the one
//! linking and unlinking primitive; `rauw_plain` relinks a whole list in
//! one walk under the same invariants. Create, copy, set and drop are O(1)
//! amortised; RAUW and erase O(handles on the value).
//!
//! # Events
//!
//! The kinds are LLVM's: `Weak`, `WeakTracking`, `Asserting`, `Callback`,
//! `Poisoning`. A copy is linked before its source, so it is told first
//! (LLVM VH2). RAUW of a value whose handles include no callback is one walk
//! with no allocation (`HandleTable::rauw_plain`); with callbacks,
//! `replace.rs` snapshots the list and re-checks each entry before telling
//! it, so callbacks may drop or add handles (VH12). A callback
//! (`HandleCallback`, a `Box<dyn FnMut(&mut Context, HandleId,
//! HandleEvent)>`) sits in `Context::callbacks`, a map by `HandleId` (whose
//! count differs for the next handle in the same record, so a dropped
//! handle's id finds nothing), and is taken out while it runs; it is put
//! back only if the handle is still live and nothing replaced it. LLVM
//! checks `AssertingVH`/`PoisoningVH` only in assertion builds; lair checks
//! them in every build.

use super::{Graph, Value, HAS_HANDLES};
use crate::entity::NONE;
use core::num::NonZeroU32;

/// The behaviour of a handle, after LLVM's `ValueHandleBase::HandleBaseKind`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HandleKind {
    /// Empty when the value is erased; stays on the old value on RAUW
    /// (LLVM `WeakVH`).
    Weak,
    /// Empty when the value is erased; follows RAUW (LLVM `WeakTrackingVH`).
    WeakTracking,
    /// Erasing the value while this handle names it panics, in every build
    /// (LLVM `AssertingVH`). Does not follow RAUW.
    Asserting,
    /// The owner's callback is told of erasure and RAUW (LLVM `CallbackVH`);
    /// by default the handle empties on erasure and stays on RAUW.
    Callback,
    /// Reading the handle after its value was erased or replaced panics
    /// (LLVM `PoisoningVH` in ABI-checking builds).
    Poisoning,
}

impl HandleKind {
    /// The kind's code in a record's `gen` word (below [`FREE_KIND`]).
    #[inline]
    const fn code(self) -> u32 {
        match self {
            HandleKind::Weak => 0,
            HandleKind::WeakTracking => 1,
            HandleKind::Asserting => 2,
            HandleKind::Callback => 3,
            HandleKind::Poisoning => 4,
        }
    }

    /// The kind of a live record's `gen` word.
    #[inline]
    fn of_gen(gen: u32) -> HandleKind {
        match (gen >> KIND_SHIFT) & KIND_BITS {
            0 => HandleKind::Weak,
            1 => HandleKind::WeakTracking,
            2 => HandleKind::Asserting,
            3 => HandleKind::Callback,
            _ => HandleKind::Poisoning,
        }
    }
}

/// What a callback handle is told.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HandleEvent {
    /// The value is about to be erased (LLVM `deleted()`); it is still
    /// live while the callback runs, and the callback may RAUW it away.
    Deleted(Value),
    /// All uses of `old` were replaced with `new` (LLVM
    /// `allUsesReplacedWith`).
    Replaced {
        /// The value being replaced.
        old: Value,
        /// Its replacement.
        new: Value,
    },
}

/// Bit 0 of a record's `gen`: the handle was poisoned.
const POISONED: u32 = 1;
/// Position and width of the kind code in a record's `gen`.
const KIND_SHIFT: u32 = 1;
const KIND_BITS: u32 = 0b111;
/// Kind code of a free record (no live id carries it).
const FREE_KIND: u32 = 0b111;
/// Position of the count in a record's `gen`; the count is at least 1, so
/// a live id's `gen` is non-zero.
const COUNT_SHIFT: u32 = 4;
/// The largest count; the next one is 1.
const COUNT_MAX: u32 = u32::MAX >> COUNT_SHIFT;

/// A handle in the context's handle table. Generational: using a dropped
/// handle panics with a clear message.
///
/// The record index and the `gen` word it was minted with; only the table
/// mints handles.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct HandleId {
    idx: u32,
    gen: NonZeroU32,
}

impl core::fmt::Debug for HandleId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "h{}v{}", self.idx, self.gen.get() >> COUNT_SHIFT)
    }
}

/// The record of one handle (16 B).
#[derive(Debug, Clone)]
pub(crate) struct HandleData {
    /// Raw index of the value named (its generation is the slot's: a
    /// value leaves every list before its slot is freed), `NONE` when the
    /// handle is empty or the record free.
    val: u32,
    /// Neighbours on `val`'s handle list (toward the head / the tail),
    /// `NONE` at the ends and when the handle is empty; a free record's
    /// `next` is the next free record.
    prev: u32,
    next: u32,
    /// Count, kind and poisoned bit (see the module's layout).
    gen: u32,
}

/// The handle records and, for each value, the head of its handle list.
///
/// Invariants (maintained by [`HandleTable::link`],
/// [`HandleTable::splice_out`] and [`HandleTable::rauw_plain`] only):
/// * a record with `val == v.idx` is on exactly `v`'s list, and the
///   `prev`/`next` links of neighbours agree in both directions; the head
///   of `v`'s list is `heads[v.idx]` and has `prev == NONE`;
/// * a live record with `val == NONE` has `prev == next == NONE`;
/// * a value on a list is live: erasure and `destroy_constant` empty the
///   list before the slot is freed (`Graph::free` asserts it), so `val`
///   needs no generation of its own;
/// * a live value's `HAS_HANDLES` bit is set exactly when its list is
///   non-empty; `heads[i]` is `NONE` for a slot without handles (`heads`
///   may be short: slots past its end have none);
/// * the records of kind `FREE_KIND` are exactly those on the free list
///   from `free_head`.
pub(crate) struct HandleTable {
    recs: Vec<HandleData>,
    /// First free record, `NONE` when none.
    free_head: u32,
    /// Head of each value's handle list, by value slot; grown on demand.
    heads: Vec<u32>,
}

/// Reports a handle that is not in the table.
#[cold]
#[inline(never)]
#[track_caller]
fn stale(h: HandleId) -> ! {
    panic!("stale handle id {h:?}: the handle was dropped")
}

impl HandleTable {
    pub(crate) fn new() -> Self {
        HandleTable {
            recs: Vec::new(),
            free_head: NONE,
            heads: Vec::new(),
        }
    }

    /// The record of `h`; panics if it was dropped.
    #[inline]
    fn data(&self, h: HandleId) -> &HandleData {
        match self.recs.get(h.idx as usize) {
            Some(d) if d.gen & !POISONED == h.gen.get() => d,
            _ => stale(h),
        }
    }

    pub(crate) fn kind(&self, h: HandleId) -> HandleKind {
        HandleKind::of_gen(self.data(h).gen)
    }

    /// The value a handle names.
    ///
    /// # Panics
    /// If the handle is a poisoning handle whose value was erased or
    /// replaced.
    pub(crate) fn value(&self, g: &Graph, h: HandleId) -> Option<Value> {
        let d = self.data(h);
        if d.gen & POISONED != 0 {
            panic!("accessed a poisoned value handle {h:?}");
        }
        (d.val != NONE).then(|| g.handle(d.val))
    }

    /// A new empty record of `kind` (from the free list, else pushed).
    #[inline]
    fn alloc(&mut self, kind: HandleKind) -> HandleId {
        let code = kind.code() << KIND_SHIFT;
        let k = self.free_head;
        let (k, gen) = if k != NONE {
            let r = &mut self.recs[k as usize];
            self.free_head = r.next;
            // The count was moved on when the record was freed.
            let gen = (r.gen >> COUNT_SHIFT) << COUNT_SHIFT | code;
            r.next = NONE;
            r.gen = gen;
            (k, gen)
        } else {
            assert!(self.recs.len() < NONE as usize, "too many value handles");
            let gen = 1 << COUNT_SHIFT | code;
            self.recs.push(HandleData {
                val: NONE,
                prev: NONE,
                next: NONE,
                gen,
            });
            (self.recs.len() as u32 - 1, gen)
        };
        HandleId {
            idx: k,
            gen: NonZeroU32::new(gen).expect("a count is at least 1"),
        }
    }

    /// Frees record `k` (already off every list): its count moves on, so
    /// ids naming it become stale.
    #[inline]
    fn free(&mut self, k: u32) {
        let r = &mut self.recs[k as usize];
        let count = r.gen >> COUNT_SHIFT;
        let count = if count == COUNT_MAX { 1 } else { count + 1 };
        *r = HandleData {
            val: NONE,
            prev: NONE,
            next: self.free_head,
            gen: count << COUNT_SHIFT | FREE_KIND << KIND_SHIFT,
        };
        self.free_head = k;
    }

    /// Creates a handle of `kind` on `v` (or empty).
    ///
    /// # Panics
    /// If `v` is stale or from another context (before anything changes).
    #[inline]
    pub(crate) fn create(&mut self, g: &mut Graph, v: Option<Value>, kind: HandleKind) -> HandleId {
        let vi = v.map(|v| {
            g.get(v);
            v.idx
        });
        let h = self.alloc(kind);
        if let Some(vi) = vi {
            self.link(g, h.idx, vi, NONE);
        }
        h
    }

    /// A copy of `src` naming the same value, inserted just before `src`
    /// on the value's list (LLVM's copy constructor order).
    pub(crate) fn copy(&mut self, g: &mut Graph, src: HandleId) -> HandleId {
        let s = self.data(src);
        let (val, gen) = (s.val, s.gen);
        let h = self.alloc(HandleKind::of_gen(gen));
        self.recs[h.idx as usize].gen |= gen & POISONED;
        if val != NONE {
            self.link(g, h.idx, val, src.idx);
        }
        h
    }

    /// Re-targets a handle (LLVM `operator=`): off its old list, onto the
    /// head of the new value's list.
    ///
    /// # Panics
    /// If `h` was dropped, or `v` is stale or from another context.
    pub(crate) fn set(&mut self, g: &mut Graph, h: HandleId, v: Option<Value>) {
        self.data(h);
        if let Some(v) = v {
            g.get(v);
        }
        self.unlink(g, h.idx);
        self.recs[h.idx as usize].gen &= !POISONED;
        if let Some(v) = v {
            self.link(g, h.idx, v.idx, NONE);
        }
    }

    #[inline]
    pub(crate) fn drop_handle(&mut self, g: &mut Graph, h: HandleId) {
        let r = self.data(h);
        let (val, prev, next) = (r.val, r.prev, r.next);
        self.splice_out(g, h.idx, val, prev, next);
        self.free(h.idx);
    }

    /// Links the empty record `k` into the list of the live value in slot
    /// `vi` just before record `at`, or at the head when `at` is `NONE`,
    /// and sets the value's `HAS_HANDLES` bit. The one primitive that
    /// links.
    #[inline]
    fn link(&mut self, g: &mut Graph, k: u32, vi: u32, at: u32) {
        let vs = vi as usize;
        g.values[vs].kind_bits |= HAS_HANDLES;
        if self.heads.len() <= vs {
            // Cover every value slot at once (`vi` is live, so there are
            // more than `vi`): one resize per growth of the value arena
            // instead of one call per new value.
            self.heads.resize(g.values.len(), NONE);
        }
        let (prev, next) = if at == NONE {
            (NONE, self.heads[vs])
        } else {
            debug_assert_eq!(self.recs[at as usize].val, vi, "link before a stranger");
            (self.recs[at as usize].prev, at)
        };
        let r = &mut self.recs[k as usize];
        debug_assert!(r.val == NONE && r.prev == NONE && r.next == NONE);
        r.val = vi;
        r.prev = prev;
        r.next = next;
        if prev == NONE {
            self.heads[vs] = k;
        } else {
            debug_assert_eq!(self.recs[prev as usize].next, next);
            self.recs[prev as usize].next = k;
        }
        if next != NONE {
            debug_assert_eq!(self.recs[next as usize].prev, prev);
            self.recs[next as usize].prev = k;
        }
    }

    /// Takes record `k` off its value's list (nothing when it is empty).
    #[inline]
    fn unlink(&mut self, g: &mut Graph, k: u32) {
        let r = &mut self.recs[k as usize];
        let val = core::mem::replace(&mut r.val, NONE);
        let prev = core::mem::replace(&mut r.prev, NONE);
        let next = core::mem::replace(&mut r.next, NONE);
        self.splice_out(g, k, val, prev, next);
    }

    /// Closes the gap left by record `k`, which was on value slot `val`'s
    /// list between `prev` and `next` (nothing when `val` is `NONE`), and
    /// clears the value's `HAS_HANDLES` bit with the last handle. `k`'s own
    /// record is not touched. The one primitive that unlinks.
    #[inline]
    fn splice_out(&mut self, g: &mut Graph, k: u32, val: u32, prev: u32, next: u32) {
        if val == NONE {
            return;
        }
        let vi = val as usize;
        if prev == NONE {
            debug_assert_eq!(self.heads[vi], k, "unlinked head is not the head");
            self.heads[vi] = next;
            if next == NONE {
                g.values[vi].kind_bits &= !HAS_HANDLES;
            }
        } else {
            debug_assert_eq!(self.recs[prev as usize].next, k);
            self.recs[prev as usize].next = next;
        }
        if next != NONE {
            debug_assert_eq!(self.recs[next as usize].prev, k);
            self.recs[next as usize].prev = prev;
        }
    }

    /// The id of the live record `k`.
    fn id_of(&self, k: u32) -> HandleId {
        HandleId {
            idx: k,
            gen: NonZeroU32::new(self.recs[k as usize].gen & !POISONED)
                .expect("a count is at least 1"),
        }
    }

    /// The handles on value `v`, newest first, as a snapshot (so callbacks
    /// may add or drop handles while they run).
    pub(crate) fn handles_of(&self, g: &Graph, v: Value) -> Vec<HandleId> {
        let mut out = Vec::new();
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return out;
        }
        let mut k = self.heads[v.idx as usize];
        while k != NONE {
            out.push(self.id_of(k));
            k = self.recs[k as usize].next;
        }
        out
    }

    /// Whether any handle on `v` is a callback handle.
    pub(crate) fn has_callback(&self, g: &Graph, v: Value) -> bool {
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return false;
        }
        let mut k = self.heads[v.idx as usize];
        while k != NONE {
            let r = &self.recs[k as usize];
            if HandleKind::of_gen(r.gen) == HandleKind::Callback {
                return true;
            }
            k = r.next;
        }
        false
    }

    /// RAUW for handle lists without callbacks, from the live value in
    /// slot `from` (which has handles) to the live value in slot `to`
    /// (another slot): weak-tracking handles move to `to` (each pushed on
    /// the head of its list, as LLVM re-targets them), poisoning handles
    /// are poisoned, the others stay on `from`'s list in their order. One
    /// walk, no allocation: the records that stay are relinked behind each
    /// other as the walk meets them.
    #[inline]
    pub(crate) fn rauw_plain(&mut self, g: &mut Graph, from: u32, to: u32) {
        const TRACKING: u32 = HandleKind::WeakTracking.code();
        const POISONING: u32 = HandleKind::Poisoning.code();
        let (fs, ts) = (from as usize, to as usize);
        if self.heads.len() <= ts {
            self.heads.resize(g.values.len(), NONE);
        }
        let [from_head, to_head] = self
            .heads
            .get_disjoint_mut([fs, ts])
            .expect("RAUW of a value slot into itself");
        let [from_d, to_d] = g
            .values
            .get_disjoint_mut([fs, ts])
            .expect("RAUW of a value slot into itself");
        debug_assert!(from_d.kind_bits & HAS_HANDLES != 0);
        let recs = &mut self.recs[..];
        let mut k = core::mem::replace(from_head, NONE);
        let mut moved = *to_head;
        let mut kept = NONE;
        while k != NONE {
            let r = &mut recs[k as usize];
            let next = r.next;
            let kind = (r.gen >> KIND_SHIFT) & KIND_BITS;
            if kind == TRACKING {
                r.val = to;
                r.prev = NONE;
                r.next = moved;
                if moved != NONE {
                    recs[moved as usize].prev = k;
                }
                moved = k;
            } else if kind == POISONING {
                r.val = NONE;
                r.prev = NONE;
                r.next = NONE;
                r.gen |= POISONED;
            } else {
                r.prev = kept;
                if kept == NONE {
                    *from_head = k;
                } else {
                    recs[kept as usize].next = k;
                }
                kept = k;
            }
            k = next;
        }
        if kept == NONE {
            from_d.kind_bits &= !HAS_HANDLES;
        } else {
            recs[kept as usize].next = NONE;
        }
        if moved != NONE {
            *to_head = moved;
            to_d.kind_bits |= HAS_HANDLES;
        }
    }

    /// Whether the handle `h` is still live and still names `v` (a
    /// handle on slot `v.idx`'s list names its live occupant).
    pub(crate) fn names(&self, g: &Graph, h: HandleId, v: Value) -> bool {
        self.is_live(h) && self.recs[h.idx as usize].val == v.idx && g.is_live(v)
    }

    pub(crate) fn poison(&mut self, g: &mut Graph, h: HandleId) {
        self.unlink(g, h.idx);
        self.recs[h.idx as usize].gen |= POISONED;
    }

    /// Whether the handle is live (not dropped).
    pub(crate) fn is_live(&self, h: HandleId) -> bool {
        matches!(self.recs.get(h.idx as usize), Some(r) if r.gen & !POISONED == h.gen.get())
    }
}

impl HandleTable {
    /// Walks every value's handle list in both directions, and the free
    /// list, and checks the invariants above. `Err` names the first
    /// inconsistency.
    pub(crate) fn check(&self, g: &Graph) -> Result<(), String> {
        let mut on_lists = 0usize;
        for (vi, d) in g.values.iter().enumerate() {
            let head = self.heads.get(vi).copied().unwrap_or(NONE);
            if d.is_free() || d.kind_bits & HAS_HANDLES == 0 {
                if head != NONE {
                    return Err(format!("value slot {vi} has no handles but a list head"));
                }
                continue;
            }
            if head == NONE {
                return Err(format!("value {vi} has HAS_HANDLES but no handle list"));
            }
            let mut prev = NONE;
            let mut k = head;
            while k != NONE {
                let r = self.recs.get(k as usize).ok_or(format!(
                    "handle list of value {vi} reaches record {k}, past the table"
                ))?;
                if (r.gen >> KIND_SHIFT) & KIND_BITS == FREE_KIND {
                    return Err(format!(
                        "handle list of value {vi} reaches a dropped handle"
                    ));
                }
                if r.val != vi as u32 {
                    return Err(format!(
                        "handle {:?} on the list of value {vi} names {}",
                        self.id_of(k),
                        r.val
                    ));
                }
                if r.prev != prev {
                    return Err(format!(
                        "handle {:?}: prev link disagrees with the walk",
                        self.id_of(k)
                    ));
                }
                on_lists += 1;
                if on_lists > self.recs.len() {
                    return Err(format!("handle list of value {vi} has a cycle"));
                }
                prev = k;
                k = r.next;
            }
        }
        let (mut named, mut free) = (0usize, 0usize);
        for (k, r) in self.recs.iter().enumerate() {
            if (r.gen >> KIND_SHIFT) & KIND_BITS == FREE_KIND {
                free += 1;
                if r.val != NONE || r.prev != NONE {
                    return Err(format!("free handle record {k} names a value"));
                }
            } else if r.val == NONE {
                if r.prev != NONE || r.next != NONE {
                    return Err(format!("empty handle {:?} has links", self.id_of(k as u32)));
                }
            } else {
                named += 1;
            }
        }
        if named != on_lists {
            return Err(format!(
                "{named} handles name a value, {on_lists} are on lists"
            ));
        }
        let mut k = self.free_head;
        let mut on_free = 0usize;
        while k != NONE {
            let r = self
                .recs
                .get(k as usize)
                .ok_or(format!("the free list reaches record {k}, past the table"))?;
            if (r.gen >> KIND_SHIFT) & KIND_BITS != FREE_KIND {
                return Err(format!("the free list reaches live handle record {k}"));
            }
            on_free += 1;
            if on_free > free {
                return Err("the handle free list has a cycle".to_string());
            }
            k = r.next;
        }
        if on_free != free {
            return Err(format!(
                "{free} handle records are free, {on_free} on the free list"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<HandleId>(), 8);
        assert_eq!(core::mem::size_of::<Option<HandleId>>(), 8);
        assert_eq!(core::mem::size_of::<HandleData>(), 16);
    }

    #[test]
    fn kinds_round_trip_through_gen() {
        for k in [
            HandleKind::Weak,
            HandleKind::WeakTracking,
            HandleKind::Asserting,
            HandleKind::Callback,
            HandleKind::Poisoning,
        ] {
            assert!(k.code() < FREE_KIND);
            let gen = 5 << COUNT_SHIFT | k.code() << KIND_SHIFT | POISONED;
            assert_eq!(HandleKind::of_gen(gen), k);
        }
    }

    #[test]
    fn check_finds_a_broken_link() {
        let mut ctx = crate::Context::new();
        let i32t = ctx.i32_type();
        let a = ctx.const_int(i32t, 1);
        let older = ctx.create_handle(Some(a), HandleKind::Weak);
        ctx.create_handle(Some(a), HandleKind::Weak);
        assert_eq!(ctx.check_use_lists(), Ok(()));
        // The newer handle is the head; the older one's prev names it.
        ctx.handles.recs[older.idx as usize].prev = NONE;
        let err = ctx.check_use_lists().unwrap_err();
        assert!(err.contains("prev link"), "{err}");
    }

    #[test]
    fn reused_record_makes_the_old_id_stale() {
        let mut ctx = crate::Context::new();
        let i32t = ctx.i32_type();
        let a = ctx.const_int(i32t, 1);
        let h = ctx.create_handle(Some(a), HandleKind::WeakTracking);
        ctx.drop_handle(h);
        let h2 = ctx.create_handle(Some(a), HandleKind::WeakTracking);
        assert_eq!(h2.idx, h.idx, "the freed record is reused");
        assert_ne!(h2, h);
        assert!(!ctx.handles.is_live(h));
        assert_eq!(ctx.handle_value(h2), Some(a));
        assert_eq!(ctx.check_use_lists(), Ok(()));
    }

    #[test]
    fn count_wraps_to_one() {
        let mut t = HandleTable::new();
        let h = t.alloc(HandleKind::Weak);
        t.recs[h.idx as usize].gen = COUNT_MAX << COUNT_SHIFT;
        t.free(h.idx);
        let h2 = t.alloc(HandleKind::Asserting);
        assert_eq!(h2.gen.get() >> COUNT_SHIFT, 1);
        assert_eq!(HandleKind::of_gen(h2.gen.get()), HandleKind::Asserting);
    }
}
