//! A stable-Rust fuzzer for the bitcode reader: mutates seed files with the
//! deterministic xorshift mutator of `tests/support/mutate.rs` and reads
//! each mutant with `read_bitcode`; an accepted one is also printed and its
//! use lists checked. A panic is a bug, and so is a read that takes more
//! than a second.
//!
//! ```text
//! cargo run --release --example fuzz_bitcode -- [ITERATIONS] [SEED] FILE.bc...
//! ```
//!
//! With no files it fuzzes `../shared/corpus/stress-*.bc` and
//! `bzip2-g.bc` (debug-info metadata). `tests/bitcode.rs` runs a short
//! version of the same loop in `cargo test`.

use lair::bitcode::read_bitcode;
use lair::Context;
use std::time::Instant;

#[path = "../tests/support/mutate.rs"]
mod mutate;
use mutate::{mutate, XorShift};

fn exercise(bytes: &[u8]) -> Result<bool, String> {
    let mut ctx = Context::new();
    match read_bitcode(&mut ctx, bytes) {
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
                if (name.starts_with("stress-") && name.ends_with(".bc")) || name == "bzip2-g.bc" {
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
        let us = t.elapsed().as_micros();
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
        "fuzz_bitcode: {iterations} mutants of {} seeds in {:.1} s ({accepted} read), slowest {slowest} us, no failures",
        seeds.len(),
        start.elapsed().as_secs_f64()
    );
}
