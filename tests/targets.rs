//! `Target::for_triple` and `Context::host_target` against the triples and
//! data layouts clang 19 writes (tests/data/targets/clang19.txt, re-derived
//! by `scripts/target-table.sh --check` in `.ci/run`).

use lair::layout::Target;
use lair::Context;

fn rows() -> Vec<(String, String, String)> {
    let text = include_str!("data/targets/clang19.txt");
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "bad row {l:?}");
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn every_triple_gets_clangs_data_layout() {
    let rows = rows();
    assert!(rows.len() >= 7);
    for (asked, written, dl) in &rows {
        for t in [asked, written] {
            let got = Target::for_triple(t).unwrap_or_else(|| panic!("no target for {t}"));
            assert_eq!(&got.datalayout, dl, "{t}");
            assert_eq!(&got.triple, t);
        }
    }
}

#[test]
fn the_host_target_is_a_row_of_the_table() {
    let Some(host) = Context::host_target() else {
        return; // a machine outside the table: nothing to compare
    };
    let rows = rows();
    let row = rows.iter().find(|r| r.0 == host.triple);
    let row = row.unwrap_or_else(|| panic!("{} is not in clang19.txt", host.triple));
    assert_eq!(row.2, host.datalayout);
    // The module printed with it names both.
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    ctx.set_target(m, &host);
    let text = ctx.print_module(m);
    assert!(text.contains(&format!("target triple = \"{}\"", host.triple)));
    assert!(text.contains(&format!("target datalayout = \"{}\"", host.datalayout)));
    ctx.module_layout(m).unwrap();
}

#[test]
fn unknown_systems_have_no_target() {
    assert!(Target::for_triple("sparc64-sun-solaris").is_none());
    assert!(Target::for_triple("x86_64-unknown-freebsd").is_none());
    assert!(Target::for_triple("").is_none());
}
