define void @f(i32 immarg noundef %x) {
  ret void
}
