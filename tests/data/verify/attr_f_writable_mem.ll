define void @f(ptr writable %p) memory(read) {
  ret void
}
