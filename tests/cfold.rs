//! `constant_fold_instruction` against LLVM 19's `ConstantFoldInstruction`.
//!
//! `tests/data/cfold/cases-llvm19.txt` holds a module (its `module` lines,
//! from `scripts/cfold-cases.py`) whose functions `@cN` each compute one
//! instruction `%r` with constant operands, and for each what libLLVM 19
//! folds it to without target library info (`scripts/cfold-oracle.cpp`;
//! `.ci/run` re-derives the table): binary operators on constant
//! expressions, floating point under denormal modes, casts through the
//! data layout, pointer compares, GEPs, vector and aggregate operations,
//! `freeze`, loads from constant globals of every shape, and intrinsic
//! calls.

use lair::ir::{Function, Inst};
use lair::Context;

const TABLE: &str = include_str!("data/cfold/cases-llvm19.txt");
const TABLE_BE: &str = include_str!("data/cfold/cases-be-llvm19.txt");

#[test]
fn constant_folding_agrees_with_llvm() {
    let (n, folded) = check(TABLE);
    assert!(n > 2500 && folded > 2000, "{n} cases, {folded} folded");
}

#[test]
fn big_endian_loads_and_bitcasts_agree_with_llvm() {
    let (n, folded) = check(TABLE_BE);
    assert!(n > 1500 && folded > 1000, "{n} cases, {folded} folded");
}

/// Folds every case of `table`; (cases, cases folded).
fn check(table: &str) -> (usize, usize) {
    let text: String = table
        .lines()
        .filter_map(|l| l.strip_prefix("module "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "cfold.ll").unwrap();
    let mut layout = ctx.module_layout_cache(m).unwrap();
    let mut failures = Vec::new();
    let mut n = 0;
    let mut folded = 0;
    let mut dump = String::new();
    for line in table.lines().filter(|l| !l.starts_with("module ")) {
        let (name, want) = line.split_once(" => ").unwrap();
        let f = Function(ctx.global_by_name(m, name).unwrap());
        let r: Inst = ctx
            .blocks(f)
            .flat_map(|b| ctx.insts(b))
            .find(|&i| ctx.name_of(i.0) == Some("r"))
            .unwrap();
        let got = match ctx.constant_fold_instruction(r, &mut layout) {
            Some(c) => {
                folded += 1;
                ctx.display_value(c).to_string()
            }
            None => "none".to_string(),
        };
        dump += &format!("{name} => {got}\n");
        if got != want {
            let inst = ctx.display_inst(r).to_string();
            failures.push(format!(
                "{name}: {}\n  llvm: {want}\n  lair: {got}",
                inst.trim()
            ));
        }
        n += 1;
    }
    if let Ok(out) = std::env::var("LAIR_CFOLD_OUT") {
        std::fs::write(out, dump).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (n, folded)
}
