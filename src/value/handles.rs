//! Value handles: weak references to values that are told when the value
//! is replaced (RAUW) or erased.
//!
//! Owns the handle table and the per-value handle lists. The records live
//! in a `slotmap::SlotMap`, which supplies the keys, their versions and
//! the free list; a value's handles form a doubly-linked list threaded
//! through the records by key; the list head is kept in `heads`, indexed
//! by the value's slot, and consulted only when the value's `HAS_HANDLES`
//! bit is set — so values without handles pay one bit test on erase and
//! RAUW, and no hashing anywhere. Event dispatch (which needs the whole
//! context) and the callbacks live in `replace.rs`.
//!
//! # Layout
//!
//! ```text
//! SlotMap slot (28 B)                                    heads[v.idx] (8 B)
//! +-------+-------------+-------------+------+------+-----+---------+  +-------------+
//! | val   | prev: key   | next: key   | kind | pois | pad | version |  | head: key   |
//! | 4 B   | 8 B         | 8 B         | 1 B  | 1 B  | 2 B | 4 B     |  | 8 B         |
//! +-------+-------------+-------------+------+------+-----+---------+  +-------------+
//!  HandleData (24 B)                                       slotmap's
//!  val: raw value index, NONE = empty; keys: Option<HandleKey>, None = end
//! ```
//!
//! Links are full keys (index + version), not bare slot indices: the
//! slotmap reaches a slot only through a key (a slot's version cannot be
//! read by index without `unsafe`), and each hop's version check turns a
//! broken link into a panic instead of a read of a recycled slot. The
//! price against bare `u32` links is 4 B more per link and per head, and
//! a version compare per hop.
//!
//! `val` is a raw value index; it needs no generation, because a value
//! leaves every list before its slot is freed. `heads` is a
//! `Vec<Option<HandleKey>>` by value slot, grown to the value arena's length
//! in one resize. `HandleKey` is private: only the table mints ids, and
//! `slotmap` is not in the public API; a dropped `HandleId` panics with
//! "stale handle id h{i}v{ver}: the handle was dropped" at every entry point.
//! Create + RAUW + drop cost 479 instructions a handle (callgrind,
//! `handles --quick`; LLVM ~690), with `create`, `link` and `rauw_plain`
//! inlined: as calls, their register saves cost ~50 a handle.
//!
//! # Invariants
//!
//! Checked by `HandleTable::check`, which `Context::check_use_lists` calls
//! (it walks every list both ways):
//! * a record with `val == v.idx` is on exactly `v`'s list, its links agree
//!   with its neighbours both ways, and the head has `prev == None`; an
//!   empty record has no links;
//! * a value on a list is live: erasure and constant destruction empty the
//!   list before `Graph::free`, which debug-asserts it;
//! * a live value's `HAS_HANDLES` bit is set exactly when its list is
//!   non-empty.
//!
//! `link` (at the head or before a record) and `splice_out` are the one
//! linking and unlinking primitive. Create, copy, set and drop are O(1)
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
//! HandleEvent)>`) sits in `Context::callbacks`, a `slotmap::SecondaryMap`
//! by handle key (so a dropped handle's key finds nothing), and is taken out
//! while it runs; it is put back only if the handle is still live and
//! nothing replaced it. LLVM checks `AssertingVH`/`PoisoningVH` only in
//! assertion builds; lair checks them in every build.

use super::{Graph, Value, HAS_HANDLES};
use crate::entity::NONE;
use slotmap::{Key, SlotMap};

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

slotmap::new_key_type! {
    /// Key of a handle record: a slot index and the slot's version, minted
    /// by the table's `SlotMap`; the version moves on when the slot is
    /// freed, so a dropped handle's key no longer matches.
    pub(crate) struct HandleKey;
}

/// A handle in the context's handle table. Generational: using a dropped
/// handle panics with a clear message.
///
/// Wraps the table's private slotmap key rather than being one, so that
/// only the table mints handles (slotmap keys convert from `KeyData`) and
/// `slotmap` stays out of the public API.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct HandleId(pub(crate) HandleKey);

impl core::fmt::Debug for HandleId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // `KeyData`'s Debug is `{index}v{version}`.
        write!(f, "h{:?}", self.0.data())
    }
}

/// The record of one handle (24 B; 28 B with the slotmap's version word).
#[derive(Debug)]
pub(crate) struct HandleData {
    /// Raw index of the value named (its generation is the slot's: a
    /// value leaves every list before its slot is freed), `NONE` when the
    /// handle is empty.
    val: u32,
    /// Neighbours on `val`'s handle list (toward the head / the tail);
    /// both `None` when the handle is empty.
    prev: Option<HandleKey>,
    next: Option<HandleKey>,
    kind: HandleKind,
    poisoned: bool,
}

/// The handle records and, for each value, the head of its handle list.
///
/// Invariants (maintained by [`HandleTable::link`] and
/// [`HandleTable::splice_out`] only):
/// * a record with `val == v.idx` is on exactly `v`'s list, and the
///   `prev`/`next` links of neighbours agree in both directions; the head
///   of `v`'s list is `heads[v.idx]` and has `prev == None`;
/// * a record with `val == NONE` has `prev == next == None`;
/// * a value on a list is live: erasure and `destroy_constant` empty the
///   list before the slot is freed (`Graph::free` asserts it), so `val`
///   needs no generation of its own;
/// * a live value's `HAS_HANDLES` bit is set exactly when its list is
///   non-empty; `heads[i]` is read only behind the bit (it may be short or
///   hold `None` for slots that never had a handle).
pub(crate) struct HandleTable {
    records: SlotMap<HandleKey, HandleData>,
    /// Head of each value's handle list, by value slot; grown on demand.
    heads: Vec<Option<HandleKey>>,
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
            records: SlotMap::with_key(),
            heads: Vec::new(),
        }
    }

    /// The record of `h`; panics if it was dropped.
    #[inline]
    fn data(&self, h: HandleId) -> &HandleData {
        match self.records.get(h.0) {
            Some(d) => d,
            None => stale(h),
        }
    }

    pub(crate) fn kind(&self, h: HandleId) -> HandleKind {
        self.data(h).kind
    }

    /// The value a handle names.
    ///
    /// # Panics
    /// If the handle is a poisoning handle whose value was erased or
    /// replaced.
    pub(crate) fn value(&self, g: &Graph, h: HandleId) -> Option<Value> {
        let d = self.data(h);
        if d.poisoned {
            panic!("accessed a poisoned value handle {h:?}");
        }
        (d.val != NONE).then(|| g.handle(d.val))
    }

    #[inline]
    pub(crate) fn create(&mut self, g: &mut Graph, v: Option<Value>, kind: HandleKind) -> HandleId {
        let k = self.records.insert(HandleData {
            val: NONE,
            prev: None,
            next: None,
            kind,
            poisoned: false,
        });
        if let Some(v) = v {
            self.link(g, k, v, None);
        }
        HandleId(k)
    }

    /// A copy of `src` naming the same value, inserted just before `src`
    /// on the value's list (LLVM's copy constructor order).
    pub(crate) fn copy(&mut self, g: &mut Graph, src: HandleId) -> HandleId {
        let s = self.data(src);
        let (val, kind, poisoned) = (s.val, s.kind, s.poisoned);
        let k = self.records.insert(HandleData {
            val: NONE,
            prev: None,
            next: None,
            kind,
            poisoned,
        });
        if val != NONE {
            let v = g.handle(val);
            self.link(g, k, v, Some(src.0));
        }
        HandleId(k)
    }

    /// Re-targets a handle (LLVM `operator=`): off its old list, onto the
    /// head of the new value's list.
    pub(crate) fn set(&mut self, g: &mut Graph, h: HandleId, v: Option<Value>) {
        self.data(h);
        self.unlink(g, h.0);
        self.records[h.0].poisoned = false;
        if let Some(v) = v {
            self.link(g, h.0, v, None);
        }
    }

    #[inline]
    pub(crate) fn drop_handle(&mut self, g: &mut Graph, h: HandleId) {
        let Some(r) = self.records.remove(h.0) else {
            stale(h)
        };
        self.splice_out(g, h.0, r.val, r.prev, r.next);
    }

    /// Links the empty record `k` into `v`'s list just before `at`, or at
    /// the head when `at` is `None`, and sets `v`'s `HAS_HANDLES` bit. The
    /// one primitive that links.
    #[inline]
    fn link(&mut self, g: &mut Graph, k: HandleKey, v: Value, at: Option<HandleKey>) {
        let d = g.get_mut(v);
        let had = d.kind_bits & HAS_HANDLES != 0;
        d.kind_bits |= HAS_HANDLES;
        let vi = v.idx as usize;
        if self.heads.len() <= vi {
            // Cover every value slot at once (`v` is live, so there are
            // more than `vi`): one resize per growth of the value arena
            // instead of one call per new value.
            self.heads.resize(g.values.len(), None);
        }
        let (prev, next) = match at {
            None => (None, if had { self.heads[vi] } else { None }),
            Some(a) => {
                debug_assert_eq!(self.records[a].val, v.idx, "link before a stranger");
                (self.records[a].prev, Some(a))
            }
        };
        let r = &mut self.records[k];
        debug_assert!(r.val == NONE && r.prev.is_none() && r.next.is_none());
        r.val = v.idx;
        r.prev = prev;
        r.next = next;
        match prev {
            None => self.heads[vi] = Some(k),
            Some(p) => {
                debug_assert_eq!(self.records[p].next, next);
                self.records[p].next = Some(k);
            }
        }
        if let Some(n) = next {
            debug_assert_eq!(self.records[n].prev, prev);
            self.records[n].prev = Some(k);
        }
    }

    /// Takes record `k` off its value's list (nothing when it is empty).
    #[inline]
    fn unlink(&mut self, g: &mut Graph, k: HandleKey) {
        let r = &mut self.records[k];
        let val = core::mem::replace(&mut r.val, NONE);
        let (prev, next) = (r.prev.take(), r.next.take());
        self.splice_out(g, k, val, prev, next);
    }

    /// Closes the gap left by record `k`, which was on value slot `val`'s
    /// list between `prev` and `next` (nothing when `val` is `NONE`), and
    /// clears the value's `HAS_HANDLES` bit with the last handle. `k`'s own
    /// record is not touched (it may be gone already). The one primitive
    /// that unlinks.
    #[inline]
    fn splice_out(
        &mut self,
        g: &mut Graph,
        k: HandleKey,
        val: u32,
        prev: Option<HandleKey>,
        next: Option<HandleKey>,
    ) {
        if val == NONE {
            return;
        }
        let vi = val as usize;
        match prev {
            None => {
                debug_assert_eq!(self.heads[vi], Some(k), "unlinked head is not the head");
                self.heads[vi] = next;
                if next.is_none() {
                    g.values[vi].kind_bits &= !HAS_HANDLES;
                }
            }
            Some(p) => {
                debug_assert_eq!(self.records[p].next, Some(k));
                self.records[p].next = next;
            }
        }
        if let Some(n) = next {
            debug_assert_eq!(self.records[n].prev, Some(k));
            self.records[n].prev = prev;
        }
    }

    /// The handles on value `v`, newest first, as a snapshot (so callbacks
    /// may add or drop handles while they run).
    pub(crate) fn handles_of(&self, g: &Graph, v: Value) -> Vec<HandleId> {
        let mut out = Vec::new();
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return out;
        }
        let mut i = self.heads[v.idx as usize];
        while let Some(k) = i {
            out.push(HandleId(k));
            i = self.records[k].next;
        }
        out
    }

    /// Whether any handle on `v` is a callback handle.
    pub(crate) fn has_callback(&self, g: &Graph, v: Value) -> bool {
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return false;
        }
        let mut i = self.heads[v.idx as usize];
        while let Some(k) = i {
            let r = &self.records[k];
            if r.kind == HandleKind::Callback {
                return true;
            }
            i = r.next;
        }
        false
    }

    /// RAUW for handle lists without callbacks: weak-tracking handles move
    /// to `to` (each pushed on the head of its list, as LLVM re-targets
    /// them), poisoning handles are poisoned, the others stay. One walk,
    /// no allocation.
    #[inline]
    pub(crate) fn rauw_plain(&mut self, g: &mut Graph, from: Value, to: Value) {
        if g.get(from).kind_bits & HAS_HANDLES == 0 {
            return;
        }
        let mut i = self.heads[from.idx as usize];
        while let Some(k) = i {
            let r = &self.records[k];
            i = r.next;
            match r.kind {
                HandleKind::WeakTracking => {
                    self.unlink(g, k);
                    self.link(g, k, to, None);
                }
                HandleKind::Poisoning => {
                    self.unlink(g, k);
                    self.records[k].poisoned = true;
                }
                _ => {}
            }
        }
    }

    /// Whether the handle `h` is still live and still names `v` (a
    /// handle on slot `v.idx`'s list names its live occupant).
    pub(crate) fn names(&self, g: &Graph, h: HandleId, v: Value) -> bool {
        matches!(self.records.get(h.0), Some(r) if r.val == v.idx) && g.is_live(v)
    }

    pub(crate) fn poison(&mut self, g: &mut Graph, h: HandleId) {
        self.unlink(g, h.0);
        self.records[h.0].poisoned = true;
    }

    /// Whether the handle is live (not dropped).
    pub(crate) fn is_live(&self, h: HandleId) -> bool {
        self.records.contains_key(h.0)
    }
}

impl HandleTable {
    /// Walks every value's handle list in both directions and checks the
    /// invariants above. `Err` names the first inconsistency.
    pub(crate) fn check(&self, g: &Graph) -> Result<(), String> {
        let mut on_lists = 0usize;
        for (vi, d) in g.values.iter().enumerate() {
            if d.is_free() || d.kind_bits & HAS_HANDLES == 0 {
                continue;
            }
            let mut prev = None;
            let mut i = self.heads.get(vi).copied().flatten();
            if i.is_none() {
                return Err(format!("value {vi} has HAS_HANDLES but no handle list"));
            }
            while let Some(k) = i {
                let r = self.records.get(k).ok_or(format!(
                    "handle list of value {vi} reaches a dropped handle"
                ))?;
                if r.val != vi as u32 {
                    return Err(format!(
                        "handle {:?} on the list of value {vi} names {}",
                        HandleId(k),
                        r.val
                    ));
                }
                if r.prev != prev {
                    return Err(format!(
                        "handle {:?}: prev link disagrees with the walk",
                        HandleId(k)
                    ));
                }
                on_lists += 1;
                if on_lists > self.records.len() {
                    return Err(format!("handle list of value {vi} has a cycle"));
                }
                prev = i;
                i = r.next;
            }
        }
        let mut named = 0usize;
        for (k, r) in &self.records {
            if r.val == NONE {
                if r.prev.is_some() || r.next.is_some() {
                    return Err(format!("empty handle {:?} has links", HandleId(k)));
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
        assert_eq!(core::mem::size_of::<Option<HandleKey>>(), 8);
        assert_eq!(core::mem::size_of::<HandleData>(), 24);
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
        ctx.handles.records[older.0].prev = None;
        let err = ctx.check_use_lists().unwrap_err();
        assert!(err.contains("prev link"), "{err}");
    }
}
