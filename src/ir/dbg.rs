//! Debug records on instructions, and values used from metadata.
//!
//! Owns the API of debug records (`#dbg_value`, `#dbg_declare`,
//! `#dbg_assign`, `#dbg_label`: [`DbgRecord`], stored before the
//! instruction they precede), [`Context::find_dbg_users`], and the upkeep
//! LLVM 19 does when a value that metadata wraps (a value-as-metadata,
//! LLVM's `ValueAsMetadata`) is replaced or deleted:
//!
//! * RAUW of `from` by `to`: if `to` has no value-as-metadata yet, `from`'s
//!   is re-keyed to `to` (every node, record and wrapper naming it now
//!   names `to`); otherwise every user moves to `to`'s: uniqued nodes are
//!   re-uniqued (one that collides becomes distinct; a `DIArgList` is
//!   merged), debug records are rewritten, and a `metadata` operand
//!   wrapper (metadata-as-value) is re-keyed or merged into `to`'s;
//! * erasing an instruction is RAUW by `undef` of its type (LLVM's
//!   `Instruction` destructor);
//! * deleting a global value: debug records and `DIArgList`s get `poison`,
//!   other nodes `null` (and become distinct), metadata-as-value wrappers
//!   `!{}` (LLVM's `ValueAsMetadata::handleDeletion`).
//!
//! Erasing (or removing) an instruction that carries debug records hands
//! them to the next instruction, or, at the block's end, keeps them for the
//! next terminator placed there (LLVM's `DbgMarker` removal and
//! `flushTerminatorDbgRecords`).
//!
//! It does not own the metadata store (`metadata/`) or the RAUW and erase
//! operations themselves (`replace.rs`, which calls the hooks here).
//!
//! # Upkeep
//!
//! * A debug record (`DbgRecord`: kind, metadata operands) lives in the
//!   `InstExtra` of the instruction it precedes; the field is crate-private
//!   and changed only through `set_dbg_records`, `push_dbg_record` and
//!   `take_dbg_records`, which keep the store's indexes.
//! * `md_value(v)` sets `USED_BY_MD` on `v`'s record (LLVM's `IsUsedByMD`),
//!   so RAUW and erasure of every other value pay one bit test.
//! * The store keeps two indexes for the whole context's life: `vam_users`
//!   (tuples and specialised nodes, `DIArgList`s among them, with a given
//!   value-as-metadata as an operand) and `dbg_users` (instructions whose
//!   records name a value-as-metadata or `DIArgList`, forward-reference
//!   temporaries included). Both are supersets checked before use, so
//!   removing a record or node never has to find its entry.
//! * RAUW runs after handles and before uses (LLVM's `doRAUW` order). The
//!   re-keying case is O(1); otherwise `MdStore::retarget_vam` moves the
//!   users, O(users of that metadata). A metadata-as-value wrapper that must
//!   merge into `to`'s is merged by RAUW of the wrapper values
//!   (`replace.rs`).
//! * Records keep their place in the text as LLVM 19's `DbgMarker`s do:
//!   `remove_inst`, `erase_inst` and `move_inst_before` hand the leaving
//!   instruction's records to the next instruction (before its own); at the
//!   block's end they wait in `trailing_dbg` until the next instruction
//!   placed at the end takes them. An instruction inserted before `pos` goes
//!   after `pos`'s records and takes them (`insertBefore(Instruction*)`);
//!   `split_block` leaves `at`'s records in the old block for its new
//!   branch.
//! * `find_dbg_users(v)` gives the records naming `v` directly or through a
//!   `DIArgList`, as `(inst, index)` pairs; O(records that ever named it).
//!
//! Checked against libLLVM 19: `scripts/dbg-oracle.cpp` applies RAUW, erase,
//! move, split and insertion operations to the 21 modules of
//! `tests/data/dbg` (the `.expected` files; `tests/dbg_tracking.rs` applies
//! the same through lair), and on every `-g` corpus file replaces and erases
//! each instruction that records point at (`examples/dbg_churn.rs` against
//! `dbg-oracle --churn`, in `.ci/run`): the printed modules are identical.

use smallvec::SmallVec;

use super::inst::DbgRecord;
use super::Inst;
use crate::entity::NONE;
use crate::ir::metadata::{Metadata, VamTarget};
use crate::value::{Value, ValueKind, USED_BY_MD};
use crate::Context;

/// A debug record that uses a value: the instruction it precedes and its
/// index among that instruction's records.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct DbgUser {
    /// The instruction the record is attached to.
    pub inst: Inst,
    /// The record's index in [`Context::dbg_records`] of `inst`.
    pub record: usize,
}

/// Metadata-as-value wrappers to merge after a metadata change: `(old,
/// new)`, the caller replaces every use of `old` by `new` and frees `old`.
pub(crate) type WrapperMerges = SmallVec<[(Value, Value); 2]>;

/// # Debug records
///
/// The `#dbg_*` records attached before instructions, and the debug users
/// of a value.
impl Context {
    /// The debug records attached before `i`, in order.
    pub fn dbg_records(&self, i: Inst) -> &[DbgRecord] {
        self.extra(i).map_or(&[], |e| &e.dbg_records)
    }

    /// Replaces the debug records attached before `i`.
    pub fn set_dbg_records(&mut self, i: Inst, records: Vec<DbgRecord>) {
        for r in &records {
            self.md.index_dbg_record(i.0, r);
        }
        self.extra_mut(i).dbg_records = records;
    }

    /// Appends a debug record before `i` (after those already there).
    pub fn push_dbg_record(&mut self, i: Inst, r: DbgRecord) {
        self.md.index_dbg_record(i.0, &r);
        self.extra_mut(i).dbg_records.push(r);
    }

    /// Takes the debug records attached before `i` away.
    pub fn take_dbg_records(&mut self, i: Inst) -> Vec<DbgRecord> {
        if self.extra(i).is_none_or(|e| e.dbg_records.is_empty()) {
            return Vec::new();
        }
        core::mem::take(&mut self.extra_mut(i).dbg_records)
    }

    /// The debug records that use `v` (LLVM's `findDbgUsers`): those whose
    /// location (or `#dbg_assign` address) is `v` as metadata or a
    /// `DIArgList` holding it. O(records that ever named it).
    pub fn find_dbg_users(&self, v: impl Into<Value>) -> Vec<DbgUser> {
        let v = v.into();
        let mut out = Vec::new();
        if self.graph.get(v).kind_bits & USED_BY_MD == 0 {
            return out;
        }
        let Some(vam) = self.md.vam_of(v) else {
            return out;
        };
        let mut keys: SmallVec<[Metadata; 4]> = SmallVec::new();
        keys.push(vam);
        for &u in self.md.vam_users_of(vam) {
            let u = self.md.resolve(u);
            if self.md.data(u).is_arg_list() && !keys.contains(&u) {
                let mut holds = false;
                self.md.data(u).for_each_operand(|o| holds |= o == vam);
                if holds {
                    keys.push(u);
                }
            }
        }
        for &k in &keys {
            let Some(insts) = self.md.dbg_users.get(&k) else {
                continue;
            };
            for &iv in insts {
                if !self.graph.is_live(iv) || self.graph.get(iv).kind() != ValueKind::Instruction {
                    continue;
                }
                for (n, r) in self.dbg_records(Inst(iv)).iter().enumerate() {
                    if r.ops.iter().flatten().any(|&m| self.md.resolve(m) == k) {
                        out.push(DbgUser {
                            inst: Inst(iv),
                            record: n,
                        });
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    // ---- upkeep, called by replace.rs and ir/inst.rs --------------------

    /// Metadata's part of RAUW of `from` (which has [`USED_BY_MD`]) by `to`.
    pub(crate) fn md_value_replaced(&mut self, from: Value, to: Value) -> WrapperMerges {
        self.graph.get_mut(from).kind_bits &= !USED_BY_MD;
        let Some(old) = self.md.vam_of(from) else {
            return WrapperMerges::new();
        };
        self.graph.get_mut(to).kind_bits |= USED_BY_MD;
        match self.md.vam_of(to) {
            None => {
                self.md.rekey_vam(old, to);
                WrapperMerges::new()
            }
            Some(new) => {
                let merged = self.md.retarget_vam(old, VamTarget::Replaced(new));
                let mut out = WrapperMerges::new();
                for (a, b) in merged {
                    self.retarget_record_users(a, b);
                    out.extend(self.retarget_wrapper(a, b));
                }
                out
            }
        }
    }

    /// Metadata's part of deleting global value `v` (which has
    /// [`USED_BY_MD`]).
    pub(crate) fn md_value_deleted(&mut self, v: Value) -> WrapperMerges {
        self.graph.get_mut(v).kind_bits &= !USED_BY_MD;
        let Some(old) = self.md.vam_of(v) else {
            return WrapperMerges::new();
        };
        let ty = self.type_of(v);
        let p = self.const_poison(ty);
        let poison = self.md_value(p);
        let empty = self.md_tuple(&[]);
        let merged = self.md.retarget_vam(old, VamTarget::Deleted { poison });
        let mut out = WrapperMerges::new();
        for (a, b) in merged {
            self.retarget_record_users(a, b);
            let wrapper_target = if a == old { empty } else { b };
            out.extend(self.retarget_wrapper(a, wrapper_target));
        }
        out
    }

    /// Debug records naming `a` now name `b`.
    fn retarget_record_users(&mut self, a: Metadata, b: Metadata) {
        let users = self.md.move_dbg_users(a, b);
        for iv in users {
            if !self.graph.is_live(iv) || self.graph.get(iv).kind() != ValueKind::Instruction {
                continue;
            }
            let i = Inst(iv);
            if self.dbg_records(i).is_empty() {
                continue;
            }
            let mut records = core::mem::take(&mut self.extra_mut(i).dbg_records);
            for r in &mut records {
                for op in r.ops.iter_mut().flatten() {
                    if self.md.resolve(*op) == a {
                        *op = b;
                    }
                }
            }
            self.extra_mut(i).dbg_records = records;
        }
    }

    /// The metadata-as-value wrapping `a`, if any, now wraps `b`: re-keyed,
    /// or, when `b` has a wrapper already, returned for merging.
    fn retarget_wrapper(&mut self, a: Metadata, b: Metadata) -> Option<(Value, Value)> {
        let m = self.specials.take_md_value(a)?;
        let mv = self.graph.handle(m);
        match self.specials.md_value_of(b) {
            Some(existing) => Some((mv, self.graph.handle(existing))),
            None => {
                self.graph.get_mut(mv).a = b.index() as u32;
                self.specials.set_md_value(b, m);
                None
            }
        }
    }

    /// The debug records before `i`, which is leaving its place (erased or
    /// removed), go to the next instruction, before its own; at the end of
    /// the block they wait for the next terminator placed there.
    pub(crate) fn hand_over_dbg_records(&mut self, i: Inst) {
        let records = self.take_dbg_records(i);
        if records.is_empty() {
            return;
        }
        let d = self.graph.get(i.0);
        let (blk, next) = (d.a, d.c);
        if blk == NONE {
            return;
        }
        if next != NONE {
            let n = Inst(self.graph.handle(next));
            self.prepend_dbg_records(n, records);
        } else {
            let trailing = self.md.trailing_dbg.entry(blk).or_default();
            let mut all = records;
            all.append(trailing);
            *trailing = all;
        }
    }

    /// Puts `records` before `i`'s own records.
    pub(crate) fn prepend_dbg_records(&mut self, i: Inst, mut records: Vec<DbgRecord>) {
        for r in &records {
            self.md.index_dbg_record(i.0, r);
        }
        let own = core::mem::take(&mut self.extra_mut(i).dbg_records);
        records.extend(own);
        self.extra_mut(i).dbg_records = records;
    }

    /// A terminator `i` just placed at the end of block `blk` takes the
    /// block's trailing debug records, if any.
    #[cold]
    pub(crate) fn absorb_trailing_dbg_records(&mut self, blk: u32, i: Inst) {
        if let Some(records) = self.md.trailing_dbg.remove(&blk) {
            self.prepend_dbg_records(i, records);
        }
    }

    /// Forgets the trailing records of a block being erased.
    pub(crate) fn drop_trailing_dbg_records(&mut self, blk: u32) {
        if !self.md.trailing_dbg.is_empty() {
            self.md.trailing_dbg.remove(&blk);
        }
    }
}
