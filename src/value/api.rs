//! The values-and-uses part of the [`Context`] API: a value's type and
//! kind, liveness, operands, uses and users, and use-list order.
//!
//! Owns the public queries and edits on the graph that need no knowledge of
//! what a value is beyond its kind: operand access, use and user
//! iteration, use counts, use-list reordering and the use-list checker. It
//! does not own changing an operand (`ir/operands.rs`, which checks it
//! against the user), RAUW or erasure (`replace.rs`), names and placement
//! (`ir/`), or the graph mechanics themselves (`graph.rs`).

use super::{Use, UseIter, UserIter, Value, ValueKind};
use crate::entity::NONE;
use crate::types::Type;
use crate::Context;

/// # Values and uses
///
/// A value's type and kind, operands, uses and users, use-list order.
impl Context {
    /// The type of a value.
    ///
    /// # Panics
    /// If `v` is stale (this and every query below).
    #[inline]
    pub fn type_of(&self, v: impl Into<Value>) -> Type {
        self.graph.get(v.into()).ty
    }

    /// What kind of value `v` is.
    #[inline]
    pub fn value_kind(&self, v: impl Into<Value>) -> ValueKind {
        self.graph.get(v.into()).kind()
    }

    /// Whether `v` still names a live value (not erased).
    #[inline]
    pub fn is_live(&self, v: Value) -> bool {
        self.graph.is_live(v)
    }

    /// Number of operands of a user (0 for non-users).
    #[inline]
    pub fn num_operands(&self, user: impl Into<Value>) -> u32 {
        self.graph.num_ops(user.into())
    }

    /// Operand `i` of `user` (`None` once dropped by
    /// [`drop_all_references`](Context::drop_all_references)).
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline]
    pub fn operand(&self, user: impl Into<Value>, i: u32) -> Option<Value> {
        self.graph.operand(user.into(), i)
    }

    /// The operands of `user`, in order.
    pub fn operands(
        &self,
        user: impl Into<Value>,
    ) -> impl ExactSizeIterator<Item = Option<Value>> + '_ {
        self.graph
            .operand_slice(user.into())
            .iter()
            .map(|u| (u.val != NONE).then(|| self.graph.handle(u.val)))
    }

    /// The use of operand `i` of `user`.
    pub fn operand_use(&self, user: impl Into<Value>, i: u32) -> Use {
        let user = user.into();
        self.graph.use_index(user, i);
        Use {
            user,
            operand_no: i,
        }
    }

    /// The value a use names.
    pub fn use_value(&self, u: Use) -> Option<Value> {
        self.graph.operand(u.user, u.operand_no)
    }

    /// The uses of `v`, most recent first (LLVM's use-list order).
    #[inline]
    pub fn uses(&self, v: impl Into<Value>) -> UseIter<'_> {
        self.graph.uses(v.into())
    }

    /// The users of `v`, one per use, most recent first.
    #[inline]
    pub fn users(&self, v: impl Into<Value>) -> UserIter<'_> {
        UserIter(self.graph.uses(v.into()))
    }

    /// Number of uses of `v`. O(uses).
    pub fn num_uses(&self, v: impl Into<Value>) -> usize {
        self.uses(v).count()
    }

    /// Whether `v` has no uses. O(1).
    pub fn use_empty(&self, v: impl Into<Value>) -> bool {
        self.graph.get(v.into()).first_use == NONE
    }

    /// Whether `v` has exactly one use. O(1).
    pub fn has_one_use(&self, v: impl Into<Value>) -> bool {
        let mut it = self.uses(v);
        it.next().is_some() && it.next().is_none()
    }

    /// Whether `v` has exactly `n` uses; stops after `n + 1` (LLVM
    /// `hasNUses`). O(n).
    pub fn has_n_uses(&self, v: impl Into<Value>, n: usize) -> bool {
        self.uses(v).take(n + 1).count() == n
    }

    /// Whether `v` has `n` uses or more; stops after `n` (LLVM
    /// `hasNUsesOrMore`). O(n).
    pub fn has_n_uses_or_more(&self, v: impl Into<Value>, n: usize) -> bool {
        self.uses(v).take(n).count() == n
    }

    /// Whether all uses of `v` are by one user.
    pub fn has_one_user(&self, v: impl Into<Value>) -> bool {
        let mut it = self.users(v);
        match it.next() {
            None => false,
            Some(u) => it.all(|x| x == u),
        }
    }

    /// Sets every operand of `user` to nothing, keeping the operand count
    /// (LLVM `dropAllReferences`; use it to break cycles before erasing).
    pub fn drop_all_references(&mut self, user: impl Into<Value>) {
        self.graph.drop_operands(user.into());
    }

    /// Sorts `v`'s use list with `cmp` (stable; LLVM `sortUseList`). O(u log u).
    pub fn sort_use_list(
        &mut self,
        v: Value,
        mut cmp: impl FnMut(&Context, Use, Use) -> core::cmp::Ordering,
    ) {
        self.graph.get(v);
        let slots = self.graph.use_slots(v.idx);
        let mut items: Vec<(u32, Use)> = slots.iter().map(|&u| (u, self.use_of_slot(u))).collect();
        items.sort_by(|a, b| cmp(self, a.1, b.1));
        let order: Vec<u32> = items.into_iter().map(|x| x.0).collect();
        self.graph.relink_uses(v.idx, &order);
    }

    /// Reverses `v`'s use list (LLVM `reverseUseList`). O(uses).
    pub fn reverse_use_list(&mut self, v: Value) {
        self.graph.get(v);
        let mut slots = self.graph.use_slots(v.idx);
        slots.reverse();
        self.graph.relink_uses(v.idx, &slots);
    }

    /// Reorders `v`'s use list by a permutation, as the `uselistorder`
    /// directive does: `order[i]` is the new position of the use now at
    /// position `i`.
    ///
    /// # Panics
    /// If `order` is not a permutation of `0..num_uses(v)`.
    pub fn permute_use_list(&mut self, v: Value, order: &[u32]) {
        self.graph.get(v);
        let slots = self.graph.use_slots(v.idx);
        assert_eq!(
            order.len(),
            slots.len(),
            "use-list order has {} entries for {} uses",
            order.len(),
            slots.len()
        );
        let mut out = vec![NONE; slots.len()];
        for (i, &to) in order.iter().enumerate() {
            let to = to as usize;
            assert!(
                to < out.len() && out[to] == NONE,
                "use-list order is not a permutation"
            );
            out[to] = slots[i];
        }
        self.graph.relink_uses(v.idx, &out);
    }

    fn use_of_slot(&self, u: u32) -> Use {
        self.graph.use_at(u)
    }

    /// Walks every use list in both directions and compares it with every
    /// user's operands, then walks every value-handle list the same way.
    /// `Err` names the first inconsistency.
    pub fn check_use_lists(&self) -> Result<(), String> {
        self.graph.check()?;
        self.handles.check(&self.graph)
    }
}
