define spir_kernel i32 @f() {
  ret i32 0
}
