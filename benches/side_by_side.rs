//! Side-by-side workloads against LLVM's C++ IR core.
//!
//! Follows `../shared/bench/WORKLOADS.md`: one line per workload on stdout,
//! `workload=<name> n=<N> ns=<best> bytes=<bytes or 0>`, notes on stderr.
//! Each area's workloads live in `benches/workloads/<area>.rs`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

mod workloads;

/// Counts the live total of requested heap bytes (alloc +size, dealloc
/// -size, realloc +new -old), as WORKLOADS.md asks of the Rust side.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// The trait is `unsafe` to implement; this crate forbids `unsafe` in the
// library only. Every call is forwarded unchanged to `System`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        // SAFETY: `p` was allocated by `System` with layout `l`.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new as isize - l.size() as isize, Ordering::Relaxed);
        // SAFETY: `p` was allocated by `System` with layout `l`.
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Live heap bytes right now.
pub fn live_bytes() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// Options shared by every workload.
pub struct Opts {
    /// `--quick`: N / 10 and 3 repetitions.
    pub quick: bool,
    /// `--input FILE.ll` for the file workloads.
    pub input: String,
    /// `--serial-parse` (ours only): `parse_ll` parses on one thread
    /// (`parse_module_serial`) instead of lexing on a second one.
    pub serial_parse: bool,
}

impl Opts {
    /// Scales a default N by `--quick`.
    pub fn n(&self, default: usize) -> usize {
        if self.quick {
            default / 10
        } else {
            default
        }
    }
    /// Number of repetitions.
    pub fn reps(&self) -> usize {
        if self.quick {
            3
        } else {
            5
        }
    }
}

/// One measured repetition: the timed part's wall time and heap growth.
pub struct Sample {
    /// Nanoseconds of the timed part.
    pub ns: u128,
    /// Heap growth across the timed part (0 where the workload reports none).
    pub bytes: isize,
}

/// Times `f` and measures the heap growth across it.
pub fn measure<R>(f: impl FnOnce() -> R) -> (Sample, R) {
    let b0 = live_bytes();
    let t = Instant::now();
    let r = f();
    let ns = t.elapsed().as_nanos();
    let bytes = live_bytes() - b0;
    (Sample { ns, bytes }, r)
}

/// Prints the contract line: best time, bytes of the last repetition.
pub fn report(name: &str, n: usize, samples: &[Sample], with_bytes: bool) {
    let best = samples.iter().map(|s| s.ns).min().unwrap_or(0);
    let bytes = if with_bytes {
        samples.last().map_or(0, |s| s.bytes.max(0))
    } else {
        0
    };
    println!("workload={name} n={n} ns={best} bytes={bytes}");
}

fn main() {
    let mut quick = false;
    let mut serial_parse = false;
    let mut only: Option<String> = None;
    let mut input = String::from("../shared/corpus/sqlite3-O0.ll");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--serial-parse" => serial_parse = true,
            "--only" => only = args.next(),
            "--input" => {
                if let Some(v) = args.next() {
                    input = v;
                }
            }
            _ => {} // cargo passes `--bench`; unknown flags are ignored
        }
    }
    let opts = Opts {
        quick,
        input,
        serial_parse,
    };
    for (name, run) in workloads::ALL {
        if only.as_deref().is_none_or(|o| o == *name) {
            run(&opts);
        }
    }
}
