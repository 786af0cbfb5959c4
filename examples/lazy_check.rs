//! Lazy bodies equal the eager read: for each `.bc` named, the module read
//! with [`LazyModule`] and every body materialized (`materialize_all`)
//! prints as the eagerly read module, byte for byte (`; preds` and so
//! use-list order included); materialized one function at a time in
//! reverse order it prints the same instructions (`; preds` aside: use
//! lists follow the order bodies are read). Exits 1 naming the first file
//! that differs. `.ci/run` runs it on the corpus; `tests/bitcode.rs`
//! checks two modules in `cargo test`.
//!
//! ```text
//! cargo run --release --example lazy_check -- FILE.bc...
//! ```

use lair::bitcode::{read_bitcode_named, LazyModule};
use lair::ir::Module;
use lair::Context;

/// The text after the `; ModuleID` line.
fn body(text: &str) -> &str {
    text.split_once('\n').map_or(text, |x| x.1)
}

fn without_preds(s: &str) -> String {
    s.lines()
        .map(|l| l.split("; preds").next().unwrap_or(l).trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Prints the module `bytes` holds after `read` builds it in a fresh
/// context.
fn print_with(
    bytes: &[u8],
    read: impl FnOnce(&mut Context, &[u8]) -> Result<Module, String>,
) -> Result<String, String> {
    let mut ctx = Context::new();
    let m = read(&mut ctx, bytes)?;
    ctx.check_use_lists()?;
    Ok(ctx.print_module(m))
}

fn check(path: &str) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let eager = print_with(&bytes, |ctx, b| {
        read_bitcode_named(ctx, b, "m.bc").map_err(|e| format!("eager read: {e}"))
    })?;
    let mut count = 0;
    let all = print_with(&bytes, |ctx, b| {
        let mut lazy =
            LazyModule::open_named(ctx, b, "m.bc").map_err(|e| format!("lazy open: {e}"))?;
        let fs: Vec<_> = lazy.context().functions(lazy.module()).collect();
        count = fs.iter().filter(|&&f| lazy.is_materializable(f)).count();
        lazy.materialize_all()
            .map_err(|e| format!("materialize_all: {e}"))?;
        if let Some(f) = fs.iter().find(|&&f| lazy.is_materializable(f)) {
            return Err(format!("{f:?} still materializable after materialize_all"));
        }
        Ok(lazy.module())
    })?;
    if body(&all) != body(&eager) {
        return Err(first_difference("materialize_all", &eager, &all));
    }
    let reversed = print_with(&bytes, |ctx, b| {
        let mut lazy =
            LazyModule::open_named(ctx, b, "m.bc").map_err(|e| format!("lazy open: {e}"))?;
        let fs: Vec<_> = lazy.context().functions(lazy.module()).collect();
        for &f in fs.iter().rev() {
            lazy.materialize(f)
                .map_err(|e| format!("materialize {f:?}: {e}"))?;
        }
        Ok(lazy.module())
    })?;
    let (e, r) = (without_preds(body(&eager)), without_preds(body(&reversed)));
    if e != r {
        return Err(first_difference("reverse order", &e, &r));
    }
    Ok(count)
}

fn first_difference(what: &str, eager: &str, lazy: &str) -> String {
    let (n, (a, b)) = eager
        .lines()
        .chain(std::iter::once("<end>"))
        .zip(lazy.lines().chain(std::iter::once("<end>")))
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .unwrap_or((0, ("", "")));
    format!(
        "{what}: line {} differs from the eager read\n  eager: {a}\n  lazy:  {b}",
        n + 2
    )
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: lazy_check FILE.bc...");
        std::process::exit(2);
    }
    let (mut modules, mut bodies) = (0, 0);
    for f in &files {
        match check(f) {
            Ok(n) => {
                modules += 1;
                bodies += n;
            }
            Err(e) => {
                eprintln!("lazy_check: {f}: {e}");
                std::process::exit(1);
            }
        }
    }
    println!(
        "lazy_check: {modules} modules, {bodies} lazy bodies: materialized, each equals the eager read"
    );
}
