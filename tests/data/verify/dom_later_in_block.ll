define i32 @f(i32 %a) {
entry:
  %y = mul i32 %z, 2
  %z = add i32 %a, 1
  ret i32 %y
}
