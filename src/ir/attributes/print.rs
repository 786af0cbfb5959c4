//! Printing attributes exactly as `llvm-dis` 19 does.
//!
//! Owns [`AttrSyntax`], [`Attribute::write`], the set writers
//! ([`AttributeSet::write_inline`], [`AttributeSet::write_group`],
//! [`AttributeSet::write_fn_comment`]) and their `Display` adaptors. It does
//! not decide where sets are printed or how `#N` groups are numbered (the
//! module printer does).

use core::fmt;

use super::attr::{Attribute, StringAttr};
use super::kind::AttrKind;
use super::set::AttributeSet;
use super::values::{
    unpack_allocsize, unpack_vscale_range, AllocFnKind, FpClassMask, MemoryEffects,
};
use crate::types::StructNumbering;
use crate::Context;

/// The two spellings LLVM uses for int attributes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrSyntax {
    /// On parameters, returns and in the `; Function Attrs:` comment:
    /// `align 8`, `alignstack(16)`, `dereferenceable(8)`.
    Inline,
    /// Inside `attributes #N = { ... }`: `align=8`, `alignstack=16`,
    /// `dereferenceable=8`.
    Group,
}

impl Attribute {
    /// Writes the attribute in LLVM 19 syntax. Type attributes print their
    /// type with [`Type::display`](crate::Type::display).
    pub fn write(
        &self,
        ctx: &Context,
        out: &mut dyn fmt::Write,
        syntax: AttrSyntax,
    ) -> fmt::Result {
        write_attr(ctx, out, self, syntax, None)
    }

    /// The attribute in [`AttrSyntax::Inline`] syntax, printable with `{}`.
    pub fn display<'a>(&'a self, ctx: &'a Context) -> AttributeDisplay<'a> {
        AttributeDisplay {
            ctx,
            attr: self,
            syntax: AttrSyntax::Inline,
        }
    }
}

/// An [`Attribute`] with its [`Context`], printable with `{}`. Made by
/// [`Attribute::display`].
pub struct AttributeDisplay<'a> {
    ctx: &'a Context,
    attr: &'a Attribute,
    syntax: AttrSyntax,
}

impl fmt::Display for AttributeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_attr(self.ctx, f, self.attr, self.syntax, None)
    }
}

/// Which attributes of a set a writer prints, and how.
#[derive(Copy, Clone, PartialEq, Eq)]
enum SetForm {
    Inline,
    Group,
    FnComment,
}

impl AttributeSet {
    /// Writes the set as on a parameter or return value: every attribute in
    /// canonical order, [`AttrSyntax::Inline`], separated by single spaces
    /// (`noundef nonnull align 8 dereferenceable(16)`); nothing if empty.
    pub fn write_inline(&self, ctx: &Context, out: &mut dyn fmt::Write) -> fmt::Result {
        write_set(ctx, out, self, SetForm::Inline, None)
    }

    /// Writes the body of an attribute group, the text between
    /// `attributes #N = { ` and ` }`: every attribute, [`AttrSyntax::Group`]
    /// (`noinline alignstack=16 "frame-pointer"="all"`).
    pub fn write_group(&self, ctx: &Context, out: &mut dyn fmt::Write) -> fmt::Result {
        write_set(ctx, out, self, SetForm::Group, None)
    }

    /// Writes what follows `; Function Attrs: ` above a function: the
    /// non-string attributes, [`AttrSyntax::Inline`]. Writes nothing when
    /// there are none (LLVM then omits the comment line).
    pub fn write_fn_comment(&self, ctx: &Context, out: &mut dyn fmt::Write) -> fmt::Result {
        write_set(ctx, out, self, SetForm::FnComment, None)
    }

    /// Whether [`write_fn_comment`](Self::write_fn_comment) writes anything.
    pub fn has_fn_comment(&self) -> bool {
        self.iter().any(|a| a.kind().is_some())
    }

    /// The set as [`write_inline`](Self::write_inline) prints it.
    pub fn display_inline<'a>(&'a self, ctx: &'a Context) -> AttributeSetDisplay<'a> {
        AttributeSetDisplay {
            ctx,
            set: self,
            form: SetForm::Inline,
        }
    }

    /// The set as [`write_group`](Self::write_group) prints it.
    pub fn display_group<'a>(&'a self, ctx: &'a Context) -> AttributeSetDisplay<'a> {
        AttributeSetDisplay {
            ctx,
            set: self,
            form: SetForm::Group,
        }
    }
}

/// An [`AttributeSet`] with its [`Context`], printable with `{}`. Made by
/// [`AttributeSet::display_inline`] and [`AttributeSet::display_group`].
pub struct AttributeSetDisplay<'a> {
    ctx: &'a Context,
    set: &'a AttributeSet,
    form: SetForm,
}

impl fmt::Display for AttributeSetDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_set(self.ctx, f, self.set, self.form, None)
    }
}

/// Writes a set in one of its forms; `numbering` names unnamed structs in
/// type attributes as the module printer numbers them.
fn write_set(
    ctx: &Context,
    out: &mut dyn fmt::Write,
    set: &AttributeSet,
    form: SetForm,
    numbering: Option<StructNumbering<'_>>,
) -> fmt::Result {
    let syntax = if form == SetForm::Group {
        AttrSyntax::Group
    } else {
        AttrSyntax::Inline
    };
    let mut first = true;
    for a in set {
        if form == SetForm::FnComment && a.kind().is_none() {
            continue;
        }
        if !first {
            out.write_char(' ')?;
        }
        first = false;
        write_attr(ctx, out, a, syntax, numbering)?;
    }
    Ok(())
}

/// For the module printer: [`AttributeSet::write_inline`] /
/// [`AttributeSet::write_group`] with its struct numbering.
#[allow(dead_code)] // the module printer is being written
pub(crate) fn write_set_numbered(
    ctx: &Context,
    out: &mut dyn fmt::Write,
    set: &AttributeSet,
    syntax: AttrSyntax,
    numbering: Option<StructNumbering<'_>>,
) -> fmt::Result {
    let form = match syntax {
        AttrSyntax::Inline => SetForm::Inline,
        AttrSyntax::Group => SetForm::Group,
    };
    write_set(ctx, out, set, form, numbering)
}

/// Writes one attribute (LLVM `Attribute::getAsString` plus the asm
/// writer's type printing).
pub(crate) fn write_attr(
    ctx: &Context,
    out: &mut dyn fmt::Write,
    attr: &Attribute,
    syntax: AttrSyntax,
    numbering: Option<StructNumbering<'_>>,
) -> fmt::Result {
    match attr {
        Attribute::Enum(k) => out.write_str(k.name()),
        Attribute::Type(k, ty) => {
            out.write_str(k.name())?;
            out.write_char('(')?;
            ctx.write_type(out, *ty, numbering)?;
            out.write_char(')')
        }
        Attribute::Int(k, v) => write_int(out, *k, *v, syntax),
        Attribute::Range(r) => write!(out, "{r}"),
        Attribute::Initializes(l) => write!(out, "{l}"),
        Attribute::String(s) => write_string_attr(out, s),
    }
}

fn write_int(out: &mut dyn fmt::Write, kind: AttrKind, v: u64, syntax: AttrSyntax) -> fmt::Result {
    let name = kind.name();
    match kind {
        AttrKind::Alignment => match syntax {
            AttrSyntax::Group => write!(out, "align={v}"),
            AttrSyntax::Inline => write!(out, "align {v}"),
        },
        AttrKind::StackAlignment | AttrKind::Dereferenceable | AttrKind::DereferenceableOrNull => {
            match syntax {
                AttrSyntax::Group => write!(out, "{name}={v}"),
                AttrSyntax::Inline => write!(out, "{name}({v})"),
            }
        }
        AttrKind::AllocSize => match unpack_allocsize(v) {
            (e, Some(n)) => write!(out, "allocsize({e},{n})"),
            (e, None) => write!(out, "allocsize({e})"),
        },
        AttrKind::VScaleRange => {
            let (min, max) = unpack_vscale_range(v);
            write!(out, "vscale_range({min},{})", max.unwrap_or(0))
        }
        AttrKind::UwTable => out.write_str(if v == 2 { "uwtable" } else { "uwtable(sync)" }),
        AttrKind::AllocKind => write!(out, "{}", AllocFnKind::from_bits(v)),
        AttrKind::Memory => write!(out, "{}", MemoryEffects::from_bits_truncate(v)),
        AttrKind::NoFpClass => write!(out, "{}", FpClassMask::from_bits_truncate(v)),
        _ => out.write_str(name),
    }
}

/// `"key"="value"`, or `"key"` for an empty value. The value is escaped as
/// LLVM's `printEscapedString` does (`\\` for a backslash, `\XX` for `"`
/// and non-printable bytes). LLVM prints the key raw; so do we, except that
/// a key containing `"`, `\` or non-UTF-8 bytes is escaped like a value
/// (LLVM's raw text would not parse back).
fn write_string_attr(out: &mut dyn fmt::Write, s: &StringAttr) -> fmt::Result {
    out.write_char('"')?;
    match core::str::from_utf8(s.key()) {
        Ok(k) if !k.contains(['"', '\\']) => out.write_str(k)?,
        _ => write_escaped(out, s.key())?,
    }
    out.write_char('"')?;
    if !s.value().is_empty() {
        out.write_str("=\"")?;
        write_escaped(out, s.value())?;
        out.write_char('"')?;
    }
    Ok(())
}

/// LLVM's `printEscapedString`.
fn write_escaped(out: &mut dyn fmt::Write, bytes: &[u8]) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in bytes {
        if c == b'\\' {
            out.write_str("\\\\")?;
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.write_char(c as char)?;
        } else {
            out.write_char('\\')?;
            out.write_char(HEX[(c >> 4) as usize] as char)?;
            out.write_char(HEX[(c & 15) as usize] as char)?;
        }
    }
    Ok(())
}
