//! The structured values carried by int and range attributes, their exact
//! LLVM 19 spellings, and parsers for the text inside their parentheses.
//!
//! Owns [`MemoryEffects`] (`memory(...)`), [`FpClassMask`] (`nofpclass(...)`),
//! [`AllocFnKind`] (`allockind("...")`), [`UwTableKind`] (`uwtable(...)`),
//! the `allocsize` / `vscale_range` packings, [`ConstantRange`]
//! (`range(i8 0, 2)`) and [`RangeList`] (`initializes((0, 4))`). It does not
//! own the attribute enum or sets.
//!
//! Every `parse_*` function takes the text between the attribute's
//! parentheses (whitespace around tokens is ignored), never panics, and
//! returns a lowercase message on malformed input (the wording follows
//! `llvm-as` 19 where it has one).

use core::fmt;

// ---------------------------------------------------------------------------
// memory(...)

/// What an access may do to memory (LLVM `ModRefInfo`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ModRef {
    /// `none`: neither reads nor writes.
    NoModRef = 0,
    /// `read`
    Ref = 1,
    /// `write`
    Mod = 2,
    /// `readwrite`
    ModRef = 3,
}

impl ModRef {
    /// The keyword used inside `memory(...)`.
    pub fn name(self) -> &'static str {
        match self {
            ModRef::NoModRef => "none",
            ModRef::Ref => "read",
            ModRef::Mod => "write",
            ModRef::ModRef => "readwrite",
        }
    }

    /// The access kind spelled `name` (`none`, `read`, `write`, `readwrite`).
    pub fn from_name(name: &str) -> Option<ModRef> {
        Some(match name {
            "none" => ModRef::NoModRef,
            "read" => ModRef::Ref,
            "write" => ModRef::Mod,
            "readwrite" => ModRef::ModRef,
            _ => return None,
        })
    }

    fn from_bits(bits: u8) -> ModRef {
        match bits & 3 {
            0 => ModRef::NoModRef,
            1 => ModRef::Ref,
            2 => ModRef::Mod,
            _ => ModRef::ModRef,
        }
    }
}

/// A memory location class of `memory(...)` (LLVM `IRMemLocation`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MemLocation {
    /// `argmem`: memory reached through pointer arguments.
    ArgMem = 0,
    /// `inaccessiblemem`: memory not reachable from the module.
    InaccessibleMem = 1,
    /// Everything else (the default access kind in the text form).
    Other = 2,
}

impl MemLocation {
    /// All locations, in LLVM's order (the print order of exceptions).
    pub const ALL: [MemLocation; 3] = [
        MemLocation::ArgMem,
        MemLocation::InaccessibleMem,
        MemLocation::Other,
    ];

    fn from_name(name: &str) -> Option<MemLocation> {
        match name {
            "argmem" => Some(MemLocation::ArgMem),
            "inaccessiblemem" => Some(MemLocation::InaccessibleMem),
            _ => None,
        }
    }
}

/// The value of the `memory` attribute (LLVM `MemoryEffects`): a [`ModRef`]
/// per [`MemLocation`].
///
/// ```text
///  bit  5 4   3 2   1 0
///      other inacc argmem     two bits each: ModRef (0 none .. 3 readwrite)
/// ```
///
/// The packed value is exactly the `u64` of `Attribute::Int(Memory, _)` and
/// of the bitcode record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemoryEffects(u8);

impl MemoryEffects {
    const BITS_PER_LOC: u32 = 2;
    const LOC_MASK: u8 = 3;
    const ALL_BITS: u8 = 0b11_1111;

    /// `memory(none)`.
    pub const fn none() -> MemoryEffects {
        MemoryEffects(0)
    }

    /// `memory(readwrite)`: may do anything (the absence of the attribute).
    pub const fn unknown() -> MemoryEffects {
        MemoryEffects(Self::ALL_BITS)
    }

    /// The same access kind `mr` for every location (`memory(read)`).
    pub fn uniform(mr: ModRef) -> MemoryEffects {
        let m = mr as u8;
        MemoryEffects(m | m << 2 | m << 4)
    }

    /// Only location `loc`, with access kind `mr` (`memory(argmem: read)`).
    pub fn only(loc: MemLocation, mr: ModRef) -> MemoryEffects {
        MemoryEffects::none().with_modref(loc, mr)
    }

    /// The effects with packed value `bits`, or `None` if bits above bit 5
    /// are set.
    pub fn from_bits(bits: u64) -> Option<MemoryEffects> {
        if bits & !u64::from(Self::ALL_BITS) != 0 {
            return None;
        }
        Some(MemoryEffects(bits as u8))
    }

    /// The effects of the low 6 bits of `bits` (higher bits ignored).
    pub fn from_bits_truncate(bits: u64) -> MemoryEffects {
        MemoryEffects(bits as u8 & Self::ALL_BITS)
    }

    /// The packed value (see the type's layout diagram).
    pub fn bits(self) -> u64 {
        u64::from(self.0)
    }

    fn pos(loc: MemLocation) -> u32 {
        loc as u32 * Self::BITS_PER_LOC
    }

    /// The access kind for `loc`.
    pub fn modref(self, loc: MemLocation) -> ModRef {
        ModRef::from_bits(self.0 >> Self::pos(loc))
    }

    /// The union of the access kinds of all locations.
    pub fn modref_any(self) -> ModRef {
        let mut u = 0;
        for loc in MemLocation::ALL {
            u |= self.modref(loc) as u8;
        }
        ModRef::from_bits(u)
    }

    /// These effects with `loc` set to `mr`.
    pub fn with_modref(self, loc: MemLocation, mr: ModRef) -> MemoryEffects {
        let p = Self::pos(loc);
        MemoryEffects((self.0 & !(Self::LOC_MASK << p)) | (mr as u8) << p)
    }

    /// The effects allowed by both (LLVM `operator&`).
    pub fn intersect(self, other: MemoryEffects) -> MemoryEffects {
        MemoryEffects(self.0 & other.0)
    }

    /// The effects allowed by either (LLVM `operator|`).
    pub fn union(self, other: MemoryEffects) -> MemoryEffects {
        MemoryEffects(self.0 | other.0)
    }

    /// These effects without location `loc` (LLVM `getWithoutLoc`).
    pub fn without(self, loc: MemLocation) -> MemoryEffects {
        self.with_modref(loc, ModRef::NoModRef)
    }

    /// Whether no memory is accessed (`doesNotAccessMemory`).
    pub fn does_not_access_memory(self) -> bool {
        self.0 == 0
    }

    /// Whether memory is at most read (`onlyReadsMemory`).
    pub fn only_reads_memory(self) -> bool {
        self.0 & 0b10_1010 == 0
    }

    /// Whether memory is at most written (`onlyWritesMemory`).
    pub fn only_writes_memory(self) -> bool {
        self.0 & 0b01_0101 == 0
    }

    /// Whether only memory reached through pointer arguments is accessed
    /// (`onlyAccessesArgPointees`).
    pub fn only_accesses_arg_pointees(self) -> bool {
        self.without(MemLocation::ArgMem).does_not_access_memory()
    }

    /// Whether only memory inaccessible to the module is accessed
    /// (`onlyAccessesInaccessibleMem`).
    pub fn only_accesses_inaccessible_mem(self) -> bool {
        self.without(MemLocation::InaccessibleMem)
            .does_not_access_memory()
    }

    /// Whether only inaccessible or argument memory is accessed
    /// (`onlyAccessesInaccessibleOrArgMem`).
    pub fn only_accesses_inaccessible_or_arg_mem(self) -> bool {
        self.without(MemLocation::ArgMem)
            .without(MemLocation::InaccessibleMem)
            .does_not_access_memory()
    }
}

impl fmt::Display for MemoryEffects {
    /// LLVM 19's spelling: the access kind of "other" memory is printed as
    /// the default (when it is not `none`, or when every location is
    /// `none`), then each location that differs from it, as
    /// `argmem: ...`, `inaccessiblemem: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("memory(")?;
        let other = self.modref(MemLocation::Other);
        let mut first = true;
        if other != ModRef::NoModRef || self.modref_any() == other {
            f.write_str(other.name())?;
            first = false;
        }
        for loc in MemLocation::ALL {
            let mr = self.modref(loc);
            if mr == other {
                continue;
            }
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            f.write_str(match loc {
                MemLocation::ArgMem => "argmem: ",
                MemLocation::InaccessibleMem => "inaccessiblemem: ",
                MemLocation::Other => "",
            })?;
            f.write_str(mr.name())?;
        }
        f.write_str(")")
    }
}

/// Parses the inside of `memory(...)`: an optional default access kind
/// first, then `location: kind` pairs, comma-separated
/// (`"readwrite, argmem: none"`). Later entries override earlier ones.
pub fn parse_memory_effects(text: &str) -> Result<MemoryEffects, String> {
    let mut me = MemoryEffects::none();
    let mut seen_loc = false;
    for part in text.split(',') {
        let (loc, kind) = match part.split_once(':') {
            Some((l, k)) => {
                let l = l.trim();
                match MemLocation::from_name(l) {
                    Some(loc) => (Some(loc), k.trim()),
                    None => return Err(memory_expected_msg()),
                }
            }
            None => {
                let p = part.trim();
                let word = p.split_whitespace().next().unwrap_or("");
                if MemLocation::from_name(word).is_some() {
                    return Err("expected ':' after location".into());
                }
                (None, p)
            }
        };
        let Some(mr) = ModRef::from_name(kind) else {
            return Err(match loc {
                None => memory_expected_msg(),
                Some(_) => "expected access kind (none, read, write, readwrite)".into(),
            });
        };
        match loc {
            Some(loc) => {
                seen_loc = true;
                me = me.with_modref(loc, mr);
            }
            None => {
                if seen_loc {
                    return Err("default access kind must be specified first".into());
                }
                me = MemoryEffects::uniform(mr);
            }
        }
    }
    Ok(me)
}

fn memory_expected_msg() -> String {
    "expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)".into()
}

/// The effects that a legacy function-attribute keyword stands for, as the
/// LLVM 19 `.ll` parser upgrades it: `readnone`, `readonly`, `writeonly`,
/// `argmemonly`, `inaccessiblememonly`, `inaccessiblemem_or_argmemonly`.
///
/// The parser's rule, for the attributes of one function or group: if any
/// of these keywords appears, the `memory` attribute becomes the
/// [`intersect`](MemoryEffects::intersect) of all of them (starting from
/// [`unknown`](MemoryEffects::unknown)), replacing any explicit
/// `memory(...)`. On parameters, `readnone`/`readonly`/`writeonly` are
/// ordinary kinds and are not upgraded.
pub fn legacy_memory_keyword(name: &str) -> Option<MemoryEffects> {
    let rw = ModRef::ModRef;
    Some(match name {
        "readnone" => MemoryEffects::none(),
        "readonly" => MemoryEffects::uniform(ModRef::Ref),
        "writeonly" => MemoryEffects::uniform(ModRef::Mod),
        "argmemonly" => MemoryEffects::only(MemLocation::ArgMem, rw),
        "inaccessiblememonly" => MemoryEffects::only(MemLocation::InaccessibleMem, rw),
        "inaccessiblemem_or_argmemonly" => MemoryEffects::only(MemLocation::ArgMem, rw)
            .with_modref(MemLocation::InaccessibleMem, rw),
        _ => return None,
    })
}

// ---------------------------------------------------------------------------
// nofpclass(...)

/// The value of `nofpclass` (LLVM `FPClassTest`): a 10-bit mask of
/// floating-point classes.
///
/// ```text
///  bit  9    8     7     6     5     4     3     2    1    0
///      pinf pnorm psub pzero nzero nsub nnorm ninf qnan snan
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FpClassMask(u16);

/// LLVM's fixed print order of class names: each name whose bits are all
/// still set is printed and its bits cleared, so aliases come first.
const FP_CLASS_NAMES: [(u16, &str); 16] = [
    (0x3ff, "all"),
    (0x003, "nan"),
    (0x001, "snan"),
    (0x002, "qnan"),
    (0x204, "inf"),
    (0x004, "ninf"),
    (0x200, "pinf"),
    (0x060, "zero"),
    (0x020, "nzero"),
    (0x040, "pzero"),
    (0x090, "sub"),
    (0x010, "nsub"),
    (0x080, "psub"),
    (0x108, "norm"),
    (0x008, "nnorm"),
    (0x100, "pnorm"),
];

impl FpClassMask {
    /// Every class bit.
    pub const ALL_BITS: u64 = 0x3ff;

    /// The mask with value `bits`, or `None` if bits above bit 9 are set.
    pub fn from_bits(bits: u64) -> Option<FpClassMask> {
        if bits & !Self::ALL_BITS != 0 {
            return None;
        }
        Some(FpClassMask(bits as u16))
    }

    /// The mask of the low 10 bits of `bits` (higher bits ignored).
    pub fn from_bits_truncate(bits: u64) -> FpClassMask {
        FpClassMask((bits & Self::ALL_BITS) as u16)
    }

    /// The mask value (the `u64` of `Attribute::Int(NoFpClass, _)`).
    pub fn bits(self) -> u64 {
        u64::from(self.0)
    }
}

impl fmt::Display for FpClassMask {
    /// `nofpclass(nan inf)`; `nofpclass(none)` for the empty mask.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nofpclass(")?;
        if self.0 == 0 {
            return f.write_str("none)");
        }
        let mut mask = self.0;
        let mut first = true;
        for (bits, name) in FP_CLASS_NAMES {
            if mask & bits == bits {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                f.write_str(name)?;
                mask &= !bits;
            }
        }
        f.write_str(")")
    }
}

/// Parses the inside of `nofpclass(...)`: class names separated by
/// whitespace (`"nan inf"`), or one non-zero integer mask (`"1023"`).
pub fn parse_nofpclass(text: &str) -> Result<FpClassMask, String> {
    let expected = || "expected nofpclass test mask".to_string();
    let words: Vec<&str> = text.split_whitespace().collect();
    if let [only] = words[..] {
        if only.bytes().all(|b| b.is_ascii_digit()) {
            return match only.parse::<u64>() {
                Ok(v) if v != 0 && v & !FpClassMask::ALL_BITS == 0 => Ok(FpClassMask(v as u16)),
                _ => Err("invalid mask value for 'nofpclass'".into()),
            };
        }
    }
    if words.is_empty() {
        return Err(expected());
    }
    let mut mask = 0u16;
    for w in words {
        let Some((bits, _)) = FP_CLASS_NAMES.iter().find(|(_, n)| *n == w) else {
            return Err(expected());
        };
        mask |= bits;
    }
    Ok(FpClassMask(mask))
}

// ---------------------------------------------------------------------------
// allockind("...")

/// The value of `allockind` (LLVM `AllocFnKind`): what an allocator does.
///
/// ```text
///  bit  5       4      3              2    1       0
///      aligned zeroed uninitialized free realloc alloc
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllocFnKind(u64);

const ALLOC_KIND_NAMES: [&str; 6] = [
    "alloc",
    "realloc",
    "free",
    "uninitialized",
    "zeroed",
    "aligned",
];

impl AllocFnKind {
    /// The kind with value `bits` (unknown bits are kept but never printed,
    /// as in LLVM).
    pub fn from_bits(bits: u64) -> AllocFnKind {
        AllocFnKind(bits)
    }

    /// The value (the `u64` of `Attribute::Int(AllocKind, _)`).
    pub fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Display for AllocFnKind {
    /// `allockind("alloc,uninitialized")`, names in bit order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("allockind(\"")?;
        let mut first = true;
        for (bit, name) in ALLOC_KIND_NAMES.iter().enumerate() {
            if self.0 & (1 << bit) != 0 {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                f.write_str(name)?;
            }
        }
        f.write_str("\")")
    }
}

/// Parses the string inside `allockind("...")`, without its quotes:
/// comma-separated names (`"alloc,uninitialized"`), no spaces.
pub fn parse_allockind(text: &str) -> Result<AllocFnKind, String> {
    let mut bits = 0;
    for part in text.split(',') {
        match ALLOC_KIND_NAMES.iter().position(|n| *n == part) {
            Some(bit) => bits |= 1 << bit,
            None => return Err(format!("unknown allockind {part}")),
        }
    }
    Ok(AllocFnKind(bits))
}

// ---------------------------------------------------------------------------
// uwtable, allocsize, vscale_range

/// The value of `uwtable` (LLVM `UWTableKind`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UwTableKind {
    /// No unwind table (never stored: adding it drops the attribute).
    None = 0,
    /// `uwtable(sync)`
    Sync = 1,
    /// `uwtable` (the default, also spelled `uwtable(async)`).
    Async = 2,
}

/// Parses the inside of `uwtable(...)`: `sync` or `async`.
pub fn parse_uwtable(text: &str) -> Result<UwTableKind, String> {
    match text.trim() {
        "sync" => Ok(UwTableKind::Sync),
        "async" => Ok(UwTableKind::Async),
        _ => Err("expected unwind table kind".into()),
    }
}

/// The `allocsize` second argument meaning "absent" in the packed value.
const ALLOCSIZE_NONE: u32 = u32::MAX;

/// Packs `allocsize(elem, num)` as LLVM does: `elem << 32 | num`, with
/// `0xffff_ffff` for an absent `num`.
pub fn pack_allocsize(elem: u32, num: Option<u32>) -> u64 {
    u64::from(elem) << 32 | u64::from(num.unwrap_or(ALLOCSIZE_NONE))
}

/// Unpacks an `allocsize` value into (element-size argument, optional
/// count argument).
pub fn unpack_allocsize(packed: u64) -> (u32, Option<u32>) {
    let num = packed as u32;
    (
        (packed >> 32) as u32,
        (num != ALLOCSIZE_NONE).then_some(num),
    )
}

/// Packs `vscale_range(min, max)` as LLVM does: `min << 32 | max`, with
/// `0` for an unbounded `max`.
pub fn pack_vscale_range(min: u32, max: Option<u32>) -> u64 {
    u64::from(min) << 32 | u64::from(max.unwrap_or(0))
}

/// Unpacks a `vscale_range` value into (min, max); `None` is unbounded.
pub fn unpack_vscale_range(packed: u64) -> (u32, Option<u32>) {
    let max = packed as u32;
    ((packed >> 32) as u32, (max != 0).then_some(max))
}

fn parse_u32(text: &str) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected integer".into());
    }
    let digits = t.trim_start_matches('0');
    if digits.len() > 10 {
        return Err("expected 32-bit integer (too large)".into());
    }
    if digits.is_empty() {
        return Ok(0);
    }
    match digits.parse::<u64>() {
        Ok(v) if v <= u64::from(u32::MAX) => Ok(v as u32),
        _ => Err("expected 32-bit integer (too large)".into()),
    }
}

fn parse_one_or_two(text: &str) -> Result<(u32, Option<u32>), String> {
    match text.split_once(',') {
        None => Ok((parse_u32(text)?, None)),
        Some((a, b)) => Ok((parse_u32(a)?, Some(parse_u32(b)?))),
    }
}

/// Parses the inside of `allocsize(...)` (`"0"` or `"0, 1"`) into the
/// packed value. As in LLVM, a count argument of `4294967295` reads as
/// absent.
pub fn parse_allocsize(text: &str) -> Result<u64, String> {
    let (elem, num) = parse_one_or_two(text)?;
    if num == Some(elem) {
        return Err("'allocsize' indices can't refer to the same parameter".into());
    }
    Ok(pack_allocsize(elem, num))
}

/// Parses the inside of `vscale_range(...)` (`"1, 16"`, or `"2"` meaning
/// `2,2`) into the packed value. A packed value of 0 (`vscale_range(0)`)
/// is a no-op that [`AttributeSet::add`](super::AttributeSet::add) drops.
pub fn parse_vscale_range(text: &str) -> Result<u64, String> {
    let (min, max) = parse_one_or_two(text)?;
    Ok(pack_vscale_range(min, Some(max.unwrap_or(min))))
}

// ---------------------------------------------------------------------------
// range(iN lo, hi)

/// The largest integer width LLVM accepts (2^23 bits).
const MAX_INT_BITS: u32 = 1 << 23;

/// The value of `range`: a half-open wrapping interval `[lower, upper)` of
/// `width`-bit integers, as LLVM's `ConstantRange`.
///
/// Bounds are stored as little-endian 64-bit words, `ceil(width / 64)` of
/// them, with the bits above `width` zero (the crate's `APInt` can take
/// them over once it exists). `lower != upper` (the attribute can be
/// neither the empty nor the full set).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstantRange {
    width: u32,
    lower: Box<[u64]>,
    upper: Box<[u64]>,
}

fn num_words(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

fn truncate_words(words: &mut [u64], width: u32) {
    let rem = width % 64;
    if rem != 0 {
        if let Some(last) = words.last_mut() {
            *last &= (1u64 << rem) - 1;
        }
    }
}

fn words_from_i64(width: u32, v: i64) -> Box<[u64]> {
    let fill = if v < 0 { u64::MAX } else { 0 };
    let mut w = vec![fill; num_words(width)];
    if let Some(first) = w.first_mut() {
        *first = v as u64;
    }
    truncate_words(&mut w, width);
    w.into_boxed_slice()
}

fn words_from_u64(width: u32, v: u64) -> Box<[u64]> {
    let mut w = vec![0; num_words(width)];
    if let Some(first) = w.first_mut() {
        *first = v;
    }
    truncate_words(&mut w, width);
    w.into_boxed_slice()
}

impl ConstantRange {
    /// `[lower, upper)` of `width` bits, bounds truncated to the width; `None`
    /// if the width is 0 or above 2^23, or if the bounds are equal.
    pub fn from_u64(width: u32, lower: u64, upper: u64) -> Option<ConstantRange> {
        Self::checked(
            width,
            words_from_u64(width, lower),
            words_from_u64(width, upper),
        )
    }

    /// Like [`from_u64`](Self::from_u64) with sign-extended bounds.
    pub fn from_i64(width: u32, lower: i64, upper: i64) -> Option<ConstantRange> {
        Self::checked(
            width,
            words_from_i64(width, lower),
            words_from_i64(width, upper),
        )
    }

    /// From little-endian words (missing words are zero, extra bits are
    /// truncated); `None` as for [`from_u64`](Self::from_u64).
    pub fn from_words(width: u32, lower: &[u64], upper: &[u64]) -> Option<ConstantRange> {
        let fit = |src: &[u64]| {
            let mut w = vec![0; num_words(width)];
            for (d, s) in w.iter_mut().zip(src) {
                *d = *s;
            }
            truncate_words(&mut w, width);
            w.into_boxed_slice()
        };
        Self::checked(width, fit(lower), fit(upper))
    }

    fn checked(width: u32, lower: Box<[u64]>, upper: Box<[u64]>) -> Option<ConstantRange> {
        if width == 0 || width > MAX_INT_BITS || lower == upper {
            return None;
        }
        Some(ConstantRange {
            width,
            lower,
            upper,
        })
    }

    /// The integer width in bits.
    pub fn bit_width(&self) -> u32 {
        self.width
    }

    /// The inclusive lower bound, as little-endian words.
    pub fn lower_words(&self) -> &[u64] {
        &self.lower
    }

    /// The exclusive upper bound, as little-endian words.
    pub fn upper_words(&self) -> &[u64] {
        &self.upper
    }
}

impl fmt::Display for ConstantRange {
    /// `range(i8 0, 2)`, bounds as signed decimals (as LLVM prints them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "range(i{} ", self.width)?;
        write_signed(f, &self.lower, self.width)?;
        f.write_str(", ")?;
        write_signed(f, &self.upper, self.width)?;
        f.write_str(")")
    }
}

/// Writes a `width`-bit two's-complement value as a signed decimal.
fn write_signed(f: &mut dyn fmt::Write, words: &[u64], width: u32) -> fmt::Result {
    if width <= 64 {
        let v = words.first().copied().unwrap_or(0);
        let shift = 64 - width;
        return write!(f, "{}", ((v << shift) as i64) >> shift);
    }
    let top = width - 1;
    let negative = words
        .get((top / 64) as usize)
        .is_some_and(|w| w >> (top % 64) & 1 == 1);
    let mut mag = words.to_vec();
    if negative {
        // Two's complement negation within `width` bits.
        let mut carry = 1u64;
        for w in mag.iter_mut() {
            let (s, c) = (!*w).overflowing_add(carry);
            *w = s;
            carry = u64::from(c);
        }
        truncate_words(&mut mag, width);
        f.write_str("-")?;
    }
    write_unsigned(f, mag)
}

/// Writes little-endian words as an unsigned decimal.
fn write_unsigned(f: &mut dyn fmt::Write, mut mag: Vec<u64>) -> fmt::Result {
    const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
    let mut chunks = Vec::new();
    loop {
        while mag.last() == Some(&0) {
            mag.pop();
        }
        if mag.is_empty() {
            break;
        }
        let mut rem = 0u128;
        for w in mag.iter_mut().rev() {
            let cur = rem << 64 | u128::from(*w);
            *w = (cur / u128::from(CHUNK)) as u64;
            rem = cur % u128::from(CHUNK);
        }
        chunks.push(rem as u64);
    }
    match chunks.split_last() {
        None => f.write_str("0"),
        Some((most, rest)) => {
            write!(f, "{most}")?;
            for c in rest.iter().rev() {
                write!(f, "{c:019}")?;
            }
            Ok(())
        }
    }
}

/// Parses a decimal integer literal (`-5`, `255`) into `width`-bit words,
/// with `llvm-as`'s rule: a non-negative literal must fit in `width`
/// unsigned bits, a negative one in `width` signed bits.
fn parse_bound(text: &str, width: u32) -> Result<Box<[u64]>, String> {
    let t = text.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected integer".into());
    }
    let too_large = || "integer is too large for the bit width of specified type".to_string();
    // Each decimal digit needs more than 3 bits: reject hopeless literals
    // before doing quadratic work on them.
    let digits = digits.trim_start_matches('0');
    if digits.len() as u64 > u64::from(width) / 3 + 2 {
        return Err(too_large());
    }
    let n = num_words(width) + 1;
    let mut mag = vec![0u64; n];
    for chunk in digits.as_bytes().chunks(19) {
        let mut mul = 1u64;
        let mut add = 0u64;
        for &b in chunk {
            mul *= 10;
            add = add * 10 + u64::from(b - b'0');
        }
        let mut carry = u128::from(add);
        for w in mag.iter_mut() {
            let cur = u128::from(*w) * u128::from(mul) + carry;
            *w = cur as u64;
            carry = cur >> 64;
        }
        if carry != 0 {
            return Err(too_large());
        }
    }
    let active = |m: &[u64]| -> u64 {
        m.iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map_or(0, |(i, w)| {
                i as u64 * 64 + 64 - u64::from(w.leading_zeros())
            })
    };
    let is_zero = mag.iter().all(|w| *w == 0);
    if !negative || is_zero {
        if active(&mag) > u64::from(width) {
            return Err(too_large());
        }
    } else {
        // Signed bits of -M are active_bits(M - 1) + 1.
        let mut m1 = mag.clone();
        for w in m1.iter_mut() {
            let (s, borrow) = w.overflowing_sub(1);
            *w = s;
            if !borrow {
                break;
            }
        }
        if active(&m1) + 1 > u64::from(width) {
            return Err(too_large());
        }
        let mut carry = 1u64;
        for w in mag.iter_mut() {
            let (s, c) = (!*w).overflowing_add(carry);
            *w = s;
            carry = u64::from(c);
        }
    }
    mag.truncate(n - 1);
    truncate_words(&mut mag, width);
    Ok(mag.into_boxed_slice())
}

/// Parses the inside of `range(...)`: an integer type and two decimal
/// bounds (`"i32 -1, 5"`). Non-negative bounds may use the full unsigned
/// width (`range(i8 0, 255)` is `range(i8 0, -1)`).
pub fn parse_range(text: &str) -> Result<ConstantRange, String> {
    let t = text.trim_start();
    let ty_len = t
        .find(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .unwrap_or(t.len());
    let ty = &t[..ty_len];
    let width = ty
        .strip_prefix('i')
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|w| (1..=MAX_INT_BITS).contains(w))
        .ok_or_else(|| "the range must have integer type".to_string())?;
    let (lo, hi) = t[ty_len..]
        .split_once(',')
        .ok_or_else(|| "expected ','".to_string())?;
    let lower = parse_bound(lo, width)?;
    let upper = parse_bound(hi, width)?;
    if lower == upper {
        return Err("the range should not represent the full or empty set".into());
    }
    Ok(ConstantRange {
        width,
        lower,
        upper,
    })
}

// ---------------------------------------------------------------------------
// initializes((lo, hi), ...)

/// The value of `initializes` (LLVM 19 `ConstantRangeList`): 64-bit
/// half-open ranges `[lo, hi)`, each non-empty (`lo < hi`, signed), sorted
/// and separated by gaps (each `hi` is below the next `lo`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RangeList(Box<[(i64, i64)]>);

impl RangeList {
    /// The list of `ranges`, or `None` if they break the invariant.
    pub fn new(ranges: &[(i64, i64)]) -> Option<RangeList> {
        let ok =
            ranges.iter().all(|(lo, hi)| lo < hi) && ranges.windows(2).all(|w| w[0].1 < w[1].0);
        ok.then(|| RangeList(ranges.into()))
    }

    /// The ranges, in increasing order.
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.0
    }
}

impl fmt::Display for RangeList {
    /// `initializes((0, 4), (8, 12))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("initializes(")?;
        for (k, (lo, hi)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "({lo}, {hi})")?;
        }
        f.write_str(")")
    }
}

/// Parses the inside of `initializes(...)`: `"(0, 4), (8, 12)"`.
pub fn parse_initializes(text: &str) -> Result<RangeList, String> {
    let mut ranges = Vec::new();
    let mut rest = text.trim();
    loop {
        let inner = rest
            .strip_prefix('(')
            .ok_or_else(|| "expected '('".to_string())?;
        let (pair, after) = inner
            .split_once(')')
            .ok_or_else(|| "expected ')'".to_string())?;
        let (lo, hi) = pair
            .split_once(',')
            .ok_or_else(|| "expected ','".to_string())?;
        let as_i64 = |w: Box<[u64]>| w.first().copied().unwrap_or(0) as i64;
        let lo = as_i64(parse_bound(lo, 64)?);
        let hi = as_i64(parse_bound(hi, 64)?);
        if lo == hi {
            return Err("the range should not represent the full or empty set".into());
        }
        ranges.push((lo, hi));
        let after = after.trim_start();
        if after.is_empty() {
            break;
        }
        rest = after
            .strip_prefix(',')
            .ok_or_else(|| "expected ')'".to_string())?
            .trim_start();
    }
    RangeList::new(&ranges).ok_or_else(|| "invalid (unordered or overlapping) range list".into())
}
