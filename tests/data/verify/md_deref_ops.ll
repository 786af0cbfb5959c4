define void @f(ptr %p) {
  %v = load ptr, ptr %p, !dereferenceable_or_null !0
  ret void
}
!0 = !{i64 4, i64 8}
