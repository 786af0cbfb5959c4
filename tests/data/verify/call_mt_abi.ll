declare void @g(ptr)
define void @f(ptr byval(i32) %p) {
  musttail call void @g(ptr %p)
  ret void
}
