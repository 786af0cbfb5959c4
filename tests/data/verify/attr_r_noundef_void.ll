define noundef void @f() {
  ret void
}
