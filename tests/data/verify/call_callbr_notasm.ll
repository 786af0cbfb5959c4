declare void @g()
define void @f() {
  callbr void @g() to label %a []
a:
  ret void
}
