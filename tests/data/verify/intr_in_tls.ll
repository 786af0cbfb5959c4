declare ptr @llvm.threadlocal.address.p0(ptr)
@g = global i32 0
define ptr @f() {
  %r = call ptr @llvm.threadlocal.address.p0(ptr @g)
  ret ptr %r
}
