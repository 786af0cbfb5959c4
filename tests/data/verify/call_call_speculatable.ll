declare void @g()
define void @f() {
  call void @g() speculatable
  ret void
}
