//! Working lists kept on a thread from one run of an operation to the
//! next (the bitcode writer's id tables, the verifier's stamps and tree,
//! mem2reg's lists).
//!
//! A context-sized table allocated afresh on every run touches new pages,
//! and on the machines measured a page fault costs more than filling the
//! page. So such an operation takes its lists from a per-thread [`Slot`]
//! when it starts ([`take`]) and puts them back when it ends
//! ([`give_back`]). A run nested inside another on the same thread finds
//! the slot empty and starts with fresh lists. The memory stays held by
//! the thread, sized by the largest run it has made.

use std::cell::Cell;
use std::thread::LocalKey;

/// A per-thread slot holding the lists of the last run, if any.
pub(crate) type Slot<T> = Cell<Option<Box<T>>>;

/// The lists the last run on this thread left in `key`, or fresh ones
/// (also during thread teardown).
pub(crate) fn take<T: Default>(key: &'static LocalKey<Slot<T>>) -> Box<T> {
    key.try_with(Cell::take).ok().flatten().unwrap_or_default()
}

/// Leaves `lists` in `key` for the next run on this thread (dropped
/// during thread teardown).
pub(crate) fn give_back<T>(key: &'static LocalKey<Slot<T>>, lists: Box<T>) {
    // After the thread's locals are destroyed there is no next run.
    let _ = key.try_with(|c| c.set(Some(lists)));
}
