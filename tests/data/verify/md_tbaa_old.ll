define void @f(ptr %p) {
  %v = load i32, ptr %p, !tbaa !0
  ret void
}
!0 = !{!"int", !1}
!1 = !{!"root"}
