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

#[path = "support/fuzz_driver.rs"]
mod fuzz_driver;
#[path = "../tests/support/slow_walk.rs"]
mod slow_walk;
use fuzz_driver::{files_in, run, Fuzzer};
use slow_walk::slow_walk;

fn exercise(bytes: &[u8]) -> Result<bool, String> {
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
    Ok(walked.is_ok())
}

fn main() {
    let fuzzer = Fuzzer {
        name: "fuzz_bitstream",
        ext: "bc",
        accepted: "walked",
    };
    run(
        &fuzzer,
        || {
            files_in(
                concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"),
                |n| n.starts_with("stress-") && n.ends_with(".bc"),
            )
        },
        exercise,
    );
}
