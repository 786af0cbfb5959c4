declare void @g()
define void @f() {
  call void @g() [ "preallocated"(token none) ]
  ret void
}
