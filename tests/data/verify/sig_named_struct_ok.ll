%s = type { i32 }
declare %s @llvm.ssa.copy.s_s(%s)
define %s @f(%s %a) {
  %r = call %s @llvm.ssa.copy.s_s(%s %a)
  ret %s %r
}
