; Specialised debug-info nodes written out of print order, with defaults
; spelled out or left out, legacy DISubprogram flags, numeric DWARF
; constants and flag sets out of LLVM's order: lair prints them as LLVM 19.
define void @f() !dbg !4 {
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!llvm.x = !{!7, !8, !9, !10, !11, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24, !25, !26, !27, !28, !29, !30, !31, !32}

!0 = distinct !DICompileUnit(emissionKind: FullDebug, file: !1, language: DW_LANG_C99, splitDebugInlining: true, dwoId: 0, isOptimized: false, nameTableKind: Default)
!1 = !DIFile(directory: "/tmp", filename: "a.c")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", unit: !0, spFlags: DISPFlagOptimized | DISPFlagDefinition, file: !1, line: 1, type: !5, scopeLine: 2, flags: DIFlagPrototyped | DIFlagArtificial | DIFlagPublic)
!5 = !DISubroutineType(types: !6, cc: 0, flags: 256)
!6 = !{null, !8}
!7 = distinct !DISubprogram(name: "g", scope: !1, isLocal: true, isOptimized: true, virtuality: DW_VIRTUALITY_pure_virtual, unit: !0, line: 0)
!8 = !DIBasicType(encoding: 5, size: 32, align: 0, name: "int", tag: DW_TAG_base_type)
!9 = !DISubprogram(name: "h", isDefinition: false, virtualIndex: 3, scope: !1)
!10 = !DIDerivedType(baseType: !8, tag: 15, size: 64, line: 0, offset: 0, flags: DIFlagArtificial | DIFlagObjectPointer)
!11 = !DILocalVariable(type: !8, arg: 0, scope: !4, name: "x", flags: 0, line: 3, file: !1)
!12 = !DILocation(scope: !4, column: 0, isImplicitCode: false, line: 4)
!13 = !DIGlobalVariable(name: "v", scope: !0, type: !8, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_structure_type, elements: !{}, runtimeLang: 0, identifier: "S", name: "S", size: 0)
!15 = !DISubrange(count: i64 4, lowerBound: 0)
!16 = !DILexicalBlock(column: 0, line: 5, file: !1, scope: !4)
!17 = !DINamespace(exportSymbols: false, name: "ns", scope: null)
!18 = !DITemplateValueParameter(value: i32 1, tag: DW_TAG_template_value_parameter, type: !8)
!19 = !DIModule(line: 0, name: "M", scope: null, isDecl: false, file: !1, includePath: "")
!20 = !DICommonBlock(line: 2, name: "c", scope: !4, file: !1, declaration: null)
!21 = !DILabel(line: 2, name: "l", file: !1, scope: !4)
!22 = !DIImportedEntity(line: 2, name: "i", file: !1, entity: !8, scope: !0, tag: DW_TAG_imported_declaration)
!23 = !DIMacro(value: "1", name: "X", line: 0, type: DW_MACINFO_define)
!24 = !DIMacroFile(nodes: !{!23}, file: !1, type: DW_MACINFO_start_file, line: 0)
!25 = !DIObjCProperty(type: !8, attributes: 0, getter: "g", setter: "s", line: 1, file: !1, name: "p")
!26 = !DIStringType(encoding: 0, size: 8, name: "s", tag: DW_TAG_string_type)
!27 = !DIEnumerator(isUnsigned: true, value: 3, name: "E")
!28 = !DILexicalBlockFile(discriminator: 2, file: !1, scope: !16)
!29 = !DITemplateTypeParameter(defaulted: false, type: !8, name: "T")
!30 = !GenericDINode(header: "h", operands: {!8, null}, tag: DW_TAG_variable)
!31 = !DIGenericSubrange(stride: !DIExpression(DW_OP_consts, 4), count: !DIExpression(DW_OP_consts, 5), lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!32 = !DIGlobalVariableExpression(expr: !DIExpression(), var: !13)
