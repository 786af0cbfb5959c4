define void @f() vscale_range(0,2) {
  ret void
}
