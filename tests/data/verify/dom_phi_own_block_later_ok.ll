define i32 @f(i32 %a) {
entry:
  br label %h
h:
  %p = phi i32 [ %a, %entry ], [ %q, %h ]
  %q = add i32 %p, 1
  %c = icmp slt i32 %q, 10
  br i1 %c, label %h, label %e
e:
  ret i32 %q
}
