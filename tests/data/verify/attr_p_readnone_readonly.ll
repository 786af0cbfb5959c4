define void @f(ptr readnone readonly %x) {
  ret void
}
