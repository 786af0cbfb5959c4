; OPS: split_edge f %entry %join; split_edge f %then %join; split_edge g %a %b; split_edge g %b %c; split_edge h %s %t; split_edge h %$0 %s
define i32 @f(i1 %c, i32 %a) {
entry:
  br i1 %c, label %then, label %join
then:
  %x = add i32 %a, 1
  br label %join
join:
  %p = phi i32 [ %x, %then ], [ 0, %entry ]
  ret i32 %p
}

define i32 @g(i1 %k, i32 %v) !dbg !3 {
a:
  br i1 %k, label %b, label %c, !dbg !8
b:
  %p = phi i32 [ %v, %a ]
    #dbg_value(i32 %p, !7, !DIExpression(), !8)
  %q = add i32 %p, 1, !dbg !8
  br label %c
c:
  %r = phi i32 [ 0, %a ], [ %q, %b ]
  ret i32 %r
}

define void @h(i1 %k) {
  br label %s
s:
  br i1 %k, label %t, label %t
t:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !6)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !{!7}
!7 = !DILocalVariable(name: "x", scope: !3, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, column: 3, scope: !3)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
