define void @f(i32 %a) !dbg !5 {
    #dbg_label(!8, !9)
  ret void, !dbg !9
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "a", arg: 1, scope: !5, file: !1, line: 1, type: !10)
!9 = !DILocation(line: 1, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!12 = !DILocation(line: 1, scope: !11)
!13 = !DILocalVariable(name: "b", arg: 1, scope: !5, file: !1, line: 1, type: !10)
!14 = !DILabel(scope: !5, name: "l", file: !1, line: 1)
!15 = !DILabel(scope: !11, name: "l", file: !1, line: 1)
