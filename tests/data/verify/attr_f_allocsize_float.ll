define void @f(float %a) allocsize(0) {
  ret void
}
