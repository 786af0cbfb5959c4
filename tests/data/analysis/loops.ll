; Loops: nested, several latches, several exits, self loops, an
; irreducible cycle (no loop), loops in unreachable code (no loop),
; sibling loops, a loop whose header is the target of a switch.

define void @nested(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %jc = icmp slt i32 %j.next, %n
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %ic = icmp slt i32 %i.next, %n
  br i1 %ic, label %outer, label %exit
exit:
  ret void
}

define void @latches_and_exits(i32 %n, i1 %c) {
entry:
  br label %h
h:
  br i1 %c, label %a, label %b
a:
  br i1 %c, label %h, label %out1
b:
  switch i32 %n, label %h [ i32 0, label %out2
                            i32 1, label %h
                            i32 2, label %a ]
out1:
  ret void
out2:
  ret void
}

define void @irreducible(i1 %c) {
entry:
  br i1 %c, label %x, label %y
x:
  br i1 %c, label %y, label %exit
y:
  br label %x
exit:
  ret void
}

define void @irreducible_inside_loop(i1 %c, i1 %d) {
entry:
  br label %h
h:
  br i1 %c, label %x, label %y
x:
  br i1 %d, label %y, label %latch
y:
  br i1 %d, label %x, label %latch
latch:
  br i1 %c, label %h, label %exit
exit:
  ret void
}

define void @dead_loop() {
entry:
  ret void
d1:
  br label %d2
d2:
  br label %d1
}

define void @siblings(i32 %n) {
entry:
  br label %l1
l1:
  %a = phi i32 [ 0, %entry ], [ %a1, %l1 ]
  %a1 = add i32 %a, 1
  %c1 = icmp slt i32 %a1, %n
  br i1 %c1, label %l1, label %mid
mid:
  br label %l2
l2:
  %b = phi i32 [ 0, %mid ], [ %b1, %l2.body ]
  br label %l2.body
l2.body:
  %b1 = add i32 %b, 1
  %c2 = icmp slt i32 %b1, %n
  br i1 %c2, label %l2, label %l3
l3:
  br i1 %c2, label %l3, label %end
end:
  ret void
}

define void @triple_nest(i1 %t) {
entry:
  br label %a
a:
  br label %b
b:
  br label %c
c:
  br i1 %t, label %c, label %c.exit
c.exit:
  br i1 %t, label %b, label %b.exit
b.exit:
  br i1 %t, label %a, label %done
done:
  ret void
}

define void @"quoted names"(i1 %c) {
"entry block":
  br label %"loop 1"
"loop 1":
  br i1 %c, label %"loop 1", label %0
0:
  br label %1
1:
  br i1 %c, label %1, label %"2"
"2":
  ret void
}

define void @unnamed(i1 %0) {
  br label %2
2:
  br i1 %0, label %2, label %3
3:
  ret void
}

define void @parallel(i32 %n, ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load i32, ptr %p, align 4, !llvm.access.group !1
  store i32 %v, ptr %p, align 4, !llvm.mem.parallel_loop_access !0
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  br label %loop2
loop2:
  %k = phi i32 [ 0, %exit ], [ %k1, %loop2 ]
  store i32 %k, ptr %p, align 4
  %k1 = add i32 %k, 1
  %c2 = icmp slt i32 %k1, %n
  br i1 %c2, label %loop2, label %exit2, !llvm.loop !3
exit2:
  br label %loop3
loop3:
  %m = phi i32 [ 0, %exit2 ], [ %m1, %loop3 ]
  %m1 = add i32 %m, 1
  %c3 = icmp slt i32 %m1, %n
  br i1 %c3, label %loop3, label %done, !llvm.loop !4
done:
  ret void
}

!0 = distinct !{!0, !2}
!1 = distinct !{}
!2 = !{!"llvm.loop.parallel_accesses", !1}
!3 = distinct !{!3, !2}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
