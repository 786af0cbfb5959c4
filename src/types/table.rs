//! A small open-addressing hash table for the type interning keys.
//!
//! Owns [`ProbeTable`]: linear probing over a power-of-two array of `Copy`
//! entries that hold their key (or a prefix of it) inline, kept at most half
//! full. A hit is one multiply-derived index, usually one slot load and an
//! inline compare: leaner than a general-purpose map for these tiny keys.
//! It does not own hashing or key equality: callers pass the hash and a
//! predicate, and entries say how to rehash themselves when the table grows.
//! Entries are never removed (types are never freed).

/// An entry of a [`ProbeTable`].
pub(crate) trait Slot: Copy {
    /// The vacant entry.
    const EMPTY: Self;
    /// Whether this is [`EMPTY`](Self::EMPTY).
    fn is_empty(&self) -> bool;
    /// The entry's hash, as given to [`ProbeTable::insert`].
    fn hash(&self) -> u64;
}

/// Linear-probing table; the home slot of a hash is its top bits.
pub(crate) struct ProbeTable<E: Slot> {
    slots: Box<[E]>,
    len: usize,
    /// `64 - log2(slots.len())`.
    shift: u32,
}

const INITIAL: usize = 16;

impl<E: Slot> ProbeTable<E> {
    pub(crate) fn new() -> Self {
        ProbeTable {
            slots: vec![E::EMPTY; INITIAL].into(),
            len: 0,
            shift: 64 - INITIAL.trailing_zeros(),
        }
    }

    /// The entry with this hash for which `eq` holds.
    #[inline]
    pub(crate) fn find(&self, hash: u64, mut eq: impl FnMut(&E) -> bool) -> Option<&E> {
        let mask = self.slots.len() - 1;
        let mut i = (hash >> self.shift) as usize;
        loop {
            let e = &self.slots[i];
            if e.is_empty() {
                return None;
            }
            if eq(e) {
                return Some(e);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds an entry whose key is not in the table yet.
    pub(crate) fn insert(&mut self, hash: u64, e: E) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        self.place(hash, e);
        self.len += 1;
    }

    fn place(&mut self, hash: u64, e: E) {
        let mask = self.slots.len() - 1;
        let mut i = (hash >> self.shift) as usize;
        while !self.slots[i].is_empty() {
            i = (i + 1) & mask;
        }
        self.slots[i] = e;
    }

    #[cold]
    fn grow(&mut self) {
        let bigger = vec![E::EMPTY; self.slots.len() * 2].into();
        let old = std::mem::replace(&mut self.slots, bigger);
        self.shift -= 1;
        for e in old.iter().filter(|e| !e.is_empty()) {
            self.place(e.hash(), *e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Debug)]
    struct E(u64, u32);

    impl Slot for E {
        const EMPTY: E = E(0, u32::MAX);
        fn is_empty(&self) -> bool {
            self.1 == u32::MAX
        }
        fn hash(&self) -> u64 {
            self.0
        }
    }

    #[test]
    fn insert_find_grow_and_collide() {
        let mut t = ProbeTable::<E>::new();
        // Many keys with the same home slot, and many spread ones.
        for k in 0..100u32 {
            let h = if k % 2 == 0 {
                7
            } else {
                (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            };
            assert!(t.find(h, |e| e.1 == k).is_none());
            t.insert(h, E(h, k));
        }
        for k in 0..100u32 {
            let h = if k % 2 == 0 {
                7
            } else {
                (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            };
            assert_eq!(t.find(h, |e| e.1 == k), Some(&E(h, k)));
        }
        assert!(t.slots.len() >= 200);
        assert_eq!(t.len, 100);
    }
}
