declare i32 @llvm.experimental.deoptimize.i32(...)
define void @f() {
  %r = call i32 (...) @llvm.experimental.deoptimize.i32() [ "deopt"() ]
  ret void
}
