define void @f() vscale_range(3,4) {
  ret void
}
