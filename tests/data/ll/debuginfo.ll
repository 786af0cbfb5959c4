; Debug-info nodes and records the corpus does not exercise.
target triple = "x86_64-pc-linux-gnu"

define void @f(i32 %x, ptr %p) !dbg !10 {
entry:
    #dbg_value(i32 %x, !14, !DIExpression(), !15)
    #dbg_declare(ptr %p, !14, !DIExpression(DW_OP_plus_uconst, 8, DW_OP_LLVM_fragment, 0, 16), !15)
    #dbg_value(!DIArgList(i32 %x, ptr %p), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus), !15)
    #dbg_assign(i32 %x, !14, !DIExpression(), !20, ptr %p, !DIExpression(), !15)
    #dbg_label(!21, !15)
    #dbg_value(i32 poison, !14, !DIExpression(), !15)
  store i32 %x, ptr %p, align 4, !DIAssignID !20, !tbaa !30
  ret void, !dbg !15
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, imports: !22, macros: !24, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "t.c", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 1, baseType: !12, size: 32, elements: !4, flags: DIFlagEnumClass)
!4 = !{!40, !41}
!5 = !{i32 7, !"Dwarf Version", i32 5}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !{!"clang version 19"}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !11, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !{null, !12})
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{!14}
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 2, type: !12)
!15 = !DILocation(line: 3, column: 5, scope: !16, inlinedAt: !17)
!16 = distinct !DILexicalBlock(scope: !10, file: !1, line: 3, column: 1)
!17 = !DILocation(line: 9, scope: !10, isImplicitCode: true)
!20 = distinct !DIAssignID()
!21 = !DILabel(scope: !10, name: "L", file: !1, line: 4)
!22 = !{!23}
!23 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !25, file: !1, line: 1)
!24 = !{!26}
!25 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc")
!26 = !DIMacroFile(file: !1, nodes: !{!27})
!27 = !DIMacro(type: DW_MACINFO_define, name: "X", value: "1")
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C/C++ TBAA"}
!40 = !DIEnumerator(name: "A", value: -1)
!41 = !DIEnumerator(name: "B", value: 18446744073709551615, isUnsigned: true)
!50 = !GenericDINode(tag: DW_TAG_variable, header: "h", operands: {!1, null})
!51 = !DISubrange(count: 5, lowerBound: -1)
!52 = !DIStringType(name: "s", stringLength: !14, size: 32)
!53 = !DICommonBlock(scope: !10, declaration: null, name: "cb", file: !1, line: 1)
!54 = !DIGlobalVariableExpression(var: !55, expr: !DIExpression(DW_OP_constu, 1, DW_OP_stack_value))
!55 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !12, isLocal: false, isDefinition: true)
!56 = !DIObjCProperty(name: "p", file: !1, line: 1, setter: "set", getter: "get", attributes: 1, type: !12)
!57 = !DILabel(scope: !10, name: "M", file: !1, line: 5)
!58 = !DITemplateTypeParameter(name: "T", type: !12)
!59 = !DITemplateValueParameter(name: "V", type: !12, value: i32 3)
!60 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!61 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!62 = !DILexicalBlockFile(scope: !16, file: !1, discriminator: 2)
