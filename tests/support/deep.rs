//! Deeply nested modules, built as text: each kind nests one construct
//! `n` levels deep in text linear in `n` (shared by `tests/nesting.rs` and
//! `examples/deep_ll.rs`, which `.ci/run` feeds to the LLVM 19 oracles).

use std::fmt::Write;

/// The kinds of [`deep_module`], each a construct whose depth the input
/// decides.
pub const KINDS: &[&str] = &[
    "array-type",
    "struct-type",
    "named-struct-const",
    "const-expr",
    "md-node",
    "di-scope",
];

/// A module nesting `kind` (one of [`KINDS`]) `n` levels deep.
pub fn deep_module(kind: &str, n: usize) -> String {
    let mut s = String::new();
    match kind {
        // `[1 x [1 x ... i8]]` as a global's type, a parameter's and an
        // instruction's.
        "array-type" => {
            let t = format!("{}i8{}", "[1 x ".repeat(n), "]".repeat(n));
            writeln!(s, "@g = global {t} zeroinitializer").unwrap();
            writeln!(
                s,
                "define void @f({t} %a, ptr %p) {{\n  store {t} %a, ptr %p\n  \
                 %l = load {t}, ptr @g\n  ret void\n}}"
            )
            .unwrap();
        }
        // `{ { ... i8 } }`: literal structs.
        "struct-type" => {
            let t = format!("{}i8{}", "{ ".repeat(n), " }".repeat(n));
            writeln!(s, "@g = global {t} zeroinitializer").unwrap();
            writeln!(
                s,
                "define {t} @f(ptr %p) {{\n  %l = load {t}, ptr %p\n  ret {t} %l\n}}"
            )
            .unwrap();
        }
        // `%Tk = type { %Tk-1 }` and a constant of `%Tn-1` nesting n
        // aggregates (named types keep the text linear).
        "named-struct-const" => {
            writeln!(s, "%T0 = type {{ i8, ptr }}").unwrap();
            for i in 1..n {
                writeln!(s, "%T{i} = type {{ %T{} }}", i - 1).unwrap();
            }
            let mut c = String::new();
            for i in (0..n).rev() {
                write!(c, "%T{i} {{ ").unwrap();
            }
            c.push_str("i8 1, ptr @g");
            c.push_str(&" }".repeat(n));
            writeln!(s, "@g = global {c}").unwrap();
            writeln!(
                s,
                "define void @f(ptr %p) {{\n  store {c}, ptr %p\n  ret void\n}}"
            )
            .unwrap();
        }
        // `getelementptr (i8, ptr getelementptr (... ptr @x ...), i64 k)`
        // (LLVM 19 folds neither the chain nor its indices).
        "const-expr" => {
            let mut c = "ptr getelementptr (i8, ".repeat(n);
            c.push_str("ptr @x");
            for i in 0..n {
                write!(c, ", i64 {})", i + 1).unwrap();
            }
            writeln!(s, "@x = global i8 0\n@g = global {c}").unwrap();
            writeln!(
                s,
                "define ptr @f() {{\n  %r = getelementptr i8, {c}, i64 1\n  ret ptr %r\n}}"
            )
            .unwrap();
        }
        // `!{!{... !"a"}}`: inline nested metadata tuples.
        "md-node" => {
            writeln!(s, "!n = !{{!0}}").unwrap();
            writeln!(s, "!0 = {}!\"a\"{}", "!{".repeat(n), "}".repeat(n)).unwrap();
            writeln!(
                s,
                "define void @f() {{\n  ret void, !m {}!{{}}{}\n}}",
                "!{".repeat(n),
                "}".repeat(n)
            )
            .unwrap();
        }
        // A `!DILocation` whose scope is n inline `!DILexicalBlock`s.
        "di-scope" => {
            let mut sc = String::new();
            for _ in 0..n {
                sc.push_str("!DILexicalBlock(scope: ");
            }
            sc.push_str("!3");
            for i in 0..n {
                write!(sc, ", file: !2, line: {})", i + 1).unwrap();
            }
            writeln!(
                s,
                "define void @f() !dbg !3 {{\n  ret void, !dbg !DILocation(line: 1, scope: {sc})\n}}"
            )
            .unwrap();
            s.push_str(
                "!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!5}\n\
                 !1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n\
                 !2 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
                 !3 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !1)\n\
                 !4 = !DISubroutineType(types: !{})\n\
                 !5 = !{i32 2, !\"Debug Info Version\", i32 3}\n",
            );
        }
        _ => panic!("deep_module: unknown kind {kind}"),
    }
    s
}
