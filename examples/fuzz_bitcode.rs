//! A stable-Rust fuzzer for the bitcode reader: mutates seed files with the
//! deterministic xorshift mutator of `tests/support/mutate.rs` and reads
//! each mutant with `read_bitcode`; an accepted one is also printed and its
//! use lists checked. A panic is a bug, and so are a read that takes more
//! than a second three times in a row and a single allocation, made while reading, larger than
//! [`alloc_limit`] of the input (a length field trusted).
//!
//! ```text
//! cargo run --release --example fuzz_bitcode -- [ITERATIONS] [SEED] FILE.bc...
//! ```
//!
//! With no files it fuzzes `../shared/corpus/stress-*.bc` and
//! `bzip2-g.bc` (debug-info metadata) and `bzip2-O2.bc` (optimised code). `tests/bitcode.rs` runs a short
//! version of the same loop in `cargo test`.

use lair::bitcode::read_bitcode;
use lair::Context;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

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

#[path = "../tests/support/mutate.rs"]
mod mutate;
use mutate::{mutate, XorShift};

/// [`exercise_inner`], a panic turned into a failure (so that the input is
/// saved).
fn exercise(bytes: &[u8]) -> Result<bool, String> {
    std::panic::catch_unwind(|| exercise_inner(bytes))
        .unwrap_or_else(|_| Err("the reader panicked".to_string()))
}

fn exercise_inner(bytes: &[u8]) -> Result<bool, String> {
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
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let iterations: usize = if args.first().is_some_and(|a| a.parse::<usize>().is_ok()) {
        args.remove(0).parse().unwrap_or(10_000)
    } else {
        10_000
    };
    let seed: u64 = if args.first().is_some_and(|a| a.parse::<u64>().is_ok()) {
        args.remove(0).parse().unwrap_or(1)
    } else {
        0x9e37_79b9_7f4a_7c15
    };
    if args.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if (name.starts_with("stress-") && name.ends_with(".bc"))
                    || name == "bzip2-g.bc"
                    || name == "bzip2-O2.bc"
                {
                    args.push(e.path().to_string_lossy().into_owned());
                }
            }
        }
        args.sort();
    }
    let seeds: Vec<Vec<u8>> = args.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    if seeds.is_empty() {
        eprintln!("fuzz_bitcode: no seed files");
        std::process::exit(2);
    }
    let mut rng = XorShift(seed | 1);
    let start = Instant::now();
    let (mut slowest, mut accepted) = (0u128, 0usize);
    for i in 0..iterations {
        let m = mutate(&mut rng, &seeds[i % seeds.len()]);
        let t = Instant::now();
        let r = exercise(&m);
        let mut us = t.elapsed().as_micros();
        // A slow read on a loaded machine is timed again (twice) before it
        // counts as a hang: a real one is slow every time.
        for _ in 0..2 {
            if us <= 1_000_000 {
                break;
            }
            let t = Instant::now();
            let _ = exercise(&m);
            us = us.min(t.elapsed().as_micros());
        }
        let r = r.and_then(|ok| {
            if us > 1_000_000 {
                Err(format!("took {us} us"))
            } else {
                Ok(ok)
            }
        });
        match r {
            Ok(ok) => accepted += usize::from(ok),
            Err(e) => {
                let path = format!("fuzz-failure-{i}.bc");
                let _ = std::fs::write(&path, &m);
                eprintln!("fuzz_bitcode: iteration {i}: {e}; input saved to {path}");
                std::process::exit(1);
            }
        }
        slowest = slowest.max(us);
    }
    eprintln!(
        "fuzz_bitcode: {iterations} mutants of {} seeds in {:.1} s ({accepted} read), slowest {slowest} us, largest allocation {} bytes, no failures",
        seeds.len(),
        start.elapsed().as_secs_f64(),
        LARGEST_READ.load(Ordering::Relaxed)
    );
}
