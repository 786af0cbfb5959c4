; OPS: merge f %body; merge f %tail; merge g %b; merge e %x
define i32 @f(i32 %a) !dbg !3 {
  %c = add i32 %a, 1, !dbg !8
    #dbg_value(i32 %c, !7, !DIExpression(), !8)
  br label %body, !dbg !8

body:
  %p = phi i32 [ %c, %0 ]
  %q = phi i32 [ %a, %0 ]
    #dbg_value(i32 %p, !7, !DIExpression(), !8)
  %d = mul i32 %p, %q, !dbg !8
    #dbg_value(i32 %d, !7, !DIExpression(), !8)
  br label %tail, !dbg !8

tail:
    #dbg_value(i32 %d, !7, !DIExpression(DW_OP_plus_uconst, 1), !8)
  br label %exit

exit:
  %r = phi i32 [ %d, %tail ]
  ret i32 %r
}

define i32 @g(i1 %k) {
a:
  switch i32 0, label %b [ i32 1, label %b ]
b:
  %p = phi i32 [ 1, %a ], [ 1, %a ]
  ret i32 %p
}

define void @e() {
entry:
  br label %x
x:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !6)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !{!7}
!7 = !DILocalVariable(name: "x", scope: !3, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, column: 3, scope: !3)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
