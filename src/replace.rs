//! The RAUW policy and erasure: what replacing or erasing a value means
//! for constants, PHIs and value handles.
//!
//! Owns [`Context::replace_all_uses_with`], `replace_uses_with_if`, the
//! erase operations and the dispatch of value-handle events. The mechanics
//! (moving uses between lists) are `value/`'s; this layer decides, per use,
//! whether the user is a uniqued constant that must be re-uniqued
//! (`handle_operand_change`) or an ordinary user re-pointed in place, and
//! tells handles in LLVM's order (handles first, then uses, then PHI blocks).
//!
//! # RAUW
//!
//! `replace_all_uses_with(from, to)` follows `doRAUW`'s order: (1) handles
//! are told; (2) a `from` with `USED_BY_MD` has its metadata moved
//! (`ir/dbg.rs`); (3) `Graph::move_plain_uses` drains the list head first
//! and stops at a use by a uniqued constant, on which
//! `handle_operand_change` runs (all uses inside that constant at once),
//! then resumes; (4) for a block, successors' PHIs that named it name `to`.
//! It panics on different types, `from == to`, a constant `to` containing
//! `from` (R7), or a non-PHI instruction `to` using `from`.
//! `replace_uses_with_if` re-uniques each constant user once, after the loop
//! (R9), and leaves metadata alone, as LLVM's does.
//!
//! `handle_operand_change(c, from, to)`: if an equal constant exists, or the
//! new operands canonicalise to another form, RAUW `c` to it and destroy `c`
//! (R2–R5); otherwise update `c` in place and re-register it (identity kept,
//! R6). Only a `blockaddress` may name a block.
//!
//! # Erasure
//!
//! Handles are told first (weak ones empty; callbacks run with `&mut
//! Context` and may RAUW the dying value away; asserting handles are checked
//! last, VH9), then "uses remain" is checked, then the value is unlinked and
//! freed. `erase_inst` tests the common case with one compare of the kind
//! byte (no handle or side bit) and an empty use list; `erase_plain_inst`
//! then works on raw indices through `Graph::release_dying_run`. The rest
//! takes the `#[cold]` general path, which also moves the metadata of a
//! value with `USED_BY_MD` (instructions: to `undef`; global values and
//! arguments: deleted) and hands the instruction's debug records on.
//! `erase_block` drops its instructions' operands first, so they may use
//! each other.

use crate::constants::{ConstKind, ConstPayload};
use crate::entity::NONE;
use crate::inst::{bits, Opcode, WrapFlags};
use crate::ir::dbg::WrapperMerges;
use crate::ir::inst::InstPayload;
use crate::ir::side::Payload;
use crate::ir::{Block, Function, Global, Inst};
use crate::value::{
    HandleEvent, HandleId, HandleKind, Use, Value, ValueKind, HAS_HANDLES, KIND_MASK, USED_BY_MD,
};
use crate::Context;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// A callback run for a [`HandleKind::Callback`] handle.
pub type HandleCallback = Box<dyn FnMut(&mut Context, HandleId, HandleEvent)>;

/// The message of RAUW's type check.
const RAUW_TYPES: &str = "replace_all_uses_with of a value with a new value of a different type";

/// # RAUW
///
/// Replacing all uses of a value, or those a predicate selects; constant
/// users re-uniqued, handles told, PHI blocks followed.
impl Context {
    /// Replaces every use of `from` with `to` (LLVM `replaceAllUsesWith`).
    ///
    /// Order of effects, as LLVM's: value handles are told first
    /// (weak-tracking handles move to `to`, callback handles get
    /// [`HandleEvent::Replaced`], poisoning handles are poisoned); then the
    /// use list is drained head first — a use whose user is a uniqued
    /// constant re-uniques that constant (every use inside it at once),
    /// any other use is re-pointed in O(1), so `to`'s list becomes `from`'s
    /// former uses in reverse followed by its own (RW3); finally, if `from`
    /// is a block, PHIs in its successors that named it now name `to`.
    /// O(uses of `from` + handles on it).
    ///
    /// # Panics
    /// If the types differ, `from == to`, a value is stale, `to` is a
    /// constant that contains `from` (LLVM R7), `to` is a non-PHI
    /// instruction that uses `from` (it would use itself), or `to` is a
    /// local value (argument, instruction, block) of another function than
    /// an instruction using `from` (checked in O(1) when `from` is a local
    /// value of `to`'s function, else over the uses).
    pub fn replace_all_uses_with(&mut self, from: impl Into<Value>, to: impl Into<Value>) {
        let (from, to) = (from.into(), to.into());
        let (df, dt) = (self.graph.get(from), self.graph.get(to));
        let (mut bits, has_uses, ty_from, ty_to) =
            (df.kind_bits, df.first_use != NONE, df.ty, dt.ty);
        if has_uses {
            self.check_rauw_users(from, to);
        } else if from == to || ty_from != ty_to {
            // The checks on users (locality, R7, self-use) can fail only
            // when `from` has uses: a `to` that contains or uses `from` is
            // one.
            self.check_rauw_users(from, to);
        }
        let mut rest = has_uses;
        if bits & HAS_HANDLES != 0 {
            if self.callbacks.is_empty() {
                // Nothing runs in between: `from`'s other bits and its
                // uses stay as read.
                self.handles.rauw_plain(&mut self.graph, from.idx, to.idx);
            } else {
                // A callback may have given `from` uses.
                self.notify_rauw(from, to);
                bits = self.graph.get(from).kind_bits;
                rest = true;
            }
        }
        if rest || bits & USED_BY_MD != 0 || bits & KIND_MASK == ValueKind::Block as u8 {
            self.rauw_after_handles(from, to, bits);
        }
    }

    /// [`replace_all_uses_with`](Self::replace_all_uses_with)'s checks,
    /// in its order: locality, identity, types, self-use (locality and
    /// self-use only matter when `from` has uses). Out of line: a `from`
    /// without uses comes here only to panic.
    #[inline(never)]
    fn check_rauw_users(&self, from: Value, to: Value) {
        let has_uses = self.graph.get(from).first_use != NONE;
        if has_uses {
            self.check_rauw_locality("Context::replace_all_uses_with", from, to);
        }
        assert_ne!(from, to, "changing value into itself");
        assert_eq!(self.type_of(from), self.type_of(to), "{RAUW_TYPES}");
        if has_uses {
            self.check_rauw_self_use(from, to);
        }
    }

    /// [`replace_all_uses_with`](Self::replace_all_uses_with) once the
    /// handles were told (`bits`: `from`'s kind byte by then): metadata,
    /// uses, then a block's PHI incoming blocks. Out of line: a value
    /// without uses, metadata or blocks (a handle's RAUW) needs none of it.
    #[inline(never)]
    fn rauw_after_handles(&mut self, from: Value, to: Value, bits: u8) {
        if bits & USED_BY_MD != 0 {
            let merges = self.md_value_replaced(from, to);
            self.merge_md_wrappers(merges);
        }
        while let Some(u) = self.graph.move_plain_uses(from.idx, to.idx) {
            let c = self.graph.handle(self.graph.pool.uses[u as usize].user());
            self.handle_operand_change(c, from, to);
        }
        if bits & KIND_MASK == ValueKind::Block as u8 {
            let succs: smallvec::SmallVec<[Block; 4]> = self.successors(Block(from)).collect();
            for s in succs {
                self.replace_phi_incoming_block(s, Block(from), Block(to));
            }
        }
    }

    /// [`replace_all_uses_with`](Self::replace_all_uses_with) of an
    /// instruction by a pass that guarantees what the public method
    /// checks: `to` differs from `from`, has its type and, when local, is
    /// of `from`'s function (mem2reg: a load replaced by what its alloca
    /// holds). Without the checks a replacement costs the handle and
    /// metadata tests and the walk of `from`'s uses; like LLVM, it may
    /// make an instruction of unreachable code use itself. The effects
    /// are the public method's.
    pub(crate) fn replace_inst_uses_trusted(&mut self, from: Inst, to: Value) {
        let from = from.0;
        debug_assert_ne!(from, to, "changing value into itself");
        debug_assert_eq!(self.type_of(from), self.type_of(to));
        let bits = self.graph.get(from).kind_bits;
        if bits & HAS_HANDLES != 0 {
            self.notify_rauw(from, to);
        }
        if bits & USED_BY_MD != 0 {
            let merges = self.md_value_replaced(from, to);
            self.merge_md_wrappers(merges);
        }
        // An instruction has no constant users, so this moves every use.
        while let Some(u) = self.graph.move_plain_uses(from.idx, to.idx) {
            let c = self.graph.handle(self.graph.pool.uses[u as usize].user());
            self.handle_operand_change(c, from, to);
        }
    }

    /// Panics if `to` is a constant that contains `from` (LLVM R7) or a
    /// non-PHI instruction that uses it.
    fn check_rauw_self_use(&self, from: Value, to: Value) {
        if self.value_kind(to) == ValueKind::Constant && self.constant_contains(to, from) {
            panic!("replace_all_uses_with(expr(this)) is not valid: the replacement contains the value");
        }
        // Raw indices: an operand names a live value, so its slot alone
        // identifies it (no generation reads).
        if self.value_kind(to) == ValueKind::Instruction
            && self.opcode(Inst(to)) != Opcode::Phi
            && self
                .graph
                .operand_slice(to)
                .iter()
                .any(|u| u.val == from.idx)
        {
            panic!("replace_all_uses_with would make {to:?} use itself");
        }
    }

    /// Checks that a local `to` is of the function of the instructions
    /// using `from` (called only when `from` has uses).
    fn check_rauw_locality(&self, who: &str, from: Value, to: Value) {
        let g = match self.local_function_of(self.graph.get(to)) {
            Some(g) if g != NONE => g,
            _ => return,
        };
        // A local `from` of `g` has its users in `g` unless blocks moved
        // between functions; a parser's forward-reference placeholder is
        // used within the function it resolves in; otherwise each user is
        // checked.
        let df = self.graph.get(from);
        if !df.is(ValueKind::Placeholder) && self.local_function_of(df) != Some(g) {
            for u in self.users(from) {
                self.check_user_locality(who, u, to);
            }
        }
    }

    /// Checks that `to` may be an operand of `user` (an instruction placed
    /// in a function: `to` must be of that function).
    fn check_user_locality(&self, who: &str, user: Value, to: Value) {
        let d = self.graph.get(user);
        if d.is(ValueKind::Instruction) && d.a != crate::entity::NONE {
            let f = self.graph.values[d.a as usize].a;
            self.check_local(who, to, f, d.a);
        }
    }

    /// Replaces the uses of `from` for which `pred` holds (LLVM
    /// `replaceUsesWithIf`); returns whether any was selected. Constant
    /// users are collected and re-uniqued once each after the loop, which
    /// replaces every use inside them (LLVM R9).
    pub fn replace_uses_with_if(
        &mut self,
        from: Value,
        to: Value,
        mut pred: impl FnMut(&Context, Use) -> bool,
    ) -> bool {
        assert_eq!(
            self.type_of(from),
            self.type_of(to),
            "replace_uses_with_if of a value with a new value of a different type"
        );
        let uses: Vec<Use> = self.uses(from).collect();
        let mut consts: Vec<Value> = Vec::new();
        let mut any = false;
        for u in uses {
            if !pred(self, u) {
                continue;
            }
            any = true;
            if self.value_kind(u.user) == ValueKind::Constant {
                if !consts.contains(&u.user) {
                    consts.push(u.user);
                }
            } else {
                self.check_user_locality("Context::replace_uses_with_if", u.user, to);
                self.graph.set_operand(u.user, u.operand_no, Some(to));
            }
        }
        for c in consts {
            if self.is_live(c) && self.operands(c).any(|o| o == Some(from)) {
                self.handle_operand_change(c, from, to);
            }
        }
        any
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

    /// LLVM's `handleOperandChange`: constant `c` uses `from`, which is being
    /// replaced by `to`. Either `c` is updated in place and re-registered
    /// (its identity kept, R6) or, when the new form already exists or
    /// canonicalises to another constant, `c` is replaced by that one (its
    /// own users following recursively) and destroyed (R2, R4, R5).
    fn handle_operand_change(&mut self, c: Value, from: Value, to: Value) {
        assert!(
            self.value_kind(to).is_constant()
                || (self.value_kind(to) == ValueKind::Block
                    && self.const_kind(c) == ConstKind::BlockAddress),
            "cannot make constant refer to non-constant"
        );
        let ops: Vec<Value> = self
            .operands(c)
            .map(|o| o.expect("constant operands are never dropped"))
            .map(|o| if o == from { to } else { o })
            .collect();
        // Is there an equal constant already, or does the new operand list
        // canonicalise to something else? Build it through the constructors
        // only when that cannot create a duplicate of `c` itself.
        let canon_other = match self.const_lookup_with_operands(c, &ops) {
            Some(e) => Some(e),
            None => {
                let k = self.const_kind(c);
                let changes_form =
                    matches!(k, ConstKind::Array | ConstKind::Vector | ConstKind::Struct)
                        && (ops.iter().all(|&e| self.is_null_value(e))
                            || ops.iter().all(|&e| self.is_const_kind(e, ConstKind::Undef))
                            || ops
                                .iter()
                                .all(|&e| self.is_const_kind(e, ConstKind::Poison))
                            || (k != ConstKind::Struct
                                && ops.iter().all(|&e| {
                                    self.is_const_kind(e, ConstKind::Int)
                                        || self.is_const_kind(e, ConstKind::Float)
                                })));
                if k == ConstKind::Expr {
                    self.refold_expr(c, &ops)
                } else {
                    changes_form.then(|| self.rebuild_const(c, &ops))
                }
            }
        };
        match canon_other {
            Some(other) if other != c => {
                self.replace_all_uses_with(c, other);
                // Its handles are told before it goes, as LLVM's
                // destroyConstant does.
                self.notify_erase(c);
                self.destroy_constant(c);
            }
            _ => self.const_replace_operand_in_place(c, from, to),
        }
    }

    /// LLVM's `getWithOperands(..., OnlyIfReduced)`: what expression `c`
    /// folds to with operands `ops`, if the folder reduces it (an equal
    /// expression of the same opcode and operands is not a reduction).
    fn refold_expr(&mut self, c: Value, ops: &[Value]) -> Option<Value> {
        let (op, fl) = self.const_expr_opcode(c)?;
        let ty = self.type_of(c);
        let r = if op.is_cast() {
            self.fold_cast(op, ops[0], ty)
        } else if op.is_binary() {
            // An expression's `nuw` 1, `nsw` 2 (its only binary flags).
            let mut w = WrapFlags::NONE;
            if fl & 1 != 0 {
                w |= WrapFlags::NUW;
            }
            if fl & 2 != 0 {
                w |= WrapFlags::NSW;
            }
            self.fold_binop(op, ops[0], ops[1], w)
        } else {
            match op {
                Opcode::ExtractElement => self.fold_extract_element(ops[0], ops[1]),
                Opcode::InsertElement => self.fold_insert_element(ops[0], ops[1], ops[2]),
                Opcode::ShuffleVector => match self.const_payload(c) {
                    Some(ConstPayload::Mask(m)) => {
                        let m = m.clone();
                        self.fold_shuffle_vector(ops[0], ops[1], &m)
                    }
                    _ => None,
                },
                Opcode::GetElementPtr => self.refold_gep(c, fl, ops),
                _ => None,
            }
        }?;
        let same = self.const_expr_opcode(r).is_some_and(|(o, _)| o == op)
            && self
                .operands(r)
                .map(|o| o.expect("constant operand"))
                .eq(ops.iter().copied());
        (!same).then_some(r)
    }

    /// A `getelementptr` expression `c` with operands `ops` (base first),
    /// when `ConstantFoldGetElementPtr` reduces it: a `poison` / `undef`
    /// base, or (without `inrange`) indices all null or `undef`/`poison`.
    /// Otherwise `None` before any expression is built, as LLVM's
    /// `getGetElementPtr(..., OnlyIfReducedTy)` returns before
    /// canonicalising the indices.
    fn refold_gep(&mut self, c: Value, fl: u8, ops: &[Value]) -> Option<Value> {
        let Some(&ConstPayload::Gep { src, inrange }) = self.const_payload(c) else {
            return None;
        };
        let undef_like = |ctx: &Context, v: Value| {
            ctx.value_kind(v) == ValueKind::Constant
                && matches!(ctx.const_kind(v), ConstKind::Undef | ConstKind::Poison)
        };
        let (base, idx) = ops.split_first()?;
        let folds = undef_like(self, *base)
            || (inrange.is_none()
                && idx
                    .iter()
                    .all(|&i| self.is_null_value(i) || undef_like(self, i)));
        folds.then(|| self.const_gep(src, *base, idx, bits::gep_of(fl.into()), inrange))
    }

    /// Merges metadata-as-value wrappers that metadata tracking made equal:
    /// uses of the first move to the second, which stays.
    fn merge_md_wrappers(&mut self, merges: WrapperMerges) {
        for (old, new) in merges {
            self.replace_all_uses_with(old, new);
            self.notify_erase(old);
            self.graph.free(old);
        }
    }

    /// Metadata's part of erasing global value (or argument) `v`.
    fn md_forget_deleted(&mut self, v: Value) {
        if self.graph.get(v).kind_bits & USED_BY_MD != 0 {
            let merges = self.md_value_deleted(v);
            self.merge_md_wrappers(merges);
        }
    }

    fn constant_contains(&self, c: Value, needle: Value) -> bool {
        let mut stack = vec![c];
        let mut seen = 0usize;
        while let Some(x) = stack.pop() {
            if x == needle {
                return true;
            }
            seen += 1;
            if seen > 1_000_000 || self.value_kind(x) != ValueKind::Constant {
                continue;
            }
            stack.extend(self.operands(x).flatten());
        }
        false
    }
}

/// # Value handles
///
/// Weak references to values that follow or observe RAUW and erasure
/// (LLVM's `WeakVH`, `WeakTrackingVH`, `AssertingVH`, `CallbackVH`,
/// `PoisoningVH`).
impl Context {
    /// Creates a value handle of `kind` on `v` (or empty).
    #[inline]
    pub fn create_handle(&mut self, v: Option<Value>, kind: HandleKind) -> HandleId {
        self.handles.create(&mut self.graph, v, kind)
    }

    /// Creates a callback handle on `v`: `f` is called with the context on
    /// erasure ([`HandleEvent::Deleted`], before the value goes; it may
    /// RAUW it) and on RAUW ([`HandleEvent::Replaced`]). Without action by
    /// `f`, the handle empties on erasure and stays on RAUW.
    pub fn create_callback_handle(&mut self, v: Value, f: HandleCallback) -> HandleId {
        let h = self
            .handles
            .create(&mut self.graph, Some(v), HandleKind::Callback);
        self.callbacks.insert(h, f);
        h
    }

    /// A copy of handle `h` on the same value, inserted before it on the
    /// value's handle list (so it is told before `h`, LLVM VH2). A callback
    /// handle's copy is a plain callback handle without a callback.
    pub fn copy_handle(&mut self, h: HandleId) -> HandleId {
        self.handles.copy(&mut self.graph, h)
    }

    /// The value a handle names (`None` when empty).
    ///
    /// # Panics
    /// If `h` was dropped, or is a poisoning handle whose value was erased
    /// or replaced.
    pub fn handle_value(&self, h: HandleId) -> Option<Value> {
        self.handles.value(&self.graph, h)
    }

    /// The kind of a handle.
    pub fn handle_kind(&self, h: HandleId) -> HandleKind {
        self.handles.kind(h)
    }

    /// Re-targets a handle.
    pub fn set_handle(&mut self, h: HandleId, v: Option<Value>) {
        self.handles.set(&mut self.graph, h, v)
    }

    /// Drops a handle; its id becomes stale.
    #[inline]
    pub fn drop_handle(&mut self, h: HandleId) {
        self.handles.drop_handle(&mut self.graph, h);
        if !self.callbacks.is_empty() {
            self.callbacks.remove(&h);
        }
    }

    fn notify_rauw(&mut self, from: Value, to: Value) {
        if self.graph.get(from).kind_bits & HAS_HANDLES == 0 {
            return;
        }
        // Without callbacks in the context (the common case: no walk to
        // look for one) or on this list, nothing can run in between.
        if self.callbacks.is_empty() || !self.handles.has_callback(&self.graph, from) {
            self.graph.get(to);
            self.handles.rauw_plain(&mut self.graph, from.idx, to.idx);
            return;
        }
        for h in self.handles.handles_of(&self.graph, from) {
            if !self.handles.names(&self.graph, h, from) {
                continue; // dropped or moved by an earlier callback (VH12)
            }
            match self.handles.kind(h) {
                HandleKind::WeakTracking => self.handles.set(&mut self.graph, h, Some(to)),
                HandleKind::Poisoning => self.handles.poison(&mut self.graph, h),
                HandleKind::Callback => {
                    self.run_callback(h, HandleEvent::Replaced { old: from, new: to })
                }
                HandleKind::Weak | HandleKind::Asserting => {}
            }
        }
    }

    /// Runs `h`'s callback, taken out of the map while it runs (it may
    /// drop `h`, add handles or RAUW); it goes back only if `h` is still
    /// live. Events for `h` raised while it runs (a `Deleted` callback
    /// that RAUWs its value gets `Replaced`, as LLVM's `deleted()` then
    /// gets `allUsesReplacedWith`) are recorded by a stand-in and
    /// delivered, in order, when it returns. A callback handle without a
    /// callback (a copy) empties on erasure.
    fn run_callback(&mut self, h: HandleId, ev: HandleEvent) {
        match self.callbacks.remove(&h) {
            Some(mut f) => {
                let queue: Rc<RefCell<VecDeque<HandleEvent>>> = Rc::default();
                let mut ev = Some(ev);
                while let Some(e) = ev.take().or_else(|| queue.borrow_mut().pop_front()) {
                    let q = Rc::clone(&queue);
                    self.callbacks
                        .insert(h, Box::new(move |_, _, e| q.borrow_mut().push_back(e)));
                    f(self, h, e);
                    // The stand-in is still there unless `h` was dropped
                    // or given another callback.
                    let stand_in = Rc::strong_count(&queue) > 1;
                    if stand_in {
                        self.callbacks.remove(&h);
                    }
                    if !self.handles.is_live(h) {
                        return;
                    }
                    if !stand_in && self.callbacks.contains_key(&h) {
                        return; // replaced by the callback itself
                    }
                }
                self.callbacks.insert(h, f);
            }
            None => {
                if let HandleEvent::Deleted(_) = ev {
                    self.handles.set(&mut self.graph, h, None);
                }
            }
        }
    }

    /// Tells the handles of `v` that it is being erased, in LLVM's order:
    /// every handle first (weak ones empty, callbacks run and may RAUW `v`
    /// away, poisoning ones are poisoned), asserting handles last (VH9).
    pub(crate) fn notify_erase(&mut self, v: Value) {
        if self.graph.get(v).kind_bits & HAS_HANDLES == 0 {
            return;
        }
        for h in self.handles.handles_of(&self.graph, v) {
            if !self.handles.names(&self.graph, h, v) {
                continue;
            }
            match self.handles.kind(h) {
                HandleKind::Weak | HandleKind::WeakTracking => {
                    self.handles.set(&mut self.graph, h, None)
                }
                HandleKind::Poisoning => self.handles.poison(&mut self.graph, h),
                HandleKind::Callback => self.run_callback(h, HandleEvent::Deleted(v)),
                HandleKind::Asserting => {}
            }
        }
        if self.graph.get(v).kind_bits & HAS_HANDLES != 0 {
            let left = self.handles.handles_of(&self.graph, v);
            if left
                .iter()
                .any(|&h| self.handles.kind(h) == HandleKind::Asserting)
            {
                panic!("an asserting value handle still pointed to this value: {v:?}");
            }
            for h in left {
                self.handles.set(&mut self.graph, h, None);
            }
        }
    }
}

/// # Erasing
///
/// Erasing instructions, blocks, function bodies and globals: uses dropped,
/// handles told, ids made stale.
impl Context {
    /// Erases an instruction: handles are told, it leaves its block, its
    /// operands leave their use lists, and its id becomes stale. O(operands
    /// + handles).
    ///
    /// # Panics
    /// If it still has uses after the handles were told ("uses remain"), or
    /// an asserting handle still names it.
    #[inline]
    pub fn erase_inst(&mut self, i: Inst) {
        let d = self.graph.get(i.0);
        // The common case in one pass: an instruction (the kind byte
        // carries no handle or side-record bit) with no uses left. Its
        // record was checked live just above, so the rest works on raw
        // indices and the words read with the check; everything else takes
        // the general path. Inlined into the caller: as a call, its frame
        // (six register saves) was ~17 of erase_all's instructions an erase.
        if d.kind_bits == ValueKind::Instruction as u8 && d.first_use == NONE {
            let (blk, prev, next, ops, nops) = (d.a, d.b, d.c, d.ops, d.nops);
            self.erase_plain_parts(i.0, blk, prev, next, ops, nops);
            return;
        }
        self.erase_inst_general(i);
    }

    /// Erases a live instruction with no side record and no uses (checked
    /// by the caller): it leaves its block, its operands leave their lists
    /// and its run and slot are freed, all on raw indices.
    #[inline(always)]
    fn erase_plain_inst(&mut self, v: Value) {
        let d = &self.graph.values[v.idx as usize];
        let (blk, prev, next, ops, nops) = (d.a, d.b, d.c, d.ops, d.nops);
        self.erase_plain_parts(v, blk, prev, next, ops, nops);
    }

    /// [`erase_plain_inst`](Self::erase_plain_inst) given the record's
    /// block, neighbours and run, read by the caller.
    #[inline(always)]
    fn erase_plain_parts(&mut self, v: Value, blk: u32, prev: u32, next: u32, ops: u32, nops: u32) {
        if blk != NONE {
            self.unlink_from_block_raw(blk, prev, next);
        }
        self.graph.release_dying_run(ops, nops);
        self.graph.free(v);
    }

    /// Takes a live instruction's record out of its block's list: `prev`
    /// and `next` are its neighbours (NONE at the ends).
    #[inline]
    fn unlink_from_block_raw(&mut self, blk: u32, prev: u32, next: u32) {
        let g = &mut self.graph.values[..];
        if prev == NONE {
            g[blk as usize].ops = next;
        } else {
            g[prev as usize].c = next;
        }
        if next == NONE {
            g[blk as usize].nops = prev;
        } else {
            g[next as usize].b = prev;
        }
    }

    /// [`erase_inst`](Self::erase_inst) for instructions with handles, a
    /// side record or uses (which it reports).
    #[cold]
    #[inline(never)]
    fn erase_inst_general(&mut self, i: Inst) {
        if self.graph.get(i.0).kind_bits & HAS_HANDLES != 0 {
            self.notify_erase(i.0);
        }
        let d = self.graph.get(i.0);
        assert_eq!(
            d.kind(),
            ValueKind::Instruction,
            "erase_inst of a non-instruction {:?}",
            i.0
        );
        assert!(
            d.first_use == NONE,
            "uses remain when a value is erased: {:?} still has {} uses",
            i.0,
            self.num_uses(i.0)
        );
        if d.kind_bits & USED_BY_MD != 0 {
            // LLVM's Instruction destructor: metadata that wraps it now
            // wraps `undef`.
            let u = self.const_undef(d.ty);
            let merges = self.md_value_replaced(i.0, u);
            self.merge_md_wrappers(merges);
        }
        let side = self.graph.side(i.0);
        if side != NONE {
            // Without a name or debug records (an alloca's or a new PHI's
            // side record holds only its payload) there is nothing to
            // forget or hand over: the record leaves its block directly.
            let rec = &self.sides.recs[side as usize];
            let bare = rec.name.is_none()
                && match rec.payload {
                    Payload::Inst { extra: x, .. } => {
                        self.sides.extras[x as usize].dbg_records.is_empty()
                    }
                    _ => true,
                };
            if bare {
                let d = &self.graph.values[i.0.idx as usize];
                let (blk, prev, next) = (d.a, d.b, d.c);
                if blk != NONE {
                    self.unlink_from_block_raw(blk, prev, next);
                }
            } else {
                self.remove_inst(i);
            }
            self.free_user(i.0);
            return;
        }
        // No side record: no name to forget, no hung-off capacity, no
        // payload.
        self.erase_plain_inst(i.0);
    }

    fn free_user(&mut self, v: Value) {
        // Without a side record there is no hung-off capacity to look up.
        let cap = if !self.graph.get(v).has_side() {
            self.graph.num_ops(v)
        } else {
            self.operand_capacity(v)
        };
        self.graph.release_operands(v, cap);
        let side = self.graph.side(v);
        self.sides.free(side);
        self.graph.free(v);
    }

    /// Erases a block and its instructions. The block must have no uses
    /// other than from its own instructions and from PHIs (whose incoming
    /// entries for it are not removed: remove them first).
    ///
    /// # Panics
    /// If a value being erased still has uses from outside the block.
    pub fn erase_block(&mut self, b: Block) {
        let insts: Vec<Inst> = self.insts(b).collect();
        for &i in &insts {
            self.graph.drop_operands(i.0);
        }
        for &i in insts.iter().rev() {
            self.erase_inst(i);
        }
        self.erase_empty_block(b);
    }

    /// Erases a block whose instructions are gone: handles are told, then
    /// it must have no uses (a `blockaddress` still naming it panics).
    fn erase_empty_block(&mut self, b: Block) {
        self.notify_erase(b.0);
        assert!(
            self.use_empty(b.0),
            "uses remain when a value is erased: block {:?} is still used",
            b.0
        );
        self.remove_block(b);
        self.drop_trailing_dbg_records(b.0.idx);
        self.free_user(b.0);
    }

    /// Drops every reference in `f`'s body (all operands of all its
    /// instructions), breaking cycles so the body can be erased in any
    /// order (LLVM `Function::dropAllReferences`).
    pub fn drop_function_body_references(&mut self, f: Function) {
        let blocks: Vec<Block> = self.blocks(f).collect();
        for b in blocks {
            let insts: Vec<Inst> = self.insts(b).collect();
            for i in insts {
                self.graph.drop_operands(i.0);
            }
        }
    }

    /// Deletes `f`'s body, leaving a declaration.
    ///
    /// # Panics
    /// If a body value is used from outside the body (or a block is still
    /// named by a `blockaddress`).
    pub fn delete_function_body(&mut self, f: Function) {
        self.drop_function_body_references(f);
        let blocks: Vec<Block> = self.blocks(f).collect();
        for &b in &blocks {
            let insts: Vec<Inst> = self.insts(b).collect();
            for i in insts.into_iter().rev() {
                self.erase_inst(i);
            }
        }
        for b in blocks {
            self.erase_empty_block(b);
        }
    }

    /// Erases a function (body and arguments) from its module.
    ///
    /// # Panics
    /// If the function is still used.
    pub fn erase_function(&mut self, f: Function) {
        self.delete_function_body(f);
        self.notify_erase(f.0);
        assert!(
            self.use_empty(f.0),
            "uses remain when a value is erased: function {:?} is still used",
            f.0
        );
        self.md_forget_deleted(f.0);
        let args = self.fdata("Context::erase_function", f).args.clone();
        for a in args {
            self.notify_erase(a);
            self.md_forget_deleted(a);
            assert!(
                self.use_empty(a),
                "uses remain when a value is erased: argument {a:?}"
            );
            self.graph.free(a);
        }
        self.unlink_global(f.0);
        self.free_user(f.0);
    }

    /// Erases a global variable, alias or ifunc from its module.
    ///
    /// # Panics
    /// If it is still used.
    pub fn erase_global(&mut self, g: Global) {
        self.notify_erase(g.0);
        assert!(
            self.use_empty(g.0),
            "uses remain when a value is erased: global {:?} is still used",
            g.0
        );
        self.md_forget_deleted(g.0);
        self.unlink_global(g.0);
        self.free_user(g.0);
    }

    /// Removes incoming entry `i` of a PHI, shifting later entries down so
    /// order is kept (LLVM H4). Returns the removed value.
    pub fn phi_remove_incoming(&mut self, phi: Inst, i: u32) -> Option<Value> {
        let n = self.num_operands(phi.0);
        assert!(i < n, "phi incoming {i} out of range ({n} entries)");
        let removed = self.operand(phi.0, i);
        for j in i..n - 1 {
            let v = self.operand(phi.0, j + 1);
            self.graph.set_operand(phi.0, j, v);
        }
        self.graph.truncate_operands(phi.0, n - 1);
        if let InstPayload::Phi { blocks, .. } = &mut self.extra_mut(phi).payload {
            blocks.remove(i as usize);
        }
        removed
    }
}
