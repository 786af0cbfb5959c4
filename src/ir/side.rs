//! Side records: what a value carries beyond its 36-byte hot record.
//!
//! Owns the side table (names and per-kind payloads) and its free list.
//! A value gets a side record only when it needs one (a name, a payload
//! such as a PHI's incoming blocks or a function's body), so an unnamed
//! `add` costs nothing here.

use super::function::FunctionData;
use super::global::GlobalData;
use super::inst::InstExtra;
use crate::constants::ConstPayload;
use crate::entity::NONE;

/// Per-kind payload of a side record.
pub(crate) enum Payload {
    None,
    Inst(Box<InstExtra>),
    Function(Box<FunctionData>),
    Global(Box<GlobalData>),
    Const(Box<ConstPayload>),
    Asm(Box<super::special::InlineAsmData>),
}

pub(crate) struct Side {
    pub(crate) name: Option<Box<str>>,
    pub(crate) payload: Payload,
}

pub(crate) struct SideTable {
    pub(crate) recs: Vec<Side>,
    free: Vec<u32>,
}

impl SideTable {
    pub(crate) fn new() -> Self {
        SideTable {
            recs: Vec::new(),
            free: Vec::new(),
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
            self.recs[i as usize] = Side {
                name: None,
                payload: Payload::None,
            };
            self.free.push(i);
        }
    }
}
