//! LLVM 19's intrinsic functions: ids, names, signatures, attributes.
//!
//! Owns the intrinsic table (`table.rs`, generated from libLLVM 19 by
//! `scripts/intrinsics-table.sh`: 13,937 intrinsics of every target) and
//! what LLVM's `Intrinsic::` namespace does with it: name lookup
//! (`lookup.rs`, `Function::lookupIntrinsicID`), the IIT descriptors of
//! the signatures (`descriptor.rs`), building and matching function types
//! (`signature.rs`, `Intrinsic::getType`, `matchIntrinsicSignature`), name
//! mangling of overload types (`mangle.rs`, `Intrinsic::getName`), and
//! attributes (`attrs.rs`, `Intrinsic::getAttributes`). It does not own
//! declaring an intrinsic in a module (`Context::intrinsic_declaration`,
//! in the builder, which needs the data layout's program address space),
//! calls, or the verifier's checks.
//!
//! A function knows its intrinsic id: it is looked up when the function is
//! named (`Function::updateAfterNameChange`) and kept in its
//! [`FunctionData`](super::function::FunctionData), so
//! [`Context::intrinsic_id`] is a load.
//!
//! ```
//! use lair::ir::intrinsics::IntrinsicId;
//! use lair::Context;
//!
//! let mut ctx = Context::new();
//! let m = ctx.create_module("m");
//! let id = IntrinsicId::lookup("llvm.umax.v4i32").unwrap();
//! assert_eq!(id, IntrinsicId::UMAX);
//! let v4i32 = {
//!     let i32t = ctx.i32_type();
//!     ctx.vector_type(i32t, 4)
//! };
//! let fty = ctx.intrinsic_type(id, &[v4i32]);
//! assert_eq!(fty.display(&ctx).to_string(), "<4 x i32> (<4 x i32>, <4 x i32>)");
//! assert_eq!(ctx.intrinsic_name(id, &[v4i32], m, None), "llvm.umax.v4i32");
//! assert_eq!(ctx.match_intrinsic_signature(id, fty), Ok(vec![v4i32]));
//! assert_eq!(
//!     id.attributes().fn_attrs().display_group(&ctx).to_string(),
//!     "nocallback nofree nosync nounwind speculatable willreturn memory(none)"
//! );
//! ```
//!
//! # The table
//!
//! Written from libLLVM 19 itself: `scripts/intrinsics-dump.cpp` prints each
//! intrinsic's name, overload flag, IIT descriptors
//! (`getIntrinsicInfoTableEntries`) and attributes
//! (`Intrinsic::getAttributes`); `scripts/intrinsics-table.py` writes
//! `table.rs`; `.ci/run` re-derives it with `--check`. [`IntrinsicId`] (2 B,
//! `Option` 2 B) is LLVM's enum value; the 478 target-independent ones have
//! constants (`IntrinsicId::MEMCPY`), the others are found by name.
//!
//! | table | bytes |
//! |---|---|
//! | names, concatenated, in id order | 367,376 |
//! | name ends (`u32`) | 55,748 |
//! | signature number (`u16`) per id; 2,370 distinct signatures, their starts (`u32`) and descriptor bytes | 27,874 + 9,484 + 33,919 |
//! | attribute list number (`u16`) per id; 380 lists of 96 sets | 27,874 + ~6,000 |
//! | overloaded bit per id | 1,743 |
//!
//! About 530 KB of static data (the release `lair` binary grows by 612 KB of
//! text and rodata with the code). The arrays are byte-string literals read
//! little-endian: as integer-array literals they cost `cargo check` 3.8 s; as
//! byte strings nothing measurable. A signature is its descriptors in a
//! 1-to-3-byte code (`descriptor.rs`), decoded into a `Vec<Descriptor>` per
//! query; attribute lists are built on first use into a process-wide
//! `OnceLock` and shared by reference count.
//!
//! # Queries
//!
//! * Lookup (`lookup.rs`) is `Function::lookupIntrinsicID`: the target
//!   sub-table named by the first component, then one binary search per
//!   dotted component with `strncmp` semantics, then "a suffix only on an
//!   overloaded intrinsic". O(components × log n), no allocation.
//!   `is_intrinsic` is LLVM's `isIntrinsic`: the `llvm.` prefix (unknown
//!   `llvm.*` names included).
//! * `add_function` gives an intrinsic's declaration its attributes, as
//!   LLVM's `Function` constructor; a later rename changes the id only.
//! * `intrinsic_type` is `Intrinsic::getType` and panics where LLVM asserts
//!   or crashes (too few overload types, the wider type of a `float`, ...).
//!   `match_intrinsic_signature` is `getIntrinsicSignature` with the reason
//!   of a failure (`SignatureMismatch::{Return, Argument, VarArg}`, what the
//!   verifier needs): LLVM's `matchIntrinsicType` with its deferred checks of
//!   forward references (blamed on the return type or a parameter by where
//!   they were deferred from, the `SameVecWidth` skip included). It compares
//!   types structurally, so it takes `&self`; where LLVM's release build
//!   computes a type from a nonsensical one (half an `i1`, the integer of a
//!   pointer's width, a 0-element vector), no lair type equals it and the
//!   match fails, as in LLVM.
//! * `intrinsic_name` is `Intrinsic::getName` with `getMangledTypeStr`; a
//!   name that mangles an unnamed struct gets `.N` from the module's
//!   `UniqueNames` (`getUniqueIntrinsicName`: one N per (intrinsic, function
//!   type), the first free or already-matching name).
//!
//! Deviations: lair has no `x86_mmx` type, so the 91 MMX intrinsics match no
//! function type and `intrinsic_type` refuses them (the oracle test skips
//! their 42 cases). LLVM crashes on an overload type with no mangling
//! (`token`); `intrinsic_name` panics. Checked by `tests/intrinsics.rs`
//! against libLLVM 19's answers (`scripts/intrinsics-oracle.cpp`): all 380
//! attribute lists as llvm-dis prints them, 4,170 name lookups, 25
//! manglings, and 6,589 function types matched against signatures (each
//! distinct overloaded signature and each distinct shape of the others,
//! then mutated for LLVM's `NoMatchRet`, `NoMatchArg` and varargs failures),
//! with the overload types, the mangled name and `getType` of every match.

mod attrs;
mod descriptor;
mod lookup;
mod mangle;
mod signature;
#[rustfmt::skip]
mod table;

pub use descriptor::{ArgKind, ArgRef, Descriptor};
pub(crate) use mangle::UniqueNames;
pub use signature::SignatureMismatch;

use super::attributes::AttributeList;
use super::Function;
use crate::Context;
use core::fmt;
use core::num::NonZeroU16;

/// An LLVM 19 intrinsic (LLVM's `Intrinsic::ID` without `not_intrinsic`):
/// 2 bytes, `Option<IntrinsicId>` too. The number is LLVM 19's enum
/// value. Target-independent intrinsics have named constants
/// ([`IntrinsicId::MEMCPY`]); any intrinsic is found by name with
/// [`IntrinsicId::lookup`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntrinsicId(NonZeroU16);

impl IntrinsicId {
    /// Id `n` of the table (`1..=COUNT`).
    const fn from_table(n: u32) -> IntrinsicId {
        assert!(
            n >= 1 && n as usize <= table::COUNT,
            "intrinsic id out of range"
        );
        match NonZeroU16::new(n as u16) {
            Some(x) => IntrinsicId(x),
            None => unreachable!(),
        }
    }

    fn index(self) -> usize {
        usize::from(self.0.get()) - 1
    }

    /// Every intrinsic, in id order (LLVM's: by target, then by name).
    pub fn all() -> impl ExactSizeIterator<Item = IntrinsicId> {
        (1..table::COUNT as u16 + 1).map(|n| IntrinsicId::from_table(u32::from(n)))
    }

    /// The intrinsic a function named `name` is, as LLVM 19's
    /// `Function::lookupIntrinsicID`: the longest intrinsic name that is
    /// `name` or a prefix of it followed by `.`, where a suffix is allowed
    /// only for an overloaded intrinsic (`llvm.umax.i32` is `umax`,
    /// `llvm.trap.x` is none). No check that the suffix is the right
    /// mangling: that is the verifier's. O(components × log n). The name
    /// is bytes (a `&str` or not UTF-8), as LLVM's names are.
    pub fn lookup(name: impl AsRef<[u8]>) -> Option<IntrinsicId> {
        lookup::lookup(name.as_ref())
    }

    /// The name without overload suffixes (`Intrinsic::getBaseName`):
    /// `llvm.memcpy`.
    pub fn name(self) -> &'static str {
        let i = self.index();
        let start = if i == 0 {
            0
        } else {
            le32(table::NAME_END, i - 1)
        };
        &table::NAMES[start..le32(table::NAME_END, i)]
    }

    /// The target this intrinsic belongs to (`x86`, `aarch64`, ...; empty
    /// for a target-independent one).
    pub fn target(self) -> &'static str {
        let n = self.0.get();
        table::TARGETS
            .iter()
            .find(|&&(_, first, count)| n >= first && n - first < count)
            .map_or("", |t| t.0)
    }

    /// Whether its signature has overloaded types, so its name carries
    /// their manglings (`Intrinsic::isOverloaded`).
    pub fn is_overloaded(self) -> bool {
        let n = usize::from(self.0.get());
        table::OVERLOADED[n / 8] & (1 << (n % 8)) != 0
    }

    /// Its signature: the IIT descriptors of the return type, the
    /// parameters, then `VarArg` for a variadic intrinsic
    /// (`Intrinsic::getIntrinsicInfoTableEntries`).
    pub fn descriptors(self) -> Vec<Descriptor> {
        let s = le16(table::SIGNATURE, self.index());
        let bytes = &table::SIG_BYTES[le32(table::SIG_START, s)..le32(table::SIG_START, s + 1)];
        let mut out = Vec::with_capacity(bytes.len());
        descriptor::decode(bytes, &mut out);
        out
    }

    /// Its attributes (`Intrinsic::getAttributes`): what a declaration
    /// made through the API or read from `.ll` text carries. Built once
    /// per process; the sets are shared.
    pub fn attributes(self) -> &'static AttributeList {
        attrs::list(le16(table::ATTR_LIST, self.index()))
    }
}

/// Little-endian `u32` number `i` of `bytes`.
fn le32(bytes: &[u8], i: usize) -> usize {
    let b = &bytes[4 * i..4 * i + 4];
    u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize
}

/// Little-endian `u16` number `i` of `bytes`.
fn le16(bytes: &[u8], i: usize) -> usize {
    usize::from(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]))
}

impl fmt::Display for IntrinsicId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for IntrinsicId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IntrinsicId({})", self.name())
    }
}

/// # Intrinsics
///
/// Which functions are intrinsics, their types and mangled names.
impl Context {
    /// The intrinsic `f` is, from its name (`Function::getIntrinsicID`):
    /// `None` for a function whose name is not an intrinsic's, including
    /// an unknown `llvm.*` name. O(1): kept up to date when `f` is named.
    pub fn intrinsic_id(&self, f: Function) -> Option<IntrinsicId> {
        self.fdata("Context::intrinsic_id", f).intrinsic
    }

    /// Whether `f`'s name starts with `llvm.` (`Function::isIntrinsic`):
    /// true also for unknown `llvm.*` names, which LLVM reserves.
    pub fn is_intrinsic(&self, f: Function) -> bool {
        self.name_bytes(f).is_some_and(|n| n.starts_with(b"llvm."))
    }

    /// `v` as a function that is a known intrinsic, with its id.
    pub fn as_intrinsic(&self, v: crate::Value) -> Option<(Function, IntrinsicId)> {
        let f = self.as_function(v)?;
        Some((f, self.intrinsic_id(f)?))
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<IntrinsicId>(), 2);
        assert_eq!(core::mem::size_of::<Option<IntrinsicId>>(), 2);
        assert_eq!(core::mem::size_of::<Descriptor>(), 12);
    }
}
