define void @f(i32 %a, i32 %b, ptr sret(i32) %c) {
  ret void
}
