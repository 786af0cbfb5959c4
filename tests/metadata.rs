//! Metadata: uniquing, distinct nodes, temporaries, kinds, attachments,
//! slot numbering and printing, checked against `llvm-dis` 19 text.
//!
//! (Value-as-metadata needs values; its printing is tested next to the
//! store, in `src/ir/metadata/tests.rs`, together with a whole `-g` module.)

use lair::ir::metadata::{
    write_md_node_body, write_md_operand, FieldName as F, MdAttachments, MdData, MdField as V,
    MdKindId, MdSlots, Metadata, SpecKind,
};
use lair::{Context, Value};
use std::fmt::Write as _;

fn no_values(_: Value, _: &mut dyn std::fmt::Write) -> std::fmt::Result {
    panic!("no values in these tests")
}

/// Prints the body of `md`, numbering nodes as `slots` says.
fn body(ctx: &Context, md: Metadata, slots: &[(Metadata, u32)]) -> String {
    let slot_of = |m: Metadata| slots.iter().find(|(n, _)| *n == m).map(|&(_, s)| s);
    let mut out = String::new();
    write_md_node_body(ctx, md, &mut out, &slot_of, &no_values).unwrap();
    out
}

fn operand(ctx: &Context, md: Metadata) -> String {
    let mut out = String::new();
    write_md_operand(ctx, md, &mut out, &|_| None, &no_values).unwrap();
    out
}

/// Prints named metadata plus every numbered node, the way a module ends.
fn print_named(ctx: &Context, named: &[(&str, Vec<Metadata>)]) -> String {
    let mut slots = MdSlots::new();
    for (_, ops) in named {
        for &op in ops {
            slots.add_root(ctx, op);
        }
    }
    let mut out = String::new();
    for (name, ops) in named {
        let refs: Vec<String> = ops
            .iter()
            .map(|&o| format!("!{}", slots.slot_of(o).unwrap()))
            .collect();
        writeln!(out, "!{name} = !{{{}}}", refs.join(", ")).unwrap();
    }
    out.push('\n');
    slots.write_all(ctx, &mut out, &no_values).unwrap();
    out
}

/// `llvm-as | llvm-dis` of `text` without its two header lines, when LLVM
/// 19 is installed.
fn llvm_round_trip(text: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let bin = std::path::Path::new("/usr/lib/llvm-19/bin");
    if !bin.join("llvm-as").exists() {
        return None;
    }
    let run = |tool: &str, input: &[u8]| {
        let mut p = Command::new(bin.join(tool))
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        p.stdin.take().unwrap().write_all(input).unwrap();
        let o = p.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "{tool} failed: {}\non:\n{text}",
            String::from_utf8_lossy(&o.stderr)
        );
        o.stdout
    };
    let out = String::from_utf8(run("llvm-dis", &run("llvm-as", text.as_bytes()))).unwrap();
    Some(out.split_once("\n\n").unwrap().1.to_string())
}

/// Our text must be exactly what LLVM prints for the module it reads.
fn check(ctx: &Context, named: &[(&str, Vec<Metadata>)], expected: &str) {
    let text = print_named(ctx, named);
    assert_eq!(text, expected);
    if let Some(back) = llvm_round_trip(&text) {
        assert_eq!(back, expected, "llvm-dis disagrees");
    }
}

#[test]
fn strings_tuples_and_specialised_nodes_are_uniqued() {
    let mut ctx = Context::new();
    let a = ctx.md_string("a");
    assert_eq!(a, ctx.md_string("a"));
    assert_eq!(a, ctx.md_string_bytes(b"a"));
    assert_ne!(a, ctx.md_string("b"));
    let t = ctx.md_tuple(&[Some(a), None]);
    assert_eq!(t, ctx.md_tuple(&[Some(a), None]));
    assert_ne!(t, ctx.md_tuple(&[Some(a)]));
    let d1 = ctx.md_distinct_tuple(&[Some(a), None]);
    let d2 = ctx.md_distinct_tuple(&[Some(a), None]);
    assert!(d1 != d2 && d1 != t);
    assert!(ctx.md_data(d1).is_distinct() && !ctx.md_data(t).is_distinct());

    let loc = |ctx: &mut Context, line| {
        ctx.md_specialized(
            SpecKind::DILocation,
            vec![(F::Line, V::UInt(line)), (F::Scope, V::Md(Some(d1)))],
            false,
        )
    };
    let l3 = loc(&mut ctx, 3);
    assert_eq!(l3, loc(&mut ctx, 3));
    assert_ne!(l3, loc(&mut ctx, 4));
    // Always-distinct kinds are never uniqued, whatever the caller says.
    let cu = |ctx: &mut Context| ctx.md_specialized(SpecKind::DICompileUnit, vec![], false);
    let (c1, c2) = (cu(&mut ctx), cu(&mut ctx));
    assert_ne!(c1, c2);
    assert_eq!(body(&ctx, c1, &[]), "distinct !DICompileUnit()");
    assert_eq!(ctx.md_data(l3).field(F::Line), Some(&V::UInt(3)));
    assert_eq!(ctx.md_data(l3).spec_kind(), Some(SpecKind::DILocation));
}

/// Single nodes, with the operand numbers `llvm-dis` gave them.
#[test]
fn representative_bodies_match_llvm_dis() {
    let mut ctx = Context::new();
    let scope = ctx.md_distinct_tuple(&[]);
    let loc = ctx.md_specialized(
        SpecKind::DILocation,
        vec![
            (F::Line, V::UInt(3)),
            (F::Column, V::UInt(7)),
            (F::Scope, V::Md(Some(scope))),
        ],
        false,
    );
    assert_eq!(
        body(&ctx, loc, &[(scope, 12)]),
        "!DILocation(line: 3, column: 7, scope: !12)"
    );

    // From lua-g.ll: a conversion expression, printed inline where used.
    let words = [
        "DW_OP_LLVM_convert",
        "64",
        "DW_ATE_unsigned",
        "DW_OP_LLVM_convert",
        "32",
        "DW_ATE_unsigned",
    ];
    let mut ops: Vec<_> = words
        .iter()
        .map(|w| {
            (
                F::Positional,
                w.parse::<u64>().map(V::UInt).unwrap_or_else(|_| V::word(w)),
            )
        })
        .collect();
    ops.push((F::Positional, V::word("DW_OP_stack_value")));
    let expr = ctx.md_specialized(SpecKind::DIExpression, ops, false);
    assert_eq!(
        operand(&ctx, expr),
        "!DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, \
         DW_OP_stack_value)"
    );
    let empty = ctx.md_specialized(SpecKind::DIExpression, vec![], false);
    assert_eq!(operand(&ctx, empty), "!DIExpression()");

    // From zlib-g.ll.
    let base = ctx.md_tuple(&[]);
    let elems = ctx.md_tuple(&[None]);
    let arr = ctx.md_specialized(
        SpecKind::DICompositeType,
        vec![
            (F::Tag, V::word("DW_TAG_array_type")),
            (F::BaseType, V::Md(Some(base))),
            (F::Size, V::UInt(48)),
            (F::Elements, V::Md(Some(elems))),
        ],
        false,
    );
    assert_eq!(
        body(&ctx, arr, &[(base, 4), (elems, 5)]),
        "!DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 48, elements: !5)"
    );
    let sp = ctx.md_specialized(
        SpecKind::DISubprogram,
        vec![
            (F::Name, V::str("f")),
            (F::Scope, V::Md(None)),
            (F::Flags, V::word("DIFlagArtificial | DIFlagPrototyped")),
            (F::SpFlags, V::word("DISPFlagDefinition")),
            (F::Unit, V::Md(Some(base))),
        ],
        true,
    );
    assert_eq!(
        body(&ctx, sp, &[(base, 2)]),
        "distinct !DISubprogram(name: \"f\", scope: null, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: \
         DISPFlagDefinition, unit: !2)"
    );
    let s = ctx.md_string_bytes(b"q\"\\\n\xff~");
    assert_eq!(operand(&ctx, s), r#"!"q\22\\\0A\FF~""#);
    // An unnumbered DILocation prints inline (as LLVM does); another
    // unnumbered node is a bad reference.
    assert_eq!(
        operand(&ctx, loc),
        "!DILocation(line: 3, column: 7, scope: <badref>)"
    );
}

#[test]
fn module_of_tuples_and_generic_nodes_round_trips_through_llvm() {
    let mut ctx = Context::new();
    let empty = ctx.md_tuple(&[]);
    let dist = ctx.md_distinct_tuple(&[]);
    let header = ctx.md_string_bytes(b"some\0header");
    let _ = header;
    let generic = ctx.md_specialized(
        SpecKind::GenericDINode,
        vec![
            (F::Tag, V::word("DW_TAG_entry_point")),
            (F::Header, V::Str(b"some\0header".as_slice().into())),
            (
                F::Operands,
                V::List(vec![Some(empty), None, Some(dist)].into()),
            ),
        ],
        false,
    );
    let big = ctx.md_specialized(
        SpecKind::DIEnumerator,
        vec![
            (F::Name, V::str("big")),
            (F::Value, V::word("340282366920938463463374607431768211455")),
            (F::IsUnsigned, V::Bool(true)),
        ],
        false,
    );
    let neg = ctx.md_specialized(
        SpecKind::DIEnumerator,
        vec![(F::Name, V::str("neg")), (F::Value, V::Int(-5))],
        false,
    );
    let sub = ctx.md_specialized(
        SpecKind::DISubrange,
        vec![(F::Count, V::UInt(5)), (F::LowerBound, V::Int(-1))],
        false,
    );
    let s = ctx.md_string("s");
    let expr = ctx.md_specialized(SpecKind::DIExpression, vec![], false);
    let mixed = ctx.md_tuple(&[Some(expr), Some(s), None, Some(sub)]);
    check(
        &ctx,
        &[(
            "named",
            vec![generic, empty, dist, big, neg, sub, empty, mixed],
        )],
        r#"!named = !{!0, !1, !2, !3, !4, !5, !1, !6}

!0 = !GenericDINode(tag: DW_TAG_entry_point, header: "some\00header", operands: {!1, null, !2})
!1 = !{}
!2 = distinct !{}
!3 = !DIEnumerator(name: "big", value: 340282366920938463463374607431768211455, isUnsigned: true)
!4 = !DIEnumerator(name: "neg", value: -5)
!5 = !DISubrange(count: 5, lowerBound: -1)
!6 = !{!DIExpression(), !"s", null, !5}
"#,
    );
}

#[test]
fn slots_are_preorder_and_skip_inline_nodes() {
    let mut ctx = Context::new();
    let leaf = ctx.md_tuple(&[]);
    let s = ctx.md_string("x");
    let expr = ctx.md_specialized(SpecKind::DIExpression, vec![], false);
    let mid = ctx.md_tuple(&[Some(leaf), Some(s), Some(expr)]);
    let other = ctx.md_distinct_tuple(&[]);
    let root = ctx.md_tuple(&[Some(mid), Some(other), Some(leaf)]);
    let mut slots = MdSlots::new();
    slots.add_root(&ctx, s);
    slots.add_root(&ctx, expr);
    slots.add_root(&ctx, root);
    slots.add_root(&ctx, leaf);
    assert_eq!(slots.nodes(), &[root, mid, leaf, other]);
    assert_eq!(slots.slot_of(expr), None);
    assert_eq!(slots.slot_of(s), None);
    assert_eq!(slots.slot_of(other), Some(3));
}

#[test]
fn temporaries_resolve_and_self_references_work() {
    let mut ctx = Context::new();
    // `!0 = distinct !{!0}` read top-down: a temporary for `!0`.
    let t = ctx.md_temporary();
    assert_eq!(ctx.md_data(t), &MdData::Temporary);
    let n = ctx.md_distinct_tuple(&[Some(t)]);
    assert!(ctx.md_has_temporaries());
    ctx.md_replace_temporary(t, n);
    assert!(!ctx.md_has_temporaries());
    assert_eq!(
        ctx.md_data(n),
        &MdData::Tuple {
            distinct: true,
            ops: vec![Some(n)].into()
        }
    );
    assert_eq!(ctx.md_resolved(t), n);
    assert_eq!(ctx.md_data(t), ctx.md_data(n));
    check(
        &ctx,
        &[("n", vec![n])],
        "!n = !{!0}\n\n!0 = distinct !{!0}\n",
    );
}

/// `!0 = !{!2}`, `!1 = !{!3}`, `!2 = !{}`, `!3 = !{}`: after resolution
/// `!2` and `!3` are the same node, so `!0` and `!1` are too, as in LLVM.
#[test]
fn resolution_merges_nodes_that_became_equal() {
    let mut ctx = Context::new();
    let (t2, t3) = (ctx.md_temporary(), ctx.md_temporary());
    let n0 = ctx.md_tuple(&[Some(t2)]);
    let n1 = ctx.md_tuple(&[Some(t3)]);
    let top = ctx.md_tuple(&[Some(n0), Some(n1)]);
    assert_ne!(n0, n1);
    let e = ctx.md_tuple(&[]);
    ctx.md_replace_temporary(t2, e);
    ctx.md_replace_temporary(t3, e);
    assert_eq!(ctx.md_resolved(n0), ctx.md_resolved(n1));
    let r = ctx.md_resolved(n0);
    // The parent was re-pointed and stays uniqued under its new content.
    assert_eq!(ctx.md_tuple(&[Some(r), Some(r)]), ctx.md_resolved(top));
    assert_eq!(ctx.md_tuple(&[Some(e)]), r);
    check(
        &ctx,
        &[("m", vec![top, n0, n1])],
        "!m = !{!0, !1, !1}\n\n!0 = !{!1, !1}\n!1 = !{!2}\n!2 = !{}\n",
    );
}

#[test]
#[should_panic(expected = "not an unresolved temporary")]
fn replacing_a_non_temporary_panics() {
    let mut ctx = Context::new();
    let a = ctx.md_tuple(&[]);
    let b = ctx.md_distinct_tuple(&[]);
    ctx.md_replace_temporary(a, b);
}

#[test]
#[should_panic(expected = "not a distinct node")]
fn editing_a_uniqued_node_panics() {
    let mut ctx = Context::new();
    let a = ctx.md_tuple(&[None]);
    ctx.md_set_operand(a, 0, None);
}

#[test]
fn kinds_are_llvm_19_fixed_then_custom() {
    let mut ctx = Context::new();
    assert_eq!(ctx.md_kind_id("dbg"), MdKindId::DBG);
    assert_eq!(ctx.md_kind_id("tbaa"), MdKindId::TBAA);
    assert_eq!(ctx.md_kind_id("llvm.loop"), MdKindId::LOOP);
    assert_eq!(ctx.md_kind_id("DIAssignID"), MdKindId::DI_ASSIGN_ID);
    assert_eq!(ctx.md_kind_name(MdKindId::MMRA), Some("mmra"));
    assert_eq!(
        ctx.md_kind_name(MdKindId::MEM_PARALLEL_LOOP_ACCESS),
        Some("llvm.mem.parallel_loop_access")
    );
    assert_eq!(ctx.md_find_kind("foo"), None);
    let foo = ctx.md_kind_id("foo");
    assert!(foo > MdKindId::MMRA);
    assert_eq!(ctx.md_kind_id("foo"), foo);
    assert_eq!(ctx.md_kind_name(foo), Some("foo"));
    assert_eq!(ctx.md_find_kind("foo"), Some(foo));
    // Kind names are bytes: `\FF` and `\FE` are two kinds.
    let ff = ctx.md_kind_id(b"k\xFF");
    let fe = ctx.md_kind_id(b"k\xFE");
    assert_ne!(ff, fe);
    assert_eq!(ctx.md_kind_name(ff), None);
    assert_eq!(ctx.md_kind_name_bytes(ff), b"k\xFF");
    assert_eq!(ctx.md_find_kind(b"k\xFE"), Some(fe));
}

#[test]
fn attachments_keep_llvm_print_order() {
    let mut ctx = Context::new();
    let (a, b, c) = (
        ctx.md_tuple(&[]),
        ctx.md_distinct_tuple(&[]),
        ctx.md_distinct_tuple(&[]),
    );
    let foo = ctx.md_kind_id("foo");
    let mut at = MdAttachments::new();
    assert!(at.is_empty());
    at.set(foo, Some(a));
    at.add(MdKindId::TYPE, b);
    at.add(MdKindId::TYPE, c);
    at.set(MdKindId::DBG, Some(a));
    let order: Vec<_> = at.iter().collect();
    assert_eq!(
        order,
        vec![
            (MdKindId::DBG, a),
            (MdKindId::TYPE, b),
            (MdKindId::TYPE, c),
            (foo, a)
        ]
    );
    assert_eq!(at.all_of(MdKindId::TYPE).collect::<Vec<_>>(), vec![b, c]);
    at.set(MdKindId::TYPE, Some(a));
    assert_eq!(at.get(MdKindId::TYPE), Some(a));
    assert_eq!(at.len(), 3);
    assert!(at.remove(foo));
    at.set(MdKindId::DBG, None);
    assert_eq!(at.iter().collect::<Vec<_>>(), vec![(MdKindId::TYPE, a)]);
}

#[test]
fn kind_and_field_tables_round_trip_their_spellings() {
    for &k in SpecKind::ALL {
        assert_eq!(SpecKind::from_name(k.name()), Some(k));
        for &f in k.fields() {
            assert_eq!(F::from_name(f.name()), Some(f));
        }
    }
    assert_eq!(SpecKind::ALL.len(), 31);
    assert_eq!(F::from_name("type"), Some(F::Type));
    assert_eq!(F::from_name("bogus"), None);
    assert!(SpecKind::DIExpression.is_inline() && SpecKind::DIArgList.is_positional());
    assert!(
        SpecKind::DICompileUnit.is_always_distinct()
            && !SpecKind::DISubprogram.is_always_distinct()
    );
}

/// A random DAG of tuples over strings, built twice: bottom-up directly,
/// and top-down through temporaries resolved in a random order (what a
/// parser does with forward references). Every node must resolve to the
/// directly built one.
#[test]
fn forward_references_resolve_to_the_direct_build() {
    fn prop(seed: Vec<(u8, u8, u8)>, order: Vec<u8>) -> bool {
        let n = seed.len().min(24);
        // Node i's operands are nodes > i (so the DAG is acyclic) or strings.
        let ops_of = |i: usize| -> Vec<Result<usize, u8>> {
            let (a, b, c) = seed[i];
            [a, b, c]
                .iter()
                .take(1 + (a % 3) as usize)
                .map(|&x| {
                    let j = i + 1 + (x as usize % 4);
                    if x % 2 == 0 && j < n {
                        Ok(j)
                    } else {
                        Err(x % 3)
                    }
                })
                .collect()
        };
        let mut ctx = Context::new();
        let mut direct = vec![None; n];
        for i in (0..n).rev() {
            let ops: Vec<_> = ops_of(i)
                .into_iter()
                .map(|o| {
                    Some(o.map_or_else(|s| ctx.md_string(&s.to_string()), |j| direct[j].unwrap()))
                })
                .collect();
            direct[i] = Some(ctx.md_tuple(&ops));
        }
        let temps: Vec<_> = (0..n).map(|_| ctx.md_temporary()).collect();
        let built: Vec<_> = (0..n)
            .map(|i| {
                let ops: Vec<_> = ops_of(i)
                    .into_iter()
                    .map(|o| Some(o.map_or_else(|s| ctx.md_string(&s.to_string()), |j| temps[j])))
                    .collect();
                Some(ctx.md_tuple(&ops))
            })
            .collect();
        let mut idx: Vec<usize> = (0..n).collect();
        for (k, &o) in order.iter().enumerate() {
            if n > 0 {
                idx.swap(k % n, o as usize % n);
            }
        }
        for i in idx {
            ctx.md_replace_temporary(temps[i], built[i].unwrap());
        }
        !ctx.md_has_temporaries()
            && (0..n).all(|i| {
                ctx.md_resolved(built[i].unwrap()) == direct[i].unwrap()
                    && ctx.md_resolved(temps[i]) == direct[i].unwrap()
            })
    }
    quickcheck::QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Vec<(u8, u8, u8)>, Vec<u8>) -> bool);
}
