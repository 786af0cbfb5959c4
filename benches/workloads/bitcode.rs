//! `read_bc` (WORKLOADS.md): the bitcode `llvm-as` writes (the `.bc` next
//! to the `--input` `.ll`) read into a fully materialized module, without
//! verification.
//!
//! Untimed: loading the bytes, a fresh context per repetition, the check
//! (every repetition prints the same number of bytes) and the teardown.
//!
//! `write_bc`: the parsed `--input` module (parsed once, in setup) written
//! to a fresh buffer per repetition, without use-list order (LLVM's API
//! default). Untimed: the parse and the check (every repetition writes
//! the same bytes).

use crate::{measure, report, Opts, Sample};
use lair::asm::parse::parse_module;
use lair::bitcode::{read_bitcode, write_bitcode, WriteOptions};
use lair::Context;

/// Runs `write_bc`.
pub fn write_bc(opts: &Opts) {
    let src = match std::fs::read_to_string(&opts.input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("write_bc: {}: {e}", opts.input);
            return;
        }
    };
    let mut ctx = Context::new();
    let m = match parse_module(&mut ctx, &src, &opts.input) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("write_bc: {e}");
            return;
        }
    };
    let options = WriteOptions::default();
    let mut samples: Vec<Sample> = Vec::new();
    let mut first: Option<Vec<u8>> = None;
    for _ in 0..opts.reps() {
        let (sample, out) = measure(|| {
            let mut out = Vec::new();
            write_bitcode(&ctx, m, &mut out, &options).map(|()| out)
        });
        let out = match out {
            Ok(o) => o,
            Err(e) => {
                eprintln!("write_bc: {}: {e}", opts.input);
                return;
            }
        };
        samples.push(sample);
        match &first {
            None => first = Some(out),
            Some(f) => assert!(*f == out, "write_bc: writing is not deterministic"),
        }
    }
    let n = first.map_or(0, |b| b.len());
    eprintln!("write_bc: {n} bytes written");
    report("write_bc", src.len(), &samples, false);
}

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
