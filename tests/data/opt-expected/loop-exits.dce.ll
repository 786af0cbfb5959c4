source_filename = "tests/data/opt/loop-exits.ll"

declare void @g(i32)

declare i32 @h()

declare i32 @__gxx_personality_v0(...)

define i32 @or_join(i32 %n, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n
  br i1 %c1, label %exit, label %e2, !prof !3

e2:
  %k = add i32 %m, 1
  %c2 = icmp eq i32 %i, %k
  br i1 %c2, label %exit, label %latch, !prof !4

latch:
  call void @g(i32 %i)
  %i.next = add i32 %i, 1
  br label %loop, !llvm.loop !5

exit:
  %r = phi i32 [ 1, %loop ], [ 1, %e2 ]
  ret i32 %r
}

define void @invert_cmp(i32 %n, i32 %m, ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %e2 ]
  %v = load i32, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %e2, label %exit, !prof !6

e2:
  %c2 = icmp sgt i32 %v, %m, !annotation !7
  br i1 %c2, label %exit, label %loop, !llvm.loop !8, !annotation !7

exit:
  ret void
}

define void @invert_arg(i1 %c, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br i1 %c, label %exit, label %e2, !prof !9

e2:
  %c2 = icmp ne i32 %i, %n
  br i1 %c2, label %latch, label %exit

latch:
  %i.next = add i32 %i, 1
  br label %loop

exit:
  ret void
}

define i32 @multi_use(i32 %n, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp sgt i32 %i, %n
  br i1 %c1, label %e2, label %exit

e2:
  %c2 = icmp eq i32 %n, %m
  br i1 %c2, label %exit, label %latch

latch:
  %z = zext i1 %c1 to i32
  %i.next = add i32 %i, %z
  br label %loop

exit:
  %r = phi i32 [ 0, %loop ], [ 0, %e2 ]
  ret i32 %r
}

define void @debug(i32 %n) !dbg !10 {
entry:
  br label %loop, !dbg !13

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n, !dbg !13
    #dbg_value(i32 %i, !14, !DIExpression(), !13)
  br i1 %c1, label %exit, label %e2, !dbg !13

e2:
    #dbg_value(i32 %n, !14, !DIExpression(), !16)
  %c2 = icmp eq i32 %i, 5, !dbg !13
    #dbg_value(i1 %c2, !14, !DIExpression(), !16)
  br i1 %c2, label %exit, label %latch, !dbg !16

latch:
  %i.next = add i32 %i, 1, !dbg !16
  br label %loop, !dbg !16

exit:
  ret void, !dbg !16
}

define void @lpad_unused(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %loop, label %outside

outside:
  invoke void @g(i32 0)
          to label %done unwind label %lpad

loop:
  %x = invoke i32 @h()
          to label %loop unwind label %lpad

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void

done:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!"branch_weights", i32 3, i32 5}
!4 = !{!"branch_weights", i32 7, i32 11}
!5 = distinct !{!5}
!6 = !{!"branch_weights", !"expected", i32 2000, i32 1}
!7 = !{!"note"}
!8 = distinct !{!8}
!9 = !{!"branch_weights", i32 -294967296, i32 -294967296}
!10 = distinct !DISubprogram(name: "debug", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !12)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocation(line: 2, column: 3, scope: !10)
!14 = !DILocalVariable(name: "v", scope: !10, file: !1, line: 2, type: !15)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DILocation(line: 3, column: 5, scope: !10)
