define void @f(ptr %p) {
  call void @g(), !memprof !0
  ret void
}
!0 = !{!1}
!1 = !{!2, !{}}
!2 = !{i64 1}
declare void @g()
