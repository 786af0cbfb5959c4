//! Builds a small but real module through the builder — a loop with PHIs,
//! a switch, a call, a GEP into a struct, a global string — then rewrites
//! it the way a pass would (RAUW and erase while a weak-tracking handle
//! follows the replacement) and prints the module as LLVM 19 textual IR on
//! stdout. Narration goes to stderr, so
//! `cargo run --example quickstart | llvm-as-19` works.

use lair::builder::Builder;
use lair::inst::{GepFlags, IntPredicate, Opcode};
use lair::ir::global::{Linkage, UnnamedAddr};
use lair::ir::Inst;
use lair::types::Align;
use lair::{Context, HandleKind};

fn main() {
    let mut ctx = Context::new();
    let m = ctx.create_module("quickstart");
    ctx.module_mut(m).source_filename = "quickstart.c".into();
    ctx.module_mut(m).triple = "x86_64-unknown-linux-gnu".into();
    ctx.module_mut(m).datalayout =
        "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128".into();

    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let ptr = ctx.ptr_type(0);

    // @msg = private unnamed_addr constant [14 x i8] c"sum is %lld\0A\00"
    let text = ctx.const_string(b"sum is %lld\n", true);
    let text_ty = ctx.type_of(text);
    let msg = ctx.add_global_var(m, "msg", text_ty, 0);
    ctx.set_initializer(msg, Some(text));
    {
        let g = ctx.global_data_mut(msg);
        g.linkage = Linkage::Private;
        g.unnamed_addr = UnnamedAddr::Global;
        g.is_constant = true;
        g.align = Some(1);
    }

    // %struct.pair = type { i64, i64 } and @pair = global %struct.pair { i64 1, i64 2 }
    let pair_ty = ctx.create_struct("struct.pair");
    ctx.set_struct_body(pair_ty, &[i64t, i64t], false);
    let one = ctx.const_int(i64t, 1);
    let two = ctx.const_int(i64t, 2);
    let pair_init = ctx.const_aggregate(pair_ty, &[one, two]);
    let pair = ctx.add_global_var(m, "pair", pair_ty, 0);
    ctx.set_initializer(pair, Some(pair_init));
    ctx.global_data_mut(pair).align = Some(8);

    // declare i32 @printf(ptr, ...)
    let printf_ty = ctx.function_type(i32t, &[ptr], true);
    let printf = ctx.add_function(m, "printf", printf_ty);

    // define i64 @sum_to(i64 %n): a counted loop with two PHIs.
    let sum_ty = ctx.function_type(i64t, &[i64t], false);
    let sum_to = ctx.add_function(m, "sum_to", sum_ty);
    let n = ctx.arg(sum_to, 0);
    ctx.set_name(n, "n");
    let entry = ctx.append_block(sum_to, "entry");
    let looph = ctx.append_block(sum_to, "loop");
    let exit = ctx.append_block(sum_to, "exit");
    let zero = ctx.const_int(i64t, 0);
    Builder::at_end(&mut ctx, entry).br(looph);
    let mut b = Builder::at_end(&mut ctx, looph);
    let i = b.phi(i64t, 2);
    let acc = b.phi(i64t, 2);
    let acc_next = b.add(acc.0, i.0);
    let i_next = b.add(i.0, one);
    let done = b.icmp(IntPredicate::Eq, i_next, n);
    b.cond_br(done, exit, looph);
    ctx.phi_add_incoming(i, zero, entry);
    ctx.phi_add_incoming(i, i_next, looph);
    ctx.phi_add_incoming(acc, zero, entry);
    ctx.phi_add_incoming(acc, acc_next, looph);
    for (v, name) in [
        (i.0, "i"),
        (acc.0, "acc"),
        (acc_next, "acc.next"),
        (i_next, "i.next"),
        (done, "done"),
    ] {
        ctx.set_name(v, name);
    }
    Builder::at_end(&mut ctx, exit).ret(Some(acc_next));

    // define i64 @classify(i64 %x): a switch merging into a PHI.
    let classify = ctx.add_function(m, "classify", sum_ty);
    let x = ctx.arg(classify, 0);
    ctx.set_name(x, "x");
    let centry = ctx.append_block(classify, "entry");
    let small = ctx.append_block(classify, "small");
    let big = ctx.append_block(classify, "big");
    let other = ctx.append_block(classify, "other");
    let merge = ctx.append_block(classify, "merge");
    let sw = Builder::at_end(&mut ctx, centry).switch(x, other, 3);
    for (k, dest) in [(0u64, small), (1, small), (100, big)] {
        let c = ctx.const_int(i64t, k);
        ctx.switch_add_case(sw, c, dest);
    }
    for blk in [small, big, other] {
        Builder::at_end(&mut ctx, blk).br(merge);
    }
    let mut b = Builder::at_end(&mut ctx, merge);
    let r = b.phi(i64t, 3);
    b.ret(Some(r.0));
    let ten = ctx.const_int(i64t, 10);
    let hundred = ctx.const_int(i64t, 100);
    let minus = ctx.const_int_signed(i64t, -1);
    ctx.phi_add_incoming(r, ten, small);
    ctx.phi_add_incoming(r, hundred, big);
    ctx.phi_add_incoming(r, minus, other);
    ctx.set_name(r.0, "r");

    // define i32 @main(): calls, a GEP into a struct, the format string.
    let main_ty = ctx.function_type(i32t, &[], false);
    let main_fn = ctx.add_function(m, "main", main_ty);
    let mentry = ctx.append_block(main_fn, "entry");
    let mut b = Builder::at_end(&mut ctx, mentry);
    let slot = b.alloca(pair_ty, None, Align::from_bytes(8));
    let i32_0 = b.ctx.const_int(i32t, 0);
    let i32_1 = b.ctx.const_int(i32t, 1);
    let field = b.gep(pair_ty, slot, &[zero, i32_1], GepFlags::INBOUNDS);
    let _ = i32_0;
    b.store(ten, field, Align::from_bytes(8));
    let loaded = b.load(i64t, field, Align::from_bytes(8));
    let s = b.call_function(sum_to, &[loaded]);
    let class = b.call_function(classify, &[s]);
    // A redundant copy a pass will remove: %tmp = add i64 %class, 0.
    b.set_folding(false);
    let tmp = b.binop(Opcode::Add, class, zero, lair::inst::NoFlags);
    b.set_folding(true);
    b.call(printf_ty, printf.0, &[msg.0, tmp]);
    let ret0 = b.ctx.const_int(i32t, 0);
    b.ret(Some(ret0));
    for (v, name) in [
        (slot, "slot"),
        (field, "field"),
        (loaded, "v"),
        (s, "s"),
        (class, "class"),
        (tmp, "tmp"),
    ] {
        ctx.set_name(v, name);
    }

    // The pass: replace %tmp by %class and erase it, while a weak-tracking
    // handle held on %tmp follows the replacement.
    let h = ctx.create_handle(Some(tmp), HandleKind::WeakTracking);
    eprintln!(
        "before: %tmp has {} use(s), %class has {}",
        ctx.num_uses(tmp),
        ctx.num_uses(class)
    );
    ctx.replace_all_uses_with(tmp, class);
    ctx.erase_inst(Inst(tmp));
    let followed = ctx.handle_value(h);
    assert_eq!(
        followed,
        Some(class),
        "the weak-tracking handle follows the RAUW"
    );
    eprintln!(
        "after: %tmp erased; handle now names %{}; %class has {} use(s)",
        ctx.name_of(class).unwrap_or("?"),
        ctx.num_uses(class)
    );
    ctx.drop_handle(h);
    ctx.check_use_lists().expect("use lists are consistent");

    print!("{}", ctx.print_module(m));
}
