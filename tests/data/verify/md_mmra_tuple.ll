define void @f(ptr %p) {
  %v = load i32, ptr %p, !mmra !0
  ret void
}
!0 = !{!1, !"x"}
!1 = !{!"a", !"b"}
