define ptx_device void @f(...) {
  ret void
}
