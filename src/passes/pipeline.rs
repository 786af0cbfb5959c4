//! The `-passes=` pipeline language of `opt`, parsed as LLVM 19's
//! `PassBuilder::parsePassPipeline` parses it, with its error messages.
//!
//! Owns [`Pipeline`], [`ModulePass`], [`FunctionPass`], [`AnalysisKind`]
//! and [`PipelineError`]. It knows pass *names*; running them is
//! `run.rs`. A transform joins by adding a variant to [`FunctionPass`] (or
//! [`ModulePass`]) and a row to [`function_pass`] (or [`module_pass`]).
//!
//! The text is first split into a tree of names with nested pipelines in
//! parentheses (LLVM's `parsePipelineText`: names are anything but `,()`;
//! a `)` must be followed by `,` or the end). A pipeline whose first name
//! is not a module-level name is wrapped in `function(...)` when that name
//! is a function pass, or in `function(loop(...))` when it is a loop
//! pipeline. Then each level is parsed by name.
//!
//! Names: `module(...)`, `function(...)` / `function<eager-inv>(...)`,
//! `print<domtree|postdomtree|loops>`, `require<...>`,
//! `invalidate<...|all>`, `no-op-module`, `no-op-function`; `loop(...)`
//! parses to "unknown loop pass" (none exists yet); `cgscc(...)` is refused
//! as unsupported. Messages are opt's (`unknown pass name 'x'`, `unknown
//! function pass 'x'`, `invalid use of 'x' pass as function pipeline`,
//! `invalid pipeline '...'`, `cannot have a no-rerun module to function
//! adaptor`, ...).

use core::fmt;

use super::builtin;
use super::manager::{FunctionPass, FunctionStep, ModulePass, ModuleStep, PassError, PassRunner};
use crate::ir::Module;
use crate::Context;

/// Makes a function pass from its name, or says the name is not its.
pub type FunctionPassParser = Box<dyn Fn(&str) -> Option<Box<dyn FunctionPass>>>;
/// Makes a module pass from its name, or says the name is not its.
pub type ModulePassParser = Box<dyn Fn(&str) -> Option<Box<dyn ModulePass>>>;

/// The pass names a pipeline may use (LLVM's `PassBuilder` with its
/// registry and pipeline-parsing callbacks): lair's own passes, then those
/// registered, in registration order.
///
/// ```
/// use lair::passes::{FunctionAnalyses, FunctionPass, PassRegistry, PassResult, Pipeline};
/// use lair::passes::PreservedAnalyses;
/// use lair::{ir::Function, Context};
///
/// struct CountBlocks;
/// impl FunctionPass for CountBlocks {
///     fn name(&self) -> String { "count-blocks".into() }
///     fn run(&mut self, ctx: &mut Context, f: Function, _: &mut FunctionAnalyses,
///            log: &mut String) -> PassResult {
///         log.push_str(&format!("{}\n", ctx.blocks(f).count()));
///         Ok(PreservedAnalyses::all())
///     }
/// }
///
/// let mut reg = PassRegistry::new();
/// reg.register_function_pass("count-blocks", || Box::new(CountBlocks));
/// let p = Pipeline::parse_with("mem2reg,count-blocks", &reg).unwrap();
/// assert_eq!(p.to_string(), "function(mem2reg,count-blocks)");
/// ```
pub struct PassRegistry {
    function: Vec<FunctionPassParser>,
    module: Vec<ModulePassParser>,
}

impl Default for PassRegistry {
    fn default() -> Self {
        Self::new()
    }
}

impl PassRegistry {
    /// lair's passes only.
    pub fn new() -> Self {
        PassRegistry {
            function: Vec::new(),
            module: Vec::new(),
        }
    }

    /// Adds a function pass spelled `name`.
    pub fn register_function_pass(
        &mut self,
        name: &str,
        make: impl Fn() -> Box<dyn FunctionPass> + 'static,
    ) {
        let name = name.to_string();
        self.function
            .push(Box::new(move |n: &str| (n == name).then(&make)));
    }

    /// Adds a parser for function pass names (for names with parameters,
    /// `my-pass<3>`).
    pub fn register_function_parser(
        &mut self,
        parse: impl Fn(&str) -> Option<Box<dyn FunctionPass>> + 'static,
    ) {
        self.function.push(Box::new(parse));
    }

    /// Adds a module pass spelled `name`.
    pub fn register_module_pass(
        &mut self,
        name: &str,
        make: impl Fn() -> Box<dyn ModulePass> + 'static,
    ) {
        let name = name.to_string();
        self.module
            .push(Box::new(move |n: &str| (n == name).then(&make)));
    }

    /// The function pass spelled `name`, if any.
    pub fn function_pass(&self, name: &str) -> Option<Box<dyn FunctionPass>> {
        builtin::function_pass(name).or_else(|| self.function.iter().find_map(|p| p(name)))
    }

    /// The module pass spelled `name`, if any.
    pub fn module_pass(&self, name: &str) -> Option<Box<dyn ModulePass>> {
        builtin::module_pass(name).or_else(|| self.module.iter().find_map(|p| p(name)))
    }
}

/// A parsed `-passes=` pipeline: module steps in order. `Display` is
/// `opt -print-pipeline-passes` (without the verifier `opt` appends).
#[derive(Debug, Default)]
pub struct Pipeline {
    /// The module-level steps.
    pub steps: Vec<ModuleStep>,
}

impl Pipeline {
    /// Runs the pipeline on `m` with `runner`'s cache, log and timings.
    ///
    /// # Errors
    /// The [`PassError`] of the pass that could not proceed; the passes
    /// after it do not run.
    pub fn run(
        &mut self,
        ctx: &mut Context,
        m: Module,
        runner: &mut PassRunner,
    ) -> Result<(), PassError> {
        runner.run(ctx, m, &mut self.steps)
    }
}

fn write_function_steps(f: &mut fmt::Formatter<'_>, steps: &[FunctionStep]) -> fmt::Result {
    let mut first = true;
    let mut one = |f: &mut fmt::Formatter<'_>, s: &str| {
        if !first {
            f.write_str(",")?;
        }
        first = false;
        f.write_str(s)
    };
    fn flat(steps: &[FunctionStep], out: &mut Vec<String>) {
        for s in steps {
            match s {
                FunctionStep::Pass(p) => out.push(p.name()),
                FunctionStep::Nested(inner) => flat(inner, out),
            }
        }
    }
    let mut names = Vec::new();
    flat(steps, &mut names);
    for n in &names {
        one(f, n)?;
    }
    Ok(())
}

fn write_module_steps(
    f: &mut fmt::Formatter<'_>,
    steps: &[ModuleStep],
    first: &mut bool,
) -> fmt::Result {
    for s in steps {
        if let ModuleStep::Nested(inner) = s {
            write_module_steps(f, inner, first)?;
            continue;
        }
        if !*first {
            f.write_str(",")?;
        }
        *first = false;
        match s {
            ModuleStep::Pass(p) => f.write_str(&p.name())?,
            ModuleStep::Functions(fs) => {
                f.write_str("function(")?;
                write_function_steps(f, fs)?;
                f.write_str(")")?;
            }
            ModuleStep::FunctionsEagerInv(fs) => {
                f.write_str("function<eager-inv>(")?;
                write_function_steps(f, fs)?;
                f.write_str(")")?;
            }
            ModuleStep::Nested(_) => unreachable!("flattened above"),
        }
    }
    Ok(())
}

impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_module_steps(f, &self.steps, &mut true)
    }
}

/// Why a pipeline text was refused; `Display` gives `opt`'s message
/// (`unknown pass name 'x'`, `invalid pipeline '...'`, ...).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PipelineError(pub String);

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PipelineError {}

/// One name of the text and its parenthesised pipeline (LLVM's
/// `PipelineElement`).
#[derive(Clone, Debug, Default)]
struct Element<'a> {
    name: &'a str,
    inner: Vec<Element<'a>>,
}

/// LLVM's `parsePipelineText`: the tree of names, `None` when the
/// parentheses do not balance or a `)` is followed by something other than
/// `,`.
fn parse_text(text: &str) -> Option<Vec<Element<'_>>> {
    // The stack holds the path of inner pipelines being filled, as indices
    // of the last element at each level.
    let mut root: Vec<Element<'_>> = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    let mut rest = text;
    fn level<'a, 'b>(root: &'b mut Vec<Element<'a>>, path: &[usize]) -> &'b mut Vec<Element<'a>> {
        let mut cur = root;
        for &i in path {
            cur = &mut cur[i].inner;
        }
        cur
    }
    loop {
        let pos = rest.find([',', '(', ')']);
        let name = &rest[..pos.unwrap_or(rest.len())];
        let lv = level(&mut root, &path);
        lv.push(Element {
            name,
            inner: Vec::new(),
        });
        let Some(pos) = pos else {
            break;
        };
        let sep = rest.as_bytes()[pos];
        rest = &rest[pos + 1..];
        match sep {
            b',' => continue,
            b'(' => {
                let i = lv.len() - 1;
                path.push(i);
                continue;
            }
            _ => {
                // ')': close as many levels as there are ')'s.
                loop {
                    path.pop()?;
                    match rest.strip_prefix(')') {
                        Some(r) => rest = r,
                        None => break,
                    }
                }
                if rest.is_empty() {
                    break;
                }
                rest = rest.strip_prefix(',')?;
            }
        }
    }
    if !path.is_empty() {
        return None;
    }
    Some(root)
}

/// Whether `name` is a function pass (LLVM's `isFunctionPassName`), for
/// the top-level wrapping.
fn is_function_pass_name(name: &str, reg: &PassRegistry) -> bool {
    if matches!(name, "function" | "loop" | "loop-mssa") {
        return true;
    }
    reg.function_pass(name).is_some()
}

/// Whether `name` is a module-level name (LLVM's `isModulePassName`).
fn is_module_pass_name(name: &str, reg: &PassRegistry) -> bool {
    let bare = name.split('<').next().unwrap_or(name);
    matches!(name, "module" | "cgscc") || bare == "function" || reg.module_pass(name).is_some()
}

fn err<T>(msg: String) -> Result<T, PipelineError> {
    Err(PipelineError(msg))
}

/// `function<...>` parameters (LLVM's `parseFunctionPipelineName`):
/// `Some((eager_inv, no_rerun))` when the name is a function adaptor.
fn function_adaptor(name: &str) -> Option<(bool, bool)> {
    let rest = name.strip_prefix("function")?;
    if rest.is_empty() {
        return Some((false, false));
    }
    let params = rest.strip_prefix('<')?.strip_suffix('>')?;
    let (mut eager, mut no_rerun) = (false, false);
    for p in params.split(';') {
        match p {
            "eager-inv" => eager = true,
            "no-rerun" => no_rerun = true,
            _ => return None,
        }
    }
    Some((eager, no_rerun))
}

fn parse_module_pipeline(
    els: &[Element<'_>],
    reg: &PassRegistry,
) -> Result<Vec<ModuleStep>, PipelineError> {
    els.iter().map(|e| parse_module_pass(e, reg)).collect()
}

fn parse_module_pass(e: &Element<'_>, reg: &PassRegistry) -> Result<ModuleStep, PipelineError> {
    let name = e.name;
    if !e.inner.is_empty() {
        if name == "module" {
            return Ok(ModuleStep::Nested(parse_module_pipeline(&e.inner, reg)?));
        }
        if name == "cgscc" {
            return err("call-graph (cgscc) pipelines are not supported by lair".into());
        }
        if let Some((eager, no_rerun)) = function_adaptor(name) {
            if no_rerun {
                return err("cannot have a no-rerun module to function adaptor".into());
            }
            let steps = parse_function_pipeline(&e.inner, reg)?;
            return Ok(if eager {
                ModuleStep::FunctionsEagerInv(steps)
            } else {
                ModuleStep::Functions(steps)
            });
        }
        return err(format!("invalid use of '{name}' pass as module pipeline"));
    }
    if let Some(p) = reg.module_pass(name) {
        return Ok(ModuleStep::Pass(p));
    }
    // A function pass at module level is wrapped in its own adaptor, as
    // LLVM's `parseModulePass` does for the names of its registry (not for
    // `require<>`/`invalidate<>`, which have module-level meanings).
    if !name.starts_with("require<") && !name.starts_with("invalidate<") {
        if let Some(p) = reg.function_pass(name) {
            return Ok(ModuleStep::Functions(vec![FunctionStep::Pass(p)]));
        }
    }
    err(format!("unknown module pass '{name}'"))
}

fn parse_function_pipeline(
    els: &[Element<'_>],
    reg: &PassRegistry,
) -> Result<Vec<FunctionStep>, PipelineError> {
    els.iter().map(|e| parse_function_pass(e, reg)).collect()
}

fn parse_function_pass(e: &Element<'_>, reg: &PassRegistry) -> Result<FunctionStep, PipelineError> {
    let name = e.name;
    if !e.inner.is_empty() {
        if name == "function" {
            return Ok(FunctionStep::Nested(parse_function_pipeline(
                &e.inner, reg,
            )?));
        }
        if name == "loop" || name == "loop-mssa" {
            // No loop pass is implemented: every name inside is unknown.
            let first = &e.inner[0];
            if !first.inner.is_empty() {
                return err(format!(
                    "invalid use of '{}' pass as loop pipeline",
                    first.name
                ));
            }
            return err(format!("unknown loop pass '{}'", first.name));
        }
        return err(format!("invalid use of '{name}' pass as function pipeline"));
    }
    match reg.function_pass(name) {
        Some(p) => Ok(FunctionStep::Pass(p)),
        None => err(format!("unknown function pass '{name}'")),
    }
}

impl Pipeline {
    /// Parses `-passes=` text as `opt` 19 does, with lair's passes. The
    /// empty text is the empty pipeline.
    pub fn parse(text: &str) -> Result<Pipeline, PipelineError> {
        Self::parse_with(text, &PassRegistry::new())
    }

    /// Parses `-passes=` text with lair's passes and those of `reg`.
    pub fn parse_with(text: &str, reg: &PassRegistry) -> Result<Pipeline, PipelineError> {
        if text.is_empty() {
            return Ok(Pipeline::default());
        }
        let Some(mut els) = parse_text(text) else {
            return err(format!("invalid pipeline '{text}'"));
        };
        let first = els[0].name;
        if !is_module_pass_name(first, reg) {
            if is_function_pass_name(first, reg) {
                els = vec![Element {
                    name: "function",
                    inner: els,
                }];
            } else {
                let what = if els[0].inner.is_empty() {
                    "pass"
                } else {
                    "pipeline"
                };
                return err(format!("unknown {what} name '{first}'"));
            }
        }
        Ok(Pipeline {
            steps: parse_module_pipeline(&els, reg)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, want: Result<&str, &str>) {
        let got = Pipeline::parse(text);
        match (got, want) {
            (Ok(p), Ok(w)) => assert_eq!(p.to_string(), w, "{text}"),
            (Err(e), Err(w)) => assert_eq!(e.0, w, "{text}"),
            (g, w) => panic!("{text}: got {g:?}, want {w:?}"),
        }
    }

    #[test]
    fn pipelines() {
        check(
            "print<domtree>,print<postdomtree>,print<loops>",
            Ok("function(print<domtree>,print<postdomtree>,print<loops>)"),
        );
        check(
            "module(function(print<loops>))",
            Ok("function(print<loops>)"),
        );
        check("module(print<domtree>)", Ok("function(print<domtree>)"));
        check(
            "function(function(print<domtree>))",
            Ok("function(print<domtree>)"),
        );
        check(
            "no-op-module,print<domtree>",
            Ok("no-op-module,function(print<domtree>)"),
        );
        check(
            "function<eager-inv>(require<loops>,invalidate<all>)",
            Ok("function<eager-inv>(require<loops>,invalidate<all>)"),
        );
        check("", Ok(""));
        check("mem2reg,dce", Ok("function(mem2reg,dce)"));
        check(
            "module(function(mem2reg),no-op-module)",
            Ok("function(mem2reg),no-op-module"),
        );
        check("function(function(dce))", Ok("function(dce)"));
        check("invalidate<all>", Ok("invalidate<all>"));
    }

    #[test]
    fn errors_are_opts() {
        // Each message is what opt-19 prints after "opt: ".
        check("foo", Err("unknown pass name 'foo'"));
        check("print<domtree>,foo", Err("unknown function pass 'foo'"));
        check("function(foo)", Err("unknown function pass 'foo'"));
        check(
            "function(print<domtree>",
            Err("invalid pipeline 'function(print<domtree>'"),
        );
        check("print<domtree>)", Err("invalid pipeline 'print<domtree>)'"));
        check("print<dom>", Err("unknown pass name 'print<dom>'"));
        check("function()", Err("unknown function pass ''"));
        check(
            "print<domtree>,,print<loops>",
            Err("unknown function pass ''"),
        );
        check(
            "loop(print<loops>)",
            Err("unknown loop pass 'print<loops>'"),
        );
        check("function(loop())", Err("unknown loop pass ''"));
        check(
            "repeat<2>(print<domtree>)",
            Err("unknown pipeline name 'repeat<2>'"),
        );
        check(
            "print<domtree>(x)",
            Err("invalid use of 'print<domtree>' pass as function pipeline"),
        );
        check(
            "function<x>(print<domtree>)",
            Err("invalid use of 'function<x>' pass as module pipeline"),
        );
        check(
            "Function(print<domtree>)",
            Err("unknown pipeline name 'Function'"),
        );
        check(
            "function(module(print<domtree>))",
            Err("invalid use of 'module' pass as function pipeline"),
        );
        check(
            "module(require<domtree>)",
            Err("unknown module pass 'require<domtree>'"),
        );
        check(
            "module(foo(bar))",
            Err("invalid use of 'foo' pass as module pipeline"),
        );
        check("module()", Err("unknown module pass ''"));
        check("function", Err("unknown module pass 'function'"));
        check(
            "print<domtree>,no-op-module",
            Err("unknown function pass 'no-op-module'"),
        );
        check(",print<domtree>", Err("unknown pass name ''"));
        check(
            "function(print<domtree>)x",
            Err("invalid pipeline 'function(print<domtree>)x'"),
        );
        check(
            "function<no-rerun>(print<domtree>)",
            Err("cannot have a no-rerun module to function adaptor"),
        );
    }
}
