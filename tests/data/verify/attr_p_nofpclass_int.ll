define void @f(i32 nofpclass(nan) %x) {
  ret void
}
