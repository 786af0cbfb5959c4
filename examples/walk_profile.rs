//! Runs the `bitstream_walk` traversal over a bitcode file N times and
//! prints the counts and the fastest walk's wall time: the driver for
//! instruction counts (`valgrind --tool=callgrind` with N = 1) and for A/B
//! timings of the walk alone.
//!
//! `cargo run --release --example walk_profile -- FILE.bc [N]`

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: walk_profile FILE.bc [N]");
        std::process::exit(2);
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("walk_profile: {path}: {e}");
            std::process::exit(1);
        }
    };
    let mut rec = lair::bitstream::Record::with_capacity(64);
    let mut best = u128::MAX;
    let mut stats = None;
    for _ in 0..n {
        let t = std::time::Instant::now();
        let s = lair::bitstream::walk::walk_with(&bytes, &mut rec);
        best = best.min(t.elapsed().as_nanos());
        match s {
            Ok(s) => stats = Some(s),
            Err(e) => {
                eprintln!("walk_profile: {path}: {e}");
                std::process::exit(1);
            }
        }
    }
    if let Some(s) = stats {
        println!(
            "{} blocks, {} records, {} abbreviation definitions, checksum {}; best of {n}: {:.3} ms",
            s.blocks,
            s.records,
            s.abbrevs,
            s.checksum,
            best as f64 / 1e6
        );
    }
}
