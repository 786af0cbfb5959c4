define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  ret i32 %x
b:
  ret i32 %x
}
