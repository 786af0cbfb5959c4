define void @f(i32 nonnull %x) {
  ret void
}
