define void @f(ptr byval([5000000000 x i8]) %x) {
  ret void
}
