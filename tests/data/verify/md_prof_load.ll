define void @f(ptr %p) {
  %v = load i32, ptr %p, !prof !0
  ret void
}
!0 = !{!"branch_weights", i32 1}
