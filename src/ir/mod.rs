//! Module structure: modules, functions, blocks, arguments, globals,
//! attributes, metadata, and the placement of instructions in blocks.
//!
//! Owns the typed handles over [`Value`] ([`Inst`], [`Block`],
//! [`Function`], [`Global`]), the [`Module`] handle, and the side records
//! (names and per-kind payloads) that keep the hot value record small.

pub mod attributes;
pub mod function;
pub mod global;
pub mod inst;
pub mod metadata;
pub mod module;
pub(crate) mod side;
pub mod special;
pub mod summary;

use crate::entity::{plain_entity, NONE};
use crate::types::Type;
use crate::value::{Use, UseIter, UserIter, Value, ValueKind};
use crate::Context;
use side::{Payload, Side};

plain_entity!(
    /// A module of its context.
    Module
);

macro_rules! value_handle {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name(pub Value);
        impl From<$name> for Value {
            fn from(x: $name) -> Value { x.0 }
        }
    };
}

value_handle!(
    /// An instruction (a [`Value`] of kind [`ValueKind::Instruction`]).
    Inst
);
value_handle!(
    /// A basic block (a [`Value`] of type `label`).
    Block
);
value_handle!(
    /// A function (a global [`Value`]).
    Function
);
value_handle!(
    /// A global variable, alias or ifunc.
    Global
);

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

    /// `v` as an instruction, if it is one.
    #[inline]
    pub fn as_inst(&self, v: Value) -> Option<Inst> {
        (self.value_kind(v) == ValueKind::Instruction).then_some(Inst(v))
    }

    /// `v` as a block, if it is one.
    #[inline]
    pub fn as_block(&self, v: Value) -> Option<Block> {
        (self.value_kind(v) == ValueKind::Block).then_some(Block(v))
    }

    /// `v` as a function, if it is one.
    #[inline]
    pub fn as_function(&self, v: Value) -> Option<Function> {
        (self.value_kind(v) == ValueKind::Function).then_some(Function(v))
    }

    /// The name of a value (without `%`/`@`), if it has one.
    pub fn name_of(&self, v: impl Into<Value>) -> Option<&str> {
        self.side_of(v.into()).and_then(|s| s.name.as_deref())
    }

    /// Names a value: globals uniquely in their module (`.N` suffix on
    /// collision), locals uniquely in their function (`N` suffix), as LLVM
    /// does. Detached blocks and instructions keep the name as given until
    /// they are inserted. Constants cannot be named.
    ///
    /// # Panics
    /// If `v` is a constant, or a void-typed instruction given a name.
    pub fn set_name(&mut self, v: impl Into<Value>, name: &str) {
        let v = v.into();
        let d = self.graph.get(v);
        match d.kind() {
            k if k.is_global() => self.set_global_name(v, name),
            ValueKind::Argument => {
                let f = Function(self.graph.handle(d.a));
                self.set_local_name(f, v, name)
            }
            ValueKind::Block => match self.block_parent(Block(v)) {
                Some(f) => self.set_local_name(f, v, name),
                None => self.set_raw_name(v, (!name.is_empty()).then(|| name.into())),
            },
            ValueKind::Instruction => {
                assert!(
                    name.is_empty() || !self.is_void(d.ty),
                    "instruction has a name, but provides a void value"
                );
                let f = self.inst_parent(Inst(v)).and_then(|b| self.block_parent(b));
                match f {
                    Some(f) => self.set_local_name(f, v, name),
                    None => self.set_raw_name(v, (!name.is_empty()).then(|| name.into())),
                }
            }
            k => panic!("a {k:?} cannot be named"),
        }
    }

    pub(crate) fn side_of(&self, v: Value) -> Option<&Side> {
        let s = self.graph.side(v);
        (s != NONE).then(|| &self.sides.recs[s as usize])
    }

    pub(crate) fn side_of_mut(&mut self, v: Value) -> Option<&mut Side> {
        let s = self.graph.side(v);
        (s != NONE).then(|| &mut self.sides.recs[s as usize])
    }

    fn side_or_new(&mut self, v: Value) -> &mut Side {
        let s = self.graph.side(v);
        let s = if s == NONE {
            let s = self.sides.alloc(Side {
                name: None,
                payload: Payload::None,
            });
            self.graph.set_side(v, s);
            s
        } else {
            s
        };
        &mut self.sides.recs[s as usize]
    }

    pub(crate) fn set_payload(&mut self, v: Value, p: Payload) {
        let old = core::mem::replace(&mut self.side_or_new(v).payload, p);
        if let Payload::Inst(x) = old {
            self.sides.free_extra(x);
        }
    }

    pub(crate) fn set_raw_name(&mut self, v: Value, name: Option<Box<str>>) {
        if name.is_none() && !self.graph.get(v).has_side() {
            return;
        }
        self.side_or_new(v).name = name;
    }

    // ---- operands and uses ------------------------------------------------

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

    /// Sets operand `i` of a non-constant user: the use moves to the head of
    /// `v`'s use list (LLVM U5). O(1). Constants are immutable: re-point a
    /// constant through RAUW of what it uses.
    ///
    /// # Panics
    /// If `user` is a uniqued constant, `i` is out of range, or a value is stale.
    pub fn set_operand(&mut self, user: impl Into<Value>, i: u32, v: Option<Value>) {
        let user = user.into();
        assert_ne!(
            self.value_kind(user),
            ValueKind::Constant,
            "constants are uniqued and cannot be edited in place"
        );
        self.graph.set_operand(user, i, v);
    }

    /// Swaps the values of operands `i` and `j` of `user` (LLVM `Use::swap`).
    pub fn swap_operands(&mut self, user: impl Into<Value>, i: u32, j: u32) {
        let user = user.into();
        let a = self.operand(user, i);
        let b = self.operand(user, j);
        self.set_operand(user, i, b);
        self.set_operand(user, j, a);
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

    /// Whether an instruction of block `b` uses `v` (LLVM
    /// `isUsedInBasicBlock`). O(uses of `v`).
    pub fn is_used_in_block(&self, v: impl Into<Value>, b: Block) -> bool {
        self.users(v).any(|u| self.parent_block_of(u) == Some(b))
    }

    /// The block holding `v` if it is an instruction in one.
    fn parent_block_of(&self, v: Value) -> Option<Block> {
        self.as_inst(v).and_then(|i| self.inst_parent(i))
    }

    /// Replaces the uses of `from` except those by instructions of block
    /// `b` (LLVM `replaceUsesOutsideBlock`: uses by constants and by
    /// instructions elsewhere or in no block change). Returns whether any
    /// use changed.
    ///
    /// # Panics
    /// If the types differ (as [`replace_uses_with_if`](Self::replace_uses_with_if)).
    pub fn replace_uses_outside_block(&mut self, from: Value, to: Value, b: Block) -> bool {
        self.replace_uses_with_if(from, to, |ctx, u| ctx.parent_block_of(u.user) != Some(b))
    }

    /// Whether all uses of `v` are by one user.
    pub fn has_one_user(&self, v: impl Into<Value>) -> bool {
        let mut it = self.users(v);
        match it.next() {
            None => false,
            Some(u) => it.all(|x| x == u),
        }
    }

    /// Replaces every use of `from` in `user`'s operands with `to`; true if
    /// anything changed (LLVM `User::replaceUsesOfWith`).
    pub fn replace_uses_of_with(&mut self, user: impl Into<Value>, from: Value, to: Value) -> bool {
        let user = user.into();
        let mut changed = false;
        for i in 0..self.num_operands(user) {
            if self.operand(user, i) == Some(from) {
                self.set_operand(user, i, Some(to));
                changed = true;
            }
        }
        changed
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
