declare void @llvm.localescape(...)
declare ptr @llvm.localrecover(ptr, ptr, i32 immarg)
define void @f() {
  %a = alloca i32
  call void (...) @llvm.localescape(ptr %a)
  ret void
}
define void @g(ptr %fp) {
  %p = call ptr @llvm.localrecover(ptr @f, ptr %fp, i32 1)
  ret void
}
