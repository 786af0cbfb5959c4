define void @f(ptr %p) {
  call void asm "", "=*m"(ptr elementtype(i32) %p)
  ret void
}
