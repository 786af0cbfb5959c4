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

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(rng: &mut XorShift, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(8) {
        if v.is_empty() {
            v.push(rng.next() as u8);
            continue;
        }
        let i = rng.below(v.len());
        match rng.below(7) {
            0 => v[i] ^= 1 << rng.below(8),
            1 => v[i] = rng.next() as u8,
            2 => v.insert(i, rng.next() as u8),
            3 => {
                v.remove(i);
            }
            4 => {
                let j = rng.below(v.len());
                let (a, b) = (i.min(j), i.max(j));
                let chunk = v[a..b.min(a + 64)].to_vec();
                v.splice(i..i, chunk);
            }
            5 => {
                // Overwrite a 32-bit word with an interesting value.
                let w: u32 = [0, 1, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff][rng.below(5)];
                let at = i & !3;
                if at + 4 <= v.len() {
                    v[at..at + 4].copy_from_slice(&w.to_le_bytes());
                }
            }
            _ => v.truncate(i.max(4)),
        }
    }
    v
}

fn exercise(bytes: &[u8]) -> Result<(), String> {
    let walked = walk(bytes);
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
