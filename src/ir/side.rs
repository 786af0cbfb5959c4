//! Side records: what a value carries beyond its 32-byte hot record.
//!
//! Owns the side table (names and per-kind payloads) and its free list.
//! A value gets a side record only when it needs one (a name, a payload
//! such as a PHI's incoming blocks or a function's body), so an unnamed
//! `add` costs nothing here. Instruction extras live in one arena of the
//! table (`extras`, with its own free list) rather than one box each: a
//! GEP's source type or an alloca's type costs no allocation.
//!
//! `Side` (32 B) is `name: Option<Box<[u8]>>` (names are bytes, as LLVM's) and a `Payload` (16 B): `None`,
//! `Inst { extra, ty, bare, shared }`, `Function(Box<FunctionData>)` (288 B),
//! `Global(Box<GlobalData>)` (160 B) or `Asm(Box<InlineAsmData>)`. Side
//! records are reused through a free list. `Inst`'s `extra` indexes
//! `extras`, one arena of `InstExtra` (104 B) with its own free list: the
//! `InstPayload` (`Ty` for alloca and GEP, `Phi { blocks, cap }`,
//! `Grow { cap, .. }` for the other hung-off opcodes, `Call(Box<CallData>)`,
//! `Mask`, `Indices`), the sync scope, `!dbg`, the other attachments and
//! the debug records. PHI incoming blocks are payload, not uses (LLVM U12).
//! `Inst`'s `ty` is a copy of the extra's `InstPayload::Ty` (its raw id,
//! `NONE` for any other payload), so a GEP's source type is one load from
//! its side record (`layout/ir.rs`); every write of an instruction's
//! payload goes through `Context::set_extra_payload` or the attaching
//! functions of `ir/inst.rs`, which set both (a test in `linker/mover.rs`,
//! the highest layer these paths meet in, checks them after parsing,
//! cloning, reading bitcode and linking). `Inst`'s `bare` says that the
//! extra holds nothing but its payload (no sync scope, `!dbg`, other
//! attachment or debug record): the attaching functions set it from the
//! extra they attach, `Context::payload_mut` and `set_extra_payload` keep
//! it, and every `Context::extra_mut` clears it (a caller may add any of
//! those), so it is never wrongly set; the bitcode writer's walks then
//! leave a GEP's, an alloca's or a call's 104-byte extra unread
//! (`Context::inst_side_at` checks the flag against the extra in debug
//! builds). A fresh instruction with a bare `Ty` payload (an alloca, a
//! GEP) names its type's shared extra (`SideTable::shared_ty_extra`, one
//! per type, never freed) with `shared` set: it writes no extra of its
//! own until `Context::extra_mut`, `payload_mut` or `set_extra_payload`
//! copies the shared one for it, and freeing its side record leaves the
//! shared extra alone.

use super::function::FunctionData;
use super::global::GlobalData;
use super::inst::{InstExtra, InstPayload};
use crate::entity::NONE;
use crate::types::Type;

/// Per-kind payload of a side record.
pub(crate) enum Payload {
    None,
    /// An instruction's extra.
    Inst {
        /// Index into [`SideTable::extras`].
        extra: u32,
        /// The raw id of the extra's `InstPayload::Ty` type; `NONE` when
        /// its payload is of another kind.
        ty: u32,
        /// The extra holds its payload and nothing else: no sync scope,
        /// `!dbg`, other attachment or debug record. `false` may be
        /// pessimistic (set by every `Context::extra_mut`), `true` never
        /// is: a reader may then skip the extra for what the payload's
        /// copy (`ty`) or its own records tell it.
        bare: bool,
        /// The extra is [`SideTable::shared_ty_extra`]'s one for `ty`,
        /// named by every fresh instruction with that bare `Ty` payload:
        /// never changed in place (`Context::extra_mut` and friends give
        /// the instruction an extra of its own first) nor freed.
        shared: bool,
    },
    Function(Box<FunctionData>),
    Global(Box<GlobalData>),
    Asm(Box<super::special::InlineAsmData>),
}

// The copied type fits beside the extra's index: a side record stays 32 B.
const _: () = assert!(core::mem::size_of::<Side>() == 32);

pub(crate) struct Side {
    pub(crate) name: Option<Box<[u8]>>,
    pub(crate) payload: Payload,
}

pub(crate) struct SideTable {
    pub(crate) recs: Vec<Side>,
    free: Vec<u32>,
    /// The instruction extras named by `Payload::Inst`.
    pub(crate) extras: Vec<InstExtra>,
    extras_free: Vec<u32>,
    /// By type index: the shared extra holding only `InstPayload::Ty` of
    /// that type, `NONE` until one is needed.
    ty_extras: Vec<u32>,
}

impl SideTable {
    pub(crate) fn new() -> Self {
        SideTable {
            recs: Vec::new(),
            free: Vec::new(),
            extras: Vec::new(),
            extras_free: Vec::new(),
            ty_extras: Vec::new(),
        }
    }
    pub(crate) fn alloc(&mut self, s: Side) -> u32 {
        if let Some(i) = self.free.pop() {
            self.recs[i as usize] = s;
            i
        } else {
            self.recs.push(s);
            (self.recs.len() - 1) as u32
        }
    }
    pub(crate) fn free(&mut self, i: u32) {
        if i != NONE {
            let old = core::mem::replace(
                &mut self.recs[i as usize],
                Side {
                    name: None,
                    payload: Payload::None,
                },
            );
            if let Payload::Inst {
                extra: x,
                shared: false,
                ..
            } = old.payload
            {
                self.free_extra(x);
            }
            self.free.push(i);
        }
    }
    /// A fresh, empty instruction extra.
    pub(crate) fn new_extra(&mut self) -> u32 {
        self.push_extra(InstExtra::default())
    }
    /// A slot holding `e` (a freed one when there is one).
    #[inline]
    pub(crate) fn push_extra(&mut self, e: InstExtra) -> u32 {
        if let Some(x) = self.extras_free.pop() {
            self.extras[x as usize] = e;
            x
        } else {
            assert!(
                self.extras.len() < NONE as usize,
                "more than 2^32 instruction extras"
            );
            self.extras.push(e);
            (self.extras.len() - 1) as u32
        }
    }
    /// A slot holding an extra with only `payload` set, built in place.
    #[inline]
    pub(crate) fn push_payload(&mut self, payload: InstPayload) -> u32 {
        if let Some(x) = self.extras_free.pop() {
            self.extras[x as usize] = InstExtra {
                payload,
                ..InstExtra::default()
            };
            x
        } else {
            assert!(
                self.extras.len() < NONE as usize,
                "more than 2^32 instruction extras"
            );
            self.extras.push(InstExtra {
                payload,
                ..InstExtra::default()
            });
            (self.extras.len() - 1) as u32
        }
    }
    /// The extra holding `InstPayload::Ty(t)` and nothing else that every
    /// fresh instruction with that payload shares (made on first use,
    /// never freed): an alloca or GEP writes no extra of its own.
    #[inline]
    pub(crate) fn shared_ty_extra(&mut self, t: Type) -> u32 {
        let i = t.index();
        match self.ty_extras.get(i) {
            Some(&x) if x != NONE => x,
            _ => self.new_ty_extra(t),
        }
    }

    #[cold]
    #[inline(never)]
    fn new_ty_extra(&mut self, t: Type) -> u32 {
        let i = t.index();
        if self.ty_extras.len() <= i {
            self.ty_extras
                .resize((i + 1).max(2 * self.ty_extras.len()), NONE);
        }
        let x = self.push_payload(InstPayload::Ty(t));
        self.ty_extras[i] = x;
        x
    }

    /// Returns extra `x` (no longer named by any side record).
    pub(crate) fn free_extra(&mut self, x: u32) {
        self.extras[x as usize] = InstExtra::default();
        self.extras_free.push(x);
    }
}
