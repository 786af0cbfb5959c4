//! The `.ll` parser, tested as data: hand-written modules under
//! `tests/data/ll/` round-trip (print is a fixed point, and LLVM 19 reads
//! the printed module as the same module when its tools are installed);
//! invalid inputs in `tests/data/ll/invalid/cases.txt` fail with the
//! message written next to the offending line; pathological inputs fail
//! cleanly; a deterministic mutation fuzzer never makes the parser panic.

use lair::asm::parse::{parse_module, parse_module_bytes, ParseError};
use lair::Context;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM: &str = "/usr/lib/llvm-19/bin";

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ll")
}

fn strip_preds(s: &str) -> String {
    s.lines()
        .map(|l| match l.find("; preds = ") {
            Some(i) => l[..i].trim_end(),
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn parse(src: &str, name: &str) -> Result<String, ParseError> {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, src, name)?;
    Ok(ctx.print_module(m))
}

/// [`parse`] of a file's bytes (which need not be UTF-8).
fn parse_bytes(src: &[u8], name: &str) -> Result<String, ParseError> {
    let mut ctx = Context::new();
    let m = parse_module_bytes(&mut ctx, src, name)?;
    Ok(ctx.print_module(m))
}

/// Parses, prints, parses the print and prints again: the two prints
/// must agree. Returns the first print.
fn check_fixed_point(src: &[u8], name: &str) -> String {
    let a = parse_bytes(src, name).unwrap_or_else(|e| panic!("{e}"));
    let b = parse(&a, name).unwrap_or_else(|e| panic!("re-parsing the printed module: {e}\n{a}"));
    assert_eq!(
        strip_preds(&a),
        strip_preds(&b),
        "{name}: printing is not a fixed point"
    );
    a
}

/// `llvm-dis(llvm-as(text))` without its ModuleID line and `; preds` comments.
fn llvm_roundtrip(text: &[u8], ll: &Path) -> Option<String> {
    let dir = ll.parent()?;
    std::fs::create_dir_all(dir).ok()?;
    let bc = dir.join("m.bc");
    std::fs::write(ll, text).ok()?;
    let ok = Command::new(format!("{LLVM}/llvm-as"))
        .arg(ll)
        .arg("-o")
        .arg(&bc)
        .status()
        .ok()?
        .success();
    assert!(ok, "llvm-as rejects:\n{}", String::from_utf8_lossy(text));
    let out = Command::new(format!("{LLVM}/llvm-dis"))
        .arg(&bc)
        .arg("-o")
        .arg("-")
        .output()
        .ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    Some(strip_preds(
        &s.lines().skip(1).collect::<Vec<_>>().join("\n"),
    ))
}

#[test]
fn hand_written_modules_round_trip() {
    let mut n = 0;
    let have_llvm = Path::new(LLVM).join("llvm-as").exists();
    for e in std::fs::read_dir(data_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "ll") {
            continue;
        }
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read(&p).unwrap();
        // The same path for LLVM and us: it is the default source_filename.
        let dir = std::env::temp_dir().join(format!("lair-parse-{}-{name}", std::process::id()));
        let path = dir.join("in.ll");
        let printed = check_fixed_point(&src, &path.to_string_lossy());
        if have_llvm {
            let a = llvm_roundtrip(&src, &path);
            let b = llvm_roundtrip(printed.as_bytes(), &path);
            let _ = std::fs::remove_dir_all(&dir);
            assert_eq!(
                a, b,
                "{name}: LLVM 19 reads the printed module as a different module"
            );
        }
        n += 1;
    }
    assert!(n >= 3);
}

#[test]
fn invalid_inputs_give_the_expected_errors() {
    let text = std::fs::read_to_string(data_dir().join("invalid/cases.txt")).unwrap();
    let mut cases = 0;
    let mut failures = Vec::new();
    for case in text.split(";---\n").skip(1) {
        let lines: Vec<&str> = case.lines().collect();
        let Some(k) = lines
            .iter()
            .position(|l| l.starts_with("; ERROR: ") || l.starts_with("; ERROR(lair): "))
        else {
            panic!("case without an ERROR line:\n{case}");
        };
        let spec = lines[k].split_once(": ").unwrap().1;
        let (col, msg) = spec.split_once(": ").expect("ERROR: COL: message");
        let col: u32 = col.parse().expect("column");
        let line = k as u32; // the offending line is the one before (1-based: k)
        cases += 1;
        match parse(case, "case.ll") {
            Ok(_) => failures.push(format!("accepted:\n{case}")),
            Err(e) => {
                if (e.line, e.column, e.message.as_str()) != (line, col, msg) {
                    failures.push(format!(
                        "expected {line}:{col}: {msg}\n     got {}:{}: {}\n{case}",
                        e.line, e.column, e.message
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
    assert!(cases >= 20);
}

#[test]
fn end_of_file_where_an_instruction_is_expected() {
    // llvm-as-19 refuses both at the end of the file (line 4, column 1),
    // after a block label and after `%x =` alike.
    for src in [
        "define void @f() {\nentry:\n  %x = add i32 1, 2\n",
        "define void @f() {\nentry:\n  %x =\n",
    ] {
        let e = parse(src, "t.ll").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (4, 1, "found end of file when expecting more instructions"),
            "{src}"
        );
    }
}

#[test]
fn error_display_is_llvm_as_shaped() {
    let e = parse("define void @f() {\n  ret i32 %x\n}\n", "t.ll").unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.ll:2:7: error: value doesn't match function result type 'void'\n  ret i32 %x\n      ^"
    );
}

fn expect_clean_error(src: &str, what: &str) -> ParseError {
    match parse(src, "p.ll") {
        Ok(_) => panic!("{what}: accepted"),
        Err(e) => {
            assert!(!e.message.is_empty(), "{what}: empty message");
            e
        }
    }
}

#[test]
fn pathological_inputs_fail_cleanly() {
    const N: usize = 100_050;
    let types = format!(
        "@x = global {}i8{} zeroinitializer\n",
        "[1 x ".repeat(N),
        "]".repeat(N)
    );
    assert_eq!(
        expect_clean_error(&types, "deep types").message,
        "types nested more than 100000 levels deep"
    );
    let structs = format!(
        "@x = global {}i8{} zeroinitializer\n",
        "{ ".repeat(N),
        " }".repeat(N)
    );
    assert_eq!(
        expect_clean_error(&structs, "deep struct types").message,
        "types nested more than 100000 levels deep"
    );
    let exprs = format!(
        "@x = global i64 {}i64 1{}\n",
        "add (i64 1, i64 ".repeat(N),
        ")".repeat(N)
    );
    assert_eq!(
        expect_clean_error(&exprs, "deep constant expressions").message,
        "constants nested more than 100000 levels deep"
    );
    let aggs = format!("@x = global {}\n", "[1 x [1 x i8]] [[1 x i8] ".repeat(N));
    expect_clean_error(&aggs, "deep aggregates");
    let md = format!("!0 = {}\n", "!{".repeat(N));
    assert_eq!(
        expect_clean_error(&md, "deep metadata").message,
        "metadata nested more than 100000 levels deep"
    );
    // Declared vector lengths must not size allocations (LLVM aborts).
    for (src, what) in [
        ("define <2 x i32> @f(<2 x i32> %a) {\n  %s = shufflevector <2 x i32> %a, <2 x i32> %a, <2147483647 x i32> zeroinitializer\n  ret <2 x i32> %a\n}\n", "huge zero mask"),
        ("define <2 x i32> @f(<2 x i32> %a) {\n  %s = shufflevector <2 x i32> %a, <2 x i32> %a, <400000000 x i32> poison\n  ret <2 x i32> %a\n}\n", "huge poison mask"),
        ("@g = global i8 0\n@p = global <2147483647 x ptr> getelementptr (i8, ptr @g, <2147483647 x i64> zeroinitializer)\n", "huge vector GEP"),
        ("@v = global <2147483647 x i32> splat (i32 1)\n", "huge splat"),
    ] {
        let e = expect_clean_error(src, what);
        assert!(e.message.contains("too long to build"), "{what}: {}", e.message);
    }
    let fnty = format!("@x = external global {}\n", "void (".repeat(N));
    expect_clean_error(&fnty, "deep function types");
    expect_clean_error("@x = global i8388609 0\n", "huge width");
    assert!(parse("@x = global i8388608 1\n", "p.ll").is_ok());
    // Literals of any length are read and truncated to their type, as
    // LLVM reads them: 10^k - 1 in i64, and hex wider than any type.
    let k = 100_000;
    let low64 = (0..k).fold(1u64, |v, _| v.wrapping_mul(10)).wrapping_sub(1) as i64;
    let out = parse(&format!("@x = global i64 {}\n", "9".repeat(k)), "p.ll").unwrap();
    assert!(out.contains(&format!("@x = global i64 {low64}\n")), "{out}");
    let out = parse(&format!("@x = global i64 -{}\n", "9".repeat(k)), "p.ll").unwrap();
    assert!(
        out.contains(&format!("@x = global i64 {}\n", low64.wrapping_neg())),
        "{out}"
    );
    // Linear in the digits: 2.5 million took 5 s when each digit
    // multiplied the whole value.
    let long = format!("@x = global i64 {}\n", "9".repeat(2_500_000));
    let t = std::time::Instant::now();
    assert!(parse(&long, "p.ll")
        .unwrap()
        .contains("@x = global i64 -1\n"));
    assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
    let wide = format!("@x = global i64 u0x1{}\n", "0".repeat(1 << 21));
    assert!(parse(&wide, "p.ll")
        .unwrap()
        .contains("@x = global i64 0\n"));
    let wide = format!("@x = global i16 s0x{}\n", "f".repeat((1 << 21) + 1));
    assert!(parse(&wide, "p.ll")
        .unwrap()
        .contains("@x = global i16 -1\n"));
    // A 10 MB string literal is fine, and fast.
    let big = "a".repeat(10 << 20);
    let t = std::time::Instant::now();
    assert!(parse(
        &format!("@s = global [{} x i8] c\"{big}\"\n", big.len()),
        "p.ll"
    )
    .is_ok());
    assert!(t.elapsed().as_secs() < 30);
    for src in [
        "@s = global [2 x i8] c\"ab",
        "/* never closed",
        "define void @f() {",
        "define void @f() {\nentry:\n  br label %x\n",
        "@x = global [2 x i8] [i8 1,",
        "!0 = !{!1, ",
        "!0 = !DILocation(line: ",
        "@\"unterminated",
        "%t = type { i32",
        "define void @f(",
        "attributes #0 = { nounwind",
        "^0 = module: (path: \"x\"",
    ] {
        expect_clean_error(src, src);
    }
}

/// xorshift64*: deterministic.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    const INTERESTING: &[u8] = b"{}[]()<>,=%@!#$^\"\\:; \n0123456789-x.*|";
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        if v.is_empty() {
            v.push(b'@');
        }
        let i = rng.below(v.len());
        let len = 1 + rng.below(16).min(v.len() - i);
        match rng.below(5) {
            0 => {
                v.drain(i..(i + len).min(v.len()));
            }
            1 => {
                let chunk: Vec<u8> = v[i..(i + len).min(v.len())].to_vec();
                let at = rng.below(v.len());
                v.splice(at..at, chunk);
            }
            2 => v[i] = INTERESTING[rng.below(INTERESTING.len())],
            3 => {
                let j = rng.below(v.len());
                v.swap(i, j);
            }
            _ => {
                let words: [&[u8]; 10] = [
                    b"i32 ",
                    b"ptr ",
                    b"%0",
                    b"!0",
                    b"null",
                    b"label %x",
                    b"getelementptr (",
                    b"distinct ",
                    b"#0",
                    b"undef",
                ];
                let w = words[rng.below(words.len())];
                v.splice(i..i, w.iter().copied());
            }
        }
    }
    v
}

#[test]
fn fuzz_smoke_never_panics() {
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for e in std::fs::read_dir(data_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ll") {
            seeds.push(std::fs::read(&p).unwrap());
        }
    }
    seeds.push(b"define i32 @f(i32 %x) {\nentry:\n  %y = add nsw i32 %x, 1\n  br label %b\nb:\n  %p = phi i32 [ %y, %entry ]\n  ret i32 %p\n}\n".to_vec());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let iterations = if cfg!(debug_assertions) { 1500 } else { 20_000 };
    let start = std::time::Instant::now();
    let (mut accepted, mut rejected) = (0, 0);
    for n in 0..iterations {
        let seed = &seeds[rng.below(seeds.len())];
        let input = String::from_utf8_lossy(&mutate(&mut rng, seed)).into_owned();
        let r = std::panic::catch_unwind(|| {
            let mut ctx = Context::new();
            match parse_module(&mut ctx, &input, "fuzz.ll") {
                Ok(m) => Some(ctx.print_module(m)),
                Err(_) => None,
            }
        });
        match r {
            Err(_) => panic!("iteration {n}: the parser or printer panicked on:\n{input}"),
            Ok(Some(printed)) => {
                accepted += 1;
                // What we print, we read back; reading it back prints the same.
                let again = std::panic::catch_unwind(|| parse(&printed, "fuzz.ll"));
                match again {
                    Ok(Ok(p2)) => assert_eq!(strip_preds(&printed), strip_preds(&p2), "iteration {n}: not a fixed point for:\n{input}"),
                    Ok(Err(e)) => panic!("iteration {n}: printed module does not parse: {e}\ninput:\n{input}\nprinted:\n{printed}"),
                    Err(_) => panic!("iteration {n}: re-parse panicked:\n{printed}"),
                }
            }
            Ok(None) => rejected += 1,
        }
    }
    assert!(
        accepted > 0 && rejected > 0,
        "accepted {accepted}, rejected {rejected}"
    );
    assert!(start.elapsed().as_secs() < 120, "fuzz smoke too slow");
}

/// `count` small functions, about 200 bytes each.
fn filler(count: usize) -> String {
    let mut s = String::new();
    for i in 0..count {
        s.push_str(&format!(
            "define i32 @filler{i}(i32 %x, ptr %p) {{\nentry:\n  %a = add nsw i32 %x, {i}\n  store i32 %a, ptr %p, align 4\n  %b = load i32, ptr %p, align 4\n  ret i32 %b\n}}\n\n"
        ));
    }
    s
}

fn parse_with(
    f: fn(&mut Context, &str, &str) -> Result<lair::ir::Module, ParseError>,
    src: &str,
) -> Result<String, ParseError> {
    let mut ctx = Context::new();
    let m = f(&mut ctx, src, "big.ll")?;
    Ok(ctx.print_module(m))
}

#[test]
fn lexer_thread_gives_the_serial_result() {
    use lair::asm::parse::parse_module_serial;
    // Over the 1 MiB at which parse_module lexes on a second thread, with
    // summary entries (which switch the lexer's mode, handing lexing back
    // to the parser's thread) after the first MiB.
    let summary = std::fs::read_to_string(data_dir().join("summary.ll")).unwrap();
    let cut = summary.find("\n^").expect("summary.ll has entries") + 1;
    let src = format!("{}\n{}{}", &summary[..cut], filler(9000), &summary[cut..]);
    assert!(src.len() > (1 << 20) + 100_000);
    let piped = parse_with(parse_module, &src).expect("parses");
    let serial = parse_with(parse_module_serial, &src).expect("parses");
    assert_eq!(piped, serial);
    assert!(piped.contains("define i32 @filler8999("));
    assert!(piped.contains("^0 = module:"));

    // An error near the end is reported at the same place either way.
    let bad = format!(
        "{}define void @late() {{\n  ret i32 %nope\n}}\n",
        filler(9000)
    );
    let e1 = parse_with(parse_module, &bad).unwrap_err();
    let e2 = parse_with(parse_module_serial, &bad).unwrap_err();
    assert_eq!(e1.to_string(), e2.to_string());
    assert_eq!(e1.line as usize, bad.lines().count() - 1);

    // An error early on: the parser stops while the lexer thread is still
    // running ahead, and the parse returns instead of waiting on it.
    let early = format!(
        "define void @early() {{\n  ret i32 %nope\n}}\n{}",
        filler(9000)
    );
    let e = parse_with(parse_module, &early).unwrap_err();
    assert_eq!(e.line, 2);
}

/// A `load`, `store`, `alloca`, `atomicrmw` or `cmpxchg` written without
/// `align` gets the data layout's alignment, as LLParser gives it: the
/// printed module is `llvm-dis-19` of `llvm-as-19`, byte for byte, under
/// three layouts.
#[test]
fn default_alignments_are_llvm_s() {
    if !Path::new(LLVM).join("llvm-as").exists() {
        return;
    }
    let mut n = 0;
    for e in std::fs::read_dir(data_dir()).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("default-align") {
            continue;
        }
        let src = std::fs::read(&p).unwrap();
        let ours = parse_bytes(&src, &p.to_string_lossy()).unwrap();
        let bc = std::env::temp_dir().join(format!("lair-align-{}-{name}.bc", std::process::id()));
        let ok = Command::new(format!("{LLVM}/llvm-as"))
            .arg(&p)
            .arg("-o")
            .arg(&bc)
            .status()
            .unwrap()
            .success();
        assert!(ok, "llvm-as-19 refuses {name}");
        let out = Command::new(format!("{LLVM}/llvm-dis"))
            .arg(&bc)
            .arg("-o")
            .arg("-")
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&bc);
        let theirs = String::from_utf8_lossy(&out.stdout);
        let skip = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(skip(&ours), skip(&theirs), "{name}");
        assert!(ours.contains("load i64, ptr %q, align"), "{name}");
        n += 1;
    }
    assert_eq!(n, 3);
}
