define void @f(ptr %p) {
  store atomic i7 0, ptr %p seq_cst, align 1
  ret void
}
