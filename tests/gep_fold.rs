//! GEP constant folding as LLVM 19's `ConstantExpr::getGetElementPtr`:
//! the constants of `tests/data/gep/fold.ll` built with
//! `Context::const_gep`, printed, and compared with what `llvm-as-19 |
//! llvm-dis-19` prints for them (`tests/data/gep/fold-llvm19.txt`, written
//! by `scripts/gep-fold.sh`).

#[path = "support/verified.rs"]
mod verified;

use lair::inst::GepFlags;
use lair::{Context, Type, Value};

const EXPECTED: &str = include_str!("data/gep/fold-llvm19.txt");

const IB: GepFlags = GepFlags::INBOUNDS;
const NUSW: GepFlags = GepFlags::NUSW;
const NUW: GepFlags = GepFlags::NUW;
const NONE: GepFlags = GepFlags::NONE;

#[test]
fn const_gep_folds_as_llvm19() {
    let mut c = Context::new();
    let m = c.create_module("fold");
    let (i8t, i32t, i64t) = (c.i8_type(), c.i32_type(), c.i64_type());
    let a10 = c.array_type(i32t, 10);
    let a4 = c.array_type(i32t, 4);
    let s = c.create_struct_with_body("S", &[i32t, a4], false);
    let ptr = c.ptr0_type();
    let v2i64 = c.vector_type(i64t, 2);
    let v2i32 = c.vector_type(i32t, 2);
    let v2ptr = c.vector_type(ptr, 2);
    let g = c.add_global_var(m, "g", a10, 0);
    let z = c.const_null(a10);
    c.set_initializer(g, Some(z));
    let sg = c.add_global_var(m, "s", s, 0);
    let z = c.const_null(s);
    c.set_initializer(sg, Some(z));
    let (g, sg) = (g.0, sg.0);

    let k64 = |c: &mut Context, v: i64| c.const_int_signed(i64t, v);
    let k32 = |c: &mut Context, v: i64| c.const_int_signed(i32t, v);
    let k8 = |c: &mut Context, v: i64| c.const_int_signed(i8t, v);
    let vec = |c: &mut Context, t: Type, e: &[Value]| c.const_aggregate(t, e);

    let mut cases: Vec<Value> = Vec::new();
    let z64 = k64(&mut c, 0);
    let z32 = k32(&mut c, 0);
    cases.push(c.const_gep(i8t, g, &[z64], NONE, None)); // a1
    cases.push(c.const_gep(i8t, g, &[z32], NONE, None)); // a2
    cases.push(c.const_gep(a10, g, &[z64, z64], NONE, None)); // a3
    let i12 = k64(&mut c, 12);
    cases.push(c.const_gep(a10, g, &[z32, i12], NONE, None)); // a4
    let (b1, b3) = (k8(&mut c, 1), k8(&mut c, 3));
    cases.push(c.const_gep(a10, g, &[b1, b3], NONE, None)); // a5
    let (one32, i7) = (k32(&mut c, 1), k64(&mut c, 7));
    cases.push(c.const_gep(s, sg, &[z64, one32, i7], NONE, None)); // a6
    let u64v = c.const_undef(i64t);
    cases.push(c.const_gep(i8t, g, &[u64v], IB, None)); // a7
    let (pp, pu, i4) = (c.const_poison(ptr), c.const_undef(ptr), k64(&mut c, 4));
    cases.push(c.const_gep(i8t, pp, &[i4], IB, None)); // a8
    cases.push(c.const_gep(i8t, pu, &[i4], IB, None)); // a9
    let zv = c.const_null(v2i64);
    cases.push(c.const_gep(i8t, g, &[zv], NONE, None)); // a10
    let (one, two) = (k64(&mut c, 1), k64(&mut c, 2));
    let v12 = vec(&mut c, v2i64, &[one, two]);
    cases.push(c.const_gep(i32t, g, &[v12], NONE, None)); // a11
    let gs = vec(&mut c, v2ptr, &[g, sg]);
    let v11_32 = vec(&mut c, v2i32, &[one32, one32]);
    cases.push(c.const_gep(s, gs, &[one, v11_32, two], NONE, None)); // a12
    let inner = c.const_gep(i8t, g, &[i4], NONE, None);
    cases.push(c.const_gep(i8t, inner, &[i4], NONE, None)); // a13
    let null = c.const_null(ptr);
    cases.push(c.const_gep(i32t, null, &[i4], NONE, None)); // a14
    let p64 = c.const_poison(i64t);
    cases.push(c.const_gep(a10, g, &[z64, p64], IB, None)); // a15
    let i3 = k64(&mut c, 3);
    cases.push(c.const_gep(i8t, g, &[i3], IB | NUW, None)); // a16
    cases.push(c.const_gep(i8t, g, &[i3], NUSW, None)); // a17
    cases.push(c.const_gep(i8t, g, &[], IB, None)); // a18
    cases.push(c.const_gep(i8t, g, &[z64], NONE, Some((0, 8)))); // a19
    let v0u = vec(&mut c, v2i64, &[z64, u64v]);
    cases.push(c.const_gep(i32t, g, &[v0u], NONE, None)); // a20
    cases.push(c.const_gep(i8t, gs, &[z64], NONE, None)); // a21
    let v11 = vec(&mut c, v2i64, &[one, one]);
    let zv32 = c.const_null(v2i32);
    cases.push(c.const_gep(s, sg, &[v11, zv32], IB, None)); // a22
    let v13 = vec(&mut c, v2i64, &[one, i3]);
    cases.push(c.const_gep(s, sg, &[z64, one32, v13], NONE, None)); // a23
    cases.push(c.const_gep(s, null, &[z64, one32, i3], IB, None)); // a24

    for (k, &v) in cases.iter().enumerate() {
        let ty = c.type_of(v);
        let a = c.add_global_var(m, format!("a{}", k + 1), ty, 0);
        c.set_initializer(a, Some(v));
    }
    let text = verified::text(&c, m);
    let got: Vec<&str> = text.lines().filter(|l| l.starts_with("@a")).collect();
    let want: Vec<&str> = EXPECTED.lines().collect();
    assert_eq!(got.len(), want.len());
    let diffs: Vec<String> = got
        .iter()
        .zip(&want)
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("got  {g}\nwant {w}"))
        .collect();
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

const EXPECTED_DL: &str = include_str!("data/gep/fold-dl-llvm19.txt");

/// The GEP instructions of `tests/data/gep/fold-dl.ll`, folded with
/// `LayoutCache::fold_gep`, against `opt-19 -passes=instsimplify`.
#[test]
fn fold_gep_with_layout_as_llvm19_instsimplify() {
    let mut c = Context::new();
    let m = c.create_module("fold-dl");
    c.module_mut(m).datalayout =
        "e-m:e-p:64:64-p1:64:64:64:32-p2:32:32-i64:64-f80:128-n8:16:32:64-S128-ni:2".into();
    let mut cache = c.module_layout_cache(m).unwrap();
    let (i8t, i32t, i64t) = (c.i8_type(), c.i32_type(), c.i64_type());
    let a10 = c.array_type(i32t, 10);
    let a4 = c.array_type(i32t, 4);
    let a4i64 = c.array_type(i64t, 4);
    let s = c.create_struct_with_body("S", &[i32t, a4], false);
    let (ptr, ptr2) = (c.ptr0_type(), c.ptr_type(2));
    let g = c.add_global_var(m, "g", a10, 0);
    let z = c.const_null(a10);
    c.set_initializer(g, Some(z));
    let sg = c.add_global_var(m, "s", s, 0);
    let z = c.const_null(s);
    c.set_initializer(sg, Some(z));
    let w = c.add_global_var(m, "w", a10, 0);
    c.global_data_mut(w).linkage = lair::ir::global::Linkage::ExternWeak;
    let h = c.add_global_var(m, "h", a4i64, 1);
    let z = c.const_null(a4i64);
    c.set_initializer(h, Some(z));
    let (g, sg, w, h) = (g.0, sg.0, w.0, h.0);
    let k64 = |c: &mut Context, v: i64| c.const_int_signed(i64t, v);
    let k32 = |c: &mut Context, v: i64| c.const_int_signed(i32t, v);
    let k8 = |c: &mut Context, v: i64| c.const_int_signed(i8t, v);

    // (source, base, indices, flags) per function f1..f18.
    let (z64, z32, one32) = (k64(&mut c, 0), k32(&mut c, 0), k32(&mut c, 1));
    let (i2, i3, i4, i6) = (
        k64(&mut c, 2),
        k64(&mut c, 3),
        k64(&mut c, 4),
        k64(&mut c, 6),
    );
    let i12 = k64(&mut c, 12);
    let (b1, b3) = (k8(&mut c, 1), k8(&mut c, 3));
    let inner4 = c.const_gep(i8t, g, &[i4], NONE, None);
    let null = c.const_null(ptr);
    let m1 = k64(&mut c, -1);
    let i10 = k64(&mut c, 10);
    let i1000 = k64(&mut c, 1000);
    let itp = c.const_cast(lair::inst::Opcode::IntToPtr, i1000, ptr);
    let big = k64(&mut c, 4_294_967_298);
    let null2 = c.const_null(ptr2);
    let s1_ib = c.const_gep(s, sg, &[z64, one32], IB, None);
    let s1_nuw = c.const_gep(s, sg, &[z64, one32], NUW, None);
    let s1_ir = c.const_gep(s, sg, &[z64, one32], NONE, Some((0, 16)));
    let m3 = k64(&mut c, -3);
    let cases: Vec<(Type, Value, Vec<Value>, GepFlags)> = vec![
        (a10, g, vec![z32, i12], NONE),
        (a10, g, vec![b1, b3], NONE),
        (s, sg, vec![z64, one32, i2], IB),
        (i8t, inner4, vec![i4], NONE),
        (i32t, null, vec![i4], NONE),
        (i8t, g, vec![z64], NONE),
        (i32t, g, vec![m1], NONE),
        (a10, g, vec![z64, i3], NONE),
        (a10, g, vec![z64, i10], NONE),
        (a10, w, vec![z64, i3], NONE),
        (i32t, itp, vec![i6], NONE),
        (a4i64, h, vec![z64, big], NONE),
        (i32t, null2, vec![i4], NONE),
        (i32t, s1_ib, vec![i2], IB),
        (i32t, s1_nuw, vec![i2], NUSW | NUW),
        (i8t, s1_ir, vec![i2], NONE),
        (a10, g, vec![z64, m3], NONE),
        (s, sg, vec![z64, z32], NONE),
    ];
    let void = c.void_type();
    let fty = c.function_type(void, &[], false);
    let f = c.add_function(m, "f", fty);
    let entry = c.append_block(f, "entry");
    let mut got = Vec::new();
    for (src, base, idx, flags) in cases {
        let mut b = lair::builder::Builder::at_end(&mut c, entry);
        b.set_folding(false);
        let inst = b.gep(src, base, &idx, flags);
        assert!(c.as_inst(inst).is_some());
        let folded = cache.fold_gep(&mut c, inst).expect("LLVM folds it");
        got.push(c.display_value(folded).to_string());
    }
    let want: Vec<&str> = EXPECTED_DL.lines().collect();
    assert_eq!(got.len(), want.len());
    let diffs: Vec<String> = got
        .iter()
        .zip(&want)
        .enumerate()
        .filter(|(_, (g, w))| g != *w)
        .map(|(k, (g, w))| format!("f{}: got  {g}\n     want {w}", k + 1))
        .collect();
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
