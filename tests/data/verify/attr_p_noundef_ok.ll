define void @f(i32 noundef %x) {
  ret void
}
