//! Types, uniqued in the [`Context`](crate::Context).
//!
//! Owns the [`Type`] handle, its payload [`TypeData`], the interning tables
//! and identified (named) struct bookkeeping. It does not own sizes or
//! alignments (that is `layout/`, which needs a data layout).
//!
//! Invariants: structurally equal literal types have the same [`Type`];
//! identified structs are nominal (each creation mints a new id); a type id is
//! never freed for the life of its context.

use crate::entity::plain_entity;

plain_entity!(
    /// A type, uniqued in its context. Compare with `==`: equal ids are equal
    /// types. Print it with [`Type::display`].
    Type
);

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
    /// `iN`, N in `1..=2^23`
    Int(u32),
    /// opaque `ptr`, with its address space (`0..2^24`)
    Ptr(u32),
    /// `[N x T]`
    Array { elem: Type, len: u64 },
    /// `<N x T>` or `<vscale x N x T>`
    Vector { elem: Type, len: u32, scalable: bool },
    /// A literal struct `{ ... }` / `<{ ... }>` (structural).
    LiteralStruct { elems: Box<[Type]>, packed: bool },
    /// An identified struct; its name and body live in the struct table and
    /// may change (set_body, rename), so they are not part of the key.
    IdentifiedStruct(u32),
    /// `ret (params...)` or `ret (params..., ...)`
    Function { ret: Type, params: Box<[Type]>, varargs: bool },
    /// `target("name", types..., ints...)`
    TargetExt { name: Box<str>, types: Box<[Type]>, ints: Box<[u32]> },
}

/// Interning tables for types. (Being written; see issue 2.)
pub(crate) struct TypeStore {}

impl TypeStore {
    pub(crate) fn new() -> Self {
        TypeStore {}
    }
}
