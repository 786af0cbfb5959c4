//! The IIT descriptors of an intrinsic's signature (LLVM's
//! `Intrinsic::IITDescriptor`) and their byte code in the table.
//!
//! Owns [`Descriptor`], [`ArgKind`], [`ArgRef`] and the decoder of
//! `table.rs`'s signature bytes. Does not own what the descriptors mean
//! for types (`signature.rs`).
//!
//! A signature is the return type's descriptors, then each parameter's,
//! then `VarArg` for a variadic intrinsic; a vector descriptor is followed
//! by its element's, a struct's by its elements', a `SameVecWidth` by its
//! element's. The byte code (one kind byte, then 0 to 2 payload bytes):
//!
//! ```text
//! 0 void  1 varargs  2 x86_mmx  3 x86_amx  4 token  5 metadata  6 half
//! 7 bfloat  8 float  9 double  10 fp128  11 ppc_fp128  12 aarch64.svcount
//! 13 iN [N]          14 <N x> [N lo, N hi]  15 <vscale x N x> [N lo, N hi]
//! 16 ptr addrspace(A) [A]                   17 struct of N [N]
//! 18 argument  19 extend  20 truncate  21 half-vector  22 same-vector-width
//! 23 vector-element  24 subdivide-2  25 subdivide-4  26 vector-of-bitcasts
//!    [index << 3 | kind]
//! 27 vector of pointers to element [overload index, reference index]
//! ```

/// The constraint on an overloaded type (LLVM's `IITDescriptor::ArgKind`,
/// the `AK_*` values).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// `llvm_any_ty`: any type.
    Any,
    /// `llvm_anyint_ty`: an integer or a vector of integers.
    AnyInteger,
    /// `llvm_anyfloat_ty`: a floating-point type or a vector of them.
    AnyFloat,
    /// `llvm_anyvector_ty`: any vector.
    AnyVector,
    /// `llvm_anyptr_ty`: any pointer.
    AnyPointer,
    /// `LLVMMatchType<N>`: the same type as overload `N`.
    MatchType,
}

impl ArgKind {
    fn from_code(k: u8) -> ArgKind {
        match k {
            0 => ArgKind::Any,
            1 => ArgKind::AnyInteger,
            2 => ArgKind::AnyFloat,
            3 => ArgKind::AnyVector,
            4 => ArgKind::AnyPointer,
            7 => ArgKind::MatchType,
            _ => unreachable!("intrinsic table: argument kind {k}"),
        }
    }
}

/// A reference to an overloaded type: its index in the list of overload
/// types, and the constraint.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArgRef {
    /// The overload type's index.
    pub index: u32,
    /// The constraint on it (`MatchType` for a later use of it).
    pub kind: ArgKind,
}

/// One descriptor of an intrinsic signature (LLVM's
/// `Intrinsic::IITDescriptor`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Descriptor {
    /// `void` (a return type).
    Void,
    /// The trailing `...` of a variadic intrinsic.
    VarArg,
    /// `x86_mmx`.
    Mmx,
    /// `x86_amx`.
    Amx,
    /// `token`.
    Token,
    /// `metadata`.
    Metadata,
    /// `half`.
    Half,
    /// `bfloat`.
    BFloat,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `fp128`.
    Quad,
    /// `ppc_fp128`.
    PpcQuad,
    /// `target("aarch64.svcount")`.
    AArch64Svcount,
    /// `iN`.
    Integer(u32),
    /// A vector of `len` (times `vscale` if `scalable`) of the next
    /// descriptor's type.
    Vector {
        /// The (minimum) element count.
        len: u32,
        /// Whether the count is `vscale x len`.
        scalable: bool,
    },
    /// `ptr addrspace(N)`.
    Pointer(u32),
    /// A literal struct of the next `N` descriptors' types.
    Struct(u32),
    /// An overloaded type (first use) or a reference to one
    /// ([`ArgKind::MatchType`]).
    Argument(ArgRef),
    /// The overload type with integer elements twice as wide.
    Extend(ArgRef),
    /// The overload type with elements half as wide.
    Trunc(ArgRef),
    /// The overload vector type with half as many elements.
    HalfVec(ArgRef),
    /// A vector with the element count of the overload vector type, of the
    /// next descriptor's type (that type itself when the overload is not a
    /// vector).
    SameVecWidth(ArgRef),
    /// The element type of the overload vector type.
    VecElement(ArgRef),
    /// The overload vector type with twice the elements, half as wide.
    Subdivide2(ArgRef),
    /// [`Subdivide2`](Descriptor::Subdivide2) applied twice.
    Subdivide4(ArgRef),
    /// The overload vector type with its elements as integers of their
    /// width.
    VecOfBitcastsToInt(ArgRef),
    /// An overloaded vector of pointers (overload `overload`) with the
    /// element count of overload `reference`.
    VecOfAnyPtrsToElt {
        /// Its own overload index.
        overload: u32,
        /// The overload it takes its element count from.
        reference: u32,
    },
}

/// Decodes one signature's bytes into descriptors.
pub(super) fn decode(bytes: &[u8], out: &mut Vec<Descriptor>) {
    use Descriptor as D;
    let mut i = 0;
    while i < bytes.len() {
        let k = bytes[i];
        let p = |n: usize| bytes[i + n];
        let arg = |n: usize| ArgRef {
            index: u32::from(bytes[i + n] >> 3),
            kind: ArgKind::from_code(bytes[i + n] & 7),
        };
        let (d, len) = match k {
            0 => (D::Void, 1),
            1 => (D::VarArg, 1),
            2 => (D::Mmx, 1),
            3 => (D::Amx, 1),
            4 => (D::Token, 1),
            5 => (D::Metadata, 1),
            6 => (D::Half, 1),
            7 => (D::BFloat, 1),
            8 => (D::Float, 1),
            9 => (D::Double, 1),
            10 => (D::Quad, 1),
            11 => (D::PpcQuad, 1),
            12 => (D::AArch64Svcount, 1),
            13 => (D::Integer(u32::from(p(1))), 2),
            14 | 15 => (
                D::Vector {
                    len: u32::from(p(1)) | u32::from(p(2)) << 8,
                    scalable: k == 15,
                },
                3,
            ),
            16 => (D::Pointer(u32::from(p(1))), 2),
            17 => (D::Struct(u32::from(p(1))), 2),
            18 => (D::Argument(arg(1)), 2),
            19 => (D::Extend(arg(1)), 2),
            20 => (D::Trunc(arg(1)), 2),
            21 => (D::HalfVec(arg(1)), 2),
            22 => (D::SameVecWidth(arg(1)), 2),
            23 => (D::VecElement(arg(1)), 2),
            24 => (D::Subdivide2(arg(1)), 2),
            25 => (D::Subdivide4(arg(1)), 2),
            26 => (D::VecOfBitcastsToInt(arg(1)), 2),
            27 => (
                D::VecOfAnyPtrsToElt {
                    overload: u32::from(p(1)),
                    reference: u32::from(p(2)),
                },
                3,
            ),
            _ => unreachable!("intrinsic table: descriptor code {k}"),
        };
        out.push(d);
        i += len;
    }
}
