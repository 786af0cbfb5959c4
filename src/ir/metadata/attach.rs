//! Metadata kinds (`!dbg`, `!tbaa`, custom `!foo`), and the two containers
//! through which the IR holds metadata: named metadata ([`NamedMd`]) and
//! attachment lists ([`MdAttachments`]).
//!
//! Owns the kind table (LLVM 19's fixed kinds at their fixed ids, custom
//! kinds appended on demand). It does not own where the containers live:
//! modules hold their named metadata, and functions, globals and
//! instructions hold their attachments (`ir/`).

use super::Metadata;
use smallvec::SmallVec;

/// A metadata kind (the `dbg` of `!dbg !5`), interned per context. LLVM 19's
/// fixed kinds have fixed ids (the associated constants, in LLVM's
/// `FixedMetadataKinds.def` order); custom kinds get the next free id when
/// first named.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdKindId(u32);

impl core::fmt::Debug for MdKindId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "MdKindId({})", self.0)
    }
}

macro_rules! fixed_kinds_indexed {
    ($($c:ident = $n:literal @ $i:literal,)*) => {
        impl MdKindId {
            $(#[doc = concat!("`!", $n, "` (fixed id ", $i, ")")] pub const $c: MdKindId = MdKindId($i);)*
        }
        /// LLVM 19's fixed kinds, at their ids.
        const FIXED: &[&str] = &[$($n,)*];
    };
}

fixed_kinds_indexed! {
    DBG = "dbg" @ 0,
    TBAA = "tbaa" @ 1,
    PROF = "prof" @ 2,
    FPMATH = "fpmath" @ 3,
    RANGE = "range" @ 4,
    TBAA_STRUCT = "tbaa.struct" @ 5,
    INVARIANT_LOAD = "invariant.load" @ 6,
    ALIAS_SCOPE = "alias.scope" @ 7,
    NOALIAS = "noalias" @ 8,
    NONTEMPORAL = "nontemporal" @ 9,
    MEM_PARALLEL_LOOP_ACCESS = "llvm.mem.parallel_loop_access" @ 10,
    NONNULL = "nonnull" @ 11,
    DEREFERENCEABLE = "dereferenceable" @ 12,
    DEREFERENCEABLE_OR_NULL = "dereferenceable_or_null" @ 13,
    MAKE_IMPLICIT = "make.implicit" @ 14,
    UNPREDICTABLE = "unpredictable" @ 15,
    INVARIANT_GROUP = "invariant.group" @ 16,
    ALIGN = "align" @ 17,
    LOOP = "llvm.loop" @ 18,
    TYPE = "type" @ 19,
    SECTION_PREFIX = "section_prefix" @ 20,
    ABSOLUTE_SYMBOL = "absolute_symbol" @ 21,
    ASSOCIATED = "associated" @ 22,
    CALLEES = "callees" @ 23,
    IRR_LOOP = "irr_loop" @ 24,
    ACCESS_GROUP = "llvm.access.group" @ 25,
    CALLBACK = "callback" @ 26,
    PRESERVE_ACCESS_INDEX = "llvm.preserve.access.index" @ 27,
    VCALL_VISIBILITY = "vcall_visibility" @ 28,
    NOUNDEF = "noundef" @ 29,
    ANNOTATION = "annotation" @ 30,
    NOSANITIZE = "nosanitize" @ 31,
    FUNC_SANITIZE = "func_sanitize" @ 32,
    EXCLUDE = "exclude" @ 33,
    MEMPROF = "memprof" @ 34,
    CALLSITE = "callsite" @ 35,
    KCFI_TYPE = "kcfi_type" @ 36,
    PCSECTIONS = "pcsections" @ 37,
    DI_ASSIGN_ID = "DIAssignID" @ 38,
    CORO_OUTSIDE_FRAME = "coro.outside.frame" @ 39,
    MMRA = "mmra" @ 40,
}

/// The per-context kind table.
/// Names are bytes, as LLVM's (`!k\FF` is a kind).
pub(crate) struct KindTable {
    names: Vec<Box<[u8]>>,
    ids: hashbrown::HashMap<Box<[u8]>, u32>,
}

impl KindTable {
    pub(crate) fn new() -> Self {
        let mut t = KindTable {
            names: Vec::new(),
            ids: hashbrown::HashMap::new(),
        };
        for name in FIXED {
            t.id(name.as_bytes());
        }
        t
    }

    pub(crate) fn id(&mut self, name: &[u8]) -> MdKindId {
        if let Some(&i) = self.ids.get(name) {
            return MdKindId(i);
        }
        let i = u32::try_from(self.names.len()).expect("too many metadata kinds");
        self.names.push(name.into());
        self.ids.insert(name.into(), i);
        MdKindId(i)
    }

    pub(crate) fn find(&self, name: &[u8]) -> Option<MdKindId> {
        self.ids.get(name).map(|&i| MdKindId(i))
    }

    pub(crate) fn name(&self, id: MdKindId) -> &[u8] {
        self.names
            .get(id.0 as usize)
            .unwrap_or_else(|| panic!("{id:?} was not minted by this context"))
    }

    /// Every registered kind name, by id (LLVM's `getMDKindNames`).
    pub(crate) fn names(&self) -> &[Box<[u8]>] {
        &self.names
    }
}

impl MdKindId {
    /// The kind's number (its id in bitcode `METADATA_KIND` records).
    pub(crate) fn number(self) -> u32 {
        self.0
    }
}

/// A named metadata node: `!llvm.module.flags = !{!0, !1}`. Its operands
/// are nodes (never `null`, strings or values, as in LLVM).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedMd {
    /// The name, without the `!`: bytes, as LLVM's.
    pub name: Box<[u8]>,
    /// The operands, in order.
    pub ops: Vec<Metadata>,
}

/// The metadata attached to one function, global or instruction: `(kind,
/// node)` pairs kept sorted by kind id, and in insertion order within a
/// kind, which is the order LLVM 19 prints them in (`!dbg` first, as kind 0).
/// Functions and globals may carry several nodes of one kind (`!type`);
/// instructions carry at most one ([`MdAttachments::set`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MdAttachments {
    list: SmallVec<[(MdKindId, Metadata); 1]>,
}

impl MdAttachments {
    /// An empty list.
    pub fn new() -> Self {
        MdAttachments::default()
    }

    /// Whether nothing is attached.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Number of attachments.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The first node of `kind`.
    pub fn get(&self, kind: MdKindId) -> Option<Metadata> {
        self.list.iter().find(|(k, _)| *k == kind).map(|&(_, m)| m)
    }

    /// Every node of `kind`, in insertion order.
    pub fn all_of(&self, kind: MdKindId) -> impl Iterator<Item = Metadata> + '_ {
        self.list
            .iter()
            .filter(move |(k, _)| *k == kind)
            .map(|&(_, m)| m)
    }

    /// Attaches `md` as the only node of `kind` (replacing any), or removes
    /// every node of `kind` when `md` is `None`.
    pub fn set(&mut self, kind: MdKindId, md: Option<Metadata>) {
        self.remove(kind);
        if let Some(md) = md {
            self.add(kind, md);
        }
    }

    /// Adds `md` after the existing nodes of `kind`.
    pub fn add(&mut self, kind: MdKindId, md: Metadata) {
        let at = self.list.partition_point(|(k, _)| *k <= kind);
        self.list.insert(at, (kind, md));
    }

    /// Removes every node of `kind`; returns whether there was one.
    pub fn remove(&mut self, kind: MdKindId) -> bool {
        let n = self.list.len();
        self.list.retain(|(k, _)| *k != kind);
        self.list.len() != n
    }

    /// The `(kind, node)` pairs in print order.
    pub fn iter(&self) -> impl Iterator<Item = (MdKindId, Metadata)> + '_ {
        self.list.iter().copied()
    }
}
