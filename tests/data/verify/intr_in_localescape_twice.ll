declare void @llvm.localescape(...)
define void @f() {
  %a = alloca i32
  call void (...) @llvm.localescape(ptr %a)
  call void (...) @llvm.localescape(ptr %a)
  ret void
}
