define void @f(ptr %p) {
  br label %b, !prof !0
b:
  ret void
}
!0 = !{!"branch_weights", i32 1, i32 2}
