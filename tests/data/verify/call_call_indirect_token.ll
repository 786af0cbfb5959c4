define void @f(ptr %p) {
  %t = call token %p()
  ret void
}
