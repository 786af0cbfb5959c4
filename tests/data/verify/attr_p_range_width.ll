define void @f(i32 range(i8 0, 5) %x) {
  ret void
}
