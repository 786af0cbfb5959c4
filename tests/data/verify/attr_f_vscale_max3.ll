define void @f() vscale_range(2,6) {
  ret void
}
