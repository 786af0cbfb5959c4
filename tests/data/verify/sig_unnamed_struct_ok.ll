%0 = type { i32 }
declare %0 @llvm.ssa.copy.s_s(%0)
define %0 @f(%0 %a) {
  %r = call %0 @llvm.ssa.copy.s_s(%0 %a)
  ret %0 %r
}
