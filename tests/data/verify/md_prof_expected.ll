define void @f(ptr %p) {
  br label %b, !prof !0
b:
  ret void
}
!0 = !{!"branch_weights", !"expected", i32 1}
