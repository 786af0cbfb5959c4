//! The closed sets of specialised metadata: node kinds ([`SpecKind`]) and
//! field names ([`FieldName`]), each declared once in a table.
//!
//! Owns the spelling of every LLVM 19 specialised node and field, which
//! fields each kind accepts (in the order LLVM's printer emits them), and the
//! order in which LLVM's slot tracker visits a node's operands. It does not
//! own node storage (`store.rs`) or printing (`print.rs`).

macro_rules! field_names {
    ($($(#[$m:meta])* $v:ident = $s:literal,)*) => {
        /// The name of a field of a specialised node (`line`, `scope`,
        /// `baseType` ...), or [`FieldName::Positional`] for the unnamed
        /// elements of `!DIExpression(...)` and `!DIArgList(...)`.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
                pub enum FieldName {
            $($(#[$m])* #[doc = concat!("`", $s, ":`")] $v,)*
            /// An unnamed, positional element (`DIExpression` operations and
            /// their arguments, `DIArgList` arguments): printed without a label.
            Positional,
        }

        impl FieldName {
            /// The field's spelling in text IR (without the colon); `""` for
            /// [`FieldName::Positional`].
            pub fn name(self) -> &'static str {
                match self {
                    $(FieldName::$v => $s,)*
                    FieldName::Positional => "",
                }
            }

            /// The field called `name`, if LLVM 19 has a field of that name on
            /// any specialised node.
            pub fn from_name(name: &str) -> Option<FieldName> {
                match name {
                    $($s => Some(FieldName::$v),)*
                    _ => None,
                }
            }
        }
    };
}

field_names! {
    Line = "line",
    Column = "column",
    Scope = "scope",
    InlinedAt = "inlinedAt",
    IsImplicitCode = "isImplicitCode",
    Tag = "tag",
    Header = "header",
    Operands = "operands",
    Count = "count",
    LowerBound = "lowerBound",
    UpperBound = "upperBound",
    Stride = "stride",
    Name = "name",
    Value = "value",
    IsUnsigned = "isUnsigned",
    Size = "size",
    Align = "align",
    Encoding = "encoding",
    Flags = "flags",
    StringLength = "stringLength",
    StringLengthExpression = "stringLengthExpression",
    StringLocationExpression = "stringLocationExpression",
    File = "file",
    BaseType = "baseType",
    Offset = "offset",
    ExtraData = "extraData",
    DwarfAddressSpace = "dwarfAddressSpace",
    Annotations = "annotations",
    PtrAuthKey = "ptrAuthKey",
    PtrAuthIsAddressDiscriminated = "ptrAuthIsAddressDiscriminated",
    PtrAuthExtraDiscriminator = "ptrAuthExtraDiscriminator",
    PtrAuthIsaPointer = "ptrAuthIsaPointer",
    PtrAuthAuthenticatesNullValues = "ptrAuthAuthenticatesNullValues",
    Elements = "elements",
    RuntimeLang = "runtimeLang",
    VtableHolder = "vtableHolder",
    TemplateParams = "templateParams",
    Identifier = "identifier",
    Discriminator = "discriminator",
    DataLocation = "dataLocation",
    Associated = "associated",
    Allocated = "allocated",
    Rank = "rank",
    Cc = "cc",
    Types = "types",
    Filename = "filename",
    Directory = "directory",
    Checksumkind = "checksumkind",
    Checksum = "checksum",
    Source = "source",
    Language = "language",
    Producer = "producer",
    IsOptimized = "isOptimized",
    RuntimeVersion = "runtimeVersion",
    SplitDebugFilename = "splitDebugFilename",
    EmissionKind = "emissionKind",
    Enums = "enums",
    RetainedTypes = "retainedTypes",
    Globals = "globals",
    Imports = "imports",
    Macros = "macros",
    DwoId = "dwoId",
    SplitDebugInlining = "splitDebugInlining",
    DebugInfoForProfiling = "debugInfoForProfiling",
    NameTableKind = "nameTableKind",
    RangesBaseAddress = "rangesBaseAddress",
    Sysroot = "sysroot",
    Sdk = "sdk",
    LinkageName = "linkageName",
    Type = "type",
    IsLocal = "isLocal",
    IsDefinition = "isDefinition",
    ScopeLine = "scopeLine",
    ContainingType = "containingType",
    SpFlags = "spFlags",
    Virtuality = "virtuality",
    VirtualIndex = "virtualIndex",
    ThisAdjustment = "thisAdjustment",
    Unit = "unit",
    Declaration = "declaration",
    RetainedNodes = "retainedNodes",
    ThrownTypes = "thrownTypes",
    TargetFuncName = "targetFuncName",
    ExportSymbols = "exportSymbols",
    Nodes = "nodes",
    ConfigMacros = "configMacros",
    IncludePath = "includePath",
    Apinotes = "apinotes",
    IsDecl = "isDecl",
    Defaulted = "defaulted",
    Arg = "arg",
    Setter = "setter",
    Getter = "getter",
    Attributes = "attributes",
    Entity = "entity",
    Var = "var",
    Expr = "expr",
}

macro_rules! spec_kinds {
    ($($v:ident $(#[$flag:ident])? {
        fields: [$($f:ident),*],
        operands: [$($o:ident),*] $(,)?
    })*) => {
        /// The kind of a specialised metadata node: one of LLVM 19's
        /// `!DI*` nodes, `!DIArgList` or `!GenericDINode`.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum SpecKind {
            $(#[doc = concat!("`!", stringify!($v), "(...)`")] $v,)*
        }

        impl SpecKind {
            /// Every kind, in table order.
            pub const ALL: &'static [SpecKind] = &[$(SpecKind::$v,)*];

            /// The node's spelling in text IR, without the `!`
            /// (`"DILocation"`).
            pub fn name(self) -> &'static str {
                match self { $(SpecKind::$v => stringify!($v),)* }
            }

            /// The kind spelled `name` (without the `!`).
            pub fn from_name(name: &str) -> Option<SpecKind> {
                match name { $(stringify!($v) => Some(SpecKind::$v),)* _ => None }
            }

            /// The named fields LLVM 19 accepts on this kind, in the order
            /// its printer emits them (then, for `DISubprogram`, the legacy
            /// `isLocal`/`isDefinition`/`isOptimized`, which its parser
            /// still accepts and folds into `spFlags`). Empty for the
            /// positional kinds ([`SpecKind::is_positional`]).
            pub fn fields(self) -> &'static [FieldName] {
                match self { $(SpecKind::$v => &[$(FieldName::$f),*],)* }
            }

            /// The metadata-valued fields in LLVM's internal operand order:
            /// the order in which the slot tracker numbers what they point at.
            pub(crate) fn operand_order(self) -> &'static [FieldName] {
                match self { $(SpecKind::$v => &[$(FieldName::$o),*],)* }
            }

            /// Whether nodes of this kind are always `distinct` in LLVM 19
            /// (`DICompileUnit`, `DIAssignID`): the parser rejects them
            /// without `distinct`, and the store never uniques them.
            pub fn is_always_distinct(self) -> bool {
                match self { $(SpecKind::$v => spec_kinds!(@distinct $($flag)?),)* }
            }
        }
    };
    (@distinct always_distinct) => { true };
    (@distinct inline) => { false };
    (@distinct) => { false };
}

spec_kinds! {
    DILocation {
        fields: [Line, Column, Scope, InlinedAt, IsImplicitCode],
        operands: [Scope, InlinedAt],
    }
    DIExpression #[inline] { fields: [], operands: [] }
    DIArgList #[inline] { fields: [], operands: [] }
    DIGlobalVariableExpression { fields: [Var, Expr], operands: [Var, Expr] }
    GenericDINode { fields: [Tag, Header, Operands], operands: [Header] }
    DISubrange {
        fields: [Count, LowerBound, UpperBound, Stride],
        operands: [Count, LowerBound, UpperBound, Stride],
    }
    DIGenericSubrange {
        fields: [Count, LowerBound, UpperBound, Stride],
        operands: [Count, LowerBound, UpperBound, Stride],
    }
    DIEnumerator { fields: [Name, Value, IsUnsigned], operands: [Name] }
    DIBasicType { fields: [Tag, Name, Size, Align, Encoding, Flags], operands: [Name] }
    DIStringType {
        fields: [Tag, Name, StringLength, StringLengthExpression, StringLocationExpression, Size,
                 Align, Encoding],
        operands: [Name, StringLength, StringLengthExpression, StringLocationExpression],
    }
    DIDerivedType {
        fields: [Tag, Name, Scope, File, Line, BaseType, Size, Align, Offset, Flags, ExtraData,
                 DwarfAddressSpace, Annotations, PtrAuthKey, PtrAuthIsAddressDiscriminated,
                 PtrAuthExtraDiscriminator, PtrAuthIsaPointer, PtrAuthAuthenticatesNullValues],
        operands: [File, Scope, Name, BaseType, ExtraData, Annotations],
    }
    DICompositeType {
        fields: [Tag, Name, Scope, File, Line, BaseType, Size, Align, Offset, Flags, Elements,
                 RuntimeLang, VtableHolder, TemplateParams, Identifier, Discriminator,
                 DataLocation, Associated, Allocated, Rank, Annotations],
        operands: [File, Scope, Name, BaseType, Elements, VtableHolder, TemplateParams, Identifier,
                   Discriminator, DataLocation, Associated, Allocated, Rank, Annotations],
    }
    DISubroutineType { fields: [Flags, Cc, Types], operands: [Types] }
    DIFile {
        fields: [Filename, Directory, Checksumkind, Checksum, Source],
        operands: [Filename, Directory, Checksum, Source],
    }
    DICompileUnit #[always_distinct] {
        fields: [Language, File, Producer, IsOptimized, Flags, RuntimeVersion, SplitDebugFilename,
                 EmissionKind, Enums, RetainedTypes, Globals, Imports, Macros, DwoId,
                 SplitDebugInlining, DebugInfoForProfiling, NameTableKind, RangesBaseAddress,
                 Sysroot, Sdk],
        operands: [File, Producer, Flags, SplitDebugFilename, Enums, RetainedTypes, Globals,
                   Imports, Macros, Sysroot, Sdk],
    }
    DISubprogram {
        fields: [Name, LinkageName, Scope, File, Line, Type, ScopeLine, ContainingType, Virtuality,
                 VirtualIndex, ThisAdjustment, Flags, SpFlags, Unit, TemplateParams, Declaration,
                 RetainedNodes, ThrownTypes, Annotations, TargetFuncName, IsLocal, IsDefinition,
                 IsOptimized],
        operands: [File, Scope, Name, LinkageName, Type, Unit, Declaration, RetainedNodes,
                   ContainingType, TemplateParams, ThrownTypes, Annotations, TargetFuncName],
    }
    DILexicalBlock { fields: [Scope, File, Line, Column], operands: [File, Scope] }
    DILexicalBlockFile { fields: [Scope, File, Discriminator], operands: [File, Scope] }
    DINamespace { fields: [Name, Scope, ExportSymbols], operands: [Scope, Name] }
    DIModule {
        fields: [Scope, Name, ConfigMacros, IncludePath, Apinotes, File, Line, IsDecl],
        operands: [File, Scope, Name, ConfigMacros, IncludePath, Apinotes],
    }
    DICommonBlock {
        fields: [Scope, Declaration, Name, File, Line],
        operands: [Scope, Declaration, Name, File],
    }
    DITemplateTypeParameter { fields: [Name, Type, Defaulted], operands: [Name, Type] }
    DITemplateValueParameter {
        fields: [Tag, Name, Type, Defaulted, Value],
        operands: [Name, Type, Value],
    }
    DIGlobalVariable {
        fields: [Name, LinkageName, Scope, File, Line, Type, IsLocal, IsDefinition, Declaration,
                 TemplateParams, Align, Annotations],
        operands: [Scope, Name, File, Type, LinkageName, Declaration, TemplateParams, Annotations],
    }
    DILocalVariable {
        fields: [Name, Arg, Scope, File, Line, Type, Flags, Align, Annotations],
        operands: [Scope, Name, File, Type, Annotations],
    }
    DILabel { fields: [Scope, Name, File, Line], operands: [Scope, Name, File] }
    DIObjCProperty {
        fields: [Name, File, Line, Setter, Getter, Attributes, Type],
        operands: [Name, File, Getter, Setter, Type],
    }
    DIImportedEntity {
        fields: [Tag, Name, Scope, Entity, File, Line, Elements],
        operands: [Scope, Entity, Name, File, Elements],
    }
    DIMacro { fields: [Type, Line, Name, Value], operands: [Name, Value] }
    DIMacroFile { fields: [Type, Line, File, Nodes], operands: [File, Nodes] }
    DIAssignID #[always_distinct] { fields: [], operands: [] }
}

impl SpecKind {
    /// Whether the node is written with positional elements instead of
    /// named fields (`!DIExpression(DW_OP_deref)`, `!DIArgList(i32 %x)`).
    pub fn is_positional(self) -> bool {
        matches!(self, SpecKind::DIExpression | SpecKind::DIArgList)
    }

    /// Whether the node is always printed inline where it is used and never
    /// gets a `!N` number (`DIExpression`, `DIArgList`), as LLVM 19's
    /// printer does: a numbered `!5 = !DIExpression()` in the input is
    /// printed inline at every use.
    pub fn is_inline(self) -> bool {
        self.is_positional()
    }
}
