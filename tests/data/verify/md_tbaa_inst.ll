define void @f(ptr %p) {
  %v = add i32 1, 2, !tbaa !0
  ret void
}
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}
