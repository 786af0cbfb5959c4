source_filename = "tests/data/opt/loops.ll"

define i32 @no_preheader(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %loop

b:
  br label %loop

loop:
  %i = phi i32 [ 0, %a ], [ 1, %b ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %inc
}

define i32 @two_backedges(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %x, %l1 ], [ %y, %l2 ]
  %k = phi i32 [ 7, %entry ], [ 3, %l1 ], [ 3, %l2 ]
  %x = add i32 %i, 1
  %c1 = icmp slt i32 %x, %n
  br i1 %c1, label %l1, label %m

l1:
  br label %h

m:
  %y = add i32 %i, 2
  %c2 = icmp slt i32 %y, %n
  br i1 %c2, label %l2, label %exit

l2:
  br label %h, !llvm.loop !0

exit:
  %r = add i32 %y, %k
  ret i32 %r
}

define i32 @shared_exit(i1 %c, i32 %n) {
entry:
  br i1 %c, label %loop, label %out

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %out, label %loop

out:
  %v = phi i32 [ -1, %entry ], [ %inc, %loop ]
  ret i32 %v
}

define i32 @nested_shared_header(i32 %n, i32 %m) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i, %inner.latch ], [ %i.next, %outer.latch ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %inner.latch ], [ 0, %outer.latch ]
  %j.next = add i32 %j, 1
  %ci = icmp slt i32 %j.next, %m
  br i1 %ci, label %inner.latch, label %outer.latch

inner.latch:
  br label %h

outer.latch:
  %i.next = add i32 %i, 1
  %co = icmp slt i32 %i.next, %n
  br i1 %co, label %h, label %exit

exit:
  %r = add i32 %i.next, %j.next
  ret i32 %r
}

define i32 @indirect_entry(ptr %p, i32 %n) {
entry:
  indirectbr ptr %p, [label %loop, label %other]

other:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %inc
}

define i32 @indirect_exit(ptr %p, i1 %c) {
entry:
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  indirectbr ptr %p, [label %loop, label %exit]

exit:
  %r = phi i32 [ 0, %entry ], [ %inc, %loop ]
  ret i32 %r
}

define i32 @callbr_entry(i32 %n) {
entry:
  callbr void asm "", "!i"()
          to label %loop [label %other]

other:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %inc
}

define i32 @nested_exits(i32 %n, i1 %c) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.body ]
  %s = add i32 %i, %j
  br i1 %c, label %early, label %inner.body

inner.body:
  %j.next = add i32 %j, 1
  %cj = icmp slt i32 %j.next, %n
  br i1 %cj, label %inner, label %outer.latch

outer.latch:
  %i.next = add i32 %i, %s
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %outer, label %done

early:
  br label %done

done:
  %r = add i32 %s, %j
  ret i32 %r
}

define i32 @undef_exit(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %inc = add i32 %i, 1
  br i1 undef, label %loop, label %exit

exit:
  ret i32 %inc
}

define i32 @dead_edge(i32 %n) {
entry:
  br label %loop

dead:                                             ; No predecessors!
  br label %body

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %inc = add i32 %i, 1
  br label %body

body:
  %x = phi i32 [ %inc, %loop ], [ 5, %dead ]
  %done = icmp eq i32 %x, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %x
}

define i32 @switch_backedges(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %inc, %h ], [ %inc, %h ], [ %inc, %h ]
  %inc = add i32 %i, 1
  switch i32 %inc, label %exit [
    i32 1, label %h
    i32 2, label %h
    i32 3, label %h
  ]

exit:
  ret i32 %inc
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
