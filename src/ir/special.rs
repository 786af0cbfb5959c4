//! Values that are neither instructions, arguments, globals nor uniqued
//! constants of `constants/`: inline assembler snippets and metadata used
//! as a value; and the `blockaddress` constant, whose operands are a
//! function and one of its blocks.
//!
//! Owns [`InlineAsmData`], the `SpecialStore` that uniques inline asm and
//! metadata-as-value (equal inputs give the same [`Value`], as LLVM's
//! `InlineAsm::get` and `MetadataAsValue::get` do), and the typed
//! `blockaddress` constructor. It does not own constant uniquing
//! (`constants/`).

use super::metadata::Metadata;
use super::side::Payload;
use super::{Block, Function};
use crate::types::Type;
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;

/// Assembler dialect of an inline asm snippet.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum AsmDialect {
    /// AT&T (the default; not printed).
    #[default]
    Att,
    /// `inteldialect`
    Intel,
}

/// What an inline asm value is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InlineAsmData {
    /// The function type of the call that uses it.
    pub fn_ty: Type,
    /// The assembler text: bytes, as LLVM's.
    pub asm: Box<[u8]>,
    /// The constraint string: bytes, as LLVM's.
    pub constraints: Box<[u8]>,
    /// `sideeffect`
    pub side_effect: bool,
    /// `alignstack`
    pub align_stack: bool,
    /// `inteldialect` or AT&T.
    pub dialect: AsmDialect,
    /// `unwind`
    pub can_throw: bool,
}

/// The uniquing tables of inline asm and metadata-as-value values.
#[derive(Default)]
pub(crate) struct SpecialStore {
    /// Inline asm values by content.
    asm: hashbrown::HashMap<InlineAsmData, u32>,
    /// Metadata-as-value wrappers, one per node.
    md_values: hashbrown::HashMap<Metadata, u32>,
}

impl SpecialStore {
    /// The wrapper of `md` (raw value index), if one was made.
    pub(crate) fn md_value_of(&self, md: Metadata) -> Option<u32> {
        self.md_values.get(&md).copied()
    }

    /// Forgets the wrapper of `md` and returns it.
    pub(crate) fn take_md_value(&mut self, md: Metadata) -> Option<u32> {
        self.md_values.remove(&md)
    }

    /// Records `m` (raw value index) as the wrapper of `md`.
    pub(crate) fn set_md_value(&mut self, md: Metadata, m: u32) {
        self.md_values.insert(md, m);
    }
}

/// # Block addresses, inline asm, metadata as values
///
/// `blockaddress` constants, inline assembler values and metadata used as
/// an operand: uniqued.
impl Context {
    /// `blockaddress(@f, %b)`: the address of block `b` of function `f`
    /// (uniqued; type `ptr`). Gives the block a use (C21).
    ///
    /// # Panics
    /// If `b` is not a block of `f`.
    pub fn block_address(&mut self, f: Function, b: Block) -> Value {
        assert_eq!(
            self.block_parent(b),
            Some(f),
            "block_address: block {b:?} is not in function {f:?}"
        );
        self.block_address_raw(f.0, b.0)
    }

    /// The inline asm value for `data` (uniqued; its type is `ptr`).
    pub fn inline_asm(&mut self, data: InlineAsmData) -> Value {
        if let Some(&i) = self.specials.asm.get(&data) {
            return self.graph.handle(i);
        }
        let p = self.ptr_type(0);
        let v = self.graph.alloc(ValueData::new(ValueKind::InlineAsm, p));
        self.set_payload(v, Payload::Asm(Box::new(data.clone())));
        self.specials.asm.insert(data, v.idx);
        v
    }

    /// The payload of an inline asm value.
    pub fn inline_asm_data(&self, v: Value) -> Option<&InlineAsmData> {
        match self.side_of(v).map(|s| &s.payload) {
            Some(Payload::Asm(d)) => Some(d),
            _ => None,
        }
    }

    /// `metadata !N` as an operand (uniqued per node; type `metadata`).
    pub fn metadata_as_value(&mut self, md: Metadata) -> Value {
        if let Some(&i) = self.specials.md_values.get(&md) {
            return self.graph.handle(i);
        }
        let t = self.metadata_type();
        let mut d = ValueData::new(ValueKind::MetadataAsValue, t);
        d.a = md.index() as u32;
        let v = self.graph.alloc(d);
        self.specials.md_values.insert(md, v.idx);
        v
    }

    /// The `metadata !N` value of `md`, if one was made (LLVM's
    /// `MetadataAsValue::getIfExists`).
    pub fn metadata_as_value_if_exists(&self, md: Metadata) -> Option<Value> {
        self.specials
            .md_values
            .get(&md)
            .map(|&i| self.graph.handle(i))
            .filter(|&v| self.graph.is_live(v))
    }

    /// The metadata a metadata-as-value wraps.
    pub fn value_metadata(&self, v: Value) -> Option<Metadata> {
        let d = self.graph.get(v);
        (d.kind() == ValueKind::MetadataAsValue).then(|| Metadata::mint(d.a as usize, self.md.tag))
    }
}
