//! Metadata: strings, tuples, value-as-metadata and specialised debug-info
//! nodes, uniqued in the [`Context`]; the metadata kind table; the types
//! that modules and instructions use to hold named metadata and
//! attachments; and the metadata printer with LLVM's slot numbering.
//!
//! Owns the [`Metadata`] handle and its payload [`MdData`], the store that
//! interns them (`store.rs`), the closed sets of specialised kinds and field
//! names (`kinds.rs`), kinds and attachments (`attach.rs`) and printing
//! (`print.rs`). It does not own *where* named metadata and attachments
//! live (modules, functions, instructions hold them: `ir/`), nor how a
//! [`Value`] is printed (the value printer hands us a callback).
//!
//! Invariants (maintained by the store alone):
//! * a non-distinct node (string, value-as-metadata, tuple, specialised
//!   node) with the same content is the same [`Metadata`]; a distinct node
//!   is new at every creation;
//! * entries are never freed; a resolved temporary, and a node that became
//!   equal to another one when a temporary under it was resolved, *forward*
//!   to their replacement, and every query follows the forward
//!   ([`Context::md_resolved`]).
//!
//! # Representation
//!
//! ```text
//! MdData (24 B)                                 MdField (24 B)
//!   String(Box<[u8]>)                             Int(i64) | UInt(u64) | Bool
//!   Tuple { distinct, ops: Box<[Option<Md>]> }    Str(Box<[u8]>) | Md(Option<Md>)
//!   Value(Value)        ValueAsMetadata           Word(Box<str>)  DW_*, flags, wide ints
//!   Specialized { kind: SpecKind, distinct,       List(Box<[Option<Md>]>)  GenericDINode
//!     fields: Box<[(FieldName, MdField)]> }       (FieldName, MdField) = 32 B
//!   Temporary           unresolved forward reference
//! ```
//!
//! * A specialised node (31 `SpecKind`s) is its kind and its fields in the
//!   order given, as `llvm-dis` prints them (LLVM's reader normalises;
//!   lair keeps the printed form). `SpecKind::fields()` is what LLVM 19
//!   accepts, in print order. Strings are bytes.
//! * `store.rs` holds one `HashTable<Metadata>` hashing the entry itself;
//!   non-distinct nodes are interned, `DICompileUnit` and `DIAssignID` are
//!   always distinct. `md_replace_temporary` resolves a temporary through a
//!   worklist: each user is re-interned and, if it now equals a node,
//!   merged into it through a `Forward` entry (LLVM's re-uniquing).
//! * `MdSlots` numbers `!N` as LLVM 19's `SlotTracker` does; `DIExpression`
//!   and `DIArgList` print inline.
//! * `MdKindId` covers the fixed kinds 0..=40; custom kinds are added on
//!   first use. `MdAttachments` is a `SmallVec<[(MdKindId, Metadata); 1]>`
//!   sorted by kind. (`(Box<str>, Metadata)` pairs cost the sqlite3-O2 parse
//!   45 M instructions, 5%.)

mod attach;
mod kinds;
mod print;
mod store;

pub use attach::{MdAttachments, MdKindId, NamedMd};
pub use kinds::{FieldName, SpecKind};
pub use print::{write_md_node_body, write_md_operand, write_md_string, MdPrinter, MdSlots};
pub(crate) use store::{MdStore, VamTarget};

use crate::entity::plain_entity;
use crate::value::{Value, USED_BY_MD};
use crate::Context;

plain_entity!(
    /// A metadata node or string, interned in its [`Context`]. Compare with
    /// `==` after [`Context::md_resolved`]: equal content means equal
    /// handles for every non-distinct node. Never freed.
    Metadata
);

/// The payload of a [`Metadata`] handle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdData {
    /// `!"text"`: an `MDString`, uniqued by its bytes (which need not be
    /// UTF-8: LLVM strings are byte strings).
    String(Box<[u8]>),
    /// `!{!1, null, i32 5}` or `distinct !{...}`: an `MDTuple`. A `None`
    /// operand prints as `null`.
    Tuple {
        /// Whether the node is `distinct` (never uniqued).
        distinct: bool,
        /// The operands.
        ops: Box<[Option<Metadata>]>,
    },
    /// A value used as metadata (`ValueAsMetadata`): a constant, global or
    /// function-local value, printed as a typed operand (`i32 5`,
    /// `ptr @g`, `ptr %x`).
    Value(Value),
    /// A specialised node (`!DILocation(line: 3, scope: !1)`): its kind and
    /// its fields in the order they were given (the order they print in).
    Specialized {
        /// Which node.
        kind: SpecKind,
        /// Whether the node is `distinct` (never uniqued).
        distinct: bool,
        /// `(name, value)` pairs; [`FieldName::Positional`] for the elements
        /// of `DIExpression` and `DIArgList`.
        fields: Box<[(FieldName, MdField)]>,
    },
    /// A forward reference not yet resolved ([`Context::md_temporary`]).
    /// Never seen once a parser has resolved its references.
    Temporary,
}

impl MdData {
    /// Whether the node is `distinct` (strings, values and temporaries never
    /// are).
    pub fn is_distinct(&self) -> bool {
        match self {
            MdData::Tuple { distinct, .. } | MdData::Specialized { distinct, .. } => *distinct,
            _ => false,
        }
    }

    /// The string's bytes, for an [`MdData::String`].
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            MdData::String(s) => Some(s),
            _ => None,
        }
    }

    /// The specialised kind, for an [`MdData::Specialized`].
    pub fn spec_kind(&self) -> Option<SpecKind> {
        match self {
            MdData::Specialized { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// The value of the first field named `name` of a specialised node.
    pub fn field(&self, name: FieldName) -> Option<&MdField> {
        match self {
            MdData::Specialized { fields, .. } => {
                fields.iter().find(|(n, _)| *n == name).map(|(_, f)| f)
            }
            _ => None,
        }
    }

    /// Calls `f` on every metadata operand slot, in storage order: tuple
    /// operands, and metadata-valued fields and list elements of
    /// specialised nodes.
    pub(crate) fn for_each_operand(&self, mut f: impl FnMut(Metadata)) {
        match self {
            MdData::Tuple { ops, .. } => ops.iter().flatten().for_each(|&m| f(m)),
            MdData::Specialized { fields, .. } => {
                for (_, field) in fields.iter() {
                    match field {
                        MdField::Md(Some(m)) => f(*m),
                        MdField::List(l) => l.iter().flatten().for_each(|&m| f(m)),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    /// Re-points every operand equal to `old` at `new` (`None`: `null`).
    fn replace_operand(&mut self, old: Metadata, new: Option<Metadata>) {
        let fix = |o: &mut Option<Metadata>| {
            if *o == Some(old) {
                *o = new;
            }
        };
        match self {
            MdData::Tuple { ops, .. } => ops.iter_mut().for_each(fix),
            MdData::Specialized { fields, .. } => {
                for (_, field) in fields.iter_mut() {
                    match field {
                        MdField::Md(o) => fix(o),
                        MdField::List(l) => l.iter_mut().for_each(fix),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

impl MdData {
    /// Makes a tuple or specialised node distinct (LLVM's
    /// `storeDistinctInContext`, for a node whose operand changed in a way
    /// that can no longer be uniqued).
    fn make_distinct(&mut self) {
        match self {
            MdData::Tuple { distinct, .. } | MdData::Specialized { distinct, .. } => {
                *distinct = true
            }
            _ => {}
        }
    }

    /// Whether the node is a `!DIArgList(...)`.
    pub(crate) fn is_arg_list(&self) -> bool {
        self.spec_kind() == Some(SpecKind::DIArgList)
    }
}

/// The value of one field of a specialised node.
///
/// The printer writes each variant in LLVM's syntax; it does not
/// normalise (flag order, default values): LLVM's reader does that.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdField {
    /// A signed integer (`lowerBound: -1`, `value: -5`).
    Int(i64),
    /// An unsigned integer (`line: 3`, `size: 64`, DIExpression arguments).
    UInt(u64),
    /// `true` / `false`.
    Bool(bool),
    /// A quoted string (`name: "main"`), escaped on print as LLVM does.
    Str(Box<[u8]>),
    /// A metadata reference, or `null`.
    Md(Option<Metadata>),
    /// A bare word printed verbatim: a DWARF enumerator (`DW_TAG_member`,
    /// `DW_ATE_signed`, `DW_OP_plus_uconst`, `DW_LANG_C11`), a flag set
    /// (`DIFlagPrototyped | DIFlagArtificial`, `DISPFlagDefinition`), an
    /// emission or name-table kind (`FullDebug`, `None`), a checksum kind
    /// (`CSK_MD5`), or an integer too wide for 64 bits.
    Word(Box<str>),
    /// A brace list of metadata references (`operands: {!1, null}` of
    /// `GenericDINode`).
    List(Box<[Option<Metadata>]>),
}

impl MdField {
    /// A [`MdField::Str`] from text.
    pub fn str(s: &str) -> MdField {
        MdField::Str(s.as_bytes().into())
    }

    /// A [`MdField::Word`] from text.
    pub fn word(s: &str) -> MdField {
        MdField::Word(s.into())
    }
}

/// # Metadata
///
/// Strings, tuples, specialized (`DI*`) nodes, temporaries, kinds.
impl Context {
    /// The string `!"s"`, uniqued by content.
    pub fn md_string(&mut self, s: &str) -> Metadata {
        self.md.intern(MdData::String(s.as_bytes().into()))
    }

    /// The string with these bytes (which need not be UTF-8), uniqued.
    pub fn md_string_bytes(&mut self, s: &[u8]) -> Metadata {
        self.md.intern(MdData::String(s.into()))
    }

    /// The uniqued tuple `!{ops...}` (`None` is `null`).
    pub fn md_tuple(&mut self, ops: &[Option<Metadata>]) -> Metadata {
        let ops = self.md.resolve_ops(ops);
        self.md.create(MdData::Tuple {
            distinct: false,
            ops,
        })
    }

    /// A new `distinct !{ops...}`.
    pub fn md_distinct_tuple(&mut self, ops: &[Option<Metadata>]) -> Metadata {
        let ops = self.md.resolve_ops(ops);
        self.md.create(MdData::Tuple {
            distinct: true,
            ops,
        })
    }

    /// `v` as metadata (`ValueAsMetadata`), uniqued per value. The
    /// metadata follows `v`: RAUW re-points it, erasing `v` turns it into
    /// what LLVM 19 makes of it (`ir/dbg.rs`).
    ///
    /// # Panics
    /// If `v` is stale.
    pub fn md_value(&mut self, v: Value) -> Metadata {
        self.graph.get_mut(v).kind_bits |= USED_BY_MD;
        self.md.intern(MdData::Value(v))
    }

    /// A specialised node of `kind` with `fields` in print order. Uniqued by
    /// content unless `distinct` or the kind is always distinct
    /// ([`SpecKind::is_always_distinct`]: `DICompileUnit`, `DIAssignID`).
    /// Fields are not checked against [`SpecKind::fields`]: the parser does
    /// that, with a location.
    pub fn md_specialized(
        &mut self,
        kind: SpecKind,
        fields: Vec<(FieldName, MdField)>,
        distinct: bool,
    ) -> Metadata {
        let mut fields = fields.into_boxed_slice();
        for (_, f) in fields.iter_mut() {
            match f {
                MdField::Md(Some(m)) => *m = self.md.resolve(*m),
                MdField::List(l) => l
                    .iter_mut()
                    .flatten()
                    .for_each(|m| *m = self.md.resolve(*m)),
                _ => {}
            }
        }
        let distinct = distinct || kind.is_always_distinct();
        self.md.create(MdData::Specialized {
            kind,
            distinct,
            fields,
        })
    }

    /// The payload of `md` (following a resolved forward reference).
    ///
    /// # Panics
    /// If `md` was minted by another context and is out of range.
    pub fn md_data(&self, md: Metadata) -> &MdData {
        self.md.data(md)
    }

    /// The handle `md` now stands for: itself, unless it was a temporary
    /// that has been replaced, or a node merged into an equal one when a
    /// temporary under it was resolved.
    pub fn md_resolved(&self, md: Metadata) -> Metadata {
        self.md.resolve(md)
    }

    /// A new temporary node, for a forward reference (`!7` used before
    /// `!7 = ...`). Nodes may use it as an operand; resolve it with
    /// [`Context::md_replace_temporary`].
    pub fn md_temporary(&mut self) -> Metadata {
        self.md.temporary()
    }

    /// Replaces the temporary `temp` by `real` everywhere in the store:
    /// every node operand that names `temp` is re-pointed, and a uniqued
    /// node that thereby becomes equal to another is merged into it (and
    /// so on upward). Afterwards `temp` forwards to `real`.
    ///
    /// # Panics
    /// If `temp` is not an unresolved temporary, or `real` resolves to
    /// `temp` itself.
    pub fn md_replace_temporary(&mut self, temp: Metadata, real: Metadata) {
        self.md.replace_temporary(temp, real)
    }

    /// Whether some temporary is still unresolved.
    pub fn md_has_temporaries(&self) -> bool {
        self.md.has_temporaries()
    }

    /// Sets operand `i` of the distinct node `node`: tuple operand `i`, or
    /// field `i` of a specialised node, which must be a metadata reference.
    ///
    /// # Panics
    /// If `node` is not a distinct tuple or specialised node, `i` is out of
    /// range, or field `i` is not a metadata reference.
    pub fn md_set_operand(&mut self, node: Metadata, i: usize, md: Option<Metadata>) {
        self.md.set_operand(node, i, md)
    }

    /// Number of metadata entries created in this context (strings, nodes,
    /// values and temporaries, merged ones included).
    pub fn md_count(&self) -> usize {
        self.md.len()
    }

    /// The id of the metadata kind `name` (`"dbg"`, `"tbaa"`, a custom
    /// name), registering it if new. LLVM 19's fixed kinds have their fixed
    /// ids ([`MdKindId::DBG`] ...).
    pub fn md_kind_id(&mut self, name: &str) -> MdKindId {
        self.md.kinds.id(name)
    }

    /// The id of `name` if it is registered.
    pub fn md_find_kind(&self, name: &str) -> Option<MdKindId> {
        self.md.kinds.find(name)
    }

    /// The name of a metadata kind.
    ///
    /// # Panics
    /// If `id` was not minted by this context.
    pub fn md_kind_name(&self, id: MdKindId) -> &str {
        self.md.kinds.name(id)
    }
}

#[cfg(test)]
mod tests;
