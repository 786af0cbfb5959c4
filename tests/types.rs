//! Types: uniquing, identified structs, validity, sizedness and printing,
//! checked against the LLVM 19 behaviours T1–T18
//! (`shared/reference/llvm-behaviours.md`, section 1).

use lair::{Context, Type, TypeData};
use quickcheck::{Arbitrary, Gen, QuickCheck};

fn show(ctx: &Context, t: Type) -> String {
    t.display(ctx).to_string()
}

// ---- T1, T2: primitives and integers ----

#[test]
fn t1_primitives_are_uniqued() {
    let mut c = Context::new();
    assert_eq!(c.int_type(32), c.i32_type());
    assert_eq!(c.int_type(1), c.i1_type());
    assert_eq!(c.int_type(8), c.i8_type());
    assert_eq!(c.int_type(16), c.i16_type());
    assert_eq!(c.int_type(64), c.i64_type());
    assert_eq!(c.int_type(128), c.i128_type());
    assert_eq!(c.ptr_type(0), c.ptr0_type());
    let prims = [
        c.void_type(),
        c.label_type(),
        c.metadata_type(),
        c.token_type(),
        c.half_type(),
        c.bfloat_type(),
        c.float_type(),
        c.double_type(),
        c.x86_fp80_type(),
        c.fp128_type(),
        c.ppc_fp128_type(),
        c.x86_amx_type(),
        c.i1_type(),
        c.i8_type(),
        c.i16_type(),
        c.i32_type(),
        c.i64_type(),
        c.i128_type(),
    ];
    let names = [
        "void",
        "label",
        "metadata",
        "token",
        "half",
        "bfloat",
        "float",
        "double",
        "x86_fp80",
        "fp128",
        "ppc_fp128",
        "x86_amx",
        "i1",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
    ];
    for (i, (&t, name)) in prims.iter().zip(names).enumerate() {
        assert_eq!(show(&c, t), name);
        for &u in &prims[i + 1..] {
            assert_ne!(t, u);
        }
    }
    // Wide integers are hashed, still uniqued.
    let a = c.int_type(1000);
    assert_eq!(c.int_type(1000), a);
    assert_eq!(c.int_width(a), Some(1000));
    assert_eq!(show(&c, a), "i1000");
}

#[test]
fn t2_integer_width_range() {
    let mut c = Context::new();
    assert!(c.try_int_type(0).is_none());
    assert!(c.try_int_type(8_388_609).is_none());
    assert!(c.try_int_type(u32::MAX).is_none());
    let max = c.int_type(8_388_608);
    assert_eq!(c.int_width(max), Some(1 << 23));
    assert_eq!(c.try_int_type(8_388_608), Some(max));
    assert_eq!(c.int_width(c.i1_type()), Some(1));
}

#[test]
#[should_panic(expected = "integer width 0 out of range 1..=8388608")]
fn t2_int_zero_panics() {
    Context::new().int_type(0);
}

#[test]
#[should_panic(expected = "integer width 8388609 out of range")]
fn t2_int_too_wide_panics() {
    Context::new().int_type(8_388_609);
}

// ---- T3, T4, T5: structural uniquing ----

#[test]
fn t3_structural_uniquing() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let a = c.array_type(i32t, 4);
    assert_eq!(c.array_type(i32t, 4), a);
    assert_ne!(c.array_type(i32t, 5), a);
    assert_ne!(c.array_type(i8t, 4), a);
    let v = c.vector_type(i8t, 4);
    let sv = c.scalable_vector_type(i8t, 4);
    assert_eq!(c.vector_type(i8t, 4), v);
    assert_eq!(c.scalable_vector_type(i8t, 4), sv);
    assert_ne!(v, sv);
    assert_eq!(c.vector_len(v), Some((4, false)));
    assert_eq!(c.vector_len(sv), Some((4, true)));
    assert_eq!(c.element_type(v), Some(i8t));
    assert_eq!(c.element_type(a), Some(i32t));
    assert_eq!(c.array_len(a), Some(4));
    assert_eq!(c.array_len(v), None);
    let zero = c.array_type(i8t, 0);
    assert_eq!(show(&c, zero), "[0 x i8]");
    let big = c.array_type(i8t, u64::MAX);
    assert_eq!(c.array_len(big), Some(u64::MAX));
    let t1 = c.target_ext_type("x", &[i32t], &[1]);
    assert_eq!(c.target_ext_type("x", &[i32t], &[1]), t1);
    assert_ne!(c.target_ext_type("x", &[i32t], &[2]), t1);
    assert_ne!(c.target_ext_type("x", &[], &[1]), t1);
    assert_ne!(c.target_ext_type("y", &[i32t], &[1]), t1);
    assert_eq!(
        c.target_ext_parts(t1),
        Some(("x", &[i32t][..], &[1u32][..]))
    );
}

#[test]
fn t4_function_types() {
    let mut c = Context::new();
    let void = c.void_type();
    let i32t = c.i32_type();
    let ptr = c.ptr_type(0);
    let f = c.function_type(void, &[i32t], false);
    let fv = c.function_type(void, &[i32t], true);
    assert_ne!(f, fv);
    assert_eq!(c.function_type(void, &[i32t], false), f);
    assert_eq!(c.function_parts(fv), Some((void, &[i32t][..], true)));
    let g = c.function_type(i32t, &[i32t, ptr], false);
    assert_eq!(c.num_contained_types(g), 3);
    assert_eq!(c.contained_type(g, 0), Some(i32t));
    assert_eq!(
        c.contained_types(g).collect::<Vec<_>>(),
        vec![i32t, i32t, ptr]
    );
    assert_eq!(c.contained_type(g, 3), None);
    assert!(c.is_function(g));
    assert!(!c.is_first_class(g));
    assert_eq!(show(&c, f), "void (i32)");
    assert_eq!(show(&c, fv), "void (i32, ...)");
    let h = c.function_type(void, &[], true);
    assert_eq!(show(&c, h), "void (...)");
    let k = c.function_type(void, &[], false);
    assert_eq!(show(&c, k), "void ()");
    assert_eq!(show(&c, g), "i32 (i32, ptr)");
}

#[test]
fn t5_pointers_are_opaque() {
    let mut c = Context::new();
    let p0 = c.ptr_type(0);
    let p3 = c.ptr_type(3);
    assert_eq!(c.ptr_type(0), p0);
    assert_ne!(p0, p3);
    assert_eq!(c.ptr_type(3), p3);
    assert_eq!(show(&c, p0), "ptr");
    assert_eq!(show(&c, p3), "ptr addrspace(3)");
    assert_eq!(c.num_contained_types(p0), 0);
    assert_eq!(c.ptr_addrspace(p3), Some(3));
    // Large address spaces go through the hash table.
    let big = c.ptr_type((1 << 24) - 1);
    assert_eq!(c.ptr_type((1 << 24) - 1), big);
    assert_eq!(show(&c, big), "ptr addrspace(16777215)");
    assert!(c.is_ptr(big) && c.is_sized(big));
}

#[test]
#[should_panic(expected = "address space 16777216 out of range")]
fn t5_addrspace_range() {
    Context::new().ptr_type(1 << 24);
}

// ---- T7, T8: literal vs identified structs ----

#[test]
fn t7_literal_structs() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let s = c.struct_type(&[i32t, i8t], false);
    let p = c.struct_type(&[i32t, i8t], true);
    assert_ne!(s, p);
    assert_eq!(c.struct_type(&[i32t, i8t], false), s);
    assert_eq!(c.struct_type(&[i32t, i8t], true), p);
    let e = c.struct_type(&[], false);
    assert_eq!(c.struct_type(&[], false), e);
    assert_ne!(c.struct_type(&[], true), e);
    assert!(c.is_literal_struct(s) && c.is_struct(s) && !c.is_identified_struct(s));
    assert_eq!(c.struct_name(s), None);
    assert!(c.is_packed_struct(p) && !c.is_packed_struct(s));
    assert_eq!(c.struct_elements(s), Some(&[i32t, i8t][..]));
    assert_eq!(c.struct_elements(e), Some(&[][..]));
    assert_eq!(show(&c, s), "{ i32, i8 }");
    assert_eq!(show(&c, p), "<{ i32, i8 }>");
    assert_eq!(show(&c, e), "{}");
    let pe = c.struct_type(&[], true);
    assert_eq!(show(&c, pe), "<{}>");
    assert!(c.is_aggregate(s));
}

#[test]
fn t8_identified_structs_are_nominal() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let n1 = c.create_struct_with_body("N1", &[i32t, i8t], false);
    let n2 = c.create_struct_with_body("N2", &[i32t, i8t], false);
    let lit = c.struct_type(&[i32t, i8t], false);
    assert_ne!(n1, n2);
    assert_ne!(n1, lit);
    assert!(!c.is_literal_struct(n1) && c.is_identified_struct(n1));
    assert_eq!(c.struct_elements(n1), c.struct_elements(lit));
    // Same name twice: still two types.
    let a = c.create_struct("X");
    let b = c.create_struct("X");
    assert_ne!(a, b);
    assert!(matches!(c.type_data(a), TypeData::IdentifiedStruct(_)));
}

// ---- T9, T10, T11: names ----

#[test]
fn struct_names_are_bytes() {
    let mut c = Context::new();
    let ff = c.create_struct(b"\xff");
    let fe = c.create_struct(&b"\xfe"[..]);
    // Two names (U+FFFD would merge them), neither a `&str`.
    assert_ne!(ff, fe);
    assert_eq!(c.struct_name_bytes(ff), Some(&b"\xff"[..]));
    assert_eq!(c.struct_name(ff), None);
    assert_eq!(c.struct_by_name(b"\xfe"), Some(fe));
    assert_eq!(c.struct_by_name("\u{fffd}"), None);
    // A taken byte name gets the `.N` suffix on its bytes.
    let ff2 = c.create_struct(b"\xff");
    assert_eq!(c.struct_name_bytes(ff2), Some(&b"\xff.0"[..]));
    c.set_struct_name(ff2, "ok");
    assert_eq!(c.struct_name(ff2), Some("ok"));
}

#[test]
fn t9_rename_sequence() {
    let mut c = Context::new();
    let f0 = c.create_struct("Foo");
    let f1 = c.create_struct("Foo");
    let f2 = c.create_struct("Foo");
    assert_eq!(c.struct_name(f0), Some("Foo"));
    assert_eq!(c.struct_name(f1), Some("Foo.0"));
    assert_eq!(c.struct_name(f2), Some("Foo.1"));
    let g = c.create_struct("Foo.0");
    assert_eq!(c.struct_name(g), Some("Foo.0.2"));
    let bar = c.create_struct("Bar");
    assert_eq!(c.struct_name(bar), Some("Bar"));
    c.set_struct_name(f0, "Bar");
    assert_eq!(c.struct_name(f0), Some("Bar.3"));
    assert_eq!(c.struct_by_name("Foo"), None);
    assert_eq!(c.struct_by_name("Bar.3"), Some(f0));
    assert_eq!(c.struct_by_name("Foo.0.2"), Some(g));
    // The counter skips names that are already taken.
    let x = c.create_struct("Q.4");
    let q = c.create_struct("Q");
    let q2 = c.create_struct("Q");
    assert_eq!(c.struct_name(x), Some("Q.4"));
    assert_eq!(c.struct_name(q), Some("Q"));
    assert_eq!(c.struct_name(q2), Some("Q.5"));
    assert_eq!(
        c.identified_structs().collect::<Vec<_>>(),
        vec![f0, f1, f2, g, bar, x, q, q2]
    );
    assert_eq!(c.num_identified_structs(), 8);
}

#[test]
fn t10_rename_updates_symbol_table() {
    let mut c = Context::new();
    let s = c.create_struct("FooBar");
    assert_eq!(c.struct_by_name("FooBar"), Some(s));
    c.set_struct_name(s, "Foo");
    assert_eq!(c.struct_name(s), Some("Foo"));
    assert_eq!(c.struct_by_name("FooBar"), None);
    assert_eq!(c.struct_by_name("Foo"), Some(s));
    // Renaming to its own name is a no-op and does not advance the counter.
    c.set_struct_name(s, "Foo");
    assert_eq!(c.struct_name(s), Some("Foo"));
    let t = c.create_struct("Foo");
    assert_eq!(c.struct_name(t), Some("Foo.0"));
    // Removing the name.
    c.set_struct_name(s, "");
    assert_eq!(c.struct_name(s), None);
    assert_eq!(c.struct_by_name("Foo"), None);
    assert!(c.is_identified_struct(s) && c.is_opaque_struct(s));
    // The freed name can be taken again without a suffix.
    let u = c.create_struct("Foo");
    assert_eq!(c.struct_name(u), Some("Foo"));
    // Removing a name that is not there is fine.
    c.set_struct_name(s, "");
    assert_eq!(c.struct_name(s), None);
}

#[test]
fn t11_unnamed_identified_struct() {
    let mut c = Context::new();
    let named = c.create_struct("A");
    let s = c.create_struct("");
    assert!(c.is_identified_struct(s) && c.is_opaque_struct(s));
    assert_eq!(c.struct_name(s), None);
    assert_eq!(c.struct_elements(s), None);
    // Standalone: the creation index.
    assert_eq!(show(&c, s), "%1");
    assert_eq!(show(&c, named), "%A");
    let arr = c.array_type(s, 2);
    assert_eq!(show(&c, arr), "[2 x %1]");
}

// ---- T12, T15, T16: sizedness ----

#[test]
fn t12_opaque_is_unsized_until_body() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let o = c.create_struct("Opq");
    assert!(c.is_opaque_struct(o));
    assert!(!c.is_sized(o));
    assert!(!c.is_packed_struct(o));
    let lit = c.struct_type(&[i32t, o], false);
    let arr = c.array_type(o, 3);
    let arr_lit = c.array_type(lit, 2);
    let wrap = c.create_struct_with_body("Wrap", &[o], false);
    for t in [lit, arr, arr_lit, wrap] {
        assert!(!c.is_sized(t), "{}", show(&c, t));
    }
    c.set_struct_body(o, &[i32t], false);
    assert!(!c.is_opaque_struct(o));
    assert!(c.is_sized(o));
    for t in [lit, arr, arr_lit, wrap] {
        assert!(c.is_sized(t), "{}", show(&c, t));
    }
}

#[test]
fn sized_basics() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let fty = c.function_type(i32t, &[], false);
    for t in [
        c.void_type(),
        c.label_type(),
        c.metadata_type(),
        c.token_type(),
        fty,
    ] {
        assert!(!c.is_sized(t), "{}", show(&c, t));
    }
    for t in [
        c.i1_type(),
        c.half_type(),
        c.ppc_fp128_type(),
        c.x86_amx_type(),
        c.ptr0_type(),
    ] {
        assert!(c.is_sized(t), "{}", show(&c, t));
    }
    let v = c.vector_type(i32t, 4);
    let a = c.array_type(v, 0);
    let e = c.struct_type(&[], false);
    assert!(c.is_sized(v) && c.is_sized(a) && c.is_sized(e));
    let unk = c.target_ext_type("unknown.thing", &[], &[]);
    let spirv = c.target_ext_type("spirv.Image", &[i32t], &[0, 1]);
    let svc = c.target_ext_type("aarch64.svcount", &[], &[]);
    assert!(!c.is_sized(unk));
    assert!(c.is_sized(spirv));
    assert!(c.is_sized(svc) && c.is_scalable(svc));
    let arr_unk = c.array_type(unk, 2);
    assert!(!c.is_sized(arr_unk));
}

#[test]
fn t15_recursive_structs_terminate() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    // %T = type { i32, %T }
    let t = c.create_struct("T");
    c.set_struct_body(t, &[i32t, t], false);
    assert!(!c.is_sized(t));
    assert!(!c.is_scalable(t));
    assert_eq!(show(&c, t), "%T");
    // %R = type { %R } and an array of it
    let r = c.create_struct("R");
    c.set_struct_body(r, &[r], false);
    let ra = c.array_type(r, 2);
    assert!(!c.is_sized(r) && !c.is_sized(ra));
    // Mutual: %A = { i32, %B }, %B = { [2 x %A] }
    let a = c.create_struct("A");
    let b = c.create_struct("B");
    let a2 = c.array_type(a, 2);
    c.set_struct_body(a, &[i32t, b], false);
    c.set_struct_body(b, &[a2], false);
    assert!(!c.is_sized(a) && !c.is_sized(b) && !c.is_sized(a2));
    let outer = c.struct_type(&[i32t, a], false);
    assert!(!c.is_sized(outer));
    assert_eq!(show(&c, outer), "{ i32, %A }");
    // A DAG (same sized struct twice) is sized: revisiting is not a cycle.
    let leaf = c.create_struct_with_body("Leaf", &[i32t], false);
    let dag = c.create_struct_with_body("Dag", &[leaf, leaf], false);
    assert!(c.is_sized(dag));
    // A struct that points to itself through `ptr` is sized, as in C.
    let ptr = c.ptr_type(0);
    let node = c.create_struct("Node");
    c.set_struct_body(node, &[i32t, ptr], false);
    assert!(c.is_sized(node));
    // Self-recursion through a pointer-free path but with a sized DAG
    // elsewhere still detects the cycle.
    let d = c.create_struct("D");
    let e = c.create_struct_with_body("E", &[leaf, d], false);
    c.set_struct_body(d, &[leaf, e], false);
    assert!(!c.is_sized(d) && !c.is_sized(e));
}

#[test]
fn t16_scalable_structs() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let sv = c.scalable_vector_type(i32t, 4);
    let sv8 = c.scalable_vector_type(i8t, 16);
    assert!(c.is_scalable(sv) && c.is_sized(sv));
    let mixed = c.struct_type(&[i8t, sv], false);
    assert!(!c.is_sized(mixed));
    assert!(c.is_scalable(mixed));
    let homo = c.struct_type(&[sv, sv], false);
    assert!(c.is_sized(homo));
    assert!(c.is_scalable(homo));
    // Two different scalable vectors are not homogeneous in LLVM 19.
    let hetero = c.struct_type(&[sv, sv8], false);
    assert!(!c.is_sized(hetero));
    // Arrays of scalable vectors are accepted (T14) and scalable.
    let arr = c.array_type(sv, 2);
    assert!(c.is_scalable(arr));
    // Identified versions behave the same.
    let hn = c.create_struct_with_body("HS", &[sv, sv], false);
    let mn = c.create_struct_with_body("MS", &[sv, i8t], false);
    assert!(c.is_sized(hn) && !c.is_sized(mn));
    // A struct holding a homogeneous scalable struct is unsized (scalable member).
    let outer = c.struct_type(&[hn], false);
    assert!(!c.is_sized(outer));
    assert!(!c.is_scalable(i32t));
    let fixed = c.vector_type(i32t, 4);
    assert!(!c.is_scalable(fixed));
}

#[test]
fn scalability_follows_late_bodies() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let sv = c.scalable_vector_type(i32t, 4);
    let o = c.create_struct("O");
    let lit = c.struct_type(&[o], false);
    let arr = c.array_type(lit, 2);
    assert!(!c.is_scalable(lit) && !c.is_scalable(arr));
    c.set_struct_body(o, &[sv, sv], false);
    // LLVM 19 would have cached "not scalable" on the literal; we recompute.
    assert!(c.is_scalable(o) && c.is_sized(o));
    assert!(c.is_scalable(lit) && c.is_scalable(arr));
    assert!(!c.is_sized(lit));
    // Types built afterwards get the permanent flags right.
    let w = c.create_struct_with_body("W", &[o, o], false);
    assert!(c.is_scalable(w) && !c.is_sized(w));
    let arr2 = c.array_type(o, 3);
    assert!(c.is_scalable(arr2) && c.is_sized(arr2));
}

// ---- T13 ----

#[test]
fn t13_layout_identical() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let foo = c.create_struct_with_body("Foo", &[], false);
    let bar = c.create_struct_with_body("Bar", &[], false);
    assert!(c.struct_layout_identical(foo, bar));
    let n1 = c.create_struct_with_body("N1", &[i32t, i8t], false);
    let n2 = c.create_struct_with_body("N2", &[i32t, i8t], false);
    let p = c.create_struct_with_body("P", &[i32t, i8t], true);
    assert!(c.struct_layout_identical(n1, n2));
    assert!(!c.struct_layout_identical(n1, p));
    // Pointer-identity on elements: wrapping distinct structs differs.
    let w1 = c.create_struct_with_body("W1", &[n1], false);
    let w2 = c.create_struct_with_body("W2", &[n2], false);
    assert!(!c.struct_layout_identical(w1, w2));
    assert!(!c.struct_layout_identical(i32t, i32t));
}

// ---- T14: validity ----

#[test]
fn t14_element_validity() {
    let mut c = Context::new();
    let i1 = c.i1_type();
    let i32t = c.i32_type();
    let void = c.void_type();
    let label = c.label_type();
    let md = c.metadata_type();
    let token = c.token_type();
    let amx = c.x86_amx_type();
    let fty = c.function_type(void, &[], false);
    let opq = c.create_struct("O");
    let sv = c.scalable_vector_type(i32t, 2);
    let lit = c.struct_type(&[i32t], false);
    let ptr = c.ptr_type(1);
    let tx = c.target_ext_type("foo", &[], &[]);
    let arr = c.array_type(i32t, 2);

    for t in [void, label, md, fty, token, amx] {
        assert!(!c.is_valid_array_element(t), "{}", show(&c, t));
    }
    for t in [i1, i32t, opq, sv, lit, ptr, tx, arr, c.float_type()] {
        assert!(c.is_valid_array_element(t), "{}", show(&c, t));
    }
    for t in [void, label, md, fty, token] {
        assert!(!c.is_valid_struct_element(t), "{}", show(&c, t));
    }
    for t in [i1, amx, opq, sv, lit, ptr, tx, arr] {
        assert!(c.is_valid_struct_element(t), "{}", show(&c, t));
    }
    for t in [
        i1,
        i32t,
        ptr,
        c.half_type(),
        c.bfloat_type(),
        c.x86_fp80_type(),
        c.ppc_fp128_type(),
    ] {
        assert!(c.is_valid_vector_element(t), "{}", show(&c, t));
    }
    for t in [void, label, md, fty, token, amx, opq, sv, lit, tx, arr] {
        assert!(!c.is_valid_vector_element(t), "{}", show(&c, t));
    }
    assert!(!c.is_valid_param_type(void));
    assert!(!c.is_valid_param_type(fty));
    for t in [i32t, ptr, lit, md, label, token] {
        assert!(c.is_valid_param_type(t), "{}", show(&c, t));
    }
    for t in [fty, label, md] {
        assert!(!c.is_valid_return_type(t), "{}", show(&c, t));
    }
    for t in [void, i32t, lit, token] {
        assert!(c.is_valid_return_type(t), "{}", show(&c, t));
    }
}

#[test]
#[should_panic(expected = "invalid array element type void")]
fn t14_array_of_void_panics() {
    let mut c = Context::new();
    let v = c.void_type();
    c.array_type(v, 1);
}

#[test]
#[should_panic(expected = "invalid vector element type { i32 }")]
fn t14_vector_of_struct_panics() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let s = c.struct_type(&[i32t], false);
    c.vector_type(s, 2);
}

#[test]
#[should_panic(expected = "vector length must be nonzero")]
fn t14_zero_length_vector_panics() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    c.scalable_vector_type(i32t, 0);
}

#[test]
#[should_panic(expected = "invalid struct element type label")]
fn t14_struct_of_label_panics() {
    let mut c = Context::new();
    let l = c.label_type();
    c.struct_type(&[l], false);
}

#[test]
#[should_panic(expected = "invalid function parameter type void")]
fn t14_void_param_panics() {
    let mut c = Context::new();
    let v = c.void_type();
    c.function_type(v, &[v], false);
}

#[test]
#[should_panic(expected = "invalid function return type label")]
fn t14_label_return_panics() {
    let mut c = Context::new();
    let l = c.label_type();
    c.function_type(l, &[], false);
}

#[test]
#[should_panic(expected = "struct body already set for %S")]
fn set_body_twice_panics() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let s = c.create_struct_with_body("S", &[i32t], false);
    c.set_struct_body(s, &[i32t], false);
}

#[test]
#[should_panic(expected = "set_struct_body: { i32 } is not an identified struct")]
fn set_body_on_literal_panics() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let s = c.struct_type(&[i32t], false);
    c.set_struct_body(s, &[i32t], false);
}

#[test]
fn failed_create_with_body_leaves_no_struct() {
    let mut c = Context::new();
    let v = c.void_type();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        c.create_struct_with_body("Bad", &[v], false);
    }));
    assert!(r.is_err());
    assert_eq!(c.struct_by_name("Bad"), None);
    assert_eq!(c.num_identified_structs(), 0);
}

// ---- queries ----

#[test]
fn classification_queries() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let f = c.float_type();
    let p = c.ptr_type(0);
    let vi = c.vector_type(i32t, 4);
    let vf = c.vector_type(f, 4);
    let vp = c.vector_type(p, 2);
    let a = c.array_type(i32t, 2);
    assert!(c.is_integer(i32t) && !c.is_integer(vi));
    assert!(c.is_int_or_int_vector(vi) && !c.is_int_or_int_vector(vf));
    assert!(c.is_fp_or_fp_vector(vf) && c.is_fp(f) && !c.is_fp(c.x86_amx_type()));
    assert!(c.is_ptr_or_ptr_vector(vp));
    assert_eq!(c.scalar_type(vf), f);
    assert_eq!(c.scalar_type(a), a);
    assert!(c.is_vector(vi) && !c.is_aggregate(vi) && c.is_aggregate(a) && c.is_array(a));
    assert!(c.is_single_value(vi) && !c.is_single_value(a));
    assert!(c.is_void(c.void_type()) && c.is_label(c.label_type()));
    assert!(c.is_metadata(c.metadata_type()) && c.is_token(c.token_type()));
    assert!(c.is_first_class(c.label_type()) && !c.is_first_class(c.void_type()));
    assert_eq!(c.int_width(f), None);
    assert_eq!(c.ptr_addrspace(i32t), None);
    assert_eq!(c.element_type(i32t), None);
    assert_eq!(c.function_parts(i32t), None);
    assert_eq!(c.struct_elements(i32t), None);
    assert_eq!(c.contained_types(a).collect::<Vec<_>>(), vec![i32t]);
    let s = c.create_struct("S");
    assert_eq!(c.num_contained_types(s), 0);
    c.set_struct_body(s, &[i32t, f], false);
    assert_eq!(c.contained_types(s).collect::<Vec<_>>(), vec![i32t, f]);
    let tx = c.target_ext_type("t", &[i32t, f], &[3]);
    assert_eq!(c.contained_types(tx).collect::<Vec<_>>(), vec![i32t, f]);
    assert!(c.is_target_ext(tx) && c.is_single_value(tx));
}

// ---- T17: printing ----

#[test]
fn t17_printing() {
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let f = c.float_type();
    let cases: Vec<(Type, &str)> = vec![
        (c.array_type(i8t, 4), "[4 x i8]"),
        (c.vector_type(f, 4), "<4 x float>"),
        (c.scalable_vector_type(i8t, 2), "<vscale x 2 x i8>"),
        (
            c.target_ext_type("aarch64.svcount", &[], &[]),
            "target(\"aarch64.svcount\")",
        ),
        (
            c.target_ext_type("x", &[i32t], &[1]),
            "target(\"x\", i32, 1)",
        ),
        (
            c.target_ext_type("a\"b", &[], &[1, 2]),
            "target(\"a\\22b\", 1, 2)",
        ),
        (c.ptr_type(270), "ptr addrspace(270)"),
    ];
    for (t, text) in cases {
        assert_eq!(show(&c, t), text);
    }
    let nested = {
        let inner = c.array_type(i8t, 3);
        let v = c.vector_type(i32t, 2);
        let s = c.struct_type(&[inner, v], true);
        c.array_type(s, 2)
    };
    assert_eq!(show(&c, nested), "[2 x <{ [3 x i8], <2 x i32> }>]");
    let names = [
        ("Foo", "%Foo"),
        ("struct.a b", "%\"struct.a b\""),
        ("a$b", "%\"a$b\""),
        ("1x", "%\"1x\""),
        ("x.y-z_0", "%x.y-z_0"),
        ("\u{1}q", "%\"\\01q\""),
        ("q\"\\", "%\"q\\22\\5C\""),
        ("é", "%\"\\C3\\A9\""),
    ];
    for (name, text) in names {
        let s = c.create_struct(name);
        assert_eq!(show(&c, s), text, "{name:?}");
    }
    // Display of a handle is its spelling, also through Debug.
    assert_eq!(format!("{:?}", i32t.display(&c)), "i32");
}

/// Prints a zoo of types as LLVM would see them and lets `llvm-as-19` and
/// `llvm-dis-19` (when installed) round-trip them: the output must be
/// identical to ours.
#[test]
fn t17_llvm_oracle_round_trip() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    if Command::new("llvm-as-19")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("llvm-as-19 not found; skipping the oracle check");
        return;
    }
    let mut c = Context::new();
    let i8t = c.i8_type();
    let i32t = c.i32_type();
    let i7 = c.int_type(7);
    let p3 = c.ptr_type(3);
    let opq = c.create_struct("struct.opaque thing");
    let rec = c.create_struct("Rec");
    let ptr = c.ptr_type(0);
    c.set_struct_body(rec, &[i32t, ptr], false);
    let a4 = c.array_type(i8t, 4);
    let v = c.vector_type(c.double_type(), 2);
    let lit = c.struct_type(&[i32t, a4, v], false);
    let packed = c.struct_type(&[i8t, p3], true);
    let empty = c.struct_type(&[], false);
    let tx = c.target_ext_type("spirv.Image", &[i32t], &[1, 0]);
    let named =
        c.create_struct_with_body("N$1", &[lit, packed, empty, rec, i7, c.fp128_type()], false);
    let bodies: Vec<(Type, Vec<Type>, bool)> = vec![
        (opq, vec![], false),
        (rec, vec![i32t, ptr], false),
        (
            named,
            vec![lit, packed, empty, rec, i7, c.fp128_type()],
            false,
        ),
    ];
    let mut text = String::new();
    for (s, elems, packed) in &bodies {
        let body = if c.is_opaque_struct(*s) {
            "opaque".to_string()
        } else {
            let l = c.struct_type(elems, *packed);
            show(&c, l)
        };
        text += &format!("{} = type {}\n", show(&c, *s), body);
    }
    text += "\n";
    let gty = c.array_type(named, 2);
    text += &format!("@g = external global {}\n", show(&c, gty));
    text += &format!("@h = external global {}\n", show(&c, tx));
    text += &format!("@o = external global {}\n", show(&c, opq));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("llvm-as-19 - -o - | llvm-dis-19 - -o -")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn llvm-as-19");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        text,
        String::from_utf8_lossy(&out.stderr)
    );
    for line in text.lines().filter(|l| !l.is_empty()) {
        assert!(
            stdout.contains(line),
            "llvm-dis did not print {line:?}:\n{stdout}"
        );
    }
}

// ---- uniquing properties ----

/// A recipe for a literal type, built bottom-up.
#[derive(Clone, Debug)]
enum Recipe {
    Int(u32),
    Ptr(u32),
    Float(u8),
    Array(Box<Recipe>, u64),
    Vector(Box<Recipe>, u32, bool),
    Struct(Vec<Recipe>, bool),
    Function(Box<Recipe>, Vec<Recipe>, bool),
    TargetExt(u8, Vec<Recipe>, Vec<u32>),
}

impl Recipe {
    fn gen_depth(g: &mut Gen, depth: u32) -> Recipe {
        let leaf = depth == 0 || u8::arbitrary(g) % 3 == 0;
        let k = u8::arbitrary(g) % if leaf { 3 } else { 8 };
        match k {
            0 => Recipe::Int(u32::arbitrary(g) % 130 + 1),
            1 => Recipe::Ptr(u32::arbitrary(g) % 20),
            2 => Recipe::Float(u8::arbitrary(g) % 7),
            3 => Recipe::Array(
                Box::new(Self::gen_depth(g, depth - 1)),
                u64::arbitrary(g) % 5,
            ),
            4 => Recipe::Vector(
                Box::new(Self::gen_depth(g, 0)),
                u32::arbitrary(g) % 8 + 1,
                bool::arbitrary(g),
            ),
            5 => Recipe::Struct(
                (0..usize::arbitrary(g) % 4)
                    .map(|_| Self::gen_depth(g, depth - 1))
                    .collect(),
                bool::arbitrary(g),
            ),
            6 => Recipe::Function(
                Box::new(Self::gen_depth(g, depth - 1)),
                (0..usize::arbitrary(g) % 4)
                    .map(|_| Self::gen_depth(g, depth - 1))
                    .collect(),
                bool::arbitrary(g),
            ),
            _ => Recipe::TargetExt(
                u8::arbitrary(g) % 3,
                (0..usize::arbitrary(g) % 3)
                    .map(|_| Self::gen_depth(g, depth - 1))
                    .collect(),
                (0..usize::arbitrary(g) % 3)
                    .map(|_| u32::arbitrary(g) % 4)
                    .collect(),
            ),
        }
    }

    /// Builds the type; element kinds LLVM rejects are swapped for `i8`.
    fn build(&self, c: &mut Context) -> Type {
        match self {
            Recipe::Int(w) => c.int_type(*w),
            Recipe::Ptr(a) => c.ptr_type(*a),
            Recipe::Float(k) => [
                c.half_type(),
                c.bfloat_type(),
                c.float_type(),
                c.double_type(),
                c.x86_fp80_type(),
                c.fp128_type(),
                c.ppc_fp128_type(),
            ][*k as usize],
            Recipe::Array(e, n) => {
                let e = e.build(c);
                let e = if c.is_valid_array_element(e) {
                    e
                } else {
                    c.i8_type()
                };
                c.array_type(e, *n)
            }
            Recipe::Vector(e, n, s) => {
                let e = e.build(c);
                let e = if c.is_valid_vector_element(e) {
                    e
                } else {
                    c.i8_type()
                };
                if *s {
                    c.scalable_vector_type(e, *n)
                } else {
                    c.vector_type(e, *n)
                }
            }
            Recipe::Struct(es, p) => {
                let es: Vec<Type> = es
                    .iter()
                    .map(|e| {
                        let t = e.build(c);
                        if c.is_valid_struct_element(t) {
                            t
                        } else {
                            c.i8_type()
                        }
                    })
                    .collect();
                c.struct_type(&es, *p)
            }
            Recipe::Function(r, ps, v) => {
                let r = r.build(c);
                let r = if c.is_valid_return_type(r) {
                    r
                } else {
                    c.void_type()
                };
                let ps: Vec<Type> = ps
                    .iter()
                    .map(|p| {
                        let t = p.build(c);
                        if c.is_valid_param_type(t) {
                            t
                        } else {
                            c.i8_type()
                        }
                    })
                    .collect();
                c.function_type(r, &ps, *v)
            }
            Recipe::TargetExt(n, ts, is) => {
                let ts: Vec<Type> = ts.iter().map(|t| t.build(c)).collect();
                c.target_ext_type(["a", "spirv.X", "aarch64.svcount"][*n as usize], &ts, is)
            }
        }
    }
}

impl Arbitrary for Recipe {
    fn arbitrary(g: &mut Gen) -> Recipe {
        Recipe::gen_depth(g, 4)
    }
}

#[test]
fn prop_building_twice_gives_same_id() {
    fn prop(recipes: Vec<Recipe>) -> bool {
        let mut c = Context::new();
        let first: Vec<Type> = recipes.iter().map(|r| r.build(&mut c)).collect();
        let second: Vec<Type> = recipes.iter().rev().map(|r| r.build(&mut c)).collect();
        let mut other = Context::new();
        let texts_other: Vec<String> = recipes
            .iter()
            .map(|r| {
                let t = r.build(&mut other);
                show(&other, t)
            })
            .collect();
        // Same id when built twice; equal text across contexts; equal text
        // iff equal id within one context.
        first.iter().zip(second.iter().rev()).all(|(a, b)| a == b)
            && first
                .iter()
                .zip(&texts_other)
                .all(|(&t, s)| &show(&c, t) == s)
            && first.iter().all(|&a| {
                first
                    .iter()
                    .all(|&b| (a == b) == (show(&c, a) == show(&c, b)))
            })
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Vec<Recipe>) -> bool);
}

// ---- structural equality across contexts (seeds/type-equality.txt) ----

#[test]
fn isomorphism_across_contexts() {
    let mut a = Context::new();
    let mut b = Context::new();
    let (ai32, bi32) = (a.i32_type(), b.i32_type());
    // %Point = { i32, i32 } in one, %Pair = { i32, i32 } in the other.
    let point = a.create_struct_with_body("struct.Point", &[ai32, ai32], false);
    let pair = b.create_struct_with_body("struct.Pair", &[bi32, bi32], false);
    assert!(a.types_isomorphic(point, &b, pair));
    // Wrapping them: isLayoutIdentical says no, isomorphism says yes.
    let pw = a.create_struct_with_body("PointWrap", &[point], false);
    let qw = b.create_struct_with_body("PairWrap", &[pair], false);
    assert!(a.types_isomorphic(pw, &b, qw));
    let la = a.struct_type(&[point, ai32], false);
    let lb = b.struct_type(&[pair, bi32], false);
    assert!(a.types_isomorphic(la, &b, lb));
    // Same context: %Point and %Point.0 with the same body.
    let point0 = a.create_struct_with_body("struct.Point", &[ai32, ai32], false);
    assert_eq!(a.struct_name(point0), Some("struct.Point.0"));
    assert!(a.types_isomorphic(point, &a, point0));
    assert_ne!(point, point0);
    // Differences: packedness, element, opaque vs body, literal vs named.
    let packed = b.create_struct_with_body("P", &[bi32, bi32], true);
    assert!(!a.types_isomorphic(point, &b, packed));
    let i64b = b.i64_type();
    let other = b.create_struct_with_body("O", &[bi32, i64b], false);
    assert!(!a.types_isomorphic(point, &b, other));
    let opq_a = a.create_struct("Opq");
    let opq_b = b.create_struct("Other");
    assert!(a.types_isomorphic(opq_a, &b, opq_b));
    assert!(!a.types_isomorphic(opq_a, &b, pair));
    let lit = b.struct_type(&[bi32, bi32], false);
    assert!(!a.types_isomorphic(point, &b, lit));
    // Recursive lists: %List = { i32, ptr, %List2 }, mutual, terminate.
    let la1 = a.create_struct("A");
    let la2 = a.create_struct("B");
    let ptr_a = a.ptr_type(0);
    a.set_struct_body(la1, &[ai32, la2], false);
    a.set_struct_body(la2, &[ptr_a, la1], false);
    let lb1 = b.create_struct("X");
    let ptr_b = b.ptr_type(0);
    b.set_struct_body(lb1, &[bi32, lb1], false);
    assert!(!a.types_isomorphic(la1, &b, lb1)); // B's first field is ptr, not i32
    let lb2 = b.create_struct("Y");
    let lb3 = b.create_struct("Z");
    b.set_struct_body(lb2, &[bi32, lb3], false);
    b.set_struct_body(lb3, &[ptr_b, lb2], false);
    assert!(a.types_isomorphic(la1, &b, lb2));
    // Primitives and functions.
    let fa = a.function_type(point, &[ai32], true);
    let fb = b.function_type(pair, &[bi32], true);
    assert!(a.types_isomorphic(fa, &b, fb));
    let fb2 = b.function_type(pair, &[bi32], false);
    assert!(!a.types_isomorphic(fa, &b, fb2));
    assert!(a.types_isomorphic(a.float_type(), &b, b.float_type()));
    assert!(!a.types_isomorphic(a.float_type(), &b, b.double_type()));
}

/// `type_with_parts` copies every literal kind from another context, parts
/// in `contained_types` order, and leaves identified structs to the caller.
#[test]
fn type_with_parts_copies_across_contexts() {
    use lair::types::TypeKind;
    let mut a = Context::new();
    let mut b = Context::new();
    let i8a = a.i8_type();
    let (f32a, ptr1) = (a.float_type(), a.ptr_type(1));
    let named = a.create_struct_with_body("struct.S", &[i8a], false);
    let arr = a.array_type(f32a, 7);
    let vec = a.scalable_vector_type(i8a, 4);
    let lit = a.struct_type(&[arr, vec, ptr1], true);
    let mmx = a.x86_mmx_type();
    let fnt = a.function_type(lit, &[mmx, f32a], true);
    let ext = a.target_ext_type("spirv.Image", &[f32a], &[1, 2]);
    // Identified structs become `%T` opaque stand-ins, one per struct.
    fn copy(a: &Context, b: &mut Context, t: Type, seen: &mut Vec<Type>) -> Type {
        let shape = a.type_data(t).clone();
        b.type_with_parts(&shape, |b, e| copy(a, b, e, seen))
            .unwrap_or_else(|| {
                seen.push(t);
                b.create_struct("T")
            })
    }
    let mut seen = Vec::new();
    for t in [fnt, ext, lit] {
        let c = copy(&a, &mut b, t, &mut seen);
        assert!(a.types_isomorphic(t, &b, c), "{}", show(&a, t));
        assert_eq!(show(&a, t), show(&b, c));
        assert_eq!(a.type_data(t).kind(), b.type_data(c).kind());
    }
    assert!(seen.is_empty());
    let s = copy(&a, &mut b, named, &mut seen);
    assert_eq!(seen, [named]);
    assert!(b.is_opaque_struct(s));
    assert_eq!(a.type_data(named).kind(), TypeKind::Struct);
    assert_eq!(a.type_data(vec).kind(), TypeKind::ScalableVector);
    assert!(TypeKind::Half < TypeKind::TargetExt, "LLVM's TypeID order");
}
