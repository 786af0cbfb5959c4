declare fastcc void @g()
define void @f() {
  musttail call fastcc void @g()
  ret void
}
