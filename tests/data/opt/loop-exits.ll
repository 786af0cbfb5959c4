; Loop exits loop-simplify folds into their predecessor
; (FoldBranchToCommonDest): or/and/select joins, inverted predecessor
; conditions, branch weights, !annotation, !llvm.loop, PHIs of the common
; exit, debug records; and landing-pad exits split with
; SplitLandingPadPredecessors.

declare void @g(i32)
declare i32 @h()
declare i32 @__gxx_personality_v0(...)

; Both exits go to %exit on true: `or`, since %c2 is poison when %i is.
define i32 @or_join(i32 %n, i32 %m) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n
  br i1 %c1, label %exit, label %e2, !prof !1
e2:
  %k = add i32 %m, 1
  %c2 = icmp eq i32 %i, %k
  br i1 %c2, label %exit, label %latch, !prof !2
latch:
  call void @g(i32 %i)
  %i.next = add i32 %i, 1
  br label %loop, !llvm.loop !3
exit:
  %r = phi i32 [ 1, %loop ], [ 1, %e2 ]
  ret i32 %r
}

; The predecessor exits on false: its one-use compare is inverted; %c2
; compares a value %c1 does not use: `select`.
define void @invert_cmp(i32 %n, i32 %m, ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %e2 ]
  %v = load i32, ptr %p
  %i.next = add nsw i32 %i, 1
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %e2, label %exit, !prof !4
e2:
  %c2 = icmp sgt i32 %v, %m, !annotation !5
  br i1 %c2, label %exit, label %loop, !annotation !5, !llvm.loop !6
exit:
  ret void
}

; The predecessor's condition is an argument: `%c.not = xor`; the exits
; leave on false: `and`.
define void @invert_arg(i1 %c, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br i1 %c, label %exit, label %e2, !prof !7
e2:
  %c2 = icmp ne i32 %i, %n
  br i1 %c2, label %latch, label %exit
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  ret void
}

; Multi-use compare inverted by `xor`; the exit's PHI takes different
; values from the two exits, so nothing folds there, but the inner pair
; folds.
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

; Debug records before the compare and before the branch follow them
; into the predecessor.
define void @debug(i32 %n) !dbg !10 {
entry:
  br label %loop, !dbg !14
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n, !dbg !14
    #dbg_value(i32 %i, !13, !DIExpression(), !14)
  br i1 %c1, label %exit, label %e2, !dbg !14
e2:
    #dbg_value(i32 %n, !13, !DIExpression(), !15)
  %c2 = icmp eq i32 %i, 5, !dbg !14
    #dbg_value(i1 %c2, !13, !DIExpression(), !15)
  br i1 %c2, label %exit, label %latch, !dbg !15
latch:
  %i.next = add i32 %i, 1, !dbg !15
  br label %loop, !dbg !15
exit:
  ret void, !dbg !15
}

; A landing-pad exit reached from inside and outside the loop; the pad
; has no uses, so no PHI merges the copies.
define void @lpad_unused(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %loop, label %outside
outside:
  invoke void @g(i32 0) to label %done unwind label %lpad
loop:
  %x = invoke i32 @h() to label %loop unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  ret void
done:
  ret void
}

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!9}

!1 = !{!"branch_weights", i32 3, i32 5}
!2 = !{!"branch_weights", i32 7, i32 11}
!3 = distinct !{!3}
!4 = !{!"branch_weights", !"expected", i32 2000, i32 1}
!5 = !{!"note"}
!6 = distinct !{!6}
!7 = !{!"branch_weights", i32 4000000000, i32 4000000000}
!8 = distinct !DICompileUnit(language: DW_LANG_C99, file: !16, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "debug", scope: !16, file: !16, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !8, retainedNodes: !12)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocalVariable(name: "v", scope: !10, file: !16, line: 2, type: !17)
!14 = !DILocation(line: 2, column: 3, scope: !10)
!15 = !DILocation(line: 3, column: 5, scope: !10)
!16 = !DIFile(filename: "t.c", directory: "/")
!17 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
