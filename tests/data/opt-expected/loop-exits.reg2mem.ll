source_filename = "tests/data/opt/loop-exits.ll"

declare void @g(i32)

declare i32 @h()

declare i32 @__gxx_personality_v0(...)

define i32 @or_join(i32 %n, i32 %m) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %r.reg2mem = alloca i32, align 4
  %i.reg2mem4 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem4, align 4
  br label %loop

loop:
  %i.reload5 = load i32, ptr %i.reg2mem4, align 4
  store i32 %i.reload5, ptr %i.reg2mem, align 4
  %i.reload3 = load i32, ptr %i.reg2mem, align 4
  %c1 = icmp slt i32 %i.reload3, %n
  br i1 %c1, label %loop.exit_crit_edge, label %e2, !prof !3

loop.exit_crit_edge:
  store i32 1, ptr %r.reg2mem, align 4
  br label %exit

e2:
  %k = add i32 %m, 1
  %i.reload2 = load i32, ptr %i.reg2mem, align 4
  %c2 = icmp eq i32 %i.reload2, %k
  br i1 %c2, label %exitsplit, label %latch, !prof !4

latch:
  %i.reload1 = load i32, ptr %i.reg2mem, align 4
  call void @g(i32 %i.reload1)
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload, ptr %i.reg2mem4, align 4
  br label %loop, !llvm.loop !5

exitsplit:
  store i32 1, ptr %r.reg2mem, align 4
  br label %exit

exit:
  %r.reload = load i32, ptr %r.reg2mem, align 4
  ret i32 %r.reload
}

define void @invert_cmp(i32 %n, i32 %m, ptr %p) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %v.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %v.reg2mem, align 4
  %i.next = add nsw i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %c1 = icmp ult i32 %i.reload, %n
  br i1 %c1, label %e2, label %loop.exit_crit_edge, !prof !6

loop.exit_crit_edge:
  br label %exit

e2:
  %v.reload = load i32, ptr %v.reg2mem, align 4
  %c2 = icmp sgt i32 %v.reload, %m, !annotation !7
  br i1 %c2, label %exitsplit, label %e2.loop_crit_edge, !llvm.loop !8, !annotation !7

e2.loop_crit_edge:
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload, ptr %i.reg2mem, align 4
  br label %loop

exitsplit:
  br label %exit

exit:
  ret void
}

define void @invert_arg(i1 %c, i32 %n) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %i.reg2mem2 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem2, align 4
  br label %loop

loop:
  %i.reload3 = load i32, ptr %i.reg2mem2, align 4
  store i32 %i.reload3, ptr %i.reg2mem, align 4
  br i1 %c, label %loop.exit_crit_edge, label %e2, !prof !9

loop.exit_crit_edge:
  br label %exit

e2:
  %i.reload1 = load i32, ptr %i.reg2mem, align 4
  %c2 = icmp ne i32 %i.reload1, %n
  br i1 %c2, label %latch, label %exitsplit

latch:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload, ptr %i.reg2mem2, align 4
  br label %loop

exitsplit:
  br label %exit

exit:
  ret void
}

define i32 @multi_use(i32 %n, i32 %m) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %c1.reg2mem = alloca i1, align 1
  %i.reg2mem = alloca i32, align 4
  %r.reg2mem = alloca i32, align 4
  %i.reg2mem3 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem3, align 4
  br label %loop

loop:
  %i.reload4 = load i32, ptr %i.reg2mem3, align 4
  store i32 %i.reload4, ptr %i.reg2mem, align 4
  %i.reload2 = load i32, ptr %i.reg2mem, align 4
  %c1 = icmp sgt i32 %i.reload2, %n
  store i1 %c1, ptr %c1.reg2mem, align 1
  %c1.reload1 = load i1, ptr %c1.reg2mem, align 1
  br i1 %c1.reload1, label %e2, label %loop.exit_crit_edge

loop.exit_crit_edge:
  store i32 0, ptr %r.reg2mem, align 4
  br label %exit

e2:
  %c2 = icmp eq i32 %n, %m
  br i1 %c2, label %exitsplit, label %latch

latch:
  %c1.reload = load i1, ptr %c1.reg2mem, align 1
  %z = zext i1 %c1.reload to i32
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, %z
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload, ptr %i.reg2mem3, align 4
  br label %loop

exitsplit:
  store i32 0, ptr %r.reg2mem, align 4
  br label %exit

exit:
  %r.reload = load i32, ptr %r.reg2mem, align 4
  ret i32 %r.reload
}

define void @debug(i32 %n) !dbg !10 {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %i.reg2mem3 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem3, align 4
  br label %loop, !dbg !13

loop:
  %i.reload4 = load i32, ptr %i.reg2mem3, align 4
  store i32 %i.reload4, ptr %i.reg2mem, align 4
  %i.reload2 = load i32, ptr %i.reg2mem, align 4
  %c1 = icmp slt i32 %i.reload2, %n, !dbg !13
    #dbg_value(i32 %i.reload4, !14, !DIExpression(), !13)
  br i1 %c1, label %loop.exit_crit_edge, label %e2, !dbg !13

loop.exit_crit_edge:
  br label %exit, !dbg !13

e2:
    #dbg_value(i32 %n, !14, !DIExpression(), !16)
  %i.reload1 = load i32, ptr %i.reg2mem, align 4
  %c2 = icmp eq i32 %i.reload1, 5, !dbg !13
    #dbg_value(i1 %c2, !14, !DIExpression(), !16)
  br i1 %c2, label %exitsplit, label %latch, !dbg !16

latch:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1, !dbg !16
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload, ptr %i.reg2mem3, align 4
  br label %loop, !dbg !16

exitsplit:
  br label %exit, !dbg !16

exit:
  ret void, !dbg !16
}

define void @lpad_unused(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  %"reg2mem alloca point" = bitcast i32 0 to i32
  br i1 %c, label %entry.loop_crit_edge, label %outside

entry.loop_crit_edge:
  br label %loop

outside:
  invoke void @g(i32 0)
          to label %done unwind label %lpad

loop:
  %x = invoke i32 @h()
          to label %loop.loop_crit_edge unwind label %lpad

loop.loop_crit_edge:
  br label %loop

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
