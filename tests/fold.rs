//! The builder's folding of constant operands against LLVM 19's IRBuilder.
//!
//! `tests/data/fold/builder-llvm19.txt` holds builder calls on named
//! constant operands, each with what LLVM 19's IRBuilder (default
//! `ConstantFolder`) returned: a constant, printed as a typed operand, or
//! `inst` when it made an instruction. `scripts/fold-table.sh` writes it
//! (`scripts/fold-cases.py` for the cases, `scripts/fold-oracle.cpp` for
//! LLVM's answers); this test makes every call with lair's `Builder` and
//! prints the result the same way.

#[path = "support/verified.rs"]
mod verified;

use lair::asm::parse::parse_module;
use lair::builder::Builder;
use lair::inst::{self, Opcode, Predicate};
use lair::ir::{Block, Global};
use lair::{Context, Type, Value};
use std::collections::HashMap;

const TABLE: &str = include_str!("data/fold/builder-llvm19.txt");

struct Case<'a> {
    line: usize,
    op: Vec<&'a str>,
    args: Vec<&'a str>,
    want: &'a str,
}

struct World {
    ctx: Context,
    block: Block,
    vals: HashMap<String, Value>,
    types: HashMap<String, Type>,
}

/// The destination type of a cast, or the source type of a GEP, in `op`.
fn type_text(op: &[&str]) -> Option<String> {
    if op.len() >= 3 && op[1] == "to" {
        return Some(op[2..].join(" "));
    }
    if op[0] == "gep" {
        return Some(
            op[1..]
                .iter()
                .copied()
                .filter(|w| *w != "inbounds")
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    None
}

/// Parses the table: the module (its `module` lines, one global per `val`
/// and per type the cases name), the operands, the cases.
fn load() -> (World, Vec<Case<'static>>) {
    let mut text = String::new();
    let mut val_names = Vec::new();
    let mut cases = Vec::new();
    for (k, l) in TABLE.lines().enumerate() {
        if let Some(m) = l.strip_prefix("module ") {
            text.push_str(m);
            text.push('\n');
        } else if let Some(v) = l.strip_prefix("val ") {
            let (name, c) = v.split_once(" = ").expect("val line");
            text.push_str(&format!("@__fold_val.{} = global {c}\n", val_names.len()));
            val_names.push(name.to_string());
        } else if let Some((case, want)) = l.split_once(" => ") {
            let (op, args) = case.split_once(" : ").expect("case line");
            cases.push(Case {
                line: k + 1,
                op: op.split_whitespace().collect(),
                args: args.split_whitespace().collect(),
                want,
            });
        }
    }
    let mut type_names: Vec<String> = cases.iter().filter_map(|c| type_text(&c.op)).collect();
    type_names.sort();
    type_names.dedup();
    for (k, t) in type_names.iter().enumerate() {
        text.push_str(&format!("@__fold_ty.{k} = external global {t}\n"));
    }
    text.push_str("define void @__fold() {\nentry:\n  ret void\n}\n");
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, &text, "fold.ll").expect("the table's module parses");
    let global = |ctx: &Context, name: &str| Global(ctx.global_by_name(m, name).expect(name));
    let mut vals = HashMap::new();
    for (k, n) in val_names.iter().enumerate() {
        let g = global(&ctx, &format!("__fold_val.{k}"));
        vals.insert(n.clone(), ctx.initializer(g).expect("initializer"));
    }
    let mut types = HashMap::new();
    for (k, t) in type_names.iter().enumerate() {
        let g = global(&ctx, &format!("__fold_ty.{k}"));
        types.insert(t.clone(), ctx.global_data(g).value_type.expect("type"));
    }
    let f = lair::ir::Function(ctx.global_by_name(m, "__fold").unwrap());
    let block = ctx.blocks(f).next().unwrap();
    (
        World {
            ctx,
            block,
            vals,
            types,
        },
        cases,
    )
}

fn binop(name: &str) -> Option<Opcode> {
    Some(match name {
        "add" => Opcode::Add,
        "sub" => Opcode::Sub,
        "mul" => Opcode::Mul,
        "shl" => Opcode::Shl,
        "udiv" => Opcode::UDiv,
        "sdiv" => Opcode::SDiv,
        "lshr" => Opcode::LShr,
        "ashr" => Opcode::AShr,
        "urem" => Opcode::URem,
        "srem" => Opcode::SRem,
        "and" => Opcode::And,
        "or" => Opcode::Or,
        "xor" => Opcode::Xor,
        "fadd" => Opcode::FAdd,
        "fsub" => Opcode::FSub,
        "fmul" => Opcode::FMul,
        "fdiv" => Opcode::FDiv,
        "frem" => Opcode::FRem,
        _ => return None,
    })
}

/// Makes the case's builder call; the result printed as the table prints
/// it (`inst` for an instruction, which is then erased).
fn run(w: &mut World, c: &Case) -> String {
    let a: Vec<Value> = c
        .args
        .iter()
        .map(|n| *w.vals.get(*n).unwrap_or_else(|| panic!("operand {n}")))
        .collect();
    let ty = type_text(&c.op).map(|t| w.types[&t]);
    let ints =
        |from: usize| -> Vec<i64> { c.op[from..].iter().map(|x| x.parse().unwrap()).collect() };
    let has = |f: &str| c.op[1..].contains(&f);
    let term = w.ctx.last_inst(w.block).unwrap();
    let mut b = Builder::before(&mut w.ctx, term);
    let r = if let Some(op) = binop(c.op[0]) {
        let mut flags = 0;
        if has("nuw") {
            flags |= inst::wrap::NUW;
        }
        if has("nsw") {
            flags |= inst::wrap::NSW;
        }
        if has("exact") {
            flags |= inst::EXACT;
        }
        b.binop(op, a[0], a[1], flags)
    } else {
        match c.op[0] {
            "fneg" => b.fneg(a[0]),
            "icmp" => b.icmp(Predicate::int_from_name(c.op[1]).unwrap(), a[0], a[1]),
            "fcmp" => b.fcmp(Predicate::float_from_name(c.op[1]).unwrap(), a[0], a[1]),
            "select" => b.select(a[0], a[1], a[2]),
            "extractelement" => b.extract_element(a[0], a[1]),
            "insertelement" => b.insert_element(a[0], a[1], a[2]),
            "shufflevector" => {
                let mask: Vec<i32> = ints(1).into_iter().map(|x| x as i32).collect();
                b.shuffle_vector(a[0], a[1], &mask)
            }
            "extractvalue" => {
                let idx: Vec<u32> = ints(1).into_iter().map(|x| x as u32).collect();
                b.extract_value(a[0], &idx)
            }
            "insertvalue" => {
                let idx: Vec<u32> = ints(1).into_iter().map(|x| x as u32).collect();
                b.insert_value(a[0], a[1], &idx)
            }
            "gep" => {
                let flags = if has("inbounds") {
                    inst::gep::INBOUNDS
                } else {
                    0
                };
                b.gep(ty.unwrap(), a[0], &a[1..], flags)
            }
            cast => {
                let op = Opcode::from_mnemonic(cast).unwrap_or_else(|| panic!("op {cast}"));
                b.cast(op, a[0], ty.unwrap())
            }
        }
    };
    match w.ctx.as_inst(r) {
        Some(i) => {
            w.ctx.erase_inst(i);
            "inst".to_string()
        }
        None => w.ctx.display_value(r).to_string(),
    }
}

#[test]
fn builder_folds_as_llvm_19() {
    let (mut w, cases) = load();
    let mut bad = Vec::new();
    let mut by_op: HashMap<String, (usize, usize)> = HashMap::new();
    for c in &cases {
        let got = run(&mut w, c);
        let e = by_op.entry(c.op[0].to_string()).or_default();
        e.0 += 1;
        if got != c.want {
            e.1 += 1;
            bad.push(format!(
                "line {}: {} : {}\n    llvm: {}\n    lair: {got}",
                c.line,
                c.op.join(" "),
                c.args.join(" "),
                c.want
            ));
        }
    }
    assert!(cases.len() > 7000, "the table has {} cases", cases.len());
    if !bad.is_empty() {
        let mut ops: Vec<_> = by_op.iter().filter(|(_, v)| v.1 > 0).collect();
        ops.sort();
        let summary: Vec<String> = ops
            .iter()
            .map(|(k, v)| format!("{k} {}/{}", v.1, v.0))
            .collect();
        panic!(
            "{} of {} cases differ from LLVM 19 ({}); first ones:\n{}",
            bad.len(),
            cases.len(),
            summary.join(", "),
            bad[..bad.len().min(60)].join("\n")
        );
    }
    w.ctx.check_use_lists().unwrap();
    let f = w.ctx.block_parent(w.block).unwrap();
    verified::assert_function_verifies(&w.ctx, f);
}

/// The `.ll` parser folds constant expressions as LLVM 19's does
/// (`ConstantExpr::get*`): `tests/data/ll/constexpr-fold.ll` prints
/// exactly as `llvm-dis-19` prints what `llvm-as-19` made of it.
#[test]
fn parser_folds_constant_expressions_as_llvm_19() {
    let src = include_str!("data/ll/constexpr-fold.ll");
    let want = include_str!("data/fold/constexpr-fold-llvm19.txt");
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "tests/data/ll/constexpr-fold.ll").unwrap();
    let got: String = ctx
        .print_module(m)
        .lines()
        .filter(|l| !l.starts_with("; ModuleID"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(got, want);
}
