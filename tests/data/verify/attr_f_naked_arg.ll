define void @f(i32 %x) naked {
  %y = add i32 %x, 1
  ret void
}
