declare void @g()
define void @f() {
  call void @g() [ "gc-live"(), "gc-live"() ]
  ret void
}
