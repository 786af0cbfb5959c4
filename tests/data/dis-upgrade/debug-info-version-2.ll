; Debug info under "Debug Info Version" 2: the reader strips it with
; "ignoring debug info with an invalid version (2)".

@g = global i32 0, !dbg !8

define void @f(i32 %x) !dbg !4 {
entry:
  ret void, !dbg !7
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !10)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 2}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 1, scope: !4)
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !11, isLocal: false, isDefinition: true)
!10 = !{!8}
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
