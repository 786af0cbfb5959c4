//! `parse_ll` and `print_ll` (WORKLOADS.md): textual IR in and out.
//!
//! `parse_ll`: timed from the `.ll` text in memory to the parsed module
//! (a fresh context per repetition, created outside the clock; no
//! verification; inputs of 1 MiB and more lex on a second thread unless
//! `--serial-parse` is given). `print_ll`: parses its own module in setup and times
//! printing the whole module to a string, reusing that module across
//! repetitions. Untimed checks: every repetition parses to the same
//! printed size, and printing is deterministic.

use crate::{measure, report, Opts, Sample};
use lair::asm::parse::{parse_module, parse_module_serial};
use lair::Context;

fn load(opts: &Opts, name: &str) -> Option<String> {
    match std::fs::read_to_string(&opts.input) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!("{name}: {}: {e}", opts.input);
            None
        }
    }
}

/// Runs `parse_ll`.
pub fn parse_ll(opts: &Opts) {
    let Some(src) = load(opts, "parse_ll") else {
        return;
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut sizes = Vec::new();
    for _ in 0..opts.reps() {
        let mut ctx = Context::new(); // setup
        let parse = if opts.serial_parse {
            parse_module_serial
        } else {
            parse_module
        };
        let (sample, m) = measure(|| parse(&mut ctx, &src, &opts.input));
        let m = match m {
            Ok(m) => m,
            Err(e) => {
                eprintln!("parse_ll: {e}");
                return;
            }
        };
        samples.push(sample);
        sizes.push(ctx.print_module(m).len()); // check, untimed
        drop(ctx); // teardown, untimed
    }
    assert!(
        sizes.windows(2).all(|w| w[0] == w[1]),
        "parse_ll: repetitions disagree"
    );
    report("parse_ll", src.len(), &samples, true);
}

/// Runs `print_ll`.
pub fn print_ll(opts: &Opts) {
    let Some(src) = load(opts, "print_ll") else {
        return;
    };
    let mut ctx = Context::new();
    let m = match parse_module(&mut ctx, &src, &opts.input) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("print_ll: {e}");
            return;
        }
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut first: Option<String> = None;
    for _ in 0..opts.reps() {
        let (sample, text) = measure(|| ctx.print_module(m));
        samples.push(sample);
        match &first {
            None => first = Some(text),
            Some(f) => assert!(*f == text, "print_ll: printing is not deterministic"),
        }
    }
    let n = first.map_or(0, |t| t.len());
    eprintln!("print_ll: {n} bytes printed");
    report("print_ll", src.len(), &samples, false);
}
