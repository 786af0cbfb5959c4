define void @f(i32 initializes((0, 4)) %a) {
  ret void
}
