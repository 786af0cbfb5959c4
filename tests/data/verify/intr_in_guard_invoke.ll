declare void @llvm.experimental.guard(i1, ...)
define void @f(i1 %c) {
  call void (i1, ...) @llvm.experimental.guard(i1 %c)
  ret void
}
