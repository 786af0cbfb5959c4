source_filename = "tests/data/opt/loop-exits.ll"

declare void @g(i32)

declare i32 @h()

declare i32 @__gxx_personality_v0(...)

define i32 @or_join(i32 %n, i32 %m) {
entry:
  %k = add i32 %m, 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n
  %c2 = icmp eq i32 %i, %k
  %or.cond = select i1 %c1, i1 true, i1 %c2
  br i1 %or.cond, label %exit, label %latch, !prof !3

latch:
  call void @g(i32 %i)
  %i.next = add i32 %i, 1
  br label %loop, !llvm.loop !4

exit:
  ret i32 1
}

define void @invert_cmp(i32 %n, i32 %m, ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %c1 = icmp uge i32 %i, %n
  %c2 = icmp sgt i32 %v, %m, !annotation !5
  %or.cond = select i1 %c1, i1 true, i1 %c2, !annotation !5
  br i1 %or.cond, label %exit, label %loop, !prof !6, !llvm.loop !7

exit:
  ret void
}

define void @invert_arg(i1 %c, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c.not = xor i1 %c, true
  %c2 = icmp ne i32 %i, %n
  %or.cond = select i1 %c.not, i1 %c2, i1 false
  br i1 %or.cond, label %latch, label %exit, !prof !8

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
  %c1.not = xor i1 %c1, true
  %c2 = icmp eq i32 %n, %m
  %or.cond = select i1 %c1.not, i1 true, i1 %c2
  br i1 %or.cond, label %exit, label %latch

latch:
  %z = zext i1 %c1 to i32
  %i.next = add i32 %i, %z
  br label %loop

exit:
  ret i32 0
}

define void @debug(i32 %n) !dbg !9 {
entry:
  br label %loop, !dbg !12

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp slt i32 %i, %n, !dbg !12
    #dbg_value(i32 %i, !13, !DIExpression(), !12)
    #dbg_value(i32 %n, !13, !DIExpression(), !15)
  %c2 = icmp eq i32 %i, 5, !dbg !12
    #dbg_value(i1 %c2, !13, !DIExpression(), !15)
  %or.cond = or i1 %c1, %c2, !dbg !12
  br i1 %or.cond, label %exit, label %latch, !dbg !12

latch:
  %i.next = add i32 %i, 1, !dbg !15
  br label %loop, !dbg !15

exit:
  ret void, !dbg !15
}

define void @lpad_unused(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %loop.preheader, label %outside

loop.preheader:
  br label %loop

outside:
  invoke void @g(i32 0)
          to label %done unwind label %lpad.loopexit.split-lp

loop:
  %x = invoke i32 @h()
          to label %loop unwind label %lpad.loopexit

lpad.loopexit:
  %lpad.loopexit1 = landingpad { ptr, i32 }
          cleanup
  br label %lpad

lpad.loopexit.split-lp:
  %lpad.loopexit.split-lp2 = landingpad { ptr, i32 }
          cleanup
  br label %lpad

lpad:
  ret void

done:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!"branch_weights", i32 89, i32 55}
!4 = distinct !{!4}
!5 = !{!"note"}
!6 = !{!"branch_weights", i32 2002, i32 2000}
!7 = distinct !{!7}
!8 = !{!"branch_weights", i32 1000000000, i32 -1294967296}
!9 = distinct !DISubprogram(name: "debug", scope: !1, file: !1, line: 1, type: !10, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 2, column: 3, scope: !9)
!13 = !DILocalVariable(name: "v", scope: !9, file: !1, line: 2, type: !14)
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !DILocation(line: 3, column: 5, scope: !9)
