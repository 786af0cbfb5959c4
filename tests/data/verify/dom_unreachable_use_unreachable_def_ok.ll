define i32 @f() {
entry:
  ret i32 0
d1:
  %x = add i32 1, 2
  br label %d2
d2:
  %y = add i32 %x, %z
  br label %d3
d3:
  %z = add i32 %y, 1
  br label %d2
}
