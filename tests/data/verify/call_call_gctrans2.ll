declare void @g()
define void @f() {
  call void @g() [ "gc-transition"(), "gc-transition"() ]
  ret void
}
