define void @f(i32 noalias %x) {
  ret void
}
