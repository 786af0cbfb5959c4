define void @f(ptr inreg byref(i32) %x) {
  ret void
}
