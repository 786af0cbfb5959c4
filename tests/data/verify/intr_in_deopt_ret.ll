declare i32 @llvm.experimental.deoptimize.i32(...)
define i32 @f() {
  %r = call i32 (...) @llvm.experimental.deoptimize.i32() [ "deopt"() ]
  ret i32 0
}
