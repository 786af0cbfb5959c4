define i32 @f(i1 %c) {
entry:
  br label %j
dead:
  %x = add i32 1, 2
  br label %j
j:
  %p = phi i32 [ 0, %entry ], [ %x, %dead ]
  ret i32 %p
}
