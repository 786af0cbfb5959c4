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
//! * `vam_users[m]`, for a value-as-metadata `m`, lists every tuple or
//!   specialised node created with `m` as an operand (or given it later),
//!   possibly with stale extras (checked before use); it is kept for the
//!   store's whole life, because RAUW and erasure of the wrapped value
//!   rewrite those nodes (LLVM's metadata tracking).
//! * `dbg_users[m]` lists instructions whose debug records were given an
//!   operand resolving to `m` (a superset, checked before use).

use super::attach::KindTable;
use super::{MdData, Metadata};
use crate::entity::ContextTag;
use crate::ir::inst::DbgRecord;
use crate::value::Value;
use core::hash::BuildHasher;
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use smallvec::SmallVec;

enum Entry {
    Data(MdData),
    /// A resolved temporary or a merged node: stands for the target.
    Forward(Metadata),
}

/// What a value-as-metadata whose value goes away becomes.
pub(crate) enum VamTarget {
    /// The value was replaced by the one this value-as-metadata wraps.
    Replaced(Metadata),
    /// The value was deleted; `poison` wraps a `poison` of its type.
    Deleted {
        /// `poison` of the deleted value's type, as metadata.
        poison: Metadata,
    },
}

/// The metadata store held by the [`Context`](crate::Context).
pub(crate) struct MdStore {
    entries: Vec<Entry>,
    uniq: HashTable<Metadata>,
    hasher: DefaultHashBuilder,
    live_temps: u32,
    users: HashMap<Metadata, SmallVec<[Metadata; 2]>>,
    /// Nodes with a value-as-metadata operand, by that operand.
    vam_users: HashMap<Metadata, SmallVec<[Metadata; 2]>>,
    /// Instructions whose debug records name a metadata operand (a
    /// value-as-metadata or a `DIArgList`), by that operand.
    pub(crate) dbg_users: HashMap<Metadata, SmallVec<[Value; 2]>>,
    /// Debug records left at the end of a block whose last instruction
    /// was erased (LLVM's trailing `DbgMarker`), by block; the next
    /// terminator placed at the block's end takes them.
    pub(crate) trailing_dbg: HashMap<u32, Vec<DbgRecord>>,
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
            vam_users: HashMap::new(),
            dbg_users: HashMap::new(),
            trailing_dbg: HashMap::new(),
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

    /// The interned entry equal to the non-distinct payload `d`, without
    /// creating one.
    pub(crate) fn lookup(&self, d: &MdData) -> Option<Metadata> {
        self.find(hash_of(&self.hasher, d), d)
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
        self.track_vam_users(md);
        md
    }

    /// Creates a node: interned unless distinct.
    pub(crate) fn create(&mut self, d: MdData) -> Metadata {
        if !d.is_distinct() {
            return self.intern(d);
        }
        let md = self.push(d);
        self.track_users(md);
        self.track_vam_users(md);
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

    /// Records `md` as a user of each of its value-as-metadata operands.
    fn track_vam_users(&mut self, md: Metadata) {
        let entries = &self.entries;
        let Entry::Data(d) = &entries[md.index()] else {
            return;
        };
        let vam_users = &mut self.vam_users;
        d.for_each_operand(|op| {
            if matches!(entries[op.index()], Entry::Data(MdData::Value(_))) {
                let list = vam_users.entry(op).or_default();
                if list.last() != Some(&md) {
                    list.push(md);
                }
            }
        });
    }

    /// Whether `md` (resolved) is a value-as-metadata.
    fn is_vam(&self, md: Metadata) -> bool {
        matches!(self.data(md), MdData::Value(_))
    }

    /// The value-as-metadata of `v`, if one was made.
    pub(crate) fn vam_of(&self, v: Value) -> Option<Metadata> {
        let d = MdData::Value(v);
        self.find(hash_of(&self.hasher, &d), &d)
    }

    /// Re-keys value-as-metadata `md` to wrap `to` instead (no entry for
    /// `to` exists): its id, and so every node and record naming it, now
    /// stands for `to` (LLVM's `handleRAUW` when `To` has no metadata).
    pub(crate) fn rekey_vam(&mut self, md: Metadata, to: Value) {
        debug_assert!(self.vam_of(to).is_none());
        self.unintern(md);
        *self.data_mut(md) = MdData::Value(to);
        let h = hash_of(&self.hasher, self.data(md));
        self.insert_uniq(h, md);
    }

    /// The nodes that use value-as-metadata `old` are re-pointed: at `new`
    /// (RAUW), or, when its value is deleted, `DIArgList`s
    /// at `poison` and every other node at `null`, that node becoming
    /// distinct (LLVM 19's `handleChangedOperand` for a deleted constant).
    /// A uniqued user that then equals an existing node is made distinct
    /// (LLVM, for a resolved node), except a `DIArgList`, which has no
    /// distinct form and is merged into the existing one. `old` forwards
    /// to `new` (RAUW) or leaves the interning table (deletion).
    ///
    /// Returns the nodes merged away, as `(merged, into)` pairs, `(old,
    /// new or poison)` first: their record users and metadata-as-value
    /// wrappers follow (the caller's part).
    pub(crate) fn retarget_vam(
        &mut self,
        old: Metadata,
        how: VamTarget,
    ) -> Vec<(Metadata, Metadata)> {
        let (new, poison) = match how {
            VamTarget::Replaced(n) => (Some(n), n),
            VamTarget::Deleted { poison } => (None, poison),
        };
        let mut merged = vec![(old, new.unwrap_or(poison))];
        self.unintern(old);
        let users = self.vam_users.remove(&old).unwrap_or_default();
        for u in users {
            let Entry::Data(d) = &self.entries[u.index()] else {
                continue;
            };
            let mut has = false;
            d.for_each_operand(|op| has |= op == old);
            if !has {
                continue;
            }
            let arg_list = d.is_arg_list();
            let uniqued = !d.is_distinct();
            let to = if arg_list {
                Some(new.unwrap_or(poison))
            } else {
                new
            };
            if uniqued {
                self.unintern(u);
            }
            let data = self.data_mut(u);
            data.replace_operand(old, to);
            if to.is_none() {
                data.make_distinct();
            }
            if let Some(t) = to {
                self.vam_users.entry(t).or_default().push(u);
            }
            if !uniqued || to.is_none() {
                continue;
            }
            let h = hash_of(&self.hasher, self.data(u));
            match self.find(h, self.data(u)) {
                None => self.insert_uniq(h, u),
                Some(x) if arg_list => {
                    self.entries[u.index()] = Entry::Forward(x);
                    merged.push((u, x));
                }
                Some(_) => self.data_mut(u).make_distinct(),
            }
        }
        if let Some(n) = new {
            self.entries[old.index()] = Entry::Forward(n);
        }
        merged
    }

    /// Moves the record-user list of `from` to `to`.
    pub(crate) fn move_dbg_users(&mut self, from: Metadata, to: Metadata) -> SmallVec<[Value; 2]> {
        let users = self.dbg_users.remove(&from).unwrap_or_default();
        if !users.is_empty() {
            let list = self.dbg_users.entry(to).or_default();
            for &u in &users {
                if !list.contains(&u) {
                    list.push(u);
                }
            }
        }
        users
    }

    /// Records instruction `i` as a user of the value-as-metadata and
    /// `DIArgList` operands of `r`.
    pub(crate) fn index_dbg_record(&mut self, i: Value, r: &DbgRecord) {
        for m in r.ops.iter().flatten() {
            let m = self.resolve(*m);
            // A temporary stands for a value not parsed yet (a forward
            // reference): its users move with it when it is resolved.
            let d = self.data(m);
            if matches!(d, MdData::Value(_) | MdData::Temporary) || d.is_arg_list() {
                let list = self.dbg_users.entry(m).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
    }

    /// The nodes recorded as users of value-as-metadata `m` (a superset).
    pub(crate) fn vam_users_of(&self, m: Metadata) -> &[Metadata] {
        self.vam_users.get(&m).map_or(&[], |l| l)
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
            self.move_dbg_users(old, new);
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
                self.data_mut(u).replace_operand(old, Some(new));
                let list = self.users.entry(new).or_default();
                if !list.contains(&u) {
                    list.push(u);
                }
                if self.is_vam(new) {
                    self.vam_users.entry(new).or_default().push(u);
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

    /// Sets the metadata field `name` of the distinct specialised node
    /// `node`, adding it in print order when the node lacks it.
    pub(crate) fn set_field(
        &mut self,
        node: Metadata,
        name: super::FieldName,
        md: Option<Metadata>,
    ) {
        let node = self.resolve(node);
        let i = match self.data_mut(node) {
            MdData::Specialized { kind, fields, .. } => {
                match fields.iter().position(|(n, _)| *n == name) {
                    Some(i) => i,
                    None => {
                        let order = kind.fields();
                        let rank = |n: super::FieldName| {
                            order.iter().position(|&o| o == n).unwrap_or(usize::MAX)
                        };
                        let at = fields
                            .iter()
                            .position(|(n, _)| rank(*n) > rank(name))
                            .unwrap_or(fields.len());
                        let mut v = core::mem::take(fields).into_vec();
                        v.insert(at, (name, super::MdField::Md(None)));
                        *fields = v.into_boxed_slice();
                        at
                    }
                }
            }
            _ => panic!("metadata {node:?} is not a specialised node"),
        };
        self.set_operand(node, i, md)
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
        if let Some(m) = md.filter(|&m| self.is_vam(m)) {
            self.vam_users.entry(m).or_default().push(node);
        }
    }
}
