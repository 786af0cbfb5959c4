define nofpclass(inf) i32 @f() {
  ret i32 0
}
