define void @f(ptr %p) {
  %v = load i32, ptr %p, !memprof !0
  ret void
}
!0 = !{}
