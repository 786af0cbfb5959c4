declare void @g(...)
define void @f(ptr %p) {
  call void (...) @g(ptr inalloca(i32) %p, i32 0)
  ret void
}
