//! The object-model workloads of WORKLOADS.md: build_chain, rauw_wide,
//! use_walk, erase_all, phi_grow, type_unique, const_unique, handles.

use crate::{measure, report, Opts, Sample};
use lair::builder::Builder;
use lair::ir::{Block, Function, Inst};
use lair::{Context, HandleKind, Type, Value};
use std::hint::black_box;

/// `define i64 @f(i64 %a, i64 %b)` with an empty `entry` block.
struct FnEnv {
    ctx: Context,
    f: Function,
    entry: Block,
    i64t: Type,
    a: Value,
    b: Value,
}

fn make_fn() -> FnEnv {
    let mut ctx = Context::new();
    let m = ctx.create_module("bench");
    let i64t = ctx.i64_type();
    let fty = ctx.function_type(i64t, &[i64t, i64t], false);
    let f = ctx.add_function(m, "f", fty);
    let a = ctx.arg(f, 0);
    let b = ctx.arg(f, 1);
    ctx.set_name(a, "a");
    ctx.set_name(b, "b");
    let entry = ctx.append_block(f, "entry");
    FnEnv {
        ctx,
        f,
        entry,
        i64t,
        a,
        b,
    }
}

fn append_chain(e: &mut FnEnv, n: usize) -> Value {
    let (a, b, entry) = (e.a, e.b, e.entry);
    let mut bld = Builder::at_end(&mut e.ctx, entry);
    let mut v = a;
    for _ in 0..n {
        v = bld.add(v, b);
    }
    v
}

fn append_fan(e: &mut FnEnv, n: usize) {
    let consts: Vec<Value> = (0..1000u64).map(|k| e.ctx.const_int(e.i64t, k)).collect();
    let (a, entry) = (e.a, e.entry);
    let mut bld = Builder::at_end(&mut e.ctx, entry);
    for i in 0..n {
        bld.add(a, consts[i % 1000]);
    }
}

pub fn build_chain(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        let (s, last) = measure(|| append_chain(&mut e, n));
        black_box(last);
        samples.push(s);
        // Check, untimed: exactly the chain.
        let mut prev = e.a;
        let mut count = 0;
        for i in e.ctx.insts(e.entry) {
            assert!(
                e.ctx.operand(i.0, 0) == Some(prev) && e.ctx.operand(i.0, 1) == Some(e.b),
                "instruction {count} is wrong"
            );
            prev = i.0;
            count += 1;
        }
        assert_eq!(count, n);
        assert!(n == 0 || e.ctx.has_one_use(e.a));
        assert_eq!(e.ctx.num_uses(e.b), n);
        let _ = e.f;
    }
    report("build_chain", n, &samples, true);
}

pub fn rauw_wide(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        append_fan(&mut e, n);
        let (a, b) = (e.a, e.b);
        let (s, ()) = measure(|| e.ctx.replace_all_uses_with(a, b));
        samples.push(s);
        assert!(e.ctx.use_empty(a));
        assert_eq!(e.ctx.num_uses(b), n);
        for (k, i) in e.ctx.insts(e.entry).enumerate() {
            assert_eq!(e.ctx.operand(i.0, 0), Some(b));
            let c = e.ctx.operand(i.0, 1).unwrap();
            assert_eq!(
                e.ctx.const_int_value(c).unwrap().to_u64(),
                (k % 1000) as u64
            );
        }
    }
    report("rauw_wide", n, &samples, false);
}

pub fn use_walk(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        append_fan(&mut e, n);
        let ctx = &e.ctx;
        let a = e.a;
        let (s, (sum, users, uses)) = measure(|| {
            let (mut sum, mut users, mut uses) = (0u64, 0u64, 0u64);
            let mut prev: Option<Value> = None;
            for u in ctx.uses(a) {
                sum += u.operand_no as u64;
                users += (Some(u.user) != prev) as u64;
                prev = Some(u.user);
                uses += 1;
            }
            (black_box(sum), black_box(users), uses)
        });
        samples.push(s);
        assert_eq!((sum, users, uses), (0, n as u64, n as u64));
        let exact: std::collections::HashSet<Value> = ctx.users(a).collect();
        assert_eq!(exact.len(), n);
    }
    report("use_walk", n, &samples, false);
}

pub fn erase_all(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        append_chain(&mut e, n);
        let entry = e.entry;
        let ctx = &mut e.ctx;
        let (s, ()) = measure(|| {
            while let Some(i) = ctx.last_inst(entry) {
                ctx.erase_inst(i);
            }
        });
        samples.push(s);
        assert!(ctx.first_inst(entry).is_none());
        assert!(ctx.use_empty(e.a) && ctx.use_empty(e.b));
    }
    report("erase_all", n, &samples, false);
}

pub fn phi_grow(o: &Opts) {
    let n = o.n(100_000);
    let mut samples: Vec<Sample> = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        let ctx = &mut e.ctx;
        let join = ctx.append_block(e.f, "join");
        let phi = Builder::at_end(ctx, join).phi(e.i64t, 0);
        ctx.set_name(phi.0, "p");
        Builder::at_end(ctx, join).ret(Some(phi.0));
        let mut preds = Vec::with_capacity(n);
        for _ in 0..n {
            let p = ctx.create_block("");
            ctx.insert_block(e.f, p, Some(join));
            Builder::at_end(ctx, p).br(join);
            preds.push(p);
        }
        let first = preds.first().copied().unwrap_or(join);
        Builder::at_end(ctx, e.entry).br(first);
        let (a, b) = (e.a, e.b);
        let (s, ()) = measure(|| {
            let mut adder = ctx.phi_adder(phi);
            for (i, &p) in preds.iter().enumerate() {
                adder.add(if i & 1 == 1 { b } else { a }, p);
            }
        });
        samples.push(s);
        assert_eq!(ctx.num_operands(phi.0) as usize, n);
        for (i, &p) in preds.iter().enumerate() {
            assert_eq!(ctx.phi_blocks(phi)[i], p.0);
            assert_eq!(
                ctx.operand(phi.0, i as u32),
                Some(if i & 1 == 1 { b } else { a })
            );
        }
        assert_eq!(ctx.num_uses(a), n.div_ceil(2));
        assert_eq!(ctx.num_uses(b), n / 2);
        let _: Inst = phi;
    }
    report("phi_grow", n, &samples, true);
}

pub fn type_unique(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut ctx = Context::new();
        let (i8t, i32t, i64t, void) = (
            ctx.i8_type(),
            ctx.i32_type(),
            ctx.i64_type(),
            ctx.void_type(),
        );
        let ptr = ctx.ptr_type(0);
        let (s, sum) = measure(|| {
            let mut sum = 0u64;
            for i in 0..n as u64 {
                let it = ctx.int_type((i % 64 + 1) as u32);
                let at = ctx.array_type(i32t, i % 100);
                let inner = ctx.array_type(i8t, i % 50);
                let st = ctx.struct_type(&[i32t, i64t, inner], false);
                let pt = ctx.ptr_type((i % 4) as u32);
                let ft = ctx.function_type(void, &[i32t, ptr], false);
                sum += id(it) + id(at) + id(st) + id(pt) + id(ft);
            }
            black_box(sum)
        });
        samples.push(s);
        let ints: Vec<Type> = (0..64).map(|w| ctx.int_type(w + 1)).collect();
        let arrs: Vec<Type> = (0..100).map(|k| ctx.array_type(i32t, k)).collect();
        let structs: Vec<Type> = (0..50)
            .map(|k| {
                let inner = ctx.array_type(i8t, k);
                ctx.struct_type(&[i32t, i64t, inner], false)
            })
            .collect();
        let ptrs: Vec<Type> = (0..4).map(|a| ctx.ptr_type(a)).collect();
        let ft = ctx.function_type(void, &[i32t, ptr], false);
        let mut expected = 0u64;
        for i in 0..n {
            expected += id(ints[i % 64])
                + id(arrs[i % 100])
                + id(structs[i % 50])
                + id(ptrs[i % 4])
                + id(ft);
        }
        assert_eq!(sum, expected, "types not uniqued");
    }
    report("type_unique", n, &samples, true);
}

fn id(t: Type) -> u64 {
    t.identity()
}

pub fn const_unique(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut ctx = Context::new();
        let i64t = ctx.i64_type();
        let dbl = ctx.double_type();
        let pair = ctx.struct_type(&[i64t, i64t], false);
        let (s, sum) = measure(|| {
            let mut sum = 0u64;
            for i in 0..n as u64 {
                let ci = ctx.const_int(i64t, i % 100_000);
                let cf = ctx.const_float(dbl, (i % 1000) as f64);
                let c = ctx.const_int(i64t, i % 1000);
                let cs = ctx.const_aggregate(pair, &[c, c]);
                sum = sum
                    .wrapping_add(vid(ci))
                    .wrapping_add(vid(cf))
                    .wrapping_add(vid(cs));
            }
            black_box(sum)
        });
        samples.push(s);
        let ints: Vec<Value> = (0..100_000).map(|k| ctx.const_int(i64t, k)).collect();
        let fps: Vec<Value> = (0..1000).map(|k| ctx.const_float(dbl, k as f64)).collect();
        let structs: Vec<Value> = (0..1000)
            .map(|k| ctx.const_aggregate(pair, &[ints[k], ints[k]]))
            .collect();
        for k in 1..1000 {
            assert_eq!(ctx.operand(structs[k], 0), Some(ints[k]));
        }
        let mut expected = 0u64;
        for i in 0..n {
            expected = expected
                .wrapping_add(vid(ints[i % 100_000]))
                .wrapping_add(vid(fps[i % 1000]))
                .wrapping_add(vid(structs[i % 1000]));
        }
        assert_eq!(sum, expected, "constants not uniqued");
    }
    report("const_unique", n, &samples, true);
}

fn vid(v: Value) -> u64 {
    v.identity()
}

pub fn handles(o: &Opts) {
    let n = o.n(1_000_000);
    let mut samples = Vec::new();
    for _ in 0..o.reps() {
        let mut e = make_fn();
        let consts: Vec<Value> = (0..1000u64).map(|k| e.ctx.const_int(e.i64t, k)).collect();
        let (a, b, entry) = (e.a, e.b, e.entry);
        let mut olds = Vec::with_capacity(n);
        let mut news = Vec::with_capacity(n);
        {
            let mut bld = Builder::at_end(&mut e.ctx, entry);
            for i in 0..n {
                olds.push(bld.add(a, consts[i % 1000]));
            }
            for i in 0..n {
                news.push(bld.add(b, consts[i % 1000]));
            }
        }
        let ctx = &mut e.ctx;
        let mut hs = Vec::with_capacity(n);
        let (s1, ()) = measure(|| {
            for &v in &olds {
                hs.push(ctx.create_handle(Some(v), HandleKind::WeakTracking));
            }
            for i in 0..n {
                ctx.replace_all_uses_with(olds[i], news[i]);
            }
        });
        for i in 0..n {
            assert_eq!(
                ctx.handle_value(hs[i]),
                Some(news[i]),
                "handle {i} did not follow"
            );
        }
        let (s2, ()) = measure(|| {
            for h in hs.drain(..) {
                ctx.drop_handle(h);
            }
        });
        samples.push(Sample {
            ns: s1.ns + s2.ns,
            bytes: 0,
        });
    }
    report("handles", n, &samples, false);
}
