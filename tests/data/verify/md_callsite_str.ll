define void @f(ptr %p) {
  call void @g(), !callsite !0
  ret void
}
!0 = !{!"x"}
declare void @g()
