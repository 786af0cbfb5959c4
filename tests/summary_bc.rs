//! ThinLTO summaries read from bitcode (`bitcode/read/summary.rs`): the
//! index of clang-19 `-flto=thin` output, of an `llvm-lto --thinlto`
//! combined index and of an `llvm-lto2` distributed index, field by field
//! (the committed `tests/data/thinlto`, made by `scripts/thinlto-data.sh`;
//! `.ci/run` checks the whole print against `llvm-dis-19`); and malformed
//! summary records, which must give an error naming the summary block and
//! the record, never a panic or an allocation sized by a count field.

use lair::bitcode::{read_bitcode_named, BitcodeError};
use lair::bitstream::{names as n, Writer};
use lair::ir::summary::{guid, Access, SummaryIndex, SummaryKind, TypeTestKind, WpdKind};
use lair::Context;
use std::path::Path;

fn read(name: &str) -> SummaryIndex {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/thinlto")
        .join(name);
    let bytes = std::fs::read(&path).unwrap();
    let mut ctx = Context::new();
    let m = read_bitcode_named(&mut ctx, &bytes, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let ix = ctx.module(m).summary.as_deref().cloned();
    ix.unwrap_or_else(|| panic!("{name}: no summary read"))
}

#[test]
fn per_module_summary_of_clang_thin_lto() {
    let ix = read("a.bc");
    assert!(ix.llvm_dis_text);
    assert_eq!(
        ix.modules.get("a.bc"),
        Some(&[819628389, 2738384948, 500483730, 2637233748, 1744467354])
    );
    // Every global has an entry, by name; `h` is only declared.
    let names: Vec<_> = ix.values.values().map(|e| e.name.as_deref()).collect();
    assert_eq!(
        names,
        [
            Some(&b"foo"[..]),
            Some(&b"h"[..]),
            Some(&b"s"[..]),
            Some(&b"g"[..]),
            Some(&b"bar"[..]),
        ]
    );
    let h = &ix.values[&guid("h")];
    assert!(h.summaries.is_empty());
    // `s` is internal: its GUID is of `a.c;s`.
    assert!(ix.values.contains_key(&guid("a.c;s")));
    let foo = &ix.values[&guid("foo")].summaries[0];
    assert_eq!(foo.module, "a.bc");
    assert!(foo.flags.dso_local && !foo.flags.live);
    let accesses: Vec<_> = foo.refs.iter().map(|r| (r.guid, r.access)).collect();
    assert_eq!(
        accesses,
        [
            (guid("a.c;s"), Access::Plain),
            (guid("g"), Access::ReadOnly)
        ]
    );
    let SummaryKind::Function(f) = &foo.kind else {
        panic!("foo is a function")
    };
    assert_eq!(f.insts, 7);
    assert!(f.flags.no_unwind && !f.flags.read_none);
    assert_eq!(f.calls.len(), 1);
    assert_eq!(f.calls[0].callee, guid("h"));
    assert!(f.calls[0].tail);
    let SummaryKind::Variable(v) = &ix.values[&guid("g")].summaries[0].kind else {
        panic!("g is a variable")
    };
    assert!(v.read_only && v.write_only && !v.constant);
    assert_eq!((ix.flags, ix.block_count), (0, 0));
}

#[test]
fn combined_index_of_llvm_lto() {
    let ix = read("combined.thinlto.bc");
    let paths: Vec<_> = ix.modules.keys().map(String::as_str).collect();
    assert_eq!(paths, ["a.bc", "b.bc", "dbg.bc", "wpd-0.bc"]);
    // Values by GUID only, each summary in the module that defines it.
    assert!(ix.values.values().all(|e| e.name.is_none()));
    let main = &ix.values[&guid("main")].summaries;
    assert_eq!(main.len(), 1);
    assert_eq!(main[0].module, "b.bc");
    let SummaryKind::Function(f) = &main[0].kind else {
        panic!("main is a function")
    };
    assert_eq!(f.calls[0].callee, guid("foo"));
}

#[test]
fn distributed_index_with_devirtualization_resolutions() {
    let ix = read("wpd-dist.thinlto.bc");
    assert_eq!(ix.flags, 233);
    assert_eq!(ix.type_ids.len(), 1);
    let t = &ix.type_ids[0];
    assert_eq!((t.name.as_str(), t.guid), ("_ZTS1A", guid("_ZTS1A")));
    assert_eq!(t.summary.test_res.kind, TypeTestKind::Unknown);
    let offsets: Vec<_> = t.summary.wpd.keys().copied().collect();
    assert_eq!(offsets, [0, 8]);
    assert_eq!(t.summary.wpd[&0].kind, WpdKind::Indir);
    assert!(t.summary.wpd[&0].res_by_arg.contains_key(&vec![3]));
    // The alias's aliasee has a summary in the alias's module.
    let alias = ix
        .values
        .values()
        .flat_map(|e| &e.summaries)
        .find_map(|s| match s.kind {
            SummaryKind::Alias { aliasee } => Some(aliasee),
            _ => None,
        })
        .expect("an alias summary");
    assert!(!ix.values[&alias].summaries.is_empty());
}

#[test]
fn vtable_and_type_test_records_of_devirtualization_and_cfi() {
    let ix = read("wpd-index-only.bc");
    assert_eq!(ix.vtables["_ZTS1A"].len(), 2);
    let vt = ix
        .values
        .values()
        .flat_map(|e| &e.summaries)
        .find_map(|s| match &s.kind {
            SummaryKind::Variable(v) if !v.vtable_funcs.is_empty() => Some(v),
            _ => None,
        })
        .expect("a vtable summary with its virtual functions");
    assert!(vt.constant);
    // CFI: the indirect call's type test.
    let cfi = read("cfi-0.bc");
    let SummaryKind::Function(apply) = &cfi.values[&guid("apply")].summaries[0].kind else {
        panic!("apply is a function")
    };
    assert_eq!(apply.type_tests.len(), 1);
}

/// A module block holding a source file name and one summary block with
/// the version record and `records`.
fn summary_module(records: &[(u32, Vec<u64>)]) -> Vec<u8> {
    let mut w = Writer::new();
    w.emit_bitcode_magic();
    w.enter_block(n::MODULE_BLOCK_ID, 3).unwrap();
    w.emit_unabbrev_record(n::MODULE_CODE_VERSION, &[2])
        .unwrap();
    w.emit_unabbrev_record(n::MODULE_CODE_SOURCE_FILENAME, &[b'x' as u64])
        .unwrap();
    w.enter_block(n::GLOBALVAL_SUMMARY_BLOCK_ID, 4).unwrap();
    w.emit_unabbrev_record(n::FS_VERSION, &[10]).unwrap();
    for (code, vals) in records {
        w.emit_unabbrev_record(*code, vals).unwrap();
    }
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    w.finish()
}

fn read_err(bytes: &[u8]) -> BitcodeError {
    let mut ctx = Context::new();
    match read_bitcode_named(&mut ctx, bytes, "t.bc") {
        Ok(_) => panic!("malformed summary read without an error"),
        Err(e) => e,
    }
}

#[test]
fn malformed_summary_records_are_errors_naming_the_record() {
    let cases: &[(u32, Vec<u64>, &str)] = &[
        (n::FS_PERMODULE, vec![0, 0], "record ends"),
        // A value id no global has.
        (n::FS_PERMODULE, vec![0, 0, 1, 0, 0, 0, 0], "names no value"),
        // A reference count far beyond the record (no allocation by it).
        (
            n::FS_PERMODULE_PROFILE,
            vec![0, 0, 1, 0, 1 << 40, 0, 0],
            "are counted",
        ),
        (n::FS_COMBINED, vec![1, 0, 0, 0, 0, 0, 0, 0, 0], "names no"),
        (n::FS_TYPE_TEST_ASSUME_VCALLS, vec![1, 2, 3], "odd number"),
        (n::FS_PARAM_ACCESS, vec![0, 4, 4, 0], "invalid parameter"),
        (n::FS_TYPE_ID, vec![0, 1, 0], "string table"),
        (n::FS_COMBINED_ORIGINAL_NAME, vec![5], "does not follow"),
        (n::FS_PERMODULE_ALLOC_INFO, vec![1, 9, 0], "allocation type"),
        (
            n::FS_PERMODULE_ALLOC_INFO,
            vec![1, 1, 1, 0],
            "stack id index",
        ),
    ];
    for (code, vals, msg) in cases {
        let e = read_err(&summary_module(&[(*code, vals.clone())]));
        assert_eq!(e.block, Some(n::GLOBALVAL_SUMMARY_BLOCK_ID), "{e}");
        assert_eq!(e.record, Some(*code), "{e}");
        assert!(e.message.contains(msg), "{code}: {e}");
    }
    // The summary must start with its version, in LLVM 19's range.
    let mut w = Writer::new();
    w.emit_bitcode_magic();
    w.enter_block(n::MODULE_BLOCK_ID, 3).unwrap();
    w.emit_unabbrev_record(n::MODULE_CODE_VERSION, &[2])
        .unwrap();
    w.enter_block(n::GLOBALVAL_SUMMARY_BLOCK_ID, 4).unwrap();
    w.emit_unabbrev_record(n::FS_VERSION, &[11]).unwrap();
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    let e = read_err(&w.finish());
    assert!(e.message.contains("summary version 11"), "{e}");
}

#[test]
fn short_and_huge_summary_records_never_panic() {
    // Every record code LLVM 19 defines, with few fields and with large
    // ones: read, or refused with an error.
    for code in 1..=31 {
        for len in 0..8 {
            for fill in [0u64, 1, 7, u64::MAX, 1 << 40] {
                let vals = vec![fill; len];
                let bytes = summary_module(&[(code, vals)]);
                let mut ctx = Context::new();
                let _ = read_bitcode_named(&mut ctx, &bytes, "t.bc");
            }
        }
    }
}
