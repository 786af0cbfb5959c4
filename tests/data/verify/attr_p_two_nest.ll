define void @f(ptr nest %a, ptr nest %b) {
  ret void
}
