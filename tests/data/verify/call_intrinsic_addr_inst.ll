declare void @llvm.trap()
define ptr @f() {
  %p = getelementptr i8, ptr @llvm.trap, i64 0
  ret ptr %p
}
