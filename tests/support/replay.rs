//! The replay harness of the oracle-table tests: every `.ll` module of a
//! `tests/data/` folder names operations in its `; OPS:` line, a libLLVM 19
//! program applied them and kept what it printed in the `.expected` file
//! beside it. A test hands `replay` the folder and a closure that applies
//! the same operations with lair and returns what lair prints; `replay`
//! compares every module and reports the first differing line of each.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The files of `tests/data/<dir>` ending in `.<ext>`, sorted.
pub fn data_files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// Runs `run(name, text, ops)` on each module of `tests/data/<dir>` (at
/// least `min` of them) and panics listing every module whose result
/// differs from its `.expected` file. `name` is the path the oracle gave
/// the module (`tests/data/<dir>/<file>`), which the printer echoes.
pub fn replay(dir: &str, min: usize, mut run: impl FnMut(&str, &str, &str) -> String) {
    let files = data_files(dir, "ll");
    assert!(files.len() >= min, "{} modules in {dir}", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let ops = text
            .lines()
            .find_map(|l| l.strip_prefix("; OPS:"))
            .unwrap_or_else(|| panic!("{}: no OPS line", path.display()));
        let want = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let name = format!(
            "tests/data/{dir}/{}",
            path.file_name().unwrap().to_str().unwrap()
        );
        let got = run(&name, &text, ops);
        if let Some(diff) = first_difference(&got, &want) {
            failures.push(format!("{name}: {diff}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first line where `got` and `want` differ, with both versions;
/// `None` when they are equal.
pub fn first_difference(got: &str, want: &str) -> Option<String> {
    if got == want {
        return None;
    }
    let (mut g, mut w) = (got.lines(), want.lines());
    let mut line = 1;
    loop {
        match (g.next(), w.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                return Some(format!(
                    "line {line}\n  lair: {}\n  llvm: {}",
                    a.unwrap_or("<end>"),
                    b.unwrap_or("<end>")
                ))
            }
        }
    }
}
