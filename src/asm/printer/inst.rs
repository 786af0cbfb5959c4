//! Printing one instruction line, and the debug records before it, as
//! LLVM 19's `AssemblyWriter::printInstruction` does.
//!
//! Owns the per-opcode operand layouts as text: which operands carry their
//! type, where flags, orderings and alignments go, the shapes of `switch`,
//! `phi`, `landingpad`, calls and the funclet pads. Operand *storage*
//! layouts are LLVM's (U11): `br [cond, iffalse, iftrue]`, `switch [cond,
//! default, v0, d0, ...]`, `call [args..., bundle ops..., callee]`,
//! `invoke [args..., bundle ops..., normal, unwind, callee]`, `callbr
//! [args..., bundle ops..., default, indirect..., callee]`, funclet pads
//! `[args..., parent pad]`, `catchswitch [parent pad, unwind dest?,
//! handlers...]`, `cleanupret [pad, unwind dest?]`.

use super::slots::{attachments_in_print_order, NAMED};
use super::text::{
    push_calling_conv, push_fmf, push_md_identifier, push_name, push_ordering, push_quoted,
    push_u64,
};
use super::writer::{push_opt_flags, push_shuffle_mask, Writer};
use crate::constants::{has_payload, kind_of_record, ConstKind};
use crate::inst::{bits, mem, FastMathFlags, Opcode, Ordering, Predicate, RmwOp, TailKind};
use crate::ir::attributes::AttrSyntax;
use crate::ir::inst::{CallData, DbgRecord, InstExtra, InstPayload, InstSide};
use crate::ir::Inst;
use crate::types::Type;
use crate::value::{Graph, UseData, Value, ValueData, ValueKind};

/// The `load`/`store` flags [`Writer::plain_line`] leaves to the general
/// path: `volatile` and an ordering (`atomic`).
const MEM_SPECIAL: u16 = mem::VOLATILE | mem::ORDER_MASK;

/// The predicate and fast-math flags of an `fcmp`'s `flags`: the predicate
/// number in the low byte, fast-math flags (`inst::fmf` bits) in the high
/// byte.
fn fcmp_parts(flags: u16) -> (Option<Predicate>, FastMathFlags) {
    (Predicate::from_u16(flags & 0xff), bits::fmf_of(flags >> 8))
}

/// An instruction's operands, read in place from its run in the use pool
/// (no copy per printed instruction).
#[derive(Copy, Clone)]
struct Ops<'a> {
    uses: &'a [UseData],
    graph: &'a Graph,
}

impl Ops<'_> {
    #[inline]
    fn len(&self) -> usize {
        self.uses.len()
    }
}

/// The raw value index of operand `k`, if present.
#[inline]
fn idx_at(ops: Ops<'_>, k: u32) -> Option<u32> {
    ops.uses
        .get(k as usize)
        .map(|u| u.val)
        .filter(|&v| v != crate::entity::NONE)
}

/// Operand `k`, if present.
#[inline]
fn op_at(ops: Ops<'_>, k: u32) -> Option<Value> {
    match ops.uses.get(k as usize) {
        Some(u) if u.val != crate::entity::NONE => Some(ops.graph.handle(u.val)),
        _ => None,
    }
}

/// Appends `op`'s mnemonic: a literal per arm for the opcodes an
/// unoptimised module is made of (a copy of known length, inlined), the
/// opcode table for the rest.
#[inline]
fn push_mnemonic(out: &mut String, op: Opcode) {
    match op {
        Opcode::Load => out.push_str("load"),
        Opcode::Store => out.push_str("store"),
        Opcode::Alloca => out.push_str("alloca"),
        Opcode::Call => out.push_str("call"),
        Opcode::Br => out.push_str("br"),
        Opcode::GetElementPtr => out.push_str("getelementptr"),
        Opcode::ICmp => out.push_str("icmp"),
        Opcode::SExt => out.push_str("sext"),
        Opcode::ZExt => out.push_str("zext"),
        Opcode::Trunc => out.push_str("trunc"),
        Opcode::Add => out.push_str("add"),
        Opcode::Sub => out.push_str("sub"),
        Opcode::Mul => out.push_str("mul"),
        Opcode::And => out.push_str("and"),
        Opcode::Or => out.push_str("or"),
        Opcode::Xor => out.push_str("xor"),
        Opcode::Shl => out.push_str("shl"),
        Opcode::Ret => out.push_str("ret"),
        Opcode::Phi => out.push_str("phi"),
        Opcode::Select => out.push_str("select"),
        _ => out.push_str(op.mnemonic()),
    }
}

/// The operand run of the instruction record `d` when every operand is
/// present, `None` when one is dropped (the general path prints those).
#[inline]
fn present_operands<'c>(ctx: &'c crate::Context, d: &ValueData) -> Option<&'c [UseData]> {
    let uses: &[UseData] = if d.nops == 0 {
        &[]
    } else {
        &ctx.graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize]
    };
    (!uses.iter().any(|u| u.val == crate::entity::NONE)).then_some(uses)
}

impl Writer<'_> {
    /// The debug records of instruction `idx` (one `    #dbg_...(...)` line
    /// each), then the instruction itself, each line ending in a newline.
    /// `idx` is the raw index of a live instruction of the walk: its record
    /// is read in place, and a handle is made only for the general path.
    /// Inlined into `Writer::block`, its one caller in the print walk.
    #[inline(always)]
    pub(super) fn inst_line(&self, out: &mut String, idx: u32) {
        let d = &self.ctx.graph.values[idx as usize];
        let side = if d.has_side() {
            self.ctx.inst_side_at(idx)
        } else if self.plain_line(out, idx, d) {
            out.push('\n');
            return;
        } else {
            InstSide::NONE
        };
        // A bare extra's type payload is in the side record: a plain GEP or
        // alloca line leaves its 104-byte extra unread (an extra not known
        // to be bare takes the general path, which writes the same text).
        if let Some(ty) = side.bare_ty() {
            if self.typed_payload_line(out, idx, d, ty) {
                out.push('\n');
                return;
            }
        }
        let extra = side.extra(self.ctx);
        let i = Inst(self.ctx.graph.handle(idx));
        if let (Some(extra), false) = (extra, side.bare) {
            for r in &extra.dbg_records {
                out.push_str("    ");
                self.dbg_record(out, r);
                out.push('\n');
            }
        }
        self.inst_with(out, i, extra, side.bare);
        out.push('\n');
    }

    /// The lines most of an unoptimised module is made of, written
    /// straight from the record `d` of instruction `idx` (which has no side
    /// record: no name, payload, metadata or debug records): a plain
    /// `load` or `store`, `br`, `icmp`, an integer binary operator or a
    /// cast, unnamed and with every operand present (and, where the
    /// general path would type each operand, operands of one type). The
    /// text is the one [`Writer::inst_with`] writes, without its per-opcode
    /// dispatch; false (nothing written) for any other line.
    #[inline]
    fn plain_line(&self, out: &mut String, idx: u32, d: &ValueData) -> bool {
        let Some(l) = self.locals else {
            return false;
        };
        let ctx = self.ctx;
        let Some(uses) = present_operands(ctx, d) else {
            return false;
        };
        let values = &ctx.graph.values;
        let op = Opcode::from_u8(d.opcode);
        let flags = d.flags;
        // A void line has no `%N = ` (a store or branch of another type
        // takes the general path, which prints what it has).
        let void = ctx.is_void(d.ty);
        match (op, uses) {
            (Opcode::Store, [v, p]) if void && flags & MEM_SPECIAL == 0 => {
                out.push_str("  store ");
                self.typed_at(out, v.val);
                out.push_str(", ");
                self.typed_at(out, p.val);
                self.push_align(out, flags);
            }
            (Opcode::Br, [dest]) if void => {
                out.push_str("  br ");
                self.typed_at(out, dest.val);
            }
            (Opcode::Br, [c, f, t]) if void => {
                out.push_str("  br ");
                self.typed_at(out, c.val);
                out.push_str(", ");
                self.typed_at(out, t.val);
                out.push_str(", ");
                self.typed_at(out, f.val);
            }
            _ => {
                // The rest have a result: `%N = ` first.
                let slot = l.raw(idx);
                if slot >= NAMED {
                    return false;
                }
                let start = out.len();
                out.push_str("  %");
                push_u64(out, slot as u64);
                out.push_str(" = ");
                match (op, uses) {
                    (Opcode::Load, [p]) if flags & MEM_SPECIAL == 0 => {
                        out.push_str("load ");
                        self.ty(out, d.ty);
                        out.push_str(", ");
                        self.typed_at(out, p.val);
                        self.push_align(out, flags);
                    }
                    (Opcode::ICmp, [a, b])
                        if values[a.val as usize].ty == values[b.val as usize].ty =>
                    {
                        let Some(p) = Predicate::from_u16(flags) else {
                            out.truncate(start);
                            return false;
                        };
                        out.push_str("icmp ");
                        out.push_str(p.name());
                        out.push(' ');
                        self.typed_at(out, a.val);
                        out.push_str(", ");
                        self.operand_at(out, b.val);
                    }
                    (_, [a, b])
                        if op.is_binary()
                            && !op.is_fp_binary()
                            && values[a.val as usize].ty == values[b.val as usize].ty =>
                    {
                        push_mnemonic(out, op);
                        push_opt_flags(out, op, flags, true);
                        out.push(' ');
                        self.typed_at(out, a.val);
                        out.push_str(", ");
                        self.operand_at(out, b.val);
                    }
                    (_, [a]) if op.is_cast() => {
                        push_mnemonic(out, op);
                        push_opt_flags(out, op, flags, true);
                        out.push(' ');
                        self.typed_at(out, a.val);
                        out.push_str(" to ");
                        self.ty(out, d.ty);
                    }
                    _ => {
                        out.truncate(start);
                        return false;
                    }
                }
            }
        }
        true
    }

    /// An unnamed `getelementptr` or `alloca` (record `d`) whose extra
    /// holds the type payload `ty` and no attachment or debug record, with
    /// every operand present (and an alloca of one element, in address
    /// space 0, without `inalloca` or `swifterror`), written as
    /// [`Writer::inst_with`] writes it without its per-opcode dispatch;
    /// false (nothing written) otherwise.
    #[inline]
    fn typed_payload_line(&self, out: &mut String, idx: u32, d: &ValueData, ty: Type) -> bool {
        let Some(l) = self.locals else {
            return false;
        };
        let ctx = self.ctx;
        let Some(uses) = present_operands(ctx, d) else {
            return false;
        };
        let Some(first) = uses.first() else {
            return false;
        };
        let values = &ctx.graph.values;
        let op = Opcode::from_u8(d.opcode);
        match op {
            Opcode::GetElementPtr => {}
            Opcode::Alloca => {
                // One `i32 1` element: the count's value in its record's
                // low word (no payload), as the general path reads it.
                let c = &values[first.val as usize];
                let one = uses.len() == 1
                    && c.is(ValueKind::Constant)
                    && kind_of_record(c) == ConstKind::Int
                    && !has_payload(c)
                    && c.a == 1
                    && ctx.int_width(c.ty) == Some(32);
                if !one
                    || d.flags & (mem::WEAK | mem::SWIFTERROR) != 0
                    || ctx.ptr_addrspace(d.ty) != Some(0)
                {
                    return false;
                }
            }
            _ => return false,
        }
        let slot = l.raw(idx);
        if slot >= NAMED {
            return false;
        }
        out.push_str("  %");
        push_u64(out, slot as u64);
        if op == Opcode::Alloca {
            out.push_str(" = alloca ");
            self.ty(out, ty);
            self.push_align(out, d.flags);
            return true;
        }
        out.push_str(" = getelementptr");
        push_opt_flags(out, op, d.flags, true);
        out.push(' ');
        self.ty(out, ty);
        out.push_str(", ");
        let first_ty = values[first.val as usize].ty;
        if uses[1..]
            .iter()
            .any(|u| values[u.val as usize].ty != first_ty)
        {
            self.typed_at(out, first.val);
            for u in &uses[1..] {
                out.push_str(", ");
                self.typed_at(out, u.val);
            }
        } else {
            self.typed_at(out, first.val);
            for u in &uses[1..] {
                out.push_str(", ");
                self.operand_at(out, u.val);
            }
        }
        true
    }

    /// `#dbg_value(...)`, `#dbg_declare(...)`, `#dbg_assign(...)`,
    /// `#dbg_label(...)`: the record's operands in order.
    pub(super) fn dbg_record(&self, out: &mut String, r: &DbgRecord) {
        out.push_str("#dbg_");
        out.push_str(&r.kind);
        out.push('(');
        for (k, op) in r.ops.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            match op {
                Some(md) => self.md_operand(out, *md),
                None => out.push_str("null"),
            }
        }
        out.push(')');
    }

    /// One instruction, indented by two spaces, without a newline.
    pub(super) fn inst(&self, out: &mut String, i: Inst) {
        // Checks that `i` is a live instruction (a panic naming it if not).
        self.ctx.opcode(i);
        self.inst_with(out, i, self.ctx.extra(i), false);
    }

    /// [`Writer::inst`] of the live instruction `i` with its side payload
    /// already looked up; with `bare` (the extra holds only its payload,
    /// `ir/side.rs`) no more than the payload is read.
    fn inst_with(&self, out: &mut String, i: Inst, extra: Option<&InstExtra>, bare: bool) {
        static NONE_PAYLOAD: InstPayload = InstPayload::None;
        let ctx = self.ctx;
        let v = i.0;
        let d = &ctx.graph.values[v.idx as usize];
        let op = Opcode::from_u8(d.opcode);
        let flags = d.flags;
        let ty = d.ty;
        let payload = extra.map_or(&NONE_PAYLOAD, |e| &e.payload);
        let call = match payload {
            InstPayload::Call(cd) => Some(&**cd),
            _ => None,
        };

        // The common case first: an unnamed local of the printed function,
        // numbered (one load of its slot, no side record read).
        let slot = self.locals.map_or(crate::entity::NONE, |l| l.raw(v.idx));
        if slot < NAMED {
            out.push_str("  %");
            push_u64(out, slot as u64);
            out.push_str(" = ");
        } else if let Some(name) = ctx.name_at(v.idx) {
            out.push_str("  ");
            push_name(out, '%', name);
            out.push_str(" = ");
        } else if !ctx.is_void(ty) {
            match self.locals.and_then(|l| l.get(v)) {
                Some(n) => {
                    out.push_str("  %");
                    push_u64(out, n as u64);
                    out.push_str(" = ");
                }
                None => out.push_str("  <badref> = "),
            }
        } else {
            out.push_str("  ");
        }

        if op == Opcode::Call {
            out.push_str(match call.map_or(TailKind::None, |c| c.tail) {
                TailKind::MustTail => "musttail ",
                TailKind::Tail => "tail ",
                TailKind::NoTail => "notail ",
                TailKind::None => "",
            });
        }
        push_mnemonic(out, op);

        let ordering = Ordering::from_bits(flags >> mem::ORDER_SHIFT);
        match op {
            Opcode::Load | Opcode::Store => {
                if ordering != Ordering::NotAtomic {
                    out.push_str(" atomic");
                }
                if flags & mem::VOLATILE != 0 {
                    out.push_str(" volatile");
                }
            }
            Opcode::AtomicCmpXchg => {
                if flags & mem::WEAK != 0 {
                    out.push_str(" weak");
                }
                if flags & mem::VOLATILE != 0 {
                    out.push_str(" volatile");
                }
            }
            Opcode::AtomicRMW if flags & mem::VOLATILE != 0 => out.push_str(" volatile"),
            _ => {}
        }

        // Fast-math flags, then the other optimisation flags
        // (`WriteOptimizationInfo`), then predicates and rmw operations.
        match op {
            Opcode::FNeg
            | Opcode::FAdd
            | Opcode::FSub
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem => push_fmf(out, bits::fmf_of(flags)),
            Opcode::Phi | Opcode::Select | Opcode::Call if self.ctx.is_fp_math_type(ty) => {
                push_fmf(out, bits::fmf_of(flags))
            }
            Opcode::FCmp => push_fmf(out, fcmp_parts(flags).1),
            _ => {}
        }
        push_opt_flags(out, op, flags, true);
        match op {
            Opcode::ICmp | Opcode::FCmp => {
                let p = if op == Opcode::FCmp {
                    fcmp_parts(flags).0
                } else {
                    Predicate::from_u16(flags)
                };
                out.push(' ');
                out.push_str(p.map_or("<bad predicate>", Predicate::name));
            }
            Opcode::AtomicRMW => {
                out.push(' ');
                let k = mem::extra(flags) as usize;
                out.push_str(RmwOp::ALL.get(k).map_or("<bad rmw op>", |r| r.name()));
            }
            _ => {}
        }

        let ops = Ops {
            uses: if d.nops == 0 {
                &[]
            } else {
                &ctx.graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize]
            },
            graph: &ctx.graph,
        };
        self.inst_operands(out, i, ops, op, ty, payload, call);

        // Orderings, alignments, masks.
        let scope = extra.and_then(|e| e.sync_scope.as_deref());
        let push_scope = |out: &mut String| {
            if let Some(s) = scope {
                out.push_str(" syncscope(");
                push_quoted(out, s);
                out.push(')');
            }
        };
        match op {
            Opcode::Load | Opcode::Store | Opcode::AtomicRMW | Opcode::Fence => {
                if ordering != Ordering::NotAtomic {
                    push_scope(out);
                    push_ordering(out, ordering);
                }
                if op != Opcode::Fence {
                    self.push_align(out, flags);
                }
            }
            Opcode::AtomicCmpXchg => {
                push_scope(out);
                push_ordering(out, ordering);
                push_ordering(out, Ordering::from_bits(mem::extra(flags)));
                self.push_align(out, flags);
            }
            Opcode::ShuffleVector => {
                if let InstPayload::Mask(m) = payload {
                    push_shuffle_mask(ctx, out, ty, m);
                }
            }
            _ => {}
        }

        if let (Some(extra), false) = (extra, bare) {
            for (kind, md) in attachments_in_print_order(ctx, extra.dbg, &extra.md) {
                out.push_str(", !");
                push_md_identifier(out, kind);
                out.push(' ');
                self.md_operand(out, md);
            }
        }
    }

    /// `, align N` when `flags` hold an alignment: a literal per arm for
    /// the alignments of scalars.
    #[inline(always)]
    fn push_align(&self, out: &mut String, flags: u16) {
        let Some(a) = mem::align_of(flags) else {
            return;
        };
        match a.bytes() {
            1 => out.push_str(", align 1"),
            2 => out.push_str(", align 2"),
            4 => out.push_str(", align 4"),
            8 => out.push_str(", align 8"),
            16 => out.push_str(", align 16"),
            n => {
                out.push_str(", align ");
                push_u64(out, n);
            }
        }
    }

    fn typed_opt(&self, out: &mut String, v: Option<Value>) {
        match v {
            Some(v) => self.typed(out, v),
            None => out.push_str("<null operand!>"),
        }
    }

    /// [`Writer::typed_opt`] of an operand given by raw value index.
    #[inline]
    fn typed_idx(&self, out: &mut String, v: Option<u32>) {
        match v {
            Some(v) => self.typed_at(out, v),
            None => out.push_str("<null operand!>"),
        }
    }

    /// [`Writer::operand_opt`] of an operand given by raw value index.
    #[inline]
    fn operand_idx(&self, out: &mut String, v: Option<u32>) {
        match v {
            Some(v) => self.operand_at(out, v),
            None => out.push_str("<null operand!>"),
        }
    }

    fn operand_opt(&self, out: &mut String, v: Option<Value>) {
        match v {
            Some(v) => self.operand(out, v),
            None => out.push_str("<null operand!>"),
        }
    }

    #[allow(clippy::too_many_arguments)] // the parts of one instruction, read once
    fn inst_operands(
        &self,
        out: &mut String,
        i: Inst,
        ops: Ops<'_>,
        op: Opcode,
        ty: Type,
        payload: &InstPayload,
        call: Option<&CallData>,
    ) {
        let ctx = self.ctx;
        let nops = ops.len() as u32;
        match op {
            Opcode::Br if nops == 3 => {
                out.push(' ');
                self.typed_idx(out, idx_at(ops, 0));
                out.push_str(", ");
                self.typed_idx(out, idx_at(ops, 2));
                out.push_str(", ");
                self.typed_idx(out, idx_at(ops, 1));
            }
            Opcode::Switch => {
                out.push(' ');
                self.typed_opt(out, op_at(ops, 0));
                out.push_str(", ");
                self.typed_opt(out, op_at(ops, 1));
                out.push_str(" [");
                let mut k = 2;
                while k + 1 < nops {
                    out.push_str("\n    ");
                    self.typed_opt(out, op_at(ops, k));
                    out.push_str(", ");
                    self.typed_opt(out, op_at(ops, k + 1));
                    k += 2;
                }
                out.push_str("\n  ]");
            }
            Opcode::IndirectBr => {
                out.push(' ');
                self.typed_opt(out, op_at(ops, 0));
                out.push_str(", [");
                for k in 1..nops {
                    if k > 1 {
                        out.push_str(", ");
                    }
                    self.typed_opt(out, op_at(ops, k));
                }
                out.push(']');
            }
            Opcode::Phi => {
                out.push(' ');
                self.ty(out, ty);
                out.push(' ');
                let blocks = match payload {
                    InstPayload::Phi { blocks, .. } => &blocks[..],
                    _ => &[],
                };
                for k in 0..nops {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("[ ");
                    self.operand_idx(out, idx_at(ops, k));
                    out.push_str(", ");
                    self.operand_opt(out, blocks.get(k as usize).copied());
                    out.push_str(" ]");
                }
            }
            Opcode::ExtractValue | Opcode::InsertValue => {
                out.push(' ');
                self.typed_opt(out, op_at(ops, 0));
                if op == Opcode::InsertValue {
                    out.push_str(", ");
                    self.typed_opt(out, op_at(ops, 1));
                }
                if let InstPayload::Indices(idx) = payload {
                    for &x in idx.iter() {
                        out.push_str(", ");
                        push_u64(out, x as u64);
                    }
                }
            }
            Opcode::LandingPad => {
                out.push(' ');
                self.ty(out, ty);
                let (clauses, cleanup) = match payload {
                    InstPayload::Grow {
                        clauses, cleanup, ..
                    } => (&clauses[..], *cleanup),
                    _ => (&[][..], false),
                };
                if cleanup || nops != 0 {
                    out.push('\n');
                }
                if cleanup {
                    out.push_str("          cleanup");
                }
                for k in 0..nops {
                    if k != 0 || cleanup {
                        out.push('\n');
                    }
                    let catch = clauses.get(k as usize).copied().unwrap_or(true);
                    out.push_str(if catch {
                        "          catch "
                    } else {
                        "          filter "
                    });
                    self.typed_opt(out, op_at(ops, k));
                }
            }
            Opcode::CatchSwitch => {
                out.push_str(" within ");
                self.operand_opt(out, op_at(ops, 0));
                out.push_str(" [");
                let has_unwind =
                    ctx.graph.values[i.0.idx as usize].flags & bits::CATCHSWITCH_HAS_UNWIND != 0;
                let first = if has_unwind { 2 } else { 1 };
                for k in first..nops {
                    if k > first {
                        out.push_str(", ");
                    }
                    self.typed_opt(out, op_at(ops, k));
                }
                out.push_str("] unwind ");
                if has_unwind {
                    self.typed_opt(out, op_at(ops, 1));
                } else {
                    out.push_str("to caller");
                }
            }
            Opcode::CatchPad | Opcode::CleanupPad => {
                out.push_str(" within ");
                self.operand_opt(out, nops.checked_sub(1).and_then(|k| op_at(ops, k)));
                out.push_str(" [");
                for k in 0..nops.saturating_sub(1) {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.typed_opt(out, op_at(ops, k));
                }
                out.push(']');
            }
            Opcode::Ret if nops == 0 => out.push_str(" void"),
            Opcode::CatchRet => {
                out.push_str(" from ");
                self.operand_opt(out, op_at(ops, 0));
                out.push_str(" to ");
                self.typed_opt(out, op_at(ops, 1));
            }
            Opcode::CleanupRet => {
                out.push_str(" from ");
                self.operand_opt(out, op_at(ops, 0));
                out.push_str(" unwind ");
                if nops >= 2 {
                    self.typed_opt(out, op_at(ops, 1));
                } else {
                    out.push_str("to caller");
                }
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                self.call_operands(out, i, ops, op, ty, call);
            }
            Opcode::Alloca => {
                out.push(' ');
                let flags = ctx.graph.values[i.0.idx as usize].flags;
                if flags & mem::WEAK != 0 {
                    out.push_str("inalloca ");
                }
                if flags & mem::SWIFTERROR != 0 {
                    out.push_str("swifterror ");
                }
                if let InstPayload::Ty(t) = payload {
                    self.ty(out, *t);
                }
                let count = op_at(ops, 0);
                // Read from the count's record: an `i32` constant keeps its
                // value in the record's low word unless it has a payload.
                let is_i32_one = idx_at(ops, 0).is_some_and(|c| {
                    let d = &ctx.graph.values[c as usize];
                    if !(d.is(ValueKind::Constant) && kind_of_record(d) == ConstKind::Int)
                        || ctx.int_width(d.ty) != Some(32)
                    {
                        return false;
                    }
                    if !has_payload(d) {
                        return d.a == 1;
                    }
                    ctx.const_int_value(ctx.graph.handle(c))
                        .is_some_and(|x| x.is_one())
                });
                if !is_i32_one {
                    out.push_str(", ");
                    self.typed_opt(out, count);
                }
                self.push_align(out, flags);
                if let Some(a) = ctx.ptr_addrspace(ty).filter(|&a| a != 0) {
                    out.push_str(", addrspace(");
                    push_u64(out, a as u64);
                    out.push(')');
                }
            }
            _ if op.is_cast() => {
                if nops > 0 {
                    out.push(' ');
                    self.typed_idx(out, idx_at(ops, 0));
                }
                out.push_str(" to ");
                self.ty(out, ty);
            }
            Opcode::VAArg => {
                if nops > 0 {
                    out.push(' ');
                    self.typed_opt(out, op_at(ops, 0));
                }
                out.push_str(", ");
                self.ty(out, ty);
            }
            _ if nops > 0 => {
                if op == Opcode::GetElementPtr {
                    if let InstPayload::Ty(t) = payload {
                        out.push(' ');
                        self.ty(out, *t);
                        out.push(',');
                    }
                } else if op == Opcode::Load {
                    out.push(' ');
                    self.ty(out, ty);
                    out.push(',');
                }
                let values = &ctx.graph.values;
                let ty_at = |k: u32| idx_at(ops, k).map(|x| values[x as usize].ty);
                let first_ty = ty_at(0);
                let print_all = matches!(
                    op,
                    Opcode::Select
                        | Opcode::Store
                        | Opcode::ShuffleVector
                        | Opcode::Ret
                        | Opcode::AtomicCmpXchg
                        | Opcode::AtomicRMW
                ) || (1..nops)
                    .any(|k| ty_at(k).is_some_and(|t| Some(t) != first_ty));
                out.push(' ');
                if !print_all {
                    if let Some(t) = first_ty {
                        self.ty_sp(out, t);
                    }
                }
                for k in 0..nops {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    if print_all {
                        self.typed_idx(out, idx_at(ops, k));
                    } else {
                        self.operand_idx(out, idx_at(ops, k));
                    }
                }
            }
            _ => {}
        }
    }

    /// The part of a call, invoke or callbr after the opcode and flags.
    fn call_operands(
        &self,
        out: &mut String,
        i: Inst,
        ops: Ops<'_>,
        op: Opcode,
        ty: Type,
        call: Option<&CallData>,
    ) {
        let ctx = self.ctx;
        let nops = ops.len() as u32;
        let default;
        let cd = match call {
            Some(cd) => cd,
            None => {
                default = CallData::default();
                &default
            }
        };
        let callee = nops.checked_sub(1).and_then(|k| op_at(ops, k));
        if cd.call_conv != 0 {
            out.push(' ');
            push_calling_conv(out, cd.call_conv);
        }
        let ret_attrs = cd.attrs.ret_attrs();
        if !ret_attrs.is_empty() {
            out.push(' ');
            self.attr_set(out, ret_attrs, AttrSyntax::Inline);
        }
        if op != Opcode::CallBr {
            let callee_as = callee
                .and_then(|c| ctx.ptr_addrspace(ctx.type_of(c)))
                .unwrap_or(0);
            if callee_as != 0 || self.slots.program_as != 0 || !self.slots.has_module {
                out.push_str(" addrspace(");
                push_u64(out, callee_as as u64);
                out.push(')');
            }
        }
        let fn_ty = cd.fn_ty.or_else(|| {
            callee
                .and_then(|c| ctx.as_function(c))
                .map(|f| ctx.signature(f))
        });
        let varargs = fn_ty
            .and_then(|t| ctx.function_parts(t))
            .is_some_and(|(_, _, va)| va);
        out.push(' ');
        match fn_ty {
            Some(t) if varargs => self.ty(out, t),
            Some(t) => self.ty(out, ctx.function_parts(t).map_or(ty, |p| p.0)),
            None => self.ty(out, ty),
        }
        out.push(' ');
        // The callee by raw index: a named function's name straight from
        // its record.
        self.operand_idx(out, nops.checked_sub(1).and_then(|k| idx_at(ops, k)));
        out.push('(');
        let bundle_ops: u32 = cd.bundles.iter().map(|b| b.len).sum();
        let trailing = match op {
            Opcode::Invoke => 3,
            Opcode::CallBr => 2 + cd.num_indirect,
            _ => 1,
        };
        let nargs = nops.saturating_sub(trailing + bundle_ops);
        for k in 0..nargs {
            if k > 0 {
                out.push_str(", ");
            }
            let Some(a) = idx_at(ops, k) else {
                out.push_str("<null operand!>");
                continue;
            };
            let t = ctx.graph.values[a as usize].ty;
            let pa = cd.attrs.param_attrs(k);
            if pa.is_empty() {
                self.ty_sp(out, t);
            } else {
                self.ty(out, t);
                out.push(' ');
                self.attr_set(out, pa, AttrSyntax::Inline);
                out.push(' ');
            }
            self.operand_at(out, a);
        }
        if op == Opcode::Call && cd.tail == TailKind::MustTail {
            let caller_va = ctx
                .inst_parent(i)
                .and_then(|b| ctx.block_parent(b))
                .and_then(|f| ctx.function_parts(ctx.signature(f)))
                .is_some_and(|(_, _, va)| va);
            if caller_va {
                if nargs > 0 {
                    out.push_str(", ");
                }
                out.push_str("...");
            }
        }
        out.push(')');
        if let Some(n) = self.slots.attr_group(cd.attrs.fn_attrs()) {
            out.push_str(" #");
            push_u64(out, n as u64);
        }
        if !cd.bundles.is_empty() {
            out.push_str(" [ ");
            for (k, b) in cd.bundles.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                push_quoted(out, &b.tag);
                out.push('(');
                for j in 0..b.len {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    self.typed_opt(out, op_at(ops, b.start + j));
                }
                out.push(')');
            }
            out.push_str(" ]");
        }
        let dests = nargs + bundle_ops;
        match op {
            Opcode::Invoke => {
                out.push_str("\n          to ");
                self.typed_opt(out, op_at(ops, dests));
                out.push_str(" unwind ");
                self.typed_opt(out, op_at(ops, dests + 1));
            }
            Opcode::CallBr => {
                out.push_str("\n          to ");
                self.typed_opt(out, op_at(ops, dests));
                out.push_str(" [");
                for k in 0..cd.num_indirect {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.typed_opt(out, op_at(ops, dests + 1 + k));
                }
                out.push(']');
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::slots::{LocalSlots, ModuleSlots};
    use super::super::writer::Writer;
    use crate::asm::parse::parse_module;
    use crate::builder::Builder;
    use crate::ir::inst::InstPayload;
    use crate::Context;

    /// The lines `inst_line` writes without `inst_with` (`plain_line`,
    /// `typed_payload_line`) are the general path's text, and the shapes
    /// they leave to it (names, flags, atomics, counts, address spaces,
    /// mixed operand types, attachments) still print through it.
    #[test]
    fn fast_lines_match_the_general_path() {
        let src = r#"
%T = type { i32, ptr }
define i32 @f(ptr %p, i32 %n, <2 x i32> %v) {
  %a = alloca i32, align 4
  %1 = alloca i32, align 4
  %2 = alloca %T, i32 %n, align 8
  %3 = alloca i64, i64 2, addrspace(5)
  %4 = alloca inalloca i8, align 1
  %5 = alloca swifterror ptr, align 8
  %6 = alloca [4 x i8], align 1, addrspace(3)
  %7 = getelementptr inbounds nuw %T, ptr %p, i64 0, i32 1
  %8 = getelementptr i8, ptr %p, i64 4
  %9 = getelementptr nusw i8, ptr %p, i64 -4
  %10 = getelementptr <2 x i8>, <2 x ptr> zeroinitializer, <2 x i64> zeroinitializer
  %11 = getelementptr %T, ptr %p, i32 0, i32 0, !dbg !1
  %named = getelementptr i8, ptr %p, i64 1
  %12 = load i32, ptr %p, align 4
  %13 = load volatile i32, ptr %p, align 4
  %14 = load atomic i32, ptr %p seq_cst, align 4
  %15 = load i32, ptr %p, align 4, !nontemporal !0
  %16 = load i32, ptr %p
  %17 = add nuw nsw i32 %12, 1
  %18 = shl i32 %17, 2
  %19 = or disjoint i32 %18, 1
  %20 = udiv exact i32 %19, 2
  %21 = fadd fast float 1.0, 2.0
  %22 = shl <2 x i32> %v, <i32 1, i32 2>
  %23 = icmp ult i32 %20, %n
  %24 = icmp eq ptr %p, null
  %25 = trunc nuw nsw i32 %20 to i8
  %26 = zext nneg i8 %25 to i64
  %27 = sext i8 %25 to i32
  %28 = ptrtoint ptr %p to i64
  %29 = bitcast <2 x i32> %v to i64
  store i32 %20, ptr %p, align 4
  store volatile i32 %20, ptr %p
  store atomic i32 %20, ptr %p release, align 4
  store i32 %20, ptr %8, align 1, !nontemporal !0
  br i1 %23, label %l1, label %l2
l1:
  br label %l2, !dbg !1
l2:
  br label %l3
l3:
  ret i32 %20
}
!0 = !{i32 1}
!llvm.module.flags = !{!5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !DILocation(line: 1, scope: !2)
!2 = distinct !DISubprogram(name: "f", unit: !3)
!3 = distinct !DICompileUnit(language: DW_LANG_C99, file: !4)
!4 = !DIFile(filename: "a.c", directory: "/")
"#;
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, src, "t.ll").expect("the module parses");
        let slots = ModuleSlots::new(&ctx, m);
        let f = ctx.functions(m).next().expect("a function");
        let mut locals = LocalSlots::new();
        locals.incorporate(&ctx, f);
        let w = Writer {
            ctx: &ctx,
            slots: &slots,
            locals: Some(&locals),
        };
        let mut lines = 0;
        for b in ctx.blocks(f) {
            for i in ctx.insts(b) {
                let mut fast = String::new();
                w.inst_line(&mut fast, i.0.idx);
                let mut general = String::new();
                w.inst_with(&mut general, i, ctx.extra(i), false);
                general.push('\n');
                assert_eq!(fast, general);
                lines += 1;
            }
        }
        assert_eq!(lines, 39);
        let text = ctx.print_module(m);
        for want in [
            "  %2 = alloca %T, i32 %n, align 8\n",
            "  %3 = alloca i64, i64 2, align 8, addrspace(5)\n",
            "  %4 = alloca inalloca i8, align 1\n",
            "  %7 = getelementptr inbounds nuw %T, ptr %p, i64 0, i32 1\n",
            "  %9 = getelementptr nusw i8, ptr %p, i64 -4\n",
            "  %12 = load i32, ptr %p, align 4\n",
            "  %13 = load volatile i32, ptr %p, align 4\n",
            "  %17 = add nuw nsw i32 %12, 1\n",
            "  %23 = icmp ult i32 %20, %n\n",
            "  %25 = trunc nuw nsw i32 %20 to i8\n",
            "  store atomic i32 %20, ptr %p release, align 4\n",
            "  br i1 %23, label %l1, label %l2\n",
            "  br label %l2, !dbg !",
        ] {
            assert!(text.contains(want), "{want:?} not in:\n{text}");
        }
    }

    /// Payloads edited inside the crate into what their opcode cannot have
    /// (the public API cannot: `extra_mut` is crate-private) still print,
    /// without a panic.
    #[test]
    fn edited_payloads_print() {
        let mut ctx = Context::new();
        let m = ctx.create_module("m");
        let i64t = ctx.i64_type();
        let fty = ctx.function_type(i64t, &[i64t], false);
        let f = ctx.add_function(m, "f", fty);
        let e = ctx.append_block(f, "e");
        let p = ctx.append_block(f, "p");
        let a = ctx.arg(f, 0);
        let mut b = Builder::at_end(&mut ctx, e);
        b.br(p);
        let mut b = Builder::at_end(&mut ctx, p);
        let phi = b.phi(i64t, 1);
        b.ctx.phi_add_incoming(phi, a, e);
        let call = b.call(fty, f.0, &[a]);
        let sv = b.ctx.as_inst(call).expect("a call instruction");
        b.ret(Some(call));
        if let InstPayload::Phi { blocks, .. } = &mut ctx.extra_mut(phi).payload {
            blocks.clear();
        }
        if let InstPayload::Call(cd) = &mut ctx.extra_mut(sv).payload {
            cd.fn_ty = None;
        }
        let text = ctx.display_function(f).to_string();
        assert!(text.contains("phi i64 [ %0, <null operand!> ]"), "{text}");
        assert!(text.contains("%2 = call i64 @f(i64 %0)"), "{text}");
    }
}
