//! `lair`: the command-line tool. A dispatcher on the first argument; each
//! subcommand is one function taking its own arguments and returning
//! `Result<(), String>` (the message goes to stderr, the exit code is 1).
//!
//! To add a subcommand: write `fn cmd_NAME(args: &[String]) -> Result<(),
//! String>` and add a row to [`COMMANDS`].

use std::io::Write;
use std::process::ExitCode;

use lair::bitstream;

/// A subcommand: name, argument synopsis, one-line description, runner.
type Command = (
    &'static str,
    &'static str,
    &'static str,
    fn(&[String]) -> Result<(), String>,
);

/// Every subcommand, in the order the usage message lists them.
const COMMANDS: &[Command] = &[
    (
        "bcdump",
        "FILE.bc",
        "print the llvm-bcanalyzer --dump listing of a bitstream",
        cmd_bcdump,
    ),
    (
        "bccopy",
        "IN.bc OUT.bc",
        "re-emit a bitstream through the reader and writer",
        cmd_bccopy,
    ),
    (
        "dis",
        "FILE.bc [-o OUT]",
        "read bitcode and print it as textual IR (llvm-dis)",
        cmd_dis,
    ),
    (
        "fmt",
        "FILE [-o OUT]",
        "parse textual IR (or read bitcode) and print it",
        cmd_fmt,
    ),
    (
        "stats",
        "FILE.ll",
        "parse textual IR and print entity counts",
        cmd_stats,
    ),
];

fn usage() -> String {
    let mut s = String::from("usage: lair <command> [args]\n\ncommands:\n");
    for (name, args, what, _) in COMMANDS {
        s.push_str(&format!("  {name} {args:<14} {what}\n"));
    }
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{}", usage());
        return ExitCode::from(2);
    };
    if cmd == "-h" || cmd == "--help" || cmd == "help" {
        print!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let Some((_, _, _, run)) = COMMANDS.iter().find(|c| c.0 == cmd) else {
        eprint!("lair: unknown command '{cmd}'\n{}", usage());
        return ExitCode::from(2);
    };
    match run(&args[1..]) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("lair {cmd}: {msg}");
            ExitCode::from(1)
        }
    }
}

fn read_file(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{path}: {e}"))
}

/// Writes `bytes` to stdout; a closed pipe is not an error worth a panic.
fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing output: {e}"))
}

fn cmd_bcdump(args: &[String]) -> Result<(), String> {
    let [path] = args else {
        return Err("expected one argument: FILE.bc".into());
    };
    let bytes = read_file(path)?;
    let mut out = std::io::stdout().lock();
    let res = bitstream::dump_to(&bytes, &mut out);
    let _ = out.flush();
    res.map_err(|e| format!("{path}: {e}"))
}

fn cmd_bccopy(args: &[String]) -> Result<(), String> {
    let [input, output] = args else {
        return Err("expected two arguments: IN.bc OUT.bc".into());
    };
    let bytes = read_file(input)?;
    let copy = bitstream::copy_stream(&bytes).map_err(|e| format!("{input}: {e}"))?;
    std::fs::write(output, copy).map_err(|e| format!("{output}: {e}"))
}

/// Reads and parses a `.ll` file into a fresh context; the error is the
/// llvm-as-style diagnostic (file:line:col, the line, a caret). A file that
/// starts with the bitcode magic (or a bitcode wrapper) is read as bitcode.
fn parse_ll(path: &str) -> Result<(lair::Context, lair::ir::Module), String> {
    let bytes = read_file(path)?;
    if bytes.starts_with(b"BC\xc0\xde") || bitstream::is_wrapper(&bytes) {
        let mut ctx = lair::Context::new();
        let m = lair::bitcode::read_bitcode_named(&mut ctx, &bytes, path)
            .map_err(|e| format!("{path}: {e}"))?;
        return Ok((ctx, m));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{path}: file is not valid UTF-8"))?;
    let mut ctx = lair::Context::new();
    match lair::asm::parse::parse_module(&mut ctx, &text, path) {
        Ok(m) => Ok((ctx, m)),
        Err(e) => Err(e.to_string()),
    }
}

fn cmd_fmt(args: &[String]) -> Result<(), String> {
    let (input, output) = match args {
        [i] => (i, None),
        [i, o, out] if o == "-o" => (i, Some(out)),
        [o, out, i] if o == "-o" => (i, Some(out)),
        _ => return Err("expected FILE.ll [-o OUT]".into()),
    };
    let (ctx, m) = parse_ll(input)?;
    let text = ctx.print_module(m);
    match output {
        Some(o) if o != "-" => std::fs::write(o, text).map_err(|e| format!("{o}: {e}")),
        _ => write_stdout(text.as_bytes()),
    }
}

/// `FILE [-o OUT]` in either order.
fn in_out<'a>(args: &'a [String], what: &str) -> Result<(&'a String, Option<&'a String>), String> {
    match args {
        [i] => Ok((i, None)),
        [i, o, out] if o == "-o" => Ok((i, Some(out))),
        [o, out, i] if o == "-o" => Ok((i, Some(out))),
        _ => Err(format!("expected {what} [-o OUT]")),
    }
}

fn write_out(output: Option<&String>, bytes: &[u8]) -> Result<(), String> {
    match output {
        Some(o) if o != "-" => std::fs::write(o, bytes).map_err(|e| format!("{o}: {e}")),
        _ => write_stdout(bytes),
    }
}

fn cmd_dis(args: &[String]) -> Result<(), String> {
    let (input, output) = in_out(args, "FILE.bc")?;
    let bytes = read_file(input)?;
    let mut ctx = lair::Context::new();
    let m = lair::bitcode::read_bitcode_named(&mut ctx, &bytes, input)
        .map_err(|e| format!("{input}: {e}"))?;
    let text = ctx.print_module(m);
    write_out(output, text.as_bytes())
}

fn cmd_stats(args: &[String]) -> Result<(), String> {
    let [input] = args else {
        return Err("expected one argument: FILE.ll".into());
    };
    let (ctx, m) = parse_ll(input)?;
    let (mut funcs, mut blocks, mut insts, mut uses) = (0usize, 0usize, 0usize, 0usize);
    for f in ctx.functions(m) {
        funcs += 1;
        for b in ctx.blocks(f) {
            blocks += 1;
            for i in ctx.insts(b) {
                insts += 1;
                uses += ctx.num_operands(i.0) as usize;
            }
        }
    }
    let globals = ctx.global_vars(m).count() + ctx.aliases(m).count() + ctx.ifuncs(m).count();
    let out = format!(
        "functions: {funcs}\nblocks: {blocks}\ninstructions: {insts}\nuses: {uses}\nglobals: {globals}\nnamed types: {}\nmetadata: {}\n",
        ctx.num_identified_structs(),
        ctx.md_count()
    );
    write_stdout(out.as_bytes())
}
