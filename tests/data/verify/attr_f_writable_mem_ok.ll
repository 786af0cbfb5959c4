define void @f(ptr writable %p) memory(argmem: write) {
  ret void
}
