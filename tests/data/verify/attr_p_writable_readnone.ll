define void @f(ptr writable readnone %x) {
  ret void
}
