//! Cloning checks over whole modules, run by `.ci/run` on the corpus.
//!
//!     cargo run --release --example clone_check -- FILE.ll...
//!
//! For each file: `clone_module` must print exactly as the module it
//! copies, the copy must verify and the use lists stay sound; then every
//! function with a body is cloned into the original module
//! (`clone_function`, as LLVM's `CloneFunction`) and that module must
//! verify. Exits 1 on the first failure.
//!
//!     cargo run --release --example clone_check -- --clone-all FILE.ll
//!
//! prints the module after cloning every function with a body, in module
//! order, into it: what `scripts/utils-oracle --clone-all` prints with
//! libLLVM 19.

use lair::ir::{Function, Module};
use lair::transforms::ValueMap;
use lair::Context;

fn fail(msg: String) -> ! {
    eprintln!("clone_check: {msg}");
    std::process::exit(1)
}

fn parse(ctx: &mut Context, path: &str) -> Module {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    ctx.parse_assembly(&text, path)
        .unwrap_or_else(|e| fail(format!("{e}")))
}

fn verified(ctx: &Context, m: Module, what: &str) {
    let v = ctx.verify_module(m);
    if !v.is_ok() {
        fail(format!("{what} does not verify:\n{v}"));
    }
    if let Err(e) = ctx.check_use_lists() {
        fail(format!("{what}: use lists broken: {e}"));
    }
}

fn clone_all(ctx: &mut Context, m: Module) -> usize {
    let defined: Vec<Function> = ctx
        .functions(m)
        .filter(|&f| !ctx.is_declaration(f))
        .collect();
    for &f in &defined {
        let mut vm = ValueMap::new();
        ctx.clone_function(f, &mut vm);
    }
    defined.len()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: clone_check [--clone-all] FILE.ll...");
        std::process::exit(2);
    }
    if args[0] == "--clone-all" {
        let path = args
            .get(1)
            .unwrap_or_else(|| fail("--clone-all needs a file".into()));
        let mut ctx = Context::new();
        let m = parse(&mut ctx, path);
        clone_all(&mut ctx, m);
        verified(&ctx, m, path);
        print!("{}", ctx.print_module(m));
        return;
    }
    let (mut modules, mut functions) = (0usize, 0usize);
    for path in &args {
        let mut ctx = Context::new();
        let m = parse(&mut ctx, path);
        let want = ctx.print_module(m);
        let mut vm = ValueMap::new();
        let c = ctx.clone_module(m, &mut vm);
        verified(&ctx, c, &format!("{path}: the clone_module copy"));
        let got = ctx.print_module(c);
        if got != want {
            let k = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            fail(format!(
                "{path}: clone_module prints otherwise at line {}\n  copy:     {}\n  original: {}",
                k + 1,
                got.lines().nth(k).unwrap_or(""),
                want.lines().nth(k).unwrap_or("")
            ));
        }
        functions += clone_all(&mut ctx, m);
        verified(&ctx, m, &format!("{path} with every function cloned"));
        modules += 1;
    }
    eprintln!(
        "clone_check: {modules} modules print as their clone_module copies; \
         {functions} functions cloned in place, every module verifies"
    );
}
