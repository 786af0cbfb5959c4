define void @f(ptr %p) {
  %v = inttoptr i64 0 to ptr, !align !0
  ret void
}
!0 = !{i64 4}
