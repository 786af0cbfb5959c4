//! The value graph: generational value ids, intrusive use lists and operand
//! storage. Graph mechanics only — no semantics.
//!
//! Owns [`Value`], [`Use`], the hot per-value record `ValueData`, the use
//! pool and its operand runs, and the primitives that link and unlink a use.
//! It does not know what an instruction or a constant means: the RAUW
//! *policy* (re-uniquing constant users, PHI blocks) lives in `replace.rs`,
//! and per-kind payloads live in the layers above (`ir/`, `constants/`).
//!
//! # Layout
//!
//! ```text
//! gens[i] (4 B)  ValueData (32 B)                UseData (16 B)
//! +-----+        +-----+-----------+----------+  +-----+----------------------+------+------+
//! | gen |        | ty  | first_use | kind|op|fl|  | val | CONST|opno<7|user   | prev | next |
//! +-----+        +-----+-----------+----------+  +-----+----------------------+------+------+
//!                | a   | b   | c   | ops| nops|   u32 pool/arena indices, NONE = u32::MAX;
//!                                                 tag: bit 31, bits 28..31, bits 0..28
//! ```
//!
//! The generation of slot `i` is `Graph::gens[i]`, a dense array parallel
//! to the records, so minting a `Value` for a raw index reads 4 bytes.
//!
//! Invariants (checked by [`Context::check_use_lists`](crate::Context)):
//! * a use `u` with `val != NONE` is on exactly the list of `val`, and
//!   `uses[u].prev/next` agree in both directions; a head has `prev == NONE`;
//! * the operand `i` of a user is `uses[ops + i]`, whose tag names that
//!   user and holds `min(i, OPNO_FAR)` (an operand number of 7 or more is
//!   `u - ops`, read from the user's record);
//! * a freed value slot has `kind == FREE` and a generation different from
//!   every handle minted for its previous occupant.
//!
//! # Fields
//!
//! * `a`, `b`, `c` depend on the kind. Instruction: parent block, prev, next.
//!   Block: parent function, prev, next, with `ops`/`nops` its first and last
//!   instruction (blocks are not users). Argument: function, index. Global:
//!   module, prev, next. Constant: `a`/`b` the bits of an integer or float up
//!   to 64 bits, `c` its index in the constants' payload table. A free slot's
//!   `a` threads the free list.
//! * `opcode` is an instruction's `Opcode` or a constant's `ConstKind`;
//!   `flags` holds per-opcode bits (`inst/`).
//! * `kind` holds the `ValueKind` in bits 0..5 (`0xff` marks a free slot)
//!   and three bits that let the common case skip a lookup: `HAS_HANDLES`
//!   (the value is on the handle table's lists), `HAS_SIDE` (it has a side
//!   record, see below) and `USED_BY_MD` (metadata wraps it, `ir/dbg.rs`).
//! * `CONST_USER` in a use's tag marks a use whose user is a uniqued
//!   constant, so RAUW picks its policy without loading the user.
//! * An operand number below 7 is read from the tag; from 7 up the tag holds
//!   7 and the number is `use index − user's ops`, one read of the user's
//!   record (which LLVM pays for every use). Binary operators, loads,
//!   stores, casts, compares, selects and the first seven operands of any
//!   user never read the user. The price: value indices stay below
//!   2^28 − 1 (`Graph::alloc` panics "value arena exhausted"). A five-word
//!   use record with its own operand-number word cost 8 bytes more an
//!   `add` (build_chain bytes 0.553 of LLVM instead of 0.495) and made
//!   use-list walks 20% less dense.
//! * A *side record* (`ir/side.rs`) holds a name and a per-kind payload; an
//!   unnamed `add` has none. `Graph::side_idx` holds its number: an array
//!   grown by doubling (capped at the value array's capacity) only as far as
//!   the highest value that ever had one. A clear `HAS_SIDE` bit makes the
//!   entry meaningless, so freeing a slot writes nothing there. (Growing it
//!   to exactly the new slot cost the sqlite3-O2 parse 20 M instructions
//!   instead of 6 M.)
//! * Erasing a value bumps its slot's generation (wrapping to 1 after 2^32
//!   reuses, a documented limit) and puts the slot on the free list;
//!   `Graph::get` compares the id's generation with `gens` and panics with
//!   "stale value id …" rather than answer for whatever reuses the slot. An
//!   id from another context is caught only when it is out of range or its
//!   generation differs.
//!
//! A plain `add` costs 68 bytes: 32 + 4 for the value, 2 × 16 for its uses
//! (sizes asserted in `hot_records_are_small`).

mod api;
mod graph;
mod grow;
mod handles;
mod pool;

pub(crate) use graph::Graph;
pub use graph::{UseIter, UserIter};
pub(crate) use handles::HandleTable;
pub use handles::{HandleEvent, HandleId, HandleKind};
pub(crate) use pool::UsePool;

use crate::entity::NONE;
use crate::types::Type;
use core::num::NonZeroU32;

/// A value: argument, block, instruction, function, global, constant,
/// inline asm or metadata-as-value. A generational id: after the value is
/// erased, every query with this id panics with a "stale value" message
/// instead of answering for whatever reuses the slot, and an id of another
/// [`Context`](crate::Context) panics with "from another context" (the
/// generation word carries the minting context's tag; see DESIGN.md for the
/// limits).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value {
    pub(crate) idx: u32,
    pub(crate) gen: NonZeroU32,
}

impl Value {
    /// An opaque number that identifies this value (stale ids of an erased
    /// value differ from the slot's next occupant; ids of contexts with
    /// different tags differ), for checksums and external hashing. Not an
    /// index.
    #[inline]
    pub fn identity(self) -> u64 {
        (self.gen.get() as u64) << 32 | self.idx as u64
    }
}

impl core::fmt::Debug for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "v{}g{}", self.idx, self.gen.get() >> 8)
    }
}

/// One operand slot of a user: `(user, operand number)`. Stays valid while
/// the user lives, even when a hung-off operand run is moved to grow.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The user holding this operand slot.
    pub user: Value,
    /// Index of the slot in the user's operand list.
    pub operand_no: u32,
}

/// What kind of value a [`Value`] is.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum ValueKind {
    /// A function argument.
    Argument = 0,
    /// A basic block (type `label`).
    Block = 1,
    /// An instruction.
    Instruction = 2,
    /// A function (declaration or definition).
    Function = 3,
    /// A global variable.
    GlobalVariable = 4,
    /// A global alias.
    Alias = 5,
    /// A global ifunc.
    IFunc = 6,
    /// A uniqued constant (not a global).
    Constant = 7,
    /// An inline assembler snippet.
    InlineAsm = 8,
    /// A metadata node or string used as a value (type `metadata`).
    MetadataAsValue = 9,
    /// A forward-reference placeholder (parsers), replaced by RAUW.
    Placeholder = 10,
}

impl ValueKind {
    /// Whether values of this kind are global values (functions, variables,
    /// aliases, ifuncs).
    pub fn is_global(self) -> bool {
        matches!(
            self,
            ValueKind::Function | ValueKind::GlobalVariable | ValueKind::Alias | ValueKind::IFunc
        )
    }
    /// Whether values of this kind are constants in LLVM's sense (uniqued
    /// constants and global values).
    pub fn is_constant(self) -> bool {
        self == ValueKind::Constant || self.is_global()
    }
}

/// `kind` byte of a freed slot.
pub(crate) const KIND_FREE: u8 = 0xff;
/// Bit of `kind_bits` marking a value that has value handles registered.
pub(crate) const HAS_HANDLES: u8 = 0x80;
/// Bit of `kind_bits` marking a value that has a side record (its index is
/// in `Graph::side_idx`).
pub(crate) const HAS_SIDE: u8 = 0x40;
/// Bit of `kind_bits` marking a value that some metadata wraps (a
/// `ValueAsMetadata` of `ir/metadata` exists for it: LLVM's
/// `IsUsedByMD`), so RAUW and erasure tell the metadata without a lookup
/// for every other value.
pub(crate) const USED_BY_MD: u8 = 0x20;
/// The `ValueKind` part of `kind_bits`.
pub(crate) const KIND_MASK: u8 = 0x1f;
/// Bit of `UseData::tag` marking that the user is a uniqued constant, so
/// RAUW decides the policy without loading the user.
pub(crate) const CONST_USER: u32 = 1 << 31;

/// The hot per-value record. Kind-dependent words `a`, `b`, `c` (see the
/// accessors in `ir/`): instruction = parent block, prev, next; block =
/// parent function, prev, next (and `ops`/`nops` = first/last instruction);
/// argument = parent function, index; global = parent module, prev, next;
/// small constant integer = low/high word of the value.
#[derive(Clone, Debug)]
pub(crate) struct ValueData {
    pub(crate) ty: Type,
    pub(crate) first_use: u32,
    /// `ValueKind as u8`, plus [`HAS_HANDLES`], [`HAS_SIDE`] and
    /// [`USED_BY_MD`];
    /// [`KIND_FREE`] when free.
    pub(crate) kind_bits: u8,
    /// Opcode (instructions) or constant kind (constants).
    pub(crate) opcode: u8,
    /// Subclass flags: wrap flags, fast-math, predicate, alignment ...
    pub(crate) flags: u16,
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) c: u32,
    /// Start of the operand run in the use pool.
    pub(crate) ops: u32,
    /// Number of operands.
    pub(crate) nops: u32,
}

impl ValueData {
    #[inline]
    pub(crate) fn new(kind: ValueKind, ty: Type) -> Self {
        ValueData {
            ty,
            first_use: NONE,
            kind_bits: kind as u8,
            opcode: 0,
            flags: 0,
            a: NONE,
            b: NONE,
            c: NONE,
            ops: NONE,
            nops: 0,
        }
    }
    #[inline]
    pub(crate) fn kind(&self) -> ValueKind {
        kind_from_u8(self.kind_bits & KIND_MASK)
    }
    /// Whether the record is of kind `k` (a compare of the kind byte, no
    /// decoding: a freed slot is of no kind).
    #[inline]
    pub(crate) fn is(&self, k: ValueKind) -> bool {
        self.kind_bits & KIND_MASK == k as u8
    }
    /// Whether the record is a constant in LLVM's sense (a uniqued
    /// constant or a global value): one compare of the kind byte, the
    /// kinds `Function ..= Constant` being consecutive.
    #[inline]
    pub(crate) fn is_constant_kind(&self) -> bool {
        matches!(self.kind_bits & KIND_MASK, 3..=7)
    }
    /// Whether the value has a side record (name, payload). Only
    /// meaningful on a live record.
    #[inline]
    pub(crate) fn has_side(&self) -> bool {
        self.kind_bits & HAS_SIDE != 0
    }
    #[inline]
    pub(crate) fn is_free(&self) -> bool {
        self.kind_bits == KIND_FREE
    }
}

#[inline]
fn kind_from_u8(k: u8) -> ValueKind {
    match k {
        0 => ValueKind::Argument,
        1 => ValueKind::Block,
        2 => ValueKind::Instruction,
        3 => ValueKind::Function,
        4 => ValueKind::GlobalVariable,
        5 => ValueKind::Alias,
        6 => ValueKind::IFunc,
        7 => ValueKind::Constant,
        8 => ValueKind::InlineAsm,
        9 => ValueKind::MetadataAsValue,
        10 => ValueKind::Placeholder,
        _ => panic!("stale value: the slot was freed"),
    }
}

/// Bits of [`UseData::tag`] that hold the user's value index. Value
/// indices stay below [`USER_MASK`] (the arena refuses to grow past it), so
/// the all-ones pattern means "no user" in an empty slot.
pub(crate) const USER_MASK: u32 = (1 << 28) - 1;
/// Shift of the inline operand number in [`UseData::tag`].
const OPNO_SHIFT: u32 = 28;
/// Inline operand number meaning "7 or more: `use index - user's run
/// start`" (the user's record is read only for such far operands).
pub(crate) const OPNO_FAR: u32 = 7;

/// One use: the edge from a user's operand slot to the value it names.
/// 16 bytes: the user and the operand number share one word (`tag`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct UseData {
    pub(crate) val: u32,
    /// User index (bits 0..28), operand number when below [`OPNO_FAR`]
    /// (bits 28..31, else `OPNO_FAR`), [`CONST_USER`] (bit 31).
    pub(crate) tag: u32,
    pub(crate) prev: u32,
    pub(crate) next: u32,
}

impl UseData {
    pub(crate) const EMPTY: UseData = UseData {
        val: NONE,
        tag: USER_MASK,
        prev: NONE,
        next: NONE,
    };

    /// The tag of operand `opno` of user `user` (a uniqued constant when
    /// `is_const`).
    #[inline]
    pub(crate) fn make_tag(user: u32, opno: u32, is_const: bool) -> u32 {
        debug_assert!(user < USER_MASK);
        user | (opno.min(OPNO_FAR) << OPNO_SHIFT) | if is_const { CONST_USER } else { 0 }
    }

    /// The user's value index.
    #[inline]
    pub(crate) fn user(&self) -> u32 {
        self.tag & USER_MASK
    }

    /// Whether the user is a uniqued constant.
    #[inline]
    pub(crate) fn const_user(&self) -> bool {
        self.tag & CONST_USER != 0
    }

    /// The operand number if it is below [`OPNO_FAR`], else `OPNO_FAR`.
    #[inline]
    pub(crate) fn near_opno(&self) -> u32 {
        (self.tag >> OPNO_SHIFT) & OPNO_FAR
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;
    #[test]
    fn constant_kinds_are_consecutive() {
        for k in 0..=10u8 {
            let d = ValueData::new(kind_from_u8(k), Type::from_raw(0));
            assert_eq!(d.is_constant_kind(), kind_from_u8(k).is_constant(), "{k}");
        }
    }

    #[test]
    fn hot_records_are_small() {
        assert_eq!(core::mem::size_of::<ValueData>(), 32);
        assert_eq!(core::mem::size_of::<UseData>(), 16);
        assert_eq!(core::mem::size_of::<Value>(), 8);
        assert_eq!(core::mem::size_of::<Option<Value>>(), 8);
        assert_eq!(core::mem::size_of::<Use>(), 12);
    }
}
