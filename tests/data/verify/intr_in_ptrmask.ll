declare ptr @llvm.ptrmask.p0.i32(ptr, i32)
define ptr @f(ptr %p) {
  %r = call ptr @llvm.ptrmask.p0.i32(ptr %p, i32 0)
  ret ptr %r
}
