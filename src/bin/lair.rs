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
    let mut out = Vec::with_capacity(bytes.len() * 8);
    let res = bitstream::dump(&bytes, &mut out);
    write_stdout(&out)?;
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
