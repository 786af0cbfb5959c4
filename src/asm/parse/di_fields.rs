//! The kind of every field of a specialised `!DI*` node, as LLVM 19's
//! `LLParser` declares it (`MDUnsignedField` with its limit,
//! `MDSignedField`, `MDBoolField`, `MDStringField`, `MDField`, the DWARF
//! name fields, flag fields, ...), which fields each node requires, and the
//! check of a field's value token against its kind with LLParser's message.
//!
//! Owns only the table and the token checks; parsing the values and
//! building the node is `metadata.rs`. Positions follow LLParser: a value
//! of the wrong kind or out of range is reported at the value, a missing
//! required field at the closing `)`.

use super::lexer::Tok;
use super::{PResult, Parser};
use crate::ir::metadata::dwarf;
use crate::ir::metadata::{FieldName, SpecKind};

/// What a field accepts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum FieldKind {
    /// `MDUnsignedField`: an unsigned integer up to the limit.
    UInt(u64),
    /// `MDSignedField`: a signed integer within the limits.
    Int(i64, i64),
    /// `MDSignedOrMDField`: a signed integer within the limits, or metadata.
    IntOrMd(i64, i64),
    /// `MDAPSIntField`: any integer.
    AnyInt,
    /// `MDBoolField`.
    Bool,
    /// `MDStringField`; `false`: an empty string is refused.
    Str(bool),
    /// `MDField`; `false`: `null` is refused.
    Md(bool),
    /// `MDFieldList`: `{...}`.
    List,
    /// A DWARF name field (tag, language, ...) or its number.
    Dwarf(DwarfSet),
    /// `EmissionKindField`.
    Emission,
    /// `NameTableKindField`.
    NameTable,
    /// `ChecksumKindField`.
    Checksum,
    /// `DIFlagField`.
    Flags,
    /// `DISPFlagField`.
    SpFlags,
}

/// The DWARF name sets a field may take its value from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum DwarfSet {
    Tag,
    Lang,
    Cc,
    Ate,
    Virtuality,
    Macinfo,
}

impl DwarfSet {
    /// The name prefix, the largest number, what LLParser calls the set,
    /// and its names.
    fn spec(
        self,
    ) -> (
        &'static str,
        u64,
        &'static str,
        &'static [(u32, &'static str)],
    ) {
        match self {
            DwarfSet::Tag => ("DW_TAG_", 0xffff, "DWARF tag", dwarf::TAGS),
            DwarfSet::Lang => ("DW_LANG_", 0xffff, "DWARF language", dwarf::LANGS),
            DwarfSet::Cc => ("DW_CC_", 0xff, "DWARF calling convention", dwarf::CCS),
            DwarfSet::Ate => (
                "DW_ATE_",
                0xff,
                "DWARF type attribute encoding",
                dwarf::ATES,
            ),
            DwarfSet::Virtuality => (
                "DW_VIRTUALITY_",
                2,
                "DWARF virtuality code",
                &[
                    (0, "DW_VIRTUALITY_none"),
                    (1, "DW_VIRTUALITY_virtual"),
                    (2, "DW_VIRTUALITY_pure_virtual"),
                ],
            ),
            DwarfSet::Macinfo => ("DW_MACINFO_", 0xff, "DWARF macinfo type", dwarf::MACINFOS),
        }
    }
}

/// The kind of field `f` of node kind `k` in LLVM 19's `LLParser`.
pub(super) fn field_kind(k: SpecKind, f: FieldName) -> FieldKind {
    use FieldKind as K;
    use FieldName as F;
    use SpecKind as S;
    const U32: u64 = u32::MAX as u64;
    const U16: u64 = u16::MAX as u64;
    match f {
        // `LineField` and `ColumnField`.
        F::Line | F::ScopeLine => K::UInt(U32),
        F::Column => K::UInt(U16),
        F::Tag => K::Dwarf(DwarfSet::Tag),
        F::Language | F::RuntimeLang => K::Dwarf(DwarfSet::Lang),
        F::Cc => K::Dwarf(DwarfSet::Cc),
        F::Encoding => K::Dwarf(DwarfSet::Ate),
        F::Virtuality => K::Dwarf(DwarfSet::Virtuality),
        F::Type if matches!(k, S::DIMacro | S::DIMacroFile) => K::Dwarf(DwarfSet::Macinfo),
        F::EmissionKind => K::Emission,
        F::NameTableKind => K::NameTable,
        F::Checksumkind => K::Checksum,
        F::SpFlags => K::SpFlags,
        F::Flags if k == S::DICompileUnit => K::Str(true),
        F::Flags => K::Flags,
        F::Size | F::Offset | F::DwoId => K::UInt(u64::MAX),
        F::Discriminator if k == S::DICompositeType => K::Md(true),
        F::Align
        | F::RuntimeVersion
        | F::VirtualIndex
        | F::DwarfAddressSpace
        | F::Discriminator => K::UInt(U32),
        F::Arg => K::UInt(U16),
        F::Attributes => K::UInt(U32),
        F::PtrAuthKey => K::UInt(7),
        F::PtrAuthExtraDiscriminator => K::UInt(0xffff),
        F::ThisAdjustment => K::Int(i32::MIN.into(), i32::MAX.into()),
        F::Count if k == S::DISubrange => K::IntOrMd(-1, i64::MAX),
        F::Count | F::LowerBound | F::UpperBound | F::Stride | F::Rank => {
            K::IntOrMd(i64::MIN, i64::MAX)
        }
        F::Value if k == S::DIEnumerator => K::AnyInt,
        F::Value if k == S::DIMacro => K::Str(true),
        F::IsImplicitCode
        | F::IsUnsigned
        | F::PtrAuthIsAddressDiscriminated
        | F::PtrAuthIsaPointer
        | F::PtrAuthAuthenticatesNullValues
        | F::IsOptimized
        | F::SplitDebugInlining
        | F::DebugInfoForProfiling
        | F::RangesBaseAddress
        | F::IsLocal
        | F::IsDefinition
        | F::ExportSymbols
        | F::IsDecl
        | F::Defaulted => K::Bool,
        F::Name if k == S::DIGlobalVariable => K::Str(false),
        F::Name
        | F::Header
        | F::Identifier
        | F::Filename
        | F::Directory
        | F::Checksum
        | F::Source
        | F::Producer
        | F::SplitDebugFilename
        | F::Sysroot
        | F::Sdk
        | F::LinkageName
        | F::TargetFuncName
        | F::ConfigMacros
        | F::IncludePath
        | F::Apinotes
        | F::Setter
        | F::Getter => K::Str(true),
        F::Operands => K::List,
        F::Scope
            if matches!(
                k,
                S::DILocation
                    | S::DILexicalBlock
                    | S::DILexicalBlockFile
                    | S::DILocalVariable
                    | S::DILabel
            ) =>
        {
            K::Md(false)
        }
        F::File if k == S::DICompileUnit => K::Md(false),
        _ => K::Md(true),
    }
}

/// The fields node kind `k` requires, in LLParser's declaration order (the
/// first missing one is reported).
pub(super) fn required_fields(k: SpecKind) -> &'static [FieldName] {
    use FieldName as F;
    use SpecKind as S;
    match k {
        S::DILocation => &[F::Scope],
        S::GenericDINode => &[F::Tag],
        S::DIEnumerator => &[F::Name, F::Value],
        S::DIDerivedType => &[F::Tag, F::BaseType],
        S::DICompositeType => &[F::Tag],
        S::DISubroutineType => &[F::Types],
        S::DIFile => &[F::Filename, F::Directory],
        S::DICompileUnit => &[F::Language, F::File],
        S::DILexicalBlock => &[F::Scope],
        S::DILexicalBlockFile => &[F::Scope, F::Discriminator],
        S::DICommonBlock | S::DINamespace => &[F::Scope],
        S::DIMacro => &[F::Type, F::Name],
        S::DIMacroFile => &[F::File],
        S::DIModule => &[F::Scope, F::Name],
        S::DITemplateTypeParameter => &[F::Type],
        S::DITemplateValueParameter => &[F::Value],
        S::DILocalVariable => &[F::Scope],
        S::DILabel => &[F::Scope, F::Name, F::File, F::Line],
        S::DIImportedEntity => &[F::Tag, F::Scope],
        S::DIGlobalVariableExpression => &[F::Var, F::Expr],
        _ => &[],
    }
}

/// The words a type may start with (what LLParser's `parseType` takes as a
/// bare keyword), so a metadata field holding any other word is refused.
const TYPE_WORDS: &[&[u8]] = &[
    b"void",
    b"half",
    b"bfloat",
    b"float",
    b"double",
    b"x86_fp80",
    b"fp128",
    b"ppc_fp128",
    b"label",
    b"metadata",
    b"x86_mmx",
    b"x86_amx",
    b"token",
    b"ptr",
    b"target",
    b"type",
];

/// An integer token's value: its sign and magnitude (saturated past
/// `u128`); `None` for a token that is not an integer.
fn int_value(kind: Tok, b: &[u8]) -> Option<(bool, u128)> {
    let (neg, digits, radix) = match kind {
        Tok::Int => match b.strip_prefix(b"-") {
            Some(d) => (true, d, 10),
            None => (false, b, 10),
        },
        // `u0x...` is unsigned, `s0x...` signed (LLVM's APSInt tokens).
        Tok::HexInt => {
            let neg = b.first() == Some(&b's');
            (neg, b.get(3..).unwrap_or(b""), 16)
        }
        _ => return None,
    };
    let mut v: u128 = 0;
    for &c in digits {
        let d = (c as char).to_digit(radix).unwrap_or(0) as u128;
        v = v.saturating_mul(radix as u128).saturating_add(d);
    }
    Some((neg, v))
}

impl Parser<'_> {
    /// Checks the current token against field `name`'s kind, as LLParser's
    /// `parseMDField` overloads do, before the value is parsed.
    pub(super) fn check_field_value(&self, kind: FieldKind, name: &str) -> PResult<()> {
        let t = self.tok.kind;
        let b = self.tok_bytes();
        let int = int_value(t, b);
        let too = |p: &Self, dir: &str, lim: &dyn core::fmt::Display| {
            p.err(format!("value for '{name}' too {dir}, limit is {lim}"))
        };
        match kind {
            FieldKind::UInt(max) => match int {
                Some((false, v)) if v > max as u128 => too(self, "large", &max),
                Some((false, _)) => Ok(()),
                _ => self.err("expected unsigned integer"),
            },
            FieldKind::Int(min, max) | FieldKind::IntOrMd(min, max) => match int {
                Some((true, v)) if t == Tok::Int && v > min.unsigned_abs() as u128 => {
                    too(self, "small", &min)
                }
                Some((false, v)) if v > max as u128 => too(self, "large", &max),
                Some(_) => Ok(()),
                None if matches!(kind, FieldKind::IntOrMd(..)) => self.check_md_value(true, name),
                None => self.err("expected signed integer"),
            },
            FieldKind::AnyInt => match int {
                Some(_) => Ok(()),
                None => self.err("expected integer"),
            },
            FieldKind::Bool => match b {
                b"true" | b"false" if t == Tok::Word => Ok(()),
                _ => self.err("expected 'true' or 'false'"),
            },
            FieldKind::Str(allow_empty) => {
                if t != Tok::Str {
                    self.err("expected string constant")
                } else if !allow_empty && b.is_empty() {
                    self.err(format!("'{name}' cannot be empty"))
                } else {
                    Ok(())
                }
            }
            FieldKind::Md(allow_null) => self.check_md_value(allow_null, name),
            FieldKind::List => {
                if t == Tok::LBrace {
                    Ok(())
                } else {
                    self.err("expected '{' here")
                }
            }
            FieldKind::Dwarf(set) => {
                let (prefix, max, what, names) = set.spec();
                match int {
                    Some((false, v)) if v > max as u128 => too(self, "large", &max),
                    Some((false, _)) => Ok(()),
                    Some((true, _)) => self.err("expected unsigned integer"),
                    None => {
                        let w = self.word();
                        if t != Tok::Word || !w.starts_with(prefix) {
                            self.err(format!("expected {what}"))
                        } else if !names.iter().any(|&(_, n)| n == w) {
                            self.err(format!("invalid {what} '{w}'"))
                        } else {
                            Ok(())
                        }
                    }
                }
            }
            FieldKind::Emission | FieldKind::NameTable => {
                let (names, what): (&[&str], _) = if kind == FieldKind::Emission {
                    (
                        &[
                            "NoDebug",
                            "FullDebug",
                            "LineTablesOnly",
                            "DebugDirectivesOnly",
                        ],
                        "emission kind",
                    )
                } else {
                    (&["Default", "GNU", "None", "Apple"], "nameTable kind")
                };
                match int {
                    Some((false, v)) if v > 3 => too(self, "large", &3),
                    Some((false, _)) => Ok(()),
                    Some((true, _)) => self.err("expected unsigned integer"),
                    None if t == Tok::Word && names.contains(&self.word()) => Ok(()),
                    None => self.err(format!("expected {what}")),
                }
            }
            FieldKind::Checksum => {
                let w = self.word();
                if matches!(w, "CSK_MD5" | "CSK_SHA1" | "CSK_SHA256") {
                    return Ok(());
                }
                // LLParser names the lexer's last string: the word, the
                // string's text, or else the field's label.
                let shown = match t {
                    Tok::Word => w.to_string(),
                    Tok::Str => String::from_utf8_lossy(b).into_owned(),
                    _ => name.to_string(),
                };
                self.err(format!("invalid checksum kind '{shown}'"))
            }
            // Flags are checked one by one as they are parsed.
            FieldKind::Flags | FieldKind::SpFlags => Ok(()),
        }
    }

    /// An `MDField` value: `null` (when allowed) or something
    /// `parseMetadata` can start with.
    fn check_md_value(&self, allow_null: bool, name: &str) -> PResult<()> {
        match self.tok.kind {
            Tok::Word if self.is_word("null") => {
                if allow_null {
                    Ok(())
                } else {
                    self.err(format!("'{name}' cannot be null"))
                }
            }
            Tok::Word if !TYPE_WORDS.contains(&self.tok_bytes()) => {
                self.err("expected metadata operand")
            }
            Tok::Int
            | Tok::HexInt
            | Tok::Float
            | Tok::Str
            | Tok::LabelName
            | Tok::RParen
            | Tok::Comma => self.err("expected metadata operand"),
            _ => Ok(()),
        }
    }

    /// One element of a `DIFlag...` / `DISPFlag...` set: a name of the set
    /// or a 32-bit number.
    pub(super) fn check_flag(&self, sp: bool) -> PResult<()> {
        let t = self.tok.kind;
        match int_value(t, self.tok_bytes()) {
            Some((false, v)) if v > u32::MAX as u128 => {
                return self.err("expected 32-bit integer (too large)")
            }
            Some((false, _)) => return Ok(()),
            _ => {}
        }
        let prefix = if sp { "DISPFlag" } else { "DIFlag" };
        if t != Tok::Word || !self.word().starts_with(prefix) {
            return self.err("expected debug info flag");
        }
        self.check_flag_name()
    }
}
