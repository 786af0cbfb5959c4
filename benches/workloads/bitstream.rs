//! `bitstream_walk` (WORKLOADS.md): the `read_bc` bitcode walked with the
//! generic bitstream reader, building no IR.
//!
//! Untimed: loading the `.bc` next to the `--input` `.ll`, a fresh record
//! buffer per repetition, and the checks (the walk ends exactly at the end
//! of the stream; the check walk, which skips records, counts the same
//! blocks, records and code sum; every repetition counts the same).

use crate::{measure, report, Opts, Sample};
use lair::bitstream::{walk, Record};

/// The bitcode of `input`: the same path with `.bc` for `.ll`.
fn bitcode_path(input: &str) -> String {
    match input.strip_suffix(".ll") {
        Some(stem) => format!("{stem}.bc"),
        None => input.to_string(),
    }
}

/// Runs `bitstream_walk`.
pub fn bitstream_walk(opts: &Opts) {
    let path = bitcode_path(&opts.input);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bitstream_walk: {path}: {e}");
            return;
        }
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut first: Option<walk::WalkStats> = None;
    for _ in 0..opts.reps() {
        let mut rec = Record::with_capacity(64); // setup: the record buffer
        let (sample, stats) = measure(|| walk::walk_with(&bytes, &mut rec));
        let stats = match stats {
            Ok(s) => s,
            Err(e) => {
                eprintln!("bitstream_walk: {path}: {e}");
                return;
            }
        };
        samples.push(sample);
        match first {
            None => first = Some(stats),
            Some(f) => assert_eq!(f, stats, "bitstream_walk: repetitions disagree"),
        }
    }
    let Some(s) = first else { return };
    assert_eq!(
        s.end_bit, s.stream_bits,
        "bitstream_walk: walk stopped before the end of the stream"
    );
    let check = walk::count(&bytes).expect("bitstream_walk: check walk failed");
    assert_eq!(
        check.end_bit, check.stream_bits,
        "bitstream_walk: check walk stopped early"
    );
    assert_eq!(
        (check.blocks, check.records, check.code_sum),
        (s.blocks, s.records, s.code_sum),
        "bitstream_walk: the check walk counts differently"
    );
    eprintln!(
        "bitstream_walk: {} blocks, {} records, {} abbreviation definitions, checksum {}",
        s.blocks, s.records, s.abbrevs, s.checksum
    );
    report("bitstream_walk", bytes.len(), &samples, false);
}
