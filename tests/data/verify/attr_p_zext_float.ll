define void @f(float zeroext %x) {
  ret void
}
