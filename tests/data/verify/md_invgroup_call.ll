define void @f(ptr %p) {
  call void @g(), !invariant.group !0
  ret void
}
!0 = !{}
declare void @g()
