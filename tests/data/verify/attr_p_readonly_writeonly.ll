define void @f(ptr readonly writeonly %x) {
  ret void
}
