//! `Context::cast_is_valid` against LLVM 19's `CastInst::castIsValid` on
//! every (cast opcode, from, to) over `tests/data/cast/types.txt`: the
//! table `tests/data/cast/castisvalid-llvm19.txt` lists the valid ones, as
//! `scripts/cast-oracle.cpp` asked libLLVM (`.ci/run` re-derives it with
//! `scripts/cast-table.sh --check`).

use lair::asm::parse::parse_module;
use lair::inst::Opcode;
use lair::{Context, Type};
use std::collections::HashSet;

const TYPES: &str = include_str!("data/cast/types.txt");
const VALID: &str = include_str!("data/cast/castisvalid-llvm19.txt");

/// The types of `types.txt`, in order, made by parsing one global of
/// each.
fn types(ctx: &mut Context) -> Vec<Type> {
    let names: Vec<&str> = TYPES.lines().filter(|l| !l.is_empty()).collect();
    let src: String = names
        .iter()
        .enumerate()
        .map(|(k, t)| format!("@t{k} = external global {t}\n"))
        .collect();
    let m = parse_module(ctx, &src, "types.ll").expect("every type parses");
    let tys: Vec<Type> = ctx
        .global_vars(m)
        .map(|g| ctx.global_data(g).value_type.expect("a global has a type"))
        .collect();
    assert_eq!(tys.len(), names.len());
    for (t, name) in tys.iter().zip(&names) {
        assert_eq!(t.display(ctx).to_string(), *name);
    }
    tys
}

#[test]
fn cast_is_valid_agrees_with_llvm_19() {
    let mut ctx = Context::new();
    let tys = types(&mut ctx);
    let valid: HashSet<(Opcode, usize, usize)> = VALID
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            let op = Opcode::from_mnemonic(w[0]).expect("a cast mnemonic");
            (op, w[1].parse().unwrap(), w[2].parse().unwrap())
        })
        .collect();
    let casts: Vec<Opcode> = Opcode::ALL
        .iter()
        .copied()
        .filter(|o| o.is_cast())
        .collect();
    assert_eq!(casts.len(), 13);
    let mut wrong = Vec::new();
    for &op in &casts {
        for (i, &from) in tys.iter().enumerate() {
            for (j, &to) in tys.iter().enumerate() {
                let want = valid.contains(&(op, i, j));
                if ctx.cast_is_valid(op, from, to) != want {
                    wrong.push(format!(
                        "{} {} to {}: LLVM says {want}",
                        op.mnemonic(),
                        from.display(&ctx),
                        to.display(&ctx)
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(valid.len(), 452);
}
