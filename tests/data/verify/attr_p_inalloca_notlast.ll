define void @f(ptr inalloca(i32) %a, i32 %b) {
  ret void
}
