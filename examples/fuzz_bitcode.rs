//! A stable-Rust fuzzer for the bitcode reader: mutates seed files with the
//! deterministic xorshift mutator of `tests/support/mutate.rs` and reads
//! each mutant with `read_bitcode`; an accepted one is also printed and its
//! use lists checked. A panic is a bug, and so are a read that takes more
//! than a second and a single allocation made while reading larger than
//! [`alloc_limit`] of the input (a length field trusted).
//!
//! ```text
//! cargo run --release --example fuzz_bitcode -- [ITERATIONS] [SEED] FILE.bc...
//! ```
//!
//! With no files it fuzzes `../shared/corpus/stress-*.bc`, `bzip2-g.bc`
//! (debug-info metadata) and `bzip2-O2.bc` (optimised code).
//! `tests/bitcode.rs` runs a short version of the same loop in `cargo
//! test`.

use lair::bitcode::read_bitcode;
use lair::Context;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

#[path = "support/fuzz_driver.rs"]
mod fuzz_driver;
use fuzz_driver::{files_in, run, Fuzzer};

/// Records the largest single request (allocation or reallocation size)
/// since the last [`take_largest`].
struct Largest;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

// The trait is `unsafe` to implement; the library forbids `unsafe`, this
// example does not. Every call is forwarded unchanged to `System`.
unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LARGEST.fetch_max(l.size(), Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        LARGEST.fetch_max(l.size(), Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: `p` was allocated by `System` with layout `l`.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        LARGEST.fetch_max(new, Ordering::Relaxed);
        // SAFETY: `p` was allocated by `System` with layout `l`.
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static GLOBAL: Largest = Largest;

/// The largest single request made by a read, over the run.
static LARGEST_READ: AtomicUsize = AtomicUsize::new(0);

/// The largest single request since the last call.
fn take_largest() -> usize {
    LARGEST.swap(0, Ordering::Relaxed)
}

/// The largest single allocation a read of `len` bytes may make: the
/// reader bounds every count by the bits left, so a few hundred bytes of
/// tables per input byte at most, plus the context's fixed tables.
fn alloc_limit(len: usize) -> usize {
    (16 << 20) + 1024 * len
}

fn exercise(bytes: &[u8]) -> Result<bool, String> {
    let mut ctx = Context::new();
    take_largest();
    let read = read_bitcode(&mut ctx, bytes);
    let largest = take_largest();
    LARGEST_READ.fetch_max(largest, Ordering::Relaxed);
    if largest > alloc_limit(bytes.len()) {
        return Err(format!(
            "an allocation of {largest} bytes reading {} bytes",
            bytes.len()
        ));
    }
    match read {
        Ok(m) => {
            let _ = ctx.print_module(m);
            ctx.check_use_lists()?;
            Ok(true)
        }
        Err(e) => {
            if e.message.is_empty() {
                return Err("an error without a message".into());
            }
            Ok(false)
        }
    }
}

fn main() {
    let fuzzer = Fuzzer {
        name: "fuzz_bitcode",
        ext: "bc",
        accepted: "read",
    };
    run(
        &fuzzer,
        || {
            files_in(
                concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"),
                |n| {
                    (n.starts_with("stress-") && n.ends_with(".bc"))
                        || n == "bzip2-g.bc"
                        || n == "bzip2-O2.bc"
                },
            )
        },
        exercise,
    );
    eprintln!(
        "fuzz_bitcode: largest allocation while reading: {} bytes",
        LARGEST_READ.load(Ordering::Relaxed)
    );
}
