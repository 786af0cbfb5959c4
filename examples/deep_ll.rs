//! Prints a module nesting one construct N levels deep (`.ci/run` checks
//! `lair fmt`, `lair as` and `lair dis` of them against LLVM 19).
//!
//! ```text
//! cargo run --release --example deep_ll -- KIND N   # KIND: see --list
//! cargo run --release --example deep_ll -- --list
//! ```

#[path = "../tests/support/deep.rs"]
mod deep;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [l] if l == "--list" => {
            for k in deep::KINDS {
                println!("{k}");
            }
        }
        [kind, n] if deep::KINDS.contains(&kind.as_str()) => {
            let n: usize = n.parse().expect("N: a number");
            print!("{}", deep::deep_module(kind, n));
        }
        _ => {
            eprintln!("usage: deep_ll KIND N | deep_ll --list");
            std::process::exit(2);
        }
    }
}
