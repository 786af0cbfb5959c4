declare i32 @llvm.umax.i32(i32, i64)
define i32 @f(i32 %a) {
  %r = call i32 @llvm.umax.i32(i32 %a, i64 0)
  ret i32 %r
}
