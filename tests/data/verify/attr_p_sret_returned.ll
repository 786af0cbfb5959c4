define void @f(ptr sret(i32) returned %x) {
  ret void
}
