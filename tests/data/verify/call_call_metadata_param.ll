declare void @g(metadata)
define void @f() {
  call void @g(metadata !{})
  ret void
}
