//! ThinLTO summary entries (`^N = ...`): kept in the module's
//! `SummaryIndex`, printed back after everything else as LLVM 19 prints
//! them. Checked: the index read from the hand-written
//! `tests/data/ll/summary.ll` field by field; printing then reading gives
//! the same index (for every file with a summary); the `^` lines printed
//! for llvm-dis-19 output (clang-19 `-flto=thin` modules) are that output's
//! own lines; and, when LLVM 19 is installed, they are what `llvm-as-19 -d`
//! (LLVM's printer on the index LLVM's parser built) prints, and what
//! llvm-dis-19 prints for corpus modules given a summary by
//! `opt-19 -module-summary`.

use lair::asm::parse::{parse_module, parse_module_bytes};
use lair::ir::global::Linkage;
use lair::ir::summary::{global_identifier, guid, Access, Hotness, Ref, SummaryIndex, SummaryKind};
use lair::Context;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM: &str = "/usr/lib/llvm-19/bin";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ll")
        .join(name)
}

/// Parses a file; its summary index and its print.
fn read(path: &Path) -> (Option<SummaryIndex>, String) {
    let src = std::fs::read(path).unwrap();
    let mut ctx = Context::new();
    let m = parse_module_bytes(&mut ctx, &src, &path.to_string_lossy())
        .unwrap_or_else(|e| panic!("{e}"));
    let ix = ctx.module(m).summary.as_deref().cloned();
    (ix, ctx.print_module(m))
}

fn read_src(src: &str, name: &str) -> (Option<SummaryIndex>, String) {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, name).unwrap_or_else(|e| panic!("{e}"));
    let ix = ctx.module(m).summary.as_deref().cloned();
    (ix, ctx.print_module(m))
}

fn summary_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with('^')).collect()
}

#[test]
fn index_fields_as_read() {
    let (ix, _) = read(&data("summary.ll"));
    let ix = ix.expect("a summary");
    // Modules by path.
    let paths: Vec<&str> = ix.modules.keys().map(|p| p.as_str()).collect();
    assert_eq!(paths, ["a.o", "b.o"]);
    assert_eq!(ix.modules["a.o"], [6, 7, 8, 9, 10]);
    // GUIDs: a local name is qualified by the source file name.
    let impl_g = guid(global_identifier("impl", Linkage::Internal, "summary.c"));
    let counter = guid("summary.c;counter");
    let (main, table, vt, ext, al) = (
        guid("main_fn"),
        guid("table"),
        guid("vt"),
        guid("ext"),
        guid("al"),
    );
    for g in [impl_g, counter, main, table, vt, ext, al] {
        assert!(ix.values.contains_key(&g), "{g}");
    }
    assert_eq!(ix.values.len(), 7);
    assert!(ix.values[&ext].summaries.is_empty());
    assert_eq!(ix.values[&ext].name.as_deref(), Some(&b"ext"[..]));
    let m = &ix.values[&main].summaries[0];
    assert_eq!(m.module, "b.o");
    assert!(!m.flags.import_declaration && m.flags.dso_local);
    // Refs: plain, then read-only, then write-only.
    assert_eq!(
        m.refs,
        vec![
            Ref {
                guid: table,
                access: Access::Plain
            },
            Ref {
                guid: vt,
                access: Access::ReadOnly
            },
            Ref {
                guid: counter,
                access: Access::WriteOnly
            },
        ]
    );
    let SummaryKind::Function(f) = &m.kind else {
        panic!("function")
    };
    assert_eq!(f.insts, 12);
    assert!(f.flags.no_recurse && f.flags.has_unknown_call && !f.flags.read_none);
    let calls: Vec<(u64, Hotness, u32, bool)> = f
        .calls
        .iter()
        .map(|c| (c.callee, c.hotness, c.rel_block_freq, c.tail))
        .collect();
    assert_eq!(
        calls,
        vec![
            (impl_g, Hotness::Hot, 0, true),
            (ext, Hotness::Unknown, 256, false),
            (impl_g, Hotness::Unknown, 0, false)
        ]
    );
    // Type ids by GUID, whether named by `^N` or written as a number.
    assert_eq!(f.type_tests, vec![guid("_ZTS1A"), 1234]);
    assert_eq!(f.type_test_assume_vcalls[0].guid, guid("_ZTS1A"));
    assert_eq!(f.type_checked_load_vcalls[0].guid, 77);
    assert_eq!(
        f.type_test_assume_const_vcalls[0].vfunc.guid,
        guid("_ZTS1C")
    );
    assert_eq!(f.type_test_assume_const_vcalls[0].args, vec![1, 2]);
    assert_eq!(f.params.len(), 2);
    assert_eq!(f.params[0].calls[0].callee, impl_g);
    assert_eq!(f.params[0].calls[0].offsets.inclusive(), (-4, 12));
    assert_eq!(f.callsites[1].callee, None);
    assert_eq!(f.allocs[0].mibs[1].stack_ids, vec![3]);
    // The alias names its aliasee by GUID.
    let a = &ix.values[&al].summaries[0];
    assert_eq!(a.kind, SummaryKind::Alias { aliasee: impl_g });
    let SummaryKind::Variable(v) = &ix.values[&vt].summaries[0].kind else {
        panic!("variable")
    };
    assert_eq!(v.vtable_funcs[0].func, impl_g);
    assert_eq!(v.vcall_visibility, 1);
    // Type ids ordered by GUID; vtables by name.
    let tids: Vec<&str> = ix.type_ids.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(tids, ["_ZTS1C", "_ZTS1A"]);
    assert!(ix.type_ids.windows(2).all(|w| w[0].guid <= w[1].guid));
    let a_tid = &ix.type_ids[1].summary;
    assert_eq!(a_tid.test_res.bit_mask, 5);
    assert_eq!(a_tid.wpd.keys().copied().collect::<Vec<_>>(), vec![0, 8]);
    assert_eq!(a_tid.wpd[&0].single_impl_name, "_ZN1A1fEi");
    assert_eq!(
        ix.vtables.keys().map(|k| k.as_str()).collect::<Vec<_>>(),
        ["_ZTS1A", "_ZTS1B"]
    );
    assert!(ix.vtables["_ZTS1B"].iter().all(|r| r.vtable == vt));
    assert_eq!((ix.flags, ix.block_count), (8, 1234));
}

#[test]
fn a_module_without_entries_has_no_summary() {
    let (ix, text) = read_src("define void @f() {\n  ret void\n}\n", "n.ll");
    assert!(ix.is_none());
    assert!(summary_lines(&text).is_empty());
    let (ix, text) = read_src("^0 = blockcount: 0\n", "b.ll");
    assert_eq!(ix, Some(SummaryIndex::default()));
    assert_eq!(summary_lines(&text), ["^0 = blockcount: 0"]);
}

#[test]
fn printing_then_reading_gives_the_same_index() {
    let mut n = 0;
    for e in std::fs::read_dir(data("")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "ll") {
            continue;
        }
        let (ix, text) = read(&p);
        let Some(ix) = ix else { continue };
        let (again, text2) = read_src(&text, &p.to_string_lossy());
        assert_eq!(Some(&ix), again.as_ref(), "{}", p.display());
        assert_eq!(summary_lines(&text), summary_lines(&text2));
        n += 1;
    }
    assert!(n >= 4, "{n} files with a summary");
}

#[test]
fn llvm_dis_summaries_print_unchanged() {
    // clang-19 -flto=thin -O2 -c, then llvm-dis-19 (the C++ one with
    // -fwhole-program-vtables -fno-split-lto-unit: vtables, type ids).
    for f in ["thinlto-c.ll", "thinlto-cpp.ll"] {
        let src = std::fs::read_to_string(data(f)).unwrap();
        let (_, text) = read_src(&src, f);
        assert_eq!(summary_lines(&text), summary_lines(&src), "{f}");
        assert!(summary_lines(&src).len() > 10);
    }
}

#[test]
fn printed_as_llvm_as_dump_prints_it() {
    let tool = Path::new(LLVM).join("llvm-as");
    if !tool.exists() {
        return;
    }
    // `llvm-as -d` prints the index its parser built; it cannot print
    // entries given only by GUID (it crashes), so summary.ll has none.
    for f in [
        "summary.ll",
        "summary-redefined.ll",
        "thinlto-c.ll",
        "thinlto-cpp.ll",
    ] {
        let out = Command::new(&tool)
            .arg("-d")
            .arg(data(f))
            .arg("-o")
            .arg("/dev/null")
            .output()
            .unwrap();
        assert!(out.status.success(), "{f}: llvm-as -d failed");
        let theirs = String::from_utf8_lossy(&out.stderr).into_owned();
        let (_, ours) = read(&data(f));
        assert_eq!(summary_lines(&ours), summary_lines(&theirs), "{f}");
    }
}

#[test]
fn opt_module_summary_of_corpus_modules_prints_unchanged() {
    // `opt-19 -module-summary` gives corpus modules a summary; llvm-dis-19
    // prints it; lair reads that and prints the `^` lines `llvm-as-19 |
    // llvm-dis-19` prints.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let opt = Path::new(LLVM).join("opt");
    if !opt.exists() || !corpus.exists() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("lair-summary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["stress-3.ll", "stress-10.ll", "zlib-O2.ll"] {
        let src = corpus.join(f);
        if !src.exists() {
            continue;
        }
        let bc = dir.join("m.bc");
        let ll = dir.join("m.ll");
        let ok = Command::new(&opt)
            .arg("-module-summary")
            .arg(&src)
            .arg("-o")
            .arg(&bc)
            .status()
            .unwrap()
            .success();
        assert!(ok, "{f}: opt -module-summary failed");
        let ok = Command::new(Path::new(LLVM).join("llvm-dis"))
            .arg(&bc)
            .arg("-o")
            .arg(&ll)
            .status()
            .unwrap()
            .success();
        assert!(ok, "{f}: llvm-dis failed");
        let text = std::fs::read_to_string(&ll).unwrap();
        let (ix, ours) = read_src(&text, f);
        assert!(ix.is_some_and(|ix| !ix.values.is_empty()), "{f}");
        // What `llvm-as | llvm-dis` prints of that text (LLParser's unstable
        // sort reorders reference lists longer than 16); the module line
        // aside, whose hash llvm-as does not write.
        let ok = Command::new(Path::new(LLVM).join("llvm-as"))
            .arg(&ll)
            .arg("-o")
            .arg(&bc)
            .status()
            .unwrap()
            .success();
        assert!(ok, "{f}: llvm-as failed");
        let out = Command::new(Path::new(LLVM).join("llvm-dis"))
            .arg(&bc)
            .arg("-o")
            .arg("-")
            .output()
            .unwrap();
        let theirs = String::from_utf8(out.stdout).unwrap();
        let entries = |t: &str| -> Vec<String> {
            summary_lines(t)
                .into_iter()
                .filter(|l| !l.contains(" = module: "))
                .map(String::from)
                .collect()
        };
        assert_eq!(entries(&ours), entries(&theirs), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Non-UTF-8 global names: the GUIDs hash the raw bytes (values from
/// `opt-19 -module-summary` + `llvm-dis-19` of this module), and writing
/// the summary to bitcode and reading it back gives the same text.
#[test]
fn byte_names_hash_their_bytes_and_survive_bitcode() {
    use lair::bitcode::{read_bitcode_named, write_bitcode, WriteOptions};
    let src = r#"source_filename = "a.c"

define void @"\FF"() {
  call void @"g\FC"()
  ret void
}

define internal void @"\FD"() {
  ret void
}

define void @"g\FC"() {
  call void @"\FD"()
  ret void
}

^0 = module: (path: "a.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "\FF", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 2, calls: ((callee: ^3))))) ; guid = 4585838651103992064
^2 = gv: (name: "\FD", summaries: (function: (module: ^0, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1))) ; guid = 12068482622562058047
^3 = gv: (name: "g\FC", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 2, calls: ((callee: ^2))))) ; guid = 13058654725439012419
^4 = blockcount: 0
"#;
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "a.ll").unwrap_or_else(|e| panic!("{e}"));
    let ix = ctx
        .module(m)
        .summary
        .as_deref()
        .cloned()
        .expect("a summary");
    let mut guids: Vec<u64> = ix.values.keys().copied().collect();
    guids.sort_unstable();
    assert_eq!(
        guids,
        [
            4585838651103992064,
            12068482622562058047,
            13058654725439012419
        ]
    );
    let printed = ctx.print_module(m);
    let mut bc = Vec::new();
    write_bitcode(&ctx, m, &mut bc, &WriteOptions::llvm_as())
        .unwrap_or_else(|e| panic!("writing the summary of byte names: {e}"));
    let mut back = Context::new();
    let m2 = read_bitcode_named(&mut back, &bc, "a.bc").unwrap_or_else(|e| panic!("{e}"));
    let reread = back.print_module(m2);
    // The first line names the module's file.
    assert_eq!(
        printed.split_once('\n').unwrap().1,
        reread.split_once('\n').unwrap().1
    );
}
