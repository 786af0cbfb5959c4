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

/// An analysis a pipeline can print, require or invalidate.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AnalysisKind {
    /// `domtree`: the dominator tree.
    DomTree,
    /// `postdomtree`: the post-dominator tree.
    PostDomTree,
    /// `loops`: the loop forest.
    Loops,
}

impl AnalysisKind {
    /// The analysis's pipeline name.
    pub fn name(self) -> &'static str {
        match self {
            AnalysisKind::DomTree => "domtree",
            AnalysisKind::PostDomTree => "postdomtree",
            AnalysisKind::Loops => "loops",
        }
    }

    fn from_name(s: &str) -> Option<Self> {
        [
            AnalysisKind::DomTree,
            AnalysisKind::PostDomTree,
            AnalysisKind::Loops,
        ]
        .into_iter()
        .find(|a| a.name() == s)
    }
}

/// A pass run on each function with a body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FunctionPass {
    /// `print<NAME>`: prints the analysis on stderr (computing it if it is
    /// not cached).
    Print(AnalysisKind),
    /// `require<NAME>`: computes the analysis if it is not cached.
    Require(AnalysisKind),
    /// `invalidate<NAME>` (`None`: `invalidate<all>`): drops cached results.
    Invalidate(Option<AnalysisKind>),
    /// `no-op-function`.
    NoOp,
    /// `function(...)` nested in a function pipeline.
    Nested(Vec<FunctionPass>),
}

/// A pass run on the module.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ModulePass {
    /// `function(...)`, or a function pass written at module level: runs
    /// the passes on each function with a body, in module order.
    Functions(Vec<FunctionPass>),
    /// `module(...)`.
    Nested(Vec<ModulePass>),
    /// `no-op-module`.
    NoOp,
    /// `invalidate<all>` at module level: drops every cached analysis.
    InvalidateAll,
}

/// A parsed `-passes=` pipeline: module passes in order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Pipeline {
    /// The module-level passes.
    pub passes: Vec<ModulePass>,
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

/// `print<NAME>`, `require<NAME>`, `invalidate<NAME>`: the keyword and
/// the parameter.
fn split_param(name: &str) -> Option<(&str, &str)> {
    let open = name.find('<')?;
    let param = name[open + 1..].strip_suffix('>')?;
    Some((&name[..open], param))
}

/// Whether `name` is a function pass (LLVM's `isFunctionPassName`), for
/// the top-level wrapping.
fn is_function_pass_name(name: &str) -> bool {
    if matches!(name, "function" | "loop" | "loop-mssa") {
        return true;
    }
    function_pass(name).is_some()
}

/// Whether `name` is a module-level name (LLVM's `isModulePassName`).
fn is_module_pass_name(name: &str) -> bool {
    let bare = name.split('<').next().unwrap_or(name);
    matches!(name, "module" | "cgscc") || bare == "function" || module_pass(name).is_some()
}

/// The function pass spelled `name` (no inner pipeline), if lair knows it.
pub(crate) fn function_pass(name: &str) -> Option<FunctionPass> {
    if name == "no-op-function" {
        return Some(FunctionPass::NoOp);
    }
    let (kw, param) = split_param(name)?;
    match kw {
        "print" => AnalysisKind::from_name(param).map(FunctionPass::Print),
        "require" => AnalysisKind::from_name(param).map(FunctionPass::Require),
        "invalidate" if param == "all" => Some(FunctionPass::Invalidate(None)),
        "invalidate" => AnalysisKind::from_name(param).map(|a| FunctionPass::Invalidate(Some(a))),
        _ => None,
    }
}

/// The module pass spelled `name` (no inner pipeline), if lair knows it.
pub(crate) fn module_pass(name: &str) -> Option<ModulePass> {
    match name {
        "no-op-module" => Some(ModulePass::NoOp),
        "invalidate<all>" => Some(ModulePass::InvalidateAll),
        _ => None,
    }
}

fn err<T>(msg: String) -> Result<T, PipelineError> {
    Err(PipelineError(msg))
}

/// `function<...>` parameters (LLVM's `parseFunctionPipelineName`):
/// `Some(no_rerun)` when the name is a function adaptor.
fn function_adaptor(name: &str) -> Option<bool> {
    let rest = name.strip_prefix("function")?;
    if rest.is_empty() {
        return Some(false);
    }
    let params = rest.strip_prefix('<')?.strip_suffix('>')?;
    let mut no_rerun = false;
    for p in params.split(';') {
        match p {
            "eager-inv" => {}
            "no-rerun" => no_rerun = true,
            _ => return None,
        }
    }
    Some(no_rerun)
}

fn parse_module_pipeline(els: &[Element<'_>]) -> Result<Vec<ModulePass>, PipelineError> {
    els.iter().map(parse_module_pass).collect()
}

fn parse_module_pass(e: &Element<'_>) -> Result<ModulePass, PipelineError> {
    let name = e.name;
    if !e.inner.is_empty() {
        if name == "module" {
            return Ok(ModulePass::Nested(parse_module_pipeline(&e.inner)?));
        }
        if name == "cgscc" {
            return err("call-graph (cgscc) pipelines are not supported by lair".into());
        }
        if let Some(no_rerun) = function_adaptor(name) {
            if no_rerun {
                return err("cannot have a no-rerun module to function adaptor".into());
            }
            return Ok(ModulePass::Functions(parse_function_pipeline(&e.inner)?));
        }
        return err(format!("invalid use of '{name}' pass as module pipeline"));
    }
    if let Some(p) = module_pass(name) {
        return Ok(p);
    }
    if let Some(p) = function_pass(name) {
        if !matches!(p, FunctionPass::Require(_) | FunctionPass::Invalidate(_)) {
            return Ok(ModulePass::Functions(vec![p]));
        }
    }
    err(format!("unknown module pass '{name}'"))
}

fn parse_function_pipeline(els: &[Element<'_>]) -> Result<Vec<FunctionPass>, PipelineError> {
    els.iter().map(parse_function_pass).collect()
}

fn parse_function_pass(e: &Element<'_>) -> Result<FunctionPass, PipelineError> {
    let name = e.name;
    if !e.inner.is_empty() {
        if name == "function" {
            return Ok(FunctionPass::Nested(parse_function_pipeline(&e.inner)?));
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
    match function_pass(name) {
        Some(p) => Ok(p),
        None => err(format!("unknown function pass '{name}'")),
    }
}

impl Pipeline {
    /// Parses `-passes=` text as `opt` 19 does. The empty text is the empty
    /// pipeline.
    pub fn parse(text: &str) -> Result<Pipeline, PipelineError> {
        if text.is_empty() {
            return Ok(Pipeline::default());
        }
        let Some(mut els) = parse_text(text) else {
            return err(format!("invalid pipeline '{text}'"));
        };
        let first = els[0].name;
        if !is_module_pass_name(first) {
            if is_function_pass_name(first) {
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
            passes: parse_module_pipeline(&els)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, want: Result<&str, &str>) {
        let got = Pipeline::parse(text);
        match (got, want) {
            (Ok(p), Ok(w)) => assert_eq!(format!("{:?}", p.passes), w, "{text}"),
            (Err(e), Err(w)) => assert_eq!(e.0, w, "{text}"),
            (g, w) => panic!("{text}: got {g:?}, want {w:?}"),
        }
    }

    #[test]
    fn pipelines() {
        check(
            "print<domtree>,print<postdomtree>,print<loops>",
            Ok("[Functions([Print(DomTree), Print(PostDomTree), Print(Loops)])]"),
        );
        check(
            "module(function(print<loops>))",
            Ok("[Nested([Functions([Print(Loops)])])]"),
        );
        check(
            "module(print<domtree>)",
            Ok("[Nested([Functions([Print(DomTree)])])]"),
        );
        check(
            "function(function(print<domtree>))",
            Ok("[Functions([Nested([Print(DomTree)])])]"),
        );
        check(
            "no-op-module,print<domtree>",
            Ok("[NoOp, Functions([Print(DomTree)])]"),
        );
        check(
            "function<eager-inv>(require<loops>,invalidate<all>)",
            Ok("[Functions([Require(Loops), Invalidate(None)])]"),
        );
        check("", Ok("[]"));
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
