source_filename = "tests/data/opt/adce-cfg.ll"

define i32 @dead_diamond(i1 %c, i32 %x) {
entry:
  %unused = add i32 %x, 1
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %x, 3
  br label %join

else:
  %b = sub i32 %x, 3
  br label %join

join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %x
}

define i32 @live_phi(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %entry.join_crit_edge

entry.join_crit_edge:
  br label %join

then:
  %a = mul i32 %x, 3
  br label %join

join:
  %p = phi i32 [ %a, %then ], [ 0, %entry.join_crit_edge ]
  ret i32 %p
}

define void @switch_dups(i32 %v, ptr %q) {
entry:
  switch i32 %v, label %entry.other_crit_edge [
    i32 0, label %entry.target_crit_edge
    i32 1, label %entry.target_crit_edge1
    i32 2, label %entry.other_crit_edge2
  ]

entry.other_crit_edge2:
  br label %other

entry.target_crit_edge1:
  br label %target

entry.target_crit_edge:
  br label %target

entry.other_crit_edge:
  br label %other

target:
  %t = phi i32 [ 1, %entry.target_crit_edge ], [ 1, %entry.target_crit_edge1 ], [ 7, %other.target_crit_edge ]
  store i32 %t, ptr %q, align 4
  ret void

other:
  %o = phi i32 [ 5, %entry.other_crit_edge ], [ 5, %entry.other_crit_edge2 ]
  %c = icmp eq i32 %o, %v
  br i1 %c, label %other.target_crit_edge, label %done

other.target_crit_edge:
  br label %target

done:
  ret void
}

define i32 @two_exits(i32 %n, ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch.loop_crit_edge ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch.loop_crit_edge ]
  %v = load i32, ptr %p, align 4
  %c1 = icmp eq i32 %v, 0
  br i1 %c1, label %loop.exit_crit_edge, label %latch

loop.exit_crit_edge:
  br label %exit

latch:
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c2 = icmp slt i32 %i.next, %n
  br i1 %c2, label %latch.loop_crit_edge, label %latch.exit_crit_edge

latch.exit_crit_edge:
  br label %exit

latch.loop_crit_edge:
  br label %loop

exit:
  %r = phi i32 [ %s, %loop.exit_crit_edge ], [ %s.next, %latch.exit_crit_edge ]
  ret i32 %r
}

define void @spin(i1 %c) {
entry:
  br i1 %c, label %entry.forever_crit_edge, label %out

entry.forever_crit_edge:
  br label %forever

forever:
  %x = add i32 0, 1
  br label %forever

out:
  ret void
}

define i32 @dead_loop(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop.loop_crit_edge ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:
  br label %loop

exit:
  ret i32 %n
}
