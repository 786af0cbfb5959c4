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
/// as bytes, as llvm-link writes it (or `None` on error), and the
/// diagnostics as llvm-link prints them (bytes: a triple in a warning is
/// written raw).
fn link_case(dir: &Path) -> (Option<Vec<u8>>, Vec<u8>) {
    let mut files: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".ll"))
        .collect();
    files.sort();
    let mut ctx = Context::new();
    let dst = ctx.create_module("llvm-link");
    let mut linker = Linker::new(&ctx, dst);
    let mut diag = Vec::new();
    for f in &files {
        let text = fs::read_to_string(dir.join(f)).unwrap();
        let m = ctx.parse_assembly(&text, f).unwrap();
        match linker.link_in(&mut ctx, m, SourceStructs::Used) {
            Ok(ws) => {
                for w in ws {
                    diag.extend_from_slice(b"warning: ");
                    diag.extend_from_slice(w.as_bytes());
                    diag.push(b'\n');
                }
            }
            Err(e) => {
                diag.extend_from_slice(format!("error: {e}\n").as_bytes());
                return (None, diag);
            }
        }
    }
    let text = ctx.print_module_bytes(dst);
    let mut body = Vec::with_capacity(text.len());
    for l in text.split_inclusive(|&c| c == b'\n') {
        if !l.starts_with(b"; ModuleID") {
            body.extend_from_slice(l);
        }
    }
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
        let want_err = fs::read(d.join("expected.stderr")).unwrap();
        // llvm-link's stderr ends with the newline the script adds.
        if diag.trim_ascii_end() != want_err.trim_ascii_end() {
            let (diag, want_err) = (
                String::from_utf8_lossy(&diag),
                String::from_utf8_lossy(&want_err),
            );
            failures.push(format!(
                "{name}: diagnostics\n--- lair\n{diag}--- llvm-link-19\n{want_err}"
            ));
        }
        match (out, fs::read(d.join("expected.txt")).ok()) {
            (Some(o), Some(w)) if o.trim_ascii_end() != w.trim_ascii_end() => {
                let (o, w) = (String::from_utf8_lossy(&o), String::from_utf8_lossy(&w));
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

/// Each case linked twice: every module parsed into the destination's
/// context, and every module parsed into a context of its own and linked
/// across contexts; both with the parser's struct creation order (what a
/// lazily read bitcode file gives). The modules must be equal (use-list
/// order aside: `; preds =` comments follow it).
#[test]
fn cross_context_equals_same_context() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/link");
    let mut dirs: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let strip = |s: String| -> String {
        s.lines()
            .map(|l| l.split("; preds = ").next().unwrap().trim_end().to_owned() + "\n")
            .collect()
    };
    let mut compared = 0;
    for d in &dirs {
        let mut files: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".ll"))
            .collect();
        files.sort();
        let texts: Vec<String> = files
            .iter()
            .map(|f| fs::read_to_string(d.join(f)).unwrap())
            .collect();
        let mut same = Context::new();
        let sd = same.create_module("llvm-link");
        let mut sl = Linker::new(&same, sd);
        let mut cross = Context::new();
        let cd = cross.create_module("llvm-link");
        let mut cl = Linker::new(&cross, cd);
        let mut ok = true;
        for (f, t) in files.iter().zip(&texts) {
            let before = same.num_identified_structs();
            let m = same.parse_assembly(t, f).unwrap();
            let created = same.identified_structs().skip(before).collect();
            let a = sl.link_in(&mut same, m, SourceStructs::Created(created));
            let mut other = Context::new();
            let om = other.parse_assembly(t, f).unwrap();
            let b = cl.link_in_from(&mut cross, &other, om);
            assert_eq!(a.is_ok(), b.is_ok(), "{}: {f}: {a:?} vs {b:?}", d.display());
            if a.is_err() {
                ok = false;
                break;
            }
        }
        if ok {
            let (a, b) = (strip(same.print_module(sd)), strip(cross.print_module(cd)));
            assert_eq!(a, b, "{}: cross-context link differs", d.display());
            compared += 1;
        }
    }
    assert!(compared >= 10, "compared {compared}");
}

/// `Context::aliasee_object` (the linker's and the irsymtab's
/// `getAliaseeObject`) on tests/data/ll/alias-addrspacecast.ll, against
/// what libLLVM 19's `GlobalAlias::getAliaseeObject` returns there (checked
/// with a libLLVM program; `.ci/run` also compares `lair as` of the file
/// with `llvm-as-19` byte for byte, whose irsymtab marks a symbol executable
/// from it).
#[test]
fn aliasee_object_is_llvm_19s() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ll/alias-addrspacecast.ll");
    let text = fs::read_to_string(&path).unwrap();
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "alias-addrspacecast.ll").unwrap();
    let got: Vec<(String, String)> = ctx
        .aliases(m)
        .map(|a| {
            let name = String::from_utf8_lossy(ctx.name_bytes(a.0).unwrap()).into_owned();
            let obj = ctx.aliasee_object(a.0).map_or("-".to_string(), |o| {
                String::from_utf8_lossy(ctx.name_bytes(o).unwrap()).into_owned()
            });
            (name, obj)
        })
        .collect();
    let want = [
        ("cast", "-"),
        ("gep", "f"),
        ("via", "f"),
        ("twice", "f"),
        ("both", "-"),
        ("sub", "-"),
        ("castg", "-"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(got, want);
}
