declare void @g()
define void @f() {
  call void @g() [ "deopt"(), "deopt"() ]
  ret void
}
