//! The intrinsic table against LLVM 19.
//!
//! `src/ir/intrinsics/table.rs` is LLVM 19's table itself (written by
//! `scripts/intrinsics-table.sh` from libLLVM); these tests check what
//! lair computes from it against LLVM's answers in `tests/data/intrinsics/`:
//! `attrs-llvm19.txt` (every attribute list, printed as llvm-dis prints
//! it) and `cases-llvm19.txt` (name lookups, manglings, and function types
//! matched against signatures: each distinct signature with guessed
//! overload types, and mutations for each failure mode).

#[path = "support/verified.rs"]
mod verified;

use lair::ir::intrinsics::{IntrinsicId, SignatureMismatch};
use lair::ir::Function;
use lair::{Context, Type};

const ATTRS: &str = include_str!("data/intrinsics/attrs-llvm19.txt");
const CASES: &str = include_str!("data/intrinsics/cases-llvm19.txt");

fn module_lines() -> String {
    CASES
        .lines()
        .filter_map(|l| l.strip_prefix("module "))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn display(ctx: &Context, tys: &[Type]) -> String {
    tys.iter()
        .map(|t| t.display(ctx).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn every_name_looks_up_to_itself() {
    assert_eq!(IntrinsicId::all().len(), 13937);
    let mut prev: Option<IntrinsicId> = None;
    for id in IntrinsicId::all() {
        assert_eq!(IntrinsicId::lookup(id.name()), Some(id), "{id}");
        assert!(id.name().starts_with("llvm."));
        if let Some(p) = prev.filter(|p| p.target() == id.target()) {
            assert!(p.name() < id.name(), "{p} before {id}");
        }
        let t = id.target();
        assert!(
            t.is_empty() || id.name()[5..].starts_with(&format!("{t}.")),
            "{id}"
        );
        prev = Some(id);
    }
    assert_eq!(IntrinsicId::MEMCPY.name(), "llvm.memcpy");
    assert!(IntrinsicId::MEMCPY.is_overloaded());
    assert!(!IntrinsicId::TRAP.is_overloaded());
    assert_eq!(IntrinsicId::lookup("memcpy"), None);
}

#[test]
fn attribute_lists_print_as_llvm_dis() {
    let ctx = Context::new();
    let mut n = 0;
    for line in ATTRS.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.split(" | ");
        let name = parts.next().unwrap();
        let id = IntrinsicId::lookup(name).unwrap();
        let list = id.attributes();
        let mut got = Vec::new();
        let fa = list.fn_attrs();
        if !fa.is_empty() {
            got.push(format!("fn: {}", fa.display_group(&ctx)));
        }
        if !list.ret_attrs().is_empty() {
            got.push(format!("ret: {}", list.ret_attrs().display_inline(&ctx)));
        }
        for p in 0..list.num_param_sets() {
            let s = list.param_attrs(p);
            if !s.is_empty() {
                got.push(format!("p{p}: {}", s.display_inline(&ctx)));
            }
        }
        let want: Vec<&str> = parts.collect();
        assert_eq!(got, want, "{name}");
        n += 1;
    }
    assert_eq!(n, 380);
}

#[test]
fn lookups_agree_with_llvm() {
    let mut n = 0;
    for l in CASES.lines().filter_map(|l| l.strip_prefix("lookup ")) {
        let (name, want) = l.split_once(" => ").unwrap();
        let got = IntrinsicId::lookup(name).map_or("-", |id| id.name());
        assert_eq!(got, want, "lookup {name}");
        n += 1;
    }
    assert!(n > 4000, "{n} lookups");
}

/// Declarations `@t{k}` whose parameter (return type for `void`, own type
/// for a function type) is each listed type.
fn type_decl(k: usize, text: &str) -> String {
    if text == "void" {
        return format!("declare void @t{k}()\n");
    }
    // A function type prints as `ret (params)`.
    if let Some(open) = text.find(" (").filter(|_| text.ends_with(')')) {
        let (ret, params) = (&text[..open], &text[open + 2..text.len() - 1]);
        return format!("declare {ret} @t{k}({params})\n");
    }
    format!("declare void @t{k}({text})\n")
}

fn decl_type(ctx: &Context, m: lair::ir::Module, k: usize, text: &str) -> Type {
    let f = Function(ctx.global_by_name(m, format!("t{k}")).unwrap());
    let sig = ctx.signature(f);
    let (ret, params, _) = ctx.function_parts(sig).unwrap();
    if text == "void" {
        ret
    } else if text.ends_with(')') && text.contains(" (") {
        sig
    } else {
        params[0]
    }
}

#[test]
fn manglings_agree_with_llvm() {
    let cases: Vec<(&str, Vec<&str>, &str)> = CASES
        .lines()
        .filter_map(|l| l.strip_prefix("name "))
        .map(|l| {
            let (lhs, want) = l.split_once(" => ").unwrap();
            let (name, tys) = lhs.split_once(" | ").unwrap();
            (name, split_types(tys), want)
        })
        .collect();
    let mut text = module_lines();
    let mut k = 0;
    for (_, tys, _) in &cases {
        for t in tys {
            text += &type_decl(k, t);
            k += 1;
        }
    }
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "names.ll").unwrap();
    let i32t = ctx.i32_type();
    let fn_ty = ctx.function_type(i32t, &[], false);
    let mut k = 0;
    for (name, tys, want) in &cases {
        let id = IntrinsicId::lookup(name).unwrap();
        let tys: Vec<Type> = tys
            .iter()
            .map(|t| {
                k += 1;
                decl_type(&ctx, m, k - 1, t)
            })
            .collect();
        let got = ctx.intrinsic_name(id, &tys, m, Some(fn_ty));
        assert_eq!(&got, want, "{}", display(&ctx, &tys));
    }
    assert!(cases.len() >= 20);
}

/// Splits a comma-separated type list at depth 0.
fn split_types(s: &str) -> Vec<&str> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '{' | '<' | '[' => depth += 1,
            ')' | '}' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out
}

struct Sig<'a> {
    line: usize,
    name: &'a str,
    want: &'a str,
}

#[test]
fn signatures_agree_with_llvm() {
    let mut text = module_lines();
    let mut sigs = Vec::new();
    let mut mmx = 0;
    for (line, l) in CASES.lines().enumerate() {
        let Some(l) = l.strip_prefix("sig ") else {
            continue;
        };
        mmx += usize::from(l.contains("x86_mmx"));
        let (lhs, want) = l.split_once(" => ").unwrap();
        let f: Vec<&str> = lhs.split('|').map(str::trim).collect();
        let (name, ret, params, va) = (f[0], f[1], f[2], f[3] == "1");
        let dots = match (params.is_empty(), va) {
            (_, false) => "",
            (true, true) => "...",
            (false, true) => ", ...",
        };
        text += &format!("declare {ret} @s{}({params}{dots})\n", sigs.len());
        sigs.push(Sig { line, name, want });
    }
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "sigs.ll").unwrap();
    let (mut ok, mut bad) = (0, 0);
    for (k, s) in sigs.iter().enumerate() {
        let id = IntrinsicId::lookup(s.name).unwrap();
        let f = Function(ctx.global_by_name(m, format!("s{k}")).unwrap());
        let fty = ctx.signature(f);
        let ctx_line = format!("line {}: {} {}", s.line + 1, s.name, fty.display(&ctx));
        match ctx.match_intrinsic_signature(id, fty) {
            Ok(tys) => {
                let (want_tys, want_name) = s
                    .want
                    .strip_prefix("ok")
                    .and_then(|w| w.split_once(" => "))
                    .unwrap_or_else(|| panic!("{ctx_line}: matched, LLVM says {}", s.want));
                assert_eq!(display(&ctx, &tys), want_tys.trim(), "{ctx_line}");
                let name = ctx.intrinsic_name(id, &tys, m, Some(fty));
                assert_eq!(&name[id.name().len()..], want_name, "{ctx_line}");
                assert_eq!(ctx.intrinsic_type(id, &tys), fty, "{ctx_line}");
                ok += 1;
            }
            Err(e) => {
                let want = match e {
                    SignatureMismatch::Return => "ret",
                    SignatureMismatch::Argument => "arg",
                    SignatureMismatch::VarArg => "vararg",
                };
                assert_eq!(want, s.want, "{ctx_line}");
                bad += 1;
            }
        }
    }
    assert!(ok > 2000 && bad > 3500, "{ok} matches, {bad} mismatches");
    assert!(mmx > 0, "no x86_mmx cases");
}

#[test]
fn declarations_carry_the_intrinsic_attributes() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let void = ctx.void_type();
    let fty = ctx.function_type(void, &[], false);
    let trap = ctx.add_function(m, "llvm.trap", fty);
    assert_eq!(ctx.intrinsic_id(trap), Some(IntrinsicId::TRAP));
    assert!(ctx.is_intrinsic(trap));
    assert_eq!(
        ctx.function_data(trap)
            .attrs
            .fn_attrs()
            .display_group(&ctx)
            .to_string(),
        "cold noreturn nounwind memory(inaccessiblemem: write)"
    );
    // Renaming changes the id, not the attributes (as LLVM).
    ctx.set_name(trap, "not.trap");
    assert_eq!(ctx.intrinsic_id(trap), None);
    assert!(!ctx.is_intrinsic(trap));
    assert!(!ctx.function_data(trap).attrs.is_empty());
    ctx.set_name(trap, "llvm.trap");
    assert_eq!(ctx.intrinsic_id(trap), Some(IntrinsicId::TRAP));
    // An unknown llvm.* name is reserved but no intrinsic, and gets nothing.
    let odd = ctx.add_function(m, "llvm.no.such.thing", fty);
    assert!(ctx.is_intrinsic(odd));
    assert_eq!(ctx.intrinsic_id(odd), None);
    assert!(ctx.function_data(odd).attrs.is_empty());
    // A suffix is allowed only on an overloaded intrinsic.
    let bad = ctx.add_function(m, "llvm.trap.i32", fty);
    assert_eq!(ctx.intrinsic_id(bad), None);
}

#[test]
fn get_or_insert_declarations() {
    let mut ctx = Context::new();
    let m = ctx
        .parse_assembly("target datalayout = \"P1\"\n", "m.ll")
        .unwrap();
    let (ptr, i64t) = (ctx.ptr_type(0), ctx.i64_type());
    let memcpy = ctx.intrinsic_declaration(m, IntrinsicId::MEMCPY, &[ptr, ptr, i64t]);
    assert_eq!(ctx.name_of(memcpy), Some("llvm.memcpy.p0.p0.i64"));
    assert_eq!(
        ctx.signature(memcpy).display(&ctx).to_string(),
        "void (ptr, ptr, i64, i1)"
    );
    // The program address space of the data layout.
    assert_eq!(
        ctx.type_of(memcpy).display(&ctx).to_string(),
        "ptr addrspace(1)"
    );
    let again = ctx.intrinsic_declaration(m, IntrinsicId::MEMCPY, &[ptr, ptr, i64t]);
    assert_eq!(again, memcpy);
    assert_eq!(ctx.functions(m).count(), 1);
    let trap = ctx.intrinsic_declaration(m, IntrinsicId::TRAP, &[]);
    assert_eq!(ctx.name_of(trap), Some("llvm.trap"));

    // Unnamed structs: one suffix per function type, as LLVM.
    let s0 = ctx.create_struct("");
    ctx.set_struct_body(s0, &[i64t], false);
    let c1 = ctx.intrinsic_declaration(m, IntrinsicId::SSA_COPY, &[s0]);
    assert_eq!(ctx.name_of(c1), Some("llvm.ssa.copy.s_s.0"));
    let s1 = ctx.create_struct("");
    ctx.set_struct_body(s1, &[ptr], false);
    let c2 = ctx.intrinsic_declaration(m, IntrinsicId::SSA_COPY, &[s1]);
    assert_eq!(ctx.name_of(c2), Some("llvm.ssa.copy.s_s.1"));
    let c3 = ctx.intrinsic_declaration(m, IntrinsicId::SSA_COPY, &[s0]);
    assert_eq!(c3, c1);
}

/// A module and a struct `%"s\FFt" = type { i32 }`.
fn struct_named_ff() -> (Context, lair::ir::Module, Type) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let s = ctx.create_struct(b"s\xFFt");
    ctx.set_struct_body(s, &[i32t], false);
    (ctx, m, s)
}

/// An identified struct whose name is not UTF-8 mangles as its bytes
/// (`getMangledTypeStr`: `s_<name>s`), as llvm-as-19 accepts
/// `@"llvm.ssa.copy.s_s\FFts"` (tests/data/ll/names-bytes-intrinsic.ll);
/// it is not numbered as an unnamed struct is.
#[test]
fn a_struct_name_that_is_not_utf8_mangles_as_its_bytes() {
    let (mut ctx, m, s) = struct_named_ff();
    let want: &[u8] = b"llvm.ssa.copy.s_s\xFFts";
    assert_eq!(
        ctx.intrinsic_name_bytes(IntrinsicId::SSA_COPY, &[s], m, None),
        want
    );
    let c = ctx.intrinsic_declaration(m, IntrinsicId::SSA_COPY, &[s]);
    assert_eq!(ctx.name_bytes(c), Some(want));
    assert_eq!(ctx.intrinsic_id(c), Some(IntrinsicId::SSA_COPY));
    let again = ctx.intrinsic_declaration(m, IntrinsicId::SSA_COPY, &[s]);
    assert_eq!(again, c);
}

#[test]
#[should_panic(
    expected = "Context::intrinsic_name: the name of llvm.ssa.copy is not UTF-8 \
                           (llvm.ssa.copy.s_s\\FFts): use intrinsic_name_bytes"
)]
fn a_name_that_is_not_utf8_is_not_text() {
    let (mut ctx, m, s) = struct_named_ff();
    ctx.intrinsic_name(IntrinsicId::SSA_COPY, &[s], m, None);
}

#[test]
#[should_panic(expected = "is taken by a global that is not a")]
fn a_name_taken_by_a_variable_is_refused() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i8t = ctx.i8_type();
    ctx.add_global_var(m, "llvm.umax.i8", i8t, 0);
    ctx.intrinsic_declaration(m, IntrinsicId::UMAX, &[i8t]);
}

#[test]
#[should_panic(expected = "needs overload type 0, given 0")]
fn missing_overload_types_are_refused() {
    let mut ctx = Context::new();
    ctx.intrinsic_type(IntrinsicId::UMAX, &[]);
}

#[test]
fn the_builder_calls_intrinsics() {
    use lair::builder::Builder;
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[i32t, i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let entry = ctx.append_block(f, "entry");
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let mut b = Builder::at_end(&mut ctx, entry);
    let r = b.call_intrinsic(IntrinsicId::SMAX, &[i32t], &[x, y]);
    b.ret(Some(r));
    let text = verified::text(&ctx, m);
    assert!(
        text.contains("%2 = call i32 @llvm.smax.i32(i32 %0, i32 %1)"),
        "{text}"
    );
    assert!(
        text.contains("declare i32 @llvm.smax.i32(i32, i32) #0"),
        "{text}"
    );
    assert!(text.contains("attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }"), "{text}");
}

#[test]
fn parsed_declarations_get_the_intrinsic_attributes() {
    let mut ctx = Context::new();
    let src = "declare i32 @llvm.umax.i64(i32, i32) noinline \"a\"\n\
               declare void @llvm.other(i32) noinline\n";
    let m = ctx.parse_assembly(src, "t.ll").unwrap();
    let names: Vec<&str> = ctx.functions(m).map(|f| ctx.name_of(f).unwrap()).collect();
    // The wrong suffix is remangled, the unknown name kept with its own.
    assert_eq!(names, ["llvm.other", "llvm.umax.i32"]);
    let umax = Function(ctx.global_by_name(m, "llvm.umax.i32").unwrap());
    assert_eq!(
        ctx.function_data(umax)
            .attrs
            .fn_attrs()
            .display_group(&ctx)
            .to_string(),
        "nocallback nofree nosync nounwind speculatable willreturn memory(none)"
    );
    let other = Function(ctx.global_by_name(m, "llvm.other").unwrap());
    assert_eq!(
        ctx.function_data(other)
            .attrs
            .fn_attrs()
            .display_group(&ctx)
            .to_string(),
        "noinline"
    );
}
