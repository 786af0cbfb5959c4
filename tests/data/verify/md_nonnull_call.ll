define void @f(ptr %p) {
  %v = call ptr @g(), !nonnull !0
  ret void
}
!0 = !{}
declare ptr @g()
