define void @f(ptr %p) {
  %v = add i32 1, 2, !fpmath !0
  ret void
}
!0 = !{float 2.5}
