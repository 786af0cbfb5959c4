define void @f() vscale_range(8,4) {
  ret void
}
