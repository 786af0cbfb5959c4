//! Builds a small but real module through the builder — a loop with PHIs,
//! a switch, a call, memory, a GEP into a struct, a global string — then
//! rewrites it the way a pass would (RAUW and erase while a weak-tracking
//! handle follows the replacement) and prints the module as LLVM 19 textual
//! IR on stdout. Narration goes to stderr, so
//! `cargo run --example quickstart | llvm-as-19` works, and so does
//! `cargo run --example quickstart > q.ll && clang-19 q.ll -o q && ./q`.

use lair::builder::Builder;
use lair::inst::{NoFlags, Opcode};
use lair::ir::Inst;
use lair::{Context, HandleKind};

fn main() {
    let mut ctx = Context::new();
    let m = ctx.create_module("quickstart");
    ctx.module_mut(m).source_filename = "quickstart.c".into();
    // The triple and data layout clang-19 picks for this machine.
    if let Some(t) = Context::host_target() {
        ctx.set_target(m, &t);
    }

    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let ptr = ctx.ptr_type(0);

    // %struct.pair = type { i64, i64 }
    let pair_ty = ctx.create_struct("struct.pair");
    ctx.set_struct_body(pair_ty, &[i64t, i64t], false);

    // declare i32 @printf(ptr, ...)
    let printf_ty = ctx.function_type(i32t, &[ptr], true);
    let printf = ctx.add_function(m, "printf", printf_ty);

    // define i64 @sum_to(i64 %n): a counted loop with two PHIs.
    let sum_ty = ctx.function_type(i64t, &[i64t], false);
    let sum_to = ctx.add_function(m, "sum_to", sum_ty);
    let n = ctx.arg(sum_to, 0);
    ctx.set_name(n, "n");
    let entry = ctx.append_block(sum_to, "entry");
    let mut b = Builder::at_end(&mut ctx, entry);
    let (looph, exit) = (b.append_block("loop"), b.append_block("exit"));
    b.br(looph);
    b.position_at_end(looph);
    // The back-edge values do not exist yet: empty PHIs, filled below.
    let i = b.named("i").empty_phi(i64t);
    let acc = b.named("acc").empty_phi(i64t);
    let acc_next = b.named("acc.next").add(acc, i);
    let one = b.i64(1);
    let i_next = b.named("i.next").add(i, one);
    let done = b.named("done").icmp_eq(i_next, n);
    b.cond_br(done, exit, looph);
    let zero = b.i64(0);
    b.add_incoming(i, zero, entry);
    b.add_incoming(i, i_next, looph);
    b.add_incoming(acc, zero, entry);
    b.add_incoming(acc, acc_next, looph);
    b.position_at_end(exit);
    b.ret(Some(acc_next));

    // define i64 @classify(i64 %x): a switch merging into a PHI.
    let classify = ctx.add_function(m, "classify", sum_ty);
    let x = ctx.arg(classify, 0);
    ctx.set_name(x, "x");
    let centry = ctx.append_block(classify, "entry");
    let mut b = Builder::at_end(&mut ctx, centry);
    let small = b.append_block("small");
    let big = b.append_block("big");
    let other = b.append_block("other");
    let merge = b.append_block("merge");
    let (c0, c1, c100) = (b.i64(0), b.i64(1), b.i64(100));
    b.switch_with(x, other, &[(c0, small), (c1, small), (c100, big)]);
    for blk in [small, big, other] {
        b.position_at_end(blk);
        b.br(merge);
    }
    b.position_at_end(merge);
    let (ten, hundred, minus) = (b.i64(10), b.i64(100), b.i64(-1));
    let r = b
        .named("r")
        .phi_with(&[(ten, small), (hundred, big), (minus, other)]);
    b.ret(Some(r));

    // define i32 @main(): memory, a GEP into a struct, calls, the format
    // string @msg = private unnamed_addr constant [13 x i8] c"sum is %lld\0A\00".
    let main_ty = ctx.function_type(i32t, &[], false);
    let main_fn = ctx.add_function(m, "main", main_ty);
    let mentry = ctx.append_block(main_fn, "entry");
    let mut b = Builder::at_end(&mut ctx, mentry);
    let msg = b.global_string_ptr("sum is %lld\n", "msg");
    // Alignments default to the data layout's, as IRBuilder's do.
    let slot = b.named("slot").alloca(pair_ty, None, None);
    let field = b.named("field").struct_gep(pair_ty, slot, 1);
    b.store(ten, field, None);
    let loaded = b.named("v").load(i64t, field, None);
    let s = b.named("s").call_function(sum_to, &[loaded]);
    let class = b.named("class").call_function(classify, &[s]);
    // A redundant copy a pass will remove: %tmp = add i64 %class, 0.
    b.set_folding(false);
    let tmp = b.named("tmp").binop(Opcode::Add, class, zero, NoFlags);
    b.set_folding(true);
    b.call_function(printf, &[msg, tmp]);
    let ret0 = b.i32(0);
    b.ret(Some(ret0));

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
