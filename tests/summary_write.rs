//! ThinLTO summaries written to bitcode (`bitcode/write/summary.rs`): the
//! index parsed from a `.ll` file, written as `llvm-as-19` writes it (a
//! per-module summary in the module, or a combined index file when the
//! module has no function and no global variable), reads back as the
//! index that was written, less what LLVM's writer leaves out. `.ci/run`
//! checks the bytes against `llvm-as-19` (`oracle-as.sh` on the summary
//! modules and on `llvm-dis-19` text of `tests/data/thinlto`).

use lair::asm::parse::parse_module;
use lair::bitcode::{read_bitcode_named, write_bitcode, WriteOptions};
use lair::ir::summary::{guid, AllocType, SummaryIndex, SummaryKind};
use lair::Context;
use std::path::Path;

fn ll(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ll")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// Parses `src`, writes it, reads it back as `path`: the parsed index,
/// the read index and the bytes.
fn round_trip(src: &str, path: &str) -> (SummaryIndex, SummaryIndex, Vec<u8>) {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "t.ll").unwrap();
    let parsed = ctx.module(m).summary.as_deref().cloned().unwrap();
    let mut bytes = Vec::new();
    write_bitcode(&ctx, m, &mut bytes, &WriteOptions::llvm_as()).unwrap();
    let mut ctx2 = Context::new();
    let m2 = read_bitcode_named(&mut ctx2, &bytes, path).unwrap();
    let read = ctx2.module(m2).summary.as_deref().cloned().unwrap();
    (parsed, read, bytes)
}

#[test]
fn per_module_summary_reads_back() {
    let (parsed, read, _) = round_trip(&ll("thinlto-c.ll"), "thinlto-c.bc");
    // Every entry, field by field (llvm-as writes no module hash).
    assert_eq!(read.values, parsed.values);
    assert_eq!(read.modules["thinlto-c.bc"], [0; 5]);
    assert_eq!(read.block_count, parsed.block_count);
}

#[test]
fn per_module_summary_drops_what_llvm_does_not_write() {
    let (parsed, read, _) = round_trip(&ll("summary.ll"), "summary.bc");
    let main = |ix: &SummaryIndex| {
        let s = &ix.values[&guid("main_fn")].summaries[0];
        match &s.kind {
            SummaryKind::Function(f) => (s.refs.clone(), (**f).clone()),
            _ => panic!("main_fn is a function"),
        }
    };
    let (prefs, pf) = main(&parsed);
    let (rrefs, rf) = main(&read);
    assert_eq!(rrefs, prefs);
    // Relative block frequencies, callsite clones and allocation versions
    // are not written in a per-module summary.
    assert_eq!(pf.calls[1].rel_block_freq, 256);
    assert_eq!(rf.calls[1].rel_block_freq, 0);
    assert_eq!(rf.calls[0], pf.calls[0]);
    assert_eq!(rf.callsites[0].clones, [0]);
    assert_eq!(rf.allocs[0].versions, [AllocType::None]);
    assert_eq!(rf.allocs[0].mibs, pf.allocs[0].mibs);
    assert_eq!(rf.params, pf.params);
    assert_eq!(rf.type_tests, pf.type_tests);
    assert_eq!(
        rf.type_test_assume_const_vcalls,
        pf.type_test_assume_const_vcalls
    );
    // Type id summaries are not written; vtable compatibility is.
    assert!(read.type_ids.is_empty() && !parsed.type_ids.is_empty());
    assert_eq!(read.vtables, parsed.vtables);
    // Of the index flags, only split LTO unit and unified LTO.
    assert_eq!(read.flags, 8);
    assert_eq!(read.stack_ids, [1, 2, 3, 5, 6, 7]);
}

#[test]
fn combined_index_reads_back() {
    let (parsed, read, bytes) = round_trip(&ll("summary-combined.ll"), "x.bc");
    // No identification block: the module block comes first.
    assert_eq!(&bytes[..4], b"BC\xc0\xde");
    assert_eq!(read.modules, parsed.modules);
    assert_eq!(read.values, parsed.values);
    assert_eq!(read.type_ids, parsed.type_ids);
    assert_eq!(
        (read.flags, read.block_count),
        (parsed.flags, parsed.block_count)
    );
}

#[test]
fn summaries_llvm_as_cannot_write_are_errors() {
    // A variable reference to a GUID no global of the module has (LLVM
    // reads a null value there).
    let src = "@v = global ptr null\n\
        ^0 = module: (path: \"a.o\", hash: (0, 0, 0, 0, 0))\n\
        ^1 = gv: (name: \"v\", summaries: (variable: (module: ^0, flags: (linkage: external), varFlags: (readonly: 0, writeonly: 0, constant: 0), refs: (^2))))\n\
        ^2 = gv: (guid: 42)\n";
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "t.ll").unwrap();
    let mut bytes = Vec::new();
    let e = write_bitcode(&ctx, m, &mut bytes, &WriteOptions::llvm_as()).unwrap_err();
    assert!(e.message.contains("@v") && e.message.contains("42"), "{e}");
    // A function summary on a variable.
    let src = "@v = global i32 0\n\
        ^0 = module: (path: \"a.o\", hash: (0, 0, 0, 0, 0))\n\
        ^1 = gv: (name: \"v\", summaries: (function: (module: ^0, flags: (linkage: external), insts: 1)))\n";
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, "t.ll").unwrap();
    let e = write_bitcode(&ctx, m, &mut bytes, &WriteOptions::llvm_as()).unwrap_err();
    assert!(e.message.contains("not a variable summary"), "{e}");
}
