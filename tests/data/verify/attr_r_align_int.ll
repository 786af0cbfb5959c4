define align 4 i32 @f() {
  ret i32 0
}
