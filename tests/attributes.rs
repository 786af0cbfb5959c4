//! Attributes: the kind table, the value parsers, sets and lists, and the
//! printer checked against `llvm-dis` 19.
//!
//! The oracle data is `tests/data/attributes/expected.tsv`, made by
//! `tests/data/attributes/gen.py` (clang's attribute text from the shared
//! corpus and hand-written cases covering every kind, paired with what
//! `llvm-as | llvm-dis` 19 prints for it), so no LLVM is needed here.

use lair::ir::attributes::*;
use lair::{Context, Type};

// ---------------------------------------------------------------------------
// A tiny reader for attribute runs as they appear in `.ll` text, standing
// in for the `.ll` parser: it finds the tokens and hands the text inside
// parentheses to the library's parsers.

/// Undoes LLVM's string escaping (`\\`, `\XX`).
fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if let Some(h) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(h);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Types that appear inside type attributes of the test data.
fn resolve_type(ctx: &mut Context, text: &str) -> Type {
    match text {
        "%struct.S" => match ctx.struct_by_name("struct.S") {
            Some(t) => t,
            None => {
                let (i32t, i8t) = (ctx.i32_type(), ctx.i8_type());
                ctx.create_struct_with_body("struct.S", &[i32t, i8t], false)
            }
        },
        "{ i32, i8 }" => {
            let (i32t, i8t) = (ctx.i32_type(), ctx.i8_type());
            ctx.struct_type(&[i32t, i8t], false)
        }
        "[4 x i8]" => {
            let i8t = ctx.i8_type();
            ctx.array_type(i8t, 4)
        }
        t => {
            let bits = t.strip_prefix('i').and_then(|b| b.parse().ok());
            ctx.int_type(bits.unwrap_or_else(|| panic!("test type {t}")))
        }
    }
}

/// Reads an attribute run (`noundef align 8 "k"="v"`); `function` says it
/// is a function position (group body), where the legacy memory keywords
/// are upgraded as the LLVM 19 `.ll` parser does.
fn read_run(ctx: &mut Context, text: &str, function: bool) -> Result<AttributeSet, String> {
    let mut set = AttributeSet::new();
    let mut legacy: Option<MemoryEffects> = None;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        if b[i] == b'"' {
            let end = i + 1 + text[i + 1..].find('"').ok_or("unterminated string")?;
            let key = unescape(&text[i + 1..end]);
            i = end + 1;
            let mut value = Vec::new();
            if text[i..].starts_with("=\"") {
                let vend = i + 2 + text[i + 2..].find('"').ok_or("unterminated string")?;
                value = unescape(&text[i + 2..vend]);
                i = vend + 1;
            }
            set.add(Attribute::string(key, value));
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let word = &text[start..i];
        if word.is_empty() {
            return Err(format!("unexpected character at {i} in {text}"));
        }
        let args: Option<&str> = if b.get(i) == Some(&b'(') {
            let mut depth = 0;
            let open = i;
            loop {
                match b.get(i) {
                    Some(b'(') => depth += 1,
                    Some(b')') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Some(_) => {}
                    None => return Err("unbalanced parentheses".into()),
                }
                i += 1;
            }
            i += 1;
            Some(&text[open + 1..i - 1])
        } else if b.get(i) == Some(&b'=') {
            let s = i + 1;
            while i < b.len() && b[i] != b' ' {
                i += 1;
            }
            Some(&text[s..i])
        } else if word == "align" && b.get(i) == Some(&b' ') {
            let s = i + 1;
            i = s;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            Some(&text[s..i])
        } else {
            None
        };
        if function {
            if let Some(me) = legacy_memory_keyword(word) {
                legacy = Some(legacy.unwrap_or(MemoryEffects::unknown()).intersect(me));
                continue;
            }
        }
        let kind = AttrKind::from_name(word).ok_or_else(|| format!("unknown attribute {word}"))?;
        let attr = if kind.class() == AttrClass::Type {
            let ty = resolve_type(ctx, args.ok_or("type attribute without type")?);
            Attribute::Type(kind, ty)
        } else {
            Attribute::parse(kind, args)?
        };
        set.add(attr);
    }
    if let Some(me) = legacy {
        set.add(Attribute::memory(me));
    }
    Ok(set)
}

#[test]
fn llvm_dis_oracle() {
    let data = include_str!("data/attributes/expected.tsv");
    let mut ctx = Context::new();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in data.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (got, want) = match f[0] {
            "group" => {
                let set = read_run(&mut ctx, f[1], true).unwrap_or_else(|e| panic!("{e}: {line}"));
                let mut comment = String::new();
                set.write_fn_comment(&ctx, &mut comment).unwrap();
                assert_eq!(set.has_fn_comment(), !comment.is_empty());
                if comment != f[3] {
                    failures.push(format!(
                        "comment of {}\n  got  {comment}\n  want {}",
                        f[1], f[3]
                    ));
                }
                (set.display_group(&ctx).to_string(), f[2])
            }
            "param" | "ret" => {
                let set = read_run(&mut ctx, f[2], false).unwrap_or_else(|e| panic!("{e}: {line}"));
                (set.display_inline(&ctx).to_string(), f[3])
            }
            other => panic!("bad line kind {other}"),
        };
        if got != want {
            failures.push(format!("{}\n  got  {got}\n  want {want}", line));
        }
        checked += 1;
    }
    assert!(checked > 500, "only {checked} cases");
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn printing_is_a_fixed_point() {
    // Reading what we print gives the same set back.
    let data = include_str!("data/attributes/expected.tsv");
    let mut ctx = Context::new();
    for line in data.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (text, function) = if f[0] == "group" {
            (f[2], true)
        } else {
            (f[3], false)
        };
        let set = read_run(&mut ctx, text, function).unwrap();
        let printed = if function {
            set.display_group(&ctx).to_string()
        } else {
            set.display_inline(&ctx).to_string()
        };
        let again = read_run(&mut ctx, &printed, function).unwrap();
        assert_eq!(set, again, "{printed}");
    }
}

// ---------------------------------------------------------------------------
// The kind table.

#[test]
fn table_matches_llvm_19_enum() {
    assert_eq!(AttrKind::ALL.len(), 92);
    for (i, k) in AttrKind::ALL.iter().enumerate() {
        assert_eq!(k.enum_value() as usize, i + 1, "{k:?}");
        assert_eq!(AttrKind::from_enum_value(k.enum_value()), Some(*k));
        assert_eq!(AttrKind::from_name(k.name()), Some(*k));
        assert_eq!(k.to_string(), k.name());
        let want = match i + 1 {
            1..=74 => AttrClass::Enum,
            75..=80 => AttrClass::Type,
            81..=90 => AttrClass::Int,
            91 => AttrClass::ConstantRange,
            _ => AttrClass::ConstantRangeList,
        };
        assert_eq!(k.class(), want, "{k:?}");
    }
    assert_eq!(AttrKind::from_enum_value(0), None);
    assert_eq!(AttrKind::from_enum_value(93), None);
    // Not in LLVM 19.
    for name in [
        "captures",
        "argmemonly",
        "inaccessiblememonly",
        "sanitize_type",
        "nocreateundeforpoison",
        "",
    ] {
        assert_eq!(AttrKind::from_name(name), None, "{name}");
    }
    assert_eq!(
        AttrKind::from_name("hybrid_patchable"),
        Some(AttrKind::HybridPatchable)
    );
    assert_eq!(AttrKind::from_name("noinline"), Some(AttrKind::NoInline));
    assert_eq!(AttrKind::from_name("NoInline"), None);
    assert!(AttrKind::NoInline < AttrKind::Alignment);
    assert!(AttrKind::Memory < AttrKind::UwTable);
}

#[test]
fn positions() {
    use AttrPosition::*;
    let on = |k: AttrKind| [Function, Param, Return].map(|p| k.allowed_on(p));
    assert_eq!(on(AttrKind::NoInline), [true, false, false]);
    assert_eq!(on(AttrKind::NoUndef), [false, true, true]);
    assert_eq!(on(AttrKind::StackAlignment), [true, true, false]);
    assert_eq!(on(AttrKind::NoFree), [true, true, false]);
    assert_eq!(on(AttrKind::Preallocated), [true, true, false]);
    assert_eq!(on(AttrKind::ReadNone), [false, true, false]);
    assert_eq!(on(AttrKind::Memory), [true, false, false]);
    assert_eq!(on(AttrKind::Range), [false, true, true]);
    assert_eq!(on(AttrKind::Initializes), [false, true, false]);
    assert_eq!(on(AttrKind::ByVal), [false, true, false]);
    for k in AttrKind::ALL {
        assert_ne!(on(*k), [false; 3], "{k:?} allowed nowhere");
    }
}

// ---------------------------------------------------------------------------
// Value parsers: llvm-as 19's verdicts on malformed input.

#[test]
fn parse_errors() {
    let err = |k: AttrKind, a: Option<&str>| Attribute::parse(k, a).unwrap_err();
    use AttrKind::*;
    let cases: &[(AttrKind, Option<&str>, &str)] = &[
        (Initializes, Some("(0, 4), (4, 8)"), "invalid (unordered or overlapping) range list"),
        (Initializes, Some("(8, 4)"), "invalid (unordered or overlapping) range list"),
        (Initializes, Some("(8, 12), (0, 4)"), "invalid (unordered or overlapping) range list"),
        (Initializes, Some("(0, 0)"), "the range should not represent the full or empty set"),
        (Initializes, Some(""), "expected '('"),
        (Initializes, Some("(0 4)"), "expected ','"),
        (Initializes, Some("(0, 4"), "expected ')'"),
        (Initializes, Some("(0, 18446744073709551616)"), "integer is too large for the bit width of specified type"),
        (Range, Some("i8 5, 5"), "the range should not represent the full or empty set"),
        (Range, Some("i8 -1, -1"), "the range should not represent the full or empty set"),
        (Range, Some("i8 0, 256"), "integer is too large for the bit width of specified type"),
        (Range, Some("i8 -129, 0"), "integer is too large for the bit width of specified type"),
        (Range, Some("ptr 0, 1"), "the range must have integer type"),
        (Range, Some("i0 0, 1"), "the range must have integer type"),
        (Range, Some("i32 0x10, 7"), "expected integer"),
        (Range, Some("i32 1"), "expected ','"),
        (Range, None, "expected '('"),
        (AllocSize, Some("0,0"), "'allocsize' indices can't refer to the same parameter"),
        (AllocSize, Some("4294967296"), "expected 32-bit integer (too large)"),
        (AllocSize, Some(""), "expected integer"),
        (AllocSize, Some("-1"), "expected integer"),
        (UwTable, Some("none"), "expected unwind table kind"),
        (UwTable, Some("foo"), "expected unwind table kind"),
        (Memory, Some("argmem: read, read"), "default access kind must be specified first"),
        (
            Memory,
            Some("other: read"),
            "expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)",
        ),
        (Memory, Some("argmem read"), "expected ':' after location"),
        (
            Memory,
            Some(""),
            "expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)",
        ),
        (Memory, Some("argmem: all"), "expected access kind (none, read, write, readwrite)"),
        (NoFpClass, Some("0"), "invalid mask value for 'nofpclass'"),
        (NoFpClass, Some("1024"), "invalid mask value for 'nofpclass'"),
        (NoFpClass, Some("none"), "expected nofpclass test mask"),
        (NoFpClass, Some("nan 3"), "expected nofpclass test mask"),
        (NoFpClass, Some("nan, inf"), "expected nofpclass test mask"),
        (NoFpClass, Some(""), "expected nofpclass test mask"),
        (AllocKind, Some("\"\""), "unknown allockind "),
        (AllocKind, Some("\"alloc,,free\""), "unknown allockind "),
        (AllocKind, Some("\"bogus\""), "unknown allockind bogus"),
        (AllocKind, Some("\"alloc, free\""), "unknown allockind  free"),
        (AllocKind, Some("alloc"), "expected allockind value"),
        (StackAlignment, Some("3"), "stack alignment is not a power of two"),
        (StackAlignment, Some("0"), "stack alignment is not a power of two"),
        (Alignment, Some("3"), "alignment is not a power of two"),
        (Alignment, Some("8589934592"), "huge alignments are not supported yet"),
        (Alignment, Some("99999999999999999999999"), "expected 64-bit integer (too large)"),
        (Dereferenceable, Some("0"), "dereferenceable bytes must be non-zero"),
        (DereferenceableOrNull, Some("x"), "expected integer"),
        (NoInline, Some("1"), "attribute 'noinline' takes no arguments"),
        (ByVal, Some("i32"), "type attribute 'byval' needs a type"),
        (Memory, None, "expected '('"),
    ];
    for (k, a, want) in cases {
        assert_eq!(err(*k, *a), *want, "{k:?} {a:?}");
        assert!(want.chars().next().is_none_or(|c| !c.is_uppercase()));
    }
}

#[test]
fn parse_accepts_llvm_spellings() {
    let ctx = Context::new();
    let p =
        |k: AttrKind, a: Option<&str>| Attribute::parse(k, a).unwrap().display(&ctx).to_string();
    use AttrKind::*;
    assert_eq!(p(UwTable, None), "uwtable");
    assert_eq!(p(UwTable, Some("async")), "uwtable");
    assert_eq!(p(UwTable, Some(" sync ")), "uwtable(sync)");
    assert_eq!(p(AllocSize, Some(" 1 , 2 ")), "allocsize(1,2)");
    assert_eq!(p(AllocSize, Some("0,4294967295")), "allocsize(0)");
    assert_eq!(p(VScaleRange, Some("2")), "vscale_range(2,2)");
    assert_eq!(p(VScaleRange, Some("4,2")), "vscale_range(4,2)");
    assert_eq!(p(VScaleRange, Some("0,4")), "vscale_range(0,4)");
    assert_eq!(p(Memory, Some("read, read")), "memory(read)");
    assert_eq!(
        p(Memory, Some("argmem: read, argmem: write")),
        "memory(argmem: write)"
    );
    assert_eq!(p(Memory, Some("readwrite")), "memory(readwrite)");
    assert_eq!(p(Alignment, Some("4294967296")), "align 4294967296");
    assert_eq!(p(Range, Some("i32 4294967295, 0")), "range(i32 -1, 0)");
    assert_eq!(p(Range, Some("i32-1,0")), "range(i32 -1, 0)");
    assert_eq!(
        p(Initializes, Some(" ( -8 , 18446744073709551615 ) ")),
        "initializes((-8, -1))"
    );
    assert_eq!(
        p(AllocKind, Some("\"alloc,alloc\"")),
        "allockind(\"alloc\")"
    );
    assert_eq!(p(NoFpClass, Some("  nan   inf ")), "nofpclass(nan inf)");
    assert_eq!(p(HybridPatchable, None), "hybrid_patchable");
    // vscale_range(0) is a no-op LLVM drops.
    let mut s = AttributeSet::new();
    s.add(Attribute::parse(VScaleRange, Some("0")).unwrap());
    assert!(s.is_empty());
}

#[test]
fn parsers_never_panic_on_junk() {
    let junk = [
        "",
        " ",
        ",",
        "((",
        "))",
        "(,)",
        "-",
        "--1",
        "i",
        "i99999999999 0, 1",
        "i8388609 0, 1",
        "i8388608 -1, 1",
        "argmem:",
        ":",
        "argmem: :",
        "\"",
        "\"\"\"",
        "(0,",
        "(0, 1),",
        "(0, 1) (2, 3)",
        "18446744073709551616",
        "1,2,3",
        "é",
        "nan\u{0}",
        "i64 -9223372036854775809, 0",
    ];
    for j in junk {
        for k in AttrKind::ALL {
            let _ = Attribute::parse(*k, Some(j));
        }
        let _ = parse_memory_effects(j);
        let _ = parse_nofpclass(j);
        let _ = parse_range(j);
        let _ = parse_initializes(j);
        let _ = parse_allockind(j);
        let _ = parse_allocsize(j);
        let _ = parse_vscale_range(j);
        let _ = parse_uwtable(j);
    }
    // A hopelessly long literal is rejected without quadratic work.
    let long = format!("i8 {}, 1", "9".repeat(1_000_000));
    assert!(parse_range(&long).is_err());
}

#[test]
fn wide_range_bounds() {
    let r = parse_range("i8388608 -1, 1").unwrap();
    assert_eq!(r.bit_width(), 1 << 23);
    assert_eq!(r.lower_words().len(), (1 << 23) / 64);
    let r = parse_range("i65 -18446744073709551616, 18446744073709551615").unwrap();
    assert_eq!(
        r.to_string(),
        "range(i65 -18446744073709551616, 18446744073709551615)"
    );
    assert_eq!(
        ConstantRange::from_i64(65, -1, 3).unwrap().to_string(),
        "range(i65 -1, 3)"
    );
    assert_eq!(
        ConstantRange::from_u64(8, 300, 2).unwrap().to_string(),
        "range(i8 44, 2)"
    );
    assert!(ConstantRange::from_u64(8, 256, 0).is_none());
    assert!(ConstantRange::from_u64(0, 0, 1).is_none());
    assert_eq!(
        ConstantRange::from_words(128, &[0, 1 << 63], &[5])
            .unwrap()
            .to_string(),
        "range(i128 -170141183460469231731687303715884105728, 5)"
    );
}

// ---------------------------------------------------------------------------
// Structured values round-trip through their text.

#[test]
fn every_memory_effect_round_trips() {
    for bits in 0..64 {
        let me = MemoryEffects::from_bits(bits).unwrap();
        let text = me.to_string();
        let inner = text
            .strip_prefix("memory(")
            .and_then(|t| t.strip_suffix(')'))
            .unwrap();
        assert_eq!(parse_memory_effects(inner), Ok(me), "{text}");
    }
    assert_eq!(MemoryEffects::from_bits(64), None);
    assert_eq!(MemoryEffects::none().to_string(), "memory(none)");
    assert_eq!(MemoryEffects::unknown().to_string(), "memory(readwrite)");
    assert_eq!(
        MemoryEffects::only(MemLocation::ArgMem, ModRef::Ref).to_string(),
        "memory(argmem: read)"
    );
    assert_eq!(
        MemoryEffects::unknown()
            .with_modref(MemLocation::ArgMem, ModRef::NoModRef)
            .to_string(),
        "memory(readwrite, argmem: none)"
    );
}

#[test]
fn every_fpclass_mask_round_trips() {
    for bits in 1..1024 {
        let m = FpClassMask::from_bits(bits).unwrap();
        let text = m.to_string();
        let inner = text
            .strip_prefix("nofpclass(")
            .and_then(|t| t.strip_suffix(')'))
            .unwrap();
        assert_eq!(parse_nofpclass(inner), Ok(m), "{text}");
        assert_eq!(parse_nofpclass(&bits.to_string()), Ok(m));
    }
    assert_eq!(
        FpClassMask::from_bits(0).unwrap().to_string(),
        "nofpclass(none)"
    );
}

#[test]
fn packings() {
    assert_eq!(unpack_allocsize(pack_allocsize(3, Some(7))), (3, Some(7)));
    assert_eq!(unpack_allocsize(pack_allocsize(3, None)), (3, None));
    assert_eq!(pack_allocsize(1, None), 0x1_ffff_ffff);
    assert_eq!(
        unpack_vscale_range(pack_vscale_range(1, Some(16))),
        (1, Some(16))
    );
    assert_eq!(unpack_vscale_range(pack_vscale_range(1, None)), (1, None));
    assert_eq!(
        parse_vscale_range("1,16"),
        Ok(pack_vscale_range(1, Some(16)))
    );
    assert_eq!(
        parse_allockind("alloc,zeroed").map(AllocFnKind::bits),
        Ok(0b10001)
    );
    assert_eq!(
        AllocFnKind::from_bits(0b100101).to_string(),
        "allockind(\"alloc,free,aligned\")"
    );
    assert_eq!(parse_uwtable("sync"), Ok(UwTableKind::Sync));
}

#[test]
fn legacy_memory_keywords() {
    let l = |n| legacy_memory_keyword(n).unwrap().to_string();
    assert_eq!(l("readnone"), "memory(none)");
    assert_eq!(l("readonly"), "memory(read)");
    assert_eq!(l("writeonly"), "memory(write)");
    assert_eq!(l("argmemonly"), "memory(argmem: readwrite)");
    assert_eq!(
        l("inaccessiblememonly"),
        "memory(inaccessiblemem: readwrite)"
    );
    assert_eq!(
        l("inaccessiblemem_or_argmemonly"),
        "memory(argmem: readwrite, inaccessiblemem: readwrite)"
    );
    assert_eq!(legacy_memory_keyword("nounwind"), None);
}

// ---------------------------------------------------------------------------
// Sets and lists.

#[test]
fn set_is_canonical_and_deduplicated() {
    let ctx = Context::new();
    let a = AttributeSet::from_attrs([
        Attribute::string("b", "1"),
        Attribute::uwtable(UwTableKind::Sync),
        Attribute::Enum(AttrKind::NoUnwind),
        Attribute::string("a", ""),
        Attribute::align_stack(8),
        Attribute::string("b", "2"),
        Attribute::align_stack(16),
    ]);
    assert_eq!(
        a.display_group(&ctx).to_string(),
        r#"nounwind alignstack=16 uwtable(sync) "a" "b"="2""#
    );
    assert_eq!(
        a.display_inline(&ctx).to_string(),
        r#"nounwind alignstack(16) uwtable(sync) "a" "b"="2""#
    );
    let mut comment = String::new();
    a.write_fn_comment(&ctx, &mut comment).unwrap();
    assert_eq!(comment, "nounwind alignstack(16) uwtable(sync)");
    assert_eq!(a.len(), 5);

    // Order of insertion does not matter for equality and hashing.
    let mut b = AttributeSet::new();
    for x in a.iter().rev() {
        b.add(x.clone());
    }
    assert_eq!(a, b);
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let h = |s: &AttributeSet| {
        let mut st = DefaultHasher::new();
        s.hash(&mut st);
        st.finish()
    };
    assert_eq!(h(&a), h(&b));

    assert!(b.has(AttrKind::NoUnwind));
    assert_eq!(
        b.get(AttrKind::StackAlignment),
        Some(&Attribute::align_stack(16))
    );
    assert_eq!(
        b.remove(AttrKind::NoUnwind),
        Some(Attribute::Enum(AttrKind::NoUnwind))
    );
    assert_eq!(b.remove(AttrKind::NoUnwind), None);
    assert!(b.has_string("a"));
    assert_eq!(
        b.get_string("b")
            .and_then(|x| x.as_string())
            .map(|s| s.value()),
        Some(&b"2"[..])
    );
    assert!(b.remove_string("a").is_some());
    assert!(!b.has_string("a"));
    assert_ne!(a, b);

    // No-ops are not added.
    let mut c = AttributeSet::new();
    c.add(Attribute::vscale_range(0, None));
    c.add(Attribute::uwtable(UwTableKind::None));
    c.add(Attribute::dereferenceable(0));
    c.add(Attribute::Int(AttrKind::NoFpClass, 0));
    assert!(c.is_empty());
    c.add(Attribute::memory(MemoryEffects::none()));
    assert_eq!(c.display_inline(&ctx).to_string(), "memory(none)");
}

#[test]
fn string_escaping() {
    let ctx = Context::new();
    let s = |k: &[u8], v: &[u8]| Attribute::string(k, v).display(&ctx).to_string();
    assert_eq!(s(b"k", b""), "\"k\"");
    assert_eq!(
        s(b"k", b"a\\b\"c\n\x7f\xff~ "),
        "\"k\"=\"a\\\\b\\22c\\0A\\7F\\FF~ \""
    );
    // LLVM prints keys raw (a raw \01 stays raw) ...
    assert_eq!(s(b"\x01key", b"x"), "\"\x01key\"=\"x\"");
    // ... but raw `"` or `\` would not parse back, so those keys are escaped.
    assert_eq!(s(b"k\"q", b"1"), "\"k\\22q\"=\"1\"");
    assert_eq!(s(b"k\\q", b""), "\"k\\\\q\"");
    assert_eq!(s(b"\xff", b""), "\"\\FF\"");
}

#[test]
fn type_attributes_print_their_type() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let i8t = ctx.i8_type();
    let s = ctx.create_struct_with_body("struct.S", &[i32t, i8t], false);
    let set = AttributeSet::from_attrs([
        Attribute::Type(AttrKind::StructRet, s),
        Attribute::Type(AttrKind::ByVal, i32t),
        Attribute::align(4),
    ]);
    assert_eq!(
        set.display_inline(&ctx).to_string(),
        "byval(i32) sret(%struct.S) align 4"
    );
    assert_eq!(
        set.get(AttrKind::StructRet).and_then(Attribute::type_value),
        Some(s)
    );
}

#[test]
fn attribute_list_index_scheme() {
    let ctx = Context::new();
    assert_eq!(AttrIndex::from_llvm(u32::MAX), AttrIndex::Function);
    assert_eq!(AttrIndex::from_llvm(0), AttrIndex::Return);
    assert_eq!(AttrIndex::from_llvm(1), AttrIndex::Param(0));
    assert_eq!(AttrIndex::Param(2).llvm_index(), 3);
    assert_eq!(AttrIndex::Function.llvm_index(), u32::MAX);

    let mut l = AttributeList::new();
    assert!(l.is_empty());
    l.add(AttrIndex::Param(2), Attribute::Enum(AttrKind::NoUndef));
    l.add(AttrIndex::Function, Attribute::Enum(AttrKind::NoUnwind));
    l.add(AttrIndex::Return, Attribute::Enum(AttrKind::NonNull));
    assert_eq!(l.num_param_sets(), 3);
    assert!(l.param_attrs(0).is_empty());
    assert!(l.param_attrs(1000).is_empty());
    assert!(l.has(AttrIndex::Param(2), AttrKind::NoUndef));
    assert_eq!(l.fn_attrs().display_group(&ctx).to_string(), "nounwind");
    assert_eq!(l.ret_attrs().display_inline(&ctx).to_string(), "nonnull");

    // Removing the last parameter's attributes trims the list, so equal
    // lists compare equal however they were built.
    assert!(l.remove(AttrIndex::Param(2), AttrKind::NoUndef).is_some());
    assert_eq!(l.num_param_sets(), 0);
    let m = AttributeList::from_sets(
        AttributeSet::from_attrs([Attribute::Enum(AttrKind::NoUnwind)]),
        AttributeSet::from_attrs([Attribute::Enum(AttrKind::NonNull)]),
        vec![AttributeSet::new(), AttributeSet::new()],
    );
    assert_eq!(l, m);
    l.set_attrs(AttrIndex::Function, AttributeSet::new());
    l.set_attrs(AttrIndex::Return, AttributeSet::new());
    assert!(l.is_empty());
    assert_eq!(l, AttributeList::new());
}
