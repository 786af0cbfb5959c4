; Imported entities with a local scope in a compile unit's imports: list.
; LLVM 19's bitcode reader moves them to their subprogram's retainedNodes
; (upgradeCULocals): llvm-as | llvm-dis shows them there, lair dis too.
; (Not in tests/data/ll: lair fmt, like llvm-as, keeps the text as is.)

define void @f() !dbg !10 {
  ret void, !dbg !20
}

define void @g() !dbg !14 {
  ret void, !dbg !21
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!30}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, imports: !2)
!1 = !DIFile(filename: "a.cpp", directory: "/")
!2 = !{!3, !4, !5, !6}
!3 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !10, entity: !7, file: !1, line: 3)
!4 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !1, entity: !7, file: !1, line: 1)
!5 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !15, entity: !7, file: !1, line: 8)
!6 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !16, entity: !7, file: !1, line: 4)
!7 = !DINamespace(name: "ns", scope: null)
!8 = !DISubroutineType(types: !9)
!9 = !{null}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !8, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !11)
!11 = !{!12}
!12 = !DILocalVariable(name: "x", scope: !10, file: !1, line: 2, type: !13)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 7, type: !8, scopeLine: 7, spFlags: DISPFlagDefinition, unit: !0)
!15 = distinct !DILexicalBlock(scope: !14, file: !1, line: 8, column: 3)
!16 = distinct !DILexicalBlockFile(scope: !17, file: !1, discriminator: 1)
!17 = distinct !DILexicalBlock(scope: !10, file: !1, line: 4, column: 1)
!20 = !DILocation(line: 2, scope: !10)
!21 = !DILocation(line: 7, scope: !14)
!30 = !{i32 2, !"Debug Info Version", i32 3}
