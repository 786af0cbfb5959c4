//! Printing types in LLVM 19 textual syntax, and LLVM's quoting of names.
//!
//! Owns [`Type::display`], the crate-internal writers the module printer
//! builds on ([`Context::write_type`], [`Context::write_struct_body`]) and
//! [`write_llvm_name`], the `@x` / `%"a b"` quoting shared with the value
//! printer. It does not own slot numbering: the module printer numbers
//! unnamed identified structs and passes the numbering in.

use core::fmt;

use super::{Type, TypeData};
use crate::Context;

/// Numbers unnamed identified structs for printing (`%0`, `%1`, ...), as
/// LLVM's `TypePrinting` does per module. `None` means "not numbered".
pub(crate) type StructNumbering<'a> = &'a dyn Fn(Type) -> Option<u32>;

impl Type {
    /// Prints the type in LLVM 19 syntax: `i32`, `ptr addrspace(3)`,
    /// `[4 x i8]`, `<vscale x 2 x i8>`, `{ i32, i8 }`, `<{ i32 }>`, `{}`,
    /// `void (i32, ...)`, `target("x", i32, 1)`, and identified structs by
    /// name (`%Foo`, `%"struct.a b"`).
    ///
    /// Unnamed identified structs print as `%N` where N is the struct's
    /// position in the context's creation order; a module printer numbers
    /// them per module instead (LLVM prints `%"type 0x..."` for a standalone
    /// unnamed struct).
    pub fn display(self, ctx: &Context) -> TypeDisplay<'_> {
        TypeDisplay { ctx, ty: self }
    }
}

/// A [`Type`] with its [`Context`], printable with `{}`. Made by
/// [`Type::display`].
pub struct TypeDisplay<'a> {
    ctx: &'a Context,
    ty: Type,
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ctx.write_type(f, self.ty, None)
    }
}

impl fmt::Debug for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// # Types: printing
///
/// Types in LLVM 19 textual syntax.
impl Context {
    /// Writes `ty` in LLVM 19 syntax. Unnamed identified structs are written
    /// `%N` with N from `numbering`, or (if it is `None` or returns `None`)
    /// the struct's creation index in this context.
    pub(crate) fn write_type(
        &self,
        out: &mut dyn fmt::Write,
        ty: Type,
        numbering: Option<StructNumbering<'_>>,
    ) -> fmt::Result {
        let simple = match self.type_data(ty) {
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
            TypeData::Int(w) => return write!(out, "i{w}"),
            TypeData::Ptr(0) => "ptr",
            TypeData::Ptr(a) => return write!(out, "ptr addrspace({a})"),
            TypeData::Array { elem, len } => {
                write!(out, "[{len} x ")?;
                crate::stack::deep(|| self.write_type(out, *elem, numbering))?;
                return out.write_char(']');
            }
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => {
                out.write_str(if *scalable { "<vscale x " } else { "<" })?;
                write!(out, "{len} x ")?;
                crate::stack::deep(|| self.write_type(out, *elem, numbering))?;
                return out.write_char('>');
            }
            TypeData::LiteralStruct { elems, packed } => {
                return self.write_struct_elems(out, elems, *packed, numbering);
            }
            TypeData::IdentifiedStruct(i) => {
                let info = &self.types.structs[*i as usize];
                return match &info.name {
                    Some(name) => write_llvm_name(out, '%', name),
                    None => {
                        let n = numbering.and_then(|f| f(ty)).unwrap_or(*i);
                        write!(out, "%{n}")
                    }
                };
            }
            TypeData::Function {
                ret,
                params,
                varargs,
            } => {
                crate::stack::deep(|| self.write_type(out, *ret, numbering))?;
                out.write_str(" (")?;
                for (k, &p) in params.iter().enumerate() {
                    if k > 0 {
                        out.write_str(", ")?;
                    }
                    crate::stack::deep(|| self.write_type(out, p, numbering))?;
                }
                if *varargs {
                    out.write_str(if params.is_empty() { "..." } else { ", ..." })?;
                }
                return out.write_char(')');
            }
            TypeData::TargetExt { name, types, ints } => {
                out.write_str("target(\"")?;
                write_escaped(out, name.as_bytes())?;
                out.write_char('"')?;
                for &t in types.iter() {
                    out.write_str(", ")?;
                    crate::stack::deep(|| self.write_type(out, t, numbering))?;
                }
                for i in ints.iter() {
                    write!(out, ", {i}")?;
                }
                return out.write_char(')');
            }
        };
        out.write_str(simple)
    }

    /// `{ a, b }`, `<{ a, b }>`, `{}` or `<{}>`.
    fn write_struct_elems(
        &self,
        out: &mut dyn fmt::Write,
        elems: &[Type],
        packed: bool,
        numbering: Option<StructNumbering<'_>>,
    ) -> fmt::Result {
        if packed {
            out.write_char('<')?;
        }
        if elems.is_empty() {
            out.write_str("{}")?;
        } else {
            out.write_str("{ ")?;
            for (k, &e) in elems.iter().enumerate() {
                if k > 0 {
                    out.write_str(", ")?;
                }
                self.write_type(out, e, numbering)?;
            }
            out.write_str(" }")?;
        }
        if packed {
            out.write_char('>')?;
        }
        Ok(())
    }

    /// Writes the right-hand side of an identified struct's definition
    /// line: `type opaque`, `type { i32, %T }`, `type <{ i8 }>`. For any
    /// other type, writes `type ` followed by the type.
    #[allow(dead_code)] // the module printer's; unused until it lands
    pub(crate) fn write_struct_body(
        &self,
        out: &mut dyn fmt::Write,
        ty: Type,
        numbering: Option<StructNumbering<'_>>,
    ) -> fmt::Result {
        out.write_str("type ")?;
        match self.type_data(ty) {
            TypeData::IdentifiedStruct(i) => {
                let info = &self.types.structs[*i as usize];
                match &info.body {
                    Some(body) => self.write_struct_elems(out, body, info.packed, numbering),
                    None => out.write_str("opaque"),
                }
            }
            _ => self.write_type(out, ty, numbering),
        }
    }
}

/// Writes `prefix` then `name`, quoted and escaped when LLVM 19's
/// `printLLVMNameWithoutPrefix` would: a name needs quotes if it is empty,
/// starts with a digit, or has a byte other than `[-a-zA-Z0-9._]`. Inside
/// quotes, printable ASCII other than `"` and `\` is written as is, every
/// other byte as `\XX` (two uppercase hex digits). Examples: `@x`, `%x.1`,
/// `%"a b"`, `@"\01foo"`, `%"1x"`.
pub(crate) fn write_llvm_name(out: &mut dyn fmt::Write, prefix: char, name: &[u8]) -> fmt::Result {
    out.write_char(prefix)?;
    let bytes = name;
    let needs_quotes = match bytes.first() {
        None => true,
        Some(b) if b.is_ascii_digit() => true,
        Some(_) => !bytes
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_')),
    };
    if !needs_quotes {
        // Unquoted names are ASCII.
        return out.write_str(core::str::from_utf8(name).unwrap_or_default());
    }
    out.write_char('"')?;
    write_escaped(out, bytes)?;
    out.write_char('"')
}

/// LLVM's `printEscapedString`: printable ASCII except `"` and `\` as is,
/// everything else as `\XX` with uppercase hex digits.
pub(crate) fn write_escaped(out: &mut dyn fmt::Write, bytes: &[u8]) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut start = 0;
    for (k, &c) in bytes.iter().enumerate() {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            continue;
        }
        // Everything between escapes is printable ASCII, hence valid UTF-8.
        out.write_str(core::str::from_utf8(&bytes[start..k]).unwrap_or_default())?;
        out.write_char('\\')?;
        out.write_char(HEX[(c >> 4) as usize] as char)?;
        out.write_char(HEX[(c & 15) as usize] as char)?;
        start = k + 1;
    }
    out.write_str(core::str::from_utf8(&bytes[start..]).unwrap_or_default())
}
