//! Writing types, value operands and constants (LLVM 19's `TypePrinting`,
//! `WriteAsOperandInternal` and `WriteConstantInternal`).
//!
//! Owns [`Writer`]: an immutable view of the context and the numbering that
//! appends text to a `String`. Nested types and constants are walked with
//! an explicit stack (a small inline one for the usual shallow case), so a
//! 100k-deep constant expression prints without exhausting the call stack.
//! Instructions and module structure are printed by `inst.rs` and
//! `module.rs` on top of it.

use core::fmt;

use smallvec::SmallVec;

use super::slots::{local_parent, slot_in_function, LocalSlots, ModuleSlots, NAMED};
use super::text::{push_escaped, push_i64, push_name, push_quoted, push_u64};
use crate::constants::apfloat::{APFloat, FloatKind};
use crate::constants::{has_payload, kind_of_record, ConstKind, ConstPayload};
use crate::inst::{bits, Opcode, WrapFlags};
use crate::ir::attributes::{write_set_numbered, AttrSyntax, AttributeSet};
use crate::ir::metadata::{MdPrinter, Metadata};
use crate::ir::special::AsmDialect;
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;

/// What the printer knows while it writes: the context, the module
/// numbering and (inside a function) the local numbering.
#[derive(Copy, Clone)]
pub(crate) struct Writer<'a> {
    pub(super) ctx: &'a Context,
    pub(super) slots: &'a ModuleSlots<'a>,
    pub(super) locals: Option<&'a LocalSlots>,
}

/// A pending piece of a nested type.
enum TyTask {
    Str(&'static str),
    Ty(Type),
    Num(u64),
}

/// A pending piece of a nested constant.
enum Task {
    Str(&'static str),
    Ty(Type),
    /// A value operand, without its type.
    Op(Value),
    /// `<type> <operand>`.
    TypedOp(Value),
    /// The mask of a shufflevector expression.
    Mask(Value),
}

impl<'a> Writer<'a> {
    // ---- types ---------------------------------------------------------

    /// Appends `t` in LLVM 19 syntax; unnamed identified structs as the
    /// module numbers them.
    #[inline(always)]
    pub(super) fn ty(&self, out: &mut String, t: Type) {
        // One `push_str` of a literal per arm: a copy of known length,
        // inlined, where a chosen `&str` would call `memcpy`.
        match self.ctx.type_data(t) {
            TypeData::Ptr(0) => out.push_str("ptr"),
            TypeData::Int(1) => out.push_str("i1"),
            TypeData::Int(8) => out.push_str("i8"),
            TypeData::Int(16) => out.push_str("i16"),
            TypeData::Int(32) => out.push_str("i32"),
            TypeData::Int(64) => out.push_str("i64"),
            TypeData::Void => out.push_str("void"),
            TypeData::Double => out.push_str("double"),
            TypeData::Float => out.push_str("float"),
            TypeData::Label => out.push_str("label"),
            // A named struct (GEP source and alloca types) without the
            // nested walk.
            TypeData::IdentifiedStruct(i) => match self.slots.names.struct_text(*i) {
                Some(text) => out.push_str(text),
                None => self.ty_nested(out, t),
            },
            _ => self.ty_nested(out, t),
        }
    }

    /// [`Writer::ty`] followed by a space (`i32 `), the space part of the
    /// literal for the common types.
    #[inline(always)]
    pub(super) fn ty_sp(&self, out: &mut String, t: Type) {
        match self.ctx.type_data(t) {
            TypeData::Ptr(0) => out.push_str("ptr "),
            TypeData::Int(1) => out.push_str("i1 "),
            TypeData::Int(8) => out.push_str("i8 "),
            TypeData::Int(16) => out.push_str("i16 "),
            TypeData::Int(32) => out.push_str("i32 "),
            TypeData::Int(64) => out.push_str("i64 "),
            TypeData::Double => out.push_str("double "),
            TypeData::Float => out.push_str("float "),
            TypeData::Label => out.push_str("label "),
            _ => {
                self.ty(out, t);
                out.push(' ');
            }
        }
    }

    fn ty_nested(&self, out: &mut String, t: Type) {
        let mut stack: SmallVec<[TyTask; 16]> = SmallVec::new();
        stack.push(TyTask::Ty(t));
        while let Some(task) = stack.pop() {
            let t = match task {
                TyTask::Str(s) => {
                    out.push_str(s);
                    continue;
                }
                TyTask::Num(n) => {
                    push_u64(out, n);
                    continue;
                }
                TyTask::Ty(t) => t,
            };
            let simple = match self.ctx.type_data(t) {
                TypeData::Void => "void",
                TypeData::Label => "label",
                TypeData::Metadata => "metadata",
                TypeData::Token => "token",
                TypeData::Half => "half",
                TypeData::BFloat => "bfloat",
                TypeData::Float => "float",
                TypeData::Double => "double",
                TypeData::X86Fp80 => "x86_fp80",
                TypeData::Fp128 => "fp128",
                TypeData::PpcFp128 => "ppc_fp128",
                TypeData::X86Amx => "x86_amx",
                TypeData::X86Mmx => "x86_mmx",
                TypeData::Int(w) => {
                    out.push('i');
                    push_u64(out, *w as u64);
                    continue;
                }
                TypeData::Ptr(0) => "ptr",
                TypeData::Ptr(a) => {
                    out.push_str("ptr addrspace(");
                    push_u64(out, *a as u64);
                    out.push(')');
                    continue;
                }
                TypeData::Array { elem, len } => {
                    out.push('[');
                    push_u64(out, *len);
                    out.push_str(" x ");
                    stack.push(TyTask::Str("]"));
                    stack.push(TyTask::Ty(*elem));
                    continue;
                }
                TypeData::Vector {
                    elem,
                    len,
                    scalable,
                } => {
                    out.push_str(if *scalable { "<vscale x " } else { "<" });
                    push_u64(out, *len as u64);
                    out.push_str(" x ");
                    stack.push(TyTask::Str(">"));
                    stack.push(TyTask::Ty(*elem));
                    continue;
                }
                TypeData::LiteralStruct { elems, packed } => {
                    push_struct_elems(out, &mut stack, elems, *packed);
                    continue;
                }
                TypeData::IdentifiedStruct(i) => {
                    if let Some(text) = self.slots.names.struct_text(*i) {
                        out.push_str(text);
                        continue;
                    }
                    match self.ctx.struct_name_bytes(t) {
                        Some(name) => push_name(out, '%', name),
                        None => {
                            out.push('%');
                            push_u64(out, self.slots.struct_number(t).unwrap_or(*i) as u64);
                        }
                    }
                    continue;
                }
                TypeData::Function {
                    ret,
                    params,
                    varargs,
                } => {
                    stack.push(TyTask::Str(")"));
                    if *varargs {
                        stack.push(TyTask::Str(if params.is_empty() { "..." } else { ", ..." }));
                    }
                    for (k, &p) in params.iter().enumerate().rev() {
                        stack.push(TyTask::Ty(p));
                        if k > 0 {
                            stack.push(TyTask::Str(", "));
                        }
                    }
                    stack.push(TyTask::Str(" ("));
                    stack.push(TyTask::Ty(*ret));
                    continue;
                }
                TypeData::TargetExt { name, types, ints } => {
                    out.push_str("target(\"");
                    push_escaped(out, name.as_bytes());
                    out.push('"');
                    stack.push(TyTask::Str(")"));
                    for &n in ints.iter().rev() {
                        stack.push(TyTask::Num(n as u64));
                        stack.push(TyTask::Str(", "));
                    }
                    for &ty in types.iter().rev() {
                        stack.push(TyTask::Ty(ty));
                        stack.push(TyTask::Str(", "));
                    }
                    continue;
                }
            };
            out.push_str(simple);
        }
    }

    /// The right-hand side of an identified struct's definition:
    /// `type opaque`, `type { i32, ptr }`, `type <{ i8 }>`.
    pub(super) fn struct_body(&self, out: &mut String, t: Type) {
        out.push_str("type ");
        match self.ctx.struct_elements(t) {
            None => out.push_str("opaque"),
            Some(elems) => {
                let mut stack: SmallVec<[TyTask; 16]> = SmallVec::new();
                push_struct_elems(out, &mut stack, elems, self.ctx.is_packed_struct(t));
                while let Some(task) = stack.pop() {
                    match task {
                        TyTask::Str(s) => out.push_str(s),
                        TyTask::Ty(t) => self.ty(out, t),
                        TyTask::Num(n) => push_u64(out, n),
                    }
                }
            }
        }
    }

    // ---- operands --------------------------------------------------------

    /// `<type> <operand>` (`i32 %x`, `ptr @g`, `i32 5`).
    #[inline]
    pub(super) fn typed(&self, out: &mut String, v: Value) {
        self.ty(out, self.ctx.type_of(v));
        out.push(' ');
        self.operand(out, v);
    }

    /// [`Writer::typed`] of the live value at raw index `idx` (a use's
    /// value): one read of its record, no handle minted or checked.
    #[inline]
    pub(super) fn typed_at(&self, out: &mut String, idx: u32) {
        let d = &self.ctx.graph.values[idx as usize];
        self.ty_sp(out, d.ty);
        self.operand_rec(out, idx, d);
    }

    /// [`Writer::operand`] of the live value at raw index `idx`.
    #[inline]
    pub(super) fn operand_at(&self, out: &mut String, idx: u32) {
        self.operand_rec(out, idx, &self.ctx.graph.values[idx as usize]);
    }

    /// [`Writer::operand`] of the value at raw index `idx`, whose record is
    /// `d`: the printed function's locals and small integers straight from
    /// the record, everything else through [`Writer::operand`].
    #[inline(always)]
    fn operand_rec(&self, out: &mut String, idx: u32, d: &ValueData) {
        // The common case inline: an unnamed local of the printed function
        // (a slot below `NAMED` is only ever a local's, see `LocalSlots`).
        if let Some(l) = self.locals {
            let s = l.raw(idx);
            if s < NAMED {
                out.push('%');
                push_u64(out, s as u64);
                return;
            }
        }
        self.operand_rec_rest(out, idx, d);
    }

    /// [`Writer::operand_rec`] of everything but a numbered local.
    #[inline(never)]
    fn operand_rec_rest(&self, out: &mut String, idx: u32, d: &ValueData) {
        if d.is(ValueKind::Instruction) || d.is(ValueKind::Argument) || d.is(ValueKind::Block) {
            // A slot marks the function's own values (see `operand`).
            if self.locals.is_some_and(|l| l.raw(idx) == NAMED) {
                if let Some(name) = self.ctx.name_at(idx) {
                    push_name(out, '%', name);
                    return;
                }
            }
        } else if d.is(ValueKind::Constant) {
            if kind_of_record(d) == ConstKind::Int && self.int_inline(out, d) {
                return;
            }
        } else if d.is_constant_kind() && d.has_side() {
            // A named global (a call's callee): its name, as `operand`
            // prints it.
            if let Some(text) = self.slots.names.global_text(idx) {
                out.push_str(text);
                return;
            }
            if let Some(name) = self.ctx.name_at(idx) {
                push_name(out, '@', name);
                return;
            }
        }
        self.operand(out, self.ctx.graph.handle(idx));
    }

    /// The operand spelling of `v` without its type (`%x`, `%3`, `@g`,
    /// `5`, `getelementptr (...)`), as `WriteAsOperandInternal`. Inside a
    /// function, a local value (argument, block, instruction) that is not
    /// the function's own prints as `<badref>` (a detached one too, as in
    /// LLVM): its name or number would bind to another value of this
    /// function. (LLVM prints such a value's name, or its number in its own
    /// function; the verifier rejects the module.)
    pub(super) fn operand(&self, out: &mut String, v: Value) {
        let ctx = self.ctx;
        let d = ctx.graph.get(v);
        let kind = d.kind();
        if kind == ValueKind::Instruction && !d.has_side() {
            // The common case: an unnamed instruction of this function.
            if let Some(n) = self.locals.and_then(|l| l.get(v)) {
                out.push('%');
                push_u64(out, n as u64);
                return;
            }
        }
        if kind.is_global() {
            if let Some(text) = self.slots.names.global_text(v.idx) {
                out.push_str(text);
                return;
            }
        }
        if let Some(name) = d.has_side().then(|| ctx.name_bytes(v)).flatten() {
            if kind != ValueKind::Constant {
                if self.foreign_local(v, kind) {
                    out.push_str("<badref>");
                } else {
                    push_name(out, if kind.is_global() { '@' } else { '%' }, name);
                }
                return;
            }
        }
        match kind {
            ValueKind::Constant => match ctx.const_kind(v) {
                ConstKind::Int => self.int(out, v),
                ConstKind::Null => out.push_str("null"),
                _ => self.constant(out, v),
            },
            ValueKind::Function
            | ValueKind::GlobalVariable
            | ValueKind::Alias
            | ValueKind::IFunc => match self.slots.global_slot(v) {
                Some(n) => {
                    out.push('@');
                    push_u64(out, n as u64);
                }
                None => out.push_str("<badref>"),
            },
            ValueKind::Argument | ValueKind::Block | ValueKind::Instruction => {
                // Inside a function only its own values have a slot (the
                // slot is the membership test); outside one, a value is
                // numbered in its own function, as LLVM's
                // `createSlotTracker` fallback does.
                let slot = match self.locals {
                    Some(l) => l.get(v),
                    None => local_parent(ctx, v).and_then(|f| slot_in_function(ctx, f, v)),
                };
                match slot {
                    Some(n) => {
                        out.push('%');
                        push_u64(out, n as u64);
                    }
                    None => out.push_str("<badref>"),
                }
            }
            ValueKind::InlineAsm => match ctx.inline_asm_data(v) {
                Some(a) => {
                    out.push_str("asm ");
                    if a.side_effect {
                        out.push_str("sideeffect ");
                    }
                    if a.align_stack {
                        out.push_str("alignstack ");
                    }
                    if a.dialect == AsmDialect::Intel {
                        out.push_str("inteldialect ");
                    }
                    if a.can_throw {
                        out.push_str("unwind ");
                    }
                    push_quoted(out, &a.asm);
                    out.push_str(", ");
                    push_quoted(out, &a.constraints);
                }
                None => out.push_str("<badref>"),
            },
            ValueKind::MetadataAsValue => match ctx.value_metadata(v) {
                Some(md) => self.md_operand(out, md),
                None => out.push_str("<badref>"),
            },
            ValueKind::Placeholder => out.push_str("<badref>"),
        }
    }

    /// Whether `v` (of kind `kind`) is a local value that is not the
    /// printed function's own.
    #[inline]
    fn foreign_local(&self, v: Value, kind: ValueKind) -> bool {
        matches!(
            kind,
            ValueKind::Argument | ValueKind::Block | ValueKind::Instruction
        ) && self.locals.is_some_and(|l| !l.contains(v))
    }

    /// The block named by a `blockaddress`, in its own function (which may
    /// not be the printed one).
    fn block_of_any_function(&self, out: &mut String, v: Option<Value>) {
        let ctx = self.ctx;
        let Some(v) = v else {
            out.push_str("<null operand!>");
            return;
        };
        if let Some(name) = ctx.name_bytes(v) {
            push_name(out, '%', name);
            return;
        }
        let slot = self
            .locals
            .and_then(|l| l.get(v))
            .or_else(|| local_parent(ctx, v).and_then(|f| slot_in_function(ctx, f, v)));
        match slot {
            Some(n) => {
                out.push('%');
                push_u64(out, n as u64);
            }
            None => out.push_str("<badref>"),
        }
    }

    // ---- constants -------------------------------------------------------

    /// A constant without its type (`WriteConstantInternal`).
    pub(super) fn constant(&self, out: &mut String, c: Value) {
        let mut stack: SmallVec<[Task; 16]> = SmallVec::new();
        self.constant_step(out, c, &mut stack);
        while let Some(task) = stack.pop() {
            match task {
                Task::Str(s) => out.push_str(s),
                Task::Ty(t) => self.ty(out, t),
                Task::Op(v) => self.nested_operand(out, v, &mut stack),
                Task::TypedOp(v) => {
                    self.ty(out, self.ctx.type_of(v));
                    out.push(' ');
                    self.nested_operand(out, v, &mut stack);
                }
                Task::Mask(v) => {
                    if let Some(ConstPayload::Mask(m)) = self.ctx.const_expr_payload(v) {
                        push_shuffle_mask(self.ctx, out, self.ctx.type_of(v), m);
                    }
                }
            }
        }
    }

    fn nested_operand(&self, out: &mut String, v: Value, stack: &mut SmallVec<[Task; 16]>) {
        if self.ctx.value_kind(v) == ValueKind::Constant {
            self.constant_step(out, v, stack);
        } else {
            self.operand(out, v);
        }
    }

    /// Writes the head of constant `c` and pushes what remains of it.
    fn constant_step(&self, out: &mut String, c: Value, stack: &mut SmallVec<[Task; 16]>) {
        let ctx = self.ctx;
        let ty = ctx.type_of(c);
        match ctx.const_kind(c) {
            ConstKind::Int => self.int(out, c),
            ConstKind::Float => {
                if let (Some(bits), Some(kind)) = (
                    ctx.const_float_value(c),
                    FloatKind::of_type(ctx.type_data(ty)),
                ) {
                    let _ = APFloat::from_bits(kind, bits).write_llvm(out);
                }
            }
            ConstKind::Null => out.push_str("null"),
            ConstKind::Undef => out.push_str("undef"),
            ConstKind::Poison => out.push_str("poison"),
            ConstKind::Zero => out.push_str("zeroinitializer"),
            ConstKind::TokenNone => out.push_str("none"),
            ConstKind::BlockAddress => {
                out.push_str("blockaddress(");
                self.opt_operand(out, ctx.operand(c, 0));
                out.push_str(", ");
                self.block_of_any_function(out, ctx.operand(c, 1));
                out.push(')');
            }
            ConstKind::DsoLocalEquivalent => {
                out.push_str("dso_local_equivalent ");
                self.opt_operand(out, ctx.operand(c, 0));
            }
            ConstKind::NoCfi => {
                out.push_str("no_cfi ");
                self.opt_operand(out, ctx.operand(c, 0));
            }
            ConstKind::Array | ConstKind::Vector => {
                let (open, close) = if ctx.const_kind(c) == ConstKind::Array {
                    ('[', "]")
                } else {
                    ('<', ">")
                };
                out.push(open);
                let et = ctx.element_type(ty);
                stack.push(Task::Str(close));
                let n = ctx.num_operands(c);
                for i in (0..n).rev() {
                    let Some(e) = ctx.operand(c, i) else { continue };
                    stack.push(Task::Op(e));
                    stack.push(Task::Str(" "));
                    stack.push(Task::Ty(et.unwrap_or_else(|| ctx.type_of(e))));
                    if i > 0 {
                        stack.push(Task::Str(", "));
                    }
                }
            }
            ConstKind::Struct => {
                let packed = ctx.is_packed_struct(ty);
                out.push_str(if packed { "<{" } else { "{" });
                let n = ctx.num_operands(c);
                stack.push(Task::Str(if packed { "}>" } else { "}" }));
                if n > 0 {
                    out.push(' ');
                    stack.push(Task::Str(" "));
                }
                for i in (0..n).rev() {
                    let Some(e) = ctx.operand(c, i) else { continue };
                    stack.push(Task::TypedOp(e));
                    if i > 0 {
                        stack.push(Task::Str(", "));
                    }
                }
            }
            ConstKind::DataArray | ConstKind::DataVector => self.data(out, c),
            ConstKind::Expr => {
                let Some((op, fl)) = ctx.const_expr_opcode(c) else {
                    return;
                };
                out.push_str(op.mnemonic());
                push_opt_flags(out, op, fl as u16, false);
                let payload = ctx.const_expr_payload(c);
                if let Some(ConstPayload::Gep {
                    inrange: Some((lo, hi)),
                    ..
                }) = payload
                {
                    out.push_str(" inrange(");
                    push_i64(out, *lo);
                    out.push_str(", ");
                    push_i64(out, *hi);
                    out.push(')');
                }
                out.push_str(" (");
                if let Some(ConstPayload::Gep { src, .. }) = payload {
                    self.ty(out, *src);
                    out.push_str(", ");
                }
                stack.push(Task::Str(")"));
                if op == Opcode::ShuffleVector {
                    stack.push(Task::Mask(c));
                }
                if op.is_cast() {
                    stack.push(Task::Ty(ty));
                    stack.push(Task::Str(" to "));
                }
                let n = ctx.num_operands(c);
                for i in (0..n).rev() {
                    let Some(e) = ctx.operand(c, i) else { continue };
                    stack.push(Task::TypedOp(e));
                    if i > 0 {
                        stack.push(Task::Str(", "));
                    }
                }
            }
        }
    }

    fn opt_operand(&self, out: &mut String, v: Option<Value>) {
        match v {
            Some(v) => self.operand(out, v),
            None => out.push_str("<null operand!>"),
        }
    }

    /// An integer constant: `true`/`false` for `i1`, signed decimal
    /// otherwise.
    fn int(&self, out: &mut String, c: Value) {
        let ctx = self.ctx;
        if self.int_inline(out, ctx.graph.get(c)) {
            return;
        }
        let Some(x) = ctx.const_int_value(c) else {
            return;
        };
        match x.width() {
            1 => out.push_str(if x.is_zero() { "false" } else { "true" }),
            w if w <= 64 => push_i64(out, x.sext_value()),
            _ => {
                let _ = x.write_radix(out, 10, true);
            }
        }
    }

    /// An integer constant of up to 64 bits, whose value is in its
    /// record's `a`/`b` words (record `d`); false (nothing written) for a
    /// wider one.
    #[inline]
    fn int_inline(&self, out: &mut String, d: &ValueData) -> bool {
        if has_payload(d) {
            return false;
        }
        let TypeData::Int(w) = self.ctx.type_data(d.ty) else {
            return false;
        };
        let w = *w;
        if w > 64 {
            return false;
        }
        let raw = d.a as u64 | (d.b as u64) << 32;
        if w == 1 {
            out.push_str(if raw & 1 == 0 { "false" } else { "true" });
        } else {
            let sh = 64 - w;
            push_i64(out, ((raw << sh) as i64) >> sh);
        }
        true
    }

    /// A data array or vector: `c"..."` for an `i8` array, else the
    /// elements typed one by one.
    fn data(&self, out: &mut String, c: Value) {
        let ctx = self.ctx;
        let ty = ctx.type_of(c);
        let Some(et) = ctx.element_type(ty) else {
            return;
        };
        let data = ctx.const_data(c).unwrap_or(&[]);
        let is_array = ctx.const_kind(c) == ConstKind::DataArray;
        let width = ctx.int_width(et);
        if is_array && width == Some(8) {
            out.push_str("c\"");
            let bytes: SmallVec<[u8; 64]> = data.iter().map(|&b| b as u8).collect();
            push_escaped(out, &bytes);
            out.push('"');
            return;
        }
        out.push(if is_array { '[' } else { '<' });
        let fk = FloatKind::of_type(ctx.type_data(et));
        for (i, &x) in data.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.ty(out, et);
            out.push(' ');
            match (width, fk) {
                (Some(w), _) => {
                    let sh = 64 - w.min(64);
                    push_i64(out, ((x << sh) as i64) >> sh);
                }
                (None, Some(k)) => {
                    let _ = APFloat::from_bits(k, x as u128).write_llvm(out);
                }
                (None, None) => push_u64(out, x),
            }
        }
        out.push(if is_array { ']' } else { '>' });
    }

    // ---- metadata and attributes ---------------------------------------

    /// `md` in operand position: `!5`, `!"s"`, `!DIExpression(...)`,
    /// `i32 %x` for a value.
    pub(super) fn md_operand(&self, out: &mut String, md: Metadata) {
        let md = self.ctx.md_resolved(md);
        if let Some(n) = self.slots.md.slot_of(md) {
            out.push('!');
            push_u64(out, n as u64);
            return;
        }
        let slot_of = |m: Metadata| self.slots.md.slot_of(m);
        let write_value = |v: Value, o: &mut dyn fmt::Write| self.write_md_value(v, o);
        let _ = MdPrinter::new(self.ctx, &slot_of, &write_value).write_operand(md, out);
    }

    /// A value inside metadata, typed (`ValueAsMetadata`).
    pub(super) fn write_md_value(&self, v: Value, o: &mut dyn fmt::Write) -> fmt::Result {
        let mut s = String::new();
        self.typed(&mut s, v);
        o.write_str(&s)
    }

    /// An attribute set on a parameter, return value or call site
    /// (`noundef nonnull align 8`).
    pub(super) fn attr_set(&self, out: &mut String, set: &AttributeSet, syntax: AttrSyntax) {
        let numbering = |t: Type| self.slots.struct_number(t);
        let _ = write_set_numbered(self.ctx, out, set, syntax, Some(&numbering));
    }
}

/// `{ a, b }`, `<{ a, b }>`, `{}` or `<{}>`: writes the opening and pushes
/// the rest.
fn push_struct_elems(
    out: &mut String,
    stack: &mut SmallVec<[TyTask; 16]>,
    elems: &[Type],
    packed: bool,
) {
    if elems.is_empty() {
        out.push_str(if packed { "<{}>" } else { "{}" });
        return;
    }
    out.push_str(if packed { "<{ " } else { "{ " });
    stack.push(TyTask::Str(if packed { " }>" } else { " }" }));
    for (k, &e) in elems.iter().enumerate().rev() {
        stack.push(TyTask::Ty(e));
        if k > 0 {
            stack.push(TyTask::Str(", "));
        }
    }
}

/// The flags LLVM's `WriteOptimizationInfo` prints after the opcode
/// (fast-math flags excepted: the caller knows whether they apply).
/// `inst` is false for constant expressions, which have no `trunc`,
/// `or`, `zext` or `uitofp` flags in LLVM 19.
#[inline(always)]
pub(super) fn push_opt_flags(out: &mut String, op: Opcode, flags: u16, inst: bool) {
    let one = flags & bits::ONE_FLAG != 0;
    match op {
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl => push_wrap(out, flags),
        Opcode::Trunc if inst => push_wrap(out, flags),
        Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr if one => out.push_str(" exact"),
        Opcode::Or if inst && one => out.push_str(" disjoint"),
        Opcode::ZExt | Opcode::UIToFP if inst && one => out.push_str(" nneg"),
        Opcode::GetElementPtr => {
            let g = bits::gep_of(flags);
            if g.is_inbounds() {
                out.push_str(" inbounds");
            } else if g.has_nusw() {
                out.push_str(" nusw");
            }
            if g.has_nuw() {
                out.push_str(" nuw");
            }
        }
        _ => {}
    }
}

fn push_wrap(out: &mut String, flags: u16) {
    let w = bits::wrap_of(flags);
    if w.contains(WrapFlags::NUW) {
        out.push_str(" nuw");
    }
    if w.contains(WrapFlags::NSW) {
        out.push_str(" nsw");
    }
}

/// `, <N x i32> <mask>` after a shufflevector (`PrintShuffleMask`): all
/// zero lanes as `zeroinitializer`, all poison as `poison`.
pub(super) fn push_shuffle_mask(ctx: &Context, out: &mut String, result: Type, mask: &[i32]) {
    out.push_str(", <");
    if ctx.vector_len(result).is_some_and(|(_, s)| s) {
        out.push_str("vscale x ");
    }
    push_u64(out, mask.len() as u64);
    out.push_str(" x i32> ");
    if mask.iter().all(|&e| e == 0) {
        out.push_str("zeroinitializer");
    } else if mask.iter().all(|&e| e < 0) {
        out.push_str("poison");
    } else {
        out.push('<');
        for (k, &e) in mask.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str("i32 ");
            if e < 0 {
                out.push_str("poison");
            } else {
                push_u64(out, e as u64);
            }
        }
        out.push('>');
    }
}
