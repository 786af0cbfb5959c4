define coldcc void @f(...) {
  ret void
}
