define void @f(ptr %p) {
  call void @g(), !memprof !0
  ret void
}
!0 = !{!1}
!1 = !{!"a", !"cold"}
declare void @g()
