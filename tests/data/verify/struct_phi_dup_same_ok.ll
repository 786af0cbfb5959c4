define i32 @f(i1 %c) {
entry:
  br i1 %c, label %b, label %b
b:
  %p = phi i32 [ 0, %entry ], [ 0, %entry ]
  ret i32 %p
}
