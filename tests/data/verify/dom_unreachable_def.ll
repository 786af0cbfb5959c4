define i32 @f() {
entry:
  br label %b
dead:
  %x = add i32 1, 2
  br label %b
b:
  ret i32 %x
}
