declare void @g()
define void @f() {
  call void @g() [ "preallocated"() ]
  ret void
}
