//! A pass written outside the crate, against lair's public API only: it
//! counts each function's blocks and instructions and erases `add x, 0`
//! (a tiny transform that says what it preserves), registered by name so a
//! `-passes=` pipeline can run it next to lair's own passes. `count`
//! refuses a function of more than `MAX_BLOCKS` blocks with a
//! [`PassError`], the way a pass that cannot proceed says so.
//!
//! `cargo run --example count_pass [FILE.ll] [PIPELINE]` (default pipeline
//! `mem2reg,fold-add-zero,count`; without a file, a small built-in module).

use lair::ir::{Function, Inst};
use lair::passes::{
    FunctionAnalyses, FunctionPass, PassError, PassRegistry, PassResult, PassRunner, Pipeline,
    PreservedAnalyses,
};
use lair::Context;

/// The most blocks `count` accepts in a function.
const MAX_BLOCKS: usize = 10_000;

/// Prints `<function>: <blocks> blocks, <instructions> instructions`.
struct Count;

impl FunctionPass for Count {
    fn name(&self) -> String {
        "count".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        _: &mut FunctionAnalyses,
        log: &mut String,
    ) -> PassResult {
        let blocks = ctx.blocks(f).count();
        let name = ctx.name_of(f.0).unwrap_or("").to_string();
        if blocks > MAX_BLOCKS {
            return Err(PassError::new(format!(
                "@{name} has {blocks} blocks, more than {MAX_BLOCKS}"
            )));
        }
        let insts: usize = ctx.blocks(f).map(|b| ctx.insts(b).count()).sum();
        log.push_str(&format!("{name}: {blocks} blocks, {insts} instructions\n"));
        Ok(PreservedAnalyses::all())
    }
    fn is_required(&self) -> bool {
        true
    }
}

/// Replaces `add X, 0` by `X` and erases it; keeps the CFG.
struct FoldAddZero;

impl FunctionPass for FoldAddZero {
    fn name(&self) -> String {
        "fold-add-zero".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        _: &mut FunctionAnalyses,
        _: &mut String,
    ) -> PassResult {
        let mut changed = false;
        let blocks: Vec<_> = ctx.blocks(f).collect();
        for b in blocks {
            let mut cursor = ctx.early_inc_insts(b);
            while let Some(i) = cursor.next(ctx) {
                if let Some(x) = add_of_zero(ctx, i) {
                    ctx.replace_all_uses_with(i.0, x);
                    ctx.erase_inst(i);
                    changed = true;
                }
            }
        }
        Ok(if changed {
            PreservedAnalyses::cfg()
        } else {
            PreservedAnalyses::all()
        })
    }
}

fn add_of_zero(ctx: &Context, i: Inst) -> Option<lair::Value> {
    if ctx.opcode(i) != lair::inst::Opcode::Add {
        return None;
    }
    let (x, z) = (ctx.operand(i.0, 0)?, ctx.operand(i.0, 1)?);
    let zero = ctx.const_int_value(z)?;
    zero.is_zero().then_some(x)
}

const DEMO: &str = r#"
define i32 @f(i32 %a) {
entry:
  %x = alloca i32
  %y = add i32 %a, 0
  store i32 %y, ptr %x
  %z = load i32, ptr %x
  ret i32 %z
}
"#;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.first() {
        Some(p) => std::fs::read_to_string(p).expect("readable input"),
        None => DEMO.to_string(),
    };
    let pipeline = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "mem2reg,fold-add-zero,count".into());
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&text, "input").expect("valid IR");
    let mut reg = PassRegistry::new();
    reg.register_function_pass("count", || Box::new(Count));
    reg.register_function_pass("fold-add-zero", || Box::new(FoldAddZero));
    let mut p = Pipeline::parse_with(&pipeline, &reg).unwrap_or_else(|e| panic!("{e}"));
    let mut runner = PassRunner::new();
    let ran = p.run(&mut ctx, m, &mut runner);
    eprint!("{}", runner.log);
    if let Err(e) = ran {
        eprintln!("count_pass: error: {e}");
        std::process::exit(1);
    }
    print!("{}", ctx.print_module(m));
}
