define void @f() noinline alwaysinline {
  ret void
}
