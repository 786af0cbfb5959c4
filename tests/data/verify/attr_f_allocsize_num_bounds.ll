define void @f(i32 %a) allocsize(0, 3) {
  ret void
}
