//! Types, uniqued in the [`Context`](crate::Context).
//!
//! Owns the [`Type`] handle, its payload [`TypeData`], the interning tables
//! and identified (named) struct bookkeeping, and the units sizes and
//! alignments are measured in ([`Align`], [`TypeSize`], `units.rs`: below
//! both instructions, which carry alignments, and `layout/`). It does not
//! own sizes or alignments of types (that is `layout/`, which needs a data
//! layout).
//!
//! Invariants: structurally equal literal types have the same [`Type`];
//! identified structs are nominal (each creation mints a new id); a type id is
//! never freed for the life of its context.

use crate::entity::plain_entity;

mod api;
mod display;
mod store;
mod table;
mod units;

pub use display::TypeDisplay;
#[allow(unused_imports)] // for the module and value printers
pub(crate) use display::{write_escaped, write_llvm_name, StructNumbering};
pub(crate) use store::TypeStore;
pub use units::{Align, TypeSize};

plain_entity!(
    /// A type, uniqued in its context. Compare with `==`: equal ids are equal
    /// types. Print it with [`Type::display`].
    Type
);

impl Type {
    /// Sentinel for vacant slots in the interning tables; never handed out.
    const NONE: Type = Type(crate::entity::NONE);
}

/// The kind and parameters of a [`Type`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    /// `void`
    Void,
    /// `label`
    Label,
    /// `metadata`
    Metadata,
    /// `token`
    Token,
    /// `half` (IEEE binary16)
    Half,
    /// `bfloat`
    BFloat,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `x86_fp80`
    X86Fp80,
    /// `fp128`
    Fp128,
    /// `ppc_fp128`
    PpcFp128,
    /// `x86_amx`
    X86Amx,
    /// `x86_mmx` (LLVM 19's MMX register type: 64 bits)
    X86Mmx,
    /// `iN`, N in `1..=2^23`
    Int(u32),
    /// opaque `ptr`, with its address space (`0..2^24`)
    Ptr(u32),
    /// `[N x T]`
    Array {
        /// The element type `T`.
        elem: Type,
        /// The length `N` (may be 0).
        len: u64,
    },
    /// `<N x T>` or `<vscale x N x T>`
    Vector {
        /// The element type `T`: an integer, floating-point or pointer type.
        elem: Type,
        /// The (minimum) length `N`, nonzero.
        len: u32,
        /// Whether the length is `vscale x N`.
        scalable: bool,
    },
    /// A literal struct `{ ... }` / `<{ ... }>` (structural).
    LiteralStruct {
        /// The element types.
        elems: Box<[Type]>,
        /// Whether it is packed (`<{ ... }>`).
        packed: bool,
    },
    /// An identified struct. The number is its position in the context's
    /// creation order (what
    /// [`Context::identified_structs`](crate::Context::identified_structs)
    /// yields), not a
    /// key: its name and body live in the struct table and may change
    /// (rename, set body), see [`Context::struct_name`](crate::Context::struct_name) and
    /// [`Context::struct_elements`](crate::Context::struct_elements).
    IdentifiedStruct(u32),
    /// `ret (params...)` or `ret (params..., ...)`
    Function {
        /// The return type.
        ret: Type,
        /// The parameter types.
        params: Box<[Type]>,
        /// Whether it takes a variable argument list (`...`).
        varargs: bool,
    },
    /// `target("name", types..., ints...)`
    TargetExt {
        /// The name, e.g. `aarch64.svcount` or `spirv.Image`.
        name: Box<str>,
        /// The type parameters.
        types: Box<[Type]>,
        /// The integer parameters.
        ints: Box<[u32]>,
    },
}

/// A type's kind, in the order of LLVM 19's `Type::TypeID`: what two types
/// must share before their parts are worth comparing (the linker's type
/// mapping asks this first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum TypeKind {
    /// `half`
    Half,
    /// `bfloat`
    BFloat,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `x86_fp80`
    X86Fp80,
    /// `fp128`
    Fp128,
    /// `ppc_fp128`
    PpcFp128,
    /// `void`
    Void,
    /// `label`
    Label,
    /// `metadata`
    Metadata,
    /// `x86_mmx`
    X86Mmx,
    /// `x86_amx`
    X86Amx,
    /// `token`
    Token,
    /// `iN`
    Integer,
    /// a function type
    Function,
    /// `ptr`
    Pointer,
    /// a literal or identified struct
    Struct,
    /// `[N x T]`
    Array,
    /// `<N x T>`
    FixedVector,
    /// `<vscale x N x T>`
    ScalableVector,
    /// `target(...)`
    TargetExt,
}

impl TypeData {
    /// The kind of this type (`Type::getTypeID`).
    pub fn kind(&self) -> TypeKind {
        match self {
            TypeData::Void => TypeKind::Void,
            TypeData::Label => TypeKind::Label,
            TypeData::Metadata => TypeKind::Metadata,
            TypeData::Token => TypeKind::Token,
            TypeData::Half => TypeKind::Half,
            TypeData::BFloat => TypeKind::BFloat,
            TypeData::Float => TypeKind::Float,
            TypeData::Double => TypeKind::Double,
            TypeData::X86Fp80 => TypeKind::X86Fp80,
            TypeData::Fp128 => TypeKind::Fp128,
            TypeData::PpcFp128 => TypeKind::PpcFp128,
            TypeData::X86Amx => TypeKind::X86Amx,
            TypeData::X86Mmx => TypeKind::X86Mmx,
            TypeData::Int(_) => TypeKind::Integer,
            TypeData::Ptr(_) => TypeKind::Pointer,
            TypeData::Array { .. } => TypeKind::Array,
            TypeData::Vector {
                scalable: false, ..
            } => TypeKind::FixedVector,
            TypeData::Vector { scalable: true, .. } => TypeKind::ScalableVector,
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => TypeKind::Struct,
            TypeData::Function { .. } => TypeKind::Function,
            TypeData::TargetExt { .. } => TypeKind::TargetExt,
        }
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    #[test]
    fn handle_sizes() {
        assert_eq!(core::mem::size_of::<Type>(), 4);
        assert_eq!(core::mem::size_of::<Option<Type>>(), 8); // no niche in a plain u32
        assert_eq!(core::mem::size_of::<TypeData>(), 56);
    }
}
