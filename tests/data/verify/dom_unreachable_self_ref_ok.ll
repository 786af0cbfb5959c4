define i32 @f() {
entry:
  ret i32 0
dead:
  %y = add i32 %y, 1
  br label %dead
}
