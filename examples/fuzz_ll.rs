//! A stable-Rust fuzzer for the `.ll` parser: mutates seed modules with the
//! deterministic xorshift mutator of `tests/support/mutate.rs` and parses
//! each mutant; an accepted one is printed, its print parsed again (it
//! must parse and print the same, a fixed point, unless the verifier
//! refuses the module as LLVM's would) and its use lists checked. A panic is a bug, and so is a parse that takes more than a
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

#[path = "support/fuzz_driver.rs"]
mod fuzz_driver;
use fuzz_driver::{files_in, run, Fuzzer};

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
            let m2 = match again.parse_assembly(&printed, "fuzz.ll") {
                Ok(m2) => m2,
                // LLVM's printer has the same gap for IR its verifier
                // refuses (`!DIModule(name: "")` prints without the
                // required `name`): only valid IR must print to a parse.
                Err(_) if !ctx.verify_module(m).is_ok() => return Ok(true),
                Err(e) => return Err(format!("the printed module does not parse: {e}")),
            };
            // Nor is a fixed point owed for such IR: an instruction after a
            // terminator starts an unnamed block when read back, in LLVM's
            // parser as in ours (`opt-19 -disable-verify -S` splits it too).
            if strip_preds(&again.print_module(m2)) != strip_preds(&printed)
                && ctx.verify_module(m).is_ok()
            {
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
    let fuzzer = Fuzzer {
        name: "fuzz_ll",
        ext: "ll",
        accepted: "parsed",
    };
    run(
        &fuzzer,
        || {
            let root = env!("CARGO_MANIFEST_DIR");
            let ll = |n: &str| n.ends_with(".ll");
            let mut seeds = files_in(&format!("{root}/tests/data/ll"), ll);
            seeds.extend(files_in(&format!("{root}/tests/data/ll/older"), ll));
            seeds
        },
        exercise,
    );
}
