source_filename = "tests/data/opt/loops.ll"

define i32 @no_preheader(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %loop.preheader

b:
  br label %loop.preheader

loop.preheader:
  %i.ph = phi i32 [ 1, %b ], [ 0, %a ]
  br label %loop

loop:
  %i = phi i32 [ %inc, %loop ], [ %i.ph, %loop.preheader ]
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
  %i = phi i32 [ 0, %entry ], [ %i.be, %h.backedge ]
  %k = phi i32 [ 7, %entry ], [ 3, %h.backedge ]
  %x = add i32 %i, 1
  %c1 = icmp slt i32 %x, %n
  br i1 %c1, label %l1, label %m

l1:
  br label %h.backedge

h.backedge:
  %i.be = phi i32 [ %x, %l1 ], [ %y, %l2 ]
  br label %h, !llvm.loop !0

m:
  %y = add i32 %i, 2
  %c2 = icmp slt i32 %y, %n
  br i1 %c2, label %l2, label %exit

l2:
  br label %h.backedge

exit:
  %r = add i32 %y, %k
  ret i32 %r
}

define i32 @shared_exit(i1 %c, i32 %n) {
entry:
  br i1 %c, label %loop.preheader, label %out

loop.preheader:
  br label %loop

loop:
  %i = phi i32 [ %inc, %loop ], [ 0, %loop.preheader ]
  %inc = add i32 %i, 1
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %out.loopexit, label %loop

out.loopexit:
  br label %out

out:
  %v = phi i32 [ -1, %entry ], [ %inc, %out.loopexit ]
  ret i32 %v
}

define i32 @nested_shared_header(i32 %n, i32 %m) {
entry:
  br label %h.outer

h.outer:
  %i.ph = phi i32 [ %i.next, %outer.latch ], [ 0, %entry ]
  br label %h

h:
  %j = phi i32 [ %j.next, %inner.latch ], [ 0, %h.outer ]
  %j.next = add i32 %j, 1
  %ci = icmp slt i32 %j.next, %m
  br i1 %ci, label %inner.latch, label %outer.latch

inner.latch:
  br label %h

outer.latch:
  %i.next = add i32 %i.ph, 1
  %co = icmp slt i32 %i.next, %n
  br i1 %co, label %h.outer, label %exit

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
  br i1 %c, label %loop.preheader, label %exit

loop.preheader:
  br label %loop

loop:
  %i = phi i32 [ %inc, %loop ], [ 0, %loop.preheader ]
  %inc = add i32 %i, 1
  indirectbr ptr %p, [label %loop, label %exit]

exit:
  %r = phi i32 [ 0, %entry ], [ %inc, %loop ]
  ret i32 %r
}

define i32 @callbr_entry(i32 %n) {
entry:
  callbr void asm "", "!i"()
          to label %loop.preheader [label %other]

other:
  br label %loop.preheader

loop.preheader:
  %i.ph = phi i32 [ 1, %other ], [ 0, %entry ]
  br label %loop

loop:
  %i = phi i32 [ %inc, %loop ], [ %i.ph, %loop.preheader ]
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
  br i1 %ci, label %outer, label %done.loopexit

early:
  br label %done

done.loopexit:
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
  br i1 false, label %loop, label %exit

exit:
  ret i32 %inc
}

define i32 @dead_edge(i32 %n) {
entry:
  br label %loop

dead:                                             ; No predecessors!
  unreachable

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %inc = add i32 %i, 1
  br label %body

body:
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %inc
}

define i32 @switch_backedges(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %inc, %h.backedge ]
  %inc = add i32 %i, 1
  switch i32 %inc, label %exit [
    i32 1, label %h.backedge
    i32 2, label %h.backedge
    i32 3, label %h.backedge
  ]

h.backedge:
  br label %h

exit:
  ret i32 %inc
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
