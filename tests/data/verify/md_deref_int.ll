define void @f(ptr %p) {
  %v = load i32, ptr %p, !dereferenceable !0
  ret void
}
!0 = !{i64 4}
