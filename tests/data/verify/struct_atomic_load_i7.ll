define i7 @f(ptr %p) {
  %v = load atomic i7, ptr %p seq_cst, align 1
  ret i7 %v
}
