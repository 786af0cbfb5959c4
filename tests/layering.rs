//! The layering of `src/` as DESIGN.md draws it, checked on the source.
//!
//! Each top-level module of the crate is a layer with a rank; a layer may
//! name items of layers of lower rank only (never of its own rank's other
//! layers, never upwards). `context.rs` is the hub: `Context` owns one store
//! per layer and every layer adds its API as an `impl Context` block, so
//! naming `Context` is allowed everywhere. Two kinds of reference are
//! checked:
//!
//! * paths: `crate::x::…`, `use crate::{x::…, y}`, and `super::` chains that
//!   climb to the crate root;
//! * store fields of `Context`, reached as `self.f` / `ctx.f` / `c.f`: each
//!   field belongs to the layer its type is imported from in `context.rs`.
//!
//! Method calls through `Context` are not checked (a method's layer is not
//! visible at the call site without name resolution).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom up: (module, rank). Equal ranks are independent.
/// Keep in the order of the diagram at the top of DESIGN.md.
const LAYERS: &[(&str, u32)] = &[
    ("entity", 0),
    ("bitstream", 0),
    ("stack", 0),
    ("reuse", 0),
    ("types", 1),
    ("value", 2),
    ("inst", 3),
    ("constants", 4),
    ("ir", 5),
    ("layout", 6),
    ("fold", 7),
    ("replace", 8),
    ("builder", 8),
    ("analysis", 9),
    ("asm", 9),
    ("bitcode", 9),
    ("verify", 10),
    ("transforms", 11),
    ("passes", 12),
    ("linker", 12),
    ("bin", 13),
];

/// Modules outside the layering: the crate root and the hub.
const HUBS: &[&str] = &["lib", "context"];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    /// `::`
    Path,
}

/// Tokens of Rust source with comments, strings and char literals removed
/// (lifetimes survive as a `'` punctuation and an identifier).
fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'r' && matches!(b.get(i + 1), Some(b'#') | Some(b'"')) {
            // A raw string r"…" or r#"…"# (or an identifier starting with r#).
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                i = j; // r#ident: the identifier follows
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == b'"'
                    && b[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == b'#')
                        .count()
                        == hashes
                {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
        } else if c == b'"' || (c == b'b' && b.get(i + 1) == Some(&b'"')) {
            i += if c == b'b' { 2 } else { 1 };
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == b'\'' {
            // 'x', '\n', '\u{..}' are chars; 'a (no closing quote) is a lifetime.
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            } else if b.get(i + 2) == Some(&b'\'') {
                i += 3;
            } else {
                let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + ch_len) == Some(&b'\'') {
                    i += 2 + ch_len;
                } else {
                    out.push(Tok::Punct('\''));
                    i += 1;
                }
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(src[s..i].to_string()));
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push(Tok::Path);
            i += 2;
        } else if c.is_ascii_whitespace() || c.is_ascii_digit() {
            i += 1;
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(Tok::Punct(ch));
            i += ch.len_utf8();
        }
    }
    out
}

/// A reference from a file to a top-level module (or a root re-export).
#[derive(Debug)]
struct Ref {
    target: String,
    what: String,
}

fn ident(t: Option<&Tok>) -> Option<&str> {
    match t {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

/// The first segments, relative to the crate root, of the paths in the
/// `{ … }` group starting at `toks[i]` (`toks[i]` is `{`); returns the index
/// after the group.
fn group_heads(toks: &[Tok], mut i: usize, heads: &mut Vec<String>) -> usize {
    debug_assert_eq!(toks[i], Tok::Punct('{'));
    i += 1;
    let mut expect_head = true;
    let mut depth = 1;
    while i < toks.len() && depth > 0 {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Punct(',') if depth == 1 => expect_head = true,
            Tok::Ident(s) if depth == 1 && expect_head => {
                heads.push(s.clone());
                expect_head = false;
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// Every reference to a crate-root item in a file whose module path is
/// `module` (e.g. `["ir", "metadata"]` for `src/ir/metadata/mod.rs`).
fn references(toks: &[Tok], module: &[String], stores: &BTreeMap<String, String>) -> Vec<Ref> {
    let mut refs = Vec::new();
    // Inline `mod x { … }` nesting: (name, brace depth at its opening).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(k) if k == "mod" => {
                if let (Some(name), Some(Tok::Punct('{'))) =
                    (ident(toks.get(i + 1)), toks.get(i + 2))
                {
                    inline.push((name.to_string(), depth));
                }
            }
            Tok::Ident(k)
                if (k == "crate" || k == "super") && toks.get(i + 1) == Some(&Tok::Path) =>
            {
                // Not the tail of a longer path (`a::super` does not occur).
                let prev_is_path = i > 0 && toks[i - 1] == Tok::Path;
                if !prev_is_path {
                    let mut here: Vec<String> = module.to_vec();
                    here.extend(inline.iter().map(|(n, _)| n.clone()));
                    let mut j = i;
                    if k == "crate" {
                        here.clear();
                        j += 2;
                    } else {
                        while ident(toks.get(j)) == Some("super")
                            && toks.get(j + 1) == Some(&Tok::Path)
                        {
                            here.pop();
                            j += 2;
                        }
                    }
                    if here.is_empty() {
                        let mut heads = Vec::new();
                        match toks.get(j) {
                            Some(Tok::Ident(s)) => heads.push(s.clone()),
                            Some(Tok::Punct('{')) => {
                                group_heads(toks, j, &mut heads);
                            }
                            _ => {}
                        }
                        for h in heads {
                            refs.push(Ref {
                                target: h.clone(),
                                what: format!("path crate::{h}"),
                            });
                        }
                    }
                    i = j;
                    continue;
                }
            }
            Tok::Ident(k) if k == "self" || k == "ctx" || k == "c" => {
                if let (Some(Tok::Punct('.')), Some(f)) = (toks.get(i + 1), ident(toks.get(i + 2)))
                {
                    let is_call = toks.get(i + 3) == Some(&Tok::Punct('('));
                    if let (Some(layer), false) = (stores.get(f), is_call) {
                        refs.push(Ref {
                            target: layer.clone(),
                            what: format!("store field {k}.{f}"),
                        });
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    refs
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `src/ir/metadata/mod.rs` → `["ir", "metadata"]`; `src/builder.rs` →
/// `["builder"]`; `src/bin/lair.rs` → `["bin"]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    if parts.first().is_some_and(|p| p == "bin") {
        return vec!["bin".into()];
    }
    if last != "mod.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The crate root's re-exports (`pub use layer::{A, B};`) as name → layer.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let toks = tokens(lib);
    let mut map = BTreeMap::new();
    let mut i = 0;
    while i + 2 < toks.len() {
        if ident(toks.get(i)) == Some("use") {
            if let (Some(layer), Some(Tok::Path)) = (ident(toks.get(i + 1)), toks.get(i + 2)) {
                let mut j = i + 3;
                let mut names = Vec::new();
                // `layer::a::B` (last segment) or `layer::{A, B}`.
                loop {
                    match toks.get(j) {
                        Some(Tok::Punct('{')) => {
                            group_heads(&toks, j, &mut names);
                            break;
                        }
                        Some(Tok::Ident(s)) if toks.get(j + 1) == Some(&Tok::Path) => {
                            let _ = s;
                            j += 2;
                        }
                        Some(Tok::Ident(s)) => {
                            names.push(s.clone());
                            break;
                        }
                        _ => break,
                    }
                }
                for n in names {
                    map.insert(n, layer.to_string());
                }
            }
        }
        i += 1;
    }
    map
}

/// `Context`'s store fields → the layer each field's type is imported from
/// (`use crate::layer::…::Type;` in `context.rs`).
fn store_layers(context: &str) -> BTreeMap<String, String> {
    let toks = tokens(context);
    // type name → layer, from the `use crate::…` lines.
    let mut type_layer = BTreeMap::new();
    let mut i = 0;
    while i < toks.len() {
        if ident(toks.get(i)) == Some("use") && ident(toks.get(i + 1)) == Some("crate") {
            let layer = ident(toks.get(i + 3)).unwrap().to_string();
            let mut j = i + 4;
            while toks.get(j) != Some(&Tok::Punct(';')) {
                if let Some(Tok::Ident(s)) = toks.get(j) {
                    if s.chars().next().is_some_and(char::is_uppercase) {
                        type_layer.insert(s.clone(), layer.clone());
                    }
                }
                j += 1;
            }
            i = j;
        }
        i += 1;
    }
    // `pub(crate) field: Type,` inside `struct Context { … }`.
    let start = toks
        .windows(2)
        .position(|w| w[0] == Tok::Ident("struct".into()) && w[1] == Tok::Ident("Context".into()))
        .expect("context.rs defines struct Context");
    let mut stores = BTreeMap::new();
    let mut j = start;
    while toks[j] != Tok::Punct('{') {
        j += 1;
    }
    let mut depth = 0;
    loop {
        match &toks[j] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Tok::Ident(field) if depth == 1 && toks.get(j + 1) == Some(&Tok::Punct(':')) => {
                // The first name in the field's type that came from a
                // layer; the type ends at the `,` outside any `<…>`.
                let mut k = j + 2;
                let mut owner = None;
                let mut angle = 0;
                while let Some(t) = toks.get(k) {
                    match t {
                        Tok::Punct('<') => angle += 1,
                        Tok::Punct('>') => angle -= 1,
                        Tok::Punct(',') | Tok::Punct('}') if angle == 0 => break,
                        Tok::Ident(t) => {
                            if let Some(l) = type_layer.get(t) {
                                owner.get_or_insert_with(|| l.clone());
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                let owner = owner.unwrap_or_else(|| {
                    panic!("context.rs: no layer for the store field `{field}`")
                });
                stores.insert(field.clone(), owner);
                j = k - 1;
            }
            _ => {}
        }
        j += 1;
    }
    stores
}

fn rank(layer: &str) -> Option<u32> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|&(_, r)| r)
}

#[test]
fn layers_import_only_downward() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let reexports = root_reexports(&lib);
    let stores = store_layers(&fs::read_to_string(src.join("context.rs")).unwrap());
    assert!(stores.len() >= 8, "context.rs stores: {stores:?}");

    let mut files = Vec::new();
    rs_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    let mut checked = 0;
    for f in &files {
        let module = module_path(&src, f);
        let layer = module[0].as_str();
        if HUBS.contains(&layer) {
            continue;
        }
        let Some(my_rank) = rank(layer) else {
            violations.push(format!(
                "{}: top-level module `{layer}` is not in the layering (tests/layering.rs LAYERS, DESIGN.md)",
                f.display()
            ));
            continue;
        };
        let text = fs::read_to_string(f).unwrap();
        for r in references(&tokens(&text), &module, &stores) {
            checked += 1;
            let target = reexports
                .get(&r.target)
                .cloned()
                .unwrap_or(r.target.clone());
            if target == layer || HUBS.contains(&target.as_str()) || target == "Context" {
                continue;
            }
            let Some(their_rank) = rank(&target) else {
                continue; // not a layer: a root item (macro, std re-export, …)
            };
            if their_rank >= my_rank {
                violations.push(format!(
                    "{}: `{layer}` (rank {my_rank}) names `{target}` (rank {their_rank}) by {}",
                    f.relative_to_display(root),
                    r.what
                ));
            }
        }
    }
    // The scanner must see the crate's real references (hundreds), or the
    // check would pass vacuously.
    assert!(checked > 300, "only {checked} references found in src/");
    violations.sort();
    violations.dedup();
    assert!(
        violations.is_empty(),
        "layering violations:\n{}",
        violations.join("\n")
    );
}

#[test]
fn every_layer_is_a_module_of_the_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (layer, _) in LAYERS {
        let present = src.join(layer).is_dir() || src.join(format!("{layer}.rs")).is_file();
        assert!(present, "LAYERS names `{layer}`, which is not in src/");
    }
}

#[test]
fn design_md_draws_the_same_layering() {
    // The code block under "## Layering" lists the layers top down; each
    // line's layer names (`name/` or `name.rs`) must appear in LAYERS order.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let design = fs::read_to_string(root.join("DESIGN.md")).unwrap();
    let section = design
        .split("\n## Layering")
        .nth(1)
        .expect("DESIGN.md has a Layering section");
    let section = section.split("\n## ").next().unwrap();
    // The first code block of the section, fenced or indented.
    let mut block = String::new();
    let mut fenced = false;
    for line in section.lines() {
        if line.trim_start().starts_with("```") {
            if fenced {
                break;
            }
            fenced = true;
        } else if fenced || line.starts_with("    ") {
            block.push_str(line);
            block.push('\n');
        } else if !block.is_empty() && !line.trim().is_empty() {
            break;
        }
    }
    assert!(!block.is_empty(), "the Layering section has no code block");
    let mut drawn: Vec<(u32, String)> = Vec::new();
    for line in block.lines() {
        for word in line.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',') {
            let name = if word.starts_with("bin/") {
                "bin"
            } else {
                word.trim_end_matches('/').trim_end_matches(".rs")
            };
            let is_ref = word.ends_with('/') || word.ends_with(".rs");
            if let (true, Some(r)) = (is_ref, rank(name)) {
                if !drawn.iter().any(|(_, n)| n == name) {
                    drawn.push((r, name.to_string()));
                }
            }
        }
    }
    let missing: Vec<&str> = LAYERS
        .iter()
        .map(|(l, _)| *l)
        .filter(|l| !drawn.iter().any(|(_, n)| n == l))
        .collect();
    assert!(missing.is_empty(), "DESIGN.md's layering omits {missing:?}");
    for w in drawn.windows(2) {
        assert!(
            w[0].0 >= w[1].0,
            "DESIGN.md draws `{}` above `{}`, but LAYERS ranks it lower",
            w[0].1,
            w[1].1
        );
    }
}

trait RelDisplay {
    fn relative_to_display(&self, root: &Path) -> String;
}

impl RelDisplay for PathBuf {
    fn relative_to_display(&self, root: &Path) -> String {
        self.strip_prefix(root)
            .unwrap_or(self)
            .display()
            .to_string()
    }
}

#[test]
fn the_checker_sees_what_it_must() {
    // A planted upward path, group import, super-chain and store access are
    // all reported; a comment, a string and `Context` are not.
    let stores: BTreeMap<String, String> = [("sides".to_string(), "ir".to_string())].into();
    let src = r#"
        use crate::{types::Type, ir::Block, Context};
        // crate::asm::nothing
        const S: &str = "crate::builder::x";
        fn f(ctx: &Context) { let _ = crate::fold::g(); let _ = &ctx.sides; ctx.sides(); }
        mod tests { use super::super::replace::X; }
    "#;
    let refs = references(&tokens(src), &["constants".to_string()], &stores);
    let targets: Vec<&str> = refs.iter().map(|r| r.target.as_str()).collect();
    assert_eq!(targets, ["types", "ir", "Context", "fold", "ir", "replace"]);
    // In a file two levels deep, super::super reaches the root.
    let refs = references(
        &tokens("use super::super::asm::X; use super::y;"),
        &["ir".to_string(), "metadata".to_string()],
        &stores,
    );
    let targets: Vec<&str> = refs.iter().map(|r| r.target.as_str()).collect();
    assert_eq!(targets, ["asm"]);
}

#[test]
fn every_impl_context_block_has_a_heading() {
    // The Context page is read by concept: each `impl Context` block opens
    // with a `/// # Concept` heading (see the table in lib.rs).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    let mut blocks = 0;
    let mut missing = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if *l != "impl Context {" {
                continue;
            }
            blocks += 1;
            let doc = lines[..i].iter().rev().take_while(|l| l.starts_with("///"));
            if !doc.into_iter().any(|l| l.starts_with("/// # ")) {
                missing.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    assert!(blocks > 20, "only {blocks} impl Context blocks found");
    assert!(
        missing.is_empty(),
        "impl Context blocks without a `/// # ` heading:\n{}",
        missing.join("\n")
    );
}
