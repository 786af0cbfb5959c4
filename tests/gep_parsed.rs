//! Differential test against LLVM 19 through lair's own `.ll` parser: the
//! files of `tests/data/gep/parsed-llvm19.txt` (written by
//! `scripts/gep-table.sh` with `gep-oracle --all`) are parsed with
//! `lair::asm::parse::parse_module`, every GEP (instructions and constant
//! expressions) is visited in the oracle's order (global initializers, then
//! each instruction and its operands; constants pre-order, once per file,
//! global values not entered), and `accumulate_constant_offset` /
//! `collect_offset` must give LLVM's answers, GEP by GEP.
//!
//! `GEP_CORPUS_ALL=1 cargo test --release --test gep_parsed -- --ignored`
//! runs the same comparison over every `../shared/corpus/*.ll` against a
//! live `/tmp/gep-oracle` (build line in `scripts/gep-oracle.cpp`).

use lair::asm::parse::parse_module;
use lair::layout::{GepIndex, LayoutCache};
use lair::{Context, Value, ValueKind};
use std::collections::HashSet;

const TABLE: &str = include_str!("data/gep/parsed-llvm19.txt");

/// LLVM's answers for one GEP, as the oracle prints them.
fn answer(cache: &mut LayoutCache, ctx: &Context, gep: Value, is_const: bool) -> String {
    let acc = match cache.accumulate_constant_offset(ctx, gep) {
        Ok(o) => o.offset.to_string(),
        Err(_) => "none".into(),
    };
    let coll = match cache.collect_offset(ctx, gep) {
        Ok(o) => {
            // Number the distinct non-constant index values in order.
            let mut keys: Vec<u32> = Vec::new();
            for i in ctx.gep_index_list(gep).unwrap() {
                if let GepIndex::Var(k) = i {
                    if !keys.contains(&k) {
                        keys.push(k);
                    }
                }
            }
            let mut s = o.constant.to_string();
            for (v, scale) in &o.terms {
                let k = keys
                    .iter()
                    .position(|&k| ctx.operand(gep, k) == Some(*v))
                    .unwrap();
                s.push_str(&format!(" ?{k}*{scale}"));
            }
            s
        }
        Err(_) => "none".into(),
    };
    format!("{} {acc}|{coll}", if is_const { "c" } else { "i" })
}

/// Every GEP of `src` in the oracle's order, answered.
fn walk(src: &str, name: &str) -> Vec<String> {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut cache = ctx.module_layout_cache(m).unwrap();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    fn visit(
        ctx: &Context,
        cache: &mut LayoutCache,
        v: Value,
        seen: &mut HashSet<Value>,
        out: &mut Vec<String>,
    ) {
        if ctx.value_kind(v) != ValueKind::Constant || !seen.insert(v) {
            return;
        }
        if ctx.gep_parts(v).is_ok() {
            out.push(answer(cache, ctx, v, true));
        }
        let ops: Vec<Value> = ctx.operands(v).flatten().collect();
        for o in ops {
            visit(ctx, cache, o, seen, out);
        }
    }
    let globals: Vec<_> = ctx.global_vars(m).collect();
    for g in globals {
        if let Some(init) = ctx.initializer(g) {
            visit(&ctx, &mut cache, init, &mut seen, &mut out);
        }
    }
    let funcs: Vec<_> = ctx.functions(m).collect();
    for f in funcs {
        let blocks: Vec<_> = ctx.blocks(f).collect();
        for b in blocks {
            let insts: Vec<_> = ctx.insts(b).collect();
            for i in insts {
                if ctx.gep_parts(i).is_ok() {
                    out.push(answer(&mut cache, &ctx, i.0, false));
                }
                let ops: Vec<Value> = ctx.operands(i).flatten().collect();
                for o in ops {
                    visit(&ctx, &mut cache, o, &mut seen, &mut out);
                }
            }
        }
    }
    out
}

/// Compares the oracle output `table` with our walk of each file named in
/// it, found by `path`; returns (GEPs compared, mismatch descriptions).
fn compare(table: &str, path: impl Fn(&str) -> String) -> (usize, Vec<String>) {
    let mut sections: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in table.lines() {
        match line.strip_prefix("module ") {
            Some(name) => sections.push((name, Vec::new())),
            None => sections.last_mut().unwrap().1.push(line),
        }
    }
    let (mut n, mut bad) = (0, Vec::new());
    for (name, want) in sections {
        let src = std::fs::read_to_string(path(name)).unwrap();
        let got = walk(&src, name);
        if got.len() != want.len() {
            bad.push(format!(
                "{name}: {} GEPs visited, LLVM has {}",
                got.len(),
                want.len()
            ));
        }
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            n += 1;
            if g != w {
                bad.push(format!("{name}: GEP #{k}: got {g}, want {w}"));
            }
        }
    }
    (n, bad)
}

fn corpus_path(name: &str) -> String {
    let local = format!("{}/tests/data/gep/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::path::Path::new(&local).exists() {
        local
    } else {
        format!("{}/../shared/corpus/{name}", env!("CARGO_MANIFEST_DIR"))
    }
}

#[test]
fn parsed_gep_offsets_match_llvm19() {
    if !std::path::Path::new(&corpus_path("bzip2-O0.ll")).exists() {
        eprintln!("skipped: ../shared/corpus is not there");
        return;
    }
    let (n, bad) = compare(TABLE, corpus_path);
    eprintln!("{n} parsed GEPs compared, {} mismatches", bad.len());
    assert!(n > 8000, "too few GEPs: {n}");
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

#[test]
#[ignore = "whole corpus against a live /tmp/gep-oracle; slow in debug builds"]
fn whole_corpus_parsed_gep_offsets_match_llvm19() {
    if std::env::var_os("GEP_CORPUS_ALL").is_none() {
        return;
    }
    let dir = format!("{}/../shared/corpus", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "ll").then(|| p.to_string_lossy().into_owned())
        })
        .collect();
    files.sort();
    let out = std::process::Command::new("/tmp/gep-oracle")
        .arg("--all")
        .args(&files)
        .output()
        .expect("build /tmp/gep-oracle first (scripts/gep-oracle.cpp)");
    let table = String::from_utf8(out.stdout).unwrap();
    let (n, bad) = compare(&table, |name| format!("{dir}/{name}"));
    eprintln!("{n} parsed GEPs compared, {} mismatches", bad.len());
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}
