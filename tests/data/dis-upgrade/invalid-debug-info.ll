; Debug info that fails the verifier's debug-info rules (a location whose
; scope is not a local scope), in bitcode written by llvm-as-19
; --disable-verify: the reader's UpgradeDebugInfo reports the verifier's
; messages, warns "ignoring invalid debug info" and strips the debug info.

define void @f(i32 %x) !dbg !4 {
entry:
  ret void, !dbg !7
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 1, scope: !6)
