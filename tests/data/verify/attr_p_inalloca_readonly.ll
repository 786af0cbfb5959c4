define void @f(ptr inalloca(i32) readonly %x) {
  ret void
}
