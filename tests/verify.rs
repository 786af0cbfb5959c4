//! The verifier against LLVM 19: every module of `tests/data/verify` with
//! llvm-as-19's verdict recorded in `expected.tsv` (scripts/verify-table.sh
//! writes it; `.ci/run` re-derives it with `--check`). For each module,
//! lair's `verify_as_llvm_as` must accept or reject it as llvm-as does, and
//! its first line must be LLVM's first message.

use lair::Context;
use std::collections::BTreeSet;

const DIR: &str = "tests/data/verify";

struct Row {
    name: String,
    verdict: String,
    first: String,
}

fn rows() -> Vec<Row> {
    let table = std::fs::read_to_string(format!("{DIR}/expected.tsv")).expect("expected.tsv");
    table
        .lines()
        .map(|l| {
            let mut p = l.splitn(3, '\t');
            Row {
                name: p.next().unwrap_or_default().to_string(),
                verdict: p.next().unwrap_or_default().to_string(),
                first: p.next().unwrap_or_default().to_string(),
            }
        })
        .collect()
}

/// lair's verdict on one module: `(verdict, first line)` in the table's
/// terms.
fn lair_verdict(name: &str) -> (String, String) {
    let path = format!("{DIR}/{name}.ll");
    let text = std::fs::read_to_string(&path).expect("module");
    let mut ctx = Context::new();
    let m = match ctx.parse_assembly(&text, &path) {
        Ok(m) => m,
        Err(e) => return ("parse-error".into(), e.to_string()),
    };
    let v = ctx.verify_as_llvm_as(m);
    let first = v
        .messages
        .lines()
        .next()
        .unwrap_or("")
        .trim_end()
        .to_string();
    let verdict = match (v.rejected, first.is_empty()) {
        (true, _) => "invalid",
        (false, true) => "valid",
        (false, false) => "debug-info",
    };
    (verdict.into(), first)
}

#[test]
fn every_module_gets_llvm_19s_verdict_and_first_message() {
    let rows = rows();
    let mut failures = Vec::new();
    for r in &rows {
        let (verdict, first) = lair_verdict(&r.name);
        if verdict != r.verdict || first != r.first {
            failures.push(format!(
                "{}: LLVM {} '{}', lair {} '{}'",
                r.name, r.verdict, r.first, verdict, first
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} modules disagree:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

#[test]
fn the_table_covers_enough_rules() {
    let rows = rows();
    let invalid: Vec<&Row> = rows.iter().filter(|r| r.verdict == "invalid").collect();
    let messages: BTreeSet<&str> = rows
        .iter()
        .filter(|r| r.verdict != "valid")
        .map(|r| r.first.as_str())
        .collect();
    assert!(invalid.len() >= 300, "{} invalid modules", invalid.len());
    assert!(messages.len() >= 80, "{} distinct messages", messages.len());
    assert!(rows.iter().any(|r| r.verdict == "valid"));
    assert!(rows.iter().any(|r| r.verdict == "debug-info"));
}

/// Rules that `.ll` text cannot break (the parser resolves names per
/// function): operands of another function, through the API. The messages
/// are `Verifier.cpp`'s. The dominator tree is not built over a branch
/// into another function, and nothing panics.
#[test]
fn api_only_cross_function_references() {
    use lair::builder::Builder;
    let first = |ctx: &Context, m| {
        ctx.verify_module(m)
            .first()
            .map(|e| e.message().to_string())
            .unwrap_or_default()
    };
    let mut ctx = Context::new();
    let m = ctx.create_module("api");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let g = ctx.add_function(m, "g", fty);
    let (fe, ge) = (ctx.append_block(f, "entry"), ctx.append_block(g, "entry"));
    let gx = ctx.append_block(g, "x");
    let ga = ctx.arg(g, 0);
    let gv = {
        let mut b = Builder::at_end(&mut ctx, ge);
        b.set_folding(false);
        let v = b.add(ga, ga);
        b.br(gx);
        v
    };
    Builder::at_end(&mut ctx, gx).ret(Some(gv));
    // f returns g's argument.
    let r = Builder::at_end(&mut ctx, fe).ret(Some(ga));
    assert_eq!(
        first(&ctx, m),
        "Referring to an argument in another function!"
    );
    // f returns g's instruction.
    ctx.set_operand(r.0, 0, Some(gv));
    assert_eq!(
        first(&ctx, m),
        "Referring to an instruction in another function!"
    );
    // f branches into g.
    ctx.erase_inst(r);
    Builder::at_end(&mut ctx, fe).br(gx);
    assert_eq!(
        first(&ctx, m),
        "Referring to a basic block in another function!"
    );
}

/// Intrinsic names the `.ll` parser would have remangled (as llvm-as
/// does), made through the API: the name must be the mangling of the
/// overload types the signature gives, with the module's `.N` for an
/// unnamed struct; `Verifier.cpp`'s message names the expected name.
#[test]
fn api_only_intrinsic_names() {
    use lair::builder::Builder;
    let first = |ctx: &Context, m| {
        ctx.verify_module(m)
            .first()
            .map(|e| e.message().to_string())
            .unwrap_or_default()
    };
    let mut ctx = Context::new();
    let m = ctx.create_module("api");
    let i32t = ctx.i32_type();
    let umax_ty = ctx.function_type(i32t, &[i32t, i32t], false);
    let umax = ctx.add_function(m, "llvm.umax.i64", umax_ty);
    let f = ctx.add_function(m, "f", umax_ty);
    let e = ctx.append_block(f, "entry");
    let a = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, e);
    let r = b.call(umax_ty, umax.0, &[a, a]);
    b.ret(Some(r));
    assert_eq!(
        first(&ctx, m),
        "Intrinsic name not mangled correctly for type arguments! Should be: llvm.umax.i32"
    );
    ctx.set_name(umax.0, "llvm.umax.i32");
    assert_eq!(first(&ctx, m), "");

    // An unnamed struct: the first number free in the module is expected.
    let s = ctx.create_struct("");
    ctx.set_struct_body(s, &[i32t], false);
    let copy_ty = ctx.function_type(s, &[s], false);
    let copy = ctx.add_function(m, "llvm.ssa.copy.s_s", copy_ty);
    let g = ctx.add_function(m, "g", copy_ty);
    let e = ctx.append_block(g, "entry");
    let a = ctx.arg(g, 0);
    let mut b = Builder::at_end(&mut ctx, e);
    let r = b.call(copy_ty, copy.0, &[a]);
    b.ret(Some(r));
    assert_eq!(
        first(&ctx, m),
        "Intrinsic name not mangled correctly for type arguments! Should be: llvm.ssa.copy.s_s.0"
    );
    ctx.set_name(copy.0, "llvm.ssa.copy.s_s.0");
    assert_eq!(first(&ctx, m), "");
}
