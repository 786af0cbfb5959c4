define i32 @f() {
entry:
  ret i32 0
dead:
  %p = phi i32 [ %p, %dead ]
  br label %dead
}
