//! One attribute value: [`Attribute`] and [`StringAttr`], their
//! constructors, accessors and the `.ll` value parser [`Attribute::parse`].
//!
//! Does not own the kind table (`kind.rs`), the structured values
//! (`values.rs`), sets (`set.rs`) or printing (`print.rs`).

use super::kind::{AttrClass, AttrKind};
use super::values::{
    parse_allockind, parse_allocsize, parse_initializes, parse_memory_effects, parse_nofpclass,
    parse_range, parse_uwtable, parse_vscale_range, AllocFnKind, ConstantRange, FpClassMask,
    MemoryEffects, RangeList, UwTableKind,
};
use crate::Type;

/// An attribute: a kind with its value, or a string attribute.
///
/// A plain value, 16 bytes; cheap to clone for all but string and range
/// attributes (one allocation each). Build well-formed values through the
/// constructors ([`Attribute::align`], [`Attribute::memory`], ...) or
/// [`Attribute::parse`]; the variants are public for matching.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// An enum attribute (`nounwind`): a kind of [`AttrClass::Enum`].
    Enum(AttrKind),
    /// An int attribute (`align 8`, `memory(read)`): a kind of
    /// [`AttrClass::Int`] and its LLVM-encoded value (bytes for `align`,
    /// `alignstack` and `dereferenceable*`; packed for `allocsize` and
    /// `vscale_range`; the bits of [`MemoryEffects`], [`FpClassMask`],
    /// [`AllocFnKind`], [`UwTableKind`]).
    Int(AttrKind, u64),
    /// A type attribute (`byval(%struct.S)`): a kind of [`AttrClass::Type`].
    Type(AttrKind, Type),
    /// `range(iN lo, hi)` ([`AttrKind::Range`]).
    Range(Box<ConstantRange>),
    /// `initializes((lo, hi), ...)` ([`AttrKind::Initializes`]).
    Initializes(Box<RangeList>),
    /// A string attribute `"key"="value"` (`"key"` when the value is
    /// empty).
    String(Box<StringAttr>),
}

/// The key and value of a string attribute, as raw bytes (LLVM allows any
/// bytes; `.ll` text escapes them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StringAttr {
    key: Box<[u8]>,
    value: Box<[u8]>,
}

impl StringAttr {
    /// The key.
    pub fn key(&self) -> &[u8] {
        &self.key
    }

    /// The value (empty for a key-only attribute).
    pub fn value(&self) -> &[u8] {
        &self.value
    }
}

impl Attribute {
    /// A string attribute `"key"="value"`.
    pub fn string(key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Attribute {
        Attribute::String(Box::new(StringAttr {
            key: key.as_ref().into(),
            value: value.as_ref().into(),
        }))
    }

    /// `align <bytes>` (a power of two).
    pub fn align(bytes: u64) -> Attribute {
        Attribute::Int(AttrKind::Alignment, bytes)
    }

    /// `alignstack(<bytes>)` (a power of two).
    pub fn align_stack(bytes: u64) -> Attribute {
        Attribute::Int(AttrKind::StackAlignment, bytes)
    }

    /// `dereferenceable(<bytes>)`.
    pub fn dereferenceable(bytes: u64) -> Attribute {
        Attribute::Int(AttrKind::Dereferenceable, bytes)
    }

    /// `dereferenceable_or_null(<bytes>)`.
    pub fn dereferenceable_or_null(bytes: u64) -> Attribute {
        Attribute::Int(AttrKind::DereferenceableOrNull, bytes)
    }

    /// `memory(...)`.
    pub fn memory(effects: MemoryEffects) -> Attribute {
        Attribute::Int(AttrKind::Memory, effects.bits())
    }

    /// `nofpclass(...)`.
    pub fn nofpclass(mask: FpClassMask) -> Attribute {
        Attribute::Int(AttrKind::NoFpClass, mask.bits())
    }

    /// `allockind("...")`.
    pub fn allockind(kind: AllocFnKind) -> Attribute {
        Attribute::Int(AttrKind::AllocKind, kind.bits())
    }

    /// `uwtable` / `uwtable(sync)`.
    pub fn uwtable(kind: UwTableKind) -> Attribute {
        Attribute::Int(AttrKind::UwTable, kind as u64)
    }

    /// `allocsize(elem)` / `allocsize(elem,num)`.
    pub fn allocsize(elem: u32, num: Option<u32>) -> Attribute {
        Attribute::Int(
            AttrKind::AllocSize,
            super::values::pack_allocsize(elem, num),
        )
    }

    /// `vscale_range(min,max)`; `None` is unbounded (printed as 0).
    pub fn vscale_range(min: u32, max: Option<u32>) -> Attribute {
        Attribute::Int(
            AttrKind::VScaleRange,
            super::values::pack_vscale_range(min, max),
        )
    }

    /// `range(...)`.
    pub fn range(range: ConstantRange) -> Attribute {
        Attribute::Range(Box::new(range))
    }

    /// `initializes(...)`.
    pub fn initializes(list: RangeList) -> Attribute {
        Attribute::Initializes(Box::new(list))
    }

    /// The kind, or `None` for a string attribute.
    pub fn kind(&self) -> Option<AttrKind> {
        match self {
            Attribute::Enum(k) | Attribute::Int(k, _) | Attribute::Type(k, _) => Some(*k),
            Attribute::Range(_) => Some(AttrKind::Range),
            Attribute::Initializes(_) => Some(AttrKind::Initializes),
            Attribute::String(_) => None,
        }
    }

    /// The string attribute's key and value, if this is one.
    pub fn as_string(&self) -> Option<&StringAttr> {
        match self {
            Attribute::String(s) => Some(s),
            _ => None,
        }
    }

    /// The int value, if this is an int attribute.
    pub fn int_value(&self) -> Option<u64> {
        match self {
            Attribute::Int(_, v) => Some(*v),
            _ => None,
        }
    }

    /// The type, if this is a type attribute.
    pub fn type_value(&self) -> Option<Type> {
        match self {
            Attribute::Type(_, t) => Some(*t),
            _ => None,
        }
    }

    /// Whether adding this attribute to a set is a no-op in LLVM
    /// (`AttrBuilder` drops it): `vscale_range` packed as 0, `uwtable` of
    /// kind none, empty `nofpclass`, `align`/`alignstack`/`dereferenceable*`
    /// of 0 bytes.
    pub fn is_noop(&self) -> bool {
        matches!(
            self,
            Attribute::Int(
                AttrKind::VScaleRange
                    | AttrKind::UwTable
                    | AttrKind::NoFpClass
                    | AttrKind::Alignment
                    | AttrKind::StackAlignment
                    | AttrKind::Dereferenceable
                    | AttrKind::DereferenceableOrNull,
                0
            )
        )
    }

    /// Builds the attribute of `kind` from the text inside its parentheses,
    /// as the `.ll` parser finds it: `args` is `None` for a bare keyword
    /// (`nounwind`, `uwtable`), else e.g. `"argmem: read"` for `memory`,
    /// `"8"` for `align 8` / `align(8)` / `align=8`, `"\"alloc,free\""`
    /// (quotes included) for `allockind`, `"i32 0, 10"` for `range`.
    ///
    /// Type attributes need a type from the caller: build them with
    /// [`Attribute::Type`]; this returns an error for them.
    pub fn parse(kind: AttrKind, args: Option<&str>) -> Result<Attribute, String> {
        let name = kind.name();
        match kind.class() {
            AttrClass::Enum => match args {
                None => Ok(Attribute::Enum(kind)),
                Some(_) => Err(format!("attribute '{name}' takes no arguments")),
            },
            AttrClass::Type => Err(format!("type attribute '{name}' needs a type")),
            AttrClass::ConstantRange => Ok(Attribute::range(parse_range(required(args)?)?)),
            AttrClass::ConstantRangeList => {
                Ok(Attribute::initializes(parse_initializes(required(args)?)?))
            }
            AttrClass::Int => {
                if kind == AttrKind::UwTable && args.is_none() {
                    return Ok(Attribute::uwtable(UwTableKind::Async));
                }
                let text = required(args)?;
                let value = match kind {
                    AttrKind::Alignment => {
                        let v = parse_u64(text)?;
                        check_alignment(v, "alignment is not a power of two")?
                    }
                    AttrKind::StackAlignment => {
                        let v = parse_u64(text)?;
                        check_alignment(v, "stack alignment is not a power of two")?
                    }
                    AttrKind::Dereferenceable | AttrKind::DereferenceableOrNull => {
                        match parse_u64(text)? {
                            0 => return Err("dereferenceable bytes must be non-zero".into()),
                            v => v,
                        }
                    }
                    AttrKind::AllocKind => {
                        let t = text.trim();
                        let inner = t
                            .strip_prefix('"')
                            .and_then(|s| s.strip_suffix('"'))
                            .ok_or_else(|| "expected allockind value".to_string())?;
                        parse_allockind(inner)?.bits()
                    }
                    AttrKind::AllocSize => parse_allocsize(text)?,
                    AttrKind::VScaleRange => parse_vscale_range(text)?,
                    AttrKind::Memory => parse_memory_effects(text)?.bits(),
                    AttrKind::NoFpClass => parse_nofpclass(text)?.bits(),
                    AttrKind::UwTable => parse_uwtable(text)? as u64,
                    _ => parse_u64(text)?,
                };
                Ok(Attribute::Int(kind, value))
            }
        }
    }
}

fn required(args: Option<&str>) -> Result<&str, String> {
    args.ok_or_else(|| "expected '('".to_string())
}

fn parse_u64(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected integer".into());
    }
    t.parse::<u64>()
        .map_err(|_| "expected 64-bit integer (too large)".to_string())
}

fn check_alignment(v: u64, not_pow2: &str) -> Result<u64, String> {
    if !v.is_power_of_two() {
        return Err(not_pow2.into());
    }
    if v > 1 << 32 {
        return Err("huge alignments are not supported yet".into());
    }
    Ok(v)
}
