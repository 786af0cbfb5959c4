declare void @llvm.va_start.p0()
define void @f() {
  call void @llvm.va_start.p0()
  ret void
}
