define void @f(ptr byval(i32) inalloca(i32) %x) {
  ret void
}
