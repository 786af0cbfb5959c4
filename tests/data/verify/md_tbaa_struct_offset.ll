define void @f(ptr %p) {
  %v = load i32, ptr %p, !tbaa !0
  ret void
}
!0 = !{!3, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}
!3 = !{!"S", !1, !"x"}
