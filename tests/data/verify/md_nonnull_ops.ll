define void @f(ptr %p) {
  %v = load ptr, ptr %p, !nonnull !0
  ret void
}
!0 = !{i32 1}
