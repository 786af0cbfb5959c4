define void @f(i32 byval(i32) %x) {
  ret void
}
