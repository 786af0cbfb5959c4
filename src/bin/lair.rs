//! `lair`: the command-line tool over the library, one subcommand per tool
//! (`fmt`, `stats`, `bcdump`, `bccopy`, ...), with LLVM's conventions:
//!
//! * `-` names standard input (as an input) or standard output (after
//!   `-o`); without `-o`, output goes to standard output;
//! * exit status 0 on success, 1 when the input is bad or a step fails (the
//!   message is on standard error, prefixed `lair <command>: `), 2 on a
//!   usage error;
//! * LLVM's single-dash long options are accepted too (`-passes=x` is
//!   `--passes=x`), so command lines written for `opt` or `llvm-as` work;
//! * the input's format is recognised by its content, not its name: a
//!   bitstream (raw or in the bitcode wrapper) or text;
//! * `--time` prints how long each step took on standard error.
//!
//! To add a subcommand: a variant of [`Cmd`] with its arguments, and an arm
//! in [`run`].

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, Parser, Subcommand};
use lair::asm::parse::parse_module_bytes;
use lair::bitstream;

/// lair: LLVM 19 IR tools in pure Rust.
#[derive(Parser)]
#[command(name = "lair", version, about, propagate_version = true)]
struct Cli {
    /// Print the time each step took on standard error.
    #[arg(long, global = true)]
    time: bool,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Parse textual IR (or read bitcode) and print it back (what
    /// `llvm-as | llvm-dis` gives).
    Fmt {
        /// The input module (`-`: standard input).
        input: String,
        /// Where to write the module (`-`: standard output, the default).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<String>,
    },
    /// Verify a module with LLVM 19's verifier, as `llvm-as` does: a module
    /// with "Debug Info Version" 3 has broken debug info reported and
    /// tolerated, any other has its debug info stripped first. Nothing is
    /// printed for a valid module; errors go to standard error, LLVM's
    /// message first, and the exit status is 1.
    Verify {
        /// The input module (`-`: standard input).
        input: String,
    },
    /// Read a module (bitcode, or textual IR) and print it as textual IR
    /// (what `llvm-dis` prints for bitcode, whose reader verifies the module
    /// and strips broken debug info with a warning).
    Dis {
        /// The input module (`-`: standard input).
        input: String,
        /// Where to write the module (`-`: standard output, the default).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<String>,
    },
    /// Assemble textual IR (or re-write bitcode) into LLVM 19 bitcode, as
    /// `llvm-as` does: debug info upgraded, the module verified (errors on
    /// standard error, exit status 1), then written with use-list order
    /// kept, LLVM's ids, abbreviations, symbol and string tables.
    As {
        /// The input module (`-`: standard input).
        input: String,
        /// Where to write the bitcode (`-`: standard output; default: the
        /// input's name with `.bc` for `.ll`, standard output for `-`).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<String>,
        /// Do not verify the module first (llvm-as's option).
        #[arg(long)]
        disable_verify: bool,
        /// Keep use-list order in the bitcode (llvm-as's option, on by
        /// default; `=false` writes as LLVM's API default does).
        #[arg(long = "preserve-bc-uselistorder", default_value_t = true, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true", require_equals = true)]
        preserve_uselistorder: bool,
    },
    /// Parse textual IR and print entity counts.
    Stats {
        /// The input module (`-`: standard input).
        input: String,
    },
    /// Run a pass pipeline as `opt` does: analysis printers write on standard
    /// error; the module is written as text with -S, as bitcode without.
    Opt {
        /// The input module (`-`, the default: standard input).
        #[arg(default_value = "-")]
        input: String,
        /// The pipeline, in opt's `-passes=` syntax (e.g.
        /// `print<domtree>,print<postdomtree>,print<loops>`).
        #[arg(long, value_name = "PIPELINE", default_value = "")]
        passes: String,
        /// Do not write the module.
        #[arg(long)]
        disable_output: bool,
        /// Write the module as textual IR.
        #[arg(short = 'S')]
        text: bool,
        /// Print the time each pass took on standard error.
        #[arg(long)]
        time_passes: bool,
        /// Where to write the module (`-`: standard output, the default).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<String>,
    },
    /// Print the `llvm-bcanalyzer --dump` listing of a bitstream.
    Bcdump {
        /// The bitstream (`-`: standard input).
        input: String,
    },
    /// Re-emit a bitstream through the reader and writer (bit-identical, or
    /// re-encoded only where the input was not in canonical form).
    Bccopy {
        /// The bitstream (`-`: standard input).
        input: String,
        /// Where to write the copy (`-`: standard output).
        output: String,
    },
    /// Link modules (`.ll` or `.bc`) into one, as `llvm-link` does: each
    /// input is read into the one context and linked into the module
    /// `llvm-link` in order.
    Link {
        /// The input modules, in link order.
        #[arg(required = true)]
        inputs: Vec<String>,
        /// Write the module as textual IR (default: bitcode, as
        /// `llvm-as` writes it).
        #[arg(short = 'S')]
        text: bool,
        /// Where to write the module (`-`: standard output, the default).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<String>,
        /// Read each input into a context of its own and link it across
        /// contexts (the result is the same; this exercises that path).
        #[arg(long)]
        separate_contexts: bool,
    },
}

/// A failed step: its message, printed after `lair <command>: `.
type Fail = String;

fn main() -> ExitCode {
    let args = llvm_style_args(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            // --help and --version print to stdout and succeed; a usage
            // error prints to stderr and exits 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let name = subcommand_name(&cli.cmd);
    let mut clock = Clock::new(cli.time);
    let res = run(cli.cmd, &mut clock);
    clock.report();
    match res {
        Ok(code) => ExitCode::from(code),
        Err(msg) => {
            eprintln!("lair {name}: {msg}");
            ExitCode::from(1)
        }
    }
}

fn subcommand_name(c: &Cmd) -> &'static str {
    match c {
        Cmd::Fmt { .. } => "fmt",
        Cmd::Dis { .. } => "dis",
        Cmd::As { .. } => "as",
        Cmd::Stats { .. } => "stats",
        Cmd::Verify { .. } => "verify",
        Cmd::Opt { .. } => "opt",
        Cmd::Bcdump { .. } => "bcdump",
        Cmd::Bccopy { .. } => "bccopy",
        Cmd::Link { .. } => "link",
    }
}

/// Runs a subcommand; `Ok` carries the exit status.
fn run(cmd: Cmd, clock: &mut Clock) -> Result<u8, Fail> {
    match cmd {
        Cmd::Fmt { input, output } | Cmd::Dis { input, output } => {
            let (mut ctx, m, bitcode) = load_module_keeping_id(&input, clock)?;
            if bitcode {
                upgrade_read_debug_info(&mut ctx, m, input_name(&input), clock)?;
            }
            let text = clock.step("print", || ctx.print_module_bytes(m));
            write_output(output.as_deref(), &text).map(|()| 0)
        }
        Cmd::As {
            input,
            output,
            disable_verify,
            preserve_uselistorder,
        } => {
            let (mut ctx, m) = load_module(&input, clock)?;
            lair::bitcode::register_llvm_as_kinds(&mut ctx, m);
            // llvm-as --disable-verify neither verifies nor upgrades debug
            // info (it parses without `UpgradeDebugInfo`).
            if !disable_verify {
                let v = clock.step("verify", || ctx.verify_as_llvm_as(m));
                let mut err = std::io::stderr().lock();
                err.write_all(v.messages.as_bytes())
                    .map_err(|e| format!("writing errors: {e}"))?;
                if v.rejected {
                    return Ok(1);
                }
            }
            let mut bytes = Vec::new();
            clock
                .step("write", || {
                    lair::bitcode::write_bitcode(
                        &ctx,
                        m,
                        &mut bytes,
                        &lair::bitcode::WriteOptions {
                            preserve_use_list_order: preserve_uselistorder,
                        },
                    )
                })
                .map_err(|e| format!("{input}: {e}"))?;
            let out = match output {
                Some(o) => o,
                None if input == "-" => "-".to_string(),
                None => match input.strip_suffix(".ll") {
                    Some(stem) => format!("{stem}.bc"),
                    None => format!("{input}.bc"),
                },
            };
            write_output(Some(&out), &bytes).map(|()| 0)
        }
        Cmd::Stats { input } => {
            let (ctx, m) = load_module(&input, clock)?;
            write_output(None, stats(&ctx, m).as_bytes()).map(|()| 0)
        }
        Cmd::Verify { input } => {
            let (mut ctx, m) = load_module(&input, clock)?;
            let v = clock.step("verify", || ctx.verify_as_llvm_as(m));
            let mut err = std::io::stderr().lock();
            err.write_all(v.messages.as_bytes())
                .map_err(|e| format!("writing errors: {e}"))?;
            Ok(v.rejected as u8)
        }
        Cmd::Opt {
            input,
            passes,
            disable_output,
            text,
            time_passes,
            output,
        } => {
            let mut pipeline = lair::passes::Pipeline::parse(&passes).map_err(|e| e.to_string())?;
            let (mut ctx, m) = load_module(&input, clock)?;
            let mut runner = lair::passes::PassRunner::new();
            runner.time_passes = time_passes;
            let ran = clock.step("passes", || pipeline.run(&mut ctx, m, &mut runner));
            if time_passes {
                runner.log.push_str(&runner.timings.report());
            }
            let mut err = std::io::stderr().lock();
            err.write_all(runner.log.as_bytes())
                .and_then(|()| err.flush())
                .map_err(|e| format!("writing to standard error: {e}"))?;
            // What the passes printed before one failed is written first.
            ran.map_err(|e| format!("error: {e}"))?;
            if disable_output {
                return Ok(0);
            }
            if !text {
                return write_bitcode_output(&ctx, m, output.as_deref(), clock);
            }
            let out = clock.step("print", || ctx.print_module_bytes(m));
            write_output(output.as_deref(), &out).map(|()| 0)
        }
        Cmd::Bcdump { input } => {
            let bytes = read_input(&input)?;
            expect_bitstream(&input, &bytes)?;
            let mut out = Vec::new();
            let res = clock.step("dump", || bitstream::dump_to(&bytes, &mut out));
            // What was listed before an error is printed, as llvm-bcanalyzer does.
            write_output(None, &out)?;
            res.map(|()| 0).map_err(|e| format!("{input}: {e}"))
        }
        Cmd::Link {
            inputs,
            text,
            output,
            separate_contexts,
        } => {
            let mut ctx = lair::Context::new();
            let dst = ctx.create_module("llvm-link");
            let mut linker = lair::linker::Linker::new(&ctx, dst);
            for path in &inputs {
                if separate_contexts {
                    let (octx, m) = load_module(path, clock)?;
                    let warnings = clock
                        .step("link", || linker.link_in_from(&mut ctx, &octx, m))
                        .map_err(|e| format!("{path}: {e}"))?;
                    print_link_warnings(&warnings);
                    continue;
                }
                let bytes = clock.step("read", || read_input(path))?;
                let name = input_name(path);
                let (m, order) = if format_of(&bytes) == Format::Bitcode {
                    let before = ctx.num_identified_structs();
                    let m = clock
                        .step("read", || {
                            lair::bitcode::read_bitcode_named(&mut ctx, &bytes, name)
                        })
                        .map_err(|e| format!("{name}: {e}"))?;
                    let created = ctx.identified_structs().skip(before).collect();
                    (m, lair::linker::SourceStructs::Created(created))
                } else {
                    let m = clock
                        .step("parse", || parse_module_bytes(&mut ctx, &bytes, name))
                        .map_err(|e| e.to_string())?;
                    ctx.module_mut(m).id = name.to_string();
                    (m, lair::linker::SourceStructs::Used)
                };
                let warnings = clock
                    .step("link", || linker.link_in(&mut ctx, m, order))
                    .map_err(|e| format!("{name}: {e}"))?;
                print_link_warnings(&warnings);
            }
            if !text {
                return write_bitcode_output(&ctx, dst, output.as_deref(), clock);
            }
            let out = clock.step("print", || ctx.print_module_bytes(dst));
            write_output(output.as_deref(), &out).map(|()| 0)
        }
        Cmd::Bccopy { input, output } => {
            let bytes = read_input(&input)?;
            expect_bitstream(&input, &bytes)?;
            let copy = clock
                .step("copy", || bitstream::copy_stream(&bytes))
                .map_err(|e| format!("{input}: {e}"))?;
            write_output(Some(&output), &copy).map(|()| 0)
        }
    }
}

/// Rewrites LLVM-style single-dash long options (`-passes=x`,
/// `-disable-output`) to clap's double-dash form when the name is a long
/// option of some subcommand; everything else is left alone.
fn llvm_style_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let cmd = Cli::command();
    let mut longs: Vec<String> = cmd
        .get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    for sub in cmd.get_subcommands() {
        longs.extend(
            sub.get_arguments()
                .filter_map(|a| a.get_long().map(str::to_string)),
        );
    }
    longs.push("help".into());
    longs.push("version".into());
    args.into_iter()
        .map(|a| {
            let Some(s) = a.to_str() else { return a };
            let Some(rest) = s.strip_prefix('-') else {
                return a;
            };
            let name = rest.split('=').next().unwrap_or(rest);
            if !rest.starts_with('-') && name.len() > 1 && longs.iter().any(|l| l == name) {
                format!("-{s}").into()
            } else {
                a
            }
        })
        .collect()
}

/// Optional step timings (`--time`), printed on standard error at the end.
struct Clock {
    on: bool,
    steps: Vec<(&'static str, f64)>,
}

impl Clock {
    fn new(on: bool) -> Self {
        Clock {
            on,
            steps: Vec::new(),
        }
    }
    fn step<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let r = f();
        if self.on {
            self.steps.push((name, t.elapsed().as_secs_f64()));
        }
        r
    }
    fn report(&self) {
        for (name, secs) in &self.steps {
            eprintln!("lair: {name:<8} {:>10.3} ms", secs * 1e3);
        }
    }
}

/// The bytes of `path`, or of standard input for `-`.
fn read_input(path: &str) -> Result<Vec<u8>, Fail> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut v)
            .map_err(|e| format!("reading standard input: {e}"))?;
        Ok(v)
    } else {
        std::fs::read(path).map_err(|e| format!("{path}: {e}"))
    }
}

/// Writes `bytes` to `path`, or to standard output for `None` or `-`; a
/// closed pipe is reported, not a panic.
/// Writes `m` as bitcode with `llvm-as`'s options (what `opt` and
/// `llvm-link` write without `-S`) to `path`.
fn write_bitcode_output(
    ctx: &lair::Context,
    m: lair::ir::Module,
    path: Option<&str>,
    clock: &mut Clock,
) -> Result<u8, Fail> {
    let mut bytes = Vec::new();
    clock
        .step("write", || {
            lair::bitcode::write_bitcode(
                ctx,
                m,
                &mut bytes,
                &lair::bitcode::WriteOptions::llvm_as(),
            )
        })
        .map_err(|e| e.to_string())?;
    write_output(path, &bytes).map(|()| 0)
}

fn write_output(path: Option<&str>, bytes: &[u8]) -> Result<(), Fail> {
    match path {
        Some(p) if p != "-" => std::fs::write(p, bytes).map_err(|e| format!("{p}: {e}")),
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(bytes)
                .and_then(|()| out.flush())
                .map_err(|e| format!("writing output: {e}"))
        }
    }
}

/// What an input holds, by its first bytes.
#[derive(PartialEq)]
enum Format {
    /// A bitstream: `BC 0xC0DE` (LLVM bitcode), another bitstream magic, or
    /// the bitcode wrapper `0x0B17C0DE`.
    Bitcode,
    /// Anything else: read as textual IR.
    Text,
}

fn format_of(bytes: &[u8]) -> Format {
    match bytes {
        [0x42, 0x43, 0xC0, 0xDE, ..] | [0xDE, 0xC0, 0x17, 0x0B, ..] => Format::Bitcode,
        _ => Format::Text,
    }
}

/// Refuses textual input to the bitstream tools with a message that says
/// what it is (a text file is not "a bitstream of the wrong size").
fn expect_bitstream(path: &str, bytes: &[u8]) -> Result<(), Fail> {
    if format_of(bytes) == Format::Text && looks_like_text(bytes) {
        return Err(format!(
            "{path}: this is text (textual IR?), not a bitstream; use `lair fmt` for .ll files"
        ));
    }
    Ok(())
}

/// Whether the first bytes are printable text or whitespace.
fn looks_like_text(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes
            .iter()
            .take(512)
            .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace() || b >= 0x80)
}

/// Writes the linker's warnings to stderr as `llvm-link` does: raw bytes
/// (a triple that is not UTF-8 is not re-encoded).
fn print_link_warnings(warnings: &[lair::linker::LinkWarning]) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    for w in warnings {
        let mut line = b"lair link: warning: ".to_vec();
        line.extend_from_slice(w.as_bytes().trim_ascii_end());
        line.push(b'\n');
        // A closed stderr leaves nothing to report the failure on.
        let _ = err.write_all(&line);
    }
}

/// What LLVM 19's bitcode reader does to a module once it is read
/// (`UpgradeDebugInfo`, as `llvm-dis` shows it): with `"Debug Info
/// Version" 3` the module is verified; a broken module is refused with the
/// verifier's messages, broken debug info alone is reported and stripped
/// with LLVM's warning. Any other version has its debug info stripped,
/// with a warning when there was some.
fn upgrade_read_debug_info(
    ctx: &mut lair::Context,
    m: lair::ir::Module,
    name: &str,
    clock: &mut Clock,
) -> Result<(), Fail> {
    let version = ctx.debug_metadata_version(m);
    let mut err = std::io::stderr().lock();
    match clock.step("verify", || ctx.upgrade_debug_info(m)) {
        lair::verify::DebugInfoUpgrade::Verified(v) => {
            if v.is_broken() {
                return Err(format!(
                    "{v}LLVM ERROR: Broken module found, compilation aborted!"
                ));
            }
            if v.has_broken_debug_info() {
                let _ = writeln!(
                    err,
                    "{v}lair dis: warning: ignoring invalid debug info in {name}"
                );
                ctx.strip_debug_info(m);
            }
        }
        lair::verify::DebugInfoUpgrade::Stripped(true) => {
            let _ = writeln!(
                err,
                "lair dis: warning: ignoring debug info with an invalid version ({version}) in {name}"
            );
        }
        lair::verify::DebugInfoUpgrade::Stripped(false) => {}
    }
    Ok(())
}

/// Reads a module from `path` (`-`: standard input) into a fresh context,
/// its identifier the path as given (`<stdin>` for `-`), as LLVM's tools
/// name it: a text's `; ModuleID` comment is a comment to them.
/// Textual IR errors are llvm-as-style diagnostics (file:line:col, the
/// line, a caret).
fn load_module(path: &str, clock: &mut Clock) -> Result<(lair::Context, lair::ir::Module), Fail> {
    let (mut ctx, m, _) = load_module_keeping_id(path, clock)?;
    ctx.module_mut(m).id = input_name(path).to_string();
    Ok((ctx, m))
}

/// The name LLVM's tools give input `path`: `<stdin>` for `-`.
fn input_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// `load_module`, but a text starting with llvm-dis's `; ModuleID`
/// line keeps that identifier, so that `lair fmt` is a fixed point; and
/// whether the input was bitcode.
fn load_module_keeping_id(
    path: &str,
    clock: &mut Clock,
) -> Result<(lair::Context, lair::ir::Module, bool), Fail> {
    let bytes = clock.step("read", || read_input(path))?;
    let name = input_name(path);
    if format_of(&bytes) == Format::Bitcode {
        let mut ctx = lair::Context::new();
        let m = clock
            .step("read", || {
                lair::bitcode::read_bitcode_named(&mut ctx, &bytes, name)
            })
            .map_err(|e| format!("{name}: {e}"))?;
        // LLVM's bitcode reader drops all TBAA when some is invalid.
        clock.step("read", || ctx.strip_invalid_tbaa(m));
        return Ok((ctx, m, true));
    }
    let mut ctx = lair::Context::new();
    let m = clock
        .step("parse", || parse_module_bytes(&mut ctx, &bytes, name))
        .map_err(|e| e.to_string())?;
    Ok((ctx, m, false))
}

fn stats(ctx: &lair::Context, m: lair::ir::Module) -> String {
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
    format!(
        "functions: {funcs}\nblocks: {blocks}\ninstructions: {insts}\nuses: {uses}\nglobals: {globals}\nnamed types: {}\nmetadata: {}\n",
        ctx.num_identified_structs(),
        ctx.md_count()
    )
}
