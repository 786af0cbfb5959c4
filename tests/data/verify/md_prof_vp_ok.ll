define void @f(ptr %p) {
  call void @g(), !prof !0
  ret void
}
!0 = !{!"VP", i32 0, i64 1}
declare void @g()
