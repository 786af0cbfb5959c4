//! The canonical form of a specialised node: the fields LLVM 19's printer
//! writes, in its order, with its defaults.
//!
//! Owns one table ([`rules`]) of, per kind and in print order, each named
//! field's default rule (`AsmWriter`'s `ShouldSkipNull` / `ShouldSkipZero`
//! / `ShouldSkipEmpty` / bool defaults), the `DISubprogram` legacy fold
//! (`isLocal`/`isDefinition`/`isOptimized`/`virtuality` into `spFlags`), and
//! the rendering of `DIFlag*` / `DISPFlag*` sets in LLVM's order. The text
//! parser runs every node through [`canonical_fields`]; the bitcode reader
//! renders flags with [`di_flags_field`] / [`sp_flags_field`].

use super::dwarf;
use super::{FieldName as F, MdData, MdField, SpecKind as S};
use crate::Context;

/// When a field is left out of the printed node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Rule {
    /// Printed whenever present (required, or no default).
    Keep,
    /// Always printed: written with this default when absent.
    Always(Def),
    /// Left out when null.
    SkipNull,
    /// Left out when 0 (integers, flag sets, DWARF enumerators).
    SkipZero,
    /// Left out when `""`.
    SkipEmpty,
    /// Left out when equal to this boolean.
    SkipBool(bool),
    /// Left out when this word (`DW_TAG_base_type`, `Default`).
    SkipWord(&'static str),
    /// Never printed (folded into another field).
    Drop,
}

/// A default value in [`Rule::Always`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Def {
    /// `null`.
    Null,
    /// `0`.
    Zero,
    /// `false` / `true`.
    Bool(bool),
    /// `""`.
    Empty,
    /// A bare word.
    Word(&'static str),
}

impl Def {
    fn field(self) -> MdField {
        match self {
            Def::Null => MdField::Md(None),
            Def::Zero => MdField::UInt(0),
            Def::Bool(b) => MdField::Bool(b),
            Def::Empty => MdField::Str(Box::default()),
            Def::Word(w) => MdField::word(w),
        }
    }
}

/// The named fields of `kind` in the order LLVM 19 prints them, each with
/// its default rule. Empty for the positional kinds and `DIAssignID`.
pub(crate) fn rules(kind: S) -> &'static [(F, Rule)] {
    use Def as D;
    use Rule::*;
    match kind {
        S::DILocation => &[
            (F::Line, Always(D::Zero)),
            (F::Column, SkipZero),
            (F::Scope, Always(D::Null)),
            (F::InlinedAt, SkipNull),
            (F::IsImplicitCode, SkipBool(false)),
        ],
        S::DIExpression | S::DIArgList | S::DIAssignID => &[],
        S::DIGlobalVariableExpression => &[(F::Var, Always(D::Null)), (F::Expr, SkipNull)],
        S::GenericDINode => &[(F::Tag, Keep), (F::Header, SkipEmpty), (F::Operands, Keep)],
        S::DISubrange | S::DIGenericSubrange => &[
            (F::Count, SkipNull),
            (F::LowerBound, SkipNull),
            (F::UpperBound, SkipNull),
            (F::Stride, SkipNull),
        ],
        S::DIEnumerator => &[
            (F::Name, SkipEmpty),
            (F::Value, Keep),
            (F::IsUnsigned, SkipBool(false)),
        ],
        S::DIBasicType => &[
            (F::Tag, SkipWord("DW_TAG_base_type")),
            (F::Name, SkipEmpty),
            (F::Size, SkipZero),
            (F::Align, SkipZero),
            (F::Encoding, SkipZero),
            (F::Flags, SkipZero),
        ],
        S::DIStringType => &[
            (F::Tag, SkipWord("DW_TAG_string_type")),
            (F::Name, SkipEmpty),
            (F::StringLength, SkipNull),
            (F::StringLengthExpression, SkipNull),
            (F::StringLocationExpression, SkipNull),
            (F::Size, SkipZero),
            (F::Align, SkipZero),
            (F::Encoding, SkipZero),
        ],
        S::DIDerivedType => &[
            (F::Tag, Keep),
            (F::Name, SkipEmpty),
            (F::Scope, SkipNull),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::BaseType, Always(D::Null)),
            (F::Size, SkipZero),
            (F::Align, SkipZero),
            (F::Offset, SkipZero),
            (F::Flags, SkipZero),
            (F::ExtraData, SkipNull),
            (F::DwarfAddressSpace, Keep),
            (F::Annotations, SkipNull),
            (F::PtrAuthKey, Keep),
            (F::PtrAuthIsAddressDiscriminated, Keep),
            (F::PtrAuthExtraDiscriminator, Keep),
            (F::PtrAuthIsaPointer, Keep),
            (F::PtrAuthAuthenticatesNullValues, Keep),
        ],
        S::DICompositeType => &[
            (F::Tag, Keep),
            (F::Name, SkipEmpty),
            (F::Scope, SkipNull),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::BaseType, SkipNull),
            (F::Size, SkipZero),
            (F::Align, SkipZero),
            (F::Offset, SkipZero),
            (F::Flags, SkipZero),
            (F::Elements, SkipNull),
            (F::RuntimeLang, SkipZero),
            (F::VtableHolder, SkipNull),
            (F::TemplateParams, SkipNull),
            (F::Identifier, SkipEmpty),
            (F::Discriminator, SkipNull),
            (F::DataLocation, SkipNull),
            (F::Associated, SkipNull),
            (F::Allocated, SkipNull),
            (F::Rank, SkipNull),
            (F::Annotations, SkipNull),
        ],
        S::DISubroutineType => &[
            (F::Flags, SkipZero),
            (F::Cc, SkipZero),
            (F::Types, Always(D::Null)),
        ],
        S::DIFile => &[
            (F::Filename, Always(D::Empty)),
            (F::Directory, Always(D::Empty)),
            (F::Checksumkind, Keep),
            (F::Checksum, Keep),
            (F::Source, Keep),
        ],
        S::DICompileUnit => &[
            (F::Language, Keep),
            (F::File, Always(D::Null)),
            (F::Producer, SkipEmpty),
            (F::IsOptimized, Always(D::Bool(false))),
            (F::Flags, SkipEmpty),
            (F::RuntimeVersion, Always(D::Zero)),
            (F::SplitDebugFilename, SkipEmpty),
            (F::EmissionKind, Always(D::Word("NoDebug"))),
            (F::Enums, SkipNull),
            (F::RetainedTypes, SkipNull),
            (F::Globals, SkipNull),
            (F::Imports, SkipNull),
            (F::Macros, SkipNull),
            (F::DwoId, SkipZero),
            (F::SplitDebugInlining, SkipBool(true)),
            (F::DebugInfoForProfiling, SkipBool(false)),
            (F::NameTableKind, SkipWord("Default")),
            (F::RangesBaseAddress, SkipBool(false)),
            (F::Sysroot, SkipEmpty),
            (F::Sdk, SkipEmpty),
        ],
        S::DISubprogram => &[
            (F::Name, SkipEmpty),
            (F::LinkageName, SkipEmpty),
            (F::Scope, Always(D::Null)),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Type, SkipNull),
            (F::ScopeLine, SkipZero),
            (F::ContainingType, SkipNull),
            (F::Virtuality, Drop),
            // Printed when virtual or non-zero: decided in `fold_subprogram`.
            (F::VirtualIndex, Keep),
            (F::ThisAdjustment, SkipZero),
            (F::Flags, SkipZero),
            (F::SpFlags, Keep),
            (F::Unit, SkipNull),
            (F::TemplateParams, SkipNull),
            (F::Declaration, SkipNull),
            (F::RetainedNodes, SkipNull),
            (F::ThrownTypes, SkipNull),
            (F::Annotations, SkipNull),
            (F::TargetFuncName, SkipEmpty),
            (F::IsLocal, Drop),
            (F::IsDefinition, Drop),
            (F::IsOptimized, Drop),
        ],
        S::DILexicalBlock => &[
            (F::Scope, Always(D::Null)),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Column, SkipZero),
        ],
        S::DILexicalBlockFile => &[
            (F::Scope, Always(D::Null)),
            (F::File, SkipNull),
            (F::Discriminator, Always(D::Zero)),
        ],
        S::DINamespace => &[
            (F::Name, SkipEmpty),
            (F::Scope, Always(D::Null)),
            (F::ExportSymbols, SkipBool(false)),
        ],
        S::DIModule => &[
            (F::Scope, Always(D::Null)),
            (F::Name, SkipEmpty),
            (F::ConfigMacros, SkipEmpty),
            (F::IncludePath, SkipEmpty),
            (F::Apinotes, SkipEmpty),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::IsDecl, SkipBool(false)),
        ],
        S::DICommonBlock => &[
            (F::Scope, Always(D::Null)),
            (F::Declaration, Always(D::Null)),
            (F::Name, SkipEmpty),
            (F::File, SkipNull),
            (F::Line, SkipZero),
        ],
        S::DITemplateTypeParameter => &[
            (F::Name, SkipEmpty),
            (F::Type, Always(D::Null)),
            (F::Defaulted, SkipBool(false)),
        ],
        S::DITemplateValueParameter => &[
            (F::Tag, SkipWord("DW_TAG_template_value_parameter")),
            (F::Name, SkipEmpty),
            (F::Type, SkipNull),
            (F::Defaulted, SkipBool(false)),
            (F::Value, Always(D::Null)),
        ],
        S::DIGlobalVariable => &[
            (F::Name, SkipEmpty),
            (F::LinkageName, SkipEmpty),
            (F::Scope, Always(D::Null)),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Type, SkipNull),
            (F::IsLocal, Always(D::Bool(false))),
            (F::IsDefinition, Always(D::Bool(true))),
            (F::Declaration, SkipNull),
            (F::TemplateParams, SkipNull),
            (F::Align, SkipZero),
            (F::Annotations, SkipNull),
        ],
        S::DILocalVariable => &[
            (F::Name, SkipEmpty),
            (F::Arg, SkipZero),
            (F::Scope, Always(D::Null)),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Type, SkipNull),
            (F::Flags, SkipZero),
            (F::Align, SkipZero),
            (F::Annotations, SkipNull),
        ],
        S::DILabel => &[
            (F::Scope, Always(D::Null)),
            (F::Name, SkipEmpty),
            (F::File, SkipNull),
            (F::Line, SkipZero),
        ],
        S::DIObjCProperty => &[
            (F::Name, SkipEmpty),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Setter, SkipEmpty),
            (F::Getter, SkipEmpty),
            (F::Attributes, SkipZero),
            (F::Type, SkipNull),
        ],
        S::DIImportedEntity => &[
            (F::Tag, Keep),
            (F::Name, SkipEmpty),
            (F::Scope, Always(D::Null)),
            (F::Entity, SkipNull),
            (F::File, SkipNull),
            (F::Line, SkipZero),
            (F::Elements, SkipNull),
        ],
        S::DIMacro => &[
            (F::Type, Keep),
            (F::Line, SkipZero),
            (F::Name, SkipEmpty),
            (F::Value, SkipEmpty),
        ],
        S::DIMacroFile => &[
            (F::Type, SkipWord("DW_MACINFO_start_file")),
            (F::Line, SkipZero),
            (F::File, Always(D::Null)),
            (F::Nodes, SkipNull),
        ],
    }
}

fn is_default(rule: Rule, v: &MdField) -> bool {
    match (rule, v) {
        (Rule::Drop, _) => true,
        (Rule::SkipNull, MdField::Md(None)) => true,
        (Rule::SkipZero, MdField::UInt(0) | MdField::Int(0)) => true,
        (Rule::SkipEmpty, MdField::Str(s)) => s.is_empty(),
        (Rule::SkipBool(d), MdField::Bool(b)) => d == *b,
        (Rule::SkipWord(d), MdField::Word(w)) => **w == *d,
        _ => false,
    }
}

/// The value of a flag set (`DIFlagA | DIFlagB | 4`) or a number, with
/// names looked up in `table`; `None` for anything else.
fn flag_bits(v: &MdField, table: &[(u32, &str)]) -> Option<u64> {
    match v {
        MdField::UInt(x) => Some(*x),
        MdField::Word(w) => w.split(" | ").try_fold(0u64, |acc, part| {
            let bit = match part.parse::<u64>() {
                Ok(x) => x,
                Err(_) => table.iter().find(|e| e.1 == part).map(|e| u64::from(e.0))?,
            };
            Some(acc | bit)
        }),
        _ => None,
    }
}

/// A DWARF enumerator's name in `table` for a number, if it has one.
fn dwarf_name(table: &[(u32, &'static str)], v: u64) -> Option<&'static str> {
    table
        .iter()
        .find(|e| u64::from(e.0) == v && !e.1.ends_with("Largest"))
        .map(|e| e.1)
}

/// A `DIFlag*` set as LLVM's printer writes it (`DIFlags::splitFlags`
/// order: accessibility, pointer-to-member, `DIFlagIndirectVirtualBase`,
/// then single bits by value, then any unnamed rest as a number); `None`
/// for 0 (never printed).
pub(crate) fn di_flags_field(flags: u64) -> Option<MdField> {
    if flags == 0 {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut rest = flags;
    let acc = rest & 3;
    if acc != 0 {
        parts.push(["", "DIFlagPrivate", "DIFlagProtected", "DIFlagPublic"][acc as usize].into());
        rest &= !3;
    }
    let ptm = rest & (3 << 16);
    if ptm != 0 {
        let names = [
            "",
            "DIFlagSingleInheritance",
            "DIFlagMultipleInheritance",
            "DIFlagVirtualInheritance",
        ];
        parts.push(names[(ptm >> 16) as usize].into());
        rest &= !(3 << 16);
    }
    let ivb = (1 << 2) | (1 << 5);
    if rest & ivb == ivb {
        parts.push("DIFlagIndirectVirtualBase".into());
        rest &= !ivb;
    }
    for &(bit, name) in dwarf::DI_FLAGS {
        let bit = u64::from(bit);
        if bit == 0 || name.ends_with("Largest") || bit.count_ones() != 1 {
            continue;
        }
        if rest & bit != 0 {
            parts.push(name.into());
            rest &= !bit;
        }
    }
    if rest != 0 {
        parts.push(rest.to_string());
    }
    Some(MdField::Word(parts.join(" | ").into()))
}

/// A `DISPFlag*` set as LLVM's printer writes it: `0` when empty (always
/// printed: without it the legacy `isDefinition` default would apply),
/// else the named bits by value, then any unnamed rest as a number.
pub(crate) fn sp_flags_field(flags: u64) -> MdField {
    if flags == 0 {
        return MdField::UInt(0);
    }
    let mut parts: Vec<String> = Vec::new();
    let mut rest = flags;
    for &(bit, name) in dwarf::SP_FLAGS {
        let bit = u64::from(bit);
        if bit == 0 || name.ends_with("Largest") {
            continue;
        }
        if rest & bit != 0 {
            parts.push(name.into());
            rest &= !bit;
        }
    }
    if rest != 0 {
        parts.push(rest.to_string());
    }
    MdField::Word(parts.join(" | ").into())
}

/// `fields` (as parsed: any order, defaults written or not, legacy forms)
/// in the form LLVM 19 prints the node: print order, always-printed
/// fields added with their defaults, skipped defaults dropped, flag sets
/// and numeric DWARF enumerators canonical. Positional kinds are returned
/// unchanged.
pub(crate) fn canonical_fields(
    ctx: &Context,
    kind: S,
    mut fields: Vec<(F, MdField)>,
) -> Vec<(F, MdField)> {
    if kind.is_positional() {
        return fields;
    }
    if kind == S::DISubprogram {
        fold_subprogram(&mut fields);
    }
    let mut out = Vec::with_capacity(fields.len() + 4);
    for &(name, rule) in rules(kind) {
        let v = match fields.iter().position(|(n, _)| *n == name) {
            Some(i) => canonical_value(
                ctx,
                kind,
                name,
                core::mem::replace(&mut fields[i].1, MdField::Md(None)),
            ),
            None => match rule {
                Rule::Always(d) => Some(d.field()),
                _ => None,
            },
        };
        if let Some(v) = v {
            if !is_default(rule, &v) {
                out.push((name, v));
            }
        }
    }
    out
}

/// One field's value in printed form; `None` when it prints as nothing
/// (an empty flag set).
fn canonical_value(ctx: &Context, kind: S, name: F, v: MdField) -> Option<MdField> {
    let table = match name {
        F::Count | F::LowerBound | F::UpperBound | F::Stride if kind == S::DIGenericSubrange => {
            return Some(match &v {
                MdField::Md(Some(m)) => match consts_expr(ctx, *m) {
                    Some(c) => MdField::Int(c),
                    None => v,
                },
                _ => v,
            })
        }
        F::Flags if kind == S::DICompileUnit => return Some(v),
        F::Flags => {
            return match flag_bits(&v, dwarf::DI_FLAGS) {
                Some(bits) => di_flags_field(bits),
                None => Some(v),
            }
        }
        F::SpFlags => {
            return Some(match flag_bits(&v, dwarf::SP_FLAGS) {
                Some(bits) => sp_flags_field(bits),
                None => v,
            })
        }
        F::Count | F::LowerBound | F::UpperBound | F::Stride | F::Rank => {
            return Some(match &v {
                MdField::Md(Some(m)) => match const_int_md(ctx, *m) {
                    Some(c) => MdField::Int(c),
                    None => v,
                },
                _ => v,
            })
        }
        F::Tag => dwarf::TAGS,
        F::Language | F::RuntimeLang => dwarf::LANGS,
        F::Encoding => dwarf::ATES,
        F::Cc => dwarf::CCS,
        F::Type if matches!(kind, S::DIMacro | S::DIMacroFile) => dwarf::MACINFOS,
        _ => return Some(v),
    };
    Some(match v {
        MdField::UInt(x) => match dwarf_name(table, x) {
            Some(s) => MdField::word(s),
            None => MdField::UInt(x),
        },
        other => other,
    })
}

/// LLParser's `DISubprogram` rule: without `spFlags:`, the legacy
/// `isLocal` / `isDefinition` (default true) / `isOptimized` /
/// `virtuality` make the flags; with it, they are ignored. `virtualIndex`
/// prints when the subprogram is virtual or the index is non-zero.
fn fold_subprogram(fields: &mut Vec<(F, MdField)>) {
    let get = |fields: &[(F, MdField)], f: F| {
        fields.iter().find(|(n, _)| *n == f).map(|(_, v)| v.clone())
    };
    let sp = match get(fields, F::SpFlags) {
        Some(v) => flag_bits(&v, dwarf::SP_FLAGS),
        None => {
            let flag = |f: F, d: bool| match get(fields, f) {
                Some(MdField::Bool(b)) => b,
                _ => d,
            };
            let virt = match get(fields, F::Virtuality) {
                Some(MdField::UInt(x)) => x,
                Some(MdField::Word(w)) => match &*w {
                    "DW_VIRTUALITY_virtual" => 1,
                    "DW_VIRTUALITY_pure_virtual" => 2,
                    _ => 0,
                },
                _ => 0,
            };
            let bits = u64::from(flag(F::IsLocal, false)) << 2
                | u64::from(flag(F::IsDefinition, true)) << 3
                | u64::from(flag(F::IsOptimized, false)) << 4
                | virt;
            fields.retain(|(n, _)| *n != F::SpFlags);
            fields.push((F::SpFlags, MdField::UInt(bits)));
            Some(bits)
        }
    };
    let index = get(fields, F::VirtualIndex);
    let virtual_ = sp.is_some_and(|b| b & 3 != 0);
    let keep_index = match &index {
        None => false,
        Some(MdField::UInt(0) | MdField::Int(0)) => virtual_,
        Some(_) => true,
    };
    if !keep_index {
        fields.retain(|(n, _)| *n != F::VirtualIndex);
    }
    if virtual_ && index.is_none() {
        fields.push((F::VirtualIndex, MdField::UInt(0)));
    }
}

/// The constant of a `!DIExpression(DW_OP_consts, N)`, which LLVM prints as
/// `N` in a `DIGenericSubrange` bound.
pub(crate) fn consts_expr(ctx: &Context, m: super::Metadata) -> Option<i64> {
    match ctx.md_data(ctx.md_resolved(m)) {
        MdData::Specialized {
            kind: S::DIExpression,
            fields,
            ..
        } if fields.len() == 2 => match (&fields[0].1, &fields[1].1) {
            (MdField::Word(w), MdField::UInt(x)) if &**w == "DW_OP_consts" => Some(*x as i64),
            _ => None,
        },
        _ => None,
    }
}

/// The value of a constant integer used as metadata (`i64 2`) that fits
/// 64 bits, which LLVM prints as a bare number in a subrange bound or a
/// composite type's `rank` (wider ones print as a reference).
pub(crate) fn const_int_md(ctx: &Context, m: super::Metadata) -> Option<i64> {
    let MdData::Value(v) = ctx.md_data(ctx.md_resolved(m)) else {
        return None;
    };
    let v = *v;
    if ctx.value_kind(v) != crate::value::ValueKind::Constant
        || ctx.const_kind(v) != crate::constants::ConstKind::Int
    {
        return None;
    }
    ctx.const_int_value(v).and_then(|x| x.try_to_i64())
}
