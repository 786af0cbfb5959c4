define void @f(i32 dereferenceable(4) %x) {
  ret void
}
