define void @f(ptr %p) {
  %v = load i32, ptr %p, !callsite !0
  ret void
}
!0 = !{i64 1}
