define i32 @f() {
entry:
  ret i32 0
dead:
  %y = mul i32 %z, 2
  %z = add i32 %y, 1
  br label %dead
}
