declare i32 @llvm.umul.fix.i32(i32, i32, i32 immarg)
define i32 @f(i32 %a) {
  %r = call i32 @llvm.umul.fix.i32(i32 %a, i32 %a, i32 33)
  ret i32 %r
}
