define void @f(ptr %p) {
  %v = load <2 x i32>, ptr %p, !range !0
  ret void
}
!0 = !{i32 0, i32 10}
