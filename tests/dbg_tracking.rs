//! Debug records and value-as-metadata follow the graph as LLVM 19's do:
//! each module of `tests/data/dbg` names operations in its `; OPS:` line
//! (RAUW, erase, move, split, insertion around debug records);
//! `scripts/dbg-oracle.cpp` applied them with libLLVM 19 and kept what it
//! printed in the `.expected` file beside it (`scripts/dbg-table.sh`, which
//! `.ci/run` re-derives with `--check`). Here lair applies the same
//! operations and must print the same module.

#[path = "support/replay.rs"]
mod replay;
#[path = "support/verified.rs"]
mod verified;

use lair::inst::Opcode;
use lair::ir::inst::InstPayload;
use lair::ir::{Block, Function, Global, Inst, Module};
use lair::{Context, Value};

fn value(ctx: &mut Context, m: Module, f: Function, s: &str, like: Option<Value>) -> Value {
    if let Some(g) = s.strip_prefix('@') {
        return ctx
            .global_by_name(m, g)
            .unwrap_or_else(|| panic!("no global {s}"));
    }
    if let Some(n) = s.strip_prefix("i32:") {
        let t = ctx.i32_type();
        return ctx.const_int_signed(t, n.parse().unwrap());
    }
    if s == "undef" || s == "poison" {
        let t = ctx.type_of(like.expect("undef needs a type"));
        return if s == "undef" {
            ctx.const_undef(t)
        } else {
            ctx.const_poison(t)
        };
    }
    if let Some(k) = s.strip_prefix("%$") {
        let k: usize = k.parse().unwrap();
        let all: Vec<Inst> = ctx.blocks(f).flat_map(|b| ctx.insts(b)).collect();
        return all[k].0;
    }
    let name = s.strip_prefix('%').unwrap();
    let arg = ctx
        .args(f)
        .iter()
        .copied()
        .find(|&a| ctx.name_of(a) == Some(name));
    arg.or_else(|| ctx.local_by_name(f, name))
        .unwrap_or_else(|| panic!("no local {s}"))
}

fn apply(ctx: &mut Context, m: Module, ops: &str) {
    for op in ops.split(';').map(str::trim).filter(|o| !o.is_empty()) {
        let t: Vec<&str> = op.split_whitespace().collect();
        if t[0] == "gerase" {
            let g = ctx.global_by_name(m, &t[1][1..]).expect("global");
            ctx.erase_global(Global(g));
            continue;
        }
        let fv = ctx.global_by_name(m, t[1]).expect("function");
        let f = Function(fv);
        match t[0] {
            "rauw" => {
                let a = value(ctx, m, f, t[2], None);
                let b = value(ctx, m, f, t[3], Some(a));
                ctx.replace_all_uses_with(a, b);
            }
            "erase" => {
                let i = value(ctx, m, f, t[2], None);
                ctx.erase_inst(Inst(i));
            }
            "move_before" | "remove_before" => {
                let i = Inst(value(ctx, m, f, t[2], None));
                let p = Inst(value(ctx, m, f, t[3], None));
                if t[0] == "move_before" {
                    ctx.move_inst_before(i, p);
                } else {
                    ctx.remove_inst(i);
                    ctx.insert_inst_before(p, i);
                }
            }
            "split" => {
                let i = Inst(value(ctx, m, f, t[2], None));
                let b = ctx.inst_parent(i).unwrap();
                ctx.split_block(b, i, "split");
            }
            "add_before" | "add_end" => {
                let x = ctx.arg(f, 0);
                let ty = ctx.type_of(x);
                let n = ctx.create_inst(Opcode::Add, ty, &[x, x], InstPayload::None);
                ctx.set_name(n.0, "n");
                if t[0] == "add_before" {
                    let p = Inst(value(ctx, m, f, t[2], None));
                    ctx.insert_inst_before(p, n);
                } else {
                    let last: Block = ctx.blocks(f).last().unwrap();
                    ctx.append_inst(last, n);
                }
            }
            "ret_end" => {
                let v = value(ctx, m, f, t[2], None);
                let void = ctx.void_type();
                let r = ctx.create_inst(Opcode::Ret, void, &[v], InstPayload::None);
                let last: Block = ctx.blocks(f).last().unwrap();
                ctx.append_inst(last, r);
            }
            other => panic!("unknown operation {other}"),
        }
    }
}

#[test]
fn debug_records_follow_the_graph_as_llvm_19s_do() {
    // The oracle names the module by the path it was given.
    replay::replay("dbg", 16, |name, text, ops| {
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(text, name).unwrap();
        apply(&mut ctx, m, ops);
        ctx.check_use_lists().unwrap();
        // move-before moves %a below its user on purpose (the records are
        // what it is about): llvm-as-19 rejects LLVM's own result with the
        // same message. Every other result verifies.
        let v = ctx.verify_module(m);
        if name.ends_with("/move-before.ll") {
            assert_eq!(
                v.first().map(|e| e.message()),
                Some("Instruction does not dominate all uses!"),
                "{name}"
            );
        } else {
            assert!(v.is_ok(), "{name} does not verify:\n{v}");
        }
        ctx.print_module(m)
    });
}

#[test]
fn find_dbg_users_lists_direct_and_arg_list_records() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/dbg/rauw-local-fresh.ll"
    ))
    .unwrap();
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "t.ll").unwrap();
    let f = Function(ctx.global_by_name(m, "f").unwrap());
    let b = ctx.local_by_name(f, "b").unwrap();
    let c = ctx.local_by_name(f, "c").unwrap();
    let a = ctx.local_by_name(f, "a").unwrap();
    // %a: one direct record and one DIArgList record, both before %b.
    let users = ctx.find_dbg_users(a);
    assert_eq!(users.len(), 2, "{users:?}");
    assert!(users.iter().all(|u| u.inst.0 == b));
    // %c: one record before `br`, one before `ret` in the next block.
    let users = ctx.find_dbg_users(c);
    assert_eq!(users.len(), 2, "{users:?}");
    // After RAUW by %x, %a has none and %x has them.
    let x = ctx.arg(f, 0);
    ctx.replace_all_uses_with(a, x);
    assert!(ctx.find_dbg_users(a).is_empty());
    assert_eq!(ctx.find_dbg_users(x).len(), 2);
    // Erasing %c (no uses) turns its records into `undef`: no users left.
    let c_users_before = ctx.find_dbg_users(c);
    ctx.erase_inst(Inst(c));
    for u in c_users_before {
        assert!(ctx.is_live(u.inst.0));
    }
    let i32t = ctx.i32_type();
    let undef = ctx.const_undef(i32t);
    assert!(!ctx.find_dbg_users(undef).is_empty());
    // The printer never meets a stale value.
    let text = verified::text(&ctx, m);
    assert!(text.contains("#dbg_value(i32 undef"), "{text}");
}

#[test]
fn records_of_an_erased_instruction_move_to_the_next() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/dbg/rauw-local-fresh.ll"
    ))
    .unwrap();
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "t.ll").unwrap();
    let f = Function(ctx.global_by_name(m, "f").unwrap());
    let b = Inst(ctx.local_by_name(f, "b").unwrap());
    let c = Inst(ctx.local_by_name(f, "c").unwrap());
    assert_eq!(ctx.dbg_records(b).len(), 2);
    assert_eq!(ctx.dbg_records(c).len(), 3);
    let i32t = ctx.i32_type();
    let z = ctx.const_int(i32t, 0);
    ctx.replace_all_uses_with(b.0, z);
    ctx.erase_inst(b);
    // %b's two records now precede %c's own three.
    assert_eq!(ctx.dbg_records(c).len(), 5);
    assert_eq!(&*ctx.dbg_records(c)[0].kind, "value");
    let taken = ctx.take_dbg_records(c);
    assert_eq!(taken.len(), 5);
    assert!(ctx.dbg_records(c).is_empty());
    ctx.set_dbg_records(c, taken);
    assert_eq!(ctx.dbg_records(c).len(), 5);
}
