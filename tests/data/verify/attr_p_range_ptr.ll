define void @f(ptr range(i8 0, 5) %x) {
  ret void
}
