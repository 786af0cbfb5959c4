define void @f(ptr sret(i32) nest %x) {
  ret void
}
