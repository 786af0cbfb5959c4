//! Printing metadata in LLVM 19 text syntax, and numbering the nodes that
//! need `!N` slots in LLVM's order.
//!
//! Owns the spelling of node bodies (`!{...}`, `distinct !DI...(...)`) and
//! of metadata operands (`!5`, `!"s"`, inline `!DIExpression(...)`), string
//! escaping, and [`MdSlots`]. It does not own the printing of values inside
//! metadata (`i32 5`, `ptr @g`): the value printer supplies a callback.

use super::{FieldName, MdData, MdField, Metadata};
use crate::entity::NONE;
use crate::value::Value;
use crate::Context;
use core::fmt::{self, Write};

/// Writes `bytes` as LLVM escapes string contents (`printEscapedString`):
/// printable ASCII other than `"` and `\` as is, `\` as `\\`, every other
/// byte as `\XX` with upper-case hex digits. No quotes are written.
pub fn write_md_string(out: &mut dyn Write, bytes: &[u8]) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut start = 0;
    for (k, &c) in bytes.iter().enumerate() {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            continue;
        }
        // Everything between escapes is printable ASCII, hence UTF-8.
        out.write_str(core::str::from_utf8(&bytes[start..k]).unwrap_or_default())?;
        if c == b'\\' {
            out.write_str("\\\\")?;
        } else {
            out.write_char('\\')?;
            out.write_char(HEX[(c >> 4) as usize] as char)?;
            out.write_char(HEX[(c & 15) as usize] as char)?;
        }
        start = k + 1;
    }
    out.write_str(core::str::from_utf8(&bytes[start..]).unwrap_or_default())
}

/// Prints metadata bodies and operands, given how to number nodes and how
/// to print values.
pub struct MdPrinter<'a> {
    ctx: &'a Context,
    slot_of: &'a dyn Fn(Metadata) -> Option<u32>,
    write_value: &'a dyn Fn(Value, &mut dyn Write) -> fmt::Result,
}

impl<'a> MdPrinter<'a> {
    /// A printer. `slot_of` gives the `N` of `!N` for a numbered node (it is
    /// only asked about resolved handles; [`MdSlots::slot_of`] fits);
    /// `write_value` writes a value as a typed operand (`i32 5`, `ptr @g`,
    /// `ptr %x`), as LLVM prints `ValueAsMetadata`.
    pub fn new(
        ctx: &'a Context,
        slot_of: &'a dyn Fn(Metadata) -> Option<u32>,
        write_value: &'a dyn Fn(Value, &mut dyn Write) -> fmt::Result,
    ) -> Self {
        MdPrinter {
            ctx,
            slot_of,
            write_value,
        }
    }

    /// Writes the right-hand side of `!N = ...`: `!{!1, null, i32 5}`,
    /// `distinct !{}`, `!DILocation(line: 3, column: 7, scope: !12)`.
    /// Strings and values print as their operand form.
    pub fn write_body(&self, md: Metadata, out: &mut dyn Write) -> fmt::Result {
        match self.ctx.md_data(md) {
            MdData::Tuple { distinct, ops } => {
                if *distinct {
                    out.write_str("distinct ")?;
                }
                out.write_str("!{")?;
                self.write_list(ops, out)?;
                out.write_char('}')
            }
            MdData::Specialized {
                kind,
                distinct,
                fields,
            } => {
                if *distinct {
                    out.write_str("distinct ")?;
                }
                write!(out, "!{}(", kind.name())?;
                for (i, (name, field)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    if *name != FieldName::Positional {
                        write!(out, "{}: ", name.name())?;
                    }
                    self.write_field(field, out)?;
                }
                out.write_char(')')
            }
            MdData::String(_) | MdData::Value(_) | MdData::Temporary => self.write_operand(md, out),
        }
    }

    /// Writes `md` where it is used as an operand: `!5` for a numbered node,
    /// `!"text"` for a string, the body for `DIExpression`/`DIArgList` (and
    /// for a `DILocation` without a number, as LLVM does), the typed value
    /// for value-as-metadata, `<badref>` for another unnumbered node.
    pub fn write_operand(&self, md: Metadata, out: &mut dyn Write) -> fmt::Result {
        let md = self.ctx.md_resolved(md);
        match self.ctx.md_data(md) {
            MdData::String(s) => {
                out.write_str("!\"")?;
                write_md_string(out, s)?;
                out.write_char('"')
            }
            MdData::Value(v) => (self.write_value)(*v, out),
            MdData::Temporary => out.write_str("<temporary>"),
            MdData::Specialized { kind, .. } if kind.is_inline() => self.write_body(md, out),
            d => match (self.slot_of)(md) {
                Some(n) => write!(out, "!{n}"),
                None if d.spec_kind() == Some(super::SpecKind::DILocation) => {
                    self.write_body(md, out)
                }
                None => out.write_str("<badref>"),
            },
        }
    }

    fn write_list(&self, ops: &[Option<Metadata>], out: &mut dyn Write) -> fmt::Result {
        for (i, op) in ops.iter().enumerate() {
            if i > 0 {
                out.write_str(", ")?;
            }
            match op {
                Some(m) => self.write_operand(*m, out)?,
                None => out.write_str("null")?,
            }
        }
        Ok(())
    }

    fn write_field(&self, field: &MdField, out: &mut dyn Write) -> fmt::Result {
        match field {
            MdField::Int(i) => write!(out, "{i}"),
            MdField::UInt(u) => write!(out, "{u}"),
            MdField::Bool(b) => write!(out, "{b}"),
            MdField::Str(s) => {
                out.write_char('"')?;
                write_md_string(out, s)?;
                out.write_char('"')
            }
            MdField::Md(None) => out.write_str("null"),
            MdField::Md(Some(m)) => self.write_operand(*m, out),
            MdField::Word(w) => out.write_str(w),
            MdField::List(l) => {
                out.write_char('{')?;
                self.write_list(l, out)?;
                out.write_char('}')
            }
        }
    }
}

/// Writes the right-hand side of `!N = ...` for `md`; see
/// [`MdPrinter::write_body`].
pub fn write_md_node_body(
    ctx: &Context,
    md: Metadata,
    out: &mut dyn Write,
    slot_of: &dyn Fn(Metadata) -> Option<u32>,
    write_value: &dyn Fn(Value, &mut dyn Write) -> fmt::Result,
) -> fmt::Result {
    MdPrinter::new(ctx, slot_of, write_value).write_body(md, out)
}

/// Writes `md` in operand position; see [`MdPrinter::write_operand`].
pub fn write_md_operand(
    ctx: &Context,
    md: Metadata,
    out: &mut dyn Write,
    slot_of: &dyn Fn(Metadata) -> Option<u32>,
    write_value: &dyn Fn(Value, &mut dyn Write) -> fmt::Result,
) -> fmt::Result {
    MdPrinter::new(ctx, slot_of, write_value).write_operand(md, out)
}

/// The `!N` numbering of a module's metadata, built the way LLVM 19's
/// `SlotTracker` builds it.
///
/// Feed the roots with [`MdSlots::add_root`] in LLVM's order:
/// 1. for each global variable, its attachments (in [`MdAttachments`]
///    order, i.e. by kind id);
/// 2. for each named metadata, its operands;
/// 3. for each function: its attachments; then for each instruction, the
///    debug records before it (for `#dbg_value`/`#dbg_declare`: the
///    location if it is a node rather than a value, the variable, for
///    `#dbg_assign` the assign id and the address if it is a node; for
///    `#dbg_label` the label; then the record's `DILocation`), then the
///    metadata operands of a call to an intrinsic, then the instruction's
///    attachments (`!dbg` first).
///
/// Each root is numbered, then its operands depth first (pre-order), in
/// LLVM's internal operand order for specialised nodes. Strings, values,
/// `DIExpression` and `DIArgList` get no number (they print inline).
///
/// [`MdAttachments`]: super::MdAttachments
#[derive(Default)]
pub struct MdSlots {
    /// Slot per metadata index (`NONE` when unnumbered).
    slot: Vec<u32>,
    order: Vec<Metadata>,
}

impl MdSlots {
    /// An empty numbering.
    pub fn new() -> Self {
        MdSlots::default()
    }

    fn needs_slot(d: &MdData) -> bool {
        match d {
            MdData::Tuple { .. } => true,
            MdData::Specialized { kind, .. } => !kind.is_inline(),
            _ => false,
        }
    }

    /// Numbers `root` (if it needs a number and has none yet) and,
    /// depth first, every node it reaches. A root handle that forwards
    /// (see [`Context::md_resolved`]) gets its target's number too, so
    /// holders of old handles can still ask [`MdSlots::slot_of`].
    pub fn add_root(&mut self, ctx: &Context, root: Metadata) {
        let given = root;
        let root = ctx.md_resolved(root);
        if !Self::needs_slot(ctx.md_data(root)) {
            return;
        }
        if let Some(n) = self.slot_of(root) {
            self.alias(given, n);
            return;
        }
        self.number(root);
        self.alias(given, self.order.len() as u32 - 1);
        // Explicit stack of (node, operands still to visit in reverse).
        let mut stack: Vec<Vec<Metadata>> = vec![Self::children(ctx, root)];
        while let Some(top) = stack.last_mut() {
            let Some(child) = top.pop() else {
                stack.pop();
                continue;
            };
            let child = ctx.md_resolved(child);
            if Self::needs_slot(ctx.md_data(child)) && self.slot_of(child).is_none() {
                self.number(child);
                stack.push(Self::children(ctx, child));
            }
        }
    }

    /// Lets a root's forwarded handle (a resolved temporary or merged node
    /// still held by a module or instruction) answer [`MdSlots::slot_of`].
    fn alias(&mut self, given: Metadata, n: u32) {
        let i = given.index();
        if self.slot.len() <= i {
            self.slot.resize(i + 1, NONE);
        }
        self.slot[i] = n;
    }

    fn number(&mut self, md: Metadata) {
        let i = md.index();
        if self.slot.len() <= i {
            self.slot.resize(i + 1, NONE);
        }
        self.slot[i] = self.order.len() as u32;
        self.order.push(md);
    }

    /// The operands of `md` in visiting order, reversed (for popping).
    fn children(ctx: &Context, md: Metadata) -> Vec<Metadata> {
        let mut out = Vec::new();
        match ctx.md_data(md) {
            MdData::Specialized { kind, fields, .. } => {
                let order = kind.operand_order();
                let push = |out: &mut Vec<Metadata>, f: &MdField| match f {
                    MdField::Md(Some(m)) => out.push(*m),
                    MdField::List(l) => out.extend(l.iter().flatten()),
                    _ => {}
                };
                for name in order {
                    for (_, f) in fields.iter().filter(|(n, _)| n == name) {
                        push(&mut out, f);
                    }
                }
                for (_, f) in fields.iter().filter(|(n, _)| !order.contains(n)) {
                    push(&mut out, f);
                }
            }
            d => d.for_each_operand(|m| out.push(m)),
        }
        out.reverse();
        out
    }

    /// The number of `md`, if it has one.
    pub fn slot_of(&self, md: Metadata) -> Option<u32> {
        self.slot.get(md.index()).copied().filter(|&s| s != NONE)
    }

    /// The numbered nodes, in slot order (`!0` first).
    pub fn nodes(&self) -> &[Metadata] {
        &self.order
    }

    /// Writes every numbered node as a line `!N = body`.
    pub fn write_all(
        &self,
        ctx: &Context,
        out: &mut dyn Write,
        write_value: &dyn Fn(Value, &mut dyn Write) -> fmt::Result,
    ) -> fmt::Result {
        let slot_of = |m: Metadata| self.slot_of(m);
        let p = MdPrinter::new(ctx, &slot_of, write_value);
        for (i, &md) in self.order.iter().enumerate() {
            write!(out, "!{i} = ")?;
            p.write_body(md, out)?;
            out.write_char('\n')?;
        }
        Ok(())
    }
}
