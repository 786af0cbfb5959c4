declare tailcc void @g(i32 inreg)
define tailcc void @f(i32 %x) {
  musttail call tailcc void @g(i32 inreg %x)
  ret void
}
