define void @f(ptr writable readonly %x) {
  ret void
}
