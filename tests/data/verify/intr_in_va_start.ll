declare void @llvm.va_start.p0(ptr)
define void @f(ptr %p) {
  call void @llvm.va_start.p0(ptr %p)
  ret void
}
