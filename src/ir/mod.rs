//! Module structure: modules, functions, blocks, arguments, globals,
//! attributes, metadata, and the placement of instructions in blocks.
//!
//! Owns the typed handles over [`Value`] ([`Inst`], [`Block`],
//! [`Function`], [`Global`]), the [`Module`] handle, the side records
//! (names and per-kind payloads) that keep the hot value record small, and
//! how a name's bytes show in a message (`shown`).

mod asm_constraints;
pub mod attributes;
pub(crate) mod block_number;
pub mod callsite;
pub(crate) mod check;
pub mod dbg;
pub mod effects;
pub(crate) mod flags;
pub mod function;
pub mod global;
pub mod inst;
pub mod intrinsics;
pub mod metadata;
pub mod module;
pub(crate) mod operands;
pub(crate) mod order;
pub(crate) mod side;
pub mod special;
pub mod summary;
pub mod triple;
pub mod view;

use crate::entity::{plain_entity, NONE};
use crate::value::{Value, ValueKind};
use crate::Context;
use side::{Payload, Side};
use std::borrow::Cow;

/// LLVM's bytes (a name, a triple) shown in a message: as they are when
/// UTF-8; otherwise the UTF-8 runs as they are and every other byte as
/// `\XX` (upper-case hex), where LLVM writes the raw byte. Never U+FFFD,
/// which would show two different names alike.
pub(crate) fn shown(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(s) = core::str::from_utf8(bytes) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for &c in chunk.invalid() {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
    Cow::Owned(out)
}

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

/// # Values: names and downcasts
///
/// Names of values, typed views of a value (`as_inst`, `as_block`, ...).
impl Context {
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

    /// The name of a value (without `%`/`@`), if it has one and it is
    /// UTF-8. LLVM's names are arbitrary bytes (`@"\FF"`): a name that is
    /// not UTF-8 is `None` here; [`name_bytes`](Self::name_bytes) gives
    /// every name.
    pub fn name_of(&self, v: impl Into<Value>) -> Option<&str> {
        self.name_bytes(v)
            .and_then(|b| core::str::from_utf8(b).ok())
    }

    /// The name of a value as bytes (without `%`/`@`), if it has one.
    #[inline]
    pub fn name_bytes(&self, v: impl Into<Value>) -> Option<&[u8]> {
        self.side_of(v.into()).and_then(|s| s.name.as_deref())
    }

    /// `v`'s name (empty when unnamed) followed by `suffix`: the names
    /// transforms derive (`%x.reload`, `%bb.split`).
    pub(crate) fn suffixed_name(&self, v: impl Into<Value>, suffix: &str) -> Vec<u8> {
        let n = self.name_bytes(v).unwrap_or(b"");
        let mut out = Vec::with_capacity(n.len() + suffix.len());
        out.extend_from_slice(n);
        out.extend_from_slice(suffix.as_bytes());
        out
    }

    /// Whether `v` has a name (LLVM `hasName`).
    #[inline]
    pub fn has_name(&self, v: impl Into<Value>) -> bool {
        self.name_bytes(v).is_some()
    }

    /// Names a value: globals uniquely in their module (`.N` suffix on
    /// collision), locals uniquely in their function (`N` suffix), as LLVM
    /// does. Detached blocks and instructions keep the name as given until
    /// they are inserted. Constants cannot be named. The same as
    /// [`set_name_bytes`](Self::set_name_bytes) with the name's bytes.
    ///
    /// # Panics
    /// If `v` is a constant, or a void-typed instruction given a name.
    pub fn set_name(&mut self, v: impl Into<Value>, name: &str) {
        self.set_name_bytes(v, name.as_bytes())
    }

    /// [`set_name`](Self::set_name) with a name of arbitrary bytes (LLVM's
    /// names are byte strings; `\0` included).
    ///
    /// # Panics
    /// As [`set_name`](Self::set_name).
    pub fn set_name_bytes(&mut self, v: impl Into<Value>, name: &[u8]) {
        let v = v.into();
        let d = self.graph.get(v);
        match d.kind() {
            k if k.is_global() => self.set_global_name_bytes(v, name),
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
                    "Context::set_name_bytes: instruction has a name, but provides a void value"
                );
                let f = self.inst_parent(Inst(v)).and_then(|b| self.block_parent(b));
                match f {
                    Some(f) => self.set_local_name(f, v, name),
                    None => self.set_raw_name(v, (!name.is_empty()).then(|| name.into())),
                }
            }
            k => panic!("Context::set_name_bytes: a {k:?} cannot be named"),
        }
    }

    /// The name of the live value at raw index `idx` (a use's value, say:
    /// checked by whoever holds the index), without a handle's generation
    /// check.
    #[inline]
    pub(crate) fn name_at(&self, idx: u32) -> Option<&[u8]> {
        let s = self.graph.side_at(idx);
        if s == NONE {
            return None;
        }
        self.sides.recs[s as usize].name.as_deref()
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
        if let Payload::Inst {
            extra: x,
            shared: false,
            ..
        } = old
        {
            self.sides.free_extra(x);
        }
    }

    pub(crate) fn set_raw_name(&mut self, v: Value, name: Option<Box<[u8]>>) {
        if name.is_none() && !self.graph.get(v).has_side() {
            return;
        }
        self.side_or_new(v).name = name;
    }

    /// Takes `v`'s name out of its side record (no symbol table touched).
    pub(crate) fn take_raw_name(&mut self, v: Value) -> Option<Box<[u8]>> {
        self.side_of_mut(v).and_then(|s| s.name.take())
    }

    // ---- operands and uses ------------------------------------------------

    /// Whether an instruction of block `b` uses `v` (LLVM
    /// `isUsedInBasicBlock`). O(uses of `v`).
    pub fn is_used_in_block(&self, v: impl Into<Value>, b: Block) -> bool {
        self.users(v).any(|u| self.parent_block_of(u) == Some(b))
    }

    /// The block holding `v` if it is an instruction in one.
    pub(crate) fn parent_block_of(&self, v: Value) -> Option<Block> {
        self.as_inst(v).and_then(|i| self.inst_parent(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_bytes() {
        // UTF-8 is borrowed as is, escapes included.
        assert!(matches!(
            shown("caf\u{e9} \\FF".as_bytes()),
            Cow::Borrowed("caf\u{e9} \\FF")
        ));
        // Every byte outside a whole UTF-8 sequence (a truncated one's
        // too) is `\XX`; the sequences around it stay as they are.
        assert_eq!(shown(b"a\xFFb"), "a\\FFb");
        assert_eq!(shown(b"\xC3\xA9\xFE\xC3"), "\u{e9}\\FE\\C3");
        assert_ne!(shown(b"\xFF"), shown(b"\xFE"));
    }
}
