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

#[path = "support/fuzz_driver.rs"]
mod fuzz_driver;
use fuzz_driver::{files_in, run, Fuzzer};

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
    let fuzzer = Fuzzer {
        name: "fuzz_bitcode",
        ext: "bc",
        accepted: "read",
    };
    run(
        &fuzzer,
        || {
            files_in(
                concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"),
                |n| (n.starts_with("stress-") && n.ends_with(".bc")) || n == "bzip2-g.bc",
            )
        },
        exercise,
    );
}
