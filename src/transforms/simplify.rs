//! The instruction simplifications transforms ask for: LLVM 19's
//! `simplifyInstruction` for PHIs (`simplifyPHINode`), which mem2reg,
//! loop-simplify and LCSSA's SSA updater use to drop PHIs that merge one
//! value.
//!
//! Owns [`simplify_phi`]. It never changes the IR: it answers with the
//! value a PHI can be replaced by.

use crate::analysis::DomTree;
use crate::constants::ConstKind;
use crate::ir::Inst;
use crate::value::{Value, ValueKind};
use crate::Context;

/// Whether `v` is `undef` or `poison` (LLVM's `isa<UndefValue>`).
pub(crate) fn is_undef_or_poison(ctx: &Context, v: Value) -> bool {
    ctx.value_kind(v) == ValueKind::Constant
        && matches!(ctx.const_kind(v), ConstKind::Undef | ConstKind::Poison)
}

/// LLVM 19's `simplifyInstruction` on a PHI: the one value it merges
/// (ignoring itself and `undef`/`poison` inputs), `undef` when it merges
/// only `undef`s, `poison` when nothing; with an `undef` input the value
/// must dominate the PHI (with `dt`; without one, only non-instructions and
/// entry-block instructions other than `invoke`/`callbr` do). A PHI that
/// would simplify to itself (unreachable code) gives `poison`.
pub fn simplify_phi(ctx: &mut Context, phi: Inst, dt: Option<&DomTree>) -> Option<Value> {
    let mut common: Option<Value> = None;
    let mut has_undef = false;
    let n = ctx.num_operands(phi.0);
    for k in 0..n {
        let v = ctx.operand(phi.0, k)?;
        if v == phi.0 {
            continue;
        }
        if is_undef_or_poison(ctx, v) {
            has_undef = true;
            continue;
        }
        if common.is_some_and(|c| c != v) {
            return None;
        }
        common = Some(v);
    }
    let ty = ctx.type_of(phi.0);
    let Some(c) = common else {
        return Some(if has_undef {
            ctx.const_undef(ty)
        } else {
            ctx.const_poison(ty)
        });
    };
    if has_undef && !value_dominates_phi(ctx, c, phi, dt) {
        return None;
    }
    if c == phi.0 {
        return Some(ctx.const_poison(ty));
    }
    Some(c)
}

/// LLVM's `valueDominatesPHI`.
fn value_dominates_phi(ctx: &Context, v: Value, phi: Inst, dt: Option<&DomTree>) -> bool {
    let Some(i) = ctx.as_inst(v) else {
        return true;
    };
    if let Some(dt) = dt {
        return dt.dominates_inst(ctx, v, phi);
    }
    let Some(b) = ctx.inst_parent(i) else {
        return false;
    };
    let entry = ctx.block_parent(b).and_then(|f| ctx.entry_block(f));
    entry == Some(b)
        && !matches!(
            ctx.opcode(i),
            crate::inst::Opcode::Invoke | crate::inst::Opcode::CallBr
        )
}
