declare void @g()
define void @f(ptr %p) {
  call void @g() [ "cfguardtarget"(ptr %p), "cfguardtarget"(ptr %p) ]
  ret void
}
