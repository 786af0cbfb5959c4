//! Behaviours that must be LLVM 19's, checked against what libLLVM 19 does
//! in the same cases (`scripts/behaviour-oracle.cpp` writes
//! `tests/data/behaviour/llvm.txt`; `.ci/run` re-derives it): constant
//! expressions re-folded after RAUW, a `Deleted` callback that RAUWs its
//! value also told `Replaced`, scalable splats, name collisions on NVPTX,
//! and the alignment a `load`, `store`, `alloca`, `atomicrmw` or `cmpxchg`
//! written without `align` has once parsed.

use lair::inst::Opcode;
use lair::ir::{Global, Inst};
use lair::{Context, HandleEvent};
use std::cell::RefCell;
use std::rc::Rc;

const REFOLD: &str = "@x = global i32 0
@y = global i32 0
@g = global i64 add (i64 ptrtoint (ptr @x to i64), i64 1)
@h = global ptr getelementptr (i8, ptr @x, i64 4)
@k = global i64 sub (i64 ptrtoint (ptr @y to i64), i64 ptrtoint (ptr @x to i64))
@v = global <2 x i64> <i64 ptrtoint (ptr @x to i64), i64 7>
@t = global i32 trunc (i64 ptrtoint (ptr @x to i64) to i32)
@m = global i64 mul (i64 ptrtoint (ptr @y to i64), i64 2)
@e = global i64 extractelement (<2 x i64> <i64 ptrtoint (ptr @x to i64), i64 3>, i32 0)
";

fn refold(out: &mut Vec<String>) {
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(REFOLD, "r.ll").unwrap();
    let g = |ctx: &Context, n: &str| ctx.global_by_name(m, n).unwrap();
    let show = |ctx: &Context, out: &mut Vec<String>, step: &str| {
        for n in ["g", "h", "k", "v", "t", "m", "e"] {
            let init = ctx.initializer(Global(g(ctx, n))).unwrap();
            out.push(format!("refold.{step}.{n}: {}", ctx.display_value(init)));
        }
    };
    let p = ctx.ptr_type(0);
    let null = ctx.const_null(p);
    let x = g(&ctx, "x");
    ctx.replace_all_uses_with(x, null);
    show(&ctx, out, "x-null");
    let i64t = ctx.i64_type();
    let eight = ctx.const_int(i64t, 8);
    let ptr8 = ctx.const_cast(Opcode::IntToPtr, eight, p);
    let y = g(&ctx, "y");
    ctx.replace_all_uses_with(y, ptr8);
    show(&ctx, out, "y-8");
}

const REFOLD_GEP: &str = "@x = global i32 0
@y = global [4 x i32] zeroinitializer
@z = global i32 0
@w = global i32 0
@p = global ptr getelementptr (i8, ptr @y, i64 ptrtoint (ptr @x to i64))
@q = global ptr getelementptr inbounds ([4 x i32], ptr @y, i64 0, i64 ptrtoint (ptr @x to i64))
@r = global ptr getelementptr ([4 x i32], ptr @y, i64 1, i64 ptrtoint (ptr @x to i64))
@o = global ptr getelementptr (i8, ptr @x, i64 ptrtoint (ptr @x to i64))
@n = global ptr getelementptr inrange(0, 4) (i8, ptr @y, i64 ptrtoint (ptr @x to i64))
@u = global <2 x ptr> getelementptr (i8, ptr @y, <2 x i64> <i64 ptrtoint (ptr @x to i64), i64 0>)
@s = global ptr getelementptr inbounds ([4 x i32], ptr @z, i64 0, i64 2)
@t = global ptr getelementptr (i8, ptr @w, i64 4)
@a = global i64 ptrtoint (ptr getelementptr (i8, ptr @z, i64 4) to i64)
";

/// `getelementptr` expressions whose index or base RAUW makes foldable.
fn refold_gep(out: &mut Vec<String>) {
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(REFOLD_GEP, "g.ll").unwrap();
    let g = |ctx: &Context, n: &str| ctx.global_by_name(m, n).unwrap();
    let show = |ctx: &Context, out: &mut Vec<String>, step: &str| {
        for n in ["p", "q", "r", "o", "n", "u", "s", "t", "a"] {
            let init = ctx.initializer(Global(g(ctx, n))).unwrap();
            out.push(format!(
                "refold-gep.{step}.{n}: {}",
                ctx.display_value(init)
            ));
        }
    };
    let p = ctx.ptr_type(0);
    let null = ctx.const_null(p);
    let x = g(&ctx, "x");
    ctx.replace_all_uses_with(x, null);
    show(&ctx, out, "x-null");
    let poison = ctx.const_poison(p);
    let undef = ctx.const_undef(p);
    let (z, w) = (g(&ctx, "z"), g(&ctx, "w"));
    ctx.replace_all_uses_with(z, poison);
    ctx.replace_all_uses_with(w, undef);
    show(&ctx, out, "zw-poison-undef");
    ctx.check_use_lists().unwrap();
}

fn deleted_rauw(out: &mut Vec<String>) {
    let mut ctx = Context::new();
    let m = ctx
        .parse_assembly(
            "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  %y = mul i32 %x, 2\n  ret i32 %y\n}\n",
            "d.ll",
        )
        .unwrap();
    let f = ctx.functions(m).next().unwrap();
    let x = ctx.local_by_name(f, "x").unwrap();
    let a = ctx.local_by_name(f, "a").unwrap();
    let log: Rc<RefCell<Vec<String>>> = Rc::default();
    let l = Rc::clone(&log);
    let h = ctx.create_callback_handle(
        x,
        Box::new(move |ctx: &mut Context, h, ev| match ev {
            HandleEvent::Deleted(v) => {
                l.borrow_mut()
                    .push(format!("deleted {}", ctx.name_of(v).unwrap_or("")));
                ctx.replace_all_uses_with(v, a);
            }
            HandleEvent::Replaced { old, new } => {
                let s = format!(
                    "replaced {} {}",
                    ctx.name_of(old).unwrap_or(""),
                    ctx.name_of(new).unwrap_or("")
                );
                l.borrow_mut().push(s);
                ctx.set_handle(h, Some(new));
            }
        }),
    );
    ctx.erase_inst(Inst(x));
    let events: String = log.borrow().iter().map(|e| format!(" [{e}]")).collect();
    out.push(format!("deleted-rauw.events:{events}"));
    let now = ctx.handle_value(h);
    out.push(format!(
        "deleted-rauw.handle: {}",
        now.and_then(|v| ctx.name_of(v)).unwrap_or("null")
    ));
    let y = ctx.local_by_name(f, "y").unwrap();
    out.push(format!("deleted-rauw.first:{}", ctx.display_inst(Inst(y))));
}

fn splats(out: &mut Vec<String>) {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let f32t = ctx.float_type();
    let i8t = ctx.i8_type();
    let seven = ctx.const_int(i32t, 7);
    let zero = ctx.const_int(i32t, 0);
    let three = ctx.const_int(i32t, 3);
    let p64 = ctx.const_poison(i64t);
    let uf = ctx.const_undef(f32t);
    let p32 = ctx.const_poison(i32t);
    let cases = [
        ("i32-7", ctx.const_splat(4, true, seven)),
        ("i64-poison", ctx.const_splat(2, true, p64)),
        ("float-undef", ctx.const_splat(2, true, uf)),
        ("i32-0", ctx.const_splat(4, true, zero)),
        ("fixed-poison", ctx.const_splat(4, false, p32)),
        ("fixed-3", ctx.const_splat(3, false, three)),
    ];
    for (n, v) in cases {
        out.push(format!("splat.{n}: {}", ctx.display_value(v)));
    }
    let s = ctx.const_splat(4, true, seven);
    let v8 = ctx.scalable_vector_type(i8t, 4);
    let v64 = ctx.scalable_vector_type(i64t, 4);
    let show = |ctx: &Context, r: Option<lair::Value>| {
        r.map_or("none".to_string(), |v| ctx.display_value(v).to_string())
    };
    let r = ctx.fold_cast(Opcode::Trunc, s, v8);
    out.push(format!("splat.trunc: {}", show(&ctx, r)));
    let r = ctx.fold_cast(Opcode::SExt, s, v64);
    out.push(format!("splat.sext: {}", show(&ctx, r)));
    let r = ctx.fold_cast(Opcode::ZExt, s, v64);
    out.push(format!("splat.zext: {}", show(&ctx, r)));
    let z = ctx.const_splat(4, true, zero);
    let r = ctx.fold_cast(Opcode::SExt, z, v64);
    out.push(format!("splat.sext-zero: {}", show(&ctx, r)));
    let again = ctx.const_splat(4, true, seven);
    out.push(format!(
        "splat.equal: {}",
        if again == s { "same" } else { "different" }
    ));
}

fn names(out: &mut Vec<String>) {
    for t in [
        "nvptx64-nvidia-cuda",
        "nvptx-nvidia-cuda",
        "x86_64-unknown-linux-gnu",
        "",
    ] {
        let mut ctx = Context::new();
        let m = ctx.create_module("m");
        ctx.module_mut(m).triple = t.as_bytes().to_vec();
        let i32t = ctx.i32_type();
        for _ in 0..3 {
            ctx.add_global_var(m, "g", i32t, 0);
        }
        let fty = ctx.function_type(i32t, &[], false);
        ctx.add_function(m, "g", fty);
        let mut line = format!("names.{}:", if t.is_empty() { "none" } else { t });
        let fs: Vec<_> = ctx.functions(m).map(|f| f.0).collect();
        let gs: Vec<_> = ctx.global_vars(m).map(|g| g.0).collect();
        for v in fs.into_iter().chain(gs) {
            line.push(' ');
            line.push_str(ctx.name_of(v).unwrap_or(""));
        }
        out.push(line);
    }
}

/// A `load`, `store`, `alloca`, `atomicrmw` or `cmpxchg` written without
/// `align`: the alignment a pass reads from the parsed instruction.
const ALIGN_BODY: &str = "%s = type { i8, i64, <2 x float> }
%p = type <{ i8, i32 }>
define void @f(ptr %q) {
  %a1 = alloca i1
  %a2 = alloca i64
  %a3 = alloca double
  %a4 = alloca <4 x i32>
  %a5 = alloca %s
  %a6 = alloca [3 x i128]
  %a7 = alloca ptr addrspace(1)
  %l1 = load i8, ptr %q
  %l2 = load i64, ptr %q
  %l3 = load double, ptr %q
  %l4 = load <3 x i16>, ptr %q
  %l5 = load %s, ptr %q
  %l6 = load %p, ptr %q
  %l7 = load ptr, ptr %q
  %l8 = load i128, ptr %q
  %l9 = load x86_fp80, ptr %q
  %l10 = load <vscale x 2 x i64>, ptr %q
  %l11 = load i24, ptr %q
  store i8 %l1, ptr %q
  store i64 %l2, ptr %q
  store %s %l5, ptr %q
  store volatile <3 x i16> %l4, ptr %q
  %r1 = atomicrmw add ptr %q, i32 1 seq_cst
  %r2 = atomicrmw fadd ptr %q, double 1.0 acquire
  %x1 = cmpxchg ptr %q, i128 0, i128 1 acquire monotonic
  ret void
}
";

/// The data layouts [`ALIGN_BODY`] is read under (tag, layout).
const ALIGN_LAYOUTS: [(&str, &str); 3] = [
    ("default", ""),
    (
        "e50963",
        "E-m:e-p:64:64-i64:64-i128:128-n32:64-S128-v128:64",
    ),
    (
        "i386",
        "e-m:e-p:32:32-p1:16:16-i64:32-f64:32-f80:32-i128:32-v64:32-v128:32-n8:16:32-S128",
    ),
];

fn default_align(out: &mut Vec<String>) {
    for (tag, dl) in ALIGN_LAYOUTS {
        let mut ctx = Context::new();
        let text = format!("target datalayout = \"{dl}\"\n{ALIGN_BODY}");
        let m = ctx.parse_assembly(&text, "a.ll").unwrap();
        let f = ctx.functions(m).next().unwrap();
        let mut line = format!("align.{tag}:");
        let blocks: Vec<_> = ctx.blocks(f).collect();
        for b in blocks {
            for i in ctx.insts(b) {
                if matches!(
                    ctx.opcode(i),
                    Opcode::Alloca
                        | Opcode::Load
                        | Opcode::Store
                        | Opcode::AtomicRMW
                        | Opcode::AtomicCmpXchg
                ) {
                    let a = ctx.alignment(i).map_or(0, |a| a.bytes());
                    line.push_str(&format!(" {a}"));
                }
            }
        }
        out.push(line);
    }
}

#[test]
fn behaviours_are_llvm_19_s() {
    let want = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/behaviour/llvm.txt"),
    )
    .unwrap();
    let mut got = Vec::new();
    refold(&mut got);
    refold_gep(&mut got);
    deleted_rauw(&mut got);
    splats(&mut got);
    names(&mut got);
    default_align(&mut got);
    let want: Vec<&str> = want.lines().collect();
    let diffs: Vec<String> = want
        .iter()
        .zip(&got)
        .filter(|(w, g)| *w != g)
        .map(|(w, g)| format!("LLVM: {w}\nlair: {g}"))
        .collect();
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    assert_eq!(want.len(), got.len());
}
