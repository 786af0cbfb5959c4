define i32 @f(i1 %c) {
entry:
  br label %l
l:
  %p = phi i32 [ 0, %entry ], [ %p, %l ]
  br i1 %c, label %l, label %e
e:
  ret i32 %p
}
