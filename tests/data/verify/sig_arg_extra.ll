declare i32 @llvm.umax.i32(i32, i32, i32)
define i32 @f(i32 %a) {
  %r = call i32 @llvm.umax.i32(i32 %a, i32 %a, i32 %a)
  ret i32 %r
}
