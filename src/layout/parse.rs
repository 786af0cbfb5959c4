//! The data layout string grammar of LLVM 19 and its error messages.
//!
//! Owns [`DataLayoutError`] and the one function that turns a string into the
//! fields of a [`DataLayout`]. It does not own the defaults or the queries
//! (`datalayout.rs`).
//!
//! Fidelity notes. The parser walks the string exactly as LLVM 19's
//! `DataLayout::parseSpecifier` does, so that every malformed string fails
//! with the message LLVM 19 gives, and every string LLVM 19 accepts is
//! accepted with the same meaning, leniencies included (characters after
//! `e`/`E` ignored, `s` specs ignored, extra `:` components ignored, sizes of
//! 0 accepted). The messages are LLVM's own capitalised strings, kept exact
//! on purpose (the crate's lowercase rule yields to fidelity here). The walk
//! is over bytes, not chars: LLVM looks at single bytes, and a multi-byte
//! character must give "Unknown specifier" rather than a slicing panic.

use core::fmt;

use super::datalayout::{
    DataLayout, FunctionPtrAlignKind, ManglingMode, PointerSpec, PrimitiveSpec,
};
use crate::types::Align;

/// Declares [`DataLayoutErrorKind`] and its messages from one table.
macro_rules! error_kinds {
    ($($(#[$m:meta])* $name:ident => $msg:literal,)*) => {
        /// Why a data layout string was rejected; one variant per LLVM 19
        /// message.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum DataLayoutErrorKind {
            $($(#[$m])* #[doc = concat!("\"", $msg, "\"")] $name,)*
        }

        impl DataLayoutErrorKind {
            /// The message LLVM 19 gives for this error, exactly.
            pub const fn message(self) -> &'static str {
                match self {
                    $(DataLayoutErrorKind::$name => $msg,)*
                }
            }
        }
    };
}

error_kinds! {
    TrailingSeparator => "Trailing separator in datalayout string",
    ExpectedToken => "Expected token before separator in datalayout string",
    NotANumber => "not a number, or does not fit in an unsigned int",
    NotByteMultiple => "number of bits must be a byte width multiple",
    InvalidAddressSpace => "Invalid address space, must be a 24-bit integer",
    NonIntegralAddressSpaceZero => "Address space 0 can never be non-integral",
    MissingPointerSize => "Missing size specification for pointer in datalayout string",
    ZeroPointerSize => "Invalid pointer size of 0 bytes",
    MissingPointerAlign => "Missing alignment specification for pointer in datalayout string",
    PointerAbiAlignNotPowerOf2 => "Pointer ABI alignment must be a power of 2",
    PointerPrefAlignNotPowerOf2 => "Pointer preferred alignment must be a power of 2",
    ZeroIndexSize => "Invalid index size of 0 bytes",
    IndexWiderThanPointer => "Index width cannot be larger than pointer width",
    SizedAggregate => "Sized aggregate specification in datalayout string",
    MissingAlign => "Missing alignment specification in datalayout string",
    ZeroAbiAlign => "ABI alignment specification must be >0 for non-aggregate types",
    AbiAlignTooLarge => "Invalid ABI alignment, must be a 16bit integer",
    AbiAlignNotPowerOf2 => "Invalid ABI alignment, must be a power of 2",
    I8NotNaturallyAligned => "Invalid ABI alignment, i8 must be naturally aligned",
    PrefAlignTooLarge => "Invalid preferred alignment, must be a 16bit integer",
    PrefAlignNotPowerOf2 => "Invalid preferred alignment, must be a power of 2",
    InvalidBitWidth => "Invalid bit width, must be a 24-bit integer",
    PrefLessThanAbi => "Preferred alignment cannot be less than the ABI alignment",
    ZeroNativeWidth => "Zero width native integer type in datalayout string",
    AlignNotPowerOf2 => "Alignment is neither 0 nor a power of 2",
    UnknownFunctionPtrAlignKind => "Unknown function pointer alignment type in datalayout string",
    ManglingTrailingCharacters =>
        "Unexpected trailing characters after mangling specifier in datalayout string",
    ExpectedMangling => "Expected mangling specifier in datalayout string",
    UnknownManglingSpecifier => "Unknown mangling specifier in datalayout string",
    UnknownMangling => "Unknown mangling in datalayout string",
    UnknownSpecifier => "Unknown specifier in datalayout string",
}

/// A data layout string LLVM 19 would reject. `Display` prints LLVM 19's
/// message, exactly (see [`DataLayoutErrorKind`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DataLayoutError {
    kind: DataLayoutErrorKind,
    offset: usize,
}

impl DataLayoutError {
    /// What was wrong.
    pub fn kind(&self) -> DataLayoutErrorKind {
        self.kind
    }

    /// LLVM 19's message for it.
    pub fn message(&self) -> &'static str {
        self.kind.message()
    }

    /// Byte offset in the string of the specification (the `-`-separated
    /// item) being read when the error was found. LLVM reports no position;
    /// this is extra.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for DataLayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.message())
    }
}

impl std::error::Error for DataLayoutError {}

type Kind = DataLayoutErrorKind;

/// The parser's cursor state: where the current specification starts, for
/// error offsets.
struct Parser<'s> {
    whole: &'s [u8],
    spec_start: usize,
}

impl<'s> Parser<'s> {
    fn err(&self, kind: Kind) -> DataLayoutError {
        DataLayoutError {
            kind,
            offset: self.spec_start,
        }
    }

    /// LLVM's checked `split`: `(before, after)` the first `sep` (or
    /// `(s, "")`), failing on an empty side next to a separator.
    fn split(&self, s: &'s [u8], sep: u8) -> Result<(&'s [u8], &'s [u8]), DataLayoutError> {
        let (first, second): (&[u8], &[u8]) = match s.iter().position(|&b| b == sep) {
            Some(i) => (&s[..i], &s[i + 1..]),
            None => (s, &[]),
        };
        if second.is_empty() && first.len() != s.len() {
            return Err(self.err(Kind::TrailingSeparator));
        }
        if !second.is_empty() && first.is_empty() {
            return Err(self.err(Kind::ExpectedToken));
        }
        Ok((first, second))
    }

    /// A decimal number that fits in a `u64` (LLVM's `getAsInteger(10)`:
    /// digits only, no sign, prefix or blanks).
    fn int_u64(&self, s: &[u8]) -> Result<u64, DataLayoutError> {
        if s.is_empty() {
            return Err(self.err(Kind::NotANumber));
        }
        let mut v: u64 = 0;
        for &b in s {
            if !b.is_ascii_digit() {
                return Err(self.err(Kind::NotANumber));
            }
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or_else(|| self.err(Kind::NotANumber))?;
        }
        Ok(v)
    }

    /// A decimal number that fits in a `u32` (LLVM's `getInt<unsigned>`).
    fn int_u32(&self, s: &[u8]) -> Result<u32, DataLayoutError> {
        u32::try_from(self.int_u64(s)?).map_err(|_| self.err(Kind::NotANumber))
    }

    /// A `u32` number of bits, converted to bytes (`getIntInBytes<unsigned>`).
    fn bytes_u32(&self, s: &[u8]) -> Result<u32, DataLayoutError> {
        let v = self.int_u32(s)?;
        if v % 8 != 0 {
            return Err(self.err(Kind::NotByteMultiple));
        }
        Ok(v / 8)
    }

    /// A `u64` number of bits, converted to bytes (`getIntInBytes<uint64_t>`).
    fn bytes_u64(&self, s: &[u8]) -> Result<u64, DataLayoutError> {
        let v = self.int_u64(s)?;
        if v % 8 != 0 {
            return Err(self.err(Kind::NotByteMultiple));
        }
        Ok(v / 8)
    }

    /// An address space for `P`, `A` and `G`: a `u32` below `2^24`.
    fn addr_space(&self, s: &[u8]) -> Result<u32, DataLayoutError> {
        let v = self.int_u32(s)?;
        if v >= 1 << 24 {
            return Err(self.err(Kind::InvalidAddressSpace));
        }
        Ok(v)
    }

    /// `S` and `F` alignments: 0 (none) or a power of two, in bytes.
    fn optional_align(&self, s: &[u8]) -> Result<Option<Align>, DataLayoutError> {
        let v = self.bytes_u64(s)?;
        if v == 0 {
            return Ok(None);
        }
        Align::from_bytes(v)
            .map(Some)
            .ok_or_else(|| self.err(Kind::AlignNotPowerOf2))
    }
}

/// LLVM's `assumeAligned`: 0 means one byte. `bytes` must be 0 or a power of
/// two (checked by the caller).
fn assume_aligned(bytes: u64) -> Align {
    Align::from_bytes(bytes.max(1)).unwrap_or(Align::ONE)
}

/// Which list an `i`/`f`/`v`/`a` specification goes to.
#[derive(Copy, Clone, PartialEq, Eq)]
enum PrimKind {
    Int,
    Float,
    Vector,
    Aggregate,
}

/// Parses `desc` on top of the defaults already in `dl`, as LLVM 19's
/// `parseSpecifier` does. On error, `dl` is partly updated and must be
/// dropped.
pub(super) fn parse_into(dl: &mut DataLayout, desc: &str) -> Result<(), DataLayoutError> {
    let whole = desc.as_bytes();
    let mut p = Parser {
        whole,
        spec_start: 0,
    };
    let mut rest_of_desc: &[u8] = whole;
    while !rest_of_desc.is_empty() {
        p.spec_start = whole.len() - rest_of_desc.len();
        let (spec, after) = p.split(rest_of_desc, b'-')?;
        rest_of_desc = after;
        let (tok, rest) = p.split(spec, b':')?;
        parse_spec(&p, dl, tok, rest)?;
    }
    debug_assert!(p.whole.len() == desc.len());
    Ok(())
}

/// One specification, already split at its first `:` into `tok` (non-empty)
/// and `rest`.
fn parse_spec(
    p: &Parser<'_>,
    dl: &mut DataLayout,
    tok: &[u8],
    rest: &[u8],
) -> Result<(), DataLayoutError> {
    if tok == b"ni" {
        let mut rest = rest;
        loop {
            // On an empty list LLVM splits "" into ("", ""), then fails to
            // read "" as a number.
            let (item, after) = p.split(rest, b':')?;
            rest = after;
            let addr_space = p.int_u32(item)?;
            if addr_space == 0 {
                return Err(p.err(Kind::NonIntegralAddressSpaceZero));
            }
            dl.non_integral.push(addr_space);
            if rest.is_empty() {
                return Ok(());
            }
        }
    }
    let specifier = tok[0];
    let tok = &tok[1..];
    match specifier {
        // `s` is deprecated and ignored; `e`/`E` ignore anything after them.
        b's' => {}
        b'E' => dl.big_endian = true,
        b'e' => dl.big_endian = false,
        b'p' => parse_pointer(p, dl, tok, rest)?,
        b'i' => parse_primitive(p, dl, PrimKind::Int, tok, rest)?,
        b'v' => parse_primitive(p, dl, PrimKind::Vector, tok, rest)?,
        b'f' => parse_primitive(p, dl, PrimKind::Float, tok, rest)?,
        b'a' => parse_primitive(p, dl, PrimKind::Aggregate, tok, rest)?,
        b'n' => {
            let (mut tok, mut rest) = (tok, rest);
            loop {
                let width = p.int_u32(tok)?;
                if width == 0 {
                    return Err(p.err(Kind::ZeroNativeWidth));
                }
                // LLVM 19 keeps these in a `SmallVector<unsigned char>`: a
                // width of 256 or more is stored modulo 256.
                dl.legal_int_widths.push(width as u8);
                if rest.is_empty() {
                    break;
                }
                (tok, rest) = p.split(rest, b':')?;
            }
        }
        b'S' => dl.stack_align = p.optional_align(tok)?,
        b'F' => {
            let kind = match tok.first() {
                Some(b'i') => FunctionPtrAlignKind::Independent,
                Some(b'n') => FunctionPtrAlignKind::MultipleOfFunctionAlign,
                _ => return Err(p.err(Kind::UnknownFunctionPtrAlignKind)),
            };
            dl.fn_ptr_align_kind = kind;
            dl.fn_ptr_align = p.optional_align(&tok[1..])?;
        }
        b'P' => dl.program_as = p.addr_space(tok)?,
        b'A' => dl.alloca_as = p.addr_space(tok)?,
        b'G' => dl.globals_as = p.addr_space(tok)?,
        b'm' => {
            if !tok.is_empty() {
                return Err(p.err(Kind::ManglingTrailingCharacters));
            }
            if rest.is_empty() {
                return Err(p.err(Kind::ExpectedMangling));
            }
            if rest.len() > 1 {
                return Err(p.err(Kind::UnknownManglingSpecifier));
            }
            dl.mangling = match rest[0] {
                b'e' => ManglingMode::Elf,
                b'l' => ManglingMode::Goff,
                b'o' => ManglingMode::MachO,
                b'm' => ManglingMode::Mips,
                b'w' => ManglingMode::WinCoff,
                b'x' => ManglingMode::WinCoffX86,
                b'a' => ManglingMode::Xcoff,
                _ => return Err(p.err(Kind::UnknownMangling)),
            };
        }
        _ => return Err(p.err(Kind::UnknownSpecifier)),
    }
    Ok(())
}

/// `p[n]:<size>:<abi>[:<pref>[:<idx>]]`, anything after `<idx>` ignored.
fn parse_pointer(
    p: &Parser<'_>,
    dl: &mut DataLayout,
    tok: &[u8],
    rest: &[u8],
) -> Result<(), DataLayoutError> {
    let addr_space = if tok.is_empty() { 0 } else { p.int_u32(tok)? };
    if addr_space >= 1 << 24 {
        return Err(p.err(Kind::InvalidAddressSpace));
    }

    if rest.is_empty() {
        return Err(p.err(Kind::MissingPointerSize));
    }
    let (tok, rest) = p.split(rest, b':')?;
    let bits = p.int_u32(tok)?;
    if bits == 0 {
        return Err(p.err(Kind::ZeroPointerSize));
    }

    if rest.is_empty() {
        return Err(p.err(Kind::MissingPointerAlign));
    }
    let (tok, rest) = p.split(rest, b':')?;
    let abi = Align::from_bytes(u64::from(p.bytes_u32(tok)?))
        .ok_or_else(|| p.err(Kind::PointerAbiAlignNotPowerOf2))?;

    let mut index_bits = bits;
    let mut pref = abi;
    if !rest.is_empty() {
        let (tok, rest) = p.split(rest, b':')?;
        pref = Align::from_bytes(u64::from(p.bytes_u32(tok)?))
            .ok_or_else(|| p.err(Kind::PointerPrefAlignNotPowerOf2))?;
        if !rest.is_empty() {
            let (tok, _ignored) = p.split(rest, b':')?;
            index_bits = p.int_u32(tok)?;
            if index_bits == 0 {
                return Err(p.err(Kind::ZeroIndexSize));
            }
        }
    }

    if pref < abi {
        return Err(p.err(Kind::PrefLessThanAbi));
    }
    if index_bits > bits {
        return Err(p.err(Kind::IndexWiderThanPointer));
    }
    dl.set_pointer_spec(PointerSpec {
        addr_space,
        bits,
        abi,
        pref,
        index_bits,
    });
    Ok(())
}

/// `i`/`f`/`v<size>:<abi>[:<pref>]` and `a[0]:<abi>[:<pref>]`, anything
/// after `<pref>` ignored.
fn parse_primitive(
    p: &Parser<'_>,
    dl: &mut DataLayout,
    kind: PrimKind,
    tok: &[u8],
    rest: &[u8],
) -> Result<(), DataLayoutError> {
    let bits = if tok.is_empty() { 0 } else { p.int_u32(tok)? };
    if kind == PrimKind::Aggregate && bits != 0 {
        return Err(p.err(Kind::SizedAggregate));
    }

    if rest.is_empty() {
        return Err(p.err(Kind::MissingAlign));
    }
    let (tok, rest) = p.split(rest, b':')?;
    let abi = p.bytes_u32(tok)?;
    if kind != PrimKind::Aggregate && abi == 0 {
        return Err(p.err(Kind::ZeroAbiAlign));
    }
    if abi > u32::from(u16::MAX) {
        return Err(p.err(Kind::AbiAlignTooLarge));
    }
    if abi != 0 && !abi.is_power_of_two() {
        return Err(p.err(Kind::AbiAlignNotPowerOf2));
    }
    if kind == PrimKind::Int && bits == 8 && abi != 1 {
        return Err(p.err(Kind::I8NotNaturallyAligned));
    }

    let mut pref = abi;
    if !rest.is_empty() {
        let (tok, _ignored) = p.split(rest, b':')?;
        pref = p.bytes_u32(tok)?;
    }
    if pref > u32::from(u16::MAX) {
        return Err(p.err(Kind::PrefAlignTooLarge));
    }
    if pref != 0 && !pref.is_power_of_two() {
        return Err(p.err(Kind::PrefAlignNotPowerOf2));
    }

    // LLVM's `setAlignment`: the width check comes after the alignments.
    if bits >= 1 << 24 {
        return Err(p.err(Kind::InvalidBitWidth));
    }
    let abi = assume_aligned(u64::from(abi));
    let pref = assume_aligned(u64::from(pref));
    if pref < abi {
        return Err(p.err(Kind::PrefLessThanAbi));
    }
    let spec = PrimitiveSpec { bits, abi, pref };
    match kind {
        PrimKind::Int => DataLayout::set_primitive_spec(&mut dl.int_specs, spec),
        PrimKind::Float => DataLayout::set_primitive_spec(&mut dl.float_specs, spec),
        PrimKind::Vector => DataLayout::set_primitive_spec(&mut dl.vector_specs, spec),
        PrimKind::Aggregate => {
            dl.aggregate_abi = abi;
            dl.aggregate_pref = pref;
        }
    }
    Ok(())
}
