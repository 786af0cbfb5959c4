define void @f(ptr readnone writeonly %x) {
  ret void
}
