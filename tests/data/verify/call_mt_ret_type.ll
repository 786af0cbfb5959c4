declare i32 @g()
define void @f() {
  %r = musttail call i32 @g()
  ret void
}
