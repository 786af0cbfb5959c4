//! The record of each specialised metadata node: from the fields lair
//! keeps (those `llvm-dis-19` prints, defaults left out) back to LLVM 19's
//! record layout, defaults put back as `LLParser` puts them.
//!
//! Owns the field → record mapping and the name → number lookups of the
//! DWARF words (tags, languages, encodings, operations, flags).

use super::enumerate::MdRef;
use super::Wr;
use crate::bitcode::dwarf;
use crate::bitstream::names as n;
use crate::ir::metadata::{FieldName as F, MdField, SpecKind};

/// The number of a DWARF word: a name of `table`, or a number.
pub(crate) fn dwarf_number(table: &[(u32, &str)], w: &str) -> Option<u64> {
    let w = w.trim();
    if let Some(e) = table.iter().find(|e| e.1 == w) {
        return Some(u64::from(e.0));
    }
    parse_number(w)
}

fn parse_number(w: &str) -> Option<u64> {
    if let Some(h) = w.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok();
    }
    w.parse::<u64>().ok()
}

/// A `|`-separated flag set of `table` names and numbers.
fn flag_bits(table: &[(u32, &str)], w: &str) -> u64 {
    w.split('|')
        .map(|p| dwarf_number(table, p).unwrap_or(0))
        .fold(0, |a, b| a | b)
}

/// The fields of one node, for lookups by name.
pub(crate) struct Fields<'a>(pub(crate) &'a [(F, MdField)]);

impl<'a> Fields<'a> {
    fn get(&self, name: F) -> Option<&'a MdField> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, f)| f)
    }
    fn uint(&self, name: F, default: u64) -> u64 {
        match self.get(name) {
            Some(MdField::UInt(x)) => *x,
            Some(MdField::Int(x)) => *x as u64,
            Some(MdField::Bool(b)) => u64::from(*b),
            Some(MdField::Word(w)) => parse_number(w).unwrap_or(default),
            _ => default,
        }
    }
    fn int(&self, name: F) -> i64 {
        match self.get(name) {
            Some(MdField::Int(x)) => *x,
            Some(MdField::UInt(x)) => *x as i64,
            _ => 0,
        }
    }
    fn boolean(&self, name: F, default: bool) -> bool {
        match self.get(name) {
            Some(MdField::Bool(b)) => *b,
            Some(MdField::UInt(x)) => *x != 0,
            _ => default,
        }
    }
    fn dwarf(&self, name: F, table: &[(u32, &str)], default: u64) -> u64 {
        match self.get(name) {
            Some(MdField::Word(w)) => dwarf_number(table, w).unwrap_or(default),
            Some(MdField::UInt(x)) => *x,
            Some(MdField::Int(x)) => *x as u64,
            _ => default,
        }
    }
    fn flags(&self, name: F, table: &[(u32, &str)]) -> u64 {
        match self.get(name) {
            Some(MdField::Word(w)) => flag_bits(table, w),
            Some(MdField::UInt(x)) => *x,
            Some(MdField::Int(x)) => *x as u64,
            _ => 0,
        }
    }
}

impl<'c> Wr<'c> {
    /// The code and values of a specialised node's record.
    pub(super) fn di_record(
        &mut self,
        node: MdRef<'c>,
        kind: SpecKind,
        distinct: bool,
        fields: &'c [(F, MdField)],
        rec: &mut Vec<u64>,
    ) -> u32 {
        let f = Fields(fields);
        let ops = self.ve.md_operands(node);
        let order = kind.operand_order();
        // The one-based id of a metadata field (0: null).
        let md = |wr: &Self, name: F| -> u64 {
            let r = order
                .iter()
                .position(|&x| x == name)
                .and_then(|i| ops.get(i).copied().flatten());
            u64::from(wr.ve.md_id_or_null(r))
        };
        let d = u64::from(distinct);
        match kind {
            SpecKind::DILocation => {
                rec.extend([
                    d,
                    f.uint(F::Line, 0),
                    f.uint(F::Column, 0),
                    md(self, F::Scope).saturating_sub(1),
                    md(self, F::InlinedAt),
                    u64::from(f.boolean(F::IsImplicitCode, false)),
                ]);
                n::METADATA_LOCATION
            }
            SpecKind::GenericDINode => {
                rec.push(d);
                rec.push(f.dwarf(F::Tag, dwarf::TAGS, 0));
                rec.push(0);
                for op in ops.iter() {
                    rec.push(u64::from(self.ve.md_id_or_null(*op)));
                }
                n::METADATA_GENERIC_DEBUG
            }
            SpecKind::DISubrange => {
                rec.push(d | 2 << 1);
                for name in [F::Count, F::LowerBound, F::UpperBound, F::Stride] {
                    rec.push(md(self, name));
                }
                n::METADATA_SUBRANGE
            }
            SpecKind::DIGenericSubrange => {
                rec.push(d);
                for name in [F::Count, F::LowerBound, F::UpperBound, F::Stride] {
                    rec.push(md(self, name));
                }
                n::METADATA_GENERIC_SUBRANGE
            }
            SpecKind::DIEnumerator => {
                let unsigned = f.boolean(F::IsUnsigned, false);
                rec.push(4 | u64::from(unsigned) << 1 | d);
                let (width, words) = enumerator_value(f.get(F::Value), unsigned);
                rec.push(u64::from(width));
                rec.push(md(self, F::Name));
                for w in words {
                    rec.push(super::module::signed(w as i64));
                }
                n::METADATA_ENUMERATOR
            }
            SpecKind::DIBasicType => {
                rec.extend([
                    d,
                    f.dwarf(F::Tag, dwarf::TAGS, 0x24),
                    md(self, F::Name),
                    f.uint(F::Size, 0),
                    f.uint(F::Align, 0),
                    f.dwarf(F::Encoding, dwarf::ATES, 0),
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                ]);
                n::METADATA_BASIC_TYPE
            }
            SpecKind::DIStringType => {
                rec.extend([
                    d,
                    f.dwarf(F::Tag, dwarf::TAGS, 0x12),
                    md(self, F::Name),
                    md(self, F::StringLength),
                    md(self, F::StringLengthExpression),
                    md(self, F::StringLocationExpression),
                    f.uint(F::Size, 0),
                    f.uint(F::Align, 0),
                    f.dwarf(F::Encoding, dwarf::ATES, 0),
                ]);
                n::METADATA_STRING_TYPE
            }
            SpecKind::DIDerivedType => {
                let das = match f.get(F::DwarfAddressSpace) {
                    Some(_) => f.uint(F::DwarfAddressSpace, 0) + 1,
                    None => 0,
                };
                let mut pa = None;
                if f.get(F::PtrAuthKey).is_some()
                    || f.get(F::PtrAuthIsAddressDiscriminated).is_some()
                {
                    pa = Some(
                        f.uint(F::PtrAuthKey, 0) & 0xf
                            | u64::from(f.boolean(F::PtrAuthIsAddressDiscriminated, false)) << 4
                            | (f.uint(F::PtrAuthExtraDiscriminator, 0) & 0xffff) << 5
                            | u64::from(f.boolean(F::PtrAuthIsaPointer, false)) << 21
                            | u64::from(f.boolean(F::PtrAuthAuthenticatesNullValues, false)) << 22,
                    );
                }
                // LLVM 19's parser and reader hand the pointer-authentication
                // word to `DIDerivedType::get` where the alignment goes, so
                // the node llvm-as-19 writes has that word as its alignment
                // and no pointer-authentication data; written the same way.
                let align = pa.unwrap_or_else(|| f.uint(F::Align, 0));
                rec.extend([
                    d,
                    f.dwarf(F::Tag, dwarf::TAGS, 0),
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Scope),
                    md(self, F::BaseType),
                    f.uint(F::Size, 0),
                    align,
                    f.uint(F::Offset, 0),
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                    md(self, F::ExtraData),
                    das,
                    md(self, F::Annotations),
                    0,
                ]);
                n::METADATA_DERIVED_TYPE
            }
            SpecKind::DICompositeType => {
                rec.extend([
                    d | 2,
                    f.dwarf(F::Tag, dwarf::TAGS, 0),
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Scope),
                    md(self, F::BaseType),
                    f.uint(F::Size, 0),
                    f.uint(F::Align, 0),
                    f.uint(F::Offset, 0),
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                    md(self, F::Elements),
                    f.dwarf(F::RuntimeLang, dwarf::LANGS, 0),
                    md(self, F::VtableHolder),
                    md(self, F::TemplateParams),
                    md(self, F::Identifier),
                    md(self, F::Discriminator),
                    md(self, F::DataLocation),
                    md(self, F::Associated),
                    md(self, F::Allocated),
                    md(self, F::Rank),
                    md(self, F::Annotations),
                ]);
                n::METADATA_COMPOSITE_TYPE
            }
            SpecKind::DISubroutineType => {
                rec.extend([
                    d | 2,
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                    md(self, F::Types),
                    f.dwarf(F::Cc, dwarf::CCS, 0),
                ]);
                n::METADATA_SUBROUTINE_TYPE
            }
            SpecKind::DIFile => {
                rec.push(d);
                rec.push(md(self, F::Filename));
                rec.push(md(self, F::Directory));
                let ck = match f.get(F::Checksumkind) {
                    Some(MdField::Word(w)) => match &**w {
                        "CSK_MD5" => 1,
                        "CSK_SHA1" => 2,
                        "CSK_SHA256" => 3,
                        _ => 0,
                    },
                    _ => 0,
                };
                if ck != 0 {
                    rec.push(ck);
                    rec.push(md(self, F::Checksum));
                } else {
                    rec.push(0);
                    rec.push(0);
                }
                if f.get(F::Source).is_some() {
                    rec.push(md(self, F::Source));
                }
                n::METADATA_FILE
            }
            SpecKind::DICompileUnit => {
                let ek = match f.get(F::EmissionKind) {
                    Some(MdField::Word(w)) => match &**w {
                        "FullDebug" => 1,
                        "LineTablesOnly" => 2,
                        "DebugDirectivesOnly" => 3,
                        _ => 0,
                    },
                    _ => 0,
                };
                let ntk = match f.get(F::NameTableKind) {
                    Some(MdField::Word(w)) => match &**w {
                        "GNU" => 1,
                        "None" => 2,
                        "Apple" => 3,
                        _ => 0,
                    },
                    _ => 0,
                };
                rec.extend([
                    1,
                    f.dwarf(F::Language, dwarf::LANGS, 0),
                    md(self, F::File),
                    md(self, F::Producer),
                    u64::from(f.boolean(F::IsOptimized, false)),
                    md(self, F::Flags),
                    f.uint(F::RuntimeVersion, 0),
                    md(self, F::SplitDebugFilename),
                    ek,
                    md(self, F::Enums),
                    md(self, F::RetainedTypes),
                    0,
                    md(self, F::Globals),
                    md(self, F::Imports),
                    f.uint(F::DwoId, 0),
                    md(self, F::Macros),
                    u64::from(f.boolean(F::SplitDebugInlining, true)),
                    u64::from(f.boolean(F::DebugInfoForProfiling, false)),
                    ntk,
                    u64::from(f.boolean(F::RangesBaseAddress, false)),
                    md(self, F::Sysroot),
                    md(self, F::Sdk),
                ]);
                n::METADATA_COMPILE_UNIT
            }
            SpecKind::DISubprogram => {
                let sp = match f.get(F::SpFlags) {
                    Some(_) => f.flags(F::SpFlags, dwarf::SP_FLAGS),
                    None => {
                        let virt = f.dwarf(F::Virtuality, &VIRTUALITIES, 0);
                        virt & 3
                            | u64::from(f.boolean(F::IsLocal, false)) << 2
                            | u64::from(f.boolean(F::IsDefinition, true)) << 3
                            | u64::from(f.boolean(F::IsOptimized, false)) << 4
                    }
                };
                rec.extend([
                    d | 2 | 4,
                    md(self, F::Scope),
                    md(self, F::Name),
                    md(self, F::LinkageName),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Type),
                    f.uint(F::ScopeLine, 0),
                    md(self, F::ContainingType),
                    sp,
                    f.uint(F::VirtualIndex, 0),
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                    md(self, F::Unit),
                    md(self, F::TemplateParams),
                    md(self, F::Declaration),
                    md(self, F::RetainedNodes),
                    f.int(F::ThisAdjustment) as i32 as i64 as u64,
                    md(self, F::ThrownTypes),
                    md(self, F::Annotations),
                    md(self, F::TargetFuncName),
                ]);
                n::METADATA_SUBPROGRAM
            }
            SpecKind::DILexicalBlock => {
                rec.extend([
                    d,
                    md(self, F::Scope),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    f.uint(F::Column, 0),
                ]);
                n::METADATA_LEXICAL_BLOCK
            }
            SpecKind::DILexicalBlockFile => {
                rec.extend([
                    d,
                    md(self, F::Scope),
                    md(self, F::File),
                    f.uint(F::Discriminator, 0),
                ]);
                n::METADATA_LEXICAL_BLOCK_FILE
            }
            SpecKind::DICommonBlock => {
                rec.extend([
                    d,
                    md(self, F::Scope),
                    md(self, F::Declaration),
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                ]);
                n::METADATA_COMMON_BLOCK
            }
            SpecKind::DINamespace => {
                rec.extend([
                    d | u64::from(f.boolean(F::ExportSymbols, false)) << 1,
                    md(self, F::Scope),
                    md(self, F::Name),
                ]);
                n::METADATA_NAMESPACE
            }
            SpecKind::DIMacro => {
                rec.extend([
                    d,
                    f.dwarf(F::Type, dwarf::MACINFOS, 0),
                    f.uint(F::Line, 0),
                    md(self, F::Name),
                    md(self, F::Value),
                ]);
                n::METADATA_MACRO
            }
            SpecKind::DIMacroFile => {
                rec.extend([
                    d,
                    f.dwarf(F::Type, dwarf::MACINFOS, 3),
                    f.uint(F::Line, 0),
                    md(self, F::File),
                    md(self, F::Nodes),
                ]);
                n::METADATA_MACRO_FILE
            }
            SpecKind::DIModule => {
                rec.extend([
                    d,
                    md(self, F::File),
                    md(self, F::Scope),
                    md(self, F::Name),
                    md(self, F::ConfigMacros),
                    md(self, F::IncludePath),
                    md(self, F::Apinotes),
                    f.uint(F::Line, 0),
                    u64::from(f.boolean(F::IsDecl, false)),
                ]);
                n::METADATA_MODULE
            }
            SpecKind::DIAssignID => {
                rec.push(d);
                n::METADATA_ASSIGN_ID
            }
            SpecKind::DITemplateTypeParameter => {
                rec.extend([
                    d,
                    md(self, F::Name),
                    md(self, F::Type),
                    u64::from(f.boolean(F::Defaulted, false)),
                ]);
                n::METADATA_TEMPLATE_TYPE
            }
            SpecKind::DITemplateValueParameter => {
                rec.extend([
                    d,
                    f.dwarf(F::Tag, dwarf::TAGS, 0x30),
                    md(self, F::Name),
                    md(self, F::Type),
                    u64::from(f.boolean(F::Defaulted, false)),
                    md(self, F::Value),
                ]);
                n::METADATA_TEMPLATE_VALUE
            }
            SpecKind::DIGlobalVariable => {
                rec.extend([
                    d | 2 << 1,
                    md(self, F::Scope),
                    md(self, F::Name),
                    md(self, F::LinkageName),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Type),
                    u64::from(f.boolean(F::IsLocal, false)),
                    u64::from(f.boolean(F::IsDefinition, true)),
                    md(self, F::Declaration),
                    md(self, F::TemplateParams),
                    f.uint(F::Align, 0),
                    md(self, F::Annotations),
                ]);
                n::METADATA_GLOBAL_VAR
            }
            SpecKind::DILocalVariable => {
                rec.extend([
                    d | 2,
                    md(self, F::Scope),
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Type),
                    f.uint(F::Arg, 0),
                    f.flags(F::Flags, dwarf::DI_FLAGS),
                    f.uint(F::Align, 0),
                    md(self, F::Annotations),
                ]);
                n::METADATA_LOCAL_VAR
            }
            SpecKind::DILabel => {
                rec.extend([
                    d,
                    md(self, F::Scope),
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                ]);
                n::METADATA_LABEL
            }
            SpecKind::DIExpression => {
                rec.push(d | 3 << 1);
                for (_, x) in fields.iter() {
                    rec.push(match x {
                        MdField::Word(w) => dwarf_number(dwarf::OPS, w)
                            .or_else(|| dwarf_number(dwarf::ATES, w))
                            .unwrap_or(0),
                        MdField::UInt(v) => *v,
                        MdField::Int(v) => *v as u64,
                        _ => 0,
                    });
                }
                n::METADATA_EXPRESSION
            }
            SpecKind::DIGlobalVariableExpression => {
                rec.extend([d, md(self, F::Var), md(self, F::Expr)]);
                n::METADATA_GLOBAL_VAR_EXPR
            }
            SpecKind::DIObjCProperty => {
                rec.extend([
                    d,
                    md(self, F::Name),
                    md(self, F::File),
                    f.uint(F::Line, 0),
                    md(self, F::Getter),
                    md(self, F::Setter),
                    f.uint(F::Attributes, 0),
                    md(self, F::Type),
                ]);
                n::METADATA_OBJC_PROPERTY
            }
            SpecKind::DIImportedEntity => {
                rec.extend([
                    d,
                    f.dwarf(F::Tag, dwarf::TAGS, 0),
                    md(self, F::Scope),
                    md(self, F::Entity),
                    f.uint(F::Line, 0),
                    md(self, F::Name),
                    md(self, F::File),
                    md(self, F::Elements),
                ]);
                n::METADATA_IMPORTED_ENTITY
            }
            SpecKind::DIArgList => {
                for op in ops.iter() {
                    rec.push(u64::from(self.ve.md_id_or_null(*op)).saturating_sub(1));
                }
                n::METADATA_ARG_LIST
            }
        }
    }
}

/// `DW_VIRTUALITY_*` names.
const VIRTUALITIES: [(u32, &str); 3] = [
    (0, "DW_VIRTUALITY_none"),
    (1, "DW_VIRTUALITY_virtual"),
    (2, "DW_VIRTUALITY_pure_virtual"),
];

/// The bit width and words of a `DIEnumerator` value as `LLParser` makes
/// it from its decimal spelling (`APSInt(StringRef)`, widened by one bit
/// for a signed enumerator whose top bit is set).
fn enumerator_value(v: Option<&MdField>, unsigned: bool) -> (u32, Vec<u64>) {
    use crate::constants::apint::APInt;
    let (neg, mag): (bool, Vec<u64>) = match v {
        Some(MdField::Int(x)) if *x < 0 => (true, vec![x.unsigned_abs()]),
        Some(MdField::Int(x)) => (false, vec![*x as u64]),
        Some(MdField::UInt(x)) => (false, vec![*x]),
        Some(MdField::Word(w)) => {
            let (neg, digits) = match w.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, &**w),
            };
            (neg, decimal_words(digits))
        }
        _ => (false, vec![0]),
    };
    let nwords = mag.len().max(1);
    let wide = APInt::from_words((nwords * 64) as u32 + 1, &mag);
    if neg {
        let x = wide.neg();
        let bits = x.min_signed_bits().max(1);
        let t = APInt::from_words(bits, x.words());
        return (bits, t.words().to_vec());
    }
    let mut bits = wide.active_bits().max(1);
    let t = APInt::from_words(bits, wide.words());
    if !unsigned && t.bit(bits - 1) {
        bits += 1;
    }
    let t = APInt::from_words(bits, wide.words());
    let words = t.words();
    let n = words.iter().rposition(|&x| x != 0).map_or(1, |i| i + 1);
    (bits, words[..n].to_vec())
}

/// The words of a decimal number.
fn decimal_words(d: &str) -> Vec<u64> {
    let mut words: Vec<u64> = vec![0];
    for c in d.bytes() {
        if !c.is_ascii_digit() {
            continue;
        }
        let mut carry = u128::from(c - b'0');
        for w in words.iter_mut() {
            let x = u128::from(*w) * 10 + carry;
            *w = x as u64;
            carry = x >> 64;
        }
        if carry != 0 {
            words.push(carry as u64);
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerator_widths_follow_the_parser() {
        let w = |f: MdField, u: bool| enumerator_value(Some(&f), u).0;
        assert_eq!(w(MdField::Int(0), false), 1);
        assert_eq!(w(MdField::Int(5), false), 4);
        assert_eq!(w(MdField::UInt(5), true), 3);
        assert_eq!(w(MdField::Int(-1), false), 1);
        assert_eq!(w(MdField::Int(-128), false), 8);
        assert_eq!(w(MdField::Int(1), false), 2);
    }
}
