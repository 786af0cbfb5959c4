//! `mem2reg` (WORKLOADS.md): promote the promotable entry-block allocas of
//! every function with a body in one `promote_mem_to_reg` call each (one
//! round, as `llvm_ref` does; the pass repeats until none is left; `optnone`
//! ignored), on a fresh parse per repetition (the parse is untimed). The
//! dominator tree of each function is built inside the clock (one reused
//! tree). Checksums on stderr, as `llvm_ref` prints them: allocas promoted
//! and instructions left in the module; every repetition must agree.

use crate::{measure, report, Opts, Sample};
use lair::analysis::DomTree;
use lair::asm::parse::parse_module;
use lair::inst::Opcode;
use lair::ir::Function;
use lair::Context;

pub fn mem2reg(opts: &Opts) {
    let src = match std::fs::read_to_string(&opts.input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("mem2reg: {}: {e}", opts.input);
            return;
        }
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut last: Option<(u64, u64)> = None;
    for _ in 0..opts.reps() {
        let mut ctx = Context::new(); // setup
        let m = match parse_module(&mut ctx, &src, &opts.input) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("mem2reg: {e}");
                return;
            }
        };
        let funcs: Vec<Function> = ctx
            .functions(m)
            .filter(|&f| !ctx.is_declaration(f))
            .collect();
        let (sample, promoted) = measure(|| {
            let mut dt = DomTree::empty();
            let mut allocas = Vec::new();
            let mut promoted = 0u64;
            for &f in &funcs {
                dt.recalculate(&ctx, f);
                let entry = ctx.entry_block(f).expect("a body");
                allocas.clear();
                for i in ctx.insts(entry) {
                    if ctx.opcode(i) == Opcode::Alloca && ctx.is_alloca_promotable(i) {
                        allocas.push(i);
                    }
                }
                if !allocas.is_empty() {
                    promoted += allocas.len() as u64;
                    ctx.promote_mem_to_reg(&allocas, &dt);
                }
            }
            promoted
        });
        samples.push(sample);
        // Checks, untimed.
        let left: u64 = funcs
            .iter()
            .map(|&f| {
                ctx.blocks(f)
                    .map(|b| ctx.insts(b).count() as u64)
                    .sum::<u64>()
            })
            .sum();
        assert!(
            last.is_none_or(|l| l == (promoted, left)),
            "mem2reg: repetitions disagree"
        );
        last = Some((promoted, left));
        drop(ctx); // teardown, untimed
    }
    if let Some((promoted, left)) = last {
        eprintln!("lair: mem2reg: {promoted} allocas promoted, {left} instructions left");
    }
    report("mem2reg", src.len(), &samples, false);
}
