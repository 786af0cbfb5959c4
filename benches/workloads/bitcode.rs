//! `read_bc` (WORKLOADS.md): the bitcode `llvm-as` writes (the `.bc` next
//! to the `--input` `.ll`) read into a fully materialized module, without
//! verification.
//!
//! Untimed: loading the bytes, a fresh context per repetition, the check
//! (every repetition prints the same number of bytes) and the teardown.

use crate::{measure, report, Opts, Sample};
use lair::bitcode::read_bitcode;
use lair::Context;

/// Runs `read_bc`.
pub fn read_bc(opts: &Opts) {
    let path = match opts.input.strip_suffix(".ll") {
        Some(stem) => format!("{stem}.bc"),
        None => opts.input.clone(),
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("read_bc: {path}: {e}");
            return;
        }
    };
    let n = std::fs::metadata(&opts.input).map_or(bytes.len() as u64, |m| m.len());
    let mut samples: Vec<Sample> = Vec::new();
    let mut sizes = Vec::new();
    for _ in 0..opts.reps() {
        let mut ctx = Context::new(); // setup
        let (sample, m) = measure(|| read_bitcode(&mut ctx, &bytes));
        let m = match m {
            Ok(m) => m,
            Err(e) => {
                eprintln!("read_bc: {path}: {e}");
                return;
            }
        };
        samples.push(sample);
        sizes.push(ctx.print_module(m).len()); // check, untimed
        drop(ctx); // teardown, untimed
    }
    assert!(
        sizes.windows(2).all(|w| w[0] == w[1]),
        "read_bc: repetitions disagree"
    );
    report("read_bc", n as usize, &samples, true);
}
