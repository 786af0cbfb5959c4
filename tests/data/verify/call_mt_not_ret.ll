declare void @g()
define void @f() {
  musttail call void @g()
  %x = add i32 1, 2
  ret void
}
