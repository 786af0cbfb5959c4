define x86_intrcc void @f(ptr %p) {
  ret void
}
