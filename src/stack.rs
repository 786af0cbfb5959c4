//! Stack growth for recursion whose depth the input decides.
//!
//! Types, constants and metadata nest as deep as a module says (LLVM 19
//! reads 10,000 levels). Every recursive walk over them (parser, printer,
//! uniquing, layout, folding, verifier, bitcode, linker) calls [`deep`] at
//! its recursive entry, so a walk never overflows the caller's stack,
//! whatever its size (a `cargo test` thread has 2 MiB): when less than
//! [`RED_ZONE`] is left, the closure runs on a new [`SEGMENT`] of heap
//! stack (`stacker`). The check is a comparison against a thread-local
//! limit. Depth itself is bounded by the parsers (`asm::parse::MAX_DEPTH`,
//! the bitcode reader's own checks), so memory stays bounded too.

/// Stack left below which [`deep`] switches to a new segment; larger than
/// any single frame chain between two [`deep`] calls.
pub(crate) const RED_ZONE: usize = 256 * 1024;

/// Size of each new stack segment.
pub(crate) const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, on a new stack segment when the current one is nearly used up.
#[inline]
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
