define i32 @f(i32 %x) {
entry:
  ret i32 0
b:
  %y = add i32 %y, 1
  br label %b
}
