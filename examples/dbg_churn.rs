//! Debug-info churn: parses a module, then replaces and erases every
//! instruction that a debug record points at, as a dead-code pass over `-g`
//! code would, and prints what is left on stdout. Records follow LLVM 19
//! (`ir/dbg.rs`): their locations become the replacement or `undef`, and the
//! records of an erased instruction move to the next one. The output must
//! still be a valid module: lair's verifier checks it before and after the
//! churn (exit 1 with the errors otherwise), and `.ci/run` feeds it to
//! `llvm-as-19` and the verifier for the `-g` files of the corpus.
//!
//!     cargo run --release --example dbg_churn -- FILE.ll > OUT.ll
//!
//! Even-numbered such instructions are first replaced by `poison` of their
//! type (RAUW) and then erased; odd-numbered ones that have no other uses
//! are erased directly (their records get `undef`); the others are left.

use lair::ir::Inst;
use lair::Context;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: dbg_churn FILE.ll");
        std::process::exit(2)
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, &path).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    verified(&ctx, m, "as parsed");
    let (mut replaced, mut erased, mut records) = (0usize, 0usize, 0usize);
    let functions: Vec<_> = ctx.functions(m).collect();
    for f in functions {
        let insts: Vec<Inst> = ctx.blocks(f).flat_map(|b| ctx.insts(b)).collect();
        let mut k = 0usize;
        for i in insts {
            let op = ctx.opcode(i);
            if op.is_terminator() || ctx.is_void(ctx.type_of(i.0)) {
                continue;
            }
            let users = ctx.find_dbg_users(i.0);
            if users.is_empty() {
                continue;
            }
            records += users.len();
            if k.is_multiple_of(2) {
                let ty = ctx.type_of(i.0);
                let p = ctx.const_poison(ty);
                ctx.replace_all_uses_with(i.0, p);
                replaced += 1;
                ctx.erase_inst(i);
                erased += 1;
            } else if ctx.use_empty(i.0) {
                ctx.erase_inst(i);
                erased += 1;
            }
            k += 1;
        }
    }
    if let Err(e) = ctx.check_use_lists() {
        eprintln!("use lists broken: {e}");
        std::process::exit(1);
    }
    verified(&ctx, m, "after the churn");
    eprintln!(
        "dbg_churn: {path}: {records} debug users seen, {replaced} values replaced, {erased} instructions erased"
    );
    print!("{}", ctx.print_module(m));
}

/// Exits with the verifier's errors if `m` breaks any rule, debug-info
/// rules included.
fn verified(ctx: &Context, m: lair::ir::Module, when: &str) {
    let v = ctx.verify_module(m);
    if !v.is_ok() {
        eprintln!("dbg_churn: the module {when} does not verify:\n{v}");
        std::process::exit(1);
    }
}
