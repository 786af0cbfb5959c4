define i32 @f() {
entry:
  br label %b
b:
  %x = add i32 1, 2
  %p = phi i32 [ 0, %entry ]
  ret i32 %p
}
