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
  br i1 %c, label %then, label %join

then:
  %a = mul i32 %x, 3
  br label %join

join:
  %p = phi i32 [ %a, %then ], [ 0, %entry ]
  ret i32 %p
}

define void @switch_dups(i32 %v, ptr %q) {
entry:
  switch i32 %v, label %other [
    i32 0, label %target
    i32 1, label %target
    i32 2, label %other
  ]

target:
  %t = phi i32 [ 1, %entry ], [ 1, %entry ], [ 7, %other ]
  store i32 %t, ptr %q, align 4
  ret void

other:
  %o = phi i32 [ 5, %entry ], [ 5, %entry ]
  %c = icmp eq i32 %o, %v
  br i1 %c, label %target, label %done

done:
  ret void
}

define i32 @two_exits(i32 %n, ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %v = load i32, ptr %p, align 4
  %c1 = icmp eq i32 %v, 0
  br i1 %c1, label %exit, label %latch

latch:
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c2 = icmp slt i32 %i.next, %n
  br i1 %c2, label %loop, label %exit

exit:
  %r = phi i32 [ %s, %loop ], [ %s.next, %latch ]
  ret i32 %r
}

define void @spin(i1 %c) {
entry:
  br i1 %c, label %forever, label %out

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
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %n
}
