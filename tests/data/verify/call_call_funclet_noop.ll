declare void @g()
define void @f() {
  call void @g() [ "funclet"() ]
  ret void
}
