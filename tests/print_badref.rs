//! The printer never writes a different module: a value or block that is
//! not the printed function's own prints as `<badref>` (LLVM 19's
//! AsmWriter spelling for an operand it cannot number), which `llvm-as`
//! rejects, instead of a name or number that binds to another value of
//! the function. And it never panics on what the public API can build:
//! dropped operands, detached operands, blocks moved between functions
//! (payloads edited inside the crate: `asm/printer/inst.rs`'s unit test).

use std::path::Path;
use std::process::{Command, Stdio};

use lair::builder::Builder;
use lair::inst::Opcode;
use lair::ir::inst::InstPayload;
use lair::ir::{Block, Function};
use lair::{Context, Value};

const LLVM_AS: &str = "/usr/lib/llvm-19/bin/llvm-as";

/// `define i64 @f(i64 %a64)` and `define i64 @g(i64 %a64)`, both with a
/// block `entry`.
fn world() -> (Context, Function, Function, Block, Block) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i64t = ctx.i64_type();
    let fty = ctx.function_type(i64t, &[i64t], false);
    let f = ctx.add_function(m, "f", fty);
    let g = ctx.add_function(m, "g", fty);
    for func in [f, g] {
        let a = ctx.arg(func, 0);
        ctx.set_name(a, "a64");
    }
    let fe = ctx.append_block(f, "entry");
    let ge = ctx.append_block(g, "entry");
    (ctx, f, g, fe, ge)
}

/// Whether `llvm-as-19` accepts `text` (`None` without LLVM 19).
fn llvm_accepts(text: &str) -> Option<bool> {
    if !Path::new(LLVM_AS).exists() {
        return None;
    }
    let mut child = Command::new(LLVM_AS)
        .args(["-", "-o", "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("llvm-as runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    Some(child.wait().unwrap().success())
}

/// A block of `@g`, holding `add i64 %a64, %a64` of `@g`'s argument and a
/// `ret`, moved into `@f` (moving a block does not re-check its
/// instructions): `@f` prints them as `<badref>`, never `%a64`, which
/// would read back as `@f`'s own argument.
#[test]
fn a_block_moved_to_another_function_prints_badref() {
    let (mut ctx, f, g, fe, _) = world();
    let ga = ctx.arg(g, 0);
    let moved = ctx.append_block(g, "moved");
    let mut b = Builder::at_end(&mut ctx, moved);
    let s = b.add(ga, ga);
    b.ret(Some(s));
    ctx.remove_block(moved);
    ctx.insert_block(f, moved, None);
    let fa = ctx.arg(f, 0);
    Builder::at_end(&mut ctx, fe).ret(Some(fa));
    let ge = ctx.entry_block(g).unwrap();
    let ga = ctx.arg(g, 0);
    Builder::at_end(&mut ctx, ge).ret(Some(ga));
    let text = ctx.display_function(f).to_string();
    assert!(
        text.contains("= add i64 <badref>, <badref>"),
        "the foreign argument is a badref:\n{text}"
    );
    assert!(!text.contains("add i64 %a64"), "{text}");
    let m = ctx.global_parent(f.0);
    let module = ctx.print_module(m);
    assert!(!llvm_accepts(&module).unwrap_or(false), "{module}");
}

/// A branch of a moved block to its old function's block.
#[test]
fn a_branch_to_a_block_of_another_function_prints_badref() {
    let (mut ctx, f, g, fe, ge) = world();
    let moved = ctx.append_block(g, "moved");
    Builder::at_end(&mut ctx, moved).br(ge);
    ctx.remove_block(moved);
    ctx.insert_block(f, moved, None);
    let fa = ctx.arg(f, 0);
    Builder::at_end(&mut ctx, fe).ret(Some(fa));
    let text = ctx.display_function(f).to_string();
    assert!(text.contains("br label <badref>"), "{text}");
    assert!(!text.contains("br label %entry"), "{text}");
}

/// An operand that is a detached instruction prints `<badref>`, as in
/// LLVM; a named one too (LLVM would print its name).
#[test]
fn a_detached_operand_prints_badref() {
    let (mut ctx, f, _, fe, _) = world();
    let fa = ctx.arg(f, 0);
    let i64t = ctx.i64_type();
    let detached = ctx.create_inst(Opcode::Add, i64t, &[fa, fa], InstPayload::None);
    ctx.set_name(detached.0, "loose");
    let mut b = Builder::at_end(&mut ctx, fe);
    let s = b.add(detached.0, fa);
    b.ret(Some(s));
    let text = ctx.display_function(f).to_string();
    assert!(text.contains("= add i64 <badref>, %a64"), "{text}");
    // The detached instruction itself still prints with its own operands.
    let alone = ctx.display_inst(detached).to_string();
    assert!(alone.contains("%loose = add i64 %a64, %a64"), "{alone}");
}

/// A function's own values and blocks, named and numbered, print as
/// before; a `blockaddress` of another function's block names it in its
/// own function.
#[test]
fn own_values_and_block_addresses_print_as_llvm() {
    let (mut ctx, f, g, fe, ge) = world();
    let other = ctx.append_block(g, "");
    Builder::at_end(&mut ctx, ge).br(other);
    let ga = ctx.arg(g, 0);
    Builder::at_end(&mut ctx, other).ret(Some(ga));
    let ba = ctx.block_address(g, other);
    let fa = ctx.arg(f, 0);
    let i64t = ctx.i64_type();
    let mut b = Builder::at_end(&mut ctx, fe);
    let x = b.cast(Opcode::PtrToInt, ba, i64t);
    assert_eq!(b.ctx.value_kind(x), lair::ValueKind::Constant);
    let s = b.add(x, fa);
    b.ret(Some(s));
    let text = ctx.display_function(f).to_string();
    assert!(
        text.contains("add i64 ptrtoint (ptr blockaddress(@g, %0) to i64), %a64"),
        "{text}"
    );
    let m = ctx.global_parent(f.0);
    let module = ctx.print_module(m);
    if let Some(ok) = llvm_accepts(&module) {
        assert!(ok, "{module}");
    }
}

/// What the public API can leave behind prints without a panic.
#[test]
fn odd_but_reachable_states_print() {
    let (mut ctx, f, _, fe, _) = world();
    let fa = ctx.arg(f, 0);
    let i64t = ctx.i64_type();
    let mut b = Builder::at_end(&mut ctx, fe);
    let s = b.add(fa, fa);
    let phi_blk = ctx.append_block(f, "p");
    let mut b = Builder::at_end(&mut ctx, phi_blk);
    let phi = b.phi(i64t, 2);
    ctx.phi_add_incoming(phi, s, fe);
    ctx.phi_add_incoming(phi, fa, fe);
    let gty = ctx.signature(f);
    let call = Builder::at_end(&mut ctx, phi_blk).call(gty, f.0, &[s]);
    Builder::at_end(&mut ctx, phi_blk).ret(Some(call));
    // Dropped operands.
    ctx.drop_all_references(s);
    ctx.drop_all_references(phi.0);
    let text = ctx.display_function(f).to_string();
    // LLVM's spelling: no type before a null first operand.
    assert!(
        text.contains("= add <null operand!>, <null operand!>"),
        "{text}"
    );
    assert!(
        text.contains("phi i64 [ <null operand!>, %entry ], [ <null operand!>, %entry ]"),
        "{text}"
    );
    let _: Value = call;
}

/// A function whose blocks take value slots freed long before its other
/// values were made (its locals lie far apart in the arena) numbers and
/// spells them as a compact one, and still prints values of another
/// function lying between them as `<badref>`: with a few such blocks and
/// with more than the printer keeps beside its per-function window.
#[test]
fn locals_far_apart_in_the_arena_print_as_llvm() {
    for reused in [1usize, 2, 3, 20, 40] {
        let (mut ctx, f, g, fe, ge) = world();
        let i64t = ctx.i64_type();
        let ga = ctx.arg(g, 0);
        // `@g`'s instructions: every other one is erased below, its slot
        // freed; the ones kept lie between the freed ones.
        let mut b = Builder::at_end(&mut ctx, ge);
        let mut freed = Vec::new();
        let mut kept = Vec::new();
        for _ in 0..reused {
            freed.push(b.add(ga, ga));
            kept.push(b.add(ga, ga));
        }
        b.ret(Some(kept[0]));
        // Values made in between: `@f`'s later values lie far above.
        for k in 0..3000 {
            ctx.const_int(i64t, 1000 + k);
        }
        for &x in &freed {
            let i = ctx.as_inst(x).expect("an instruction");
            ctx.erase_inst(i);
        }
        // `@f`: blocks in the freed slots, then instructions in new ones,
        // and last a block of `@g` using `@g`'s values, moved into `@f`.
        let blocks: Vec<Block> = (0..reused).map(|_| ctx.append_block(f, "")).collect();
        let moved = ctx.append_block(g, "");
        let mut b = Builder::at_end(&mut ctx, moved);
        let t = b.add(kept[0], kept[reused - 1]);
        b.ret(Some(t));
        ctx.remove_block(moved);
        ctx.insert_block(f, moved, None);
        let fa = ctx.arg(f, 0);
        Builder::at_end(&mut ctx, fe).br(blocks[0]);
        let mut expected = String::from("define i64 @f(i64 %a64) {\nentry:\n  br label %0\n");
        let mut acc = fa;
        let mut acc_text = String::from("%a64");
        for (k, &blk) in blocks.iter().enumerate() {
            let label = 2 * k;
            let mut b = Builder::at_end(&mut ctx, blk);
            let c = b.ctx.const_int(i64t, 7);
            acc = b.add(acc, c);
            let next = blocks.get(k + 1).copied().unwrap_or(moved);
            b.br(next);
            let preds = match k {
                0 => "%entry".to_string(),
                _ => format!("%{}", label - 2),
            };
            let head = format!("{label}:");
            expected.push_str(&format!("\n{head:<50}; preds = {preds}\n"));
            expected.push_str(&format!("  %{} = add i64 {acc_text}, 7\n", label + 1));
            expected.push_str(&format!("  br label %{}\n", label + 2));
            acc_text = format!("%{}", label + 1);
        }
        let _: Value = acc;
        let label = 2 * reused;
        let head = format!("{label}:");
        expected.push_str(&format!("\n{head:<50}; preds = %{}\n", label - 2));
        expected.push_str(&format!("  %{} = add i64 <badref>, <badref>\n", label + 1));
        expected.push_str(&format!("  ret i64 %{}\n}}\n", label + 1));
        let text = ctx.display_function(f).to_string();
        assert_eq!(text, expected, "{reused} blocks in reused slots");
        let m = ctx.global_parent(f.0);
        let module = ctx.print_module(m);
        assert!(module.contains(&expected), "{reused}:\n{module}");
    }
}
