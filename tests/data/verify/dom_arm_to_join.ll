define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %j
a:
  %x = add i32 1, 2
  br label %j
j:
  %y = add i32 %x, 1
  ret i32 %y
}
