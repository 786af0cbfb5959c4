define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %j
a:
  br label %j
dead:
  %x = add i32 1, 2
  br label %j
j:
  %p = phi i32 [ 0, %entry ], [ %x, %a ], [ %x, %dead ]
  ret i32 %p
}
