//! Constants: uniquing, canonical forms and folding against the LLVM 19
//! behaviours (C1–C21, R7).

#[path = "support/verified.rs"]
mod verified;

use lair::builder::Builder;
use lair::constants::apint::APInt;
use lair::constants::ConstKind;
use lair::fold::{fold_int_binop, Folded};
use lair::inst::{gep, wrap, Opcode};
use lair::{Context, Value};

#[test]
fn signedness_c2() {
    let mut ctx = Context::new();
    let i8t = ctx.i8_type();
    let a = ctx.const_int(i8t, 206);
    assert_eq!(ctx.const_int_value(a).unwrap().sext_value(), -50);
    let b = ctx.const_int_signed(i8t, -50);
    assert_eq!(ctx.const_int_value(b).unwrap().to_u64(), 206);
    assert_eq!(a, b);
    let c = ctx.const_int(i8t, 100);
    assert_eq!(c, ctx.const_int_signed(i8t, 100));
    let i1t = ctx.i1_type();
    let t = ctx.const_int(i1t, u64::MAX);
    assert_eq!(t, ctx.const_int_signed(i1t, -1));
    assert_eq!(t, ctx.const_bool(true));
}

#[test]
fn i1_folding_table_c4() {
    let t = APInt::new(1, 1);
    let f = APInt::new(1, 0);
    let int = |x: &APInt| Folded::Int(x.clone());
    let cases = [
        (Opcode::Add, &t, &t, int(&f)),
        (Opcode::Sub, &t, &t, int(&f)),
        (Opcode::Shl, &t, &t, Folded::Poison),
        (Opcode::Shl, &t, &f, int(&t)),
        (Opcode::Mul, &t, &t, int(&t)),
        (Opcode::SDiv, &t, &t, int(&t)),
        (Opcode::UDiv, &t, &t, int(&t)),
        (Opcode::SRem, &t, &t, int(&f)),
        (Opcode::URem, &t, &t, int(&f)),
    ];
    for (op, x, y, want) in cases {
        assert_eq!(fold_int_binop(op, x, y), Some(want), "{op:?}");
    }
}

#[test]
fn float_identity_is_bitwise_c5() {
    let mut ctx = Context::new();
    let d = ctx.double_type();
    assert_ne!(ctx.const_float(d, 0.0), ctx.const_float(d, -0.0));
    assert_eq!(ctx.const_float(d, f64::NAN), ctx.const_float(d, f64::NAN));
    let c = ctx.const_float(d, 1.5);
    assert_eq!(ctx.const_float_value(c).unwrap(), 1.5f64.to_bits() as u128);
}

#[test]
fn undef_poison_uniqued_c6_and_splat_c9() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    assert_eq!(ctx.const_undef(i32t), ctx.const_undef(i32t));
    assert_ne!(ctx.const_undef(i32t), ctx.const_poison(i32t));
    let one = ctx.const_int(i32t, 1);
    let s = ctx.const_splat(4, false, one);
    assert_eq!(ctx.const_kind(s), ConstKind::DataVector);
    let z = ctx.const_int(i32t, 0);
    let sz = ctx.const_splat(4, true, z);
    assert_eq!(ctx.const_kind(sz), ConstKind::Zero);
    let sn = ctx.const_splat(4, true, one);
    assert_eq!(
        ctx.const_expr_opcode(sn).map(|x| x.0),
        Some(Opcode::ShuffleVector)
    );
}

#[test]
fn data_arrays_c8() {
    let mut ctx = Context::new();
    let i1t = ctx.i1_type();
    let i128t = ctx.int_type(128);
    let i16t = ctx.i16_type();
    let one16 = ctx.const_int(i16t, 1);
    let arr16 = ctx.array_type(i16t, 2);
    let d = ctx.const_aggregate(arr16, &[one16, one16]);
    assert_eq!(ctx.const_kind(d), ConstKind::DataArray);
    assert_eq!(ctx.const_data(d), Some(&[1u64, 1][..]));
    for t in [i1t, i128t] {
        let one = ctx.const_int(t, 1);
        let at = ctx.array_type(t, 2);
        let a = ctx.const_aggregate(at, &[one, one]);
        assert_eq!(ctx.const_kind(a), ConstKind::Array);
    }
    let s = ctx.const_string(b"hi", true);
    assert_eq!(ctx.const_data(s), Some(&[104u64, 105, 0][..]));
}

#[test]
fn null_of_pointer_vector_is_zero_c12() {
    let mut ctx = Context::new();
    let p = ctx.ptr_type(0);
    let vp = ctx.vector_type(p, 2);
    let n = ctx.const_null(p);
    assert_eq!(ctx.const_kind(n), ConstKind::Null);
    let nv = ctx.const_null(vp);
    assert_eq!(ctx.const_kind(nv), ConstKind::Zero);
}

#[test]
fn expressions_are_uniqued_with_flags_and_types_c14() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let i8t = ctx.i8_type();
    let i64t = ctx.i64_type();
    let g = ctx.add_global_var(m, "g", i32t, 0);
    let p = ctx.const_cast(Opcode::PtrToInt, g.0, i64t);
    let a = ctx.const_binop(Opcode::Add, p, p, 0);
    assert_eq!(a, ctx.const_binop(Opcode::Add, p, p, 0));
    assert_ne!(a, ctx.const_binop(Opcode::Add, p, p, wrap::NSW));
    let one = ctx.const_int(i32t, 1);
    let g32 = ctx.const_gep(i32t, g.0, &[one], 0, None);
    let g8 = ctx.const_gep(i8t, g.0, &[one], 0, None);
    let gin = ctx.const_gep(i32t, g.0, &[one], gep::INBOUNDS, None);
    assert_ne!(g32, g8);
    assert_ne!(g32, gin);
    assert_eq!(g32, ctx.const_gep(i32t, g.0, &[one], 0, None));
}

#[test]
fn folding_in_expression_builders_c15_c16() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let p = ctx.ptr_type(0);
    let p1 = ctx.ptr_type(1);
    let one = ctx.const_int(i32t, 1);
    let two = ctx.const_int(i32t, 2);
    assert_eq!(
        ctx.const_binop(Opcode::Add, one, two, 0),
        ctx.const_int(i32t, 3)
    );
    let g = ctx.add_global_var(m, "G", i32t, 0);
    let zero = ctx.const_int(i32t, 0);
    assert_eq!(ctx.const_gep(i32t, g.0, &[zero], 0, None), g.0);
    assert_eq!(ctx.const_cast(Opcode::BitCast, g.0, p), g.0);
    let null = ctx.const_null(p);
    let z64 = ctx.const_int(i64t, 0);
    assert_eq!(ctx.const_cast(Opcode::PtrToInt, null, i64t), z64);
    let asc = ctx.const_cast(Opcode::AddrSpaceCast, null, p1);
    assert_eq!(
        ctx.const_expr_opcode(asc).map(|x| x.0),
        Some(Opcode::AddrSpaceCast)
    );
}

#[test]
fn vector_element_folding_c17() {
    let mut ctx = Context::new();
    let i16t = ctx.i16_type();
    let i32t = ctx.i32_type();
    let v2 = ctx.vector_type(i16t, 2);
    let a = ctx.const_int(i16t, 7);
    let b = ctx.const_int(i16t, 9);
    let vec = ctx.const_aggregate(v2, &[a, b]);
    let two = ctx.const_int(i32t, 2);
    let one = ctx.const_int(i32t, 1);
    let undef_idx = ctx.const_undef(i32t);
    let p16 = ctx.const_poison(i16t);
    let pv = ctx.const_poison(v2);
    assert_eq!(ctx.fold_extract_element(vec, two), Some(p16));
    assert_eq!(ctx.fold_extract_element(vec, undef_idx), Some(p16));
    assert_eq!(ctx.fold_insert_element(vec, a, two), Some(pv));
    let c2015 = ctx.const_int(i16t, 2015);
    let ins = ctx.fold_insert_element(vec, c2015, one).unwrap();
    assert_eq!(ctx.fold_extract_element(ins, one), Some(c2015));
}

#[test]
fn block_address_rauw_in_place_c21() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let void = ctx.void_type();
    let fty = ctx.function_type(void, &[], false);
    let f = ctx.add_function(m, "f", fty);
    let bb = ctx.append_block(f, "bb");
    let nb = ctx.append_block(f, "nb");
    Builder::at_end(&mut ctx, bb).ret(None);
    Builder::at_end(&mut ctx, nb).ret(None);
    let ba = ctx.block_address(f, bb);
    assert!(
        !ctx.use_empty(bb.0),
        "the block gets a use from blockaddress"
    );
    let p = ctx.ptr_type(0);
    let holder = ctx.add_global_var(m, "h", p, 0);
    ctx.set_initializer(holder, Some(ba));
    ctx.replace_all_uses_with(bb.0, nb.0);
    assert!(ctx.is_live(ba));
    assert_eq!(
        ctx.block_address(f, nb),
        ba,
        "same object, now for the new block"
    );
    verified::assert_sound(&ctx, m);
}

#[test]
#[should_panic(expected = "contains the value")]
fn rauw_with_expression_containing_the_value_r7() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let g = ctx.add_global_var(m, "g", i32t, 0);
    let one = ctx.const_int(i32t, 1);
    let e = ctx.const_gep(i32t, g.0, &[one], 0, None);
    ctx.replace_all_uses_with(g.0, e);
}

#[test]
fn replace_if_on_constant_user_replaces_every_use_r9() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let p = ctx.ptr_type(0);
    let x = ctx.add_global_var(m, "x", i32t, 0);
    let y = ctx.add_global_var(m, "y", i32t, 0);
    let at = ctx.array_type(p, 2);
    let arr = ctx.const_aggregate(at, &[x.0, x.0]);
    let h = ctx.add_global_var(m, "h", at, 0);
    ctx.set_initializer(h, Some(arr));
    let mut first = true;
    let any = ctx.replace_uses_with_if(x.0, y.0, |_, _| std::mem::replace(&mut first, false));
    assert!(any);
    let init = ctx.initializer(h).unwrap();
    assert_eq!(init, arr, "updated in place");
    assert_eq!(
        ctx.operands(init).collect::<Vec<_>>(),
        [Some(y.0), Some(y.0)]
    );
}

#[test]
fn data_arrays_built_directly_equal_the_aggregate_form() {
    let mut ctx = Context::new();
    for w in [8u32, 16, 32, 64] {
        let et = ctx.int_type(w);
        for data in [
            vec![],
            vec![0, 0, 0],
            vec![1, 2, 3],
            vec![0x1ff, 0, u64::MAX],
            vec![0, 0, 1 << 40],
        ] {
            let direct = ctx.const_data_array(et, &data);
            let elems: Vec<Value> = data.iter().map(|&x| ctx.const_int(et, x)).collect();
            let aty = ctx.array_type(et, data.len() as u64);
            let via = ctx.const_aggregate(aty, &elems);
            assert_eq!(direct, via, "i{w} {data:?}");
        }
    }
    let s = ctx.const_string(b"hi", true);
    let i8t = ctx.i8_type();
    let elems: Vec<Value> = [b'h', b'i', 0]
        .iter()
        .map(|&b| ctx.const_int(i8t, u64::from(b)))
        .collect();
    let aty = ctx.array_type(i8t, 3);
    assert_eq!(s, ctx.const_aggregate(aty, &elems));
}
