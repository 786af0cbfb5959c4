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
        "fmt",
        "FILE.ll [-o OUT]",
        "parse textual IR and print it back",
        cmd_fmt,
    ),
    (
        "opt",
        "-passes=P FILE.ll [-disable-output] [-S] [-o OUT]",
        "run an opt-style pass pipeline (analysis printers on stderr)",
        cmd_opt,
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
/// llvm-as-style diagnostic (file:line:col, the line, a caret).
fn parse_ll(path: &str) -> Result<(lair::Context, lair::ir::Module), String> {
    let bytes = read_file(path)?;
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

/// `lair opt`: parses FILE.ll, runs the `-passes=` pipeline (printers write
/// to stderr, as opt's do) and prints the module with `-S` unless
/// `-disable-output` is given.
fn cmd_opt(args: &[String]) -> Result<(), String> {
    let mut passes: Option<&str> = None;
    let (mut disable_output, mut text) = (false, false);
    let mut output: Option<&str> = None;
    let mut input: Option<&str> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(p) = a
            .strip_prefix("-passes=")
            .or_else(|| a.strip_prefix("--passes="))
        {
            passes = Some(p);
        } else if a == "-disable-output" || a == "--disable-output" {
            disable_output = true;
        } else if a == "-S" {
            text = true;
        } else if a == "-o" {
            output = Some(it.next().ok_or("-o needs a file name")?);
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("unknown option '{a}'"));
        } else if input.replace(a).is_some() {
            return Err("expected one input file".into());
        }
    }
    let input = input.ok_or("expected an input file")?;
    let pipeline =
        lair::passes::Pipeline::parse(passes.unwrap_or("")).map_err(|e| e.to_string())?;
    let (mut ctx, m) = parse_ll(input)?;
    let mut am = lair::passes::FunctionAnalyses::new();
    let mut log = String::new();
    lair::passes::run_pipeline(&mut ctx, m, &pipeline, &mut am, &mut log);
    {
        let mut err = std::io::stderr().lock();
        err.write_all(log.as_bytes())
            .and_then(|()| err.flush())
            .map_err(|e| format!("writing to stderr: {e}"))?;
    }
    if disable_output {
        return Ok(());
    }
    if !text {
        return Err("bitcode output is not supported yet: use -S".into());
    }
    let out = ctx.print_module(m);
    match output {
        Some(o) if o != "-" => std::fs::write(o, out).map_err(|e| format!("{o}: {e}")),
        _ => write_stdout(out.as_bytes()),
    }
}
