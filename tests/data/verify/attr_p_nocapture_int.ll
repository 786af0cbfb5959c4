define void @f(i32 nocapture %x) {
  ret void
}
