declare void @g(...)
define void @f() {
  call void (...) @g(i32 nonnull 0)
  ret void
}
