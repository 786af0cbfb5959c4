define i32 @f(i32 %x) {
entry:
  br label %b
b:
  %y = add i32 %y, 1
  br label %b
}
