//! Profiling aid for the `.ll` parser: parses one file once, with no
//! printing or verification, and reports the time on stderr. Instruction
//! counts in DESIGN.md come from
//! `valgrind --tool=callgrind target/release/examples/parse_once FILE.ll`.

use lair::asm::parse::parse_module;
use lair::Context;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse_once FILE.ll");
        std::process::exit(2);
    };
    let src = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let mut ctx = Context::new();
    let t = std::time::Instant::now();
    let r = parse_module(&mut ctx, &src, &path);
    let dt = t.elapsed();
    match r {
        Ok(_) => eprintln!("parsed in {dt:?}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    // The context's teardown is not part of what is measured.
    std::mem::forget(ctx);
}
