define void @f(ptr %p) {
  %v = load ptr, ptr %p, !dereferenceable !0
  ret void
}
!0 = !{i32 4}
