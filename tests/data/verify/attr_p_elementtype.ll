define void @f(ptr elementtype(i32) %a) {
  ret void
}
