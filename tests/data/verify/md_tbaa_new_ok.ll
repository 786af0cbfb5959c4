define void @f(ptr %p) {
  %v = load i32, ptr %p, !tbaa !0
  ret void
}
!0 = !{!1, !1, i64 0, i64 4}
!1 = !{!2, i64 4, !"int"}
!2 = !{!"root"}
