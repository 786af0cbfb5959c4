define void @f() allocsize(0) {
  ret void
}
