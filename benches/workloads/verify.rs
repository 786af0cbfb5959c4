//! `verify` (WORKLOADS.md): LLVM 19's verifier over the whole module.
//!
//! Parses its own module in setup and times `Context::verify_module` over
//! it, reusing that module across repetitions (the verifier does not change
//! it). Untimed check: the module verifies clean, with every repetition
//! giving the same verdict.

use crate::{measure, report, Opts, Sample};
use lair::asm::parse::parse_module;
use lair::Context;

/// Runs `verify`.
pub fn verify(opts: &Opts) {
    let src = match std::fs::read_to_string(&opts.input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("verify: {}: {e}", opts.input);
            return;
        }
    };
    let mut ctx = Context::new();
    let m = match parse_module(&mut ctx, &src, &opts.input) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("verify: {e}");
            return;
        }
    };
    let mut samples: Vec<Sample> = Vec::new();
    for _ in 0..opts.reps() {
        let (sample, result) = measure(|| ctx.verify_module(m));
        samples.push(sample);
        // check, untimed
        assert!(
            result.is_ok(),
            "verify: the verifier rejects the input: {}",
            result.first().map(|e| e.message()).unwrap_or_default()
        );
    }
    report("verify", src.len(), &samples, false);
}
