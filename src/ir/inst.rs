//! Blocks and instructions: creation, program order, erasure.
//!
//! Owns [`InstExtra`] (payloads that do not fit the hot record) and every
//! change to program order: a block's instructions are an intrusive
//! doubly-linked list through the instructions' hot records (`a` = parent
//! block, `b` = prev, `c` = next), with the block holding first/last in its
//! own `ops`/`nops` words. Insert, move and unlink are O(1).
//!
//! # Walking the control flow
//!
//! * `successors(b)` walks the terminator's operand run in place, in LLVM's
//!   `getSuccessor(i)` order, with a `SuccCursor` (pool index, count,
//!   stride: −1 for a conditional `br`, whose operands are `[cond, false,
//!   true]`; 2 for `switch`; the destinations of `invoke` and `callbr` sit
//!   before the callee). It allocates nothing and is exact-size and
//!   double-ended.
//! * `predecessors(b)` walks `b`'s use list and keeps terminator users: one
//!   entry per edge, in use-list order (LLVM's `pred_begin`).
//! * `early_inc_insts(b)` is a cursor (`InstCursor`) that fetches the next
//!   instruction before handing out the current one, so a pass may erase
//!   each instruction it gets while holding `&mut Context` between steps
//!   (LLVM's `make_early_inc_range`); erasing the *next* one leaves it a
//!   stale id, which panics.

use super::attributes::AttributeList;
use super::metadata::{MdKindId, Metadata};
use super::side::Payload;
use super::{Block, Function, Inst};
use crate::entity::NONE;
use crate::inst::{Opcode, OperandStorage, TailKind};
use crate::types::Type;
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;

/// An operand bundle of a call: tag and the range of operands it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The tag (`"deopt"`, `"funclet"`, ...): bytes, as LLVM's.
    pub tag: Box<[u8]>,
    /// First operand index of the bundle.
    pub start: u32,
    /// Number of operands.
    pub len: u32,
}

/// Call-like payload (call, invoke, callbr).
#[derive(Clone, Debug, Default)]
pub struct CallData {
    /// The callee's function type.
    pub fn_ty: Option<Type>,
    /// Calling convention number.
    pub call_conv: u32,
    /// Call-site attributes.
    pub attrs: AttributeList,
    /// `tail` / `musttail` / `notail`.
    pub tail: TailKind,
    /// Operand bundles, in order; their operands follow the arguments.
    pub bundles: Vec<Bundle>,
    /// Number of indirect destinations (callbr).
    pub num_indirect: u32,
}

/// The per-opcode payload of an instruction.
#[derive(Clone, Debug, Default)]
pub enum InstPayload {
    /// Nothing beyond the hot record.
    #[default]
    None,
    /// A type: alloca's allocated type, GEP's source element type,
    /// va_arg has none (its result type).
    Ty(Type),
    /// PHI incoming blocks (raw indices) and the operand capacity.
    Phi {
        /// Incoming block of each incoming value.
        blocks: Vec<Value>,
        /// Capacity of the hung-off operand run.
        cap: u32,
    },
    /// Capacity of a growable operand run (switch, indirectbr, catchswitch,
    /// landingpad); landingpad also keeps clause kinds (true = catch).
    Grow {
        /// Capacity of the hung-off operand run.
        cap: u32,
        /// Landingpad clause kinds: `true` = catch, `false` = filter.
        clauses: Vec<bool>,
        /// Landingpad `cleanup`.
        cleanup: bool,
    },
    /// Calls.
    Call(Box<CallData>),
    /// shufflevector mask (-1 = poison).
    Mask(Box<[i32]>),
    /// extractvalue / insertvalue indices.
    Indices(Box<[u32]>),
}

/// What an instruction carries beyond its hot record.
#[derive(Clone, Debug, Default)]
pub struct InstExtra {
    /// Per-opcode payload.
    pub payload: InstPayload,
    /// Sync scope name (`syncscope("...")`), `None` = system.
    pub sync_scope: Option<Box<[u8]>>,
    /// `!dbg` attachment.
    pub dbg: Option<Metadata>,
    /// Other metadata attachments, ordered by kind id (the print order),
    /// attachment order within a kind.
    pub md: crate::ir::metadata::MdAttachments,
    /// Debug records (`#dbg_value(...)` lines) printed before the
    /// instruction, kept as their metadata operands and kind. Changed only
    /// through `Context::set_dbg_records` and friends (`ir/dbg.rs`), which
    /// keep the metadata store's index of debug users.
    pub(crate) dbg_records: Vec<DbgRecord>,
}

impl InstExtra {
    /// Whether the extra holds its payload and nothing else: no sync
    /// scope, `!dbg`, other attachment or debug record.
    pub(crate) fn holds_only_payload(&self) -> bool {
        self.sync_scope.is_none()
            && self.dbg.is_none()
            && self.md.is_empty()
            && self.dbg_records.is_empty()
    }
}

/// What an instruction's side record says of it without its extra being
/// read ([`Context::inst_side_at`]).
#[derive(Clone, Copy)]
pub(crate) struct InstSide<'a> {
    /// Its name.
    pub(crate) name: Option<&'a [u8]>,
    /// Its extra's index ([`Context::extra_by_index`]), `NONE` without one.
    pub(crate) extra: u32,
    /// The extra holds its payload and nothing else.
    pub(crate) bare: bool,
    /// The raw type of an `InstPayload::Ty` payload, `NONE` for another.
    pub(crate) ty: u32,
}

impl InstSide<'_> {
    /// An instruction without a side record.
    pub(crate) const NONE: Self = InstSide {
        name: None,
        extra: NONE,
        bare: true,
        ty: NONE,
    };

    /// The payload's `Ty` type when the extra is bare and its payload is
    /// `InstPayload::Ty`: then the extra holds that and nothing more.
    #[inline]
    pub(crate) fn bare_ty(&self) -> Option<Type> {
        (self.bare && self.ty != NONE).then(|| Type::from_raw(self.ty))
    }

    /// The extra, `None` without one.
    #[inline]
    pub(crate) fn extra<'c>(&self, ctx: &'c Context) -> Option<&'c InstExtra> {
        (self.extra != NONE).then(|| ctx.extra_by_index(self.extra))
    }
}

/// A non-instruction debug record (LLVM 19 `#dbg_value` and friends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbgRecord {
    /// `value`, `declare`, `assign` or `label`.
    pub kind: Box<str>,
    /// The record's metadata operands, in order.
    pub ops: Vec<Option<Metadata>>,
}

/// # Blocks
///
/// Creating, placing and removing blocks; a block's instructions, PHIs,
/// predecessors and successors.
impl Context {
    /// Appends a new block named `name` to `f`.
    pub fn append_block(&mut self, f: Function, name: impl AsRef<[u8]>) -> Block {
        let b = self.create_block(name);
        self.insert_block(f, b, None);
        b
    }

    /// Creates a block not yet in any function.
    pub fn create_block(&mut self, name: impl AsRef<[u8]>) -> Block {
        let name = name.as_ref();
        let lt = self.label_type();
        let mut d = ValueData::new(ValueKind::Block, lt);
        d.ops = NONE; // first instruction
        d.nops = NONE; // last instruction
        super::block_number::set_number_of(&mut d, super::block_number::NO_NUMBER);
        let v = self.graph.alloc(d);
        if !name.is_empty() {
            self.set_raw_name(v, Some(name.into()));
        }
        Block(v)
    }

    /// Inserts detached block `b` into `f` before `before` (at the end when
    /// `None`). O(1).
    ///
    /// # Panics
    /// If `b` is already in a function.
    pub fn insert_block(&mut self, f: Function, b: Block, before: Option<Block>) {
        let bd = self.graph.get(b.0);
        assert_eq!(bd.a, NONE, "block {:?} is already in a function", b.0);
        let named = bd.has_side();
        let next = before.map_or(NONE, |x| x.0.idx);
        let before_prev = before.map(|x| self.graph.get(x.0).b);
        // The function's record is looked up once: list ends and the next
        // block number are its fields.
        let s = self.graph.side(f.0);
        let fd = match self.sides.recs.get_mut(s as usize).map(|r| &mut r.payload) {
            Some(Payload::Function(d)) => d,
            _ => self.not_a_function("Context::insert_block", f.0),
        };
        let prev = before_prev.unwrap_or(fd.blocks.last);
        if prev == NONE {
            fd.blocks.first = b.0.idx;
        }
        if next == NONE {
            fd.blocks.last = b.0.idx;
        }
        let n = fd.next_block_number;
        let numbered = n < super::block_number::NO_NUMBER;
        if numbered {
            fd.next_block_number = n + 1;
        }
        {
            let d = &mut self.graph.values[b.0.idx as usize];
            d.a = f.0.idx;
            d.b = prev;
            d.c = next;
            if numbered {
                super::block_number::set_number_of(d, n);
            }
        }
        if prev != NONE {
            self.graph.values[prev as usize].c = b.0.idx;
        }
        if next != NONE {
            self.graph.values[next as usize].b = b.0.idx;
        }
        if !numbered {
            // Out of numbers: the new block is linked already and gets its
            // number from the renumbering.
            self.number_new_block(f, b);
        }
        // Register the name in the function's symbol table.
        if named {
            if let Some(n) = self.take_raw_name(b.0) {
                self.set_local_name(f, b.0, &n);
            }
        }
    }

    /// Takes `b` out of its function's block list (it keeps its
    /// instructions). O(1).
    pub fn remove_block(&mut self, b: Block) {
        let d = self.graph.get(b.0);
        let (fi, prev, next) = (d.a, d.b, d.c);
        if fi == NONE {
            return;
        }
        let f = Function(self.graph.handle(fi));
        if prev == NONE {
            self.fdata_mut("Context::remove_block", f).blocks.first = next;
        } else {
            self.graph.values[prev as usize].c = next;
        }
        if next == NONE {
            self.fdata_mut("Context::remove_block", f).blocks.last = prev;
        } else {
            self.graph.values[next as usize].b = prev;
        }
        self.forget_local_name(f, b.0);
        let d = self.graph.get_mut(b.0);
        d.a = NONE;
        d.b = NONE;
        d.c = NONE;
        super::block_number::set_number_of(d, super::block_number::NO_NUMBER);
    }

    /// The function of a block, if it is in one.
    #[inline]
    pub fn block_parent(&self, b: Block) -> Option<Function> {
        let a = self.graph.get(b.0).a;
        (a != NONE).then(|| Function(self.graph.handle(a)))
    }

    /// The instructions of `b`, in order.
    pub fn insts(&self, b: Block) -> impl DoubleEndedIterator<Item = Inst> + '_ {
        let d = self.graph.get(b.0);
        InstIter {
            ctx: self,
            front: d.ops,
            back: d.nops,
            done: d.ops == NONE,
        }
    }

    /// The raw value indices of the instructions of the live block at raw
    /// index `b` (as [`Self::block_indices`] gives them), in order: for walks that
    /// read the records by index (no handle minted, no generation checked
    /// per instruction).
    #[inline]
    pub(crate) fn inst_indices_at(&self, b: u32) -> impl Iterator<Item = u32> + '_ {
        let d = &self.graph.values[b as usize];
        self.inst_indices_in(d.ops, d.nops)
    }

    /// [`Self::inst_indices_at`] of a block whose first and last
    /// instructions (raw indices, `NONE` for an empty block) are known:
    /// the block's record is not read.
    #[inline]
    pub(crate) fn inst_indices_in(&self, first: u32, last: u32) -> impl Iterator<Item = u32> + '_ {
        let mut cur = first;
        core::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let i = cur;
            cur = if i == last {
                NONE
            } else {
                self.graph.values[i as usize].c
            };
            Some(i)
        })
    }

    /// The first instruction of `b`.
    #[inline]
    pub fn first_inst(&self, b: Block) -> Option<Inst> {
        let f = self.graph.get(b.0).ops;
        (f != NONE).then(|| Inst(self.graph.handle(f)))
    }

    /// The last instruction of `b` (its terminator in a well-formed block).
    #[inline]
    pub fn last_inst(&self, b: Block) -> Option<Inst> {
        let l = self.graph.get(b.0).nops;
        (l != NONE).then(|| Inst(self.graph.handle(l)))
    }

    /// The terminator of `b`, if its last instruction is one.
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        self.last_inst(b)
            .filter(|&i| self.opcode(i).is_terminator())
    }

    /// A walk over `b`'s instructions that survives erasing or moving the
    /// instruction it last returned (LLVM's `make_early_inc_range(BB)`);
    /// see [`InstCursor`].
    pub fn early_inc_insts(&self, b: Block) -> InstCursor {
        InstCursor {
            next: self.first_inst(b),
        }
    }

    /// The PHIs at the head of `b`, in order (LLVM `BasicBlock::phis`).
    pub fn phis(&self, b: Block) -> impl Iterator<Item = Inst> + '_ {
        self.insts(b)
            .take_while(move |&i| self.opcode(i) == crate::inst::Opcode::Phi)
    }

    /// The predecessors of `b`: the block of each terminator that uses it,
    /// one entry per use, in use-list order (LLVM's `predecessors`, which
    /// walks the block's users the same way). A `blockaddress` is not a
    /// predecessor.
    pub fn predecessors(&self, b: Block) -> impl Iterator<Item = Block> + '_ {
        self.users(b.0).filter_map(move |u| {
            let i = self.as_inst(u)?;
            if self.opcode(i).is_terminator() {
                self.inst_parent(i)
            } else {
                None
            }
        })
    }

    /// The successors of `b`: those of its terminator (none when its last
    /// instruction is not a terminator), in LLVM's order
    /// (`getSuccessor(i)`; see [`Successors`]). Allocates nothing.
    #[inline]
    pub fn successors(&self, b: Block) -> Successors<'_> {
        let last = self.graph.get(b.0).nops;
        if last == NONE {
            return Successors::empty(self);
        }
        self.successors_of_raw(last)
    }

    /// The successors of terminator `t` in LLVM's order (none when `t` is
    /// not a terminator); see [`Successors`].
    #[inline]
    pub fn inst_successors(&self, t: Inst) -> Successors<'_> {
        self.graph.get(t.0);
        self.successors_of_raw(t.0.idx)
    }

    /// The number of successors of `b` (LLVM `succ_size`, counting an
    /// edge twice when the terminator names a block twice).
    pub fn num_successors(&self, b: Block) -> usize {
        self.successors(b).len()
    }

    /// Successor `i` of `b` (LLVM `getSuccessor(i)`).
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn successor(&self, b: Block, i: usize) -> Block {
        let s = self.successors(b);
        assert!(
            i < s.len(),
            "successor {i} out of range: block {:?} has {} successors",
            b.0,
            s.len()
        );
        s.clone().nth(i).expect("in range")
    }

    /// The successor walk of the instruction at raw index `t`.
    #[inline]
    pub(crate) fn successors_of_raw(&self, t: u32) -> Successors<'_> {
        Successors {
            ctx: self,
            cur: self.succ_cursor(t),
        }
    }

    /// The successor positions of the instruction at raw index `t`, as a
    /// cursor that borrows nothing.
    #[inline]
    pub(crate) fn succ_cursor(&self, t: u32) -> SuccCursor {
        let d = &self.graph.values[t as usize];
        let (ops, n) = (d.ops, d.nops);
        let (pos, len, step) = match Opcode::from_u8(d.opcode) {
            Opcode::Br if n == 3 => (ops + 2, 2, -1),
            Opcode::Br => (ops, n, 1),
            Opcode::Switch => (ops + 1, n / 2, 2),
            Opcode::IndirectBr | Opcode::CatchSwitch | Opcode::CleanupRet | Opcode::CatchRet => {
                (ops + 1, n.saturating_sub(1), 1)
            }
            Opcode::Invoke => (ops + n - 3, 2, 1),
            Opcode::CallBr => {
                let k = match self.payload(Inst(self.graph.handle(t))) {
                    InstPayload::Call(cd) => cd.num_indirect,
                    _ => 0,
                };
                (ops + n - 2 - k, k + 1, 1)
            }
            _ => return SuccCursor::EMPTY,
        };
        SuccCursor { pos, len, step }
    }
}

/// Where a successor walk stands: the use-pool index of the next
/// destination operand, how many are left, and the distance between
/// successive ones (-1 for a conditional `br`, whose operands are
/// `[cond, false, true]`; 2 for `switch`). Borrows nothing, so a traversal
/// can keep one per stack entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SuccCursor {
    pos: u32,
    len: u32,
    step: i32,
}

impl SuccCursor {
    pub(crate) const EMPTY: SuccCursor = SuccCursor {
        pos: 0,
        len: 0,
        step: 1,
    };

    /// The raw value index of the next successor (`NONE` for a dropped
    /// operand).
    #[inline]
    pub(crate) fn next(&mut self, ctx: &Context) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let v = ctx.graph.pool.uses[self.pos as usize].val;
        self.pos = self.pos.wrapping_add_signed(self.step);
        self.len -= 1;
        Some(v)
    }

    /// The same successors, last first.
    #[inline]
    pub(crate) fn reversed(self) -> SuccCursor {
        if self.len == 0 {
            return self;
        }
        SuccCursor {
            pos: self
                .pos
                .wrapping_add_signed(self.step * (self.len as i32 - 1)),
            len: self.len,
            step: -self.step,
        }
    }
}

/// The successors of a terminator in LLVM's order, `getSuccessor(0)`
/// first: `br` the true destination then the false one (operands
/// `[cond, false, true]`), `switch` the default then each case, `invoke`
/// the normal then the unwind destination, `callbr` the default then each
/// indirect destination, `catchswitch` the unwind destination (if any)
/// then each handler, `cleanupret` its unwind destination (if any),
/// `catchret` its target, `indirectbr` each destination; `ret`, `resume`
/// and `unreachable` have none. A block named twice appears twice. Reads
/// the terminator's operand run in place.
#[derive(Clone)]
pub struct Successors<'a> {
    ctx: &'a Context,
    cur: SuccCursor,
}

impl<'a> Successors<'a> {
    #[inline]
    fn empty(ctx: &'a Context) -> Self {
        Successors {
            ctx,
            cur: SuccCursor::EMPTY,
        }
    }
}

impl Iterator for Successors<'_> {
    type Item = Block;
    #[inline]
    fn next(&mut self) -> Option<Block> {
        let v = self.cur.next(self.ctx)?;
        assert!(v != NONE, "successors: a destination operand was dropped");
        Some(Block(self.ctx.graph.handle(v)))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.cur.len as usize, Some(self.cur.len as usize))
    }
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Block> {
        if n >= self.cur.len as usize {
            self.cur.len = 0;
            return None;
        }
        self.cur.pos = self.cur.pos.wrapping_add_signed(self.cur.step * n as i32);
        self.cur.len -= n as u32;
        self.next()
    }
}

impl DoubleEndedIterator for Successors<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Block> {
        if self.cur.len == 0 {
            return None;
        }
        self.cur.len -= 1;
        let u = self
            .cur
            .pos
            .wrapping_add_signed(self.cur.step * self.cur.len as i32);
        let v = self.ctx.graph.pool.uses[u as usize].val;
        assert!(v != NONE, "successors: a destination operand was dropped");
        Some(Block(self.ctx.graph.handle(v)))
    }
}

impl ExactSizeIterator for Successors<'_> {}

/// # Instructions
///
/// Creating instructions, their opcode, flags and payload, and their place
/// in a block: insert, remove, move, split.
impl Context {
    /// Creates a detached instruction with the given operands (in storage
    /// order, see `asm/printer/inst.rs`) and result type, checked as
    /// LLVM's constructor for `op` asserts (`check.rs`): operand types,
    /// the payload the opcode needs (`Ty` for alloca and GEP, `Call` with
    /// the function type for calls, `Phi` with one block per value,
    /// `Indices`, `Mask`, `Grow` with one kind per landingpad clause), the
    /// result type `ty` LLVM would derive, and that local operands are of
    /// one function. Fixed and variadic opcodes get a co-allocated run of
    /// exactly `operands.len()` slots; hung-off opcodes get a growable run
    /// with that capacity. Flags start empty except where that would not
    /// be valid IR: a compare starts as `icmp eq` / `fcmp false`, atomic
    /// instructions as `seq_cst` (set them with the `set_*` methods of
    /// `flags.rs`).
    ///
    /// # Panics
    /// If a fixed-arity opcode gets the wrong number of operands, an
    /// operand is stale, or any check above fails.
    pub fn create_inst(
        &mut self,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
    ) -> Inst {
        const WHO: &str = "Context::create_inst";
        checked_storage(op, operands.len());
        for &o in operands {
            self.graph.get(o);
        }
        let flags = default_flags(op);
        self.check_new_inst(WHO, op, ty, operands, &payload, flags);
        let f = self.check_locals_agree(WHO, operands);
        if let InstPayload::Phi { blocks, .. } = &payload {
            for &b in blocks {
                self.check_local(WHO, b, f, NONE);
            }
            self.check_locals_agree(WHO, blocks);
        }
        let i = self.create_inst_unchecked(op, ty, operands, payload);
        if flags != 0 {
            self.set_inst_flags(i, flags);
        }
        i
    }

    /// [`create_inst`](Self::create_inst) without the checks: for callers
    /// that made them (the builder) or that report errors their own way
    /// (the parsers).
    pub(crate) fn create_inst_unchecked(
        &mut self,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
    ) -> Inst {
        let storage = checked_storage(op, operands.len());
        let mut d = ValueData::new(ValueKind::Instruction, ty);
        d.opcode = op as u8;
        let v = self.graph.alloc_user(d, operands, false);
        if matches!(payload, InstPayload::None) && storage != OperandStorage::HungOff {
            // Nothing to drop: skip the drop glue call.
            core::mem::forget(payload);
            return Inst(v);
        }
        self.set_inst_payload(Inst(v), storage, operands.len() as u32, payload);
        Inst(v)
    }

    /// [`create_inst`](Self::create_inst) with `flags`, then
    /// [`append_inst`](Self::append_inst) to `b`, in one step: the record
    /// is born linked at the end of `b`, unnamed (the `.ll` parser names
    /// after; the builder's instructions are unnamed), so nothing is looked
    /// up twice.
    ///
    /// # Panics
    /// Like [`Context::create_inst`]; also if `b` is not a live block.
    #[inline]
    pub(crate) fn append_new_inst(
        &mut self,
        b: Block,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
        flags: u16,
    ) -> Inst {
        let bd = self.graph.get(b.0);
        if !bd.is(ValueKind::Block) {
            self.not_a_block("Context::append_new_inst", b.0);
        }
        let last = bd.nops;
        self.append_inst_with(b.0.idx, last, op, ty, operands, payload, flags, false)
    }

    /// [`append_new_inst`](Self::append_new_inst) for the `.ll` parser,
    /// whose block and operands are live by construction: it holds only
    /// values it made or looked up in its own tables, and frees a
    /// placeholder only when the value it stands for is defined, after the
    /// instruction reading it was made. The liveness checks (one generation
    /// and record read per operand) are debug assertions here.
    #[inline(always)]
    pub(crate) fn append_parsed_inst(
        &mut self,
        b: Block,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
        flags: u16,
    ) -> Inst {
        debug_assert!(self.graph.is_live(b.0) && self.graph.get(b.0).is(ValueKind::Block));
        let last = self.graph.values[b.0.idx as usize].nops;
        self.append_inst_with(b.0.idx, last, op, ty, operands, payload, flags, true)
    }

    /// [`append_new_inst`](Self::append_new_inst) whose caller has just
    /// checked `blk` (a raw index) a live block (the builder).
    #[inline(always)]
    pub(crate) fn append_new_inst_in(
        &mut self,
        blk: u32,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
        flags: u16,
    ) -> Inst {
        let last = self.graph.values[blk as usize].nops;
        self.append_inst_with(blk, last, op, ty, operands, payload, flags, false)
    }

    /// [`append_new_inst`](Self::append_new_inst) whose caller has just
    /// checked every operand live, `blk` (a raw index) a live block and read
    /// its last instruction `last` (the builder's binary operators): neither
    /// is looked up again.
    #[inline(always)]
    pub(crate) fn append_new_inst_live(
        &mut self,
        blk: u32,
        last: u32,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        flags: u16,
    ) -> Inst {
        self.append_inst_with(blk, last, op, ty, operands, InstPayload::None, flags, true)
    }

    /// The one creation step of the `append_new_inst` family: `last` is
    /// block `blk`'s last instruction (`NONE` when it is empty), read by the
    /// caller.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn append_inst_with(
        &mut self,
        blk: u32,
        last: u32,
        op: Opcode,
        ty: Type,
        operands: &[Value],
        payload: InstPayload,
        flags: u16,
        operands_live: bool,
    ) -> Inst {
        let storage = checked_storage(op, operands.len());
        let mut d = ValueData::new(ValueKind::Instruction, ty);
        d.opcode = op as u8;
        d.flags = flags;
        d.a = blk;
        d.b = last;
        let v = if operands_live {
            self.graph.alloc_user_live(d, operands, false)
        } else {
            self.graph.alloc_user(d, operands, false)
        };
        if last == NONE {
            self.graph.values[blk as usize].ops = v.idx;
        } else {
            self.graph.values[last as usize].c = v.idx;
        }
        self.graph.values[blk as usize].nops = v.idx;
        self.order.invalidate(blk);
        if !self.md.trailing_dbg.is_empty() {
            self.absorb_trailing_dbg_records(blk, Inst(v));
        }
        if storage != OperandStorage::HungOff {
            match payload {
                InstPayload::None => {
                    core::mem::forget(payload);
                    return Inst(v);
                }
                // The common payloads of a fresh instruction (GEP, alloca,
                // calls, aggregates): its extra is made with them in place.
                // A fresh instruction has no side record unless debug
                // records were just absorbed.
                InstPayload::Ty(_) | InstPayload::Call(_) | InstPayload::Indices(_)
                    if !self.graph.values[v.idx as usize].has_side() =>
                {
                    self.attach_payload(Inst(v), payload);
                    return Inst(v);
                }
                _ => {}
            }
        }
        self.set_inst_payload(Inst(v), storage, operands.len() as u32, payload);
        Inst(v)
    }

    /// Gives fresh `i`, which has no side record, an extra holding only
    /// `payload`: a `Ty` payload names its type's shared extra
    /// (`SideTable::shared_ty_extra`), any other a new one.
    #[inline]
    fn attach_payload(&mut self, i: Inst, payload: InstPayload) {
        let (x, ty, shared) = match payload {
            InstPayload::Ty(t) => (self.sides.shared_ty_extra(t), t.raw(), true),
            p => (self.sides.push_payload(p), NONE, false),
        };
        let s = self.sides.alloc(super::side::Side {
            name: None,
            payload: Payload::Inst {
                extra: x,
                ty,
                bare: true,
                shared,
            },
        });
        self.graph.set_side(i.0, s);
    }

    /// The payload step of [`create_inst`](Self::create_inst): hung-off
    /// opcodes record their run's capacity.
    fn set_inst_payload(&mut self, i: Inst, storage: OperandStorage, n: u32, payload: InstPayload) {
        if let InstPayload::Mask(m) = &payload {
            // The mask's `<N x i32>` type exists as long as the
            // instruction does, so the bitcode writer can name it (LLVM
            // writes the mask as a constant of that type).
            let scalable = self.is_scalable(self.graph.get(i.0).ty);
            self.intern_mask_type(m.len() as u32, scalable);
        }
        let payload = match (storage, payload) {
            (OperandStorage::HungOff, InstPayload::Phi { blocks, .. }) => {
                InstPayload::Phi { blocks, cap: n }
            }
            (
                OperandStorage::HungOff,
                InstPayload::Grow {
                    clauses, cleanup, ..
                },
            ) => InstPayload::Grow {
                cap: n,
                clauses,
                cleanup,
            },
            (OperandStorage::HungOff, InstPayload::None) => {
                if self.opcode(i) == Opcode::Phi {
                    InstPayload::Phi {
                        blocks: Vec::new(),
                        cap: n,
                    }
                } else {
                    InstPayload::Grow {
                        cap: n,
                        clauses: Vec::new(),
                        cleanup: false,
                    }
                }
            }
            (_, p) => p,
        };
        if matches!(payload, InstPayload::None) {
            return;
        }
        if self.graph.get(i.0).has_side() {
            self.set_extra_payload(i, payload);
            return;
        }
        // A fresh instruction: the extra is built with its payload in place.
        self.attach_extra(
            i,
            InstExtra {
                payload,
                ..InstExtra::default()
            },
        );
    }

    /// Gives `i`, which has no side record, a side record holding the new
    /// extra `e`; returns the extra's index.
    fn attach_extra(&mut self, i: Inst, e: InstExtra) -> u32 {
        let ty = payload_ty(&e.payload);
        let bare = e.holds_only_payload();
        let x = self.sides.push_extra(e);
        let s = self.sides.alloc(super::side::Side {
            name: None,
            payload: Payload::Inst {
                extra: x,
                ty,
                bare,
                shared: false,
            },
        });
        self.graph.set_side(i.0, s);
        x
    }

    /// The opcode of an instruction.
    ///
    /// # Panics
    /// If `i` is stale or not an instruction (an `Inst` made around another
    /// kind of value).
    #[inline]
    pub fn opcode(&self, i: Inst) -> Opcode {
        let d = self.graph.get(i.0);
        if !d.is(ValueKind::Instruction) {
            not_an_inst(i, d.kind());
        }
        Opcode::from_u8(d.opcode)
    }

    /// The packed subclass flags of an instruction (`inst::flags`); the
    /// typed accessors are in `flags.rs`.
    #[inline]
    pub(crate) fn inst_flags(&self, i: Inst) -> u16 {
        self.graph.get(i.0).flags
    }

    /// Sets the packed subclass flags (the typed setters are in
    /// `flags.rs`).
    #[inline]
    pub(crate) fn set_inst_flags(&mut self, i: Inst, flags: u16) {
        self.graph.get_mut(i.0).flags = flags;
    }

    /// The side payload of an instruction, if any.
    pub fn extra(&self, i: Inst) -> Option<&InstExtra> {
        match self.side_of(i.0).map(|s| &s.payload) {
            Some(&Payload::Inst { extra: x, .. }) => Some(&self.sides.extras[x as usize]),
            _ => None,
        }
    }

    /// [`Context::extra`] of the live instruction at raw value index
    /// `idx` (a walk's own index: no handle minted or generation checked).
    #[inline]
    pub(crate) fn extra_at(&self, idx: u32) -> Option<&InstExtra> {
        let s = self.graph.side_at(idx);
        if s == NONE {
            return None;
        }
        match self.sides.recs[s as usize].payload {
            Payload::Inst { extra: x, .. } => Some(&self.sides.extras[x as usize]),
            _ => None,
        }
    }

    /// What the side record of the live instruction at raw index `idx`
    /// says without its extra being read: its name, its extra and whether
    /// that extra is bare, and the copy of an `InstPayload::Ty` payload
    /// (see `ir/side.rs`). In debug builds the flag and the copy are
    /// checked against the extra.
    #[inline]
    pub(crate) fn inst_side_at(&self, idx: u32) -> InstSide<'_> {
        let s = self.graph.side_at(idx);
        if s == NONE {
            return InstSide::NONE;
        }
        let rec = &self.sides.recs[s as usize];
        let side = match rec.payload {
            Payload::Inst {
                extra, ty, bare, ..
            } => InstSide {
                name: rec.name.as_deref(),
                extra,
                bare,
                ty,
            },
            _ => InstSide {
                name: rec.name.as_deref(),
                ..InstSide::NONE
            },
        };
        if cfg!(debug_assertions) && side.extra != NONE {
            let e = &self.sides.extras[side.extra as usize];
            assert!(
                !side.bare || e.holds_only_payload(),
                "instruction {idx}: its side record calls an extra bare that holds more than its payload"
            );
            assert_eq!(
                side.ty,
                payload_ty(&e.payload),
                "instruction {idx}: payload type copy"
            );
        }
        side
    }

    /// The extra of index `x`, as [`InstSide::extra`] names it.
    #[inline]
    pub(crate) fn extra_by_index(&self, x: u32) -> &InstExtra {
        &self.sides.extras[x as usize]
    }

    /// The `!dbg` location of `i` (LLVM's `getDebugLoc`).
    pub fn dbg_loc(&self, i: Inst) -> Option<Metadata> {
        self.extra(i).and_then(|e| e.dbg)
    }

    /// Sets the `!dbg` location of `i`; `None` removes it (LLVM's
    /// `setDebugLoc`).
    pub fn set_dbg_loc(&mut self, i: Inst, loc: Option<Metadata>) {
        self.set_inst_metadata(i, MdKindId::DBG, loc);
    }

    /// The attachment of kind `kind` on `i` (LLVM's `getMetadata`; `!dbg`
    /// is the location).
    pub fn inst_metadata(&self, i: Inst, kind: MdKindId) -> Option<Metadata> {
        let e = self.extra(i)?;
        if kind == MdKindId::DBG {
            e.dbg
        } else {
            e.md.get(kind)
        }
    }

    /// Attaches `md` to `i` as its attachment of kind `kind`, replacing
    /// the one it had; `None` removes it (LLVM's `setMetadata`; `!dbg` sets
    /// the location). O(attachments).
    ///
    /// # Panics
    /// If `i` is not a live instruction, `kind` was not minted by this
    /// context, or `md` is from another context (out of range; in debug
    /// builds, by its tag).
    pub fn set_inst_metadata(&mut self, i: Inst, kind: MdKindId, md: Option<Metadata>) {
        self.opcode(i);
        self.md.kinds.name(kind);
        if let Some(m) = md {
            self.md.resolve(m);
        }
        if md.is_none() && self.extra(i).is_none() {
            return;
        }
        let e = self.extra_mut(i);
        if kind == MdKindId::DBG {
            e.dbg = md;
        } else {
            e.md.set(kind, md);
        }
    }

    /// The side payload of an instruction, created empty when missing.
    /// Crate-private: the payload carries what the operand checks rely on
    /// (a PHI's blocks, a call's function type, masks, indices, the
    /// accessed type); the public setters (`set_inst_metadata`,
    /// `set_call_attrs`, `set_sync_scope`, ...) change only what is free.
    ///
    /// The caller may set anything in it, so the extra stops being called
    /// bare (`ir/side.rs`); [`Context::payload_mut`] changes only the
    /// payload and keeps the flag.
    pub(crate) fn extra_mut(&mut self, i: Inst) -> &mut InstExtra {
        let (s, x) = self.extra_index(i);
        if let Payload::Inst { bare, .. } = &mut self.sides.recs[s as usize].payload {
            *bare = false;
        }
        &mut self.sides.extras[x as usize]
    }

    /// The payload of `i` to change in place, its extra created empty
    /// when missing. Within its kind only: a payload of another kind goes
    /// through [`Context::set_extra_payload`] (the side record's copy of
    /// a `Ty` payload). Whether the extra holds only its payload does not
    /// change (`ir/side.rs`).
    pub(crate) fn payload_mut(&mut self, i: Inst) -> &mut InstPayload {
        let (_, x) = self.extra_index(i);
        &mut self.sides.extras[x as usize].payload
    }

    /// The side record and extra indices of `i`, both made when missing (a
    /// new extra is empty, so bare), the extra `i`'s own: a shared one
    /// (`SideTable::shared_ty_extra`) is copied first, so the caller may
    /// change it.
    fn extra_index(&mut self, i: Inst) -> (u32, u32) {
        let s = self.graph.side(i.0);
        if s == NONE {
            // No side record yet: make both at once.
            let x = self.attach_extra(i, InstExtra::default());
            return (self.graph.side(i.0), x);
        }
        match self.sides.recs[s as usize].payload {
            Payload::Inst {
                extra: x,
                shared: false,
                ..
            } => (s, x),
            Payload::Inst { ty, .. } => {
                // A shared extra holds `Ty(ty)` and nothing else.
                let x = self.sides.push_payload(InstPayload::Ty(Type::from_raw(ty)));
                if let Payload::Inst { extra, shared, .. } =
                    &mut self.sides.recs[s as usize].payload
                {
                    *extra = x;
                    *shared = false;
                }
                (s, x)
            }
            _ => {
                // A new extra's payload is `None`: no type to copy.
                let x = self.sides.new_extra();
                let p = Payload::Inst {
                    extra: x,
                    ty: NONE,
                    bare: true,
                    shared: false,
                };
                self.set_payload(i.0, p);
                (self.graph.side(i.0), x)
            }
        }
    }

    /// Sets the per-opcode payload of `i`, and the side record's copy of
    /// its `InstPayload::Ty` type with it (see `ir/side.rs`): the one way
    /// to replace the payload of an instruction that has an extra.
    pub(crate) fn set_extra_payload(&mut self, i: Inst, payload: InstPayload) {
        let ty = payload_ty(&payload);
        let (s, x) = self.extra_index(i);
        self.sides.extras[x as usize].payload = payload;
        if let Payload::Inst { ty: copy, .. } = &mut self.sides.recs[s as usize].payload {
            *copy = ty;
        }
    }

    /// The per-opcode payload (`InstPayload::None` when there is none).
    pub fn payload(&self, i: Inst) -> &InstPayload {
        static NONE_PAYLOAD: InstPayload = InstPayload::None;
        self.extra(i).map_or(&NONE_PAYLOAD, |e| &e.payload)
    }

    /// The block of an instruction, if it is in one.
    #[inline]
    pub fn inst_parent(&self, i: Inst) -> Option<Block> {
        let a = self.graph.get(i.0).a;
        (a != NONE).then(|| Block(self.graph.handle(a)))
    }

    /// The next instruction in the block.
    #[inline]
    pub fn next_inst(&self, i: Inst) -> Option<Inst> {
        let c = self.graph.get(i.0).c;
        (c != NONE).then(|| Inst(self.graph.handle(c)))
    }

    /// The previous instruction in the block.
    #[inline]
    pub fn prev_inst(&self, i: Inst) -> Option<Inst> {
        let b = self.graph.get(i.0).b;
        (b != NONE).then(|| Inst(self.graph.handle(b)))
    }

    /// Appends detached instruction `i` at the end of `b`. O(operands).
    ///
    /// # Panics
    /// If `b` is not a block, `i` is not a detached instruction, a local
    /// operand (or PHI incoming block) of `i` is of another function than
    /// `b`'s, `i` is a `ret` that does not match the function's return
    /// type, or `b` already ends with a terminator.
    pub fn append_inst(&mut self, b: Block, i: Inst) {
        const WHO: &str = "Context::append_inst";
        let bd = self.graph.get(b.0);
        if !bd.is(ValueKind::Block) {
            self.not_a_block(WHO, b.0);
        }
        let (last, f) = (bd.nops, bd.a);
        self.check_insertable(WHO, i, f);
        let op = Opcode::from_u8(self.graph.get(i.0).opcode);
        self.check_after_last(WHO, b.0.idx, last, op);
        self.link_inst(b.0.idx, i, last, NONE);
    }

    /// Inserts detached `i` before `pos`, after `pos`'s debug records,
    /// which `i` then carries (LLVM 19's `insertBefore(Instruction *)`).
    /// O(operands).
    ///
    /// # Panics
    /// If `pos` is not in a block, `i` is a terminator and `pos` is not
    /// (a terminator goes only before the terminator it replaces), or as
    /// [`append_inst`](Self::append_inst).
    pub fn insert_inst_before(&mut self, pos: Inst, i: Inst) {
        const WHO: &str = "Context::insert_inst_before";
        let blk = self.position_block(WHO, pos);
        let f = self.graph.values[blk as usize].a;
        self.check_insertable(WHO, i, f);
        self.check_insert_order(WHO, pos.0.idx, Opcode::from_u8(self.graph.get(i.0).opcode));
        self.insert_inst_before_unchecked(pos, i);
    }

    /// [`insert_inst_before`](Self::insert_inst_before) of an instruction
    /// whose operands were checked against the position (the builder).
    /// O(1).
    #[inline]
    pub(crate) fn insert_inst_before_unchecked(&mut self, pos: Inst, i: Inst) {
        let d = self.graph.get(pos.0);
        let (blk, prev) = (d.a, d.b);
        assert_ne!(blk, NONE, "insert position {:?} is not in a block", pos.0);
        self.link_inst(blk, i, prev, pos.0.idx);
    }

    /// Inserts detached `i` before `pos` and before the debug records
    /// attached to `pos`, which stay with `pos` (LLVM 19's insertion at an
    /// iterator whose head bit is set: `BB->begin()`,
    /// `getFirstInsertionPt()`, `getFirstNonPHIIt()`). O(1).
    #[inline]
    pub fn insert_inst_before_records(&mut self, pos: Inst, i: Inst) {
        let d = self.graph.get(pos.0);
        let (blk, prev) = (d.a, d.b);
        assert_ne!(blk, NONE, "insert position {:?} is not in a block", pos.0);
        self.link_inst_at(blk, i, prev, pos.0.idx, false);
    }

    /// Inserts detached `i` after `pos` (after the debug records of the
    /// instruction that followed `pos`, which `i` then carries).
    /// O(operands).
    ///
    /// # Panics
    /// If `pos` is not in a block or is a terminator, or as
    /// [`append_inst`](Self::append_inst).
    pub fn insert_inst_after(&mut self, pos: Inst, i: Inst) {
        const WHO: &str = "Context::insert_inst_after";
        let blk = self.position_block(WHO, pos);
        let f = self.graph.values[blk as usize].a;
        self.check_insertable(WHO, i, f);
        if Opcode::from_u8(self.graph.get(pos.0).opcode).is_terminator() {
            let op = Opcode::from_u8(self.graph.get(i.0).opcode);
            self.after_terminator(WHO, blk, pos.0.idx, op);
        }
        let next = self.graph.get(pos.0).c;
        self.link_inst(blk, i, pos.0.idx, next);
    }

    /// The block of insert position `pos`.
    fn position_block(&self, who: &str, pos: Inst) -> u32 {
        let blk = self.graph.get(pos.0).a;
        if blk == NONE {
            super::check::fail(
                who,
                format_args!("the insert position {:?} is not in a block", pos.0),
            );
        }
        blk
    }

    /// Checks that `i` is an instruction and may go into function `f` (raw
    /// index).
    fn check_insertable(&self, who: &str, i: Inst, f: u32) {
        if !self.graph.get(i.0).is(ValueKind::Instruction) {
            super::check::fail(
                who,
                format_args!(
                    "{:?} is a {:?}, not an instruction",
                    i.0,
                    self.value_kind(i.0)
                ),
            );
        }
        self.check_placement(who, i, f);
    }

    /// The one primitive that links an instruction into a block between
    /// `prev` and `next`. Debug records follow LLVM 19: `i` takes the
    /// records of `next` (they were printed between `prev` and `next`), or
    /// at the block's end, the block's trailing records.
    fn link_inst(&mut self, blk: u32, i: Inst, prev: u32, next: u32) {
        self.link_inst_at(blk, i, prev, next, true)
    }

    /// [`link_inst`](Self::link_inst); with `adopt` false, `next` keeps its
    /// records (the head-iterator insertion).
    fn link_inst_at(&mut self, blk: u32, i: Inst, prev: u32, next: u32, adopt: bool) {
        {
            let d = self.graph.get_mut(i.0);
            assert_eq!(d.a, NONE, "instruction {:?} is already in a block", i.0);
            d.a = blk;
            d.b = prev;
            d.c = next;
        }
        if prev == NONE {
            self.graph.values[blk as usize].ops = i.0.idx;
        } else {
            debug_assert_eq!(self.graph.values[prev as usize].c, next);
            self.graph.values[prev as usize].c = i.0.idx;
        }
        if next == NONE {
            self.graph.values[blk as usize].nops = i.0.idx;
        } else {
            debug_assert_eq!(self.graph.values[next as usize].b, prev);
            self.graph.values[next as usize].b = i.0.idx;
        }
        self.order.invalidate(blk);
        let f = self.graph.values[blk as usize].a;
        // Only a named instruction (one with a side record) has a name to
        // register.
        if f != NONE && self.graph.values[i.0.idx as usize].has_side() {
            if let Some(n) = self.take_raw_name(i.0) {
                let f = Function(self.graph.handle(f));
                self.set_local_name(f, i.0, &n);
            }
        }
        if next == NONE {
            if !self.md.trailing_dbg.is_empty() {
                self.absorb_trailing_dbg_records(blk, i);
            }
        } else if adopt && self.graph.values[next as usize].has_side() {
            let n = Inst(self.graph.handle(next));
            let records = self.take_dbg_records(n);
            if !records.is_empty() {
                self.prepend_dbg_records(i, records);
            }
        }
    }

    /// Takes `i` out of its block, leaving it detached (LLVM
    /// `removeFromParent`). Its debug records stay where they were: they
    /// go to the next instruction, or at the block's end wait for the next
    /// instruction placed there. O(1 + records).
    pub fn remove_inst(&mut self, i: Inst) {
        if self.graph.get(i.0).has_side() {
            self.hand_over_dbg_records(i);
        }
        self.unlink_inst(i);
    }

    /// The one primitive that unlinks an instruction from its block,
    /// records and all. O(1).
    #[inline]
    pub(crate) fn unlink_inst(&mut self, i: Inst) {
        let d = self.graph.get(i.0);
        let (blk, prev, next) = (d.a, d.b, d.c);
        if blk == NONE {
            return;
        }
        if prev == NONE {
            self.graph.values[blk as usize].ops = next;
        } else {
            self.graph.values[prev as usize].c = next;
        }
        if next == NONE {
            self.graph.values[blk as usize].nops = prev;
        } else {
            self.graph.values[next as usize].b = prev;
        }
        let f = self.graph.values[blk as usize].a;
        if f != NONE && self.graph.get(i.0).has_side() {
            self.forget_local_name(Function(self.graph.handle(f)), i.0);
        }
        let d = self.graph.get_mut(i.0);
        d.a = NONE;
        d.b = NONE;
        d.c = NONE;
    }

    /// Moves `i` (in any block) to just before `pos` (LLVM `moveBefore`:
    /// `i`'s debug records stay behind, and `i` takes `pos`'s). O(1 +
    /// records).
    pub fn move_inst_before(&mut self, i: Inst, pos: Inst) {
        self.remove_inst(i);
        self.insert_inst_before(pos, i);
    }

    /// Splits `b` before `at`: `at` and everything after it move to a new
    /// block inserted after `b`, and `b` ends with `br label %new` (with
    /// `at`'s `!dbg`). PHIs in
    /// the successors that named `b` now name the new block. Returns the
    /// new block. O(instructions moved + successor PHIs).
    pub fn split_block(&mut self, b: Block, at: Inst, name: impl AsRef<[u8]>) -> Block {
        let f = self
            .block_parent(b)
            .expect("split_block needs a block in a function");
        let nb = self.create_block(name);
        let next = self.graph.get(b.0).c;
        let before = (next != NONE).then(|| Block(self.graph.handle(next)));
        self.insert_block(f, nb, before);
        let old_succs: smallvec::SmallVec<[Block; 4]> = self.successors(b).collect();
        // The records before `at` stay in `b`, for its new branch (LLVM's
        // `splitBasicBlock`); the others travel with their instructions.
        let records = self.take_dbg_records(at);
        if !records.is_empty() {
            self.md.trailing_dbg.insert(b.0.idx, records);
        }
        let mut cur = Some(at);
        while let Some(i) = cur {
            cur = self.next_inst(i);
            self.unlink_inst(i);
            self.append_inst(nb, i);
        }
        let lt = self.void_type();
        let br = self.create_inst(Opcode::Br, lt, &[nb.0], InstPayload::None);
        if let Some(dl) = self.dbg_loc(at) {
            self.set_dbg_loc(br, Some(dl));
        }
        self.append_inst(b, br);
        for s in old_succs {
            self.replace_phi_incoming_block(s, b, nb);
        }
        nb
    }

    /// In every PHI at the top of `succ`, renames incoming block `old` to `new`.
    ///
    /// # Panics
    /// If `new` is not a block, or is a block of another function than
    /// `succ`.
    pub fn replace_phi_incoming_block(&mut self, succ: Block, old: Block, new: Block) {
        const WHO: &str = "Context::replace_phi_incoming_block";
        self.check_block(WHO, new.0);
        let f = self.graph.get(succ.0).a;
        self.check_local(WHO, new.0, f, NONE);
        let phis: Vec<Inst> = self
            .insts(succ)
            .take_while(|&i| self.opcode(i) == Opcode::Phi)
            .collect();
        for p in phis {
            if let InstPayload::Phi { blocks, .. } = self.payload_mut(p) {
                for bl in blocks.iter_mut() {
                    if *bl == old.0 {
                        *bl = new.0;
                    }
                }
            }
        }
    }

    /// Capacity of a hung-off operand run (PHI, switch, ...); `nops` for
    /// co-allocated runs.
    pub fn operand_capacity(&self, v: Value) -> u32 {
        let d = self.graph.get(v);
        match d.kind() {
            ValueKind::Instruction => match self.extra(Inst(v)).map(|e| &e.payload) {
                Some(InstPayload::Phi { cap, .. }) | Some(InstPayload::Grow { cap, .. }) => *cap,
                _ => d.nops,
            },
            ValueKind::GlobalVariable | ValueKind::Function if d.ops != NONE => {
                d.nops.max(if d.kind() == ValueKind::Function {
                    3
                } else {
                    1
                })
            }
            _ => d.nops,
        }
    }
}

struct InstIter<'a> {
    ctx: &'a Context,
    front: u32,
    back: u32,
    done: bool,
}

impl Iterator for InstIter<'_> {
    type Item = Inst;
    fn next(&mut self) -> Option<Inst> {
        if self.done {
            return None;
        }
        let cur = self.front;
        if cur == self.back {
            self.done = true;
        } else {
            self.front = self.ctx.graph.values[cur as usize].c;
        }
        Some(Inst(self.ctx.graph.handle(cur)))
    }
}

impl DoubleEndedIterator for InstIter<'_> {
    fn next_back(&mut self) -> Option<Inst> {
        if self.done {
            return None;
        }
        let cur = self.back;
        if cur == self.front {
            self.done = true;
        } else {
            self.back = self.ctx.graph.values[cur as usize].b;
        }
        Some(Inst(self.ctx.graph.handle(cur)))
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn not_an_inst(i: Inst, k: ValueKind) -> ! {
    panic!("Context::opcode: {:?} is a {k:?}, not an instruction", i.0)
}

/// The flags a new instruction of `op` starts with: empty, except that a
/// compare needs a predicate of its kind and an atomic instruction an
/// ordering (LLVM's constructors take them as arguments).
fn default_flags(op: Opcode) -> u16 {
    use crate::inst::{mem, Ordering, Predicate};
    let seq = Ordering::SeqCst as u16;
    match op {
        Opcode::ICmp => Predicate::IEq as u16,
        Opcode::FCmp => Predicate::FFalse as u16,
        Opcode::Fence | Opcode::AtomicRMW => seq << mem::ORDER_SHIFT,
        Opcode::AtomicCmpXchg => seq << mem::ORDER_SHIFT | seq << mem::EXTRA_SHIFT,
        _ => 0,
    }
}

/// A position in a block's instruction list that fetches the next
/// instruction before handing out the current one, so the caller may erase
/// (or move) each instruction as it gets it, holding `&mut Context` between
/// steps (LLVM's `make_early_inc_range`). Erasing the instruction *after*
/// the current one is not allowed: the cursor then holds a stale id and
/// its next step panics naming it.
///
/// ```
/// # use lair::{builder::Builder, Context};
/// # let mut ctx = Context::new();
/// # let m = ctx.create_module("m");
/// # let i32t = ctx.i32_type();
/// # let fty = ctx.function_type(i32t, &[i32t], false);
/// # let f = ctx.add_function(m, "f", fty);
/// # let b = ctx.append_block(f, "entry");
/// # let x = ctx.arg(f, 0);
/// # let mut bd = Builder::at_end(&mut ctx, b);
/// # bd.set_folding(false);
/// # let d = bd.add(x, x);
/// # bd.ret(Some(x));
/// let mut c = ctx.early_inc_insts(b);
/// while let Some(i) = c.next(&ctx) {
///     if ctx.use_empty(i.0) && !ctx.opcode(i).is_terminator() {
///         ctx.erase_inst(i);
///     }
/// }
/// assert_eq!(ctx.insts(b).count(), 1);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct InstCursor {
    next: Option<Inst>,
}

impl InstCursor {
    /// The next instruction, if any; the cursor moves past it first.
    ///
    /// # Panics
    /// If the instruction it was about to return was erased.
    #[inline]
    pub fn next(&mut self, ctx: &Context) -> Option<Inst> {
        let i = self.next?;
        self.next = ctx.next_inst(i);
        Some(i)
    }
}

/// The raw id the side record keeps for `payload` (see `ir/side.rs`):
/// the type of `InstPayload::Ty`, else `NONE`.
#[inline]
pub(crate) fn payload_ty(payload: &InstPayload) -> u32 {
    match payload {
        InstPayload::Ty(t) => t.raw(),
        _ => NONE,
    }
}

/// The operand storage of `op`, checking a fixed arity against `n`.
///
/// # Panics
/// If a fixed-arity opcode gets the wrong number of operands.
#[inline]
fn checked_storage(op: Opcode, n: usize) -> OperandStorage {
    let storage = op.storage();
    if let OperandStorage::Fixed(k) = storage {
        assert_eq!(
            n,
            k as usize,
            "`{}` takes {k} operands, got {n}",
            op.mnemonic()
        );
    }
    storage
}
