//! The frontend author's friction points of issue 17, each shown gone:
//! names at construction (and none on folded results), constants and
//! PHI/switch entries through the builder, a named method per instruction,
//! struct GEPs, global strings, alignments from the data layout, and the
//! docs that were stale.

use lair::builder::Builder;
use lair::inst::{FloatPredicate, IntPredicate};
use lair::ir::Function;
use lair::{Context, Type};

/// A module `m` with `define <ret> @f(<params>)` and its entry block.
fn func(ctx: &mut Context, ret: Type, params: &[Type]) -> (Function, lair::ir::Block) {
    let m = ctx.create_module("m");
    let fty = ctx.function_type(ret, params, false);
    let f = ctx.add_function(m, "f", fty);
    let entry = ctx.append_block(f, "entry");
    (f, entry)
}

fn has(text: &str, lines: &[&str]) {
    for l in lines {
        assert!(text.contains(l), "missing {l:?} in\n{text}");
    }
}

#[test]
fn names_are_given_at_construction_and_dropped_on_folds() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let (f, entry) = func(&mut ctx, i32t, &[i32t, i32t]);
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let mut b = Builder::at_end(&mut ctx, entry);
    let s = b.named("sum").add(x, y);
    // Folded to a constant: no panic, no name ("a Constant cannot be named"
    // was the friction).
    let (two, three) = (b.i32(2), b.i32(3));
    let five = b.named("five").add(two, three);
    assert!(b.ctx.value_kind(five).is_constant());
    // Returned an existing value (a cast to its own type): that value keeps
    // its name, though it is the last instruction of the block.
    let same = b.named("other").int_cast(s, i32t, true);
    assert_eq!(same, s);
    // Names are made unique as LLVM does.
    let s2 = b.named("sum").add(s, five);
    b.ret(Some(s2));
    assert_eq!(ctx.name_of(s), Some("sum"));
    assert_eq!(ctx.name_of(s2), Some("sum1"));
    has(
        &ctx.display_function(f).to_string(),
        &["%sum = add i32 %0, %1", "%sum1 = add i32 %sum, 5"],
    );
}

#[test]
fn set_name_on_a_constant_is_a_no_op() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let (_, entry) = func(&mut ctx, i32t, &[]);
    let mut b = Builder::at_end(&mut ctx, entry);
    let c = b.i32(7);
    assert_eq!(b.set_name(c, "seven"), c);
    assert_eq!(ctx.name_of(c), None);
}

#[test]
fn phi_and_switch_take_their_entries_and_return_values() {
    let mut ctx = Context::new();
    let i64t = ctx.i64_type();
    let (f, entry) = func(&mut ctx, i64t, &[i64t]);
    let x = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, entry);
    let (a, c, join) = (
        b.append_block("a"),
        b.append_block("c"),
        b.append_block("join"),
    );
    let (k1, k2) = (b.i64(1), b.i64(2));
    b.switch_with(x, join, &[(k1, a), (k2, c)]);
    for bb in [a, c] {
        b.position_at_end(bb);
        b.br(join);
    }
    b.position_at_end(join);
    let (v10, v20) = (b.i64(10), b.i64(20));
    // A Value, used directly: no `.0`.
    let r = b.named("r").phi_with(&[(v10, a), (v20, c), (x, entry)]);
    let r2 = b.named("r2").add(r, r);
    b.ret(Some(r2));
    has(
        &ctx.display_function(f).to_string(),
        &[
            "switch i64 %0, label %join [\n    i64 1, label %a\n    i64 2, label %c\n  ]",
            "%r = phi i64 [ 10, %a ], [ 20, %c ], [ %0, %entry ]",
            "%r2 = add i64 %r, %r",
        ],
    );
    ctx.check_use_lists().unwrap();
}

#[test]
#[should_panic(expected = "Builder::phi_with: no incoming values")]
fn phi_with_nothing_panics_naming_the_method() {
    let mut ctx = Context::new();
    let i64t = ctx.i64_type();
    let (_, entry) = func(&mut ctx, i64t, &[]);
    Builder::at_end(&mut ctx, entry).phi_with(&[]);
}

#[test]
fn every_binary_operator_cast_and_compare_has_a_named_method() {
    let mut ctx = Context::new();
    let (i32t, i64t, i8t) = (ctx.i32_type(), ctx.i64_type(), ctx.i8_type());
    let (f64t, f32t, ptr) = (ctx.double_type(), ctx.float_type(), ctx.ptr_type(0));
    let (void, f128) = (ctx.void_type(), ctx.fp128_type());
    let (f, entry) = func(&mut ctx, void, &[i32t, i32t, f64t, ptr]);
    let (x, y, d, p) = (ctx.arg(f, 0), ctx.arg(f, 1), ctx.arg(f, 2), ctx.arg(f, 3));
    let mut b = Builder::at_end(&mut ctx, entry);
    type Bin = fn(&mut Builder<'_>, lair::Value, lair::Value) -> lair::Value;
    let ints: &[(&str, Bin)] = &[
        ("add", |b, x, y| b.add(x, y)),
        ("sub", |b, x, y| b.sub(x, y)),
        ("mul", |b, x, y| b.mul(x, y)),
        ("sdiv", |b, x, y| b.sdiv(x, y)),
        ("udiv", |b, x, y| b.udiv(x, y)),
        ("srem", |b, x, y| b.srem(x, y)),
        ("urem", |b, x, y| b.urem(x, y)),
        ("shl", |b, x, y| b.shl(x, y)),
        ("lshr", |b, x, y| b.lshr(x, y)),
        ("ashr", |b, x, y| b.ashr(x, y)),
        ("and", |b, x, y| b.and(x, y)),
        ("or", |b, x, y| b.or(x, y)),
        ("xor", |b, x, y| b.xor(x, y)),
    ];
    let mut want = Vec::new();
    for (op, m) in ints {
        let v = m(&mut b, x, y);
        b.set_name(v, &format!("r.{op}"));
        want.push(format!("%r.{op} = {op} i32 %0, %1"));
    }
    let floats: &[(&str, Bin)] = &[
        ("fadd", |b, x, y| b.fadd(x, y)),
        ("fsub", |b, x, y| b.fsub(x, y)),
        ("fmul", |b, x, y| b.fmul(x, y)),
        ("fdiv", |b, x, y| b.fdiv(x, y)),
        ("frem", |b, x, y| b.frem(x, y)),
    ];
    for (op, m) in floats {
        let v = m(&mut b, d, d);
        b.set_name(v, &format!("r.{op}"));
        want.push(format!("%r.{op} = {op} double %2, %2"));
    }
    b.named("r.fneg").fneg(d);
    b.named("r.not").not(x);
    b.named("r.neg").neg(x);
    want.extend([
        "%r.fneg = fneg double %2".to_string(),
        "%r.not = xor i32 %0, -1".into(),
        "%r.neg = sub i32 0, %0".into(),
    ]);
    type Cast = fn(&mut Builder<'_>, lair::Value, Type) -> lair::Value;
    let casts: &[(&str, Cast, lair::Value, Type, &str)] = &[
        ("trunc", |b, v, t| b.trunc(v, t), x, i8t, "i32 %0 to i8"),
        ("zext", |b, v, t| b.zext(v, t), x, i64t, "i32 %0 to i64"),
        ("sext", |b, v, t| b.sext(v, t), x, i64t, "i32 %0 to i64"),
        (
            "fptrunc",
            |b, v, t| b.fptrunc(v, t),
            d,
            f32t,
            "double %2 to float",
        ),
        (
            "fpext",
            |b, v, t| b.fpext(v, t),
            d,
            f128,
            "double %2 to fp128",
        ),
        (
            "fptosi",
            |b, v, t| b.fptosi(v, t),
            d,
            i32t,
            "double %2 to i32",
        ),
        (
            "fptoui",
            |b, v, t| b.fptoui(v, t),
            d,
            i32t,
            "double %2 to i32",
        ),
        (
            "sitofp",
            |b, v, t| b.sitofp(v, t),
            x,
            f64t,
            "i32 %0 to double",
        ),
        (
            "uitofp",
            |b, v, t| b.uitofp(v, t),
            x,
            f64t,
            "i32 %0 to double",
        ),
        (
            "ptrtoint",
            |b, v, t| b.ptrtoint(v, t),
            p,
            i64t,
            "ptr %3 to i64",
        ),
        (
            "inttoptr",
            |b, v, t| b.inttoptr(v, t),
            x,
            ptr,
            "i32 %0 to ptr",
        ),
        (
            "bitcast",
            |b, v, t| b.bitcast(v, t),
            x,
            f32t,
            "i32 %0 to float",
        ),
    ];
    for (op, m, v, ty, text) in casts {
        let r = m(&mut b, *v, *ty);
        b.set_name(r, &format!("c.{op}"));
        want.push(format!("%c.{op} = {op} {text}"));
    }
    let p1 = b.ctx.ptr_type(1);
    b.named("c.asc").addrspacecast(p, p1);
    want.push("%c.asc = addrspacecast ptr %3 to ptr addrspace(1)".into());
    for pred in [
        IntPredicate::Eq,
        IntPredicate::Ne,
        IntPredicate::Slt,
        IntPredicate::Sle,
        IntPredicate::Sgt,
        IntPredicate::Sge,
        IntPredicate::Ult,
        IntPredicate::Ule,
        IntPredicate::Ugt,
        IntPredicate::Uge,
    ] {
        let by_name = match pred {
            IntPredicate::Eq => b.icmp_eq(x, y),
            IntPredicate::Ne => b.icmp_ne(x, y),
            IntPredicate::Slt => b.icmp_slt(x, y),
            IntPredicate::Sle => b.icmp_sle(x, y),
            IntPredicate::Sgt => b.icmp_sgt(x, y),
            IntPredicate::Sge => b.icmp_sge(x, y),
            IntPredicate::Ult => b.icmp_ult(x, y),
            IntPredicate::Ule => b.icmp_ule(x, y),
            IntPredicate::Ugt => b.icmp_ugt(x, y),
            _ => b.icmp_uge(x, y),
        };
        assert_eq!(b.ctx.predicate(lair::ir::Inst(by_name)), pred.into());
    }
    for (pred, v) in [
        (FloatPredicate::Oeq, b.fcmp_oeq(d, d)),
        (FloatPredicate::One, b.fcmp_one(d, d)),
        (FloatPredicate::Olt, b.fcmp_olt(d, d)),
        (FloatPredicate::Ole, b.fcmp_ole(d, d)),
        (FloatPredicate::Ogt, b.fcmp_ogt(d, d)),
        (FloatPredicate::Oge, b.fcmp_oge(d, d)),
        (FloatPredicate::Une, b.fcmp_une(d, d)),
        (FloatPredicate::Uno, b.fcmp_uno(d, d)),
        (FloatPredicate::Ord, b.fcmp_ord(d, d)),
    ] {
        assert_eq!(b.ctx.predicate(lair::ir::Inst(v)), pred.into());
    }
    b.ret_void();
    let text = ctx.display_function(f).to_string();
    let want: Vec<&str> = want.iter().map(String::as_str).collect();
    has(&text, &want);
    ctx.check_use_lists().unwrap();
}

#[test]
fn memory_aligns_by_the_data_layout_and_gep_helpers_read_like_ir() {
    let mut ctx = Context::new();
    let (i32t, i64t, f64t) = (ctx.i32_type(), ctx.i64_type(), ctx.double_type());
    let (f, entry) = func(&mut ctx, f64t, &[i64t]);
    let m = ctx.global_parent(f);
    // i64 and double 4-aligned (as on i386 Linux), preferred 8 for i64.
    ctx.module_mut(m).datalayout = "e-i64:32:64-f64:32:64".into();
    let n = ctx.arg(f, 0);
    let pair = ctx.create_struct("pair");
    ctx.set_struct_body(pair, &[i32t, f64t], false);
    let arr = ctx.array_type(i64t, 8);
    let mut b = Builder::at_end(&mut ctx, entry);
    let s = b.named("s").alloca(pair, None, None);
    let a = b.named("a").alloca(arr, None, None);
    let w = b.named("w").alloca(i64t, None, None);
    let fld = b.named("fld").struct_gep(pair, s, 1);
    let half = b.f64(0.5);
    b.store(half, fld, None);
    let zero = b.i64(0);
    let elt = b.named("elt").in_bounds_gep(arr, a, &[zero, n]);
    b.store(n, elt, None);
    b.store(n, w, None);
    let r = b.named("r").load(f64t, fld, None);
    let g = b.global_string_ptr("hi", "");
    let _ = g;
    b.ret(Some(r));
    let text = ctx.print_module(m);
    has(
        &text,
        &[
            "@0 = private unnamed_addr constant [3 x i8] c\"hi\\00\", align 1",
            "%s = alloca %pair, align 8",
            "%a = alloca [8 x i64], align 8",
            "%w = alloca i64, align 8",
            "%fld = getelementptr inbounds %pair, ptr %s, i32 0, i32 1",
            "store double 5.000000e-01, ptr %fld, align 4",
            "%elt = getelementptr inbounds [8 x i64], ptr %a, i64 0, i64 %0",
            "store i64 %0, ptr %elt, align 4",
            "%r = load double, ptr %fld, align 4",
        ],
    );
}

#[test]
#[should_panic(expected = "Builder::struct_gep: i32 is not a struct type")]
fn struct_gep_of_a_non_struct_panics_naming_the_method() {
    let mut ctx = Context::new();
    let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    let (f, entry) = func(&mut ctx, i32t, &[ptr]);
    let p = ctx.arg(f, 0);
    Builder::at_end(&mut ctx, entry).struct_gep(i32t, p, 0);
}

#[test]
fn the_docs_are_the_guide() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/{p}")).unwrap();
    let lib = read("src/lib.rs");
    // The crate page builds a program with a loop, PHIs, memory, a call, a
    // struct GEP and a global string, and links the examples.
    for needle in [
        "# A guide",
        "empty_phi",
        "alloca(",
        "struct_gep(",
        "global_string_ptr(",
        "call_function(",
        "print_module",
        "examples/quickstart.rs",
        "examples/toy/",
    ] {
        assert!(lib.contains(needle), "src/lib.rs lacks {needle}");
    }
    assert!(!read("src/asm/mod.rs").contains("being written"));
    // The quickstart's comment gives the type the printer writes.
    let q = read("examples/quickstart.rs");
    let mut ctx = Context::new();
    let s = ctx.const_string(b"sum is %lld\n", true);
    let ty = ctx.type_of(s).display(&ctx).to_string();
    assert_eq!(ty, "[13 x i8]");
    assert!(q.contains(&format!("constant {ty} c\"sum is %lld\\0A\\00\"")));
    // Builder methods say more than their mnemonic.
    let builder = read("src/builder.rs");
    assert!(
        !builder.contains("/// `add`\n"),
        "Builder::add documents itself as `add`"
    );
}

#[test]
#[should_panic(expected = "Builder::named: `done` would name a void instruction")]
fn naming_a_void_call_panics_naming_the_method() {
    let mut ctx = Context::new();
    let void = ctx.void_type();
    let (f, entry) = func(&mut ctx, void, &[]);
    let mut b = Builder::at_end(&mut ctx, entry);
    b.named("done").call_function(f, &[]);
}

#[test]
fn named_works_before_an_instruction_too() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let (f, entry) = func(&mut ctx, i32t, &[i32t]);
    let x = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, entry);
    let r = b.ret(Some(x));
    b.position_before(r);
    let y = b.named("y").mul(x, x);
    // A fold inserts nothing: the instruction before the cursor is still
    // %y, which keeps its name.
    let (two, three) = (b.i32(2), b.i32(3));
    let six = b.named("six").mul(two, three);
    assert!(b.ctx.value_kind(six).is_constant());
    let z = b.named("z").add(y, six);
    b.ctx.set_operand(r.0, 0, Some(z));
    assert_eq!(ctx.name_of(y), Some("y"));
    has(
        &ctx.display_function(f).to_string(),
        &["%y = mul i32 %0, %0\n  %z = add i32 %y, 6\n  ret i32 %z"],
    );
}
