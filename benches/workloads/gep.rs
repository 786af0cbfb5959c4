//! `gep_offset` (WORKLOADS.md, llvm_ref.cpp `benchGepOffset`): the
//! constant byte offset of GEP instruction number `i mod 24` of the seed's
//! `%struct.foo` nest, for `i` in `0..N`.
//!
//! Untimed: the context, the module (with the x86-64 data layout), the
//! struct types, `@chunky`, the 24 GEP instructions
//! `getelementptr %struct.foo, ptr @chunky, i64 0, i32 0, i32 1, i32 2, i32 1, i64 k`
//! in `@g` (built with folding off, so they stay instructions), the
//! module's `LayoutCache`; and the checks: every offset constant, the sum
//! `Σ (32 + i mod 24)`, `sizeof(%struct.foo) = 80`, and each GEP's offset
//! against the index-list walk (LLVM's `getIndexedOffsetInType` check).

use crate::{measure, report, Opts, Sample};
use lair::builder::Builder;
use lair::ir::Inst;
use lair::layout::{GepIndex, LayoutCache};
use lair::{Context, Value};
use std::hint::black_box;

/// The data layout of the workload (x86-64).
const LAYOUT: &str =
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

/// The setup: the context, the 24 GEPs, the cache.
struct Env {
    ctx: Context,
    geps: Vec<Value>,
    cache: LayoutCache,
    struct_foo: lair::Type,
}

fn setup() -> Env {
    let mut ctx = Context::new();
    let m = ctx.create_module("gep");
    ctx.module_mut(m).datalayout = LAYOUT.to_string();
    let i8t = ctx.i8_type();
    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let bytes = ctx.array_type(i8t, 24);
    let union = ctx.create_struct_with_body("union.anon", &[i64t, bytes], false);
    let anon0 =
        ctx.create_struct_with_body("struct.anon.0", &[i64t, i64t, union, i64t, i64t], false);
    let anon = ctx.create_struct_with_body("struct.anon", &[i64t, anon0, i64t], false);
    let struct_foo = ctx.create_struct_with_body("struct.foo", &[anon], false);
    let chunky = ctx.add_global_var(m, "chunky", struct_foo, 0);
    let zero = ctx.const_null(struct_foo);
    ctx.set_initializer(chunky, Some(zero));
    let void = ctx.void_type();
    let fty = ctx.function_type(void, &[], false);
    let g = ctx.add_function(m, "g", fty);
    let entry = ctx.append_block(g, "entry");
    let idx = |ctx: &mut Context, k: u64| -> Vec<Value> {
        vec![
            ctx.const_int(i64t, 0),
            ctx.const_int(i32t, 0),
            ctx.const_int(i32t, 1),
            ctx.const_int(i32t, 2),
            ctx.const_int(i32t, 1),
            ctx.const_int(i64t, k),
        ]
    };
    let lists: Vec<Vec<Value>> = (0..24).map(|k| idx(&mut ctx, k)).collect();
    let mut b = Builder::at_end(&mut ctx, entry);
    b.set_folding(false);
    let geps: Vec<Value> = lists
        .iter()
        .map(|l| b.gep(struct_foo, chunky.0, l, lair::inst::GepFlags::NONE))
        .collect();
    b.ret(None);
    let cache = ctx
        .module_layout_cache(m)
        .expect("gep_offset: the x86-64 layout parses");
    Env {
        ctx,
        geps,
        cache,
        struct_foo,
    }
}

/// The timed loop: `(Σ offsets, number of non-constant GEPs)`.
fn run(env: &mut Env, n: usize) -> (u64, u64) {
    let (mut sum, mut not_constant) = (0u64, 0u64);
    for i in 0..n {
        match env
            .cache
            .accumulate_constant_offset(&env.ctx, env.geps[i % 24])
        {
            Ok(o) => sum = sum.wrapping_add(o.offset as u64),
            Err(_) => not_constant += 1,
        }
    }
    (sum, not_constant)
}

/// Runs `gep_offset`.
pub fn gep_offset(opts: &Opts) {
    let n = opts.n(1_000_000);
    let mut samples: Vec<Sample> = Vec::new();
    for _ in 0..opts.reps() {
        let mut env = setup();
        let (sample, (sum, not_constant)) = measure(|| run(&mut env, n));
        black_box(sum);
        samples.push(sample);
        assert_eq!(
            not_constant, 0,
            "gep_offset: {not_constant} offsets were not constant"
        );
        let expected: u64 = (0..n as u64).map(|i| 32 + i % 24).sum();
        assert_eq!(sum, expected, "gep_offset: offset sum");
        let size = env
            .cache
            .alloc_size(&env.ctx, env.struct_foo)
            .expect("sized");
        assert_eq!(size.min, 80, "gep_offset: sizeof(struct.foo) != 80");
        for (k, &g) in env.geps.iter().enumerate() {
            assert!(env.ctx.as_inst(g).is_some(), "gep_offset: GEP {k} folded");
            let _: Option<Inst> = env.ctx.as_inst(g);
            let o = env.cache.accumulate_constant_offset(&env.ctx, g).unwrap();
            assert_eq!(o.offset, 32 + k as i128, "gep_offset: offset for k={k}");
            let list = [0, 0, 1, 2, 1, k as i128].map(GepIndex::Const);
            let walk = env
                .cache
                .gep_offset(&env.ctx, 0, env.struct_foo, &list)
                .unwrap();
            assert_eq!(
                walk.constant(),
                32 + k as i128,
                "gep_offset: walk for k={k}"
            );
        }
    }
    report("gep_offset", n, &samples, false);
}
