source_filename = "tests/data/opt/adce-cfg.ll"

define i32 @dead_diamond(i1 %c, i32 %x) {
entry:
  %b.reg2mem = alloca i32, align 4
  %a.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  %unused = add i32 %x, 1
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %x, 3
  store i32 %a, ptr %a.reg2mem, align 4
  %a.reload = load i32, ptr %a.reg2mem, align 4
  br label %join

else:
  %b = sub i32 %x, 3
  store i32 %b, ptr %b.reg2mem, align 4
  %b.reload = load i32, ptr %b.reg2mem, align 4
  br label %join

join:
  ret i32 %x
}

define i32 @live_phi(i1 %c, i32 %x) {
entry:
  %a.reg2mem = alloca i32, align 4
  %p.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  br i1 %c, label %then, label %entry.join_crit_edge

entry.join_crit_edge:
  store i32 0, ptr %p.reg2mem, align 4
  br label %join

then:
  %a = mul i32 %x, 3
  store i32 %a, ptr %a.reg2mem, align 4
  %a.reload = load i32, ptr %a.reg2mem, align 4
  store i32 %a.reload, ptr %p.reg2mem, align 4
  br label %join

join:
  %p.reload = load i32, ptr %p.reg2mem, align 4
  ret i32 %p.reload
}

define void @switch_dups(i32 %v, ptr %q) {
entry:
  %o.reg2mem = alloca i32, align 4
  %t.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  switch i32 %v, label %entry.other_crit_edge [
    i32 0, label %entry.target_crit_edge
    i32 1, label %entry.target_crit_edge1
    i32 2, label %entry.other_crit_edge2
  ]

entry.other_crit_edge2:
  store i32 5, ptr %o.reg2mem, align 4
  br label %other

entry.target_crit_edge1:
  store i32 1, ptr %t.reg2mem, align 4
  br label %target

entry.target_crit_edge:
  store i32 1, ptr %t.reg2mem, align 4
  br label %target

entry.other_crit_edge:
  store i32 5, ptr %o.reg2mem, align 4
  br label %other

target:
  %t.reload = load i32, ptr %t.reg2mem, align 4
  store i32 %t.reload, ptr %q, align 4
  ret void

other:
  %o.reload = load i32, ptr %o.reg2mem, align 4
  %c = icmp eq i32 %o.reload, %v
  br i1 %c, label %other.target_crit_edge, label %done

other.target_crit_edge:
  store i32 7, ptr %t.reg2mem, align 4
  br label %target

done:
  ret void
}

define i32 @two_exits(i32 %n, ptr %p) {
entry:
  %i.next.reg2mem = alloca i32, align 4
  %s.next.reg2mem = alloca i32, align 4
  %v.reg2mem = alloca i32, align 4
  %s.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %r.reg2mem = alloca i32, align 4
  %s.reg2mem5 = alloca i32, align 4
  %i.reg2mem7 = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %s.reg2mem5, align 4
  store i32 0, ptr %i.reg2mem7, align 4
  br label %loop

loop:
  %i.reload8 = load i32, ptr %i.reg2mem7, align 4
  %s.reload6 = load i32, ptr %s.reg2mem5, align 4
  store i32 %i.reload8, ptr %i.reg2mem, align 4
  store i32 %s.reload6, ptr %s.reg2mem, align 4
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %v.reg2mem, align 4
  %v.reload3 = load i32, ptr %v.reg2mem, align 4
  %c1 = icmp eq i32 %v.reload3, 0
  br i1 %c1, label %loop.exit_crit_edge, label %latch

loop.exit_crit_edge:
  %s.reload = load i32, ptr %s.reg2mem, align 4
  store i32 %s.reload, ptr %r.reg2mem, align 4
  br label %exit

latch:
  %v.reload = load i32, ptr %v.reg2mem, align 4
  %s.reload4 = load i32, ptr %s.reg2mem, align 4
  %s.next = add i32 %s.reload4, %v.reload
  store i32 %s.next, ptr %s.next.reg2mem, align 4
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  %c2 = icmp slt i32 %i.next.reload, %n
  br i1 %c2, label %latch.loop_crit_edge, label %exitsplit

latch.loop_crit_edge:
  %i.next.reload1 = load i32, ptr %i.next.reg2mem, align 4
  %s.next.reload2 = load i32, ptr %s.next.reg2mem, align 4
  store i32 %s.next.reload2, ptr %s.reg2mem5, align 4
  store i32 %i.next.reload1, ptr %i.reg2mem7, align 4
  br label %loop

exitsplit:
  %s.next.reload = load i32, ptr %s.next.reg2mem, align 4
  store i32 %s.next.reload, ptr %r.reg2mem, align 4
  br label %exit

exit:
  %r.reload = load i32, ptr %r.reg2mem, align 4
  ret i32 %r.reload
}

define void @spin(i1 %c) {
entry:
  %"reg2mem alloca point" = bitcast i32 0 to i32
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
  %i.next.reg2mem = alloca i32, align 4
  %i.reg2mem = alloca i32, align 4
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 0, ptr %i.reg2mem, align 4
  br label %loop

loop:
  %i.reload = load i32, ptr %i.reg2mem, align 4
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %i.next.reg2mem, align 4
  %i.next.reload = load i32, ptr %i.next.reg2mem, align 4
  %c = icmp slt i32 %i.next.reload, %n
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:
  %i.next.reload1 = load i32, ptr %i.next.reg2mem, align 4
  store i32 %i.next.reload1, ptr %i.reg2mem, align 4
  br label %loop

exit:
  ret i32 %n
}
