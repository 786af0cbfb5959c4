//! GEP constant folding as LLVM 19's `ConstantExpr::getGetElementPtr`:
//! the constants of `tests/data/gep/fold.ll` built with
//! `Context::const_gep`, printed, and compared with what `llvm-as-19 |
//! llvm-dis-19` prints for them (`tests/data/gep/fold-llvm19.txt`, written
//! by `scripts/gep-fold.sh`).

use lair::inst::gep::{INBOUNDS, NUSW, NUW};
use lair::{Context, Type, Value};

const EXPECTED: &str = include_str!("data/gep/fold-llvm19.txt");

const IB: u16 = INBOUNDS | NUSW;

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
    cases.push(c.const_gep(i8t, g, &[z64], 0, None)); // a1
    cases.push(c.const_gep(i8t, g, &[z32], 0, None)); // a2
    cases.push(c.const_gep(a10, g, &[z64, z64], 0, None)); // a3
    let i12 = k64(&mut c, 12);
    cases.push(c.const_gep(a10, g, &[z32, i12], 0, None)); // a4
    let (b1, b3) = (k8(&mut c, 1), k8(&mut c, 3));
    cases.push(c.const_gep(a10, g, &[b1, b3], 0, None)); // a5
    let (one32, i7) = (k32(&mut c, 1), k64(&mut c, 7));
    cases.push(c.const_gep(s, sg, &[z64, one32, i7], 0, None)); // a6
    let u64v = c.const_undef(i64t);
    cases.push(c.const_gep(i8t, g, &[u64v], IB, None)); // a7
    let (pp, pu, i4) = (c.const_poison(ptr), c.const_undef(ptr), k64(&mut c, 4));
    cases.push(c.const_gep(i8t, pp, &[i4], IB, None)); // a8
    cases.push(c.const_gep(i8t, pu, &[i4], IB, None)); // a9
    let zv = c.const_null(v2i64);
    cases.push(c.const_gep(i8t, g, &[zv], 0, None)); // a10
    let (one, two) = (k64(&mut c, 1), k64(&mut c, 2));
    let v12 = vec(&mut c, v2i64, &[one, two]);
    cases.push(c.const_gep(i32t, g, &[v12], 0, None)); // a11
    let gs = vec(&mut c, v2ptr, &[g, sg]);
    let v11_32 = vec(&mut c, v2i32, &[one32, one32]);
    cases.push(c.const_gep(s, gs, &[one, v11_32, two], 0, None)); // a12
    let inner = c.const_gep(i8t, g, &[i4], 0, None);
    cases.push(c.const_gep(i8t, inner, &[i4], 0, None)); // a13
    let null = c.const_null(ptr);
    cases.push(c.const_gep(i32t, null, &[i4], 0, None)); // a14
    let p64 = c.const_poison(i64t);
    cases.push(c.const_gep(a10, g, &[z64, p64], IB, None)); // a15
    let i3 = k64(&mut c, 3);
    cases.push(c.const_gep(i8t, g, &[i3], IB | NUW, None)); // a16
    cases.push(c.const_gep(i8t, g, &[i3], NUSW, None)); // a17
    cases.push(c.const_gep(i8t, g, &[], IB, None)); // a18
    cases.push(c.const_gep(i8t, g, &[z64], 0, Some((0, 8)))); // a19
    let v0u = vec(&mut c, v2i64, &[z64, u64v]);
    cases.push(c.const_gep(i32t, g, &[v0u], 0, None)); // a20
    cases.push(c.const_gep(i8t, gs, &[z64], 0, None)); // a21
    let v11 = vec(&mut c, v2i64, &[one, one]);
    let zv32 = c.const_null(v2i32);
    cases.push(c.const_gep(s, sg, &[v11, zv32], IB, None)); // a22
    let v13 = vec(&mut c, v2i64, &[one, i3]);
    cases.push(c.const_gep(s, sg, &[z64, one32, v13], 0, None)); // a23
    cases.push(c.const_gep(s, null, &[z64, one32, i3], IB, None)); // a24

    for (k, &v) in cases.iter().enumerate() {
        let ty = c.type_of(v);
        let a = c.add_global_var(m, &format!("a{}", k + 1), ty, 0);
        c.set_initializer(a, Some(v));
    }
    let text = c.print_module(m);
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
