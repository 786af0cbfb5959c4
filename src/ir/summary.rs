//! ThinLTO summary index: the `^N = ...` entries of a `.ll` file, kept
//! with the module they were read with.
//!
//! Owns [`SummaryIndex`] and its parts, shaped as LLVM 19's in-memory
//! `ModuleSummaryIndex` is after `LLParser` built it: entries are keyed by
//! GUID, not by the `^N` numbers of the text (which are only labels, and
//! which the printer renumbers as LLVM's `SlotTracker` does); references
//! between entries are GUIDs. Also owns the GUID computation
//! ([`guid`], [`global_identifier`]: MD5 of the global identifier, as
//! `GlobalValue::getGUID`).
//!
//! The index is a record of what was read: nothing in the IR layer keeps
//! it in step with the module (renaming or erasing a global leaves its
//! entry as it was, as a summary computed earlier would be in LLVM).

use std::collections::BTreeMap;

use super::global::{Linkage, Visibility};

/// A module's summary index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SummaryIndex {
    /// Module paths with their hashes, by path (byte order, the printing
    /// order). A path defined again keeps its first hash, as LLVM's
    /// `addModule`.
    pub modules: BTreeMap<String, [u32; 5]>,
    /// Global value entries by GUID (printed in GUID order).
    pub values: BTreeMap<u64, ValueEntry>,
    /// `typeid:` entries, ordered by GUID, entries with equal GUIDs in
    /// definition order (LLVM's `TypeIdMap` multimap).
    pub type_ids: Vec<TypeIdEntry>,
    /// `typeidCompatibleVTable:` entries by name (byte order).
    pub vtables: BTreeMap<String, Vec<VTableRef>>,
    /// `flags:`, the index flags (bits 0 to 9; a `flags:` entry adds its
    /// bits to those of earlier ones, as LLVM's `setFlags`). Printed when
    /// non-zero.
    pub flags: u64,
    /// `blockcount:` (always printed).
    pub block_count: u64,
    /// The memory-profile stack ids in the order the index first met
    /// them (parse order; `FS_STACK_IDS` order when read from bitcode):
    /// the bitcode writer numbers them so. Not printed.
    pub stack_ids: Vec<u64>,
    /// Print exactly as `llvm-dis` 19 prints the index, also where that
    /// text does not read back as the same index: an empty module path as
    /// `[Regular LTO]`, names with `"` or `\` unescaped, full and wrapped
    /// `params` ranges as `[INT64_MIN, INT64_MAX]`, an alias whose aliasee
    /// has no summary in the alias's module as `aliasee: null`. The
    /// bitcode reader sets it (`lair dis` is `llvm-dis`); the `.ll` parser
    /// does not (`lair fmt` reads back).
    pub llvm_dis_text: bool,
}

/// A `gv:` entry: the global value's name (when it was given by name) and
/// its summaries, one per module that defines it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueEntry {
    /// The name, when some entry named it (`name: "f"`); `None` for
    /// entries given only by GUID (`guid: N`).
    pub name: Option<Vec<u8>>,
    /// The summaries, in definition order.
    pub summaries: Vec<GlobalSummary>,
}

/// One summary of a global value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalSummary {
    /// The path of the module it belongs to (one of
    /// [`SummaryIndex::modules`]).
    pub module: String,
    /// Linkage, visibility and the other flags.
    pub flags: GvFlags,
    /// References to other global values (`refs:`), plain ones first, then
    /// read-only, then write-only (the order LLParser sorts them into).
    pub refs: Vec<Ref>,
    /// What kind of summary it is.
    pub kind: SummaryKind,
}

/// The kind-specific part of a [`GlobalSummary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SummaryKind {
    /// `function: (...)`.
    Function(Box<FunctionSummary>),
    /// `variable: (...)`.
    Variable(VariableSummary),
    /// `alias: (..., aliasee: ^N)`.
    Alias {
        /// The aliasee's GUID.
        aliasee: u64,
    },
}

/// `flags: (...)` of a summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GvFlags {
    /// `linkage:`.
    pub linkage: Linkage,
    /// `visibility:`.
    pub visibility: Visibility,
    /// `notEligibleToImport:`.
    pub not_eligible_to_import: bool,
    /// `live:`.
    pub live: bool,
    /// `dsoLocal:`.
    pub dso_local: bool,
    /// `canAutoHide:`.
    pub can_auto_hide: bool,
    /// `importType: declaration` (rather than `definition`).
    pub import_declaration: bool,
}

/// How a reference accesses the global it names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Access {
    /// A plain reference.
    #[default]
    Plain,
    /// `readonly ^N`.
    ReadOnly,
    /// `writeonly ^N`.
    WriteOnly,
}

/// A reference to a global value (`refs:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ref {
    /// The referenced value's GUID.
    pub guid: u64,
    /// How it is accessed.
    pub access: Access,
}

/// `funcFlags: (...)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuncFlags {
    /// `readNone`.
    pub read_none: bool,
    /// `readOnly`.
    pub read_only: bool,
    /// `noRecurse`.
    pub no_recurse: bool,
    /// `returnDoesNotAlias`.
    pub return_does_not_alias: bool,
    /// `noInline`.
    pub no_inline: bool,
    /// `alwaysInline`.
    pub always_inline: bool,
    /// `noUnwind`.
    pub no_unwind: bool,
    /// `mayThrow`.
    pub may_throw: bool,
    /// `hasUnknownCall`.
    pub has_unknown_call: bool,
    /// `mustBeUnreachable`.
    pub must_be_unreachable: bool,
}

impl FuncFlags {
    /// The flags with their spellings, in printing order.
    pub fn named(&self) -> [(&'static str, bool); 10] {
        [
            ("readNone", self.read_none),
            ("readOnly", self.read_only),
            ("noRecurse", self.no_recurse),
            ("returnDoesNotAlias", self.return_does_not_alias),
            ("noInline", self.no_inline),
            ("alwaysInline", self.always_inline),
            ("noUnwind", self.no_unwind),
            ("mayThrow", self.may_throw),
            ("hasUnknownCall", self.has_unknown_call),
            ("mustBeUnreachable", self.must_be_unreachable),
        ]
    }

    /// The flag spelled `name`, to set.
    pub fn by_name(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "readNone" => &mut self.read_none,
            "readOnly" => &mut self.read_only,
            "noRecurse" => &mut self.no_recurse,
            "returnDoesNotAlias" => &mut self.return_does_not_alias,
            "noInline" => &mut self.no_inline,
            "alwaysInline" => &mut self.always_inline,
            "noUnwind" => &mut self.no_unwind,
            "mayThrow" => &mut self.may_throw,
            "hasUnknownCall" => &mut self.has_unknown_call,
            "mustBeUnreachable" => &mut self.must_be_unreachable,
            _ => return None,
        })
    }

    /// Whether any flag is set (the printer omits `funcFlags` otherwise).
    pub fn any(&self) -> bool {
        self.named().iter().any(|f| f.1)
    }
}

/// Call-edge hotness.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Hotness {
    /// `unknown` (not printed).
    #[default]
    Unknown,
    /// `cold`.
    Cold,
    /// `none`.
    None,
    /// `hot`.
    Hot,
    /// `critical`.
    Critical,
}

impl Hotness {
    /// Every value with its spelling.
    pub const ALL: [(Hotness, &'static str); 5] = [
        (Hotness::Unknown, "unknown"),
        (Hotness::Cold, "cold"),
        (Hotness::None, "none"),
        (Hotness::Hot, "hot"),
        (Hotness::Critical, "critical"),
    ];

    /// The spelling.
    pub fn name(self) -> &'static str {
        Hotness::ALL
            .iter()
            .find(|h| h.0 == self)
            .map_or("", |h| h.1)
    }
}

/// A call edge (`calls:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// The callee's GUID.
    pub callee: u64,
    /// `hotness:`.
    pub hotness: Hotness,
    /// `relbf:` (relative block frequency; LLVM keeps 28 bits).
    pub rel_block_freq: u32,
    /// `tail: 1`.
    pub tail: bool,
}

/// A virtual function id: a type id GUID and an offset (`vFuncId:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VFuncId {
    /// The type id's GUID.
    pub guid: u64,
    /// `offset:`.
    pub offset: u64,
}

/// A virtual call with constant arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstVCall {
    /// The function id.
    pub vfunc: VFuncId,
    /// `args:`.
    pub args: Vec<u64>,
}

/// A signed 64-bit range `[lower, upper)` as LLVM's `ConstantRange` (bit
/// width 64): equal bounds are the empty set (both 0) or the full set
/// (both the all-ones value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range64 {
    /// Lower bound (inclusive), as bits.
    pub lower: u64,
    /// Upper bound (exclusive), as bits.
    pub upper: u64,
}

impl Range64 {
    /// The range `[lo, hi]` as written in a summary (`offset: [lo, hi]`),
    /// built as LLParser does: `hi + 1` is the exclusive bound, and equal
    /// bounds are the empty set unless they are the all-ones value (then
    /// the full set).
    pub fn from_inclusive(lo: u64, hi: u64) -> Range64 {
        let upper = hi.wrapping_add(1);
        if lo == upper && lo != u64::MAX {
            Range64 { lower: 0, upper: 0 }
        } else {
            Range64 { lower: lo, upper }
        }
    }

    /// The bounds to print, `[lower, upper - 1]` as signed numbers: what
    /// [`Range64::from_inclusive`] reads back as this range. For a range
    /// that neither wraps nor is full this is LLVM's `[getSignedMin(),
    /// getSignedMax()]`; LLVM 19 prints the full set and wrapped sets as
    /// `[INT64_MIN, INT64_MAX]`, which its parser reads as the empty set,
    /// so those print as written instead (the full set as `[-1, -2]`).
    pub fn inclusive(self) -> (i64, i64) {
        (self.lower as i64, self.upper.wrapping_sub(1) as i64)
    }
}

/// How a function uses one of its pointer parameters (`params:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamAccess {
    /// `param:`.
    pub param: u64,
    /// `offset: [lo, hi]`.
    pub offsets: Range64,
    /// `calls:`: the parameter passed on to calls.
    pub calls: Vec<ParamCall>,
}

/// A call a parameter is passed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamCall {
    /// The callee's GUID.
    pub callee: u64,
    /// The callee's parameter number.
    pub param: u64,
    /// `offset: [lo, hi]`.
    pub offsets: Range64,
}

/// An allocation type (memory profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocType {
    /// `none`.
    None,
    /// `notcold`.
    NotCold,
    /// `cold`.
    Cold,
    /// `hot`.
    Hot,
}

impl AllocType {
    /// Every value with its spelling.
    pub const ALL: [(AllocType, &'static str); 4] = [
        (AllocType::None, "none"),
        (AllocType::NotCold, "notcold"),
        (AllocType::Cold, "cold"),
        (AllocType::Hot, "hot"),
    ];

    /// The spelling.
    pub fn name(self) -> &'static str {
        AllocType::ALL
            .iter()
            .find(|h| h.0 == self)
            .map_or("", |h| h.1)
    }
}

/// A memory-profile allocation site (`allocs:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alloc {
    /// `versions:`.
    pub versions: Vec<AllocType>,
    /// `memProf:`.
    pub mibs: Vec<Mib>,
}

/// One memory info block: an allocation type and its stack ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mib {
    /// `type:`.
    pub alloc_type: AllocType,
    /// `stackIds:`.
    pub stack_ids: Vec<u64>,
}

/// A memory-profile call site (`callsites:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Callsite {
    /// The callee's GUID (`None`: `callee: null`).
    pub callee: Option<u64>,
    /// `clones:`.
    pub clones: Vec<u32>,
    /// `stackIds:`.
    pub stack_ids: Vec<u64>,
}

/// `function: (...)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionSummary {
    /// `insts:`.
    pub insts: u32,
    /// `funcFlags:`.
    pub flags: FuncFlags,
    /// `calls:`.
    pub calls: Vec<Call>,
    /// `typeIdInfo: (typeTests: ...)`: type id GUIDs.
    pub type_tests: Vec<u64>,
    /// `typeTestAssumeVCalls:`.
    pub type_test_assume_vcalls: Vec<VFuncId>,
    /// `typeCheckedLoadVCalls:`.
    pub type_checked_load_vcalls: Vec<VFuncId>,
    /// `typeTestAssumeConstVCalls:`.
    pub type_test_assume_const_vcalls: Vec<ConstVCall>,
    /// `typeCheckedLoadConstVCalls:`.
    pub type_checked_load_const_vcalls: Vec<ConstVCall>,
    /// `params:`.
    pub params: Vec<ParamAccess>,
    /// `callsites:`.
    pub callsites: Vec<Callsite>,
    /// `allocs:`.
    pub allocs: Vec<Alloc>,
}

/// A virtual function of a vtable (`vTableFuncs:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VTableFunc {
    /// The function's GUID.
    pub func: u64,
    /// `offset:`.
    pub offset: u64,
}

/// `variable: (...)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariableSummary {
    /// `varFlags: (readonly: ...)`.
    pub read_only: bool,
    /// `writeonly:`.
    pub write_only: bool,
    /// `constant:`.
    pub constant: bool,
    /// `vcall_visibility:` (printed only with virtual functions).
    pub vcall_visibility: u8,
    /// `vTableFuncs:`.
    pub vtable_funcs: Vec<VTableFunc>,
}

/// A `typeidCompatibleVTable:` member: a vtable and an address-point
/// offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VTableRef {
    /// `offset:`.
    pub offset: u64,
    /// The vtable's GUID.
    pub vtable: u64,
}

/// A `typeid:` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeIdEntry {
    /// GUID of the name ([`guid`] of it, no linkage).
    pub guid: u64,
    /// `name:`.
    pub name: String,
    /// `summary:`.
    pub summary: TypeIdSummary,
}

/// A type id's summary: its type-test resolution and devirtualization
/// resolutions by vtable offset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeIdSummary {
    /// `typeTestRes:`.
    pub test_res: TypeTestResolution,
    /// `wpdResolutions:` by offset.
    pub wpd: BTreeMap<u64, WpdResolution>,
}

/// Kind of a type-test resolution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TypeTestKind {
    /// `unknown`.
    Unknown,
    /// `unsat`.
    #[default]
    Unsat,
    /// `byteArray`.
    ByteArray,
    /// `inline`.
    Inline,
    /// `single`.
    Single,
    /// `allOnes`.
    AllOnes,
}

impl TypeTestKind {
    /// Every value with its spelling.
    pub const ALL: [(TypeTestKind, &'static str); 6] = [
        (TypeTestKind::Unknown, "unknown"),
        (TypeTestKind::Unsat, "unsat"),
        (TypeTestKind::ByteArray, "byteArray"),
        (TypeTestKind::Inline, "inline"),
        (TypeTestKind::Single, "single"),
        (TypeTestKind::AllOnes, "allOnes"),
    ];

    /// The spelling.
    pub fn name(self) -> &'static str {
        TypeTestKind::ALL
            .iter()
            .find(|h| h.0 == self)
            .map_or("", |h| h.1)
    }
}

/// `typeTestRes: (...)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeTestResolution {
    /// `kind:`.
    pub kind: TypeTestKind,
    /// `sizeM1BitWidth:`.
    pub size_m1_bit_width: u32,
    /// `alignLog2:` (printed when non-zero, as the three below).
    pub align_log2: u64,
    /// `sizeM1:`.
    pub size_m1: u64,
    /// `bitMask:` (8 bits: LLVM keeps the low byte of what is written).
    pub bit_mask: u8,
    /// `inlineBits:`.
    pub inline_bits: u64,
}

/// Kind of a whole-program devirtualization resolution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WpdKind {
    /// `indir`.
    #[default]
    Indir,
    /// `singleImpl`.
    SingleImpl,
    /// `branchFunnel`.
    BranchFunnel,
}

impl WpdKind {
    /// Every value with its spelling.
    pub const ALL: [(WpdKind, &'static str); 3] = [
        (WpdKind::Indir, "indir"),
        (WpdKind::SingleImpl, "singleImpl"),
        (WpdKind::BranchFunnel, "branchFunnel"),
    ];

    /// The spelling.
    pub fn name(self) -> &'static str {
        WpdKind::ALL
            .iter()
            .find(|h| h.0 == self)
            .map_or("", |h| h.1)
    }
}

/// `wpdRes: (...)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WpdResolution {
    /// `kind:`.
    pub kind: WpdKind,
    /// `singleImplName:` (printed for `singleImpl` only).
    pub single_impl_name: String,
    /// `resByArg:` by argument list.
    pub res_by_arg: BTreeMap<Vec<u64>, ByArg>,
}

/// Kind of a by-argument resolution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ByArgKind {
    /// `indir`.
    #[default]
    Indir,
    /// `uniformRetVal`.
    UniformRetVal,
    /// `uniqueRetVal`.
    UniqueRetVal,
    /// `virtualConstProp`.
    VirtualConstProp,
}

impl ByArgKind {
    /// Every value with its spelling.
    pub const ALL: [(ByArgKind, &'static str); 4] = [
        (ByArgKind::Indir, "indir"),
        (ByArgKind::UniformRetVal, "uniformRetVal"),
        (ByArgKind::UniqueRetVal, "uniqueRetVal"),
        (ByArgKind::VirtualConstProp, "virtualConstProp"),
    ];

    /// The spelling.
    pub fn name(self) -> &'static str {
        ByArgKind::ALL
            .iter()
            .find(|h| h.0 == self)
            .map_or("", |h| h.1)
    }
}

/// `byArg: (...)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByArg {
    /// `kind:`.
    pub kind: ByArgKind,
    /// `info:` (printed for the two return-value kinds).
    pub info: u64,
    /// `byte:` (printed with `bit` when either is non-zero).
    pub byte: u32,
    /// `bit:`.
    pub bit: u32,
}

/// The identifier a global's GUID is computed from, as LLVM 19's
/// `GlobalValue::getGlobalIdentifier`: the name without a leading `\01`,
/// prefixed by `source_file;` for local linkage (`<unknown>;` when the
/// file name is empty). Names and file names are bytes, as in LLVM: a
/// name that is not UTF-8 (`@"\FF"`) has its own identifier.
pub fn global_identifier(
    name: impl AsRef<[u8]>,
    linkage: Linkage,
    source_file: impl AsRef<[u8]>,
) -> Vec<u8> {
    let name = name.as_ref();
    let name = name.strip_prefix(b"\x01").unwrap_or(name);
    if linkage.is_local() {
        let file = source_file.as_ref();
        let file = if file.is_empty() {
            &b"<unknown>"[..]
        } else {
            file
        };
        let mut id = Vec::with_capacity(file.len() + 1 + name.len());
        id.extend_from_slice(file);
        id.push(b';');
        id.extend_from_slice(name);
        id
    } else {
        name.to_vec()
    }
}

/// The GUID of a global identifier (or of a type id name): the low 64
/// bits of the MD5 of its bytes, read little-endian (LLVM's
/// `GlobalValue::getGUID`).
///
/// ```
/// use lair::ir::summary::guid;
/// assert_eq!(guid("foo"), 6699318081062747564);
/// ```
pub fn guid(identifier: impl AsRef<[u8]>) -> u64 {
    let d = md5(identifier.as_ref());
    u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

/// MD5 (RFC 1321) of `data`.
fn md5(data: &[u8]) -> [u8; 16] {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5,
        9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10,
        15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ];
    // K[i] = floor(abs(sin(i + 1)) * 2^32).
    const K: [u32; 64] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391,
    ];
    let mut st: [u32; 4] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
    let mut msg = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bits.to_le_bytes());
    for chunk in msg.chunks_exact(64) {
        let mut m = [0u32; 16];
        for (i, w) in m.iter_mut().enumerate() {
            *w = u32::from_le_bytes([
                chunk[4 * i],
                chunk[4 * i + 1],
                chunk[4 * i + 2],
                chunk[4 * i + 3],
            ]);
        }
        let [mut a, mut b, mut c, mut d] = st;
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let t = d;
            d = c;
            c = b;
            b = b.wrapping_add(
                a.wrapping_add(f)
                    .wrapping_add(K[i])
                    .wrapping_add(m[g])
                    .rotate_left(S[i]),
            );
            a = t;
        }
        st[0] = st[0].wrapping_add(a);
        st[1] = st[1].wrapping_add(b);
        st[2] = st[2].wrapping_add(c);
        st[3] = st[3].wrapping_add(d);
    }
    let mut out = [0u8; 16];
    for (i, w) in st.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(d: [u8; 16]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn md5_known_answers() {
        // RFC 1321, appendix A.5.
        assert_eq!(hex(md5(b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex(md5(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(
            hex(md5(
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890"
            )),
            "57edf4a22be3c955ac49da2e2107b67a"
        );
        // 55 and 56 bytes: the padding boundary.
        assert_eq!(hex(md5(&[b'a'; 55])), "ef1772b6dff9a122358552954ad0df65");
        assert_eq!(hex(md5(&[b'a'; 56])), "3b0c8ac703f828b04c6c197006d17218");
    }

    #[test]
    fn guids_as_llvm_19() {
        // Values printed by llvm-dis-19 (`; guid = ...`).
        assert_eq!(guid("foo"), 6699318081062747564);
        assert_eq!(guid("printf"), 7383291119112528047);
        let id = global_identifier("counter", Linkage::Internal, "a.c");
        assert_eq!(id, b"a.c;counter");
        assert_eq!(guid(&id), 15297255293062322253);
        assert_eq!(
            guid(global_identifier("a", Linkage::Internal, "")),
            3074026562903953311
        );
        assert_eq!(
            guid(global_identifier("\u{1}b", Linkage::External, "x.c")),
            17019013823989803922
        );
        assert_eq!(guid("_ZTS1A"), 7004155349499253778);
    }

    #[test]
    fn ranges_as_llvm_constant_range() {
        let r = Range64::from_inclusive(0, u64::MAX); // [0, -1]: empty
        assert_eq!(r, Range64 { lower: 0, upper: 0 });
        assert_eq!(r.inclusive(), (0, -1));
        let r = Range64::from_inclusive(u64::MAX, u64::MAX - 1); // [-1, -2]: full
        assert_eq!(
            r,
            Range64 {
                lower: u64::MAX,
                upper: u64::MAX
            }
        );
        assert_eq!(r.inclusive(), (-1, -2));
        // LLVM prints the full set so; it reads back as the empty set.
        let r = Range64::from_inclusive(i64::MIN as u64, i64::MAX as u64);
        assert_eq!(r, Range64 { lower: 0, upper: 0 });
        // Other bounds read back as written.
        for (lo, hi) in [(-4i64, 12i64), (5, 3), (i64::MAX, i64::MIN), (7, 7)] {
            let r = Range64::from_inclusive(lo as u64, hi as u64);
            assert_eq!(r.inclusive(), (lo, hi));
        }
    }
}
