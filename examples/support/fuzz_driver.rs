//! The loop the `fuzz_*` examples share: the command line
//! `[ITERATIONS] [SEED] FILE...`, the seed files (the example's defaults
//! when none are named), mutants from `tests/support/mutate.rs`, and the
//! verdict. A mutant fails when `exercise` returns an error, panics, or
//! takes more than a second three times in a row; the first failure is saved as
//! `fuzz-failure-<iteration>.<ext>` and the process exits with 1.

#[path = "../../tests/support/mutate.rs"]
mod mutate;
use mutate::{mutate, XorShift};
use std::time::Instant;

/// What one fuzzer is: its name in messages, the extension of saved
/// failures, and the word for an input `exercise` accepted ("parsed").
pub struct Fuzzer<'a> {
    pub name: &'a str,
    pub ext: &'a str,
    pub accepted: &'a str,
}

/// The files in `dir` whose names satisfy `keep`, sorted, so that a seed
/// reproduces a run whatever order the directory lists them in.
pub fn files_in(dir: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| keep(&e.file_name().to_string_lossy()))
        .map(|e| e.path().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// Runs the fuzzer on this process's arguments; `exercise` returns whether
/// the mutant was accepted, or what is wrong.
pub fn run(
    f: &Fuzzer,
    default_seeds: impl FnOnce() -> Vec<String>,
    exercise: impl Fn(&[u8]) -> Result<bool, String>,
) {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let iterations: usize = match args.first().and_then(|a| a.parse().ok()) {
        Some(n) => {
            args.remove(0);
            n
        }
        None => 10_000,
    };
    let seed: u64 = match args.first().and_then(|a| a.parse().ok()) {
        Some(s) => {
            args.remove(0);
            s
        }
        None => 0x9e37_79b9_7f4a_7c15,
    };
    if args.is_empty() {
        args = default_seeds();
    }
    let seeds: Vec<Vec<u8>> = args.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    if seeds.is_empty() {
        eprintln!("{}: no seed files", f.name);
        std::process::exit(2);
    }
    let mut rng = XorShift(seed | 1);
    let start = Instant::now();
    let (mut slowest, mut accepted) = (0u128, 0usize);
    for i in 0..iterations {
        let m = mutate(&mut rng, &seeds[i % seeds.len()]);
        let t = Instant::now();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| exercise(&m)))
            .unwrap_or_else(|_| Err("panicked".to_string()));
        let mut us = t.elapsed().as_micros();
        // A slow mutant is timed again (twice) before it counts as a hang:
        // on a shared machine a pause is not the input's doing.
        for _ in 0..2 {
            if us <= 1_000_000 || r.is_err() {
                break;
            }
            let t = Instant::now();
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| exercise(&m)));
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
                let path = format!("fuzz-failure-{i}.{}", f.ext);
                let _ = std::fs::write(&path, &m);
                eprintln!("{}: iteration {i}: {e}; input saved to {path}", f.name);
                std::process::exit(1);
            }
        }
        slowest = slowest.max(us);
    }
    eprintln!(
        "{}: {iterations} mutants of {} seeds in {:.1} s ({accepted} {}), slowest {slowest} us, no failures",
        f.name,
        seeds.len(),
        start.elapsed().as_secs_f64(),
        f.accepted,
    );
}
