declare void @llvm.localescape(...)
define void @f(ptr %p) {
  call void (...) @llvm.localescape(ptr %p)
  ret void
}
