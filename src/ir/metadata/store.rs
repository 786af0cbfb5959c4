//! The metadata arena: interning, distinct nodes, temporaries and their
//! resolution.
//!
//! Owns the entries behind every [`Metadata`] handle and the one interning
//! table. It does not own the API spelling (`mod.rs`) or printing.
//!
//! Invariants:
//! * `uniq` holds exactly the live, non-distinct, non-temporary entries,
//!   each hashed by its current content; no two of them have equal content;
//! * an `Entry::Forward` is never in `uniq`, and following forwards always
//!   ends at a `Entry::Data` (forwards only point at entries that were live
//!   when the forward was written, and are followed on every access);
//! * while a temporary is unresolved (`live_temps > 0`), `users[m]` lists
//!   every node created or edited since the first temporary appeared that
//!   has `m` as an operand (possibly with stale extras, which are checked
//!   before use); it is emptied when the last temporary is resolved.
//!   Nodes created earlier cannot reference a temporary, so they never need
//!   rewriting.

use super::attach::KindTable;
use super::{MdData, Metadata};
use crate::entity::ContextTag;
use core::hash::BuildHasher;
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use smallvec::SmallVec;

enum Entry {
    Data(MdData),
    /// A resolved temporary or a merged node: stands for the target.
    Forward(Metadata),
}

/// The metadata store held by the [`Context`](crate::Context).
pub(crate) struct MdStore {
    entries: Vec<Entry>,
    uniq: HashTable<Metadata>,
    hasher: DefaultHashBuilder,
    live_temps: u32,
    users: HashMap<Metadata, SmallVec<[Metadata; 2]>>,
    pub(crate) kinds: KindTable,
    /// The context's tag, which debug builds put in every id minted here.
    pub(crate) tag: ContextTag,
}

fn hash_of(hasher: &DefaultHashBuilder, d: &MdData) -> u64 {
    hasher.hash_one(d)
}

impl MdStore {
    pub(crate) fn new(tag: ContextTag) -> Self {
        MdStore {
            tag,
            entries: Vec::new(),
            uniq: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            live_temps: 0,
            users: HashMap::new(),
            kinds: KindTable::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    fn entry(&self, md: Metadata) -> &Entry {
        match self.entries.get(md.index()) {
            Some(e) if md.tag_matches(self.tag) => e,
            _ => panic!("metadata {md:?} is from another context"),
        }
    }

    /// Follows forwards to the live entry `md` stands for.
    pub(crate) fn resolve(&self, mut md: Metadata) -> Metadata {
        while let Entry::Forward(to) = self.entry(md) {
            md = *to;
        }
        md
    }

    pub(crate) fn resolve_ops(&self, ops: &[Option<Metadata>]) -> Box<[Option<Metadata>]> {
        ops.iter().map(|o| o.map(|m| self.resolve(m))).collect()
    }

    pub(crate) fn data(&self, md: Metadata) -> &MdData {
        match self.entry(self.resolve(md)) {
            Entry::Data(d) => d,
            Entry::Forward(_) => unreachable!("resolve ends at data"),
        }
    }

    fn data_mut(&mut self, md: Metadata) -> &mut MdData {
        match &mut self.entries[md.index()] {
            Entry::Data(d) => d,
            Entry::Forward(_) => unreachable!("caller resolved the handle"),
        }
    }

    fn push(&mut self, d: MdData) -> Metadata {
        let md = Metadata::mint(self.entries.len(), self.tag);
        self.entries.push(Entry::Data(d));
        md
    }

    /// Finds an interned entry equal to `d` (hashed as `h`).
    fn find(&self, h: u64, d: &MdData) -> Option<Metadata> {
        let entries = &self.entries;
        self.uniq
            .find(
                h,
                |&m| matches!(&entries[m.index()], Entry::Data(e) if e == d),
            )
            .copied()
    }

    fn insert_uniq(&mut self, h: u64, md: Metadata) {
        let (entries, hasher) = (&self.entries, &self.hasher);
        self.uniq
            .insert_unique(h, md, |&m| match &entries[m.index()] {
                Entry::Data(d) => hash_of(hasher, d),
                Entry::Forward(_) => unreachable!("forwards are never interned"),
            });
    }

    /// Interns a non-distinct payload: the existing equal entry, or a new one.
    pub(crate) fn intern(&mut self, d: MdData) -> Metadata {
        debug_assert!(!d.is_distinct() && d != MdData::Temporary);
        let h = hash_of(&self.hasher, &d);
        if let Some(m) = self.find(h, &d) {
            return m;
        }
        let md = self.push(d);
        self.insert_uniq(h, md);
        self.track_users(md);
        md
    }

    /// Creates a node: interned unless distinct.
    pub(crate) fn create(&mut self, d: MdData) -> Metadata {
        if !d.is_distinct() {
            return self.intern(d);
        }
        let md = self.push(d);
        self.track_users(md);
        md
    }

    /// While temporaries exist, records `md` as a user of its operands.
    fn track_users(&mut self, md: Metadata) {
        if self.live_temps == 0 {
            return;
        }
        let Entry::Data(d) = &self.entries[md.index()] else {
            return;
        };
        let users = &mut self.users;
        d.for_each_operand(|op| {
            let list = users.entry(op).or_default();
            if list.last() != Some(&md) {
                list.push(md);
            }
        });
    }

    pub(crate) fn temporary(&mut self) -> Metadata {
        self.live_temps += 1;
        self.push(MdData::Temporary)
    }

    pub(crate) fn has_temporaries(&self) -> bool {
        self.live_temps > 0
    }

    pub(crate) fn replace_temporary(&mut self, temp: Metadata, real: Metadata) {
        assert!(
            matches!(self.entry(temp), Entry::Data(MdData::Temporary)),
            "metadata {temp:?} is not an unresolved temporary"
        );
        let real = self.resolve(real);
        assert!(
            real != temp,
            "cannot replace temporary {temp:?} with itself"
        );
        let mut work = vec![(temp, real)];
        while let Some((old, new)) = work.pop() {
            let Some(new) = self.merge_target(old, new) else {
                continue;
            };
            self.entries[old.index()] = Entry::Forward(new);
            let users = self.users.remove(&old).unwrap_or_default();
            for u in users {
                // A user merged away earlier forwards already; its own users
                // were re-pointed when it was.
                let Entry::Data(d) = &self.entries[u.index()] else {
                    continue;
                };
                let uniqued = !d.is_distinct();
                if uniqued {
                    self.unintern(u);
                }
                self.data_mut(u).replace_operand(old, new);
                let list = self.users.entry(new).or_default();
                if !list.contains(&u) {
                    list.push(u);
                }
                if uniqued {
                    if let Some(x) = self.reintern(u) {
                        work.push((u, x));
                    }
                }
            }
        }
        self.live_temps -= 1;
        if self.live_temps == 0 {
            self.users = HashMap::new();
        }
    }

    /// Removes `u` from the interning table if it is there.
    fn unintern(&mut self, u: Metadata) {
        let Entry::Data(d) = &self.entries[u.index()] else {
            return;
        };
        let h = hash_of(&self.hasher, d);
        if let Ok(e) = self.uniq.find_entry(h, |&m| m == u) {
            e.remove();
        }
    }

    /// Interns the (not interned) node `u` under its current content, or
    /// returns the equal node it must be merged into.
    fn reintern(&mut self, u: Metadata) -> Option<Metadata> {
        let d = self.data(u);
        let h = hash_of(&self.hasher, d);
        match self.find(h, d) {
            Some(x) if x != u => Some(x),
            Some(_) => None,
            None => {
                self.insert_uniq(h, u);
                None
            }
        }
    }

    /// Decides, when the worklist pops `old -> new`, what `old` forwards to,
    /// or `None` when the merge is moot. The temporary always forwards; a
    /// node queued for merging may have been rewritten again (or
    /// re-interned) since it was queued, so its content is checked against
    /// the target's current content first.
    fn merge_target(&mut self, old: Metadata, new: Metadata) -> Option<Metadata> {
        let new = self.resolve(new);
        match &self.entries[old.index()] {
            Entry::Forward(_) => return None,
            Entry::Data(MdData::Temporary) => return Some(new),
            Entry::Data(_) if old == new => return None,
            Entry::Data(_) => {}
        }
        self.unintern(old);
        if self.data(old) == self.data(new) {
            return Some(new);
        }
        self.reintern(old)
    }

    pub(crate) fn set_operand(&mut self, node: Metadata, i: usize, md: Option<Metadata>) {
        let node = self.resolve(node);
        let md = md.map(|m| self.resolve(m));
        let d = self.data_mut(node);
        assert!(
            d.is_distinct(),
            "metadata {node:?} is not a distinct node; only distinct nodes are edited in place"
        );
        match d {
            MdData::Tuple { ops, .. } => {
                let n = ops.len();
                *ops.get_mut(i).unwrap_or_else(|| {
                    panic!("operand {i} out of range for {node:?} ({n} operands)")
                }) = md;
            }
            MdData::Specialized { fields, .. } => match fields.get_mut(i) {
                Some((_, super::MdField::Md(o))) => *o = md,
                _ => panic!("field {i} of {node:?} is not a metadata reference"),
            },
            _ => unreachable!("only tuples and specialised nodes are distinct"),
        }
        if let (Some(m), true) = (md, self.live_temps > 0) {
            self.users.entry(m).or_default().push(node);
        }
    }
}
