//! Attribute sets and lists: [`AttributeSet`] (the attributes at one
//! position, canonically ordered) and [`AttributeList`] (a function's or
//! call's sets for the function, the return value and each parameter,
//! addressed by [`AttrIndex`]).
//!
//! Does not own the printing of sets (`print.rs`).

use core::cmp::Ordering;
use core::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use super::attr::Attribute;
use super::kind::AttrKind;

/// The attributes at one position: at most one per kind and one per string
/// key, kept in LLVM's canonical order (kinds by enum value, then string
/// attributes by key bytes), which is also llvm-dis's print order.
///
/// Equal sets compare and hash equal, so a printer can group identical
/// function attribute sets into `#N` groups with a hash map. The storage
/// is shared: cloning a set is a reference-count increment (a `#0` group
/// merged into thousands of functions is stored once); changing one
/// copies it first.
#[derive(Clone, Debug, Default)]
pub struct AttributeSet {
    /// Sorted by [`canonical_cmp`], no two with the same kind or key;
    /// `None` when empty (never an empty slice). Maintained only by
    /// [`AttributeSet::from_sorted`].
    attrs: Option<Arc<[Attribute]>>,
}

impl PartialEq for AttributeSet {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for AttributeSet {}

impl Hash for AttributeSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// The slot an attribute occupies in a set: its kind, or its string key.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Slot<'a> {
    Kind(AttrKind),
    Key(&'a [u8]),
}

fn slot(a: &Attribute) -> Slot<'_> {
    match (a.kind(), a.as_string()) {
        (Some(k), _) => Slot::Kind(k),
        (None, Some(s)) => Slot::Key(s.key()),
        // Unreachable: an attribute without a kind is a string attribute.
        (None, None) => Slot::Key(&[]),
    }
}

/// LLVM's order of the attributes of a set (`AttributeImpl::operator<`
/// restricted to one attribute per slot).
fn canonical_cmp(a: &Attribute, b: &Attribute) -> Ordering {
    slot(a).cmp(&slot(b))
}

impl AttributeSet {
    /// The empty set.
    pub fn new() -> AttributeSet {
        AttributeSet { attrs: None }
    }

    /// The set of `v`, already in canonical order without duplicates (as
    /// [`insert_sorted`] keeps it).
    pub(crate) fn from_sorted(v: Vec<Attribute>) -> AttributeSet {
        AttributeSet {
            attrs: (!v.is_empty()).then(|| Arc::from(v)),
        }
    }

    /// The set of `attrs`, added in order (a later attribute of the same
    /// kind or key replaces an earlier one, as in LLVM's `AttrBuilder`).
    pub fn from_attrs(attrs: impl IntoIterator<Item = Attribute>) -> AttributeSet {
        let mut v: Vec<Attribute> = Vec::new();
        for a in attrs {
            insert_sorted(&mut v, a);
        }
        AttributeSet::from_sorted(v)
    }

    fn find(&self, s: Slot<'_>) -> Result<usize, usize> {
        self.as_slice().binary_search_by(|a| slot(a).cmp(&s))
    }

    /// Adds `attr`, replacing the attribute of the same kind or key. An
    /// attribute LLVM treats as a no-op ([`Attribute::is_noop`]) is not
    /// added.
    pub fn add(&mut self, attr: Attribute) {
        let mut v = Vec::with_capacity(self.len() + 1);
        v.extend_from_slice(self.as_slice());
        insert_sorted(&mut v, attr);
        *self = AttributeSet::from_sorted(v);
    }

    /// Removes the attribute of `kind`; returns it if it was there.
    pub fn remove(&mut self, kind: AttrKind) -> Option<Attribute> {
        let i = self.find(Slot::Kind(kind)).ok()?;
        Some(self.remove_at(i))
    }

    /// Removes the string attribute with `key`; returns it if it was there.
    pub fn remove_string(&mut self, key: impl AsRef<[u8]>) -> Option<Attribute> {
        let i = self.find(Slot::Key(key.as_ref())).ok()?;
        Some(self.remove_at(i))
    }

    fn remove_at(&mut self, i: usize) -> Attribute {
        let mut v = self.as_slice().to_vec();
        let a = v.remove(i);
        *self = AttributeSet::from_sorted(v);
        a
    }

    /// The attribute of `kind`, if present.
    pub fn get(&self, kind: AttrKind) -> Option<&Attribute> {
        self.find(Slot::Kind(kind))
            .ok()
            .map(|i| &self.as_slice()[i])
    }

    /// The string attribute with `key`, if present.
    pub fn get_string(&self, key: impl AsRef<[u8]>) -> Option<&Attribute> {
        self.find(Slot::Key(key.as_ref()))
            .ok()
            .map(|i| &self.as_slice()[i])
    }

    /// Whether an attribute of `kind` is present.
    pub fn has(&self, kind: AttrKind) -> bool {
        self.find(Slot::Kind(kind)).is_ok()
    }

    /// Whether a string attribute with `key` is present.
    pub fn has_string(&self, key: impl AsRef<[u8]>) -> bool {
        self.find(Slot::Key(key.as_ref())).is_ok()
    }

    /// The attributes, in canonical (print) order.
    pub fn iter(&self) -> core::slice::Iter<'_, Attribute> {
        self.as_slice().iter()
    }

    /// The attributes as a slice, in canonical order.
    pub fn as_slice(&self) -> &[Attribute] {
        self.attrs.as_deref().unwrap_or(&[])
    }

    /// Whether `self` and `other` are both empty or share their storage
    /// (a clone of one another): equal without comparing attributes.
    #[inline]
    fn same_storage(&self, other: &AttributeSet) -> bool {
        match (&self.attrs, &other.attrs) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_none()
    }

    /// This set with the attributes of `other` whose kind (or string key)
    /// it lacks; its own attributes win. Shares `other`'s storage when
    /// this set is empty.
    pub fn merged_with(&self, other: &AttributeSet) -> AttributeSet {
        if self.is_empty() {
            return other.clone();
        }
        if other.is_empty() {
            return self.clone();
        }
        let mut v = Vec::with_capacity(self.len() + other.len());
        v.extend_from_slice(other.as_slice());
        for a in self.iter() {
            insert_sorted(&mut v, a.clone());
        }
        AttributeSet::from_sorted(v)
    }
}

/// Adds `attr` to `v`, kept in canonical order with one attribute per
/// kind or key (replacing one of the same slot); no-ops are not added.
pub(crate) fn insert_sorted(v: &mut Vec<Attribute>, attr: Attribute) {
    if attr.is_noop() {
        return;
    }
    if v.is_empty() {
        v.push(attr);
        return;
    }
    match v.binary_search_by(|a| canonical_cmp(a, &attr)) {
        Ok(i) => v[i] = attr,
        Err(i) => v.insert(i, attr),
    }
}

impl<'a> IntoIterator for &'a AttributeSet {
    type Item = &'a Attribute;
    type IntoIter = core::slice::Iter<'a, Attribute>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl FromIterator<Attribute> for AttributeSet {
    fn from_iter<I: IntoIterator<Item = Attribute>>(iter: I) -> Self {
        AttributeSet::from_attrs(iter)
    }
}

/// A position in an [`AttributeList`]. LLVM numbers them `~0` (function),
/// `0` (return) and `1 + n` (parameter `n`); see
/// [`AttrIndex::from_llvm`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrIndex {
    /// The function (or call site) itself.
    Function,
    /// The return value.
    Return,
    /// Parameter `n` (0-based).
    Param(u32),
}

impl AttrIndex {
    /// From LLVM's index (`AttributeList::FunctionIndex` = `u32::MAX`,
    /// `ReturnIndex` = 0, `FirstArgIndex` = 1).
    pub fn from_llvm(index: u32) -> AttrIndex {
        match index {
            u32::MAX => AttrIndex::Function,
            0 => AttrIndex::Return,
            n => AttrIndex::Param(n - 1),
        }
    }

    /// LLVM's index of this position.
    ///
    /// # Panics
    ///
    /// For `Param(u32::MAX - 1)` and above, which have no LLVM index.
    pub fn llvm_index(self) -> u32 {
        match self {
            AttrIndex::Function => u32::MAX,
            AttrIndex::Return => 0,
            AttrIndex::Param(n) => {
                assert!(
                    n < u32::MAX - 1,
                    "parameter index {n} has no LLVM attribute index"
                );
                n + 1
            }
        }
    }

    /// Where in the sets array this index lives: 0 function, 1 return,
    /// 2 + n parameter n.
    fn slot(self) -> usize {
        match self {
            AttrIndex::Function => 0,
            AttrIndex::Return => 1,
            AttrIndex::Param(n) => (n as usize).saturating_add(2),
        }
    }
}

/// The set returned for positions without attributes.
static EMPTY: OnceLock<AttributeSet> = OnceLock::new();

/// The attributes of a function or call: one [`AttributeSet`] for the
/// function, one for the return value, one per parameter.
///
/// Stored as one shared slice `[function, return, param 0, param 1, ...]`
/// without trailing empty sets, so an empty list allocates nothing, the
/// value is 16 bytes, and a clone (every call site given the same list,
/// as the bitcode reader does) is a reference count, not a copy. Changes
/// copy the slice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttributeList {
    /// No trailing empty set (maintained by [`AttributeList::set_attrs`]);
    /// `None` when empty (never an empty slice).
    sets: Option<Arc<[AttributeSet]>>,
}

impl AttributeList {
    /// The empty list.
    pub fn new() -> AttributeList {
        AttributeList::default()
    }

    /// A list from its function, return and parameter sets.
    pub fn from_sets(
        function: AttributeSet,
        ret: AttributeSet,
        mut params: Vec<AttributeSet>,
    ) -> AttributeList {
        AttributeList::from_slice(function, ret, &mut params)
    }

    /// [`from_sets`](Self::from_sets), taking the parameter sets out of
    /// `params` (left empty); one allocation of the exact size.
    pub(crate) fn from_slice(
        function: AttributeSet,
        ret: AttributeSet,
        params: &mut [AttributeSet],
    ) -> AttributeList {
        let n = params
            .iter()
            .rposition(|s| !s.is_empty())
            .map_or(0, |i| i + 1);
        let len = if n > 0 {
            2 + n
        } else if !ret.is_empty() {
            2
        } else {
            usize::from(!function.is_empty())
        };
        if len == 0 {
            return AttributeList::default();
        }
        // An exact-size iterator: `collect` makes the shared slice in one
        // allocation.
        let sets: Arc<[AttributeSet]> = if len == 1 {
            Arc::from([function])
        } else {
            core::iter::once(function)
                .chain(core::iter::once(ret))
                .chain(params[..n].iter_mut().map(core::mem::take))
                .collect()
        };
        AttributeList { sets: Some(sets) }
    }

    /// Whether this list is what [`from_slice`](Self::from_slice) makes of
    /// these sets, each held in the same shared storage: an identity
    /// check (equal sets of separate storage answer false), so a caller
    /// that interns its sets can reuse one list for equal lists.
    pub(crate) fn holds_sets(
        &self,
        function: &AttributeSet,
        ret: &AttributeSet,
        params: &[AttributeSet],
    ) -> bool {
        let n = params
            .iter()
            .rposition(|s| !s.is_empty())
            .map_or(0, |i| i + 1);
        let sets = self.slice();
        match sets {
            [] => function.is_empty() && ret.is_empty() && n == 0,
            [f] => f.same_storage(function) && ret.is_empty() && n == 0,
            [f, r, rest @ ..] => {
                rest.len() == n
                    && f.same_storage(function)
                    && r.same_storage(ret)
                    && rest.iter().zip(params).all(|(a, b)| a.same_storage(b))
            }
        }
    }

    /// The sets, `[function, return, param 0, ...]`, without trailing
    /// empty ones.
    #[inline]
    fn slice(&self) -> &[AttributeSet] {
        self.sets.as_deref().unwrap_or(&[])
    }

    /// The set at `index` (empty if none).
    pub fn attrs(&self, index: AttrIndex) -> &AttributeSet {
        self.slice()
            .get(index.slot())
            .unwrap_or_else(|| EMPTY.get_or_init(AttributeSet::new))
    }

    /// The function attributes.
    pub fn fn_attrs(&self) -> &AttributeSet {
        self.attrs(AttrIndex::Function)
    }

    /// The return-value attributes.
    pub fn ret_attrs(&self) -> &AttributeSet {
        self.attrs(AttrIndex::Return)
    }

    /// The attributes of parameter `n` (0-based).
    pub fn param_attrs(&self, n: u32) -> &AttributeSet {
        self.attrs(AttrIndex::Param(n))
    }

    /// One past the last parameter that has attributes (0 if none does).
    pub fn num_param_sets(&self) -> u32 {
        self.slice().len().saturating_sub(2) as u32
    }

    /// Replaces the set at `index` (the list grows to `index`: O(n) for
    /// parameter n).
    pub fn set_attrs(&mut self, index: AttrIndex, set: AttributeSet) {
        let i = index.slot();
        if i >= self.slice().len() && set.is_empty() {
            return;
        }
        let mut v = self.slice().to_vec();
        if i >= v.len() {
            v.resize(i + 1, AttributeSet::new());
        }
        v[i] = set;
        while v.last().is_some_and(AttributeSet::is_empty) {
            v.pop();
        }
        self.sets = (!v.is_empty()).then(|| v.into());
    }

    /// Adds `attr` at `index` (replacing one of the same kind or key).
    pub fn add(&mut self, index: AttrIndex, attr: Attribute) {
        let mut s = self.attrs(index).clone();
        s.add(attr);
        self.set_attrs(index, s);
    }

    /// Removes the attribute of `kind` at `index`; returns it if present.
    pub fn remove(&mut self, index: AttrIndex, kind: AttrKind) -> Option<Attribute> {
        let mut s = self.attrs(index).clone();
        let a = s.remove(kind)?;
        self.set_attrs(index, s);
        Some(a)
    }

    /// Whether `index` has an attribute of `kind`.
    pub fn has(&self, index: AttrIndex, kind: AttrKind) -> bool {
        self.attrs(index).has(kind)
    }

    /// Whether no position has any attribute.
    pub fn is_empty(&self) -> bool {
        self.sets.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(kind: AttrKind) -> AttributeSet {
        AttributeSet::from_attrs([Attribute::Enum(kind)])
    }

    #[test]
    fn holds_sets_is_identity_of_storage() {
        let noundef = set(AttrKind::NoUndef);
        let mut params = vec![noundef.clone(), noundef.clone(), AttributeSet::new()];
        let l = AttributeList::from_slice(AttributeSet::new(), AttributeSet::new(), &mut params);
        // The same sets (clones share storage), trailing empty ones aside.
        let same = [noundef.clone(), noundef.clone()];
        let empty = AttributeSet::new();
        assert!(l.holds_sets(&empty, &empty, &same));
        assert!(l.holds_sets(
            &empty,
            &empty,
            &[noundef.clone(), noundef.clone(), empty.clone()]
        ));
        // An equal set of other storage, another length, another position.
        let other = set(AttrKind::NoUndef);
        assert!(!l.holds_sets(&empty, &empty, &[noundef.clone(), other]));
        assert!(!l.holds_sets(&empty, &empty, std::slice::from_ref(&noundef)));
        assert!(!l.holds_sets(&noundef, &empty, &same));
        assert!(!l.holds_sets(&empty, &noundef, &same));
        // The empty list, and a list of function attributes alone.
        let none = AttributeList::new();
        assert!(none.holds_sets(&empty, &empty, std::slice::from_ref(&empty)));
        assert!(!none.holds_sets(&empty, &empty, std::slice::from_ref(&noundef)));
        let nounwind = set(AttrKind::NoUnwind);
        let f = AttributeList::from_slice(nounwind.clone(), AttributeSet::new(), &mut []);
        assert!(f.holds_sets(&nounwind, &empty, &[]));
        assert!(!f.holds_sets(&set(AttrKind::NoUnwind), &empty, &[]));
        assert!(!f.holds_sets(&nounwind, &noundef, &[]));
    }
}
