declare void @g()
define void @f() {
  call void @g() [ "cfguardtarget"() ]
  ret void
}
