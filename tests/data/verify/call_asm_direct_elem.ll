define void @f(i32 %p) {
  call void asm "", "r"(i32 elementtype(i32) %p)
  ret void
}
