//! The pass manager: the pass traits, the preserved-analyses set a pass
//! returns, and running a pipeline with `optnone` skipping, analysis
//! invalidation and optional timings (LLVM's new pass manager).
//!
//! Owns [`FunctionPass`], [`ModulePass`], [`PreservedAnalyses`],
//! [`PassError`], [`PassRunner`] and [`PassTimings`]. It does not own the pipeline text
//! (`pipeline.rs`) or the cached analyses (`analyses.rs`).
//!
//! # Shape, and running function passes on threads
//!
//! A function pass sees one function, its own cached analyses
//! ([`FunctionAnalyses`] keys every result by function) and a text sink of
//! its own; the runner appends each function's text in module order. So
//! nothing a function pass produces depends on the order in which the
//! functions are visited, and a runner could hand functions to several
//! threads and still print exactly what one thread prints. What stands in
//! the way today is the `&mut Context` every pass takes: constants and
//! globals are shared by every function, and each use of one is a link in
//! its use list (a new `add i32 %x, 1` links into `i32 1`'s list), as are
//! the metadata store's uniquing tables and the module's name tables. See
//! DESIGN.md (Pass manager).
//!
//! # What a run visits
//!
//! A function adaptor visits every function with a body, in module order;
//! declarations print nothing. Functions with `optnone` run the required
//! passes (printers, `require<>`, `invalidate<>`) like the others and skip
//! the transforms. `invalidate<domtree>` drops only the tree (LLVM's
//! `LoopInfo` survives it); module-level `invalidate<all>` drops
//! everything. Printers append to a string that `lair opt` writes to
//! stderr.
//!
//! # Failure
//!
//! A pass that cannot proceed (input it cannot handle, not a bug of its
//! own) returns a [`PassError`]; the runner names the pass in it and stops
//! the pipeline there, and `lair opt` prints `lair opt: error: <pass>:
//! <message>` and exits with 1. What the passes printed before stays in
//! the log. Bugs and API misuse still panic.

use core::fmt;
use std::time::{Duration, Instant};

use super::analyses::{AnalysisKind, FunctionAnalyses};
use crate::ir::{Function, Module};
use crate::Context;

/// What a pass kept valid (LLVM's `PreservedAnalyses`): all analyses, the
/// analyses that only look at the CFG (`CFGAnalyses`: dominator trees,
/// loops, branch probabilities, block frequencies), or a set of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PreservedAnalyses {
    all: bool,
    cfg: bool,
    kinds: u8,
}

impl PreservedAnalyses {
    /// Nothing changed: every analysis stays valid.
    pub fn all() -> Self {
        PreservedAnalyses {
            all: true,
            cfg: true,
            kinds: 0,
        }
    }

    /// Nothing is known to stay valid.
    pub fn none() -> Self {
        PreservedAnalyses {
            all: false,
            cfg: false,
            kinds: 0,
        }
    }

    /// The function changed, but not its CFG (LLVM's
    /// `preserveSet<CFGAnalyses>()`).
    pub fn cfg() -> Self {
        PreservedAnalyses {
            all: false,
            cfg: true,
            kinds: 0,
        }
    }

    /// Adds `kind` to the analyses kept.
    pub fn preserve(mut self, kind: AnalysisKind) -> Self {
        self.kinds |= 1 << kind as u8;
        self
    }

    /// Whether every analysis is kept.
    pub fn all_preserved(&self) -> bool {
        self.all
    }

    /// Whether the CFG analyses are kept as a set.
    pub fn cfg_preserved(&self) -> bool {
        self.all || self.cfg
    }

    /// Whether a cached `kind` stays valid. Every analysis lair caches is a
    /// CFG analysis, so preserving the CFG keeps them all (LLVM's
    /// `DominatorTree::invalidate`, `LoopInfo::invalidate`, ...).
    pub fn is_preserved(&self, kind: AnalysisKind) -> bool {
        self.all || self.cfg || self.kinds & (1 << kind as u8) != 0
    }
}

/// Why a pass could not proceed: its message (lowercase, no trailing
/// period) and the pass's name, which the runner fills in. `Display` is
/// `<pass>: <message>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassError {
    pass: String,
    message: String,
}

impl PassError {
    /// An error saying `message`; the runner adds the failing pass's name.
    pub fn new(message: impl Into<String>) -> Self {
        PassError {
            pass: String::new(),
            message: message.into(),
        }
    }

    /// The name of the pass that failed, as the pipeline spells it.
    pub fn pass(&self) -> &str {
        &self.pass
    }

    /// What went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// `self` attributed to `pass`, unless a pass name is already set.
    fn in_pass(mut self, pass: impl FnOnce() -> String) -> Self {
        if self.pass.is_empty() {
            self.pass = pass();
        }
        self
    }
}

impl fmt::Display for PassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pass, self.message)
    }
}

impl std::error::Error for PassError {}

/// What a pass's `run` returns: what stayed valid, or why it could not
/// proceed.
pub type PassResult = Result<PreservedAnalyses, PassError>;

/// A pass over one function with a body (LLVM's `PassInfoMixin` of a
/// function pass).
///
/// A pass reads and changes only its function (and adds constants, types
/// and metadata through the context); it gets that function's cached
/// analyses and appends whatever it prints (what `opt` writes on standard
/// error) to `log`.
pub trait FunctionPass {
    /// The pass's name as the pipeline text spells it (`mem2reg`,
    /// `print<domtree>`).
    fn name(&self) -> String;

    /// Runs on `f`; returns what stayed valid.
    ///
    /// # Errors
    /// A [`PassError`] when the pass cannot proceed on `f`.
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        log: &mut String,
    ) -> PassResult;

    /// Whether the pass runs on `optnone` functions too (LLVM's
    /// `isRequired`: printers, `require`, `invalidate`, `verify`).
    fn is_required(&self) -> bool {
        false
    }
}

/// A pass over a whole module.
pub trait ModulePass {
    /// The pass's name as the pipeline text spells it.
    fn name(&self) -> String;

    /// Runs on `m`; returns what stayed valid (for every function's cached
    /// analyses).
    ///
    /// # Errors
    /// A [`PassError`] when the pass cannot proceed on `m`.
    fn run(
        &mut self,
        ctx: &mut Context,
        m: Module,
        am: &mut FunctionAnalyses,
        log: &mut String,
    ) -> PassResult;

    /// Whether the pass cannot be skipped.
    fn is_required(&self) -> bool {
        false
    }
}

/// One step of a function pipeline.
pub enum FunctionStep {
    /// A pass.
    Pass(Box<dyn FunctionPass>),
    /// `function(...)` nested in a function pipeline: its passes, in order.
    Nested(Vec<FunctionStep>),
}

/// One step of a module pipeline.
pub enum ModuleStep {
    /// A module pass.
    Pass(Box<dyn ModulePass>),
    /// `function(...)`: the function passes run on each function with a
    /// body, in module order (LLVM's `ModuleToFunctionPassAdaptor`).
    Functions(Vec<FunctionStep>),
    /// `function<eager-inv>(...)`: the same, and each function's analyses
    /// are dropped once its passes ran.
    FunctionsEagerInv(Vec<FunctionStep>),
    /// `module(...)`: a nested module pipeline.
    Nested(Vec<ModuleStep>),
}

impl fmt::Debug for FunctionStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FunctionStep::Pass(p) => f.write_str(&p.name()),
            FunctionStep::Nested(v) => f.debug_tuple("Nested").field(v).finish(),
        }
    }
}

impl fmt::Debug for ModuleStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModuleStep::Pass(p) => f.write_str(&p.name()),
            ModuleStep::Functions(v) => f.debug_tuple("Functions").field(v).finish(),
            ModuleStep::FunctionsEagerInv(v) => {
                f.debug_tuple("FunctionsEagerInv").field(v).finish()
            }
            ModuleStep::Nested(v) => f.debug_tuple("Nested").field(v).finish(),
        }
    }
}

/// Time spent per pass name, in first-run order (`-time-passes`).
#[derive(Default, Debug, Clone)]
pub struct PassTimings {
    rows: Vec<(String, Duration, u32)>,
}

impl PassTimings {
    fn add(&mut self, name: String, d: Duration) {
        match self.rows.iter_mut().find(|r| r.0 == name) {
            Some(r) => {
                r.1 += d;
                r.2 += 1;
            }
            None => self.rows.push((name, d, 1)),
        }
    }

    /// `(pass name, total time, runs)` per pass, in first-run order.
    pub fn rows(&self) -> impl Iterator<Item = (&str, Duration, u32)> {
        self.rows.iter().map(|(n, d, c)| (n.as_str(), *d, *c))
    }

    /// The report `-time-passes` prints: one line per pass, slowest
    /// first, then the total.
    pub fn report(&self) -> String {
        let total: Duration = self.rows.iter().map(|r| r.1).sum();
        let mut rows: Vec<_> = self.rows.iter().collect();
        rows.sort_by_key(|r| core::cmp::Reverse(r.1));
        let mut out = String::from("===- lair pass execution timing report -===\n");
        out.push_str("   wall ms     %   runs  pass\n");
        for (name, d, n) in rows {
            let pct = if total.is_zero() {
                0.0
            } else {
                d.as_secs_f64() * 100.0 / total.as_secs_f64()
            };
            out.push_str(&format!(
                "{:>10.3} {:>5.1} {:>6}  {}\n",
                d.as_secs_f64() * 1e3,
                pct,
                n,
                name
            ));
        }
        out.push_str(&format!(
            "{:>10.3} 100.0         total\n",
            total.as_secs_f64() * 1e3
        ));
        out
    }
}

/// Runs pipelines: holds the analysis cache, the printed text and the
/// timings for one `opt`-like run over one module.
#[derive(Default)]
pub struct PassRunner {
    /// The per-function analysis cache.
    pub analyses: FunctionAnalyses,
    /// What the passes printed (`opt` writes it on standard error).
    pub log: String,
    /// Per-pass times, when [`PassRunner::time_passes`] is on.
    pub timings: PassTimings,
    /// Whether to time each pass run.
    pub time_passes: bool,
}

impl PassRunner {
    /// A runner with an empty cache, no timings.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `steps` on module `m`.
    ///
    /// # Errors
    /// The first [`PassError`] a pass returns; no step runs after it.
    pub fn run(
        &mut self,
        ctx: &mut Context,
        m: Module,
        steps: &mut [ModuleStep],
    ) -> Result<(), PassError> {
        for s in steps {
            match s {
                ModuleStep::Pass(p) => {
                    let t = self.time_passes.then(Instant::now);
                    let pa = p.run(ctx, m, &mut self.analyses, &mut self.log);
                    if let Some(t) = t {
                        self.timings.add(p.name(), t.elapsed());
                    }
                    let pa = pa.map_err(|e| e.in_pass(|| p.name()))?;
                    if !pa.all_preserved() {
                        let funcs: Vec<Function> = ctx.functions(m).collect();
                        for f in funcs {
                            self.analyses.invalidate_for(f, &pa);
                        }
                    }
                }
                ModuleStep::Functions(fps) => self.run_functions(ctx, m, fps, false)?,
                ModuleStep::FunctionsEagerInv(fps) => self.run_functions(ctx, m, fps, true)?,
                ModuleStep::Nested(inner) => self.run(ctx, m, inner)?,
            }
        }
        Ok(())
    }

    /// LLVM's `ModuleToFunctionPassAdaptor`: `steps` on each function with
    /// a body, in module order.
    fn run_functions(
        &mut self,
        ctx: &mut Context,
        m: Module,
        steps: &mut [FunctionStep],
        eager_invalidate: bool,
    ) -> Result<(), PassError> {
        let funcs: Vec<Function> = ctx.functions(m).collect();
        for f in funcs {
            if ctx.is_declaration(f) {
                continue;
            }
            let optnone = ctx.has_optnone(f);
            self.run_function(ctx, f, steps, optnone)?;
            if eager_invalidate {
                self.analyses.invalidate(f, None);
            }
        }
        Ok(())
    }

    /// Runs function steps on `f`; passes that are not required are
    /// skipped when `optnone` (LLVM's `OptNoneInstrumentation`).
    ///
    /// # Errors
    /// The first [`PassError`] a pass returns; no step runs after it.
    pub fn run_function(
        &mut self,
        ctx: &mut Context,
        f: Function,
        steps: &mut [FunctionStep],
        optnone: bool,
    ) -> Result<(), PassError> {
        for s in steps {
            match s {
                FunctionStep::Pass(p) => {
                    if optnone && !p.is_required() {
                        continue;
                    }
                    let t = self.time_passes.then(Instant::now);
                    let pa = p.run(ctx, f, &mut self.analyses, &mut self.log);
                    if let Some(t) = t {
                        self.timings.add(p.name(), t.elapsed());
                    }
                    let pa = pa.map_err(|e| e.in_pass(|| p.name()))?;
                    self.analyses.invalidate_for(f, &pa);
                }
                FunctionStep::Nested(inner) => self.run_function(ctx, f, inner, optnone)?,
            }
        }
        Ok(())
    }
}

/// # Pass-manager queries
///
/// What the pass manager asks of a function before running a pass.
impl Context {
    /// Whether `f` carries the `optnone` attribute.
    pub fn has_optnone(&self, f: Function) -> bool {
        self.function_data(f)
            .attrs
            .fn_attrs()
            .has(crate::ir::attributes::AttrKind::OptimizeNone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::{PassRegistry, Pipeline};

    /// Logs `<pass> <function>`; `fails` refuses `@g`.
    struct Logs(&'static str);

    impl FunctionPass for Logs {
        fn name(&self) -> String {
            self.0.into()
        }
        fn run(
            &mut self,
            ctx: &mut Context,
            f: Function,
            _: &mut FunctionAnalyses,
            log: &mut String,
        ) -> PassResult {
            let name = ctx.name_of(f.0).unwrap_or("").to_string();
            if self.0 == "fails" && name == "g" {
                return Err(PassError::new("cannot handle @g"));
            }
            log.push_str(&format!("{} {name}\n", self.0));
            Ok(PreservedAnalyses::all())
        }
    }

    const THREE: &str = "define void @f() {\n  ret void\n}\n\
                         define void @g() {\n  ret void\n}\n\
                         define void @h() {\n  ret void\n}\n";

    #[test]
    fn a_failing_pass_stops_the_pipeline_and_is_named() {
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(THREE, "three").unwrap();
        let mut reg = PassRegistry::new();
        reg.register_function_pass("mark", || Box::new(Logs("mark")));
        reg.register_function_pass("fails", || Box::new(Logs("fails")));
        let mut p = Pipeline::parse_with("function(mark,fails),function(mark)", &reg).unwrap();
        let mut runner = PassRunner::new();
        let e = p.run(&mut ctx, m, &mut runner).unwrap_err();
        assert_eq!(e.pass(), "fails");
        assert_eq!(e.message(), "cannot handle @g");
        assert_eq!(e.to_string(), "fails: cannot handle @g");
        // @f ran both passes, @g only the first; @h and the second
        // adaptor never ran.
        assert_eq!(runner.log, "mark f\nfails f\nmark g\n");
    }

    #[test]
    fn transforms_refuse_an_unusable_data_layout() {
        for pass in ["loop-simplify", "reg2mem"] {
            let mut ctx = Context::new();
            let m = ctx.parse_assembly(THREE, "three").unwrap();
            ctx.module_mut(m).datalayout = "e-i64:63".into();
            let mut p = Pipeline::parse(pass).unwrap();
            let e = p.run(&mut ctx, m, &mut PassRunner::new()).unwrap_err();
            assert_eq!(e.pass(), pass);
            assert!(
                e.message()
                    .starts_with("the module's data layout is unusable: "),
                "{e}"
            );
        }
    }
}
