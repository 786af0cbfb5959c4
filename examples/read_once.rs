//! Profiling aid for the bitcode reader: reads one `.bc` file once, with no
//! printing or verification, and reports the time on stderr
//! (`valgrind --tool=callgrind target/release/examples/read_once FILE.bc`).

use lair::bitcode::read_bitcode;
use lair::Context;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: read_once FILE.bc");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let mut ctx = Context::new();
    let t = std::time::Instant::now();
    let r = read_bitcode(&mut ctx, &bytes);
    let dt = t.elapsed();
    match r {
        Ok(_) => eprintln!("read in {dt:?}"),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
