//! LLVM 19 attributes as plain Rust values.
//!
//! Owns the attribute model: the closed kind table ([`AttrKind`], `kind.rs`),
//! attribute values ([`Attribute`], `attr.rs`), the structured payloads of
//! int and range attributes with their parsers ([`MemoryEffects`],
//! [`FpClassMask`], ... in `values.rs`), sets and per-function lists
//! ([`AttributeSet`], [`AttributeList`], `set.rs`) and their exact
//! `llvm-dis` 19 spelling (`print.rs`). It does not own where attribute
//! lists live (functions and calls), the numbering of `#N` groups (the module
//! printer) or the `.ll` token grammar around an attribute (the parser).
//!
//! Nothing is interned: sets are small sorted slices behind a shared
//! reference count (cheap to clone), compared and hashed by value, so a
//! printer groups equal function sets into `#N` groups with a hash map.
//!
//! ```
//! use lair::ir::attributes::{Attribute, AttributeSet, AttrKind};
//! use lair::Context;
//!
//! let ctx = Context::new();
//! let mut set = AttributeSet::new();
//! set.add(Attribute::string("frame-pointer", "all"));
//! set.add(Attribute::parse(AttrKind::Memory, Some("argmem: read")).unwrap());
//! set.add(Attribute::Enum(AttrKind::NoUnwind));
//! set.add(Attribute::align_stack(16));
//! assert_eq!(
//!     set.display_group(&ctx).to_string(),
//!     r#"nounwind memory(argmem: read) alignstack=16 "frame-pointer"="all""#
//! );
//! ```
//!
//! # Representation
//!
//! One `attr_kinds!` table from LLVM 19's `Attributes.td`, in
//! `Attributes.inc` order: 92 kinds whose discriminant is LLVM's enum value,
//! so `Ord` is the print order. [`Attribute`] (16 B) is `Enum`, `Int(kind,
//! u64)` in LLVM's encodings, `Type`, `Range`, `Initializes` or `String`
//! (raw bytes). [`AttributeSet`] (16 B) is `Option<Arc<[Attribute]>>` sorted
//! by kind then key, one per kind and key (`from_sorted` keeps it); a clone
//! is a reference count, so a `#0` group merged into thousands of functions
//! is stored once. [`AttributeList`] (16 B) is `Option<Arc<[AttributeSet]>>`,
//! `[fn, ret, p0, ...]` with trailing empty sets trimmed, likewise shared
//! (the call sites given one bitcode attribute list share it). `Attribute::parse` and the `parse_*`
//! functions never panic and give llvm-as 19's messages. Printing follows
//! llvm-dis 19, with one deviation: a string key with `"`, `\` or non-UTF-8
//! bytes is escaped, since LLVM's raw output does not parse back.

mod attr;
mod kind;
mod print;
mod set;
mod values;

pub use attr::{Attribute, StringAttr};
pub use kind::{AttrClass, AttrKind, AttrPosition, AttrPositions};
#[allow(unused_imports)] // for the module printer, being written
pub(crate) use print::{write_attr, write_set_numbered};
pub use print::{AttrSyntax, AttributeDisplay, AttributeSetDisplay};
pub(crate) use set::insert_sorted;
pub use set::{AttrIndex, AttributeList, AttributeSet};
pub use values::{
    legacy_memory_keyword, pack_allocsize, pack_vscale_range, parse_allockind, parse_allocsize,
    parse_initializes, parse_memory_effects, parse_nofpclass, parse_range, parse_uwtable,
    parse_vscale_range, unpack_allocsize, unpack_vscale_range, AllocFnKind, ConstantRange,
    FpClassMask, MemLocation, MemoryEffects, ModRef, RangeList, UwTableKind,
};

use crate::types::{Type, TypeData};

/// LLVM's `AttributeFuncs::typeIncompatible`: whether `k` cannot apply to
/// a value of type `t`. Used by the verifier (`Attribute ... applied to
/// incompatible type!`) and by the bitcode reader, which drops such
/// attributes as LLVM's does (`UpgradeFunctionAttributes`).
pub(crate) fn type_incompatible(ctx: &crate::Context, t: Type, k: AttrKind) -> bool {
    use AttrKind as K;
    let int = ctx.is_integer(t);
    let ptr = ctx.is_ptr(t);
    match k {
        K::AllocAlign | K::SExt | K::ZExt => !int,
        K::Range => !ctx.is_int_or_int_vector(t),
        K::NoAlias
        | K::NoCapture
        | K::NonNull
        | K::ReadNone
        | K::ReadOnly
        | K::Dereferenceable
        | K::DereferenceableOrNull
        | K::Writable
        | K::DeadOnUnwind
        | K::Initializes
        | K::Nest
        | K::SwiftError
        | K::Preallocated
        | K::InAlloca
        | K::ByVal
        | K::StructRet
        | K::ByRef
        | K::ElementType
        | K::AllocatedPointer => !ptr,
        K::Alignment => !ctx.is_ptr_or_ptr_vector(t),
        K::NoFpClass => !nofpclass_compatible(ctx, t),
        K::NoUndef => ctx.is_void(t),
        _ => false,
    }
}

/// LLVM's `isNoFPClassCompatibleType`: FP or FP vectors, through arrays.
fn nofpclass_compatible(ctx: &crate::Context, mut t: Type) -> bool {
    while let TypeData::Array { elem, .. } = ctx.type_data(t) {
        t = *elem;
    }
    ctx.is_fp_or_fp_vector(t)
}

#[cfg(test)]
mod size_tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Attribute>(), 16);
        assert_eq!(core::mem::size_of::<AttributeSet>(), 16);
        assert_eq!(core::mem::size_of::<AttributeList>(), 16);
        assert_eq!(core::mem::size_of::<AttrKind>(), 1);
    }
}
