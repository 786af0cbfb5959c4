//! Instruction effects, call-site queries, speculation and trivial death
//! against LLVM 19.
//!
//! `tests/data/semantics/facts-llvm19.txt` holds, for every instruction of
//! `tests/data/semantics/*.ll`, what libLLVM 19 answers
//! (`scripts/semantics-oracle.cpp`, re-derived by `.ci/run`):
//! `mayReadFromMemory`, `mayWriteToMemory`, `mayThrow` (with and without
//! phase-one unwinding), `willReturn`, `mayHaveSideEffects`, `isAtomic`,
//! `isVolatile`, `isSafeToRemove`, `isSafeToSpeculativelyExecute`,
//! `wouldInstructionBeTriviallyDead`, `isInstructionTriviallyDead`; for
//! loads the pointer's dereferenceable bytes and alignment; for calls the
//! callee, intrinsic, memory effects, bundle effects and the attribute
//! queries that combine call site and callee. This test computes the same
//! line with lair and compares.

use lair::ir::attributes::AttrKind;
use lair::ir::{Function, Inst};
use lair::layout::LayoutCache;
use lair::Context;
use std::path::Path;

const FACTS: &str = include_str!("data/semantics/facts-llvm19.txt");

const FN_KINDS: &[AttrKind] = &[
    AttrKind::NoUnwind,
    AttrKind::WillReturn,
    AttrKind::NoReturn,
    AttrKind::Speculatable,
    AttrKind::NoFree,
    AttrKind::NoSync,
    AttrKind::NoCallback,
    AttrKind::Convergent,
    AttrKind::Cold,
    AttrKind::NoInline,
    AttrKind::StrictFp,
    AttrKind::NoMerge,
    AttrKind::NoDuplicate,
];
const PARAM_KINDS: &[AttrKind] = &[
    AttrKind::NoCapture,
    AttrKind::ReadOnly,
    AttrKind::ReadNone,
    AttrKind::WriteOnly,
    AttrKind::NoUndef,
    AttrKind::NonNull,
    AttrKind::NoAlias,
    AttrKind::ByVal,
    AttrKind::Returned,
    AttrKind::ImmArg,
    AttrKind::Dereferenceable,
    AttrKind::Alignment,
    AttrKind::SExt,
    AttrKind::ZExt,
    AttrKind::AllocatedPointer,
];
const RET_KINDS: &[AttrKind] = &[
    AttrKind::NoAlias,
    AttrKind::NonNull,
    AttrKind::NoUndef,
    AttrKind::Dereferenceable,
    AttrKind::Alignment,
    AttrKind::ZExt,
];

fn b(x: bool) -> &'static str {
    if x {
        "1"
    } else {
        "0"
    }
}

fn facts(ctx: &Context, i: Inst, layout: &mut LayoutCache) -> String {
    let mut s = ctx.opcode(i).mnemonic().to_string();
    let mut kv = |k: &str, v: &str| {
        s.push(' ');
        s.push_str(k);
        s.push('=');
        s.push_str(v);
    };
    kv("r", b(ctx.may_read_from_memory(i)));
    kv("w", b(ctx.may_write_to_memory(i)));
    kv("t", b(ctx.may_throw(i)));
    kv("t1", b(ctx.may_throw_phase_one(i)));
    kv("ret", b(ctx.will_return(i)));
    kv("se", b(ctx.may_have_side_effects(i)));
    kv("atomic", b(ctx.is_atomic(i)));
    kv("vol", b(ctx.is_volatile(i)));
    kv("rm", b(ctx.is_safe_to_remove(i)));
    kv("spec", b(ctx.is_safe_to_speculatively_execute(i, layout)));
    kv("dead", b(ctx.would_be_trivially_dead(i)));
    kv("tdead", b(ctx.is_trivially_dead(i)));
    if ctx.opcode(i) == lair::inst::Opcode::Load {
        let p = ctx.operand(i.0, 0).unwrap();
        let (n, null) = ctx.pointer_dereferenceable_bytes(p, layout);
        kv("deref", &format!("{n}{}", if null { "?" } else { "" }));
        kv(
            "align",
            &ctx.pointer_alignment(p, layout).bytes().to_string(),
        );
    }
    if !ctx.is_call_base(i) {
        return s;
    }
    s.push_str(" |");
    let mut kv = |k: &str, v: &str| {
        s.push(' ');
        s.push_str(k);
        s.push('=');
        s.push_str(v);
    };
    let callee = ctx
        .called_function(i)
        .map_or("-", |f| ctx.name_of(f).unwrap_or(""));
    kv("callee", callee);
    kv("id", ctx.call_intrinsic_id(i).map_or("-", |id| id.name()));
    kv("ii", b(ctx.is_intrinsic_call(i)));
    kv("ind", b(ctx.is_indirect_call(i)));
    kv("me", &ctx.call_memory_effects(i).bits().to_string());
    kv("rd", b(ctx.call_has_reading_bundles(i)));
    kv("cl", b(ctx.call_has_clobbering_bundles(i)));
    kv("nobuiltin", b(ctx.call_is_no_builtin(i)));
    let list = |pred: &dyn Fn(AttrKind) -> bool, kinds: &[AttrKind]| -> String {
        kinds
            .iter()
            .filter(|&&k| pred(k))
            .map(|k| format!("{},", k.name()))
            .collect()
    };
    kv("fn", &list(&|k| ctx.call_has_fn_attr(i, k), FN_KINDS));
    kv("rt", &list(&|k| ctx.call_has_ret_attr(i, k), RET_KINDS));
    let nargs = ctx.call_num_args(i);
    for a in 0..nargs {
        kv(
            &format!("p{a}"),
            &list(&|k| ctx.call_param_has_attr(i, a, k), PARAM_KINDS),
        );
    }
    let bundle_ops: u32 = ctx.call_bundles(i).iter().map(|b| b.len).sum();
    for a in nargs..nargs + bundle_ops {
        let ro = ctx.call_data_operand_has_attr(i, a, AttrKind::ReadOnly);
        let nc = ctx.call_data_operand_has_attr(i, a, AttrKind::NoCapture);
        kv(&format!("d{a}"), &format!("{}{}", b(ro), b(nc)));
    }
    let ret = ctx.call_returned_arg(i).map(|r| {
        (0..nargs)
            .find(|&k| ctx.call_arg(i, k) == r)
            .unwrap()
            .to_string()
    });
    kv("returned", ret.as_deref().unwrap_or("-"));
    s
}

#[test]
fn effects_and_call_sites_agree_with_llvm() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/semantics");
    let mut got = String::new();
    let mut n = 0;
    for line in FACTS.lines().filter(|l| l.starts_with("module ")) {
        let file = &line["module ".len()..];
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(&text, file).unwrap();
        let mut layout = ctx.module_layout_cache(m).unwrap();
        got += &format!("module {file}\n");
        let fns: Vec<Function> = ctx
            .functions(m)
            .filter(|&f| !ctx.is_declaration(f))
            .collect();
        for f in fns {
            got += &format!("fn {}\n", ctx.name_of(f).unwrap());
            let insts: Vec<Inst> = ctx.blocks(f).flat_map(|bb| ctx.insts(bb)).collect();
            for (k, i) in insts.into_iter().enumerate() {
                got += &format!("{k} {}\n", facts(&ctx, i, &mut layout));
                n += 1;
            }
        }
    }
    if let Ok(out) = std::env::var("LAIR_SEMANTICS_OUT") {
        std::fs::write(out, &got).unwrap();
    }
    let mut failures = Vec::new();
    let mut section = String::new();
    for (w, g) in FACTS.lines().zip(got.lines()) {
        if w.starts_with("module ") || w.starts_with("fn ") {
            section = w.to_string();
        }
        if w != g {
            failures.push(format!("{section}\n  llvm: {w}\n  lair: {g}"));
        }
    }
    assert_eq!(
        FACTS.lines().count(),
        got.lines().count(),
        "line counts differ"
    );
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n > 250, "{n} instructions");
}
