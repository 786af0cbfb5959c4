//! [`DataLayout`]: a parsed `target datalayout` string and the queries that
//! need no types (endianness, address spaces, pointer specs, integer widths,
//! mangling).
//!
//! Owns the parsed specification, LLVM 19's defaults, equality and the
//! string representation. It does not own the grammar (`parse.rs`), type
//! sizes and alignments (`sizes.rs`) or struct layouts (`struct_layout.rs`).
//!
//! Invariants, kept by the private fields and the two `set_*_spec`
//! functions: `int_specs`, `float_specs` and `vector_specs` are sorted by
//! width with no duplicate width; `pointers` is sorted by address space with
//! no duplicate, and `pointers[0]` is address space 0.

use core::fmt;
use core::str::FromStr;

use super::parse::{parse_into, DataLayoutError};
use crate::types::Align;

/// Byte order of the target.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Endianness {
    /// `e` (the default)
    Little,
    /// `E`
    Big,
}

/// How the function pointer alignment (`F`) relates to function alignment.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FunctionPtrAlignKind {
    /// `Fi`: function pointer alignment is independent of the alignment of
    /// functions (the default).
    Independent,
    /// `Fn`: function pointer alignment is a multiple of the function
    /// alignment.
    MultipleOfFunctionAlign,
}

/// Symbol mangling scheme (`m:`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ManglingMode {
    /// No `m:` spec (the default).
    None,
    /// `m:e`: ELF.
    Elf,
    /// `m:o`: Mach-O.
    MachO,
    /// `m:w`: Windows COFF.
    WinCoff,
    /// `m:x`: Windows x86 COFF (leading `_`, `@N` stdcall suffixes).
    WinCoffX86,
    /// `m:l`: GOFF.
    Goff,
    /// `m:m`: MIPS.
    Mips,
    /// `m:a`: XCOFF.
    Xcoff,
}

/// Alignment of one integer, float or vector width (`i`/`f`/`v<bits>`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct PrimitiveSpec {
    pub(crate) bits: u32,
    pub(crate) abi: Align,
    pub(crate) pref: Align,
}

/// One `p[n]:` spec.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct PointerSpec {
    pub(crate) addr_space: u32,
    pub(crate) bits: u32,
    pub(crate) abi: Align,
    pub(crate) pref: Align,
    pub(crate) index_bits: u32,
}

const fn prim(bits: u32, abi: u8, pref: u8) -> PrimitiveSpec {
    PrimitiveSpec {
        bits,
        abi: Align::from_log2(abi),
        pref: Align::from_log2(pref),
    }
}

/// LLVM 19's default integer alignments: i1:8:8, i8:8:8, i16:16:16,
/// i32:32:32, i64:32:64 (as log2 of bytes).
const DEFAULT_INT: [PrimitiveSpec; 5] = [
    prim(1, 0, 0),
    prim(8, 0, 0),
    prim(16, 1, 1),
    prim(32, 2, 2),
    prim(64, 2, 3),
];
/// f16:16:16, f32:32:32, f64:64:64, f128:128:128.
const DEFAULT_FLOAT: [PrimitiveSpec; 4] = [
    prim(16, 1, 1),
    prim(32, 2, 2),
    prim(64, 3, 3),
    prim(128, 4, 4),
];
/// v64:64:64, v128:128:128.
const DEFAULT_VECTOR: [PrimitiveSpec; 2] = [prim(64, 3, 3), prim(128, 4, 4)];
/// p0:64:64:64:64.
const DEFAULT_POINTER: PointerSpec = PointerSpec {
    addr_space: 0,
    bits: 64,
    abi: Align::from_log2(3),
    pref: Align::from_log2(3),
    index_bits: 64,
};

/// A parsed `target datalayout` string (LLVM 19's `DataLayout`, without the
/// struct layout cache: see [`LayoutCache`](super::LayoutCache)).
///
/// * [`DataLayout::parse`] accepts exactly the strings LLVM 19 accepts and
///   fails with LLVM 19's message otherwise.
/// * `Display` and [`DataLayout::as_str`] give back the string as written.
/// * `==` compares the parsed properties, not the strings, and compares
///   exactly what LLVM 19's `operator==` compares: the non-integral address
///   spaces (`ni:`) are *not* part of it.
/// * [`DataLayout::default`] is the layout of the empty string.
///
/// Type queries (sizes, alignments, struct layouts) take a
/// [`Context`](crate::Context); see `sizes.rs` and
/// [`LayoutCache`](super::LayoutCache) for repeated queries.
#[derive(Clone)]
pub struct DataLayout {
    repr: Box<str>,
    pub(super) big_endian: bool,
    pub(super) alloca_as: u32,
    pub(super) program_as: u32,
    pub(super) globals_as: u32,
    pub(super) stack_align: Option<Align>,
    pub(super) fn_ptr_align: Option<Align>,
    pub(super) fn_ptr_align_kind: FunctionPtrAlignKind,
    pub(super) mangling: ManglingMode,
    pub(super) legal_int_widths: Vec<u8>,
    pub(super) int_specs: Vec<PrimitiveSpec>,
    pub(super) float_specs: Vec<PrimitiveSpec>,
    pub(super) vector_specs: Vec<PrimitiveSpec>,
    pub(super) aggregate_abi: Align,
    pub(super) aggregate_pref: Align,
    pub(super) pointers: Vec<PointerSpec>,
    pub(super) non_integral: Vec<u32>,
}

impl DataLayout {
    /// Parses a data layout string with LLVM 19's grammar, on top of LLVM
    /// 19's defaults; later specifications override earlier ones.
    ///
    /// # Errors
    /// The string LLVM 19 would reject, with LLVM 19's message.
    pub fn parse(s: &str) -> Result<DataLayout, DataLayoutError> {
        let mut dl = DataLayout::default();
        parse_into(&mut dl, s)?;
        dl.repr = s.into();
        Ok(dl)
    }

    /// The string this layout was parsed from, exactly as written.
    pub fn as_str(&self) -> &str {
        &self.repr
    }

    /// Whether this layout came from the empty string.
    pub fn is_default(&self) -> bool {
        self.repr.is_empty()
    }

    // ---- endianness, address spaces, stack --------------------------------

    /// The byte order (`e` / `E`).
    pub fn endianness(&self) -> Endianness {
        if self.big_endian {
            Endianness::Big
        } else {
            Endianness::Little
        }
    }

    /// Whether the target is big endian (`E`).
    pub fn is_big_endian(&self) -> bool {
        self.big_endian
    }

    /// Whether the target is little endian (`e`, the default).
    pub fn is_little_endian(&self) -> bool {
        !self.big_endian
    }

    /// The natural stack alignment (`S<bits>`); `None` when unspecified or
    /// `S0`.
    pub fn stack_alignment(&self) -> Option<Align> {
        self.stack_align
    }

    /// Whether `align` is larger than the natural stack alignment; always
    /// false when the stack alignment is unspecified.
    pub fn exceeds_natural_stack_alignment(&self, align: Align) -> bool {
        self.stack_align.is_some_and(|s| align > s)
    }

    /// Address space of functions (`P<n>`, default 0).
    pub fn program_address_space(&self) -> u32 {
        self.program_as
    }

    /// Default address space of global variables (`G<n>`, default 0).
    pub fn globals_address_space(&self) -> u32 {
        self.globals_as
    }

    /// Address space of `alloca` (`A<n>`, default 0).
    pub fn alloca_address_space(&self) -> u32 {
        self.alloca_as
    }

    // ---- pointers -----------------------------------------------------------

    /// The spec of `addr_space`, falling back to address space 0 when it has
    /// none of its own (as LLVM does).
    #[inline]
    pub(crate) fn pointer_spec(&self, addr_space: u32) -> &PointerSpec {
        if addr_space != 0 {
            if let Ok(i) = self
                .pointers
                .binary_search_by_key(&addr_space, |p| p.addr_space)
            {
                return &self.pointers[i];
            }
        }
        &self.pointers[0]
    }

    /// Pointer size in bits in `addr_space`.
    pub fn pointer_size_in_bits(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).bits
    }

    /// Pointer size in bytes in `addr_space` (bits rounded up).
    pub fn pointer_size(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).bits.div_ceil(8)
    }

    /// ABI alignment of a pointer in `addr_space`.
    pub fn pointer_abi_align(&self, addr_space: u32) -> Align {
        self.pointer_spec(addr_space).abi
    }

    /// Preferred alignment of a pointer in `addr_space`.
    pub fn pointer_pref_align(&self, addr_space: u32) -> Align {
        self.pointer_spec(addr_space).pref
    }

    /// Width in bits of GEP index arithmetic in `addr_space` (defaults to
    /// the pointer size).
    #[inline]
    pub fn index_size_in_bits(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).index_bits
    }

    /// [`index_size_in_bits`](Self::index_size_in_bits) in bytes, rounded up.
    pub fn index_size(&self, addr_space: u32) -> u32 {
        self.pointer_spec(addr_space).index_bits.div_ceil(8)
    }

    /// The address spaces with their own `p` spec, address space 0 first
    /// (it always has one, explicit or default).
    pub fn pointer_address_spaces(&self) -> impl Iterator<Item = u32> + '_ {
        self.pointers.iter().map(|p| p.addr_space)
    }

    /// The address spaces declared non-integral (`ni:`), in the order
    /// written (duplicates kept, as LLVM keeps them).
    pub fn non_integral_address_spaces(&self) -> &[u32] {
        &self.non_integral
    }

    /// Whether pointers in `addr_space` are non-integral.
    pub fn is_non_integral_address_space(&self, addr_space: u32) -> bool {
        self.non_integral.contains(&addr_space)
    }

    // ---- functions, mangling --------------------------------------------

    /// Function pointer alignment (`F[i|n]<bits>`); `None` when unspecified
    /// or 0.
    pub fn function_ptr_align(&self) -> Option<Align> {
        self.fn_ptr_align
    }

    /// How the function pointer alignment relates to function alignment.
    pub fn function_ptr_align_kind(&self) -> FunctionPtrAlignKind {
        self.fn_ptr_align_kind
    }

    /// The mangling mode (`m:`).
    pub fn mangling(&self) -> ManglingMode {
        self.mangling
    }

    /// Prefix of every global symbol: `_` for Mach-O and Windows x86.
    pub fn global_prefix(&self) -> Option<char> {
        match self.mangling {
            ManglingMode::MachO | ManglingMode::WinCoffX86 => Some('_'),
            _ => None,
        }
    }

    /// Prefix of private (assembler-local) symbols.
    pub fn private_global_prefix(&self) -> &'static str {
        match self.mangling {
            ManglingMode::None => "",
            ManglingMode::Elf | ManglingMode::WinCoff => ".L",
            ManglingMode::Goff => "L#",
            ManglingMode::Mips => "$",
            ManglingMode::MachO | ManglingMode::WinCoffX86 => "L",
            ManglingMode::Xcoff => "L..",
        }
    }

    /// Whether there is a linker-private prefix (Mach-O only).
    pub fn has_linker_private_global_prefix(&self) -> bool {
        self.mangling == ManglingMode::MachO
    }

    /// Prefix of linker-private symbols: `l` for Mach-O, else empty.
    pub fn linker_private_global_prefix(&self) -> &'static str {
        if self.mangling == ManglingMode::MachO {
            "l"
        } else {
            ""
        }
    }

    // ---- native integers ---------------------------------------------------

    /// The native integer widths (`n<w>:<w>…`) as written. LLVM 19 stores
    /// them in bytes, so a width of 256 or more is kept modulo 256; this
    /// returns what LLVM 19 keeps.
    pub fn native_integer_widths(&self) -> &[u8] {
        &self.legal_int_widths
    }

    /// Whether `width` bits is a native integer width.
    pub fn is_legal_integer(&self, width: u64) -> bool {
        self.legal_int_widths.iter().any(|&w| u64::from(w) == width)
    }

    /// Whether some native integer width is at least `width` bits.
    pub fn fits_in_legal_integer(&self, width: u32) -> bool {
        self.legal_int_widths.iter().any(|&w| width <= u32::from(w))
    }

    /// The first native width (in the order written) of at least `width`
    /// bits (LLVM's `getSmallestLegalIntType`).
    pub fn smallest_legal_int_width(&self, width: u32) -> Option<u32> {
        self.legal_int_widths
            .iter()
            .map(|&w| u32::from(w))
            .find(|&w| width <= w)
    }

    /// The widest native integer width, or 0 when there is none.
    pub fn largest_legal_int_width(&self) -> u32 {
        self.legal_int_widths
            .iter()
            .copied()
            .max()
            .map_or(0, u32::from)
    }

    // ---- primitive alignments ------------------------------------------

    /// ABI alignment of `iN`: the spec of exactly N bits, else of the
    /// smallest wider specified width, else of the widest specified width.
    pub fn int_abi_align(&self, bits: u32) -> Align {
        self.int_spec(bits).abi
    }

    /// Preferred alignment of `iN`, found as for
    /// [`int_abi_align`](Self::int_abi_align).
    pub fn int_pref_align(&self, bits: u32) -> Align {
        self.int_spec(bits).pref
    }

    #[inline]
    pub(crate) fn int_spec(&self, bits: u32) -> &PrimitiveSpec {
        let i = self.int_specs.partition_point(|s| s.bits < bits);
        // Never empty: the defaults are always there (a spec can only
        // change an entry or add one).
        &self.int_specs[i.min(self.int_specs.len() - 1)]
    }

    /// The float or vector spec of exactly `bits`, if any.
    #[inline]
    pub(crate) fn exact_spec(specs: &[PrimitiveSpec], bits: u32) -> Option<&PrimitiveSpec> {
        let i = specs.partition_point(|s| s.bits < bits);
        specs.get(i).filter(|s| s.bits == bits)
    }

    /// ABI alignment from the aggregate spec (`a:<abi>`; default one byte).
    pub fn aggregate_abi_align(&self) -> Align {
        self.aggregate_abi
    }

    /// Preferred alignment from the aggregate spec (`a:<abi>:<pref>`;
    /// default 8 bytes).
    pub fn aggregate_pref_align(&self) -> Align {
        self.aggregate_pref
    }

    // ---- spec updates (parser only) ------------------------------------

    /// Sets the spec of one width, keeping `specs` sorted and unique.
    pub(super) fn set_primitive_spec(specs: &mut Vec<PrimitiveSpec>, spec: PrimitiveSpec) {
        let i = specs.partition_point(|s| s.bits < spec.bits);
        match specs.get_mut(i) {
            Some(s) if s.bits == spec.bits => *s = spec,
            _ => specs.insert(i, spec),
        }
    }

    /// Sets the spec of one address space, keeping `pointers` sorted and
    /// unique.
    pub(super) fn set_pointer_spec(&mut self, spec: PointerSpec) {
        let i = self
            .pointers
            .partition_point(|p| p.addr_space < spec.addr_space);
        match self.pointers.get_mut(i) {
            Some(p) if p.addr_space == spec.addr_space => *p = spec,
            _ => self.pointers.insert(i, spec),
        }
    }
}

impl Default for DataLayout {
    /// LLVM 19's defaults: the layout of `""`.
    fn default() -> Self {
        DataLayout {
            repr: "".into(),
            big_endian: false,
            alloca_as: 0,
            program_as: 0,
            globals_as: 0,
            stack_align: None,
            fn_ptr_align: None,
            fn_ptr_align_kind: FunctionPtrAlignKind::Independent,
            mangling: ManglingMode::None,
            legal_int_widths: Vec::new(),
            int_specs: DEFAULT_INT.to_vec(),
            float_specs: DEFAULT_FLOAT.to_vec(),
            vector_specs: DEFAULT_VECTOR.to_vec(),
            aggregate_abi: Align::ONE,
            aggregate_pref: Align::from_log2(3),
            pointers: vec![DEFAULT_POINTER],
            non_integral: Vec::new(),
        }
    }
}

impl PartialEq for DataLayout {
    /// The properties LLVM 19's `DataLayout::operator==` compares: not the
    /// string, and not the non-integral address spaces.
    fn eq(&self, other: &Self) -> bool {
        self.big_endian == other.big_endian
            && self.alloca_as == other.alloca_as
            && self.stack_align == other.stack_align
            && self.program_as == other.program_as
            && self.globals_as == other.globals_as
            && self.fn_ptr_align == other.fn_ptr_align
            && self.fn_ptr_align_kind == other.fn_ptr_align_kind
            && self.mangling == other.mangling
            && self.legal_int_widths == other.legal_int_widths
            && self.int_specs == other.int_specs
            && self.float_specs == other.float_specs
            && self.vector_specs == other.vector_specs
            && self.aggregate_abi == other.aggregate_abi
            && self.aggregate_pref == other.aggregate_pref
            && self.pointers == other.pointers
    }
}

impl Eq for DataLayout {}

impl fmt::Display for DataLayout {
    /// The string as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.repr)
    }
}

impl fmt::Debug for DataLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DataLayout({:?})", &*self.repr)
    }
}

impl FromStr for DataLayout {
    type Err = DataLayoutError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DataLayout::parse(s)
    }
}
