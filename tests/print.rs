//! The textual IR printer: modules built through the public API, printed,
//! and checked two ways: expected snippets (LLVM 19 spellings), and the
//! LLVM 19 tools as oracle. When `/usr/lib/llvm-19/bin/llvm-as` exists,
//! every printed module must be accepted by `llvm-as` (with its verifier,
//! unless a test says otherwise) and `llvm-dis` must print it back the same,
//! ignoring the `; ModuleID` line and the order inside `; preds = ...`
//! comments (use-list order, which `llvm-as` does not keep).

#[path = "support/verified.rs"]
mod verified;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use lair::builder::Builder;
use lair::constants::ExprFlags;
use lair::inst::{
    Disjoint, Exact, ExactOp, FastMathFlags, FloatOp, FloatPredicate, GepFlags, IntPredicate,
    NoFlags, Opcode, Ordering, RmwOp, SyncScope, TailKind, WrapFlags, WrapOp,
};
use lair::ir::attributes::{AttrIndex, AttrKind, Attribute, AttributeSet};
use lair::ir::function::{PERSONALITY, PREFIX, PROLOGUE};
use lair::ir::global::{DllStorage, Linkage, ThreadLocal, UnnamedAddr, Visibility};
use lair::ir::inst::{Bundle, CallData, DbgRecord, InstPayload};
use lair::ir::metadata::{FieldName, MdField, MdKindId, SpecKind};
use lair::ir::module::ComdatKind;
use lair::ir::{Block, Function, Inst, Module};
use lair::types::Align;
use lair::{Context, Type, Value, ValueKind};

const LLVM_AS: &str = "/usr/lib/llvm-19/bin/llvm-as";
const LLVM_DIS: &str = "/usr/lib/llvm-19/bin/llvm-dis";

fn have_llvm() -> bool {
    let ok = Path::new(LLVM_AS).exists() && Path::new(LLVM_DIS).exists();
    if !ok {
        eprintln!("note: LLVM 19 not found at {LLVM_AS}; oracle checks skipped");
    }
    ok
}

fn run(tool: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {tool}: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let data = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = feeder.join();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// `llvm-dis-19 (llvm-as-19 text)`; `None` without LLVM 19.
///
/// # Panics
/// With `llvm-as`'s message and the text, if it rejects the text.
fn llvm_round_trip(text: &str, verify: bool) -> Option<String> {
    if !have_llvm() {
        return None;
    }
    let mut args = vec!["-", "-o", "-"];
    if !verify {
        args.push("--disable-verify");
    }
    let bc = match run(LLVM_AS, &args, text.as_bytes()) {
        Ok(bc) => bc,
        Err(e) => panic!("llvm-as-19 rejected the printed module:\n{e}\n--- text ---\n{text}"),
    };
    let dis = run(LLVM_DIS, &["-", "-o", "-"], &bc).expect("llvm-dis-19 failed");
    Some(String::from_utf8(dis).expect("llvm-dis prints UTF-8"))
}

/// The text without the `; ModuleID` line, with each `; preds = a, b`
/// comment's list sorted.
fn normalise(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines() {
        if line.starts_with("; ModuleID") {
            continue;
        }
        match line.split_once("; preds = ") {
            Some((head, preds)) => {
                let mut p: Vec<&str> = preds.split(", ").collect();
                p.sort();
                out.push_str(head);
                out.push_str("; preds = ");
                out.push_str(&p.join(", "));
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// LLVM 19 accepts `text` (with its verifier) and prints it back the same.
fn check_oracle(text: &str) {
    check_oracle_with(text, true)
}

/// [`check_oracle`], with or without `llvm-as`'s verifier.
fn check_oracle_with(text: &str, verify: bool) {
    if let Some(dis) = llvm_round_trip(text, verify) {
        let (a, b) = (normalise(text), normalise(&dis));
        if a != b {
            let diff: Vec<String> = a
                .lines()
                .zip(b.lines())
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .take(8)
                .map(|(n, (x, y))| format!("line {}:\n  ours: {x}\n  llvm: {y}", n + 1))
                .collect();
            panic!(
                "llvm-dis-19 prints the module differently:\n{}\n--- ours ---\n{text}\n--- llvm ---\n{dis}",
                diff.join("\n")
            );
        }
    }
}

/// Every snippet occurs in `text`.
fn check(text: &str, snippets: &[&str]) {
    for s in snippets {
        assert!(text.contains(s), "missing {s:?} in:\n{text}");
    }
}

/// Creates an instruction at the end of `b`.
fn inst(
    ctx: &mut Context,
    b: Block,
    op: Opcode,
    ty: Type,
    ops: &[Value],
    payload: InstPayload,
) -> Inst {
    let i = ctx.create_inst(op, ty, ops, payload);
    ctx.append_inst(b, i);
    i
}

fn align(bytes: u64) -> Option<Align> {
    Align::from_bytes(bytes)
}

fn declare(
    ctx: &mut Context,
    m: Module,
    name: &str,
    ret: Type,
    params: &[Type],
    va: bool,
) -> Function {
    let fty = ctx.function_type(ret, params, va);
    ctx.add_function(m, name, fty)
}

// ---- shapes ----------------------------------------------------------------

#[test]
fn names_are_bytes() {
    // LLVM's names are byte strings: `@"\FF"` and `@"\FE"` are two names,
    // collisions get `.N` (globals) or `N` (locals) appended to the bytes.
    let mut ctx = Context::new();
    let m = ctx.create_module("names");
    let i32t = ctx.i32_type();
    let ff = ctx.add_global_var(m, b"\xFF", i32t, 0);
    let fe = ctx.add_global_var(m, b"\xFE", i32t, 0);
    let again = ctx.add_global_var(m, b"\xFF", i32t, 0);
    let text_name = ctx.add_global_var(m, "a\"b\\c", i32t, 0);
    assert_eq!(ctx.name_bytes(ff.0), Some(&b"\xFF"[..]));
    assert_eq!(ctx.name_bytes(fe.0), Some(&b"\xFE"[..]));
    assert_eq!(ctx.name_bytes(again.0), Some(&b"\xFF.1"[..]));
    assert_eq!(ctx.name_of(ff.0), None, "not UTF-8: no &str view");
    assert!(ctx.has_name(ff.0));
    assert_eq!(ctx.name_of(text_name.0), Some("a\"b\\c"));
    assert_eq!(ctx.global_by_name(m, b"\xFE"), Some(fe.0));
    assert_eq!(ctx.global_by_name(m, "a\"b\\c"), Some(text_name.0));
    for g in [ff, fe, again, text_name] {
        let zero = ctx.const_int(i32t, 0);
        ctx.set_initializer(g, Some(zero));
    }
    let fty = ctx.function_type(i32t, &[i32t], false);
    let f = ctx.add_function(m, b"f\x80", fty);
    let x = ctx.arg(f, 0);
    ctx.set_name_bytes(x, b"\xC0");
    let entry = ctx.append_block(f, b"\xFE\xFF");
    let mut b = Builder::at_end(&mut ctx, entry);
    let s = b.add(x, x);
    let t = b.add(s, x);
    b.ret(Some(t));
    ctx.set_name_bytes(s, b"\xC0");
    ctx.set_name_bytes(t, b"\xC0");
    assert_eq!(ctx.name_bytes(s), Some(&b"\xC01"[..]));
    assert_eq!(ctx.name_bytes(t), Some(&b"\xC02"[..]));
    assert_eq!(ctx.local_by_name(f, b"\xC02"), Some(t));
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "@\"\\FF\" = global i32 0\n@\"\\FE\" = global i32 0\n@\"\\FF.1\" = global i32 0\n",
            "@\"a\\22b\\\\c\" = global i32 0\n",
            "define i32 @\"f\\80\"(i32 %\"\\C0\") {\n\"\\FE\\FF\":\n",
            "%\"\\C01\" = add i32 %\"\\C0\", %\"\\C0\"\n  %\"\\C02\" = add i32 %\"\\C01\", %\"\\C0\"",
        ],
    );
    check_oracle(&text);
    // Renaming to a non-UTF-8 name and back frees the old name.
    ctx.set_name(fe, "plain");
    assert_eq!(ctx.global_by_name(m, b"\xFE"), None);
    assert_eq!(ctx.global_by_name(m, "plain"), Some(fe.0));
}

#[test]
fn numbering_and_layout() {
    let mut ctx = Context::new();
    let m = ctx.create_module("numbers");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[i32t, i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let y = ctx.arg(f, 1);
    ctx.set_name(y, "y");
    let entry = ctx.append_block(f, "");
    let next = ctx.append_block(f, "");
    let x = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, entry);
    let s = b.add(x, y);
    b.br(next);
    b.position_at_end(next);
    let t = b.mul(s, s);
    b.ret(Some(t));
    let text = verified::text(&ctx, m);
    assert_eq!(
        text,
        "; ModuleID = 'numbers'\nsource_filename = \"numbers\"\n\n\
         define i32 @f(i32 %0, i32 %y) {\n  \
         %2 = add i32 %0, %y\n  br label %3\n\n\
         3:                                                ; preds = %1\n  \
         %4 = mul i32 %2, %2\n  ret i32 %4\n}\n"
    );
    check_oracle(&text);
}

#[test]
fn display_helpers() {
    let mut ctx = Context::new();
    let m = ctx.create_module("d");
    let i32t = ctx.i32_type();
    let f = declare(&mut ctx, m, "f", i32t, &[i32t], false);
    let entry = ctx.append_block(f, "entry");
    let x = ctx.arg(f, 0);
    let five = ctx.const_int(i32t, 5);
    let mut b = Builder::at_end(&mut ctx, entry);
    b.set_folding(false);
    let s = b.add(x, five);
    let r = b.ret(Some(s));
    assert_eq!(
        ctx.display_inst(Inst(s)).to_string(),
        "  %1 = add i32 %0, 5"
    );
    assert_eq!(ctx.display_inst(r).to_string(), "  ret i32 %1");
    assert_eq!(ctx.display_value(s).to_string(), "i32 %1");
    assert_eq!(ctx.display_operand(s).to_string(), "%1");
    assert_eq!(ctx.display_value(x).to_string(), "i32 %0");
    assert_eq!(ctx.display_value(f.0).to_string(), "ptr @f");
    assert_eq!(ctx.display_constant(five).to_string(), "i32 5");
    assert_eq!(
        ctx.display_block(entry).to_string(),
        "entry:\n  %1 = add i32 %0, 5\n  ret i32 %1\n"
    );
    assert_eq!(
        ctx.display_function(f).to_string(),
        "define i32 @f(i32 %0) {\nentry:\n  %1 = add i32 %0, 5\n  ret i32 %1\n}\n"
    );
    assert!(ctx
        .display_module(m)
        .to_string()
        .contains("define i32 @f(i32 %0) {"));
    let pair = ctx.const_anon_struct(&[five, f.0], false);
    assert_eq!(
        ctx.display_constant(pair).to_string(),
        "{ i32, ptr } { i32 5, ptr @f }"
    );
}

// ---- every opcode and flag -------------------------------------------------

/// A module with every instruction that needs no exception-handling
/// personality, each flag at least once.
fn opcode_module(ctx: &mut Context) -> Module {
    let m = ctx.create_module("ops");
    let (i1, i8t, i16t, i32t, i64t) = (
        ctx.i1_type(),
        ctx.i8_type(),
        ctx.i16_type(),
        ctx.i32_type(),
        ctx.i64_type(),
    );
    let (f32t, f64t, ptr, void) = (
        ctx.float_type(),
        ctx.double_type(),
        ctx.ptr_type(0),
        ctx.void_type(),
    );
    let ptr1 = ctx.ptr_type(1);
    let v4i32 = ctx.vector_type(i32t, 4);
    let pair = ctx.struct_type(&[i32t, f32t], false);

    let callee = declare(ctx, m, "callee", f32t, &[f32t], false);
    let vfn = declare(ctx, m, "vfn", void, &[i32t], true);
    let fast = declare(ctx, m, "fast", void, &[], false);
    ctx.function_data_mut(fast).call_conv = 8;

    let f = declare(
        ctx,
        m,
        "ops",
        i32t,
        &[i32t, i32t, f32t, ptr, v4i32, i1, f64t, ptr1],
        false,
    );
    let names = ["a", "b", "x", "p", "v", "c", "d", "q"];
    for (k, n) in names.iter().enumerate() {
        let a = ctx.arg(f, k);
        ctx.set_name(a, n);
    }
    let [a, bb, x, p, v, c, d, _q] = core::array::from_fn(|k| ctx.arg(f, k));
    let entry = ctx.append_block(f, "entry");
    let left = ctx.append_block(f, "left");
    let right = ctx.append_block(f, "right");
    let merge = ctx.append_block(f, "merge");
    let dead = ctx.append_block(f, "dead");

    let one = ctx.const_int(i32t, 1);
    let two = ctx.const_int(i32t, 2);
    let zero64 = ctx.const_int(i64t, 0);
    let mut b = Builder::at_end(ctx, entry);
    b.set_folding(false);
    let sum = b.binop(WrapOp::Add, a, bb, WrapFlags::NUW | WrapFlags::NSW);
    b.binop(WrapOp::Sub, sum, two, WrapFlags::NSW);
    b.binop(WrapOp::Mul, sum, two, WrapFlags::NUW);
    b.binop(ExactOp::UDiv, sum, two, Exact(true));
    for op in [Opcode::SDiv, Opcode::URem, Opcode::SRem] {
        b.binop(op, sum, two, NoFlags);
    }
    b.binop(WrapOp::Shl, sum, two, WrapFlags::NUW | WrapFlags::NSW);
    b.binop(ExactOp::LShr, sum, two, Exact(true));
    b.binop(Opcode::AShr, sum, two, NoFlags);
    b.binop(Opcode::And, sum, two, NoFlags);
    b.binop(lair::inst::DisjointOp::Or, sum, two, Disjoint(true));
    b.binop(Opcode::Xor, sum, two, NoFlags);
    let fops = [
        (FloatOp::FAdd, FastMathFlags::NNAN),
        (FloatOp::FSub, FastMathFlags::NINF | FastMathFlags::NSZ),
        (FloatOp::FMul, FastMathFlags::ARCP | FastMathFlags::CONTRACT),
        (FloatOp::FDiv, FastMathFlags::AFN),
        (FloatOp::FRem, FastMathFlags::REASSOC),
    ];
    for (op, fl) in fops {
        b.binop(op, x, x, fl);
    }
    let neg = b.fneg(x);
    b.ctx.set_fast_math(Inst(neg), FastMathFlags::FAST);
    for &pred in IntPredicate::ALL {
        b.icmp(pred, a, bb);
    }
    for &pred in FloatPredicate::ALL {
        b.fcmp(pred, x, x);
    }
    let casts = [
        (Opcode::Trunc, a, i8t),
        (Opcode::ZExt, a, i64t),
        (Opcode::SExt, a, i64t),
        (Opcode::FPToUI, x, i32t),
        (Opcode::FPToSI, x, i16t),
        (Opcode::UIToFP, a, f32t),
        (Opcode::SIToFP, a, f64t),
        (Opcode::FPTrunc, d, f32t),
        (Opcode::FPExt, x, f64t),
        (Opcode::PtrToInt, p, i64t),
        (Opcode::IntToPtr, a, ptr),
        (Opcode::BitCast, a, f32t),
        (Opcode::AddrSpaceCast, p, ptr1),
    ];
    for (op, val, ty) in casts {
        let r = Inst(b.cast(op, val, ty));
        match op {
            Opcode::Trunc => b.ctx.set_wrap_flags(r, WrapFlags::NUW | WrapFlags::NSW),
            Opcode::ZExt | Opcode::UIToFP => b.ctx.set_nneg(r, true),
            _ => {}
        }
    }
    let slot = b.alloca(i32t, None, align(4));
    b.ctx.set_name(slot, "slot");
    let arr = b.alloca(i32t, Some(two), align(16));
    let _ = arr;
    let se = b.alloca(ptr, None, align(8));
    b.ctx.set_swifterror(Inst(se), true);
    let ia = b.alloca(i32t, Some(a), align(4));
    b.ctx.set_inalloca(Inst(ia), true);
    let ld = b.load(i32t, slot, align(4));
    let ldv = b.load(i32t, slot, align(4));
    b.ctx.set_volatile(Inst(ldv), true);
    let lda = b.load(i32t, p, align(4));
    b.ctx
        .set_atomic(Inst(lda), Ordering::Acquire, SyncScope::SingleThread);
    let st = b.store(ld, slot, align(4));
    b.ctx.set_volatile(st, true);
    let sta = b.store(ld, p, align(4));
    b.ctx
        .set_atomic(sta, Ordering::Release, SyncScope::SingleThread);
    let g1 = b.gep(i8t, p, &[zero64], GepFlags::INBOUNDS | GepFlags::NUW);
    b.ctx.set_name(g1, "g1");
    b.gep(i32t, p, &[a], GepFlags::NUSW);
    b.gep(pair, p, &[zero64, one], GepFlags::NONE);
    let f1 = b.fence(Ordering::SeqCst);
    let _ = f1;
    let f2 = b.fence(Ordering::Acquire);
    b.ctx.set_sync_scope(f2, SyncScope::Named(b"agent"));
    let cx = b.cmpxchg(p, a, bb, Ordering::AcqRel, Ordering::Monotonic, align(4));
    b.ctx.set_weak(Inst(cx), true);
    b.ctx.set_volatile(Inst(cx), true);
    b.cmpxchg(p, a, bb, Ordering::SeqCst, Ordering::SeqCst, align(4));
    for (k, &op) in RmwOp::ALL.iter().enumerate() {
        if op == RmwOp::UDecWrap {
            continue;
        }
        let val = if matches!(op, RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin) {
            x
        } else {
            a
        };
        let r = b.atomicrmw(op, p, val, Ordering::Monotonic, align(4));
        if k == 1 {
            b.ctx.set_volatile(Inst(r), true);
        }
    }
    let sel = b.select(c, a, bb);
    b.ctx.set_name(sel, "sel");
    let fsel = b.select(c, x, x);
    b.ctx.set_fast_math(Inst(fsel), FastMathFlags::NNAN);
    b.va_arg(p, i32t);
    let e = b.extract_element(v, one);
    let ins = b.insert_element(v, e, two);
    b.shuffle_vector(v, ins, &[0, 5, -1, 3]);
    b.shuffle_vector(v, v, &[0, 0, 0, 0]);
    b.shuffle_vector(v, v, &[-1, -1, -1, -1]);
    let undef_pair = b.ctx.const_undef(pair);
    let iv = b.insert_value(undef_pair, a, &[0]);
    b.extract_value(iv, &[1]);
    let fr = b.freeze(a);
    b.ctx.set_name(fr, "fr");
    let cfty = b.ctx.signature(callee);
    let r = b.call(cfty, callee.0, &[x]);
    b.ctx.set_fast_math(Inst(r), FastMathFlags::FAST);
    let r2 = b.call(cfty, callee.0, &[x]);
    b.ctx.set_tail_kind(Inst(r2), TailKind::Tail);
    let mut attrs = b.ctx.call_attrs(Inst(r2)).clone();
    attrs.add(AttrIndex::Return, Attribute::Enum(AttrKind::NoUndef));
    attrs.add(AttrIndex::Param(0), Attribute::Enum(AttrKind::NoUndef));
    attrs.add(AttrIndex::Function, Attribute::Enum(AttrKind::NoUnwind));
    b.ctx.set_call_attrs(Inst(r2), attrs);
    let vty = b.ctx.signature(vfn);
    let r3 = b.call(vty, vfn.0, &[a, x]);
    b.ctx.set_tail_kind(Inst(r3), TailKind::NoTail);
    // A call with an operand bundle: operands [args..., bundle ops..., callee].
    let fty = b.ctx.signature(fast);
    let bundle_call = b.ctx.create_inst(
        Opcode::Call,
        void,
        &[one, a, fast.0],
        InstPayload::Call(Box::new(CallData {
            fn_ty: Some(fty),
            call_conv: 8,
            bundles: vec![Bundle {
                tag: b"deopt"[..].into(),
                start: 0,
                len: 2,
            }],
            ..Default::default()
        })),
    );
    b.insert(bundle_call);
    b.cond_br(c, left, right);

    b.position_at_end(left);
    let sw = b.switch(a, merge, 2);
    b.ctx.switch_add_case(sw, one, right);
    b.ctx.switch_add_case(sw, two, merge);

    b.position_at_end(right);
    b.br(merge);

    b.position_at_end(merge);
    let phi = b.phi(i32t, 3);
    b.ctx.set_name(phi.0, "phi");
    b.ctx.phi_add_incoming(phi, sum, left);
    b.ctx.phi_add_incoming(phi, sum, left);
    b.ctx.phi_add_incoming(phi, one, right);
    b.ret(Some(phi.0));

    b.position_at_end(dead);
    b.unreachable();

    // indirectbr through a blockaddress.
    let g = declare(ctx, m, "jump", void, &[], false);
    let e = ctx.append_block(g, "");
    let t1 = ctx.append_block(g, "t1");
    let t2 = ctx.append_block(g, "");
    let ba = ctx.block_address(g, t1);
    let mut b = Builder::at_end(ctx, e);
    b.indirect_br(ba, &[t1, t2]);
    b.position_at_end(t1);
    b.ret(None);
    b.position_at_end(t2);
    b.ret(None);
    m
}

#[test]
fn every_opcode_and_flag() {
    let mut ctx = Context::new();
    let m = opcode_module(&mut ctx);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "define i32 @ops(i32 %a, i32 %b, float %x, ptr %p, <4 x i32> %v, i1 %c, double %d, ptr addrspace(1) %q) {",
            "  %0 = add nuw nsw i32 %a, %b\n",
            "= sub nsw i32 %0, 2\n",
            "= mul nuw i32 %0, 2\n",
            "= udiv exact i32 %0, 2\n",
            "= sdiv i32 %0, 2\n",
            "= urem i32 %0, 2\n",
            "= srem i32 %0, 2\n",
            "= shl nuw nsw i32 %0, 2\n",
            "= lshr exact i32 %0, 2\n",
            "= ashr i32 %0, 2\n",
            "= and i32 %0, 2\n",
            "= or disjoint i32 %0, 2\n",
            "= xor i32 %0, 2\n",
            "= fadd nnan float %x, %x\n",
            "= fsub ninf nsz float %x, %x\n",
            "= fmul arcp contract float %x, %x\n",
            "= fdiv afn float %x, %x\n",
            "= frem reassoc float %x, %x\n",
            "= fneg fast float %x\n",
            "= icmp eq i32 %a, %b\n",
            "= icmp sle i32 %a, %b\n",
            "= fcmp false float %x, %x\n",
            "= fcmp une float %x, %x\n",
            "= fcmp true float %x, %x\n",
            "= trunc nuw nsw i32 %a to i8\n",
            "= zext nneg i32 %a to i64\n",
            "= sext i32 %a to i64\n",
            "= fptoui float %x to i32\n",
            "= fptosi float %x to i16\n",
            "= uitofp nneg i32 %a to float\n",
            "= sitofp i32 %a to double\n",
            "= fptrunc double %d to float\n",
            "= fpext float %x to double\n",
            "= ptrtoint ptr %p to i64\n",
            "= inttoptr i32 %a to ptr\n",
            "= bitcast i32 %a to float\n",
            "= addrspacecast ptr %p to ptr addrspace(1)\n",
            "  %slot = alloca i32, align 4\n",
            "= alloca i32, i32 2, align 16\n",
            "= alloca swifterror ptr, align 8\n",
            "= alloca inalloca i32, i32 %a, align 4\n",
            "= load i32, ptr %slot, align 4\n",
            "= load volatile i32, ptr %slot, align 4\n",
            "= load atomic i32, ptr %p syncscope(\"singlethread\") acquire, align 4\n",
            "  store volatile i32 ",
            ", ptr %slot, align 4\n",
            ", ptr %p syncscope(\"singlethread\") release, align 4\n",
            "  %g1 = getelementptr inbounds nuw i8, ptr %p, i64 0\n",
            "= getelementptr nusw i32, ptr %p, i32 %a\n",
            "= getelementptr { i32, float }, ptr %p, i64 0, i32 1\n",
            "  fence seq_cst\n",
            "  fence syncscope(\"agent\") acquire\n",
            "= cmpxchg weak volatile ptr %p, i32 %a, i32 %b acq_rel monotonic, align 4\n",
            "= cmpxchg ptr %p, i32 %a, i32 %b seq_cst seq_cst, align 4\n",
            "= atomicrmw xchg ptr %p, i32 %a monotonic, align 4\n",
            "= atomicrmw volatile add ptr %p, i32 %a monotonic, align 4\n",
            "= atomicrmw nand ptr %p, i32 %a monotonic, align 4\n",
            "= atomicrmw umin ptr %p, i32 %a monotonic, align 4\n",
            "= atomicrmw fadd ptr %p, float %x monotonic, align 4\n",
            "= atomicrmw fmin ptr %p, float %x monotonic, align 4\n",
            "= atomicrmw uinc_wrap ptr %p, i32 %a monotonic, align 4\n",
            "  %sel = select i1 %c, i32 %a, i32 %b\n",
            "= select nnan i1 %c, float %x, float %x\n",
            "= va_arg ptr %p, i32\n",
            "= extractelement <4 x i32> %v, i32 1\n",
            "= insertelement <4 x i32> %v, i32 ",
            "= shufflevector <4 x i32> %v, <4 x i32> %",
            ", <4 x i32> <i32 0, i32 5, i32 poison, i32 3>\n",
            "= shufflevector <4 x i32> %v, <4 x i32> %v, <4 x i32> zeroinitializer\n",
            "= shufflevector <4 x i32> %v, <4 x i32> %v, <4 x i32> poison\n",
            "= insertvalue { i32, float } undef, i32 %a, 0\n",
            "= extractvalue { i32, float } %",
            "  %fr = freeze i32 %a\n",
            "= call fast float @callee(float %x)\n",
            "= tail call noundef float @callee(float noundef %x) #0\n",
            "  notail call void (i32, ...) @vfn(i32 %a, float %x)\n",
            "  call fastcc void @fast() [ \"deopt\"(i32 1, i32 %a) ]\n",
            "  br i1 %c, label %left, label %right\n",
            "\nleft:                                             ; preds = %entry\n",
            "  switch i32 %a, label %merge [\n    i32 1, label %right\n    i32 2, label %merge\n  ]\n",
            "  br label %merge\n",
            "  %phi = phi i32 [ %0, %left ], [ %0, %left ], [ 1, %right ]\n",
            "  ret i32 %phi\n",
            "\ndead:                                             ; No predecessors!\n  unreachable\n",
            "declare fastcc void @fast()\n",
            "declare void @vfn(i32, ...)\n",
            "  indirectbr ptr blockaddress(@jump, %t1), [label %t1, label %1]\n",
            "\nt1:                                               ; preds = %0\n",
            "\n1:                                                ; preds = %0\n",
            "attributes #0 = { nounwind }\n",
        ],
    );
    check_oracle(&text);
}

#[test]
fn exception_handling() {
    let mut ctx = Context::new();
    let m = ctx.create_module("eh");
    let (i32t, ptr, void, tok) = (
        ctx.i32_type(),
        ctx.ptr_type(0),
        ctx.void_type(),
        ctx.token_type(),
    );
    let lp_ty = ctx.struct_type(&[ptr, i32t], false);
    let gxx = declare(&mut ctx, m, "__gxx_personality_v0", i32t, &[], true);
    let cxx = declare(&mut ctx, m, "__CxxFrameHandler3", i32t, &[], true);
    let thrower = declare(&mut ctx, m, "may_throw", void, &[i32t], false);
    let ti = ctx.add_global_var(m, "typeinfo", ptr, 0);
    let one = ctx.const_int(i32t, 1);
    let tfty = ctx.signature(thrower);

    // Itanium: invoke, landingpad, resume.
    let f = declare(&mut ctx, m, "itanium", void, &[], false);
    ctx.set_function_operand(f, PERSONALITY, Some(gxx.0));
    let entry = ctx.append_block(f, "entry");
    let cont = ctx.append_block(f, "cont");
    let lpad = ctx.append_block(f, "lpad");
    let mut b = Builder::at_end(&mut ctx, entry);
    b.invoke(tfty, thrower.0, &[one], cont, lpad);
    b.position_at_end(cont);
    b.ret(None);
    b.position_at_end(lpad);
    let lp = b.landing_pad(lp_ty, true);
    b.ctx.set_name(lp.0, "lp");
    b.ctx.landing_pad_add_clause(lp, ti.0, true);
    let arr_ty = b.ctx.array_type(ptr, 1);
    let filter = b.ctx.const_aggregate(arr_ty, &[ti.0]);
    b.ctx.landing_pad_add_clause(lp, filter, false);
    b.resume(lp.0);

    // Funclets: catchswitch, catchpad, catchret, cleanuppad, cleanupret.
    let g = declare(&mut ctx, m, "funclets", void, &[], false);
    ctx.set_function_operand(g, PERSONALITY, Some(cxx.0));
    let entry = ctx.append_block(g, "entry");
    let dispatch = ctx.append_block(g, "dispatch");
    let handler = ctx.append_block(g, "handler");
    let cont = ctx.append_block(g, "cont");
    let mut b = Builder::at_end(&mut ctx, entry);
    b.invoke(tfty, thrower.0, &[one], cont, dispatch);
    let none = ctx.const_token_none();
    let cs = inst(
        &mut ctx,
        dispatch,
        Opcode::CatchSwitch,
        tok,
        &[none, handler.0],
        InstPayload::None,
    );
    ctx.set_name(cs.0, "cs");
    let null = ctx.const_null(ptr);
    let sixty4 = ctx.const_int(i32t, 64);
    let cp = inst(
        &mut ctx,
        handler,
        Opcode::CatchPad,
        tok,
        &[null, sixty4, null, cs.0],
        InstPayload::None,
    );
    ctx.set_name(cp.0, "cp");
    inst(
        &mut ctx,
        handler,
        Opcode::CatchRet,
        void,
        &[cp.0, cont.0],
        InstPayload::None,
    );
    let mut b = Builder::at_end(&mut ctx, cont);
    b.ret(None);

    let h = declare(&mut ctx, m, "cleanup", void, &[], false);
    ctx.set_function_operand(h, PERSONALITY, Some(cxx.0));
    let entry = ctx.append_block(h, "entry");
    let cleanup = ctx.append_block(h, "cleanup");
    let cont = ctx.append_block(h, "cont");
    let mut b = Builder::at_end(&mut ctx, entry);
    b.invoke(tfty, thrower.0, &[one], cont, cleanup);
    let cl = inst(
        &mut ctx,
        cleanup,
        Opcode::CleanupPad,
        tok,
        &[none],
        InstPayload::None,
    );
    inst(
        &mut ctx,
        cleanup,
        Opcode::CleanupRet,
        void,
        &[cl.0],
        InstPayload::None,
    );
    let mut b = Builder::at_end(&mut ctx, cont);
    b.ret(None);

    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "define void @itanium() personality ptr @__gxx_personality_v0 {",
            "  invoke void @may_throw(i32 1)\n          to label %cont unwind label %lpad\n",
            "  %lp = landingpad { ptr, i32 }\n          cleanup\n          catch ptr @typeinfo\n          filter [1 x ptr] [ptr @typeinfo]\n",
            "  resume { ptr, i32 } %lp\n",
            "  %cs = catchswitch within none [label %handler] unwind to caller\n",
            "  %cp = catchpad within %cs [ptr null, i32 64, ptr null]\n",
            "  catchret from %cp to label %cont\n",
            "  %0 = cleanuppad within none []\n",
            "  cleanupret from %0 unwind to caller\n",
            "@typeinfo = external global ptr\n",
        ],
    );
    check_oracle(&text);
}

/// Instruction forms the verifier would reject in these small modules
/// (callbr needs inline asm, musttail a matching caller): printed and
/// parsed by `llvm-as` without its verifier.
#[test]
fn syntax_only_forms() {
    let mut ctx = Context::new();
    let m = ctx.create_module("syntax");
    let (i32t, void, tok, ptr) = (
        ctx.i32_type(),
        ctx.void_type(),
        ctx.token_type(),
        ctx.ptr_type(0),
    );
    let callee = declare(&mut ctx, m, "callee", void, &[], false);
    let cfty = ctx.signature(callee);
    let f = declare(&mut ctx, m, "f", void, &[i32t], true);
    let entry = ctx.append_block(f, "entry");
    let a = ctx.append_block(f, "a");
    let bb = ctx.append_block(f, "b");
    let c = ctx.append_block(f, "c");
    let br = ctx.create_inst(
        Opcode::CallBr,
        void,
        &[a.0, bb.0, c.0, callee.0],
        InstPayload::Call(Box::new(CallData {
            fn_ty: Some(cfty),
            num_indirect: 2,
            ..Default::default()
        })),
    );
    ctx.append_inst(entry, br);
    let x = ctx.arg(f, 0);
    let fty = ctx.signature(f);
    let mt = ctx.create_inst(
        Opcode::Call,
        void,
        &[x, f.0],
        InstPayload::Call(Box::new(CallData {
            fn_ty: Some(fty),
            tail: TailKind::MustTail,
            ..Default::default()
        })),
    );
    ctx.append_inst(a, mt);
    let mut b = Builder::at_end(&mut ctx, a);
    b.ret(None);
    b.position_at_end(bb);
    b.ret(None);
    // catchswitch with an unwind destination.
    let none = ctx.const_token_none();
    let mut b = Builder::at_end(&mut ctx, c);
    let cs = b.catch_switch(none, Some(bb), 1);
    ctx.catch_switch_add_handler(Inst(cs), a);
    let g = declare(&mut ctx, m, "g", void, &[], false);
    let e = ctx.append_block(g, "");
    let cl = inst(
        &mut ctx,
        e,
        Opcode::CleanupPad,
        tok,
        &[none],
        InstPayload::None,
    );
    let u = ctx.append_block(g, "u");
    inst(
        &mut ctx,
        e,
        Opcode::CleanupRet,
        void,
        &[cl.0, u.0],
        InstPayload::None,
    );
    let mut b = Builder::at_end(&mut ctx, u);
    b.unreachable();
    let _ = ptr;
    // Forms the printer must spell but the verifier rejects (callbr to a
    // function): printed unverified.
    let text = ctx.print_module(m);
    check(
        &text,
        &[
            "  callbr void @callee()\n          to label %a [label %b, label %c]\n",
            "  musttail call void (i32, ...) @f(i32 %0, ...)\n",
            "  %1 = catchswitch within none [label %a] unwind label %b\n",
            "  %1 = cleanuppad within none []\n  cleanupret from %1 unwind label %u\n",
        ],
    );
    llvm_round_trip(&text, false);
}

/// Memory and aggregate forms not in the big module: unordered and scoped
/// atomics, GEPs without indices or with vector indices, nested aggregate
/// indices, fast-math flags on phi and call only where the type allows.
#[test]
fn more_instruction_forms() {
    let mut ctx = Context::new();
    let m = ctx.create_module("more");
    let (i32t, i64t, f32t, ptr, void) = (
        ctx.i32_type(),
        ctx.i64_type(),
        ctx.float_type(),
        ctx.ptr_type(0),
        ctx.void_type(),
    );
    let v2i64 = ctx.vector_type(i64t, 2);
    let inner = ctx.struct_type(&[i32t, f32t], false);
    let outer = ctx.array_type(inner, 2);
    let f = declare(&mut ctx, m, "f", void, &[ptr, v2i64, i32t, f32t], false);
    for (k, n) in ["p", "vi", "n", "x"].iter().enumerate() {
        let a = ctx.arg(f, k);
        ctx.set_name(a, n);
    }
    let [p, vi, n, x] = core::array::from_fn(|k| ctx.arg(f, k));
    let entry = ctx.append_block(f, "entry");
    let exit = ctx.append_block(f, "exit");
    let mut b = Builder::at_end(&mut ctx, entry);
    b.set_folding(false);
    let l = b.load(i32t, p, align(4));
    b.ctx
        .set_atomic(Inst(l), Ordering::Unordered, SyncScope::System);
    let s = b.store(l, p, align(4));
    b.ctx
        .set_atomic(s, Ordering::Monotonic, SyncScope::Named(b"wavefront"));
    b.ctx.set_volatile(s, true);
    let r = b.atomicrmw(RmwOp::Max, p, n, Ordering::Release, align(8));
    b.ctx.set_sync_scope(Inst(r), SyncScope::SingleThread);
    b.gep(i32t, p, &[], GepFlags::NONE);
    b.gep(i32t, p, &[vi], GepFlags::INBOUNDS);
    let undef = b.ctx.const_undef(outer);
    let iv = b.insert_value(undef, x, &[1, 1]);
    // (The builder computes extractvalue types through `contained_type`,
    // which has one element for an array: index 0 keeps it happy.)
    b.extract_value(iv, &[0, 1]);
    let callee = declare(b.ctx, m, "g", i32t, &[], false);
    let gty = b.ctx.signature(callee);
    b.call(gty, callee.0, &[]);
    b.br(exit);
    b.position_at_end(exit);
    let phi = b.phi(f32t, 1);
    b.ctx.phi_add_incoming(phi, x, entry);
    b.ctx
        .set_fast_math(phi, FastMathFlags::NNAN | FastMathFlags::NINF);
    b.ret(None);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "= load atomic i32, ptr %p unordered, align 4\n",
            "  store atomic volatile i32 %0, ptr %p syncscope(\"wavefront\") monotonic, align 4\n",
            "= atomicrmw max ptr %p, i32 %n syncscope(\"singlethread\") release, align 8\n",
            "= getelementptr i32, ptr %p\n",
            "= getelementptr inbounds i32, ptr %p, <2 x i64> %vi\n",
            "= insertvalue [2 x { i32, float }] undef, float %x, 1, 1\n",
            "= extractvalue [2 x { i32, float }] %",
            ", 0, 1\n",
            "= call i32 @g()\n",
            "= phi nnan ninf float [ %x, %entry ]\n",
        ],
    );
    check_oracle(&text);
}

/// A data layout with a program address space: functions and calls print
/// theirs; an alloca outside address space 0 prints its own.
#[test]
fn address_spaces() {
    let mut ctx = Context::new();
    let m = ctx.create_module("as");
    ctx.module_mut(m).datalayout = "e-P1-A5".into();
    let (i32t, void) = (ctx.i32_type(), ctx.void_type());
    let f = declare(&mut ctx, m, "f", void, &[], false);
    ctx.function_data_mut(f).addrspace = 1;
    let e = ctx.append_block(f, "");
    let fty = ctx.signature(f);
    let p5 = ctx.ptr_type(5);
    let one = ctx.const_int(i32t, 1);
    let a = ctx.create_inst(Opcode::Alloca, p5, &[one], InstPayload::Ty(i32t));
    ctx.set_alignment(a, align(4));
    ctx.append_inst(e, a);
    // `add_function` makes every function value a `ptr` in address space
    // 0, so the callee is one that really lives there.
    let g = declare(&mut ctx, m, "g", void, &[], false);
    let gty = ctx.signature(g);
    let _ = fty;
    let c = ctx.create_inst(
        Opcode::Call,
        void,
        &[g.0],
        InstPayload::Call(Box::new(CallData {
            fn_ty: Some(gty),
            ..Default::default()
        })),
    );
    ctx.append_inst(e, c);
    Builder::at_end(&mut ctx, e).ret(None);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "define void @f() addrspace(1) {\n",
            "  %1 = alloca i32, align 4, addrspace(5)\n",
            "  call addrspace(0) void @g()\n",
            "declare void @g() addrspace(0)\n",
        ],
    );
    check_oracle(&text);
}

/// Inline asm callees (call and callbr) and metadata passed to intrinsics.
#[test]
fn inline_asm_and_metadata_operands() {
    use lair::ir::special::{AsmDialect, InlineAsmData};
    let mut ctx = Context::new();
    let m = ctx.create_module("asm");
    let (i64t, void, mdt) = (ctx.i64_type(), ctx.void_type(), ctx.metadata_type());
    let read = declare(&mut ctx, m, "llvm.read_register.i64", i64t, &[mdt], false);
    let write = declare(
        &mut ctx,
        m,
        "llvm.write_register.i64",
        void,
        &[mdt, i64t],
        false,
    );
    for (f, kinds) in [
        (
            read,
            &[
                AttrKind::NoCallback,
                AttrKind::NoFree,
                AttrKind::NoSync,
                AttrKind::NoUnwind,
                AttrKind::WillReturn,
            ][..],
        ),
        (write, &[AttrKind::NoCallback, AttrKind::NoUnwind][..]),
    ] {
        for &k in kinds {
            ctx.function_data_mut(f)
                .attrs
                .add(AttrIndex::Function, Attribute::Enum(k));
        }
    }
    let mem_read = Attribute::parse(AttrKind::Memory, Some("read")).unwrap();
    ctx.function_data_mut(read)
        .attrs
        .add(AttrIndex::Function, mem_read);

    let f = declare(&mut ctx, m, "f", void, &[i64t], false);
    let x = ctx.arg(f, 0);
    ctx.set_name(x, "x");
    let entry = ctx.append_block(f, "entry");
    let a = ctx.append_block(f, "a");
    let bb = ctx.append_block(f, "b");
    let vfty = ctx.function_type(void, &[], false);
    let nop = ctx.inline_asm(InlineAsmData {
        fn_ty: vfty,
        asm: b"nop"[..].into(),
        constraints: b"~{dirflag}"[..].into(),
        side_effect: true,
        align_stack: false,
        dialect: AsmDialect::Att,
        can_throw: false,
    });
    let intel = ctx.inline_asm(InlineAsmData {
        fn_ty: vfty,
        asm: b"mov \"a\""[..].into(),
        constraints: b""[..].into(),
        side_effect: false,
        align_stack: true,
        dialect: AsmDialect::Intel,
        can_throw: false,
    });
    let jmp = ctx.inline_asm(InlineAsmData {
        fn_ty: vfty,
        asm: b"jmp ${0:l}"[..].into(),
        constraints: b"!i"[..].into(),
        side_effect: false,
        align_stack: false,
        dialect: AsmDialect::Att,
        can_throw: false,
    });
    let rsp = ctx.md_string("rsp");
    let node = ctx.md_tuple(&[Some(rsp)]);
    let node_v = ctx.metadata_as_value(node);
    let (rty, wty) = (ctx.signature(read), ctx.signature(write));
    let mut b = Builder::at_end(&mut ctx, entry);
    b.call(vfty, nop, &[]);
    b.call(vfty, intel, &[]);
    let r = b.call(rty, read.0, &[node_v]);
    b.ctx.set_name(r, "r");
    b.call(wty, write.0, &[node_v, x]);
    b.callbr(vfty, jmp, &[], a, &[bb]);
    b.position_at_end(a);
    b.ret(None);
    b.position_at_end(bb);
    b.ret(None);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "  call void asm sideeffect \"nop\", \"~{dirflag}\"()\n",
            "  call void asm alignstack inteldialect \"mov \\22a\\22\", \"\"()\n",
            "  %r = call i64 @llvm.read_register.i64(metadata !0)\n",
            "  call void @llvm.write_register.i64(metadata !0, i64 %x)\n",
            "  callbr void asm \"jmp ${0:l}\", \"!i\"()\n          to label %a [label %b]\n",
            "; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)\ndeclare i64 @llvm.read_register.i64(metadata) #0\n",
            "\n!0 = !{!\"rsp\"}\n",
        ],
    );
    check_oracle(&text);
    assert_eq!(
        ctx.display_inst(Inst(r)).to_string(),
        "  %r = call i64 @llvm.read_register.i64(metadata !0)"
    );
}

// ---- constants ---------------------------------------------------------------

#[test]
fn constants() {
    let mut ctx = Context::new();
    let m = ctx.create_module("consts");
    let (i1, i8t, i16t, i32t, i64t) = (
        ctx.i1_type(),
        ctx.i8_type(),
        ctx.i16_type(),
        ctx.i32_type(),
        ctx.i64_type(),
    );
    let (f32t, f64t, ptr) = (ctx.float_type(), ctx.double_type(), ctx.ptr_type(0));
    let (half, bf, fp80, fp128, ppc) = (
        ctx.half_type(),
        ctx.bfloat_type(),
        ctx.x86_fp80_type(),
        ctx.fp128_type(),
        ctx.ppc_fp128_type(),
    );
    let i128t = ctx.int_type(128);
    let t = ctx.create_struct_with_body("T", &[i32t, ptr], false);

    let gv = |ctx: &mut Context, name: &str, init: Value| {
        let ty = ctx.type_of(init);
        let g = ctx.add_global_var(m, name, ty, 0);
        ctx.set_initializer(g, Some(init));
        g
    };
    let c = ctx.const_int_signed(i32t, -5);
    let gi = gv(&mut ctx, "i", c);
    let c = ctx.const_bool(true);
    gv(&mut ctx, "t", c);
    let c = ctx.const_bool(false);
    gv(&mut ctx, "f", c);
    let min128 = lair::constants::apint::APInt::signed_min(128);
    let c = ctx.const_int_ap(i128t, &min128);
    gv(&mut ctx, "big", c);
    let c = ctx.const_float(f32t, 1.5);
    gv(&mut ctx, "fl", c);
    let c = ctx.const_float(f64t, 0.1);
    gv(&mut ctx, "db", c);
    let c = ctx.const_float(f64t, 1.0 / 3.0);
    gv(&mut ctx, "third", c);
    let c = ctx.const_float_bits(half, 0x3C00);
    gv(&mut ctx, "h", c);
    let c = ctx.const_float_bits(bf, 0x3F80);
    gv(&mut ctx, "bf", c);
    let c = ctx.const_float_bits(fp80, 0x3FFF_8000_0000_0000_0000);
    gv(&mut ctx, "x87", c);
    let c = ctx.const_float_bits(fp128, 1 << 126);
    gv(&mut ctx, "q", c);
    let c = ctx.const_float_bits(ppc, 0x3FF0_0000_0000_0000);
    gv(&mut ctx, "ppc", c);
    let c = ctx.const_null(ptr);
    gv(&mut ctx, "np", c);
    let c = ctx.const_undef(i32t);
    gv(&mut ctx, "u", c);
    let c = ctx.const_poison(i32t);
    gv(&mut ctx, "po", c);
    let a4 = ctx.array_type(i32t, 4);
    let c = ctx.const_null(a4);
    gv(&mut ctx, "z", c);
    let c = ctx.const_string(b"a\"b\\\n", true);
    gv(&mut ctx, "s", c);
    let c = ctx.const_data_array(i16t, &[1, 0xFFFE]);
    gv(&mut ctx, "a16", c);
    let c = ctx.const_data_array(f64t, &[1.0f64.to_bits(), 2.5f64.to_bits()]);
    gv(&mut ctx, "ad", c);
    let np = ctx.const_null(ptr);
    let pa = ctx.array_type(ptr, 2);
    let c = ctx.const_aggregate(pa, &[gi.0, np]);
    gv(&mut ctx, "ap", c);
    let one = ctx.const_int(i32t, 1);
    let c = ctx.const_aggregate(t, &[one, gi.0]);
    let gt = gv(&mut ctx, "st", c);
    let i8one = ctx.const_int(i8t, 1);
    let c = ctx.const_anon_struct(&[i8one, one], true);
    gv(&mut ctx, "packed", c);
    let c = ctx.const_anon_struct(&[], false);
    gv(&mut ctx, "empty", c);
    let two = ctx.const_int(i32t, 2);
    let v2 = ctx.vector_type(i32t, 2);
    let c = ctx.const_aggregate(v2, &[one, two]);
    gv(&mut ctx, "vec", c);
    let c = ctx.const_splat(2, false, one);
    gv(&mut ctx, "splat", c);
    let pv = ctx.vector_type(ptr, 2);
    let c = ctx.const_aggregate(pv, &[gi.0, np]);
    gv(&mut ctx, "pvec", c);
    let zero64 = ctx.const_int(i64t, 0);
    let c = ctx.const_expr(
        Opcode::GetElementPtr,
        ptr,
        &[gt.0, zero64, one],
        ExprFlags::Gep(GepFlags::INBOUNDS),
        Some(lair::constants::ConstPayload::Gep {
            src: t,
            inrange: None,
        }),
    );
    gv(&mut ctx, "gep", c);
    let four = ctx.const_int(i64t, 4);
    let c = ctx.const_expr(
        Opcode::GetElementPtr,
        ptr,
        &[gt.0, four],
        ExprFlags::Gep(GepFlags::NUSW | GepFlags::NUW),
        Some(lair::constants::ConstPayload::Gep {
            src: i8t,
            inrange: Some((-8, 16)),
        }),
    );
    gv(&mut ctx, "gep2", c);
    let p2i = ctx.const_expr(Opcode::PtrToInt, i64t, &[gi.0], ExprFlags::None, None);
    gv(&mut ctx, "p2i", p2i);
    let one64 = ctx.const_int(i64t, 1);
    let c = ctx.const_expr(
        Opcode::Add,
        i64t,
        &[p2i, one64],
        ExprFlags::Wrap(WrapFlags::NUW | WrapFlags::NSW),
        None,
    );
    gv(&mut ctx, "sum", c);
    let c = ctx.const_expr(Opcode::Sub, i64t, &[one64, p2i], ExprFlags::None, None);
    gv(&mut ctx, "diff", c);
    let i2p = ctx.const_expr(Opcode::IntToPtr, ptr, &[one64], ExprFlags::None, None);
    gv(&mut ctx, "i2p", i2p);
    let ptr3 = ctx.ptr_type(3);
    let c = ctx.const_expr(Opcode::AddrSpaceCast, ptr3, &[gi.0], ExprFlags::None, None);
    gv(&mut ctx, "asc", c);
    let _ = (i1, i16t);

    let f = {
        let void = ctx.void_type();
        declare(&mut ctx, m, "fn", void, &[], false)
    };
    let e = ctx.append_block(f, "");
    let target = ctx.append_block(f, "");
    let mut b = Builder::at_end(&mut ctx, e);
    b.br(target);
    b.position_at_end(target);
    b.ret(None);
    let c = ctx.block_address(f, target);
    gv(&mut ctx, "ba", c);
    let c = ctx.const_global_marker(f.0, false);
    gv(&mut ctx, "dle", c);
    let c = ctx.const_global_marker(f.0, true);
    gv(&mut ctx, "nocfi", c);

    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "%T = type { i32, ptr }\n",
            "@i = global i32 -5\n",
            "@t = global i1 true\n",
            "@f = global i1 false\n",
            "@big = global i128 -170141183460469231731687303715884105728\n",
            "@fl = global float 1.500000e+00\n",
            "@db = global double 1.000000e-01\n",
            "@third = global double 0x3FD5555555555555\n",
            "@h = global half 0xH3C00\n",
            "@bf = global bfloat 0xR3F80\n",
            "@x87 = global x86_fp80 0xK3FFF8000000000000000\n",
            "@np = global ptr null\n",
            "@u = global i32 undef\n",
            "@po = global i32 poison\n",
            "@z = global [4 x i32] zeroinitializer\n",
            "@s = global [6 x i8] c\"a\\22b\\\\\\0A\\00\"\n",
            "@a16 = global [2 x i16] [i16 1, i16 -2]\n",
            "@ad = global [2 x double] [double 1.000000e+00, double 2.500000e+00]\n",
            "@ap = global [2 x ptr] [ptr @i, ptr null]\n",
            "@st = global %T { i32 1, ptr @i }\n",
            "@packed = global <{ i8, i32 }> <{ i8 1, i32 1 }>\n",
            "@empty = global {} zeroinitializer\n",
            "@vec = global <2 x i32> <i32 1, i32 2>\n",
            "@splat = global <2 x i32> <i32 1, i32 1>\n",
            "@pvec = global <2 x ptr> <ptr @i, ptr null>\n",
            "@gep = global ptr getelementptr inbounds (%T, ptr @st, i64 0, i32 1)\n",
            "@gep2 = global ptr getelementptr nusw nuw inrange(-8, 16) (i8, ptr @st, i64 4)\n",
            "@p2i = global i64 ptrtoint (ptr @i to i64)\n",
            "@sum = global i64 add nuw nsw (i64 ptrtoint (ptr @i to i64), i64 1)\n",
            "@diff = global i64 sub (i64 1, i64 ptrtoint (ptr @i to i64))\n",
            "@i2p = global ptr inttoptr (i64 1 to ptr)\n",
            "@asc = global ptr addrspace(3) addrspacecast (ptr @i to ptr addrspace(3))\n",
            "@ba = global ptr blockaddress(@fn, %1)\n",
            "@dle = global ptr dso_local_equivalent @fn\n",
            "@nocfi = global ptr no_cfi @fn\n",
        ],
    );
    check_oracle(&text);
}

/// Constant expressions LLVM folds when it reads them: printed, and
/// accepted by `llvm-as`.
#[test]
fn foldable_constant_expressions() {
    let mut ctx = Context::new();
    let m = ctx.create_module("fold");
    let (i8t, i32t, i64t) = (ctx.i8_type(), ctx.i32_type(), ctx.i64_type());
    let gi = ctx.add_global_var(m, "i", i32t, 0);
    let p2i = ctx.const_expr(Opcode::PtrToInt, i64t, &[gi.0], ExprFlags::None, None);
    let mut gv = |name: &str, init: Value| {
        let ty = ctx.type_of(init);
        let g = ctx.add_global_var(m, name, ty, 0);
        ctx.set_initializer(g, Some(init));
    };
    let _ = &mut gv;
    let tr = ctx.const_expr(Opcode::Trunc, i8t, &[p2i], ExprFlags::None, None);
    let one = ctx.const_int(i32t, 1);
    let two = ctx.const_int(i32t, 2);
    let v2 = ctx.vector_type(i32t, 2);
    let vone = ctx.const_aggregate(v2, &[one, two]);
    let ee = ctx.const_expr(
        Opcode::ExtractElement,
        i32t,
        &[vone, one],
        ExprFlags::None,
        None,
    );
    let pz = ctx.const_poison(v2);
    let shuf = ctx.const_expr(
        Opcode::ShuffleVector,
        v2,
        &[vone, pz],
        ExprFlags::None,
        Some(lair::constants::ConstPayload::Mask(vec![1, -1].into())),
    );
    let ie = ctx.const_expr(
        Opcode::InsertElement,
        v2,
        &[vone, two, one],
        ExprFlags::None,
        None,
    );
    let xor = ctx.const_expr(Opcode::Xor, i64t, &[p2i, p2i], ExprFlags::None, None);
    for (name, c) in [
        ("tr", tr),
        ("ee", ee),
        ("shuf", shuf),
        ("ie", ie),
        ("xor", xor),
    ] {
        let ty = ctx.type_of(c);
        let g = ctx.add_global_var(m, name, ty, 0);
        ctx.set_initializer(g, Some(c));
    }
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "@tr = global i8 trunc (i64 ptrtoint (ptr @i to i64) to i8)\n",
            "@ee = global i32 extractelement (<2 x i32> <i32 1, i32 2>, i32 1)\n",
            "@shuf = global <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> poison, <2 x i32> <i32 1, i32 poison>)\n",
            "@ie = global <2 x i32> insertelement (<2 x i32> <i32 1, i32 2>, i32 2, i32 1)\n",
            "@xor = global i64 xor (i64 ptrtoint (ptr @i to i64), i64 ptrtoint (ptr @i to i64))\n",
        ],
    );
    llvm_round_trip(&text, true);
}

// ---- globals, functions, attributes -----------------------------------------

#[test]
fn global_and_function_headers() {
    let mut ctx = Context::new();
    let m = ctx.create_module("headers");
    {
        let md = ctx.module_mut(m);
        md.source_filename = "src/a \"b\".c".into();
        md.datalayout =
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
                .into();
        md.triple = "x86_64-unknown-linux-gnu".into();
        md.module_asm = vec![b"nop".to_vec(), b"ret\nint3".to_vec()];
        md.comdats.insert(b"c1"[..].into(), ComdatKind::Any);
        md.comdats.insert(b"unused"[..].into(), ComdatKind::Largest);
        md.comdats
            .insert(b"fc"[..].into(), ComdatKind::NoDeduplicate);
    }
    let (i8t, i32t, i64t, ptr, void) = (
        ctx.i8_type(),
        ctx.i32_type(),
        ctx.i64_type(),
        ctx.ptr_type(0),
        ctx.void_type(),
    );
    let zero = ctx.const_int(i32t, 0);
    let s = ctx.const_string(b"abc", true);

    let g = ctx.add_global_var(m, "str", ctx.type_of(s), 0);
    ctx.set_initializer(g, Some(s));
    {
        let d = ctx.global_data_mut(g);
        d.linkage = Linkage::Private;
        d.unnamed_addr = UnnamedAddr::Global;
        d.is_constant = true;
        d.align = Some(1);
        d.dso_local = true;
    }
    let ext = ctx.add_global_var(m, "ext", i32t, 0);
    ctx.global_data_mut(ext).dso_local = true;
    let tls = ctx.add_global_var(m, "tls", i32t, 0);
    ctx.set_initializer(tls, Some(zero));
    {
        let d = ctx.global_data_mut(tls);
        d.linkage = Linkage::Internal;
        d.thread_local = ThreadLocal::InitialExec;
    }
    let all = ctx.add_global_var(m, "all", i32t, 2);
    ctx.set_initializer(all, Some(zero));
    {
        let d = ctx.global_data_mut(all);
        d.linkage = Linkage::WeakOdr;
        d.dso_local = true;
        d.visibility = Visibility::Default;
        d.dll_storage = DllStorage::Export;
        d.thread_local = ThreadLocal::GeneralDynamic;
        d.unnamed_addr = UnnamedAddr::Local;
        d.externally_initialized = true;
        d.section = Some(b"sec"[..].into());
        d.partition = Some(b"part"[..].into());
        d.code_model = Some("large".into());
        d.sanitizer = vec!["sanitize_memtag".into(), "no_sanitize_address".into()];
        d.comdat = Some(b"c1"[..].into());
        d.align = Some(8);
        let mut attrs = AttributeSet::new();
        attrs.add(Attribute::string("bss-section", "b"));
        d.attrs = attrs;
    }
    let hid = ctx.add_global_var(m, "hid", i32t, 0);
    ctx.set_initializer(hid, Some(zero));
    {
        let d = ctx.global_data_mut(hid);
        d.visibility = Visibility::Hidden;
        d.dso_local = true;
        d.linkage = Linkage::Common;
    }
    let c1 = ctx.add_global_var(m, "c1", i32t, 0);
    ctx.set_initializer(c1, Some(zero));
    ctx.global_data_mut(c1).comdat = Some(b"c1"[..].into());
    let anon = ctx.add_global_var(m, "", i64t, 0);
    let z64 = ctx.const_int(i64t, 7);
    ctx.set_initializer(anon, Some(z64));
    ctx.global_data_mut(anon).linkage = Linkage::Internal;
    let quoted = ctx.add_global_var(m, "a b", i8t, 0);
    ctx.global_data_mut(quoted).linkage = Linkage::ExternWeak;

    let al = ctx.add_global_indirect(m, ValueKind::Alias, "al", i32t, 0, tls.0);
    {
        let d = ctx.global_data_mut(al);
        d.linkage = Linkage::Internal;
        d.unnamed_addr = UnnamedAddr::Global;
        d.thread_local = ThreadLocal::InitialExec;
    }
    let one = ctx.const_int(i64t, 1);
    let gep = ctx.const_expr(
        Opcode::GetElementPtr,
        ptr,
        &[g.0, one],
        ExprFlags::None,
        Some(lair::constants::ConstPayload::Gep {
            src: i8t,
            inrange: None,
        }),
    );
    ctx.add_global_indirect(m, ValueKind::Alias, "al2", i8t, 0, gep);

    let fty = ctx.function_type(ptr, &[], false);
    let resolver = ctx.add_function(m, "resolver", fty);
    ctx.function_data_mut(resolver).global.linkage = Linkage::Internal;
    let rb = ctx.append_block(resolver, "");
    let nullp = ctx.const_null(ptr);
    Builder::at_end(&mut ctx, rb).ret(Some(nullp));
    let vfty = ctx.function_type(void, &[], false);
    let ifn = ctx.add_global_indirect(m, ValueKind::IFunc, "ifn", vfty, 0, resolver.0);
    ctx.global_data_mut(ifn).dso_local = true;

    // A definition with everything on its header.
    let pers = declare(&mut ctx, m, "pers", i32t, &[], true);
    let fty = ctx.function_type(i32t, &[ptr, i32t], false);
    let f = ctx.add_function(m, "full", fty);
    let x = ctx.arg(f, 1);
    ctx.set_name(x, "x");
    {
        let fd = ctx.function_data_mut(f);
        fd.call_conv = 8;
        fd.global.linkage = Linkage::Internal;
        fd.global.unnamed_addr = UnnamedAddr::Global;
        fd.global.section = Some(b"text.x"[..].into());
        fd.global.align = Some(16);
        fd.global.comdat = Some(b"fc"[..].into());
        fd.gc = Some(b"statepoint-example"[..].into());
        fd.attrs
            .add(AttrIndex::Return, Attribute::Enum(AttrKind::NoUndef));
        fd.attrs
            .add(AttrIndex::Param(0), Attribute::Enum(AttrKind::NoUndef));
        fd.attrs
            .add(AttrIndex::Param(0), Attribute::dereferenceable(8));
        fd.attrs
            .add(AttrIndex::Function, Attribute::Enum(AttrKind::NoUnwind));
        fd.attrs.add(
            AttrIndex::Function,
            Attribute::string("frame-pointer", "all"),
        );
    }
    let one32 = ctx.const_int(i32t, 1);
    ctx.set_function_operand(f, PREFIX, Some(one32));
    ctx.set_function_operand(f, PROLOGUE, Some(one32));
    ctx.set_function_operand(f, PERSONALITY, Some(pers.0));
    let e = ctx.append_block(f, "");
    Builder::at_end(&mut ctx, e).ret(Some(x));

    // Declarations: parameter attributes, no names; string-only attributes
    // print no comment.
    let d = declare(&mut ctx, m, "decl", void, &[ptr, i32t], false);
    {
        let fd = ctx.function_data_mut(d);
        fd.attrs
            .add(AttrIndex::Param(0), Attribute::Enum(AttrKind::NoUndef));
        fd.attrs.add(
            AttrIndex::Function,
            Attribute::string("frame-pointer", "all"),
        );
        fd.global.dso_local = true;
    }
    let unnamed = declare(&mut ctx, m, "", void, &[], false);
    let caller = declare(&mut ctx, m, "caller", void, &[], false);
    let cb = ctx.append_block(caller, "");
    let uty = ctx.signature(unnamed);
    let mut b = Builder::at_end(&mut ctx, cb);
    b.call(uty, unnamed.0, &[]);
    b.ret(None);

    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "; ModuleID = 'headers'\nsource_filename = \"src/a \\22b\\22.c\"\n\
             target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
             target triple = \"x86_64-unknown-linux-gnu\"\n\n\
             module asm \"nop\"\nmodule asm \"ret\"\nmodule asm \"int3\"\n\n\
             $fc = comdat nodeduplicate\n\n$c1 = comdat any\n\n@str = ",
            "@str = private unnamed_addr constant [4 x i8] c\"abc\\00\", align 1\n",
            "@ext = external dso_local global i32\n",
            "@tls = internal thread_local(initialexec) global i32 0\n",
            "@all = weak_odr dso_local dllexport thread_local local_unnamed_addr addrspace(2) externally_initialized global i32 0, section \"sec\", partition \"part\", code_model \"large\", no_sanitize_address, sanitize_memtag, comdat($c1), align 8 #0\n",
            "@hid = common hidden global i32 0\n",
            "@c1 = global i32 0, comdat\n",
            "@0 = internal global i64 7\n",
            "@\"a b\" = extern_weak global i8\n",
            "\n@al = internal thread_local(initialexec) unnamed_addr alias i32, ptr @tls\n",
            "@al2 = alias i8, getelementptr (i8, ptr @str, i64 1)\n",
            "\n@ifn = dso_local ifunc void (), ptr @resolver\n",
            "; Function Attrs: nounwind\ndefine internal fastcc noundef i32 @full(ptr noundef dereferenceable(8) %0, i32 %x) unnamed_addr #1 section \"text.x\" comdat($fc) align 16 gc \"statepoint-example\" prefix i32 1 prologue i32 1 personality ptr @pers {\n",
            "\ndeclare dso_local void @decl(ptr noundef, i32) #2\n",
            "\ndeclare void @1()\n",
            "  call void @1()\n",
            "attributes #0 = { \"bss-section\"=\"b\" }\n",
            "attributes #1 = { nounwind \"frame-pointer\"=\"all\" }\n",
            "attributes #2 = { \"frame-pointer\"=\"all\" }\n",
        ],
    );
    assert!(!text.contains("unused"));
    check_oracle(&text);
}

#[test]
fn calling_conventions() {
    let mut ctx = Context::new();
    let m = ctx.create_module("cc");
    let void = ctx.void_type();
    for cc in [0u32, 8, 9, 10, 11, 18, 64, 71, 84, 111, 200] {
        let f = declare(&mut ctx, m, &format!("f{cc}"), void, &[], false);
        ctx.function_data_mut(f).call_conv = cc;
    }
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "declare void @f0()\n",
            "declare fastcc void @f8()\n",
            "declare coldcc void @f9()\n",
            "declare ghccc void @f10()\n",
            "declare cc11 void @f11()\n",
            "declare tailcc void @f18()\n",
            "declare x86_stdcallcc void @f64()\n",
            "declare ptx_kernel void @f71()\n",
            "declare avr_intrcc  void @f84()\n",
            "declare aarch64_sme_preservemost_from_x1 void @f111()\n",
            "declare cc200 void @f200()\n",
        ],
    );
    check_oracle(&text);
}

// ---- types -------------------------------------------------------------------

#[test]
fn struct_types_in_type_finder_order() {
    let mut ctx = Context::new();
    let m = ctx.create_module("types");
    let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    // Created in one order, reached in another.
    let u1 = ctx.create_struct("");
    let u2 = ctx.create_struct("");
    ctx.set_struct_body(u1, &[i32t], false);
    let named = ctx.create_struct("struct.a b");
    let inner = ctx.create_struct("Inner");
    ctx.set_struct_body(inner, &[u1], true);
    ctx.set_struct_body(named, &[inner, ptr], false);
    let opaque = ctx.create_struct("Opq");
    let via_gep = ctx.create_struct_with_body("ViaGep", &[i32t], false);
    let _unused = ctx.create_struct_with_body("Unused", &[i32t], false);
    ctx.add_global_var(m, "g1", u2, 0);
    ctx.add_global_var(m, "g2", named, 0);
    let f = {
        let void = ctx.void_type();
        declare(&mut ctx, m, "f", void, &[ptr], false)
    };
    let e = ctx.append_block(f, "");
    let p = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, e);
    let i64t = b.ctx.i64_type();
    let zero = b.ctx.const_int(i64t, 0);
    b.gep(via_gep, p, &[zero], GepFlags::NONE);
    b.ret(None);
    // Reached after every function: named metadata holding a constant.
    let holder = opaque_holder(&mut ctx, opaque);
    let z = ctx.const_null(holder);
    let mdz = ctx.md_value(z);
    let tup = ctx.md_tuple(&[Some(mdz)]);
    ctx.module_mut(m)
        .named_md
        .insert(b"named"[..].into(), vec![tup]);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "\n%0 = type opaque\n%1 = type { i32 }\n%\"struct.a b\" = type { %Inner, ptr }\n%Inner = type <{ %1 }>\n%ViaGep = type { i32 }\n%Holder = type { ptr, [0 x %Opq] }\n%Opq = type opaque\n\n@g1 = external global %0\n@g2 = external global %\"struct.a b\"\n",
            "getelementptr %ViaGep, ptr %0, i64 0",
            "!0 = !{%Holder zeroinitializer}\n",
        ],
    );
    assert!(!text.contains("Unused"));
    check_oracle(&text);
}

/// `%Holder = type { ptr, [0 x %Opq] }`: a sized struct that mentions
/// an opaque one.
fn opaque_holder(ctx: &mut Context, opaque: Type) -> Type {
    let ptr = ctx.ptr_type(0);
    let arr = ctx.array_type(opaque, 0);
    ctx.create_struct_with_body("Holder", &[ptr, arr], false)
}

#[test]
fn exotic_types() {
    let mut ctx = Context::new();
    let m = ctx.create_module("exotic");
    let (i8t, i32t, f32t) = (ctx.i8_type(), ctx.i32_type(), ctx.float_type());
    let i7 = ctx.int_type(7);
    let sv = ctx.scalable_vector_type(i8t, 4);
    let p5 = ctx.ptr_type(5);
    let fty = ctx.function_type(i32t, &[i32t], true);
    let tgt = ctx.target_ext_type("spirv.Image", &[f32t], &[1, 0]);
    let lit = ctx.struct_type(&[i7, sv], false);
    let _ = lit;
    let f = {
        let void = ctx.void_type();
        declare(&mut ctx, m, "f", void, &[sv, p5, tgt], false)
    };
    let _ = (f, fty);
    let g = declare(&mut ctx, m, "g", i7, &[], false);
    let _ = g;
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "declare void @f(<vscale x 4 x i8>, ptr addrspace(5), target(\"spirv.Image\", float, 1, 0))\n",
            "declare i7 @g()\n",
        ],
    );
    check_oracle(&text);
}

// ---- metadata ------------------------------------------------------------------

#[test]
fn metadata_and_debug_records() {
    let mut ctx = Context::new();
    let m = ctx.create_module("md");
    let (i32t, void) = (ctx.i32_type(), ctx.void_type());
    let file = ctx.md_specialized(
        SpecKind::DIFile,
        vec![
            (
                FieldName::from_name("filename").unwrap(),
                MdField::str("a.c"),
            ),
            (
                FieldName::from_name("directory").unwrap(),
                MdField::str("/tmp"),
            ),
        ],
        false,
    );
    let cu = ctx.md_specialized(
        SpecKind::DICompileUnit,
        vec![
            (
                FieldName::from_name("language").unwrap(),
                MdField::word("DW_LANG_C11"),
            ),
            (
                FieldName::from_name("file").unwrap(),
                MdField::Md(Some(file)),
            ),
            (
                FieldName::from_name("isOptimized").unwrap(),
                MdField::Bool(false),
            ),
            (
                FieldName::from_name("runtimeVersion").unwrap(),
                MdField::UInt(0),
            ),
            (
                FieldName::from_name("emissionKind").unwrap(),
                MdField::word("FullDebug"),
            ),
        ],
        true,
    );
    let three = ctx.const_int(i32t, 3);
    let v3 = ctx.md_value(three);
    let seven = ctx.const_int(i32t, 7);
    let v7 = ctx.md_value(seven);
    let two = ctx.const_int(i32t, 2);
    let v2 = ctx.md_value(two);
    let dwarf = ctx.md_string("Dwarf Version");
    let flag1 = ctx.md_tuple(&[Some(v7), Some(dwarf), Some(v3)]);
    let dv = ctx.md_string("Debug Info Version");
    let flag2 = ctx.md_tuple(&[Some(v2), Some(dv), Some(v3)]);
    ctx.module_mut(m)
        .named_md
        .insert(b"llvm.module.flags"[..].into(), vec![flag1, flag2]);
    ctx.module_mut(m)
        .named_md
        .insert(b"llvm.dbg.cu"[..].into(), vec![cu]);
    let sty = ctx.md_specialized(
        SpecKind::DISubroutineType,
        vec![(FieldName::from_name("types").unwrap(), MdField::Md(None))],
        false,
    );
    let sp = ctx.md_specialized(
        SpecKind::DISubprogram,
        vec![
            (FieldName::from_name("name").unwrap(), MdField::str("f")),
            (
                FieldName::from_name("scope").unwrap(),
                MdField::Md(Some(file)),
            ),
            (
                FieldName::from_name("file").unwrap(),
                MdField::Md(Some(file)),
            ),
            (FieldName::from_name("line").unwrap(), MdField::UInt(1)),
            (
                FieldName::from_name("type").unwrap(),
                MdField::Md(Some(sty)),
            ),
            (
                FieldName::from_name("spFlags").unwrap(),
                MdField::word("DISPFlagDefinition"),
            ),
            (FieldName::from_name("unit").unwrap(), MdField::Md(Some(cu))),
        ],
        true,
    );
    let int_ty = ctx.md_specialized(
        SpecKind::DIBasicType,
        vec![
            (FieldName::from_name("name").unwrap(), MdField::str("int")),
            (FieldName::from_name("size").unwrap(), MdField::UInt(32)),
            (
                FieldName::from_name("encoding").unwrap(),
                MdField::word("DW_ATE_signed"),
            ),
        ],
        false,
    );
    let var = ctx.md_specialized(
        SpecKind::DILocalVariable,
        vec![
            (FieldName::from_name("name").unwrap(), MdField::str("x")),
            (FieldName::from_name("arg").unwrap(), MdField::UInt(1)),
            (
                FieldName::from_name("scope").unwrap(),
                MdField::Md(Some(sp)),
            ),
            (
                FieldName::from_name("file").unwrap(),
                MdField::Md(Some(file)),
            ),
            (FieldName::from_name("line").unwrap(), MdField::UInt(1)),
            (
                FieldName::from_name("type").unwrap(),
                MdField::Md(Some(int_ty)),
            ),
        ],
        false,
    );
    let loc = ctx.md_specialized(
        SpecKind::DILocation,
        vec![
            (FieldName::from_name("line").unwrap(), MdField::UInt(1)),
            (FieldName::from_name("column").unwrap(), MdField::UInt(2)),
            (
                FieldName::from_name("scope").unwrap(),
                MdField::Md(Some(sp)),
            ),
        ],
        false,
    );
    let expr = ctx.md_specialized(SpecKind::DIExpression, vec![], false);
    let custom = ctx.md_tuple(&[]);
    let custom_kind = ctx.md_kind_id("custom.kind");

    let g = ctx.add_global_var(m, "g", i32t, 0);
    let gtup = ctx.md_distinct_tuple(&[Some(dwarf)]);
    ctx.global_data_mut(g).md.add(custom_kind, gtup);

    let f = declare(&mut ctx, m, "f", void, &[i32t], false);
    ctx.function_data_mut(f).global.md.add(MdKindId::DBG, sp);
    let e = ctx.append_block(f, "entry");
    let x = ctx.arg(f, 0);
    let mut b = Builder::at_end(&mut ctx, e);
    let r = b.ret(None);
    let vx = ctx.md_value(x);
    ctx.set_dbg_loc(r, Some(loc));
    ctx.set_inst_metadata(r, custom_kind, Some(custom));
    ctx.push_dbg_record(
        r,
        DbgRecord {
            kind: "value".into(),
            ops: vec![Some(vx), Some(var), Some(expr), Some(loc)],
        },
    );
    // A `DIArgList` location with its expression, a declare of a global's
    // address and a label: all printed inline or by number as LLVM does.
    let one = ctx.const_int(i32t, 1);
    let vone = ctx.md_value(one);
    let pos = FieldName::Positional;
    let args = ctx.md_specialized(
        SpecKind::DIArgList,
        vec![(pos, MdField::Md(Some(vx))), (pos, MdField::Md(Some(vone)))],
        false,
    );
    let sum = ctx.md_specialized(
        SpecKind::DIExpression,
        vec![
            (pos, MdField::word("DW_OP_LLVM_arg")),
            (pos, MdField::UInt(0)),
            (pos, MdField::word("DW_OP_LLVM_arg")),
            (pos, MdField::UInt(1)),
            (pos, MdField::word("DW_OP_plus")),
            (pos, MdField::word("DW_OP_stack_value")),
        ],
        false,
    );
    let label = ctx.md_specialized(
        SpecKind::DILabel,
        vec![
            (
                FieldName::from_name("scope").unwrap(),
                MdField::Md(Some(sp)),
            ),
            (FieldName::from_name("name").unwrap(), MdField::str("out")),
            (
                FieldName::from_name("file").unwrap(),
                MdField::Md(Some(file)),
            ),
            (FieldName::from_name("line").unwrap(), MdField::UInt(2)),
        ],
        false,
    );
    let vg = ctx.md_value(g.0);
    ctx.push_dbg_record(
        r,
        DbgRecord {
            kind: "value".into(),
            ops: vec![Some(args), Some(var), Some(sum), Some(loc)],
        },
    );
    ctx.push_dbg_record(
        r,
        DbgRecord {
            kind: "declare".into(),
            ops: vec![Some(vg), Some(var), Some(expr), Some(loc)],
        },
    );
    ctx.push_dbg_record(
        r,
        DbgRecord {
            kind: "label".into(),
            ops: vec![Some(label), Some(loc)],
        },
    );

    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "@g = external global i32, !custom.kind !0\n",
            "define void @f(i32 %0) !dbg !",
            "    #dbg_value(i32 %0, !",
            ", !DIExpression(), !",
            "    #dbg_value(!DIArgList(i32 %0, i32 1), !7, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !9)\n",
            "    #dbg_declare(ptr @g, !7, !DIExpression(), !9)\n",
            "    #dbg_label(!10, !9)\n",
            "  ret void, !dbg !",
            ", !custom.kind !",
            "!llvm.module.flags = !{!1, !2}\n!llvm.dbg.cu = !{!3}\n",
            "!0 = distinct !{!\"Dwarf Version\"}\n!1 = !{i32 7, !\"Dwarf Version\", i32 3}\n",
        ],
    );
    check_oracle(&text);
}

// ---- robustness ---------------------------------------------------------------

/// 100k nested constant expressions and 100k nested array types print on a
/// small stack (no recursion on nesting depth).
#[test]
fn deep_nesting_prints_without_recursion() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut ctx = Context::new();
            let m = ctx.create_module("deep");
            let (i8t, i64t, ptr) = (ctx.i8_type(), ctx.i64_type(), ctx.ptr_type(0));
            let base = ctx.add_global_var(m, "base", i8t, 0);
            let one = ctx.const_int(i64t, 1);
            let mut c = base.0;
            for _ in 0..100_000 {
                c = ctx.const_expr(
                    Opcode::GetElementPtr,
                    ptr,
                    &[c, one],
                    ExprFlags::None,
                    Some(lair::constants::ConstPayload::Gep {
                        src: i8t,
                        inrange: None,
                    }),
                );
            }
            let g = ctx.add_global_var(m, "deep", ptr, 0);
            ctx.set_initializer(g, Some(c));
            let mut t = i8t;
            for _ in 0..100_000 {
                t = ctx.array_type(t, 1);
            }
            ctx.add_global_var(m, "deept", t, 0);
            let s = ctx.create_struct("S");
            ctx.set_struct_body(s, &[t], false);
            ctx.add_global_var(m, "deeps", s, 0);
            let text = verified::text(&ctx, m);
            assert!(
                text.contains("@deep = global ptr getelementptr (i8, ptr getelementptr (i8, ptr ")
            );
            assert!(text.contains("@deept = external global [1 x [1 x [1 x "));
            text.len()
        })
        .unwrap();
    assert!(handle.join().unwrap() > 4_000_000);
}

// ---- throughput ---------------------------------------------------------------

/// A module shaped like clang -O0 output (allocas, loads, stores, struct
/// GEPs, compares, branches, calls with parameter attributes, unnamed
/// values everywhere): `functions` functions of about 100 instructions.
fn o0_like_module(ctx: &mut Context, functions: usize) -> Module {
    let m = ctx.create_module("o0");
    ctx.module_mut(m).datalayout =
        "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128".into();
    ctx.module_mut(m).triple = "x86_64-unknown-linux-gnu".into();
    let (i8t, i32t, i64t, ptr) = (
        ctx.i8_type(),
        ctx.i32_type(),
        ctx.i64_type(),
        ctx.ptr_type(0),
    );
    let st =
        ctx.create_struct_with_body("struct.sqlite3_value", &[i64t, ptr, i32t, i8t, ptr], false);
    let callee = declare(ctx, m, "sqlite3MisuseError", i32t, &[i32t], false);
    ctx.function_data_mut(callee)
        .attrs
        .add(AttrIndex::Function, Attribute::Enum(AttrKind::NoUnwind));
    let cty = ctx.signature(callee);
    let s = ctx.const_string(b"misuse at line %d of [%.10s]", true);
    let msg = ctx.add_global_var(m, ".str", ctx.type_of(s), 0);
    ctx.set_initializer(msg, Some(s));
    ctx.global_data_mut(msg).linkage = Linkage::Private;
    for k in 0..functions {
        let f = declare(
            ctx,
            m,
            &format!("sqlite3_function_{k}"),
            i32t,
            &[i32t, ptr, ptr],
            false,
        );
        {
            let fd = ctx.function_data_mut(f);
            fd.attrs
                .add(AttrIndex::Function, Attribute::Enum(AttrKind::NoUnwind));
            fd.attrs
                .add(AttrIndex::Param(0), Attribute::Enum(AttrKind::NoUndef));
            fd.global.dso_local = true;
        }
        let e = ctx.append_block(f, "");
        let (a0, a1, a2) = (ctx.arg(f, 0), ctx.arg(f, 1), ctx.arg(f, 2));
        let zero = ctx.const_int(i32t, 0);
        let ten = ctx.const_int(i32t, 10);
        let one = ctx.const_int(i32t, 1);
        let idx = ctx.const_int(i32t, 2);
        let z64 = ctx.const_int(i64t, 0);
        let mut b = Builder::at_end(ctx, e);
        let slots: Vec<Value> = (0..6)
            .map(|j| {
                b.alloca(
                    if j % 2 == 0 { i32t } else { ptr },
                    None,
                    align(if j % 2 == 0 { 4 } else { 8 }),
                )
            })
            .collect();
        b.store(a0, slots[0], align(4));
        b.store(a1, slots[1], align(8));
        b.store(a2, slots[3], align(8));
        let exit = b.ctx.append_block(f, "");
        let mut cur = e;
        for _ in 0..10 {
            let then = b.ctx.append_block(f, "");
            let next = b.ctx.append_block(f, "");
            b.position_at_end(cur);
            let l = b.load(i32t, slots[0], align(4));
            let c = b.icmp(IntPredicate::Slt, l, zero);
            b.cond_br(c, then, next);
            b.position_at_end(then);
            let p = b.load(ptr, slots[1], align(8));
            let g = b.gep(st, p, &[z64, idx], GepFlags::INBOUNDS);
            let v = b.load(i32t, g, align(4));
            let s = b.binop(WrapOp::Add, v, ten, WrapFlags::NSW);
            let r = b.call(cty, callee.0, &[s]);
            let mut attrs = b.ctx.call_attrs(Inst(r)).clone();
            attrs.add(AttrIndex::Param(0), Attribute::Enum(AttrKind::NoUndef));
            b.ctx.set_call_attrs(Inst(r), attrs);
            b.store(r, slots[2], align(4));
            let w = b.cast(Opcode::SExt, r, i64t);
            let q = b.gep(i8t, p, &[w], GepFlags::NONE);
            b.store(q, slots[3], align(8));
            b.br(next);
            b.position_at_end(next);
            let l2 = b.load(i32t, slots[2], align(4));
            let t = b.binop(WrapOp::Add, l2, one, WrapFlags::NSW);
            b.store(t, slots[0], align(4));
            cur = next;
        }
        b.position_at_end(cur);
        b.br(exit);
        b.position_at_end(exit);
        let r = b.load(i32t, slots[0], align(4));
        b.ret(Some(r));
    }
    m
}

/// `cargo test --release --test print -- --ignored --nocapture throughput`:
/// printing speed in MB/s of text produced (LLVM 19 prints sqlite3-O0 at
/// about 65 MB/s on the reference machine).
#[test]
#[ignore]
fn throughput() {
    let mut ctx = Context::new();
    let m = o0_like_module(&mut ctx, 4000);
    let mut best = f64::MAX;
    let mut len = 0;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let text = verified::text(&ctx, m);
        best = best.min(t.elapsed().as_secs_f64());
        len = text.len();
    }
    eprintln!(
        "printed {:.1} MB in {:.1} ms: {:.0} MB/s",
        len as f64 / 1e6,
        best * 1e3,
        len as f64 / 1e6 / best
    );
}

#[test]
fn o0_like_module_is_accepted() {
    let mut ctx = Context::new();
    let m = o0_like_module(&mut ctx, 3);
    let text = verified::text(&ctx, m);
    check(
        &text,
        &[
            "define dso_local i32 @sqlite3_function_0(i32 noundef %0, ptr %1, ptr %2) #0 {\n  %4 = alloca i32, align 4\n",
            "= call i32 @sqlite3MisuseError(i32 noundef %",
            "= getelementptr inbounds %struct.sqlite3_value, ptr %",
        ],
    );
    check_oracle(&text);
}

/// Writes the throughput module to `$LAIR_PRINT_DUMP` (for timing LLVM on
/// the same text).
#[test]
#[ignore]
fn dump_throughput_module() {
    let Ok(path) = std::env::var("LAIR_PRINT_DUMP") else {
        return;
    };
    let mut ctx = Context::new();
    let m = o0_like_module(&mut ctx, 4000);
    std::fs::write(path, ctx.print_module(m)).unwrap();
}

/// A `gc` name that is not UTF-8: `print_module` escapes it (the same name
/// once parsed), `print_module_bytes` writes its raw bytes as `llvm-dis`.
#[test]
fn gc_name_bytes_print_raw() {
    let mut ctx = Context::new();
    let src = "define void @f() #0 gc \"g\\FF\" {\n  ret void\n}\n\
               declare void @\"gc \\22g\\FF\\22\"() gc \"g\\FF\\22\"\n\
               attributes #0 = { nounwind }\n";
    let m = lair::asm::parse::parse_module(&mut ctx, src, "gc.ll").unwrap();
    let text = ctx.print_module(m);
    assert!(
        text.contains("define void @f() #0 gc \"g\\FF\" {"),
        "{text}"
    );
    let bytes = ctx.print_module_bytes(m);
    let want: &[u8] = b"; Function Attrs: nounwind\ndefine void @f() #0 gc \"g\xff\" {";
    assert!(bytes.windows(want.len()).any(|w| w == want));
    let want: &[u8] = b"declare void @\"gc \\22g\\FF\\22\"() gc \"g\xff\"\"\n";
    assert!(bytes.windows(want.len()).any(|w| w == want));
    assert_eq!(bytes.len(), text.len() - 2 - 4);
}

/// Struct definitions come in the type finder's order, found along the
/// functions: a struct the module does not use is left out (the text
/// after the definitions moves, with the raw `gc` bytes recorded in it),
/// a context struct of another module too, and a module using every
/// struct prints them in first-use order, not creation order.
#[test]
fn struct_definitions_in_use_order() {
    let mut ctx = Context::new();
    let src = "%unused = type { i64 }\n%b = type { i32, %c }\n%a = type { ptr, %b }\n\
               %c = type { i16 }\n%d = type { i8 }\n@g = global %a zeroinitializer\n\
               define void @f() gc \"\\FFx\" {\n  %x = alloca %d\n  ret void\n}\n\
               define void @h() gc \"g\\FE\" {\n  %y = alloca %b\n  ret void\n}\n";
    let m = lair::asm::parse::parse_module(&mut ctx, src, "s.ll").unwrap();
    let text = ctx.print_module(m);
    let defs = "\n%a = type { ptr, %b }\n%b = type { i32, %c }\n%c = type { i16 }\n\
                %d = type { i8 }\n\n@g = ";
    assert!(text.contains(defs), "{text}");
    let bytes = ctx.print_module_bytes(m);
    for want in [
        &b"define void @f() gc \"\xffx\" {"[..],
        b"define void @h() gc \"g\xfe\" {",
    ] {
        assert!(bytes.windows(want.len()).any(|w| w == want), "{text}");
    }
    // A second module in the context: its structs are the context's too.
    let src2 = "%e = type { i32 }\n%b2 = type { %e }\n\
                define void @k() gc \"\\FF\" {\n  %x = alloca %b2\n  ret void\n}\n";
    let m2 = lair::asm::parse::parse_module(&mut ctx, src2, "t.ll").unwrap();
    let text2 = ctx.print_module(m2);
    assert!(
        text2.contains("\n\n%b2 = type { %e }\n%e = type { i32 }\n\ndefine"),
        "{text2}"
    );
    let bytes2 = ctx.print_module_bytes(m2);
    let want: &[u8] = b"define void @k() gc \"\xff\" {";
    assert!(bytes2.windows(want.len()).any(|w| w == want), "{text2}");
    assert_eq!(bytes2.len(), text2.len() - 2);
    // Printing the first module again is unchanged by the second's structs.
    assert_eq!(ctx.print_module(m), text);
    // Every struct used, first used in the other order than made.
    let mut c3 = Context::new();
    let src3 = "%z = type { i32 }\n%y = type { %z }\n\
                define void @f() {\n  %x = alloca %y\n  ret void\n}\n";
    let m3 = lair::asm::parse::parse_module(&mut c3, src3, "u.ll").unwrap();
    let text3 = c3.print_module(m3);
    assert!(
        text3.contains("\n\n%y = type { %z }\n%z = type { i32 }\n\ndefine"),
        "{text3}"
    );
}

/// `print_module` is `print_module_bytes` whenever that is UTF-8; where a
/// raw name is not (a `gc` name, the target triple), `print_module` has
/// the escaped spelling, which parses back to the same module. Checked on
/// every hand-written module of `tests/data/ll` (the `names-bytes-*` ones
/// hold the raw names).
#[test]
fn print_module_is_print_module_bytes() {
    let mut raw_seen = 0;
    let mut files: Vec<_> = std::fs::read_dir("tests/data/ll")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    for path in files {
        let src = std::fs::read(&path).unwrap();
        let mut ctx = Context::new();
        let name = path.to_string_lossy();
        let Ok(m) = lair::asm::parse::parse_module_bytes(&mut ctx, &src, &name) else {
            continue;
        };
        let bytes = ctx.print_module_bytes(m);
        let text = ctx.print_module(m);
        match core::str::from_utf8(&bytes) {
            Ok(b) => assert_eq!(b, text, "{name}"),
            Err(_) => {
                raw_seen += 1;
                let mut c2 = Context::new();
                let m2 = lair::asm::parse::parse_module(&mut c2, &text, &name).unwrap();
                assert_eq!(c2.print_module_bytes(m2), bytes, "{name}");
                assert_eq!(c2.print_module(m2), text, "{name}");
            }
        }
    }
    assert!(raw_seen >= 2, "only {raw_seen} modules with raw names");
}
