define i64 @f(i32 returned %a) {
  ret i64 0
}
