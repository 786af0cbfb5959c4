//! GEPs of the IR (`layout/ir.rs`, `layout/module.rs`): offsets of GEP
//! instructions and constant expressions with the numbers the behaviours
//! file (G1–G15) and the getelementptr seed article quote, flags, lanes,
//! errors, and the module's data layout cache.

#[path = "support/verified.rs"]
mod verified;

use lair::builder::Builder;
use lair::inst::gep::{INBOUNDS, NUSW, NUW};
use lair::inst::Opcode;
use lair::ir::inst::InstPayload;
use lair::ir::{Block, Module};
use lair::layout::{GepError, GepIndex, GepNoWrap, LayoutCache};
use lair::{Context, Type, Value};

const X86_64: &str =
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

/// A module with the x86-64 layout and `define void @f(ptr %p, i64 %i,
/// i64 %j, <2 x ptr> %vp, <2 x i64> %vi)`.
struct Env {
    c: Context,
    m: Module,
    entry: Block,
    args: Vec<Value>,
    cache: LayoutCache,
}

fn env() -> Env {
    let mut c = Context::new();
    let m = c.create_module("t");
    c.module_mut(m).datalayout = X86_64.to_string();
    let (ptr, i64t, void) = (c.ptr0_type(), c.i64_type(), c.void_type());
    let vp = c.vector_type(ptr, 2);
    let vi = c.vector_type(i64t, 2);
    let fty = c.function_type(void, &[ptr, i64t, i64t, vp, vi], false);
    let f = c.add_function(m, "f", fty);
    let args = (0..5).map(|i| c.arg(f, i)).collect();
    let entry = c.append_block(f, "entry");
    let cache = c.module_layout_cache(m).unwrap();
    Env {
        c,
        m,
        entry,
        args,
        cache,
    }
}

impl Env {
    /// A GEP instruction (folding off).
    fn gep(&mut self, src: Type, base: Value, idx: &[Value], flags: u16) -> Value {
        let mut b = Builder::at_end(&mut self.c, self.entry);
        b.set_folding(false);
        b.gep(src, base, idx, flags)
    }
    fn i64(&mut self, v: i64) -> Value {
        let t = self.c.i64_type();
        self.c.const_int_signed(t, v)
    }
    fn i32(&mut self, v: i64) -> Value {
        let t = self.c.i32_type();
        self.c.const_int_signed(t, v)
    }
    fn offset(&mut self, g: Value) -> Result<i128, GepError> {
        self.cache
            .accumulate_constant_offset(&self.c, g)
            .map(|o| o.offset)
    }
}

/// The seed's `%struct.foo` nest.
fn struct_foo(c: &mut Context) -> Type {
    let (i8t, i64t) = (c.i8_type(), c.i64_type());
    let bytes = c.array_type(i8t, 24);
    let union = c.create_struct_with_body("union.anon", &[i64t, bytes], false);
    let anon0 = c.create_struct_with_body("struct.anon.0", &[i64t, i64t, union, i64t, i64t], false);
    let anon = c.create_struct_with_body("struct.anon", &[i64t, anon0, i64t], false);
    c.create_struct_with_body("struct.foo", &[anon], false)
}

#[test]
fn seed_chunky_gep_is_41_bytes_inbounds() {
    let mut e = env();
    let foo_ty = struct_foo(&mut e.c);
    let chunky = e.c.add_global_var(e.m, "chunky", foo_ty, 0).0;
    let idx = [e.i64(0), e.i32(0), e.i32(1), e.i32(2), e.i32(1), e.i64(9)];
    let g = e.gep(foo_ty, chunky, &idx, INBOUNDS | NUSW);
    let o = e.cache.accumulate_constant_offset(&e.c, g).unwrap();
    assert_eq!(o.offset, 41);
    assert!(o.flags.is_inbounds() && o.flags.has_nusw() && !o.flags.has_nuw());
    // The same GEP as a constant expression (the builder folds it to one).
    let cx = e.c.const_gep(foo_ty, chunky, &idx, INBOUNDS | NUSW, None);
    assert!(e.c.as_inst(cx).is_none());
    let o = e.cache.accumulate_constant_offset(&e.c, cx).unwrap();
    assert_eq!(o.offset, 41);
    let parts = e.c.gep_parts(cx).unwrap();
    assert!(parts.is_const_expr && parts.num_indices == 6 && parts.source == foo_ty);
    // The 24 bench GEPs: 32 + k.
    for k in 0..24 {
        let mut idx = idx;
        idx[5] = e.i64(k);
        let g = e.gep(foo_ty, chunky, &idx, 0);
        assert_eq!(e.offset(g), Ok(32 + i128::from(k)));
    }
}

#[test]
fn g4_worked_examples_on_instructions() {
    let mut e = env();
    let p = e.args[0];
    let (i8t, i16t, i32t) = (e.c.i8_type(), e.c.int_type(16), e.c.i32_type());
    let a4 = e.c.array_type(i16t, 4);
    let s = e.c.struct_type(&[i8t, i32t, a4], false);
    let a10 = e.c.array_type(i32t, 10);
    let v4 = e.c.vector_type(i32t, 4);
    let i1 = e.c.i1_type();
    let v8i1 = e.c.vector_type(i1, 8);
    let fp80 = e.c.x86_fp80_type();
    let i24 = e.c.int_type(24);
    let cases: Vec<(Type, Vec<i64>, i128)> = vec![
        (i32t, vec![3], 12),
        (s, vec![0, 1], 4),
        (s, vec![1, 2, 3], 30),
        (a10, vec![1, 2], 48),
        (v4, vec![0, 2], 8),
        (v8i1, vec![1], 1),
        (fp80, vec![1], 16),
        (i24, vec![1], 4),
    ];
    for (src, idx, want) in cases {
        let is_struct = e.c.is_struct(src);
        let vals: Vec<Value> = idx
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                if is_struct && k > 0 {
                    e.i32(i)
                } else {
                    e.i64(i)
                }
            })
            .collect();
        let g = e.gep(src, p, &vals, 0);
        assert_eq!(e.offset(g), Ok(want), "{idx:?}");
    }
}

#[test]
fn g3_index_width_truncation_and_sign_extension() {
    let mut e = env();
    let p = e.args[0];
    let (i8t, i32t) = (e.c.i8_type(), e.c.i32_type());
    let m1 = e.c.const_int_signed(i8t, -1);
    let g = e.gep(i32t, p, &[m1], 0);
    assert_eq!(e.offset(g), Ok(-4));
    // Address space 1 with a 32-bit index: the index is truncated.
    let mut c = Context::new();
    let m = c.create_module("as1");
    c.module_mut(m).datalayout = "p1:64:64:64:32".into();
    let mut cache = c.module_layout_cache(m).unwrap();
    let (i32t, i64t, void) = (c.i32_type(), c.i64_type(), c.void_type());
    let p1 = c.ptr_type(1);
    let fty = c.function_type(void, &[p1], false);
    let f = c.add_function(m, "f", fty);
    let q = c.arg(f, 0);
    let bb = c.append_block(f, "entry");
    let big = c.const_int(i64t, 4_294_967_297);
    let mut b = Builder::at_end(&mut c, bb);
    let g = b.gep(i32t, q, &[big], 0);
    assert_eq!(cache.accumulate_constant_offset(&c, g).unwrap().offset, 4);
    assert_eq!(c.gep_parts(g).unwrap().addr_space, 1);
}

#[test]
fn g7_collect_offset_terms_in_first_appearance_order() {
    let mut e = env();
    let (p, i, j) = (e.args[0], e.args[1], e.args[2]);
    let i32t = e.c.i32_type();
    let a10 = e.c.array_type(i32t, 10);
    let a10x10 = e.c.array_type(a10, 10);
    let g = e.gep(a10x10, p, &[i, i, j], NUW);
    let o = e.cache.collect_offset(&e.c, g).unwrap();
    assert_eq!(o.constant, 0);
    assert_eq!(o.terms.as_slice(), &[(i, 440), (j, 4)]);
    assert!(o.flags.has_nuw() && !o.flags.has_nusw());
    assert_eq!(
        e.offset(g),
        Err(GepError::NotConstant { position: 0 }),
        "a variable index is not constant"
    );
    let three = e.i64(3);
    let g = e.gep(a10, p, &[j, three], NUSW);
    let o = e.cache.collect_offset(&e.c, g).unwrap();
    assert_eq!((o.constant, o.terms.as_slice()), (12, &[(j, 40)][..]));
    assert!(o.flags.has_nusw() && !o.flags.is_inbounds());
    // The index list keys variables by their first operand number.
    assert_eq!(
        e.c.gep_index_list(g).unwrap().as_slice(),
        &[GepIndex::Var(1), GepIndex::Const(3)]
    );
    // A zero-sized stride leaves no term.
    let empty = e.c.struct_type(&[], false);
    let g = e.gep(empty, p, &[i], 0);
    let o = e.cache.collect_offset(&e.c, g).unwrap();
    assert!(o.terms.is_empty() && o.constant == 0);
}

#[test]
fn g6_vector_constant_index_is_a_variable_and_lanes_are_per_element() {
    let mut e = env();
    let p = e.args[0];
    let (i32t, i64t) = (e.c.i32_type(), e.c.i64_type());
    let v2 = e.c.vector_type(i64t, 2);
    let (one, two) = (e.i64(1), e.i64(2));
    let v12 = e.c.const_aggregate(v2, &[one, two]);
    let g = e.gep(i32t, p, &[v12], 0);
    assert_eq!(e.offset(g), Err(GepError::NotConstant { position: 0 }));
    let o = e.cache.collect_offset(&e.c, g).unwrap();
    assert_eq!(o.terms.as_slice(), &[(v12, 4)]);
    let lanes = e.cache.lane_offsets(&e.c, g).unwrap();
    assert_eq!(lanes.offsets.as_slice(), &[4, 8]);
    // A vector base, a vector index and a scalar struct index.
    let i8t = e.c.i8_type();
    let s = e.c.struct_type(&[i8t, i32t], false);
    let vp = e.args[3];
    let f1 = e.i32(1);
    let g = e.gep(s, vp, &[v12, f1], 0);
    let lanes = e.cache.lane_offsets(&e.c, g).unwrap();
    assert_eq!(lanes.offsets.as_slice(), &[12, 20]);
    // A variable vector index has no lane offsets.
    let vi = e.args[4];
    let g = e.gep(i32t, p, &[vi], 0);
    assert_eq!(
        e.cache.lane_offsets(&e.c, g),
        Err(GepError::NotConstant { position: 0 })
    );
    // A scalar GEP has one lane.
    let g = e.gep(i32t, p, &[two], 0);
    assert_eq!(
        e.cache.lane_offsets(&e.c, g).unwrap().offsets.as_slice(),
        &[8]
    );
}

#[test]
fn g5_scalable_types() {
    let mut e = env();
    let p = e.args[0];
    let i32t = e.c.i32_type();
    let sv = e.c.scalable_vector_type(i32t, 4);
    let (zero, one) = (e.i64(0), e.i64(1));
    let g = e.gep(sv, p, &[zero], 0);
    assert_eq!(e.offset(g), Ok(0));
    let g = e.gep(sv, p, &[one], 0);
    assert_eq!(e.offset(g), Err(GepError::Scalable { position: 0 }));
    assert!(e.cache.collect_offset(&e.c, g).is_err());
}

#[test]
fn g10_flags_reported() {
    let nw = GepNoWrap::from_bits(INBOUNDS);
    assert!(nw.is_inbounds() && nw.has_nusw() && !nw.has_nuw());
    let nw = GepNoWrap::from_bits(NUSW);
    assert!(!nw.is_inbounds() && nw.has_nusw());
    let nw = GepNoWrap::from_bits(NUW);
    assert!(nw.has_nuw() && !nw.has_nusw());
    let nw = GepNoWrap::from_bits(INBOUNDS | NUW);
    assert_eq!(nw.bits(), INBOUNDS | NUSW | NUW);
    assert_eq!(GepNoWrap::from_bits(0), GepNoWrap::NONE);
}

#[test]
fn errors_are_values() {
    let mut e = env();
    let (p, i) = (e.args[0], e.args[1]);
    // Not a GEP: an argument, a global, an add.
    assert_eq!(e.c.gep_parts(p), Err(GepError::NotAGep));
    let one = e.i64(1);
    let add = Builder::at_end(&mut e.c, e.entry).add(i, one);
    assert_eq!(
        e.cache.accumulate_constant_offset(&e.c, add),
        Err(GepError::NotAGep)
    );
    // A struct index out of range; an index into a scalar. The builder
    // and the parser refuse both, but the raw `create_inst` does not check
    // and a pass may re-point an index operand.
    let i32t = e.c.i32_type();
    let s = e.c.struct_type(&[i32t], false);
    let (z, z32, f3) = (e.i64(0), e.i32(0), e.i32(3));
    let g = e.gep(s, p, &[z, z32], 0);
    e.c.set_operand(g, 2, Some(f3));
    assert!(matches!(
        e.offset(g),
        Err(GepError::StructIndexOutOfRange { position: 1, .. })
    ));
    let ptr = e.c.ptr0_type();
    let g = e.c.create_inst(
        Opcode::GetElementPtr,
        ptr,
        &[p, z, z],
        InstPayload::Ty(i32t),
    );
    assert_eq!(
        e.offset(g.into()),
        Err(GepError::NotIndexable { position: 1 })
    );
    // Dropped operands.
    let g = e.gep(i32t, p, &[one], 0);
    e.c.drop_all_references(g);
    assert_eq!(
        e.cache.accumulate_constant_offset(&e.c, g),
        Err(GepError::MissingOperand { operand: 0 })
    );
    assert!(e.cache.collect_offset(&e.c, g).is_err());
    assert!(e.c.gep_parts(g).is_err());
}

#[test]
fn module_layout_parsed_on_demand_and_refreshed() {
    let mut c = Context::new();
    let m = c.create_module("m");
    // The empty string is LLVM's default layout.
    assert_eq!(c.module_layout(m).unwrap().index_size_in_bits(0), 64);
    c.module_mut(m).datalayout = "e-p:32:32".into();
    assert_eq!(c.module_layout(m).unwrap().index_size_in_bits(0), 32);
    c.module_mut(m).datalayout = "e-p:32:32-x".into();
    assert!(c.module_layout(m).is_err());
    assert!(c.module_layout_cache(m).is_err());
    c.module_mut(m).datalayout = X86_64.into();
    let cache = c.module_layout_cache(m).unwrap();
    assert_eq!(cache.data_layout().index_size_in_bits(270), 32);
    // The printer prints the string as written.
    let text = verified::text(&c, m);
    assert!(text.contains(&format!("target datalayout = \"{X86_64}\"")));
}

#[test]
fn lane_offsets_of_a_malformed_vector_index_is_an_error_not_a_panic() {
    let mut e = env();
    let p = e.args[0];
    let (i32t, i64t) = (e.c.i32_type(), e.c.i64_type());
    let a4 = e.c.array_type(i32t, 4);
    let v2 = e.c.vector_type(i64t, 2);
    let v3 = e.c.vector_type(i64t, 3);
    let (a, b, c) = (e.i64(1), e.i64(2), e.i64(3));
    let two = e.c.const_aggregate(v2, &[a, b]);
    let three = e.c.const_aggregate(v3, &[a, b, c]);
    // Index vectors of different lengths (the verifier rejects this): the
    // result has 3 lanes, the first index only 2 elements.
    let g = e.gep(a4, p, &[two, three], 0);
    assert_eq!(
        e.cache.lane_offsets(&e.c, g),
        Err(GepError::NotConstant { position: 0 })
    );
}

/// LLVM's `getIndexedType`: struct indices must be in-range `i32`
/// constants (or splats of one); only aggregates can be indexed past the
/// first index.
#[test]
fn gep_indexed_type_follows_llvm() {
    let mut e = env();
    let c = &mut e.c;
    let (i32t, i64t, ptr) = (c.i32_type(), c.i64_type(), c.ptr0_type());
    let s = c.struct_type(&[i32t, i64t], false);
    let arr = c.array_type(i32t, 4);
    let zero = c.const_int(i32t, 0);
    let one = c.const_int(i32t, 1);
    let five = c.const_int(i32t, 5);
    let one64 = c.const_int(i64t, 1);
    let i = e.args[1];
    assert_eq!(c.gep_indexed_type(s, &[zero, one]), Some(i64t));
    assert_eq!(c.gep_indexed_type(s, &[zero, five]), None, "out of range");
    assert_eq!(c.gep_indexed_type(s, &[zero, one64]), None, "i64 index");
    assert_eq!(c.gep_indexed_type(s, &[zero, i]), None, "not constant");
    assert_eq!(c.gep_indexed_type(arr, &[zero, i]), Some(i32t));
    assert_eq!(c.gep_indexed_type(arr, &[zero, i, zero]), None, "into i32");
    assert_eq!(c.gep_indexed_type(ptr, &[i]), Some(ptr), "first index free");
    let v2 = c.vector_type(i32t, 2);
    let splat1 = c.const_splat(2, false, one);
    let mixed = c.const_aggregate(v2, &[one, zero]);
    let zeros = c.const_null(v2);
    assert_eq!(c.gep_indexed_type(s, &[zero, splat1]), Some(i64t));
    assert_eq!(c.gep_indexed_type(s, &[zero, zeros]), Some(i32t));
    assert_eq!(c.gep_indexed_type(s, &[zero, mixed]), None, "not a splat");
}

#[test]
#[should_panic(expected = "invalid getelementptr indices")]
fn builder_refuses_invalid_gep_indices() {
    let mut e = env();
    let (i32t, i64t) = (e.c.i32_type(), e.c.i64_type());
    let s = e.c.struct_type(&[i32t, i64t], false);
    let zero = e.c.const_int(i32t, 0);
    let nine = e.c.const_int(i32t, 9);
    let p = e.args[0];
    Builder::at_end(&mut e.c, e.entry).gep(s, p, &[zero, nine], 0);
}
