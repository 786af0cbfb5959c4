//! Unit tests that need crate-private access (a [`Value`] handle without the
//! value graph's constructors).

use super::*;

#[test]
fn value_as_metadata_prints_through_callback() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let c5 = ctx.const_int(i32t, 5);
    let five = ctx.md_value(c5);
    assert_eq!(five, ctx.md_value(c5));
    let s = ctx.md_string("str");
    let t = ctx.md_tuple(&[Some(s), None, Some(five)]);
    let wv = |v: Value, out: &mut dyn core::fmt::Write| {
        assert_eq!(v, c5);
        out.write_str("i32 5")
    };
    let mut out = String::new();
    write_md_node_body(&ctx, t, &mut out, &|_| None, &wv).unwrap();
    assert_eq!(out, r#"!{!"str", null, i32 5}"#);
}

#[test]
fn sizes() {
    assert_eq!(core::mem::size_of::<Metadata>(), 4);
    assert_eq!(core::mem::size_of::<MdData>(), 24);
    assert_eq!(core::mem::size_of::<MdField>(), 24);
    assert_eq!(core::mem::size_of::<(FieldName, MdField)>(), 32);
}

/// The metadata of a small `-g` module, built through the API, numbered
/// with [`MdSlots`] in LLVM's root order and printed; the expected text is
/// `llvm-dis` 19's output for the same module (`llvm-as | llvm-dis`).
#[test]
fn debug_info_module_matches_llvm_dis() {
    use FieldName as F;
    use MdField as V;
    let mut ctx = Context::new();
    let c = &mut ctx;
    let w = MdField::word;
    let s = MdField::str;
    let m = |x: Metadata| V::Md(Some(x));
    let file = c.md_specialized(
        SpecKind::DIFile,
        vec![
            (F::Filename, V::Str(b"a\t\"b\\.c".as_slice().into())),
            (F::Directory, V::Str(b"/tmp\xff".as_slice().into())),
            (F::Checksumkind, w("CSK_MD5")),
            (F::Checksum, s("268d6d146a1d8847598e85044234cc71")),
        ],
        false,
    );
    let int = c.md_specialized(
        SpecKind::DIBasicType,
        vec![
            (F::Name, s("int")),
            (F::Size, V::UInt(32)),
            (F::Encoding, w("DW_ATE_signed")),
        ],
        false,
    );
    // The compile unit's `globals` refers forward to the variable, which
    // refers back to the unit: a temporary breaks the cycle, as a parser
    // would do it.
    let globals_tmp = c.md_temporary();
    let cu = c.md_specialized(
        SpecKind::DICompileUnit,
        vec![
            (F::Language, w("DW_LANG_C11")),
            (F::File, m(file)),
            (F::Producer, s("clang version 19")),
            (F::IsOptimized, V::Bool(true)),
            (F::RuntimeVersion, V::UInt(0)),
            (F::EmissionKind, w("FullDebug")),
            (F::Globals, m(globals_tmp)),
            (F::SplitDebugInlining, V::Bool(false)),
            (F::NameTableKind, w("None")),
        ],
        true,
    );
    let var = c.md_specialized(
        SpecKind::DIGlobalVariable,
        vec![
            (F::Name, s("g")),
            (F::Scope, m(cu)),
            (F::File, m(file)),
            (F::Line, V::UInt(1)),
            (F::Type, m(int)),
            (F::IsLocal, V::Bool(false)),
            (F::IsDefinition, V::Bool(true)),
        ],
        true,
    );
    let expr = c.md_specialized(
        SpecKind::DIExpression,
        vec![
            (F::Positional, w("DW_OP_plus_uconst")),
            (F::Positional, V::UInt(4)),
            (F::Positional, w("DW_OP_stack_value")),
        ],
        false,
    );
    let gve = c.md_specialized(
        SpecKind::DIGlobalVariableExpression,
        vec![(F::Var, m(var)), (F::Expr, m(expr))],
        false,
    );
    let globals = c.md_tuple(&[Some(gve)]);
    c.md_replace_temporary(globals_tmp, globals);
    assert!(!c.md_has_temporaries());

    let member = |c: &mut Context,
                  scope: Metadata,
                  name: &str,
                  line: u64,
                  base: Metadata,
                  flags: Option<&str>| {
        let mut f = vec![
            (F::Tag, w("DW_TAG_member")),
            (F::Name, s(name)),
            (F::Scope, m(scope)),
            (F::File, m(file)),
            (F::Line, V::UInt(line)),
            (F::BaseType, m(base)),
            (F::Size, V::UInt(32)),
            (F::Offset, V::UInt(32)),
        ];
        if let Some(fl) = flags {
            f.push((F::Flags, w(fl)));
        }
        c.md_specialized(SpecKind::DIDerivedType, f, false)
    };
    // The struct's members refer back to the struct: forward reference.
    let elems_tmp = c.md_temporary();
    let st = c.md_specialized(
        SpecKind::DICompositeType,
        vec![
            (F::Tag, w("DW_TAG_structure_type")),
            (F::Name, s("S")),
            (F::File, m(file)),
            (F::Line, V::UInt(4)),
            (F::Size, V::UInt(64)),
            (F::Elements, m(elems_tmp)),
            (F::Identifier, s("_ZTS1S")),
        ],
        false,
    );
    let a = member(c, st, "a", 5, int, Some("DIFlagPublic"));
    let sub = c.md_specialized(
        SpecKind::DISubrange,
        vec![(F::Count, V::UInt(2)), (F::LowerBound, V::Int(-1))],
        false,
    );
    let subs = c.md_tuple(&[Some(sub)]);
    let arr = c.md_specialized(
        SpecKind::DICompositeType,
        vec![
            (F::Tag, w("DW_TAG_array_type")),
            (F::BaseType, m(int)),
            (F::Size, V::UInt(64)),
            (F::Elements, m(subs)),
        ],
        false,
    );
    let b = member(c, st, "b", 6, arr, None);
    let elems = c.md_tuple(&[Some(a), Some(b)]);
    c.md_replace_temporary(elems_tmp, elems);
    assert_eq!(
        c.md_data(st).field(F::Elements),
        Some(&m(elems)),
        "the struct was re-pointed"
    );

    let types = c.md_tuple(&[None, Some(int), Some(st)]);
    let sty = c.md_specialized(
        SpecKind::DISubroutineType,
        vec![(F::Types, m(types))],
        false,
    );
    let retained_tmp = c.md_temporary();
    let sp = c.md_specialized(
        SpecKind::DISubprogram,
        vec![
            (F::Name, s("f")),
            (F::Scope, m(file)),
            (F::File, m(file)),
            (F::Line, V::UInt(2)),
            (F::Type, m(sty)),
            (F::ScopeLine, V::UInt(2)),
            (F::Flags, w("DIFlagArtificial | DIFlagPrototyped")),
            (F::SpFlags, w("DISPFlagDefinition")),
            (F::Unit, m(cu)),
            (F::RetainedNodes, m(retained_tmp)),
        ],
        true,
    );
    let x = c.md_specialized(
        SpecKind::DILocalVariable,
        vec![
            (F::Name, s("x")),
            (F::Arg, V::UInt(1)),
            (F::Scope, m(sp)),
            (F::File, m(file)),
            (F::Line, V::UInt(2)),
            (F::Type, m(int)),
        ],
        false,
    );
    let retained = c.md_tuple(&[Some(x)]);
    c.md_replace_temporary(retained_tmp, retained);
    let block = c.md_specialized(
        SpecKind::DILexicalBlock,
        vec![
            (F::Scope, m(sp)),
            (F::File, m(file)),
            (F::Line, V::UInt(3)),
            (F::Column, V::UInt(1)),
        ],
        true,
    );
    let loc = c.md_specialized(
        SpecKind::DILocation,
        vec![
            (F::Line, V::UInt(3)),
            (F::Column, V::UInt(7)),
            (F::Scope, m(block)),
        ],
        false,
    );
    // `distinct !{!21, null, !"loop"}`: a self-reference set in place.
    let lp = c.md_string("loop");
    let loop_md = c.md_distinct_tuple(&[None, None, Some(lp)]);
    c.md_set_operand(loop_md, 0, Some(loop_md));
    let en = c.md_specialized(
        SpecKind::DIEnumerator,
        vec![(F::Name, s("neg")), (F::Value, V::Int(-5))],
        false,
    );
    let i32t = c.i32_type();
    let (c2, c3) = (c.const_int(i32t, 2), c.const_int(i32t, 3));
    let (two, three) = (c.md_value(c2), c.md_value(c3));
    let dv = c.md_string("Debug Info Version");
    let flag = c.md_tuple(&[Some(two), Some(dv), Some(three)]);

    let named: Vec<(&str, Vec<Metadata>)> = vec![
        ("llvm.dbg.cu", vec![cu]),
        ("llvm.module.flags", vec![flag]),
        ("named", vec![sp, loc, loop_md, en]),
    ];
    let mut slots = MdSlots::new();
    for (_, ops) in &named {
        for &op in ops {
            slots.add_root(c, op);
        }
    }
    let wv = |v: Value, out: &mut dyn core::fmt::Write| {
        write!(out, "i32 {}", if v == c2 { 2 } else { 3 })
    };
    let mut out = String::new();
    for (name, ops) in &named {
        let refs: Vec<String> = ops
            .iter()
            .map(|&o| format!("!{}", slots.slot_of(o).unwrap()))
            .collect();
        out += &format!("!{name} = !{{{}}}\n", refs.join(", "));
    }
    out.push('\n');
    slots.write_all(c, &mut out, &wv).unwrap();
    let expected = r#"!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!named = !{!7, !19, !21, !22}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang version 19", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "a\09\22b\\.c", directory: "/tmp\FF", checksumkind: CSK_MD5, checksum: "268d6d146a1d8847598e85044234cc71")
!2 = !{!3}
!3 = !DIGlobalVariableExpression(var: !4, expr: !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value))
!4 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !5, isLocal: false, isDefinition: true)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !8, scopeLine: 2, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !17)
!8 = !DISubroutineType(types: !9)
!9 = !{null, !5, !10}
!10 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 4, size: 64, elements: !11, identifier: "_ZTS1S")
!11 = !{!12, !13}
!12 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !10, file: !1, line: 5, baseType: !5, size: 32, offset: 32, flags: DIFlagPublic)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !10, file: !1, line: 6, baseType: !14, size: 32, offset: 32)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 64, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 2, lowerBound: -1)
!17 = !{!18}
!18 = !DILocalVariable(name: "x", arg: 1, scope: !7, file: !1, line: 2, type: !5)
!19 = !DILocation(line: 3, column: 7, scope: !20)
!20 = distinct !DILexicalBlock(scope: !7, file: !1, line: 3, column: 1)
!21 = distinct !{!21, null, !"loop"}
!22 = !DIEnumerator(name: "neg", value: -5)
"#;
    assert_eq!(out, expected);

    // The live oracle, when LLVM 19 is installed: llvm-as accepts the text
    // and llvm-dis prints it back unchanged.
    let as_ = std::path::Path::new("/usr/lib/llvm-19/bin/llvm-as");
    let dis = std::path::Path::new("/usr/lib/llvm-19/bin/llvm-dis");
    if as_.exists() && dis.exists() {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut p = Command::new(as_)
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        p.stdin.take().unwrap().write_all(out.as_bytes()).unwrap();
        let bc = p.wait_with_output().unwrap();
        assert!(bc.status.success(), "llvm-as rejected:\n{out}");
        let mut d = Command::new(dis)
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        d.stdin.take().unwrap().write_all(&bc.stdout).unwrap();
        let text = String::from_utf8(d.wait_with_output().unwrap().stdout).unwrap();
        let body = text.split_once("\n\n").map(|(_, b)| b).unwrap_or("");
        assert_eq!(body, expected);
    }
}
