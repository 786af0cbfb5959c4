//! The `lair` tool's conventions: `--help` per subcommand, `--version`,
//! `-` for standard input and output, `-o`, exit codes 0/1/2, LLVM-style
//! single-dash long options, and formats recognised by content.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SMALL: &str = "define i32 @f(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

fn lair(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lair"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lair runs");
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(bytes) = stdin {
            input.write_all(bytes).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lair-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["fmt", "dis", "stats", "opt", "bcdump", "bccopy"] {
        let o = lair(&[sub, "--help"], None);
        assert!(o.status.success(), "{sub} --help: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(out.contains("Usage: lair"), "{sub} --help printed {out}");
        // The single-dash LLVM spelling works too.
        assert!(lair(&[sub, "-help"], None).status.success(), "{sub} -help");
    }
    let o = lair(&["--help"], None);
    assert!(o.status.success());
    for sub in ["fmt", "dis", "stats", "opt", "bcdump", "bccopy"] {
        assert!(text(&o.stdout).contains(sub), "top-level help lists {sub}");
    }
}

#[test]
fn version_and_usage_errors() {
    let o = lair(&["--version"], None);
    assert!(o.status.success());
    assert!(text(&o.stdout).starts_with("lair "), "{}", text(&o.stdout));
    // No subcommand, an unknown one, or a missing argument: usage, exit 2.
    for args in [&[][..], &["frobnicate"][..], &["fmt"][..]] {
        let o = lair(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(!o.stderr.is_empty());
    }
}

#[test]
fn stdin_and_stdout_by_dash() {
    let o = lair(&["fmt", "-"], Some(SMALL.as_bytes()));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("define i32 @f(i32 %x)"), "{out}");
    assert!(out.contains("source_filename = \"<stdin>\""), "{out}");
    let o2 = lair(&["fmt", "-", "-o", "-"], Some(SMALL.as_bytes()));
    assert_eq!(text(&o2.stdout), out);
}

#[test]
fn output_file_and_fixed_point() {
    let input = temp("in.ll", SMALL.as_bytes());
    let out = input.with_file_name("out.ll");
    let o = lair(
        &["fmt", input.to_str().unwrap(), "-o", out.to_str().unwrap()],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    let first = std::fs::read_to_string(&out).unwrap();
    let o = lair(&["fmt", out.to_str().unwrap()], None);
    // Printing is a fixed point apart from the file name in the header.
    assert_eq!(
        text(&o.stdout).lines().skip(2).collect::<Vec<_>>(),
        first.lines().skip(2).collect::<Vec<_>>()
    );
}

#[test]
fn bad_input_exits_1_with_a_located_message() {
    let o = lair(&["fmt", "-"], Some(b"define i32 @f( {\n"));
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("lair fmt: <stdin>:2:1: error: expected type"),
        "{err}"
    );
    let o = lair(&["fmt", "/nonexistent/x.ll"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("/nonexistent/x.ll"));
}

#[test]
fn formats_are_recognised_by_content() {
    // Text given to a bitstream tool says it is text.
    let o = lair(&["bcdump", "-"], Some(SMALL.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("not a bitstream"), "{err}");
    // Bitcode given to fmt is read as bitcode, whatever the file is called:
    // the magic and an identification block's start, cut short, give the
    // bitcode reader's located error, not a text parse error.
    let bc = [0x42u8, 0x43, 0xC0, 0xDE, 0x35, 0x14, 0x00, 0x00];
    let p = temp("looks-like-text.ll", &bc);
    let o = lair(&["fmt", p.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains(": bit "), "{err}");
    // A whole module in bitcode prints as textual IR, through fmt and dis.
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/stress-2.bc");
    if let Ok(bytes) = std::fs::read(corpus) {
        let p = temp("module.ll", &bytes);
        for cmd in ["fmt", "dis"] {
            let o = lair(&[cmd, p.to_str().unwrap()], None);
            assert!(o.status.success(), "{}", text(&o.stderr));
            assert!(text(&o.stdout).contains("define "));
        }
    }
}

#[test]
fn time_prints_steps_on_stderr() {
    let o = lair(&["fmt", "-", "--time"], Some(SMALL.as_bytes()));
    assert!(o.status.success());
    let err = text(&o.stderr);
    for step in ["read", "parse", "print"] {
        assert!(err.contains(&format!("lair: {step}")), "{err}");
    }
}

/// The `; ModuleID` and the warnings naming modules use the input path as
/// given (`<stdin>` for standard input), as opt-19 and llvm-link-19 do: a
/// text's own `; ModuleID` line is a comment to them. `lair fmt` keeps
/// that line (a fixed point). Compared with LLVM 19 when it is installed.
#[test]
fn module_id_is_the_path_as_given() {
    let dir = std::env::temp_dir().join(format!("lair-cli-id-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let m = "; ModuleID = 'foo.c'\ntarget datalayout = \"e-p:32:32\"\ndefine void @f() {\n  ret void\n}\n";
    let k = "; ModuleID = 'baz.c'\ntarget datalayout = \"e-p:64:64\"\n";
    std::fs::write(dir.join("sub/m.ll"), m).unwrap();
    std::fs::write(dir.join("k.ll"), k).unwrap();
    let run = |exe: &str, args: &[&str], stdin: &[u8]| {
        let mut child = Command::new(exe)
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        let o = child.wait_with_output().unwrap();
        assert!(o.status.success(), "{exe} {args:?}: {}", text(&o.stderr));
        (text(&o.stdout), text(&o.stderr))
    };
    let lair_exe = env!("CARGO_BIN_EXE_lair");
    let head = |s: &str| s.lines().take(2).collect::<Vec<_>>().join("\n");
    let bytes = lair(&["as", "-", "-o", "-"], Some(m.as_bytes())).stdout;
    std::fs::write(dir.join("m.bc"), &bytes).unwrap();
    let opt_cases: [(&[&str], &[u8], &str); 6] = [
        (
            &["sub/m.ll"],
            b"",
            "; ModuleID = 'sub/m.ll'\nsource_filename = \"sub/m.ll\"",
        ),
        (
            &["./sub/m.ll"],
            b"",
            "; ModuleID = './sub/m.ll'\nsource_filename = \"./sub/m.ll\"",
        ),
        (
            &["-"],
            m.as_bytes(),
            "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"",
        ),
        (
            &[],
            m.as_bytes(),
            "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"",
        ),
        (
            &["m.bc"],
            b"",
            "; ModuleID = 'm.bc'\nsource_filename = \"<stdin>\"",
        ),
        (
            &["-"],
            &bytes,
            "; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"",
        ),
    ];
    let opt19 = "/usr/lib/llvm-19/bin/opt";
    let llvm = std::path::Path::new(opt19).exists();
    for (input, stdin, want) in opt_cases {
        let mut args = vec!["-S", "-passes=mem2reg"];
        args.extend_from_slice(input);
        let lair_args = [&["opt"][..], &args].concat();
        let got = head(&run(lair_exe, &lair_args, stdin).0);
        assert_eq!(got, want, "lair opt {args:?}");
        if llvm {
            assert_eq!(head(&run(opt19, &args, stdin).0), want, "opt-19 {args:?}");
        }
    }
    // lair fmt keeps the text's own identifier.
    let got = run(lair_exe, &["fmt", "sub/m.ll"], b"").0;
    assert!(got.starts_with("; ModuleID = 'foo.c'\n"), "{got}");
    // llvm-link's data layout warning names the second input by its path.
    let warn = "warning: Linking two modules of different data layouts: 'k.ll' is 'e-p:64:64' whereas 'llvm-link' is 'e-p:32:32'";
    let err = run(lair_exe, &["link", "-S", "sub/m.ll", "k.ll"], b"").1;
    assert!(err.contains(warn), "{err}");
    let link19 = "/usr/lib/llvm-19/bin/llvm-link";
    if llvm {
        let err = run(link19, &["-S", "sub/m.ll", "k.ll"], b"").1;
        assert!(err.contains(warn), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `lair as` verifies before it writes, as `llvm-as` does, unless told
/// `--disable-verify`; `verify`, `opt` and `fmt` read the bitcode it
/// writes by its magic, whatever the file is called.
#[test]
fn as_verifies_first_and_the_tools_take_its_bitcode() {
    let broken = "define void @f() {\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret void\n}\n";
    let p = temp("broken.ll", broken.as_bytes());
    let o = lair(&["as", p.to_str().unwrap(), "-o", "-"], None);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("Instruction does not dominate all uses!"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "bitcode written for a broken module");
    let o = lair(
        &["as", "--disable-verify", p.to_str().unwrap(), "-o", "-"],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.starts_with(b"BC\xC0\xDE"));
    // Named like text: read as bitcode all the same.
    let bc = temp("broken-bc.ll", &o.stdout);
    let o = lair(&["verify", bc.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("Instruction does not dominate all uses!"),
        "{err}"
    );

    let o = lair(&["as", "-", "-o", "-"], Some(SMALL.as_bytes()));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let good = temp("good.bc", &o.stdout);
    let good = good.to_str().unwrap();
    assert!(lair(&["verify", good], None).status.success());
    let from_text = lair(&["fmt", "-"], Some(SMALL.as_bytes()));
    let from_bc = lair(&["fmt", good], None);
    assert!(from_bc.status.success(), "{}", text(&from_bc.stderr));
    let body = |o: &Output| {
        text(&o.stdout)
            .lines()
            .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&from_bc), body(&from_text));
    let o = lair(&["opt", "-passes=dce", good, "-S", "-o", "-"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(body(&o), body(&from_text));
}
