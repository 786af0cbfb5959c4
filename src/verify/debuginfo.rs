//! Debug-info rules (LLVM's `CheckDI`): every `DI*` node (`visitDI*`),
//! `!dbg` locations, debug records (`#dbg_value` / `#dbg_declare` /
//! `#dbg_assign` / `#dbg_label`) and the `llvm.dbg.*` intrinsics, fragment
//! expressions, argument numbers and entry values. Fields are read with
//! LLVM's defaults (an implicit tag, a `DIGlobalVariable` is a definition
//! unless it says otherwise).

use super::dwarf::{self, ate, flag, tag};
use super::metadata::{is_md_node, tuple_ops};
use super::report::{check_di, Item};
use super::{AssignIndex, Verifier};
use crate::ir::metadata::{FieldName, MdData, MdField, Metadata, SpecKind};
use crate::ir::Inst;
use crate::value::ValueKind;

use SpecKind as K;

/// What a subrange bound field holds.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Bound {
    Absent,
    /// An integer literal or a constant (`ConstantAsMetadata`).
    Const(Option<i64>),
    Variable,
    Expression,
    Other,
}

impl<'a> Verifier<'a> {
    fn kind(&self, md: Metadata) -> Option<SpecKind> {
        self.ctx.md_data(md).spec_kind()
    }

    fn field(&self, md: Metadata, name: FieldName) -> Option<&'a MdField> {
        self.ctx.md_data(md).field(name)
    }

    /// A metadata-valued field, resolved (`None` when absent or `null`).
    pub(crate) fn di_field_md(&self, md: Metadata, name: FieldName) -> Option<Metadata> {
        match self.field(md, name) {
            Some(MdField::Md(Some(m))) => Some(self.ctx.md_resolved(*m)),
            _ => None,
        }
    }

    /// An integer field (0 when absent).
    fn di_uint(&self, md: Metadata, name: FieldName) -> u64 {
        match self.field(md, name) {
            Some(MdField::UInt(x)) => *x,
            Some(MdField::Int(x)) => *x as u64,
            Some(MdField::Bool(b)) => *b as u64,
            Some(MdField::Word(w)) => w.parse::<u64>().unwrap_or(0),
            _ => 0,
        }
    }

    /// A string field's bytes (empty when absent).
    fn di_str(&self, md: Metadata, name: FieldName) -> &'a [u8] {
        match self.field(md, name) {
            Some(MdField::Str(s)) => s,
            Some(MdField::Md(Some(m))) => self.ctx.md_data(*m).as_bytes().unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The `tag:` of a node, with LLVM's implicit tags.
    fn di_tag(&self, md: Metadata) -> u64 {
        let explicit = match self.field(md, FieldName::Tag) {
            Some(MdField::Word(w)) => Some(dwarf::tag_value(w)),
            Some(MdField::UInt(x)) => Some(*x),
            Some(MdField::Int(x)) => Some(*x as u64),
            _ => None,
        };
        if let Some(t) = explicit {
            return t;
        }
        match self.kind(md) {
            Some(K::DISubrange) => tag::SUBRANGE_TYPE,
            Some(K::DIGenericSubrange) => tag::GENERIC_SUBRANGE,
            Some(K::DIEnumerator) => tag::ENUMERATOR,
            Some(K::DIBasicType) => tag::BASE_TYPE,
            Some(K::DIStringType) => tag::STRING_TYPE,
            Some(K::DISubroutineType) => tag::SUBROUTINE_TYPE,
            Some(K::DIFile) => tag::FILE_TYPE,
            Some(K::DICompileUnit) => tag::COMPILE_UNIT,
            Some(K::DISubprogram) => tag::SUBPROGRAM,
            Some(K::DILexicalBlock | K::DILexicalBlockFile) => tag::LEXICAL_BLOCK,
            Some(K::DINamespace) => tag::NAMESPACE,
            Some(K::DIModule) => tag::MODULE,
            Some(K::DICommonBlock) => tag::COMMON_BLOCK,
            Some(K::DITemplateTypeParameter) => tag::TEMPLATE_TYPE_PARAMETER,
            Some(K::DITemplateValueParameter) => tag::TEMPLATE_VALUE_PARAMETER,
            Some(K::DIGlobalVariable | K::DILocalVariable) => tag::VARIABLE,
            Some(K::DILabel) => tag::LABEL,
            Some(K::DIObjCProperty) => tag::APPLE_PROPERTY,
            _ => 0,
        }
    }

    /// The `flags:` of a node.
    fn di_flags(&self, md: Metadata) -> u64 {
        match self.field(md, FieldName::Flags) {
            Some(MdField::Word(w)) => dwarf::flags_value(w, false),
            Some(MdField::UInt(x)) => *x,
            _ => 0,
        }
    }

    /// Whether a `DISubprogram` is a definition (`DISPFlagDefinition`, or
    /// the legacy `isDefinition: true`).
    fn sp_is_definition(&self, sp: Metadata) -> bool {
        // An explicit `spFlags` wins; without it, LLParser builds the flags
        // from the legacy fields, `isDefinition` defaulting to true.
        match self.field(sp, FieldName::SpFlags) {
            Some(MdField::Word(w)) => dwarf::flags_value(w, true) & dwarf::SP_DEFINITION != 0,
            Some(MdField::UInt(x)) => x & dwarf::SP_DEFINITION != 0,
            _ => !matches!(
                self.field(sp, FieldName::IsDefinition),
                Some(MdField::Bool(false))
            ),
        }
    }

    fn is_di_type(&self, md: Metadata) -> bool {
        matches!(
            self.kind(md),
            Some(
                K::DIBasicType
                    | K::DIStringType
                    | K::DIDerivedType
                    | K::DICompositeType
                    | K::DISubroutineType
            )
        )
    }

    /// LLVM's `isType`: null or a `DIType`.
    fn is_type_or_null(&self, md: Option<Metadata>) -> bool {
        md.is_none_or(|m| self.is_di_type(m))
    }

    fn is_di_scope(&self, md: Metadata) -> bool {
        self.is_di_type(md)
            || matches!(
                self.kind(md),
                Some(
                    K::DIFile
                        | K::DICompileUnit
                        | K::DISubprogram
                        | K::DILexicalBlock
                        | K::DILexicalBlockFile
                        | K::DINamespace
                        | K::DIModule
                        | K::DICommonBlock
                )
            )
    }

    /// Whether `md` is a `DILocalScope` (subprogram or lexical block).
    pub(crate) fn is_di_local_scope(&self, md: Metadata) -> bool {
        matches!(
            self.kind(md),
            Some(K::DISubprogram | K::DILexicalBlock | K::DILexicalBlockFile)
        )
    }

    fn is_di_node(&self, md: Metadata) -> bool {
        match self.kind(md) {
            Some(
                K::DILocation
                | K::DIExpression
                | K::DIGlobalVariableExpression
                | K::DIArgList
                | K::DIAssignID
                | K::DIMacro
                | K::DIMacroFile,
            ) => false,
            Some(_) => true,
            None => false,
        }
    }

    /// The subprogram a local scope belongs to (LLVM's careful
    /// `getSubprogram`).
    pub(crate) fn subprogram_of_scope(&self, mut scope: Metadata) -> Option<Metadata> {
        for _ in 0..=self.ctx.md_count() {
            match self.kind(scope) {
                Some(K::DISubprogram) => return Some(scope),
                Some(K::DILexicalBlock | K::DILexicalBlockFile) => {
                    scope = self.di_field_md(scope, FieldName::Scope)?;
                }
                _ => return None,
            }
        }
        None
    }

    /// The scope of the outermost location of `dl`'s `inlinedAt` chain.
    pub(crate) fn inlined_at_scope(&self, mut dl: Metadata) -> Option<Metadata> {
        for _ in 0..=self.ctx.md_count() {
            match self.di_field_md(dl, FieldName::InlinedAt) {
                Some(ia) if self.kind(ia) == Some(K::DILocation) => dl = ia,
                _ => break,
            }
        }
        self.di_field_md(dl, FieldName::Scope)
            .filter(|&s| self.is_di_local_scope(s))
    }

    /// The elements of a `DIExpression` as numbers.
    pub(crate) fn expr_elements(&self, md: Metadata) -> Vec<u64> {
        match self.ctx.md_data(md) {
            MdData::Specialized { fields, .. } => fields
                .iter()
                .map(|(_, f)| match f {
                    MdField::UInt(x) => *x,
                    MdField::Int(x) => *x as u64,
                    MdField::Word(w) => dwarf::op_value(w),
                    _ => dwarf::UNKNOWN,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Runs the node's own rules (`visitDI*`); called once per node by
    /// `visit_md_node`.
    pub(crate) fn visit_specialized(&mut self, md: Metadata) {
        let Some(k) = self.kind(md) else {
            return;
        };
        match k {
            K::DILocation => self.visit_di_location(md),
            K::GenericDINode => {
                check_di!(self, self.di_tag(md) != 0, "invalid tag", md);
            }
            K::DISubrange => self.visit_di_subrange(md),
            K::DIGenericSubrange => self.visit_di_generic_subrange(md),
            K::DIEnumerator => {
                check_di!(self, self.di_tag(md) == tag::ENUMERATOR, "invalid tag", md);
            }
            K::DIBasicType => {
                let t = self.di_tag(md);
                check_di!(
                    self,
                    t == tag::BASE_TYPE || t == tag::UNSPECIFIED_TYPE || t == tag::STRING_TYPE,
                    "invalid tag",
                    md
                );
            }
            K::DIStringType => {
                check_di!(self, self.di_tag(md) == tag::STRING_TYPE, "invalid tag", md);
                let f = self.di_flags(md);
                check_di!(
                    self,
                    !(f & flag::BIG_ENDIAN != 0 && f & flag::LITTLE_ENDIAN != 0),
                    "has conflicting flags",
                    md
                );
            }
            K::DIDerivedType => self.visit_di_derived_type(md),
            K::DICompositeType => self.visit_di_composite_type(md),
            K::DISubroutineType => self.visit_di_subroutine_type(md),
            K::DIFile => self.visit_di_file(md),
            K::DICompileUnit => self.visit_di_compile_unit(md),
            K::DISubprogram => self.visit_di_subprogram(md),
            K::DILexicalBlock => {
                if self.visit_di_lexical_block_base(md) {
                    let line = self.di_uint(md, FieldName::Line);
                    let col = self.di_uint(md, FieldName::Column);
                    check_di!(
                        self,
                        line != 0 || col == 0,
                        "cannot have column info without line info",
                        md
                    );
                }
            }
            K::DILexicalBlockFile => {
                self.visit_di_lexical_block_base(md);
            }
            K::DICommonBlock => {
                check_di!(
                    self,
                    self.di_tag(md) == tag::COMMON_BLOCK,
                    "invalid tag",
                    md
                );
                if let Some(s) = self.di_field_md(md, FieldName::Scope) {
                    check_di!(self, self.is_di_scope(s), "invalid scope ref", md, s);
                }
                if let Some(d) = self.di_field_md(md, FieldName::Declaration) {
                    check_di!(
                        self,
                        self.kind(d) == Some(K::DIGlobalVariable),
                        "invalid declaration",
                        md,
                        d
                    );
                }
            }
            K::DINamespace => {
                check_di!(self, self.di_tag(md) == tag::NAMESPACE, "invalid tag", md);
                if let Some(s) = self.di_field_md(md, FieldName::Scope) {
                    check_di!(self, self.is_di_scope(s), "invalid scope ref", md, s);
                }
            }
            K::DIMacro => {
                let t = self.macinfo_type(md, 0);
                check_di!(self, t == 1 || t == 2, "invalid macinfo type", md);
                check_di!(
                    self,
                    !self.di_str(md, FieldName::Name).is_empty(),
                    "anonymous macro",
                    md
                );
            }
            K::DIMacroFile => {
                check_di!(
                    self,
                    self.macinfo_type(md, 3) == 3,
                    "invalid macinfo type",
                    md
                );
                if let Some(f) = self.di_field_md(md, FieldName::File) {
                    check_di!(self, self.kind(f) == Some(K::DIFile), "invalid file", md, f);
                }
                if let Some(a) = self.di_field_md(md, FieldName::Nodes) {
                    check_di!(self, self.is_tuple(a), "invalid macro list", md, a);
                    for op in tuple_ops(self.ctx, a).to_vec() {
                        let ok = op.is_some_and(|o| {
                            matches!(self.kind(o), Some(K::DIMacro | K::DIMacroFile))
                        });
                        check_di!(self, ok, "invalid macro ref", md, op);
                    }
                }
            }
            K::DIModule => {
                check_di!(self, self.di_tag(md) == tag::MODULE, "invalid tag", md);
                check_di!(
                    self,
                    !self.di_str(md, FieldName::Name).is_empty(),
                    "anonymous module",
                    md
                );
            }
            K::DITemplateTypeParameter => {
                let t = self.di_field_md(md, FieldName::Type);
                check_di!(self, self.is_type_or_null(t), "invalid type ref", md, t);
                check_di!(
                    self,
                    self.di_tag(md) == tag::TEMPLATE_TYPE_PARAMETER,
                    "invalid tag",
                    md
                );
            }
            K::DITemplateValueParameter => {
                let t = self.di_field_md(md, FieldName::Type);
                check_di!(self, self.is_type_or_null(t), "invalid type ref", md, t);
                let tg = self.di_tag(md);
                check_di!(
                    self,
                    tg == tag::TEMPLATE_VALUE_PARAMETER
                        || tg == tag::GNU_TEMPLATE_TEMPLATE_PARAM
                        || tg == tag::GNU_TEMPLATE_PARAMETER_PACK,
                    "invalid tag",
                    md
                );
            }
            K::DIGlobalVariable => self.visit_di_global_variable(md),
            K::DILocalVariable => self.visit_di_local_variable(md),
            K::DIAssignID => {
                check_di!(
                    self,
                    super::metadata::num_md_operands(self.ctx, md) == 0,
                    "DIAssignID has no arguments",
                    md
                );
                check_di!(
                    self,
                    self.ctx.md_data(md).is_distinct(),
                    "DIAssignID must be distinct",
                    md
                );
            }
            K::DILabel => {
                if let Some(s) = self.di_field_md(md, FieldName::Scope) {
                    check_di!(self, self.is_di_scope(s), "invalid scope", md, s);
                }
                if let Some(f) = self.di_field_md(md, FieldName::File) {
                    check_di!(self, self.kind(f) == Some(K::DIFile), "invalid file", md, f);
                }
                check_di!(self, self.di_tag(md) == tag::LABEL, "invalid tag", md);
                let s = self.di_field_md(md, FieldName::Scope);
                check_di!(
                    self,
                    s.is_some_and(|s| self.is_di_local_scope(s)),
                    "label requires a valid scope",
                    md,
                    s
                );
            }
            K::DIExpression => {
                let e = self.expr_elements(md);
                check_di!(
                    self,
                    dwarf::expression_is_valid(&e),
                    "invalid expression",
                    md
                );
            }
            K::DIGlobalVariableExpression => self.visit_di_global_variable_expression(md),
            K::DIObjCProperty => {
                check_di!(
                    self,
                    self.di_tag(md) == tag::APPLE_PROPERTY,
                    "invalid tag",
                    md
                );
                if let Some(t) = self.di_field_md(md, FieldName::Type) {
                    check_di!(self, self.is_di_type(t), "invalid type ref", md, t);
                }
                if let Some(f) = self.di_field_md(md, FieldName::File) {
                    check_di!(self, self.kind(f) == Some(K::DIFile), "invalid file", md, f);
                }
            }
            K::DIImportedEntity => {
                let t = self.di_tag(md);
                check_di!(
                    self,
                    t == tag::IMPORTED_MODULE || t == tag::IMPORTED_DECLARATION,
                    "invalid tag",
                    md
                );
                if let Some(s) = self.di_field_md(md, FieldName::Scope) {
                    check_di!(
                        self,
                        self.is_di_scope(s),
                        "invalid scope for imported entity",
                        md,
                        s
                    );
                }
                let e = self.di_field_md(md, FieldName::Entity);
                check_di!(
                    self,
                    e.is_none_or(|e| self.is_di_node(e)),
                    "invalid imported entity",
                    md,
                    e
                );
            }
            K::DIArgList => {}
        }
    }

    fn is_tuple(&self, md: Metadata) -> bool {
        matches!(self.ctx.md_data(md), MdData::Tuple { .. })
    }

    /// The `type:` of a `DIMacro`/`DIMacroFile` (`DW_MACINFO_*`).
    fn macinfo_type(&self, md: Metadata, default: u64) -> u64 {
        match self.field(md, FieldName::Type) {
            Some(MdField::Word(w)) => match w.as_ref() {
                "DW_MACINFO_define" => 1,
                "DW_MACINFO_undef" => 2,
                "DW_MACINFO_start_file" => 3,
                "DW_MACINFO_end_file" => 4,
                "DW_MACINFO_vendor_ext" => 0xff,
                _ => dwarf::UNKNOWN,
            },
            Some(MdField::UInt(x)) => *x,
            _ => default,
        }
    }

    fn visit_di_location(&mut self, md: Metadata) {
        let scope = self.di_field_md(md, FieldName::Scope);
        check_di!(
            self,
            scope.is_some_and(|s| self.is_di_local_scope(s)),
            "location requires a valid scope",
            md,
            scope
        );
        if let Some(ia) = self.di_field_md(md, FieldName::InlinedAt) {
            check_di!(
                self,
                self.kind(ia) == Some(K::DILocation),
                "inlined-at should be a location",
                md,
                ia
            );
        }
        if let Some(sp) = scope.filter(|&s| self.kind(s) == Some(K::DISubprogram)) {
            check_di!(
                self,
                self.sp_is_definition(sp),
                "scope points into the type hierarchy",
                md
            );
        }
    }

    fn bound(&self, md: Metadata, name: FieldName) -> Bound {
        let ctx = self.ctx;
        match self.field(md, name) {
            None | Some(MdField::Md(None)) => Bound::Absent,
            Some(MdField::UInt(x)) => Bound::Const(Some(*x as i64)),
            Some(MdField::Int(x)) => Bound::Const(Some(*x)),
            Some(MdField::Md(Some(m))) => {
                let m = ctx.md_resolved(*m);
                match ctx.md_data(m) {
                    MdData::Value(v) if ctx.value_kind(*v).is_constant() => {
                        let c = super::metadata::md_const_int(ctx, m).map(|x| x.sext_value());
                        Bound::Const(c)
                    }
                    _ => match self.kind(m) {
                        Some(K::DIGlobalVariable | K::DILocalVariable) => Bound::Variable,
                        Some(K::DIExpression) => Bound::Expression,
                        _ => Bound::Other,
                    },
                }
            }
            Some(_) => Bound::Other,
        }
    }

    fn visit_di_subrange(&mut self, md: Metadata) {
        check_di!(
            self,
            self.di_tag(md) == tag::SUBRANGE_TYPE,
            "invalid tag",
            md
        );
        let count = self.bound(md, FieldName::Count);
        let upper = self.bound(md, FieldName::UpperBound);
        check_di!(
            self,
            count == Bound::Absent || upper == Bound::Absent,
            "Subrange can have any one of count or upperBound",
            md
        );
        let ok = |b: Bound| !matches!(b, Bound::Other);
        check_di!(
            self,
            ok(count),
            "Count must be signed constant or DIVariable or DIExpression",
            md
        );
        if let Bound::Const(Some(c)) = count {
            check_di!(self, c >= -1, "invalid subrange count", md);
        }
        check_di!(
            self,
            ok(self.bound(md, FieldName::LowerBound)),
            "LowerBound must be signed constant or DIVariable or DIExpression",
            md
        );
        check_di!(
            self,
            ok(upper),
            "UpperBound must be signed constant or DIVariable or DIExpression",
            md
        );
        check_di!(
            self,
            ok(self.bound(md, FieldName::Stride)),
            "Stride must be signed constant or DIVariable or DIExpression",
            md
        );
    }

    fn visit_di_generic_subrange(&mut self, md: Metadata) {
        check_di!(
            self,
            self.di_tag(md) == tag::GENERIC_SUBRANGE,
            "invalid tag",
            md
        );
        // Integer literals are parsed as `DIExpression(DW_OP_consts, n)`.
        let b = |this: &Self, n: FieldName| match this.bound(md, n) {
            Bound::Const(_) if !matches!(this.field(md, n), Some(MdField::Md(_))) => {
                Bound::Expression
            }
            x => x,
        };
        let count = b(self, FieldName::Count);
        let upper = b(self, FieldName::UpperBound);
        check_di!(
            self,
            count == Bound::Absent || upper == Bound::Absent,
            "GenericSubrange can have any one of count or upperBound",
            md
        );
        let var_or_expr = |x: Bound| matches!(x, Bound::Variable | Bound::Expression);
        check_di!(
            self,
            count == Bound::Absent || var_or_expr(count),
            "Count must be signed constant or DIVariable or DIExpression",
            md
        );
        let lower = b(self, FieldName::LowerBound);
        check_di!(
            self,
            lower != Bound::Absent,
            "GenericSubrange must contain lowerBound",
            md
        );
        check_di!(
            self,
            var_or_expr(lower),
            "LowerBound must be signed constant or DIVariable or DIExpression",
            md
        );
        check_di!(
            self,
            upper == Bound::Absent || var_or_expr(upper),
            "UpperBound must be signed constant or DIVariable or DIExpression",
            md
        );
        let stride = b(self, FieldName::Stride);
        check_di!(
            self,
            stride != Bound::Absent,
            "GenericSubrange must contain stride",
            md
        );
        check_di!(
            self,
            var_or_expr(stride),
            "Stride must be signed constant or DIVariable or DIExpression",
            md
        );
    }

    /// LLVM's `visitDIScope`; false when a check failed.
    fn visit_di_scope(&mut self, md: Metadata) -> bool {
        if let Some(f) = self.di_field_md(md, FieldName::File) {
            if self.kind(f) != Some(K::DIFile) {
                self.fail(true, "invalid file", vec![md.into(), f.into()]);
                return false;
            }
        }
        true
    }

    fn visit_di_derived_type(&mut self, md: Metadata) {
        self.visit_di_scope(md);
        let t = self.di_tag(md);
        let flags = self.di_flags(md);
        let ok = matches!(
            t,
            tag::TYPEDEF
                | tag::POINTER_TYPE
                | tag::PTR_TO_MEMBER_TYPE
                | tag::REFERENCE_TYPE
                | tag::RVALUE_REFERENCE_TYPE
                | tag::CONST_TYPE
                | tag::IMMUTABLE_TYPE
                | tag::VOLATILE_TYPE
                | tag::RESTRICT_TYPE
                | tag::ATOMIC_TYPE
                | tag::LLVM_PTRAUTH_TYPE
                | tag::MEMBER
                | tag::INHERITANCE
                | tag::FRIEND
                | tag::SET_TYPE
                | tag::TEMPLATE_ALIAS
        ) || (t == tag::VARIABLE && flags & flag::STATIC_MEMBER != 0);
        check_di!(self, ok, "invalid tag", md);
        if t == tag::PTR_TO_MEMBER_TYPE {
            let x = self.di_field_md(md, FieldName::ExtraData);
            check_di!(
                self,
                self.is_type_or_null(x),
                "invalid pointer to member type",
                md,
                x
            );
        }
        if t == tag::SET_TYPE {
            if let Some(bt) = self.di_field_md(md, FieldName::BaseType) {
                let ok = match self.kind(bt) {
                    Some(K::DICompositeType) => self.di_tag(bt) == tag::ENUMERATION_TYPE,
                    Some(K::DIBasicType) => {
                        let enc = match self.field(bt, FieldName::Encoding) {
                            Some(MdField::Word(w)) => dwarf::ate_value(w),
                            Some(MdField::UInt(x)) => *x,
                            _ => 0,
                        };
                        matches!(
                            enc,
                            ate::UNSIGNED
                                | ate::SIGNED
                                | ate::UNSIGNED_CHAR
                                | ate::SIGNED_CHAR
                                | ate::BOOLEAN
                        )
                    }
                    _ => false,
                };
                check_di!(self, ok, "invalid set base type", md, bt);
            }
        }
        let s = self.di_field_md(md, FieldName::Scope);
        check_di!(
            self,
            s.is_none_or(|s| self.is_di_scope(s)),
            "invalid scope",
            md,
            s
        );
        let bt = self.di_field_md(md, FieldName::BaseType);
        check_di!(self, self.is_type_or_null(bt), "invalid base type", md, bt);
        if self.di_uint(md, FieldName::DwarfAddressSpace) != 0
            || matches!(
                self.field(md, FieldName::DwarfAddressSpace),
                Some(MdField::UInt(_))
            )
        {
            check_di!(
                self,
                matches!(
                    t,
                    tag::POINTER_TYPE | tag::REFERENCE_TYPE | tag::RVALUE_REFERENCE_TYPE
                ),
                "DWARF address space only applies to pointer or reference types",
                md
            );
        }
    }

    fn conflicting_ref_flags(f: u64) -> bool {
        (f & flag::LVALUE_REFERENCE != 0 && f & flag::RVALUE_REFERENCE != 0)
            || (f & flag::TYPE_PASS_BY_VALUE != 0 && f & flag::TYPE_PASS_BY_REFERENCE != 0)
    }

    /// LLVM's `visitTemplateParams`; false when a check failed.
    fn visit_template_params(&mut self, md: Metadata, params: Metadata) -> bool {
        if !self.is_tuple(params) {
            self.fail(
                true,
                "invalid template params",
                vec![md.into(), params.into()],
            );
            return false;
        }
        for op in tuple_ops(self.ctx, params).to_vec() {
            let ok = op.is_some_and(|o| {
                matches!(
                    self.kind(o),
                    Some(K::DITemplateTypeParameter | K::DITemplateValueParameter)
                )
            });
            if !ok {
                self.fail(
                    true,
                    "invalid template parameter",
                    vec![md.into(), params.into(), Item::Md(op)],
                );
                return false;
            }
        }
        true
    }

    fn visit_di_composite_type(&mut self, md: Metadata) {
        self.visit_di_scope(md);
        let t = self.di_tag(md);
        check_di!(
            self,
            matches!(
                t,
                tag::ARRAY_TYPE
                    | tag::STRUCTURE_TYPE
                    | tag::UNION_TYPE
                    | tag::ENUMERATION_TYPE
                    | tag::CLASS_TYPE
                    | tag::VARIANT_PART
                    | tag::NAMELIST
            ),
            "invalid tag",
            md
        );
        let s = self.di_field_md(md, FieldName::Scope);
        check_di!(
            self,
            s.is_none_or(|s| self.is_di_scope(s)),
            "invalid scope",
            md,
            s
        );
        let bt = self.di_field_md(md, FieldName::BaseType);
        check_di!(self, self.is_type_or_null(bt), "invalid base type", md, bt);
        let el = self.di_field_md(md, FieldName::Elements);
        check_di!(
            self,
            el.is_none_or(|e| self.is_tuple(e)),
            "invalid composite elements",
            md,
            el
        );
        let vh = self.di_field_md(md, FieldName::VtableHolder);
        check_di!(
            self,
            self.is_type_or_null(vh),
            "invalid vtable holder",
            md,
            vh
        );
        let f = self.di_flags(md);
        check_di!(
            self,
            !Self::conflicting_ref_flags(f),
            "invalid reference flags",
            md
        );
        check_di!(
            self,
            f & flag::BLOCK_BYREF_STRUCT == 0,
            "DIBlockByRefStruct on DICompositeType is no longer supported",
            md
        );
        if f & flag::VECTOR != 0 {
            let elems = el
                .map(|e| tuple_ops(self.ctx, e).to_vec())
                .unwrap_or_default();
            let ok =
                elems.len() == 1 && elems[0].is_some_and(|e| self.di_tag(e) == tag::SUBRANGE_TYPE);
            check_di!(
                self,
                ok,
                "invalid vector, expected one element of type subrange",
                md
            );
        }
        if let Some(p) = self.di_field_md(md, FieldName::TemplateParams) {
            if !self.visit_template_params(md, p) {
                return;
            }
        }
        if let Some(d) = self.di_field_md(md, FieldName::Discriminator) {
            check_di!(
                self,
                self.kind(d) == Some(K::DIDerivedType) && t == tag::VARIANT_PART,
                "discriminator can only appear on variant part"
            );
        }
        for (name, msg) in [
            (
                FieldName::DataLocation,
                "dataLocation can only appear in array type",
            ),
            (
                FieldName::Associated,
                "associated can only appear in array type",
            ),
            (
                FieldName::Allocated,
                "allocated can only appear in array type",
            ),
            (FieldName::Rank, "rank can only appear in array type"),
        ] {
            let present = match self.field(md, name) {
                Some(MdField::Md(Some(_))) => true,
                Some(MdField::Md(None)) | None => false,
                Some(_) => true,
            };
            if present {
                check_di!(self, t == tag::ARRAY_TYPE, msg);
            }
        }
        if t == tag::ARRAY_TYPE {
            check_di!(self, bt.is_some(), "array types must have a base type", md);
        }
    }

    fn visit_di_subroutine_type(&mut self, md: Metadata) {
        check_di!(
            self,
            self.di_tag(md) == tag::SUBROUTINE_TYPE,
            "invalid tag",
            md
        );
        if let Some(types) = self.di_field_md(md, FieldName::Types) {
            check_di!(
                self,
                self.is_tuple(types),
                "invalid composite elements",
                md,
                types
            );
            for op in tuple_ops(self.ctx, types).to_vec() {
                check_di!(
                    self,
                    self.is_type_or_null(op),
                    "invalid subroutine type ref",
                    md,
                    types,
                    op
                );
            }
        }
        check_di!(
            self,
            !Self::conflicting_ref_flags(self.di_flags(md)),
            "invalid reference flags",
            md
        );
    }

    fn visit_di_file(&mut self, md: Metadata) {
        check_di!(self, self.di_tag(md) == tag::FILE_TYPE, "invalid tag", md);
        let kind = match self.field(md, FieldName::Checksumkind) {
            Some(MdField::Word(w)) => Some(w.to_string()),
            _ => None,
        };
        let sum = self.di_str(md, FieldName::Checksum);
        if let Some(kind) = kind {
            let size = match kind.as_str() {
                "CSK_MD5" => 32,
                "CSK_SHA1" => 40,
                "CSK_SHA256" => 64,
                _ => {
                    check_di!(self, false, "invalid checksum kind", md);
                    return;
                }
            };
            check_di!(self, sum.len() == size, "invalid checksum length", md);
            check_di!(
                self,
                sum.iter().all(u8::is_ascii_hexdigit),
                "invalid checksum",
                md
            );
        }
    }

    fn visit_di_compile_unit(&mut self, md: Metadata) {
        let ctx = self.ctx;
        check_di!(
            self,
            ctx.md_data(md).is_distinct(),
            "compile units must be distinct",
            md
        );
        check_di!(
            self,
            self.di_tag(md) == tag::COMPILE_UNIT,
            "invalid tag",
            md
        );
        let file = self.di_field_md(md, FieldName::File);
        check_di!(
            self,
            file.is_some_and(|f| self.kind(f) == Some(K::DIFile)),
            "invalid file",
            md,
            file
        );
        let file = file.expect("checked");
        check_di!(
            self,
            !self.di_str(file, FieldName::Filename).is_empty(),
            "invalid filename",
            md,
            file
        );
        let ek = match self.field(md, FieldName::EmissionKind) {
            Some(MdField::Word(w)) => match w.as_ref() {
                "NoDebug" => 0,
                "FullDebug" => 1,
                "LineTablesOnly" => 2,
                "DebugDirectivesOnly" => 3,
                _ => 99,
            },
            Some(MdField::UInt(x)) => *x,
            _ => 0,
        };
        check_di!(self, ek <= 3, "invalid emission kind", md);
        // The list fields, in LLVM's order; the enum message also names
        // the list.
        let lists: [CuList<'a>; 5] = [
            (
                FieldName::Enums,
                "invalid enum list",
                "invalid enum type",
                true,
                |v, o| {
                    v.kind(o) == Some(K::DICompositeType) && v.di_tag(o) == tag::ENUMERATION_TYPE
                },
            ),
            (
                FieldName::RetainedTypes,
                "invalid retained type list",
                "invalid retained type",
                false,
                |v, o| {
                    v.is_di_type(o)
                        || (v.kind(o) == Some(K::DISubprogram) && !v.sp_is_definition(o))
                },
            ),
            (
                FieldName::Globals,
                "invalid global variable list",
                "invalid global variable ref",
                false,
                |v, o| v.kind(o) == Some(K::DIGlobalVariableExpression),
            ),
            (
                FieldName::Imports,
                "invalid imported entity list",
                "invalid imported entity ref",
                false,
                |v, o| v.kind(o) == Some(K::DIImportedEntity),
            ),
            (
                FieldName::Macros,
                "invalid macro list",
                "invalid macro ref",
                false,
                |v, o| matches!(v.kind(o), Some(K::DIMacro | K::DIMacroFile)),
            ),
        ];
        for (field, list_msg, elem_msg, names_list, elem_ok) in lists {
            let Some(a) = self.di_field_md(md, field) else {
                continue;
            };
            check_di!(self, self.is_tuple(a), list_msg, md, a);
            for op in tuple_ops(ctx, a).to_vec() {
                let ok = op.is_some_and(|o| elem_ok(self, o));
                if names_list {
                    check_di!(self, ok, elem_msg, md, a, op);
                } else {
                    check_di!(self, ok, elem_msg, md, op);
                }
            }
        }
        self.cu_visited.insert(md, ());
    }

    fn visit_di_subprogram(&mut self, md: Metadata) {
        let ctx = self.ctx;
        check_di!(self, self.di_tag(md) == tag::SUBPROGRAM, "invalid tag", md);
        let s = self.di_field_md(md, FieldName::Scope);
        check_di!(
            self,
            s.is_none_or(|s| self.is_di_scope(s)),
            "invalid scope",
            md,
            s
        );
        match self.di_field_md(md, FieldName::File) {
            Some(f) => check_di!(self, self.kind(f) == Some(K::DIFile), "invalid file", md, f),
            None => {
                let line = self.di_uint(md, FieldName::Line);
                check_di!(
                    self,
                    line == 0,
                    "line specified with no file",
                    md,
                    Item::Num(line)
                );
            }
        }
        if let Some(t) = self.di_field_md(md, FieldName::Type) {
            check_di!(
                self,
                self.kind(t) == Some(K::DISubroutineType),
                "invalid subroutine type",
                md,
                t
            );
        }
        let ct = self.di_field_md(md, FieldName::ContainingType);
        check_di!(
            self,
            self.is_type_or_null(ct),
            "invalid containing type",
            md,
            ct
        );
        if let Some(p) = self.di_field_md(md, FieldName::TemplateParams) {
            if !self.visit_template_params(md, p) {
                return;
            }
        }
        if let Some(d) = self.di_field_md(md, FieldName::Declaration) {
            check_di!(
                self,
                self.kind(d) == Some(K::DISubprogram) && !self.sp_is_definition(d),
                "invalid subprogram declaration",
                md,
                d
            );
        }
        if let Some(r) = self.di_field_md(md, FieldName::RetainedNodes) {
            check_di!(self, self.is_tuple(r), "invalid retained nodes list", md, r);
            for op in tuple_ops(ctx, r).to_vec() {
                let ok = op.is_some_and(|o| {
                    matches!(
                        self.kind(o),
                        Some(K::DILocalVariable | K::DILabel | K::DIImportedEntity)
                    )
                });
                check_di!(
                    self,
                    ok,
                    "invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity",
                    md,
                    r,
                    op
                );
            }
        }
        let flags = self.di_flags(md);
        check_di!(
            self,
            !Self::conflicting_ref_flags(flags),
            "invalid reference flags",
            md
        );
        let unit = self.di_field_md(md, FieldName::Unit);
        let def = self.sp_is_definition(md);
        if def {
            check_di!(
                self,
                ctx.md_data(md).is_distinct(),
                "subprogram definitions must be distinct",
                md
            );
            check_di!(
                self,
                unit.is_some(),
                "subprogram definitions must have a compile unit",
                md
            );
            let u = unit.expect("checked");
            check_di!(
                self,
                self.kind(u) == Some(K::DICompileUnit),
                "invalid unit type",
                md,
                u
            );
        } else {
            check_di!(
                self,
                unit.is_none(),
                "subprogram declarations must not have a compile unit",
                md
            );
            check_di!(
                self,
                self.di_field_md(md, FieldName::Declaration).is_none(),
                "subprogram declaration must not have a declaration field"
            );
        }
        if let Some(tt) = self.di_field_md(md, FieldName::ThrownTypes) {
            check_di!(self, self.is_tuple(tt), "invalid thrown types list", md, tt);
            for op in tuple_ops(ctx, tt).to_vec() {
                let ok = op.is_some_and(|o| self.is_di_type(o));
                check_di!(self, ok, "invalid thrown type", md, tt, op);
            }
        }
        if flags & flag::ALL_CALLS_DESCRIBED != 0 {
            check_di!(
                self,
                def,
                "DIFlagAllCallsDescribed must be attached to a definition"
            );
        }
    }

    /// LLVM's `visitDILexicalBlockBase`; false when a check failed.
    fn visit_di_lexical_block_base(&mut self, md: Metadata) -> bool {
        if self.di_tag(md) != tag::LEXICAL_BLOCK {
            self.fail(true, "invalid tag", vec![md.into()]);
            return false;
        }
        let s = self.di_field_md(md, FieldName::Scope);
        if !s.is_some_and(|s| self.is_di_local_scope(s)) {
            self.fail(true, "invalid local scope", vec![md.into(), Item::Md(s)]);
            return false;
        }
        let s = s.expect("checked");
        if self.kind(s) == Some(K::DISubprogram) && !self.sp_is_definition(s) {
            self.fail(
                true,
                "scope points into the type hierarchy",
                vec![md.into()],
            );
            return false;
        }
        true
    }

    /// LLVM's `visitDIVariable`; false when a check failed.
    fn visit_di_variable(&mut self, md: Metadata) -> bool {
        if let Some(s) = self.di_field_md(md, FieldName::Scope) {
            if !self.is_di_scope(s) {
                self.fail(true, "invalid scope", vec![md.into(), s.into()]);
                return false;
            }
        }
        if let Some(f) = self.di_field_md(md, FieldName::File) {
            if self.kind(f) != Some(K::DIFile) {
                self.fail(true, "invalid file", vec![md.into(), f.into()]);
                return false;
            }
        }
        true
    }

    fn visit_di_global_variable(&mut self, md: Metadata) {
        self.visit_di_variable(md);
        check_di!(self, self.di_tag(md) == tag::VARIABLE, "invalid tag", md);
        let t = self.di_field_md(md, FieldName::Type);
        check_di!(self, self.is_type_or_null(t), "invalid type ref", md, t);
        let def = !matches!(
            self.field(md, FieldName::IsDefinition),
            Some(MdField::Bool(false))
        );
        if def {
            check_di!(self, t.is_some(), "missing global variable type", md);
        }
        if let Some(d) = self.di_field_md(md, FieldName::Declaration) {
            check_di!(
                self,
                self.kind(d) == Some(K::DIDerivedType),
                "invalid static data member declaration",
                md,
                d
            );
        }
    }

    fn visit_di_local_variable(&mut self, md: Metadata) {
        self.visit_di_variable(md);
        let t = self.di_field_md(md, FieldName::Type);
        check_di!(self, self.is_type_or_null(t), "invalid type ref", md, t);
        check_di!(self, self.di_tag(md) == tag::VARIABLE, "invalid tag", md);
        let s = self.di_field_md(md, FieldName::Scope);
        check_di!(
            self,
            s.is_some_and(|s| self.is_di_local_scope(s)),
            "local variable requires a valid scope",
            md,
            s
        );
        if let Some(t) = t {
            check_di!(
                self,
                self.kind(t) != Some(K::DISubroutineType),
                "invalid type",
                md,
                t
            );
        }
    }

    /// LLVM's `visitDIGlobalVariableExpression`.
    pub(crate) fn visit_di_global_variable_expression(&mut self, md: Metadata) {
        let var = self
            .di_field_md(md, FieldName::Var)
            .filter(|&v| self.kind(v) == Some(K::DIGlobalVariable));
        check_di!(self, var.is_some(), "missing variable");
        let var = var.expect("checked");
        self.visit_di_global_variable(var);
        if let Some(e) = self
            .di_field_md(md, FieldName::Expr)
            .filter(|&e| self.kind(e) == Some(K::DIExpression))
        {
            let elems = self.expr_elements(e);
            check_di!(
                self,
                dwarf::expression_is_valid(&elems),
                "invalid expression",
                e
            );
            if let Some(frag) = dwarf::fragment(&elems) {
                self.verify_fragment(var, frag, Item::Md(Some(md)));
            }
        }
    }

    /// The size in bits of a variable's type, through derived types (LLVM
    /// `DIVariable::getSizeInBits`).
    fn variable_size(&self, var: Metadata) -> Option<u64> {
        let mut t = self.di_field_md(var, FieldName::Type);
        for _ in 0..=self.ctx.md_count() {
            let ty = t?;
            if self.is_di_type(ty) {
                let size = self.di_uint(ty, FieldName::Size);
                if size != 0 {
                    return Some(size);
                }
            }
            if self.kind(ty) == Some(K::DIDerivedType) {
                t = self.di_field_md(ty, FieldName::BaseType);
                continue;
            }
            return None;
        }
        None
    }

    /// LLVM's `verifyFragmentExpression(V, Fragment, Desc)`.
    fn verify_fragment(&mut self, var: Metadata, (offset, size): (u64, u64), desc: Item) {
        let Some(vs) = self.variable_size(var) else {
            return;
        };
        let sum = (size as u32).wrapping_add(offset as u32) as u64;
        if sum > vs {
            self.fail(
                true,
                "fragment is larger than or outside of variable",
                vec![desc, var.into()],
            );
            return;
        }
        if size as u32 as u64 == vs {
            self.fail(
                true,
                "fragment covers entire variable",
                vec![desc, var.into()],
            );
        }
    }

    /// LLVM's `visitDbgRecords(Instruction &)`.
    #[inline]
    pub(crate) fn visit_dbg_records(&mut self, i: Inst) {
        if self.extra(i).is_some_and(|e| !e.dbg_records.is_empty()) {
            self.visit_dbg_records_of(i);
        }
    }

    /// [`Verifier::visit_dbg_records`] of an instruction that has some.
    #[inline(never)]
    fn visit_dbg_records_of(&mut self, i: Inst) {
        let ctx = self.ctx;
        let Some(extra) = self.extra(i) else {
            return;
        };
        check_di!(
            self,
            ctx.opcode(i) != crate::inst::Opcode::Phi,
            "PHI Node must not have any attached DbgRecords",
            i
        );
        for k in 0..extra.dbg_records.len() {
            let r = &extra.dbg_records[k];
            if let Some(Some(loc)) = r.ops.last() {
                let loc = ctx.md_resolved(*loc);
                if self.kind(loc) == Some(K::DILocation) {
                    self.visit_md_node(loc, true);
                }
            }
            if &*r.kind == "label" {
                self.visit_dbg_label_record(i, k);
            } else {
                self.visit_dbg_variable_record(i, k);
                self.verify_record_fragment(i, k);
                self.verify_record_not_entry_value(i, k);
            }
        }
    }

    fn record_op(&self, i: Inst, k: usize, n: usize) -> Option<Metadata> {
        self.ctx
            .extra(i)
            .and_then(|e| e.dbg_records.get(k))
            .and_then(|r| r.ops.get(n).copied().flatten())
            .map(|m| self.ctx.md_resolved(m))
    }

    fn record_len(&self, i: Inst, k: usize) -> usize {
        self.extra(i).map_or(0, |e| e.dbg_records[k].ops.len())
    }

    /// Whether `md` is a location an LLVM variable record accepts: a value,
    /// an argument list, or an empty node (a legacy "undef").
    fn is_location(&self, md: Option<Metadata>, arglist: bool) -> bool {
        let ctx = self.ctx;
        match md {
            None => false,
            Some(m) => match ctx.md_data(m) {
                MdData::Value(_) => true,
                MdData::Specialized {
                    kind: K::DIArgList, ..
                } => arglist,
                _ => is_md_node(ctx, m) && super::metadata::num_md_operands(ctx, m) == 0,
            },
        }
    }

    fn visit_dbg_variable_record(&mut self, i: Inst, k: usize) {
        let ctx = self.ctx;
        let f = self.func;
        let rec = Item::Record(i, k);
        let loc_md = self.record_op(i, k, 0);
        if !self.is_location(loc_md, true) {
            self.fail(
                true,
                "invalid #dbg record address/value",
                vec![rec, Item::Md(loc_md)],
            );
            return;
        }
        let loc_md = loc_md.expect("checked");
        match ctx.md_data(loc_md) {
            MdData::Value(_) => self.visit_value_as_metadata(loc_md, f),
            MdData::Specialized {
                kind: K::DIArgList,
                fields,
                ..
            } => {
                let args: Vec<Metadata> = fields
                    .iter()
                    .filter_map(|(_, x)| match x {
                        MdField::Md(Some(m)) => Some(*m),
                        _ => None,
                    })
                    .collect();
                for a in args {
                    self.visit_value_as_metadata(a, f);
                }
            }
            _ => {}
        }
        let var = self.record_op(i, k, 1);
        if var.is_none_or(|v| self.kind(v) != Some(K::DILocalVariable)) {
            self.fail(
                true,
                "invalid #dbg record variable",
                vec![Item::Record(i, k), Item::Md(var)],
            );
            return;
        }
        let var = var.expect("checked");
        self.visit_md_node(var, false);
        let expr = self.record_op(i, k, 2);
        if expr.is_none_or(|e| self.kind(e) != Some(K::DIExpression)) {
            self.fail(
                true,
                "invalid #dbg record expression",
                vec![Item::Record(i, k), Item::Md(expr)],
            );
            return;
        }
        self.visit_md_node(expr.expect("checked"), false);
        let is_assign = ctx
            .extra(i)
            .is_some_and(|e| &*e.dbg_records[k].kind == "assign");
        if is_assign {
            let id = self.record_op(i, k, 3);
            if id.is_none_or(|x| self.kind(x) != Some(K::DIAssignID)) {
                self.fail(
                    true,
                    "invalid #dbg_assign DIAssignID",
                    vec![Item::Record(i, k), Item::Md(id)],
                );
                return;
            }
            let id = id.expect("checked");
            self.visit_md_node(id, false);
            let addr = self.record_op(i, k, 4);
            if !self.is_location(addr, false) {
                self.fail(
                    true,
                    "invalid #dbg_assign address",
                    vec![Item::Record(i, k), Item::Md(addr)],
                );
                return;
            }
            if let Some(a) = addr.filter(|&a| matches!(ctx.md_data(a), MdData::Value(_))) {
                self.visit_value_as_metadata(a, f);
            }
            let ae = self.record_op(i, k, 5);
            if ae.is_none_or(|e| self.kind(e) != Some(K::DIExpression)) {
                self.fail(
                    true,
                    "invalid #dbg_assign address expression",
                    vec![Item::Record(i, k), Item::Md(ae)],
                );
                return;
            }
            self.visit_md_node(ae.expect("checked"), false);
            for other in self.insts_with_assign_id(id) {
                let of = ctx.inst_parent(other).and_then(|b| ctx.block_parent(b));
                if of != f {
                    self.fail(
                        true,
                        "inst not in same function as #dbg_assign",
                        vec![other.into(), Item::Record(i, k)],
                    );
                    return;
                }
            }
        }
        let vt = self.di_field_md(var, FieldName::Type);
        check_di!(self, self.is_type_or_null(vt), "invalid type ref", var, vt);
        let n = self.record_len(i, k);
        let dl = self.record_op(i, k, n - 1);
        if dl.is_none_or(|d| self.kind(d) != Some(K::DILocation)) {
            self.fail(
                true,
                "invalid #dbg record DILocation",
                vec![Item::Record(i, k), Item::Md(dl)],
            );
            return;
        }
        let dl = dl.expect("checked");
        let var_sp = self
            .di_field_md(var, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let loc_sp = self
            .di_field_md(dl, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let (Some(vsp), Some(lsp)) = (var_sp, loc_sp) else {
            return;
        };
        if vsp != lsp {
            let b = ctx.inst_parent(i);
            let mut items = vec![Item::Record(i, k)];
            if let Some(b) = b {
                items.push(b.into());
            }
            if let Some(f) = f {
                items.push(f.into());
            }
            items.extend([var.into(), vsp.into(), dl.into(), lsp.into()]);
            self.fail(
                true,
                "mismatched subprogram between #dbg record variable and DILocation",
                items,
            );
            return;
        }
        self.verify_fn_args(Item::Record(i, k), var, dl);
    }

    fn visit_dbg_label_record(&mut self, i: Inst, k: usize) {
        let ctx = self.ctx;
        let label = self.record_op(i, k, 0);
        if label.is_none_or(|l| self.kind(l) != Some(K::DILabel)) {
            self.fail(
                true,
                "invalid #dbg_label intrinsic variable",
                vec![Item::Record(i, k), Item::Md(label)],
            );
            return;
        }
        let label = label.expect("checked");
        let dl = self.record_op(i, k, 1);
        if let Some(d) = dl {
            if self.kind(d) != Some(K::DILocation) {
                return;
            }
        }
        let b = ctx.inst_parent(i);
        let f = self.func;
        let Some(dl) = dl else {
            let mut items = vec![Item::Record(i, k)];
            items.extend(b.map(Item::from));
            items.extend(f.map(Item::from));
            self.fail(true, "#dbg_label record requires a !dbg attachment", items);
            return;
        };
        let lsp = self
            .di_field_md(label, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let dsp = self
            .di_field_md(dl, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let (Some(lsp), Some(dsp)) = (lsp, dsp) else {
            return;
        };
        if lsp != dsp {
            let mut items = vec![Item::Record(i, k)];
            items.extend(b.map(Item::from));
            items.extend(f.map(Item::from));
            items.extend([label.into(), lsp.into(), dl.into(), dsp.into()]);
            self.fail(
                true,
                "mismatched subprogram between #dbg_label label and !dbg attachment",
                items,
            );
        }
    }

    /// LLVM's `verifyFragmentExpression(const DbgVariableRecord &)`.
    fn verify_record_fragment(&mut self, i: Inst, k: usize) {
        let Some(var) = self
            .record_op(i, k, 1)
            .filter(|&v| self.kind(v) == Some(K::DILocalVariable))
        else {
            return;
        };
        let Some(e) = self
            .record_op(i, k, 2)
            .filter(|&e| self.kind(e) == Some(K::DIExpression))
        else {
            return;
        };
        self.verify_var_fragment(var, e, Item::Record(i, k));
    }

    fn verify_var_fragment(&mut self, var: Metadata, e: Metadata, desc: Item) {
        let elems = self.expr_elements(e);
        if !dwarf::expression_is_valid(&elems) {
            return;
        }
        let Some(frag) = dwarf::fragment(&elems) else {
            return;
        };
        if self.di_flags(var) & flag::ARTIFICIAL != 0 {
            return;
        }
        self.verify_fragment(var, frag, desc);
    }

    /// LLVM's `verifyNotEntryValue(const DbgVariableRecord &)`.
    fn verify_record_not_entry_value(&mut self, i: Inst, k: usize) {
        let loc = self.record_op(i, k, 0);
        let Some(e) = self
            .record_op(i, k, 2)
            .filter(|&e| self.kind(e) == Some(K::DIExpression))
        else {
            return;
        };
        self.verify_not_entry_value(loc, e, Item::Record(i, k));
    }

    fn verify_not_entry_value(&mut self, loc: Option<Metadata>, e: Metadata, desc: Item) {
        let ctx = self.ctx;
        let elems = self.expr_elements(e);
        if !dwarf::expression_is_valid(&elems) {
            return;
        }
        if let Some(MdData::Value(v)) = loc.map(|l| ctx.md_data(l)) {
            let v = *v;
            if ctx.value_kind(v) == ValueKind::Constant
                && matches!(
                    ctx.const_kind(v),
                    crate::constants::ConstKind::Undef | crate::constants::ConstKind::Poison
                )
            {
                return;
            }
            if ctx.value_kind(v) == ValueKind::Argument {
                let pf = ctx.arg_parent(v);
                let idx = ctx.args(pf).iter().position(|&a| a == v).unwrap_or(0) as u32;
                if ctx
                    .function_data(pf)
                    .attrs
                    .param_attrs(idx)
                    .has(crate::ir::attributes::AttrKind::SwiftAsync)
                {
                    return;
                }
            }
        }
        if dwarf::is_entry_value(&elems) {
            self.fail(
                true,
                "Entry values are only allowed in MIR unless they target a swiftasync Argument",
                vec![desc],
            );
        }
    }

    /// LLVM's `verifyFnArgs`: no two variables for one argument number.
    fn verify_fn_args(&mut self, desc: Item, var: Metadata, dl: Metadata) {
        if !self.has_debug_info {
            return;
        }
        if self.di_field_md(dl, FieldName::InlinedAt).is_some() {
            return;
        }
        let arg = self.di_uint(var, FieldName::Arg) as usize;
        if arg == 0 {
            return;
        }
        if self.debug_fn_args.len() < arg {
            self.debug_fn_args.resize(arg, None);
        }
        let prev = self.debug_fn_args[arg - 1].replace(var);
        if let Some(p) = prev {
            if p != var {
                self.fail(
                    true,
                    "conflicting debug info for argument",
                    vec![desc, p.into(), var.into()],
                );
            }
        }
    }

    /// The module's `DIAssignID` users, built once per run.
    fn assign_index(&mut self) -> &AssignIndex {
        if self.assign_index.is_none() {
            let ctx = self.ctx;
            let mut idx = AssignIndex::default();
            for f in ctx.functions(self.m) {
                for b in ctx.blocks(f) {
                    for i in ctx.insts(b) {
                        let Some(e) = self.extra(i) else {
                            continue;
                        };
                        if let Some(m) = e.md.get(crate::ir::metadata::MdKindId::DI_ASSIGN_ID) {
                            idx.insts.entry(ctx.md_resolved(m)).or_default().push(i);
                        }
                        for (k, r) in e.dbg_records.iter().enumerate() {
                            for &o in r.ops.iter().flatten() {
                                let o = ctx.md_resolved(o);
                                if self.kind(o) == Some(K::DIAssignID) {
                                    idx.records.entry(o).or_default().push((i, k));
                                }
                            }
                        }
                    }
                }
            }
            self.assign_index = Some(idx);
        }
        self.assign_index.as_ref().expect("just built")
    }

    /// The instructions carrying `!DIAssignID id`.
    fn insts_with_assign_id(&mut self, id: Metadata) -> Vec<Inst> {
        self.assign_index()
            .insts
            .get(&id)
            .cloned()
            .unwrap_or_default()
    }

    /// LLVM's `visitDIAssignIDMetadata`.
    pub(crate) fn visit_di_assign_id_attachment(&mut self, i: Inst, md: Metadata) {
        let ctx = self.ctx;
        let op = ctx.opcode(i);
        let mem_intrinsic = self.intrinsic_name_of(i).is_some_and(|n| {
            [
                "llvm.memcpy.",
                "llvm.memcpy.inline.",
                "llvm.memmove.",
                "llvm.memset.",
                "llvm.memset.inline.",
            ]
            .iter()
            .any(|p| n.starts_with(p))
        });
        check_di!(
            self,
            matches!(op, crate::inst::Opcode::Alloca | crate::inst::Opcode::Store) || mem_intrinsic,
            "!DIAssignID attached to unexpected instruction kind",
            i,
            md
        );
        if let Some(mav) = ctx.metadata_as_value_if_exists(md) {
            for u in ctx.users(mav).collect::<Vec<_>>() {
                let ui = ctx.as_inst(u);
                let is_assign =
                    ui.and_then(|x| self.intrinsic_name_of(x)) == Some("llvm.dbg.assign");
                check_di!(
                    self,
                    is_assign,
                    "!DIAssignID should only be used by llvm.dbg.assign intrinsics",
                    md,
                    u
                );
                let uf = ui
                    .and_then(|x| ctx.inst_parent(x))
                    .and_then(|b| ctx.block_parent(b));
                check_di!(
                    self,
                    uf == self.func,
                    "dbg.assign not in same function as inst",
                    u,
                    i
                );
            }
        }
        let f = self.func;
        let users = self
            .assign_index()
            .records
            .get(&md)
            .cloned()
            .unwrap_or_default();
        for (j, k) in users {
            let r = &self.extra(j).expect("a record holder").dbg_records[k];
            check_di!(
                self,
                &*r.kind == "assign",
                "!DIAssignID should only be used by Assign DVRs.",
                md,
                Item::Record(j, k)
            );
            let g = ctx.inst_parent(j).and_then(|b| ctx.block_parent(b));
            check_di!(
                self,
                g == f,
                "DVRAssign not in same function as inst",
                Item::Record(j, k),
                i
            );
        }
    }

    /// The `llvm.dbg.value` / `declare` / `assign` rules
    /// (`visitDbgIntrinsic`); `kind` is `"value"`, `"declare"` or
    /// `"assign"`.
    pub(crate) fn visit_dbg_intrinsic(&mut self, kind: &str, i: Inst) -> bool {
        let ctx = self.ctx;
        let arg_md = |k: u32| {
            ctx.operand(i.0, k)
                .and_then(|v| ctx.value_metadata(v))
                .map(|m| ctx.md_resolved(m))
        };
        let loc = arg_md(0);
        if !self.is_location(loc, true) {
            self.fail(
                true,
                format!("invalid llvm.dbg.{kind} intrinsic address/value"),
                vec![i.into(), Item::Md(loc)],
            );
            return true;
        }
        let var = arg_md(1);
        if var.is_none_or(|v| self.kind(v) != Some(K::DILocalVariable)) {
            self.fail(
                true,
                format!("invalid llvm.dbg.{kind} intrinsic variable"),
                vec![i.into(), Item::Md(var)],
            );
            return true;
        }
        let expr = arg_md(2);
        if expr.is_none_or(|e| self.kind(e) != Some(K::DIExpression)) {
            self.fail(
                true,
                format!("invalid llvm.dbg.{kind} intrinsic expression"),
                vec![i.into(), Item::Md(expr)],
            );
            return true;
        }
        if kind == "assign" {
            let id = arg_md(3);
            if id.is_none_or(|x| self.kind(x) != Some(K::DIAssignID)) {
                self.fail(
                    true,
                    "invalid llvm.dbg.assign intrinsic DIAssignID",
                    vec![i.into(), Item::Md(id)],
                );
                return true;
            }
            let addr = arg_md(4);
            if !self.is_location(addr, false) {
                self.fail(
                    true,
                    "invalid llvm.dbg.assign intrinsic address",
                    vec![i.into(), Item::Md(addr)],
                );
                return true;
            }
            let ae = arg_md(5);
            if ae.is_none_or(|e| self.kind(e) != Some(K::DIExpression)) {
                self.fail(
                    true,
                    "invalid llvm.dbg.assign intrinsic address expression",
                    vec![i.into(), Item::Md(ae)],
                );
                return true;
            }
            for other in self.insts_with_assign_id(id.expect("checked")) {
                let of = ctx.inst_parent(other).and_then(|b| ctx.block_parent(b));
                if of != self.func {
                    self.fail(
                        true,
                        "inst not in same function as dbg.assign",
                        vec![other.into(), i.into()],
                    );
                    return true;
                }
            }
        }
        let dl = self
            .extra(i)
            .and_then(|e| e.dbg)
            .map(|d| ctx.md_resolved(d));
        if let Some(d) = dl {
            if self.kind(d) != Some(K::DILocation) {
                return true;
            }
        }
        let var = var.expect("checked");
        let b = ctx.inst_parent(i);
        let f = self.func;
        let Some(dl) = dl else {
            let mut items = vec![Item::from(i)];
            items.extend(b.map(Item::from));
            items.extend(f.map(Item::from));
            self.fail(
                true,
                format!("llvm.dbg.{kind} intrinsic requires a !dbg attachment"),
                items,
            );
            return true;
        };
        let vsp = self
            .di_field_md(var, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let lsp = self
            .di_field_md(dl, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let (Some(vsp), Some(lsp)) = (vsp, lsp) else {
            return true;
        };
        if vsp != lsp {
            let mut items = vec![Item::from(i)];
            items.extend(b.map(Item::from));
            items.extend(f.map(Item::from));
            items.extend([var.into(), vsp.into(), dl.into(), lsp.into()]);
            self.fail(
                true,
                format!(
                    "mismatched subprogram between llvm.dbg.{kind} variable and !dbg attachment"
                ),
                items,
            );
            return true;
        }
        let vt = self.di_field_md(var, FieldName::Type);
        if !self.is_type_or_null(vt) {
            self.fail(true, "invalid type ref", vec![var.into(), Item::Md(vt)]);
            return true;
        }
        self.verify_fn_args(Item::from(i), var, dl);
        true
    }

    /// The `llvm.dbg.label` rules (`visitDbgLabelIntrinsic`).
    pub(crate) fn visit_dbg_label_intrinsic(&mut self, i: Inst) -> bool {
        let ctx = self.ctx;
        let label = ctx
            .operand(i.0, 0)
            .and_then(|v| ctx.value_metadata(v))
            .map(|m| ctx.md_resolved(m));
        if label.is_none_or(|l| self.kind(l) != Some(K::DILabel)) {
            self.fail(
                true,
                "invalid llvm.dbg.label intrinsic variable",
                vec![i.into(), Item::Md(label)],
            );
            return true;
        }
        let label = label.expect("checked");
        let dl = self
            .extra(i)
            .and_then(|e| e.dbg)
            .map(|d| ctx.md_resolved(d));
        if let Some(d) = dl {
            if self.kind(d) != Some(K::DILocation) {
                return true;
            }
        }
        let b = ctx.inst_parent(i);
        let f = self.func;
        let Some(dl) = dl else {
            let mut items = vec![Item::from(i)];
            items.extend(b.map(Item::from));
            items.extend(f.map(Item::from));
            self.fail(
                false,
                "llvm.dbg.label intrinsic requires a !dbg attachment",
                items,
            );
            return false;
        };
        let lsp = self
            .di_field_md(label, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        let dsp = self
            .di_field_md(dl, FieldName::Scope)
            .and_then(|s| self.subprogram_of_scope(s));
        if let (Some(lsp), Some(dsp)) = (lsp, dsp) {
            if lsp != dsp {
                let mut items = vec![Item::from(i)];
                items.extend(b.map(Item::from));
                items.extend(f.map(Item::from));
                items.extend([label.into(), lsp.into(), dl.into(), dsp.into()]);
                self.fail(
                    true,
                    "mismatched subprogram between llvm.dbg.label label and !dbg attachment",
                    items,
                );
            }
        }
        true
    }

    /// `verifyFragmentExpression(const DbgVariableIntrinsic &)`.
    pub(crate) fn verify_dbg_intrinsic_fragment(&mut self, i: Inst) {
        let ctx = self.ctx;
        let arg_md = |k: u32| {
            ctx.operand(i.0, k)
                .and_then(|v| ctx.value_metadata(v))
                .map(|m| ctx.md_resolved(m))
        };
        let (Some(var), Some(e)) = (arg_md(1), arg_md(2)) else {
            return;
        };
        if self.kind(var) != Some(K::DILocalVariable) || self.kind(e) != Some(K::DIExpression) {
            return;
        }
        self.verify_var_fragment(var, e, Item::from(i));
    }

    /// `verifyNotEntryValue(const DbgVariableIntrinsic &)`.
    pub(crate) fn verify_dbg_intrinsic_not_entry_value(&mut self, i: Inst) {
        let ctx = self.ctx;
        let arg_md = |k: u32| {
            ctx.operand(i.0, k)
                .and_then(|v| ctx.value_metadata(v))
                .map(|m| ctx.md_resolved(m))
        };
        let Some(e) = arg_md(2).filter(|&e| self.kind(e) == Some(K::DIExpression)) else {
            return;
        };
        self.verify_not_entry_value(arg_md(0), e, Item::from(i));
    }
}

/// A compile unit's list field: the field, the message for a non-tuple,
/// the message for a bad element, whether that message names the list,
/// and what an element must be.
type CuList<'a> = (
    FieldName,
    &'static str,
    &'static str,
    bool,
    fn(&Verifier<'a>, Metadata) -> bool,
);
