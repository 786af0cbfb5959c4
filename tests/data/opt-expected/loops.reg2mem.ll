source_filename = "tests/data/opt/loops.ll"

define i32 @no_preheader(i1 %c, i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

b:
  store i32 1, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  %done = icmp eq i32 %inc.reload1, %n
  br i1 %done, label %exit, label %loop.loop_crit_edge

loop.loop_crit_edge:
  %inc.reload2 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload2, ptr %i.reg2mem, align 4
  br label %loop

exit:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  ret i32 %inc.reload
}

define i32 @two_backedges(i32 %n) {
entry:
  %y.reg2mem = alloca i32, align 4
  %x.reg2mem = alloca i32, align 4
  %k.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %k.reg2mem5 = alloca i32, align 4
  %i.reg2mem7 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 7, ptr %k.reg2mem5, align 4
  store i32 0, ptr %i.reg2mem7, align 4
  br label %h

h:
  %i.reload8 = load i32, ptr %i.reg2mem7, align 4
  %k.reload6 = load i32, ptr %k.reg2mem5, align 4
  store i32 %i.reload8, ptr %i.reg2mem, align 4
  store i32 %k.reload6, ptr %k.reg2mem, align 4
  %i.reload4 = load i32, ptr %i.reg2mem, align 4
  %x = add i32 %i.reload4, 1
  store i32 %x, ptr %x.reg2mem, align 4
  %x.reload = load i32, ptr %x.reg2mem, align 4
  %c1 = icmp slt i32 %x.reload, %n
  br i1 %c1, label %l1, label %m

l1:
  %x.reload3 = load i32, ptr %x.reg2mem, align 4
  store i32 3, ptr %k.reg2mem5, align 4
  store i32 %x.reload3, ptr %i.reg2mem7, align 4
  br label %h

m:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %y = add i32 %i.reload, 2
  store i32 %y, ptr %y.reg2mem, align 4
  %y.reload1 = load i32, ptr %y.reg2mem, align 4
  %c2 = icmp slt i32 %y.reload1, %n
  br i1 %c2, label %l2, label %exit

l2:
  %y.reload2 = load i32, ptr %y.reg2mem, align 4
  store i32 3, ptr %k.reg2mem5, align 4
  store i32 %y.reload2, ptr %i.reg2mem7, align 4
  br label %h, !llvm.loop !0

exit:
  %y.reload = load i32, ptr %y.reg2mem, align 4
  %k.reload = load i32, ptr %k.reg2mem, align 4
  %r = add i32 %y.reload, %k.reload
  ret i32 %r
}

define i32 @shared_exit(i1 %c, i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %v.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  br i1 %c, label %entry.loop_crit_edge, label %entry.out_crit_edge

entry.out_crit_edge:
  store i32 -1, ptr %v.reg2mem, align 4
  br label %out

entry.loop_crit_edge:
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  %done = icmp eq i32 %inc.reload1, %n
  br i1 %done, label %loop.out_crit_edge, label %loop.loop_crit_edge

loop.loop_crit_edge:
  %inc.reload2 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload2, ptr %i.reg2mem, align 4
  br label %loop

loop.out_crit_edge:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload, ptr %v.reg2mem, align 4
  br label %out

out:
  %v.reload = load i32, ptr %v.reg2mem, align 4
  ret i32 %v.reload
}

define i32 @nested_shared_header(i32 %n, i32 %m) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %j.next.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %j.reg2mem = alloca i32, align 4
  %i.reg2mem6 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %j.reg2mem, align 4
  store i32 0, ptr %i.reg2mem6, align 4
  br label %h

h:
  %i.reload7 = load i32, ptr %i.reg2mem6, align 4
  %j.reload = load i32, ptr %j.reg2mem, align 4
  store i32 %i.reload7, ptr %i.reg2mem, align 4
  %j.next = add i32 %j.reload, 1
  store i32 %j.next, ptr %j.next.reg2mem, align 4
  %j.next.reload3 = load i32, ptr %j.next.reg2mem, align 4
  %ci = icmp slt i32 %j.next.reload3, %m
  br i1 %ci, label %inner.latch, label %outer.latch

inner.latch:
  %j.next.reload4 = load i32, ptr %j.next.reg2mem, align 4
  %i.reload5 = load i32, ptr %i.reg2mem, align 4
  store i32 %j.next.reload4, ptr %j.reg2mem, align 4
  store i32 %i.reload5, ptr %i.reg2mem6, align 4
  br label %h

outer.latch:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload1 = load i32, ptr %i.next.reg2mem, align 4
  %co = icmp slt i32 %i.next.reload1, %n
  br i1 %co, label %outer.latch.h_crit_edge, label %exit

outer.latch.h_crit_edge:
  %i.next.reload2 = load i32, ptr %i.next.reg2mem, align 4
  store i32 0, ptr %j.reg2mem, align 4
  store i32 %i.next.reload2, ptr %i.reg2mem6, align 4
  br label %h

exit:
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  %j.next.reload = load i32, ptr %j.next.reg2mem, align 4
  %r = add i32 %i.next.reload, %j.next.reload
  ret i32 %r
}

define i32 @indirect_entry(ptr %p, i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  indirectbr ptr %p, [label %loop, label %other]

other:
  store i32 1, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  %done = icmp eq i32 %inc.reload1, %n
  br i1 %done, label %exit, label %loop.loop_crit_edge

loop.loop_crit_edge:
  %inc.reload2 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload2, ptr %i.reg2mem, align 4
  br label %loop

exit:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  ret i32 %inc.reload
}

define i32 @indirect_exit(ptr %p, i1 %c) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %r.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  br i1 %c, label %entry.loop_crit_edge, label %entry.exit_crit_edge

entry.exit_crit_edge:
  store i32 0, ptr %r.reg2mem, align 4
  br label %exit

entry.loop_crit_edge:
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload, ptr %r.reg2mem, align 4
  store i32 %inc.reload1, ptr %i.reg2mem, align 4
  indirectbr ptr %p, [label %loop, label %exit]

exit:
  %r.reload = load i32, ptr %r.reg2mem, align 4
  ret i32 %r.reload
}

define i32 @callbr_entry(i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  callbr void asm "", "!i"()
          to label %entry.loop_crit_edge [label %other]

entry.loop_crit_edge:
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

other:
  store i32 1, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  %done = icmp eq i32 %inc.reload1, %n
  br i1 %done, label %exit, label %loop.loop_crit_edge

loop.loop_crit_edge:
  %inc.reload2 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload2, ptr %i.reg2mem, align 4
  br label %loop

exit:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  ret i32 %inc.reload
}

define i32 @nested_exits(i32 %n, i1 %c) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %j.next.reg2mem = alloca i32, align 4
  %s.reg2mem = alloca i32, align 4
  %j.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %j.reg2mem7 = alloca i32, align 4
  %i.reg2mem9 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem9, align 4
  br label %outer

outer:
  %i.reload10 = load i32, ptr %i.reg2mem9, align 4
  store i32 %i.reload10, ptr %i.reg2mem, align 4
  store i32 0, ptr %j.reg2mem7, align 4
  br label %inner

inner:
  %j.reload8 = load i32, ptr %j.reg2mem7, align 4
  store i32 %j.reload8, ptr %j.reg2mem, align 4
  %j.reload5 = load i32, ptr %j.reg2mem, align 4
  %i.reload6 = load i32, ptr %i.reg2mem, align 4
  %s = add i32 %i.reload6, %j.reload5
  store i32 %s, ptr %s.reg2mem, align 4
  br i1 %c, label %early, label %inner.body

inner.body:
  %j.reload4 = load i32, ptr %j.reg2mem, align 4
  %j.next = add i32 %j.reload4, 1
  store i32 %j.next, ptr %j.next.reg2mem, align 4
  %j.next.reload = load i32, ptr %j.next.reg2mem, align 4
  %cj = icmp slt i32 %j.next.reload, %n
  br i1 %cj, label %inner.body.inner_crit_edge, label %outer.latch

inner.body.inner_crit_edge:
  %j.next.reload2 = load i32, ptr %j.next.reg2mem, align 4
  store i32 %j.next.reload2, ptr %j.reg2mem7, align 4
  br label %inner

outer.latch:
  %s.reload3 = load i32, ptr %s.reg2mem, align 4
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, %s.reload3
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  %ci = icmp slt i32 %i.next.reload, %n
  br i1 %ci, label %outer.latch.outer_crit_edge, label %outer.latch.done_crit_edge

outer.latch.done_crit_edge:
  br label %done

outer.latch.outer_crit_edge:
  %i.next.reload1 = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload1, ptr %i.reg2mem9, align 4
  br label %outer

early:
  br label %done

done:
  %s.reload = load i32, ptr %s.reg2mem, align 4
  %j.reload = load i32, ptr %j.reg2mem, align 4
  %r = add i32 %s.reload, %j.reload
  ret i32 %r
}

define i32 @undef_exit(i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  br i1 undef, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:
  %inc.reload1 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload1, ptr %i.reg2mem, align 4
  br label %loop

exit:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  ret i32 %inc.reload
}

define i32 @dead_edge(i32 %n) {
entry:
  %x.reg2mem = alloca i32, align 4
  %inc.reg2mem = alloca i32, align 4
  %x.reg2mem3 = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

dead:                                             ; No predecessors!
  store i32 5, ptr %x.reg2mem3, align 4
  br label %body

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload, ptr %x.reg2mem3, align 4
  br label %body

body:
  %x.reload4 = load i32, ptr %x.reg2mem3, align 4
  store i32 %x.reload4, ptr %x.reg2mem, align 4
  %x.reload1 = load i32, ptr %x.reg2mem, align 4
  %done = icmp eq i32 %x.reload1, %n
  br i1 %done, label %exit, label %body.loop_crit_edge

body.loop_crit_edge:
  %inc.reload2 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload2, ptr %i.reg2mem, align 4
  br label %loop

exit:
  %x.reload = load i32, ptr %x.reg2mem, align 4
  ret i32 %x.reload
}

define i32 @switch_backedges(i32 %n) {
entry:
  %inc.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  br label %h

h:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %inc = add i32 %i.reload, 1
  store i32 %inc, ptr %inc.reg2mem, align 4
  %inc.reload3 = load i32, ptr %inc.reg2mem, align 4
  switch i32 %inc.reload3, label %exit [
    i32 1, label %h.h_crit_edge
    i32 2, label %h.h_crit_edge1
    i32 3, label %h.h_crit_edge2
  ]

h.h_crit_edge2:
  %inc.reload6 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload6, ptr %i.reg2mem, align 4
  br label %h

h.h_crit_edge1:
  %inc.reload5 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload5, ptr %i.reg2mem, align 4
  br label %h

h.h_crit_edge:
  %inc.reload4 = load i32, ptr %inc.reg2mem, align 4
  store i32 %inc.reload4, ptr %i.reg2mem, align 4
  br label %h

exit:
  %inc.reload = load i32, ptr %inc.reg2mem, align 4
  ret i32 %inc.reload
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
