//! The linker against llvm-link-19: every case folder of tests/data/link
//! (hand-written modules, one linkage or type-mapping rule each) linked in
//! sort order must print exactly what `llvm-link-19 -S` printed
//! (`expected.txt`, ModuleID line aside) with the same warnings, or fail
//! with LLVM's error (`expected.stderr`). `scripts/link-table.sh`
//! re-derives the expectations; `.ci/run` runs it with `--check`.

use lair::linker::{Linker, SourceStructs};
use lair::Context;
use std::fs;
use std::path::Path;

/// Links the case's modules as llvm-link does; returns the printed module
/// (or `None` on error) and the diagnostics as llvm-link prints them.
fn link_case(dir: &Path) -> (Option<String>, String) {
    let mut files: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".ll"))
        .collect();
    files.sort();
    let mut ctx = Context::new();
    let dst = ctx.create_module("llvm-link");
    let mut linker = Linker::new(&ctx, dst);
    let mut diag = String::new();
    for f in &files {
        let text = fs::read_to_string(dir.join(f)).unwrap();
        let m = ctx.parse_assembly(&text, f).unwrap();
        match linker.link_in(&mut ctx, m, SourceStructs::Used) {
            Ok(ws) => {
                for w in ws {
                    diag.push_str(&format!("warning: {w}\n"));
                }
            }
            Err(e) => {
                diag.push_str(&format!("error: {e}\n"));
                return (None, diag);
            }
        }
    }
    let text = ctx.print_module(dst);
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("; ModuleID"))
        .map(|l| format!("{l}\n"))
        .collect();
    (Some(body), diag)
}

#[test]
fn cases_agree_with_llvm_link_19() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/link");
    let mut dirs: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 15, "link cases: {}", dirs.len());
    let mut failures = Vec::new();
    for d in &dirs {
        let name = d.file_name().unwrap().to_string_lossy().into_owned();
        let (out, diag) = link_case(d);
        let want_err = fs::read_to_string(d.join("expected.stderr")).unwrap();
        // llvm-link's stderr ends with the newline the script adds.
        if diag.trim_end() != want_err.trim_end() {
            failures.push(format!(
                "{name}: diagnostics\n--- lair\n{diag}--- llvm-link-19\n{want_err}"
            ));
        }
        match (out, fs::read_to_string(d.join("expected.txt")).ok()) {
            (Some(o), Some(w)) if o.trim_end() != w.trim_end() => {
                failures.push(format!(
                    "{name}: module\n--- lair\n{o}--- llvm-link-19\n{w}"
                ));
            }
            (Some(_), None) => failures.push(format!("{name}: linked, llvm-link-19 refuses")),
            (None, Some(_)) => failures.push(format!("{name}: refused, llvm-link-19 links")),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
