//! Value handles: weak references to values that are told when the value
//! is replaced (RAUW) or erased.
//!
//! Owns the handle table and the per-value handle lists. A value's handles
//! form a doubly-linked list threaded through the table; the list head is
//! kept in `heads`, indexed by the value's slot, and consulted only when the
//! value's `HAS_HANDLES` bit is set — so values without handles pay one bit
//! test on erase and RAUW, and no hashing anywhere. Event dispatch (which
//! needs the whole context) lives in `replace.rs`.

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

/// A handle in the context's handle table. Generational: using a dropped
/// handle panics with a clear message.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct HandleId {
    pub(crate) idx: u32,
    pub(crate) gen: NonZeroU32,
}

#[derive(Clone, Debug)]
pub(crate) struct HandleSlot {
    /// Raw index of the value, or NONE when empty.
    pub(crate) val: u32,
    pub(crate) vgen: u32,
    pub(crate) prev: u32,
    pub(crate) next: u32,
    pub(crate) gen: NonZeroU32,
    pub(crate) kind: HandleKind,
    pub(crate) live: bool,
    pub(crate) poisoned: bool,
}

pub(crate) struct HandleTable {
    pub(crate) slots: Vec<HandleSlot>,
    free: Vec<u32>,
    /// Head of each value's handle list, by value slot; grown on demand.
    heads: Vec<u32>,
}

impl HandleTable {
    pub(crate) fn new() -> Self {
        HandleTable {
            slots: Vec::new(),
            free: Vec::new(),
            heads: Vec::new(),
        }
    }

    fn slot(&self, h: HandleId) -> &HandleSlot {
        match self.slots.get(h.idx as usize) {
            Some(s) if s.live && s.gen == h.gen => s,
            _ => panic!("stale handle id {h:?}: the handle was dropped"),
        }
    }

    pub(crate) fn kind(&self, h: HandleId) -> HandleKind {
        self.slot(h).kind
    }

    /// The value a handle names, without the poison check.
    pub(crate) fn raw_value(&self, h: HandleId) -> Option<Value> {
        let s = self.slot(h);
        (s.val != NONE).then(|| Value {
            idx: s.val,
            gen: NonZeroU32::new(s.vgen).expect("live handle has a generation"),
        })
    }

    /// The value a handle names.
    ///
    /// # Panics
    /// If the handle is a poisoning handle whose value was erased or
    /// replaced.
    pub(crate) fn value(&self, h: HandleId) -> Option<Value> {
        if self.slot(h).poisoned {
            panic!("accessed a poisoned value handle {h:?}");
        }
        self.raw_value(h)
    }

    pub(crate) fn create(&mut self, g: &mut Graph, v: Option<Value>, kind: HandleKind) -> HandleId {
        let slot = HandleSlot {
            val: NONE,
            vgen: 0,
            prev: NONE,
            next: NONE,
            gen: NonZeroU32::MIN,
            kind,
            live: true,
            poisoned: false,
        };
        let idx = if let Some(i) = self.free.pop() {
            let gen = self.slots[i as usize]
                .gen
                .checked_add(1)
                .unwrap_or(NonZeroU32::MIN);
            self.slots[i as usize] = HandleSlot { gen, ..slot };
            i
        } else {
            self.slots.push(slot);
            (self.slots.len() - 1) as u32
        };
        let h = HandleId {
            idx,
            gen: self.slots[idx as usize].gen,
        };
        if let Some(v) = v {
            self.attach_head(g, idx, v);
        }
        h
    }

    /// A copy of `src` naming the same value, inserted just before `src`
    /// on the value's list (LLVM's copy constructor order).
    pub(crate) fn copy(&mut self, g: &mut Graph, src: HandleId) -> HandleId {
        let s = self.slot(src).clone();
        let h = self.create(g, None, s.kind);
        if s.val != NONE {
            let i = h.idx;
            {
                let n = &mut self.slots[i as usize];
                n.val = s.val;
                n.vgen = s.vgen;
                n.prev = s.prev;
                n.next = src.idx;
            }
            if s.prev == NONE {
                self.heads[s.val as usize] = i;
            } else {
                self.slots[s.prev as usize].next = i;
            }
            self.slots[src.idx as usize].prev = i;
        }
        self.slots[h.idx as usize].poisoned = s.poisoned;
        h
    }

    /// Re-targets a handle (LLVM `operator=`): off its old list, onto the
    /// head of the new value's list.
    pub(crate) fn set(&mut self, g: &mut Graph, h: HandleId, v: Option<Value>) {
        self.slot(h);
        self.detach(g, h.idx);
        self.slots[h.idx as usize].poisoned = false;
        if let Some(v) = v {
            self.attach_head(g, h.idx, v);
        }
    }

    pub(crate) fn drop_handle(&mut self, g: &mut Graph, h: HandleId) {
        self.slot(h);
        self.detach(g, h.idx);
        self.slots[h.idx as usize].live = false;
        self.free.push(h.idx);
    }

    fn attach_head(&mut self, g: &mut Graph, i: u32, v: Value) {
        let vi = v.idx as usize;
        if self.heads.len() <= vi {
            // Cover every value slot at once (there are more than `vi`):
            // one resize per growth of the value arena instead of one call
            // per new value.
            self.heads.resize(g.values.len().max(vi + 1), NONE);
        }
        let d = g.get_mut(v);
        let head = if d.kind_bits & HAS_HANDLES != 0 {
            self.heads[vi]
        } else {
            NONE
        };
        d.kind_bits |= HAS_HANDLES;
        let s = &mut self.slots[i as usize];
        s.val = v.idx;
        s.vgen = v.gen.get();
        s.prev = NONE;
        s.next = head;
        if head != NONE {
            self.slots[head as usize].prev = i;
        }
        self.heads[vi] = i;
    }

    /// Takes handle slot `i` off its value's list.
    pub(crate) fn detach(&mut self, g: &mut Graph, i: u32) {
        let HandleSlot {
            val, prev, next, ..
        } = self.slots[i as usize];
        if val == NONE {
            return;
        }
        if prev == NONE {
            self.heads[val as usize] = next;
            if next == NONE {
                g.values[val as usize].kind_bits &= !HAS_HANDLES;
            }
        } else {
            self.slots[prev as usize].next = next;
        }
        if next != NONE {
            self.slots[next as usize].prev = prev;
        }
        let s = &mut self.slots[i as usize];
        s.val = NONE;
        s.prev = NONE;
        s.next = NONE;
    }

    /// The handles on value `v`, newest first, as `(slot index, generation)`
    /// snapshots (so callbacks may add or drop handles while they run).
    pub(crate) fn handles_of(&self, g: &Graph, v: Value) -> Vec<HandleId> {
        let mut out = Vec::new();
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return out;
        }
        let mut i = self.heads[v.idx as usize];
        while i != NONE {
            let s = &self.slots[i as usize];
            out.push(HandleId { idx: i, gen: s.gen });
            i = s.next;
        }
        out
    }

    /// Whether any handle on `v` is a callback handle.
    pub(crate) fn has_callback(&self, g: &Graph, v: Value) -> bool {
        if g.get(v).kind_bits & HAS_HANDLES == 0 {
            return false;
        }
        let mut i = self.heads[v.idx as usize];
        while i != NONE {
            let s = &self.slots[i as usize];
            if s.kind == HandleKind::Callback {
                return true;
            }
            i = s.next;
        }
        false
    }

    /// RAUW for handle lists without callbacks: weak-tracking handles move
    /// to `to` (each pushed on the head of its list, as LLVM re-targets
    /// them), poisoning handles are poisoned, the others stay. One walk,
    /// no allocation.
    pub(crate) fn rauw_plain(&mut self, g: &mut Graph, from: Value, to: Value) {
        if g.get(from).kind_bits & HAS_HANDLES == 0 {
            return;
        }
        let mut i = self.heads[from.idx as usize];
        while i != NONE {
            let next = self.slots[i as usize].next;
            match self.slots[i as usize].kind {
                HandleKind::WeakTracking => {
                    self.detach(g, i);
                    self.attach_head(g, i, to);
                }
                HandleKind::Poisoning => {
                    self.detach(g, i);
                    self.slots[i as usize].poisoned = true;
                }
                _ => {}
            }
            i = next;
        }
    }

    /// Whether the handle `h` is still live and still names `v`.
    pub(crate) fn names(&self, h: HandleId, v: Value) -> bool {
        matches!(self.slots.get(h.idx as usize), Some(s) if s.live && s.gen == h.gen && s.val == v.idx && s.vgen == v.gen.get())
    }

    pub(crate) fn poison(&mut self, g: &mut Graph, h: HandleId) {
        self.detach(g, h.idx);
        self.slots[h.idx as usize].poisoned = true;
    }

    /// Whether the handle is live (not dropped).
    pub(crate) fn is_live(&self, h: HandleId) -> bool {
        matches!(self.slots.get(h.idx as usize), Some(s) if s.live && s.gen == h.gen)
    }
}
