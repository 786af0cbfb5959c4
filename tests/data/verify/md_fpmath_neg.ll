define void @f(ptr %p) {
  %v = fadd float 1.0, 2.0, !fpmath !0
  ret void
}
!0 = !{float -2.5}
