declare void @g(i32)
define void @f() {
  musttail call void @g(i32 0)
  ret void
}
