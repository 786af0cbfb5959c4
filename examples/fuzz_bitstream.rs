//! A stable-Rust fuzzer for the bitstream reader, writer and dump: mutates
//! seed files with a deterministic xorshift generator and runs every entry
//! point on each mutant. A panic is a bug; so is a copy that does not read
//! back to the same counts, or that is not a fixed point of copying.
//!
//! ```text
//! cargo run --release --example fuzz_bitstream -- [ITERATIONS] [SEED] FILE.bc...
//! ```
//!
//! With no files it fuzzes `../shared/corpus/stress-*.bc`. `tests/bitstream.rs`
//! runs a short version of the same loop in `cargo test`.

use lair::bitstream::{copy_stream, dump, walk};
use std::time::Instant;

#[path = "../tests/support/mutate.rs"]
mod mutate;
#[path = "../tests/support/slow_walk.rs"]
mod slow_walk;
use mutate::{mutate, XorShift};
use slow_walk::slow_walk;

fn exercise(bytes: &[u8]) -> Result<(), String> {
    let walked = walk(bytes);
    match (&walked, slow_walk(bytes)) {
        (Ok(a), Ok(b)) if (a.blocks, a.records, a.abbrevs, a.checksum) == b => {}
        (Err(a), Err(b)) if *a == b => {}
        (a, b) => return Err(format!("the walks disagree: {a:?} against {b:?}")),
    }
    let _ = lair::bitstream::walk::count(bytes);
    let mut out = Vec::new();
    let _ = dump(bytes, &mut out);
    if let Ok(copy) = copy_stream(bytes) {
        if let (Ok(a), Ok(b)) = (&walked, walk(&copy)) {
            if (a.blocks, a.records, a.abbrevs, a.checksum)
                != (b.blocks, b.records, b.abbrevs, b.checksum)
            {
                return Err("the copy reads back differently".into());
            }
        }
        if copy_stream(&copy).ok().as_deref() != Some(&copy[..]) {
            return Err("copying the copy changes it".into());
        }
    }
    Ok(())
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
                if name.starts_with("stress-") && name.ends_with(".bc") {
                    args.push(e.path().to_string_lossy().into_owned());
                }
            }
        }
    }
    let seeds: Vec<Vec<u8>> = args.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    if seeds.is_empty() {
        eprintln!("fuzz_bitstream: no seed files");
        std::process::exit(2);
    }
    let mut rng = XorShift(seed | 1);
    let start = Instant::now();
    let mut slowest = 0u128;
    for i in 0..iterations {
        let m = mutate(&mut rng, &seeds[i % seeds.len()]);
        let t = Instant::now();
        if let Err(e) = exercise(&m) {
            let path = format!("fuzz-failure-{i}.bc");
            let _ = std::fs::write(&path, &m);
            eprintln!("fuzz_bitstream: iteration {i}: {e}; input saved to {path}");
            std::process::exit(1);
        }
        slowest = slowest.max(t.elapsed().as_micros());
    }
    eprintln!(
        "fuzz_bitstream: {iterations} mutants of {} seeds in {:.1} s, slowest {slowest} us, no failures",
        seeds.len(),
        start.elapsed().as_secs_f64()
    );
}
