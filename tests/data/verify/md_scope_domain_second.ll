define void @f(ptr %p) {
  %v = load i32, ptr %p, !noalias !0
  ret void
}
!0 = !{!1}
!1 = !{!1, !2}
!2 = !{!2, i32 1}
