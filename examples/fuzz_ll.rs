//! A stable-Rust fuzzer for the `.ll` parser: mutates seed modules with the
//! deterministic xorshift mutator of `tests/support/mutate.rs` and parses
//! each mutant; an accepted one is printed, its print parsed again (it
//! must parse and print the same: a fixed point) and its use lists
//! checked. A panic is a bug, and so is a parse that takes more than a
//! second.
//!
//! ```text
//! cargo run --release --example fuzz_ll -- [ITERATIONS] [SEED] FILE.ll...
//! ```
//!
//! With no files it fuzzes `tests/data/ll/*.ll` and
//! `tests/data/ll/older/*.ll`. `tests/parse.rs` runs a short version of
//! the same idea in `cargo test`.

use lair::asm::parse::parse_module_bytes;
use lair::Context;
use std::time::Instant;

#[path = "../tests/support/mutate.rs"]
mod mutate;
use mutate::{mutate, XorShift};

fn strip_preds(s: &str) -> String {
    s.lines()
        .map(|l| l.find("; preds = ").map_or(l, |i| l[..i].trim_end()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn exercise(bytes: &[u8]) -> Result<bool, String> {
    let mut ctx = Context::new();
    match parse_module_bytes(&mut ctx, bytes, "fuzz.ll") {
        Ok(m) => {
            let printed = ctx.print_module(m);
            ctx.check_use_lists()?;
            let mut again = Context::new();
            let m2 = again
                .parse_assembly(&printed, "fuzz.ll")
                .map_err(|e| format!("the printed module does not parse: {e}"))?;
            if strip_preds(&again.print_module(m2)) != strip_preds(&printed) {
                return Err("printing is not a fixed point".into());
            }
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
        for dir in ["tests/data/ll", "tests/data/ll/older"] {
            let dir = format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"));
            if let Ok(entries) = std::fs::read_dir(dir) {
                for e in entries.flatten() {
                    if e.path().extension().is_some_and(|x| x == "ll") {
                        args.push(e.path().to_string_lossy().into_owned());
                    }
                }
            }
        }
        args.sort();
    }
    let seeds: Vec<Vec<u8>> = args.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    if seeds.is_empty() {
        eprintln!("fuzz_ll: no seed files");
        std::process::exit(2);
    }
    let mut rng = XorShift(seed | 1);
    let start = Instant::now();
    let (mut slowest, mut accepted) = (0u128, 0usize);
    for i in 0..iterations {
        let m = mutate(&mut rng, &seeds[i % seeds.len()]);
        let t = Instant::now();
        let r = std::panic::catch_unwind(|| exercise(&m))
            .unwrap_or_else(|_| Err("panicked".to_string()));
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
                let path = format!("fuzz-failure-{i}.ll");
                let _ = std::fs::write(&path, &m);
                eprintln!("fuzz_ll: iteration {i}: {e}; input saved to {path}");
                std::process::exit(1);
            }
        }
        slowest = slowest.max(us);
    }
    eprintln!(
        "fuzz_ll: {iterations} mutants of {} seeds in {:.1} s ({accepted} parsed), slowest {slowest} us, no failures",
        seeds.len(),
        start.elapsed().as_secs_f64()
    );
}
