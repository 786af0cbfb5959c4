declare void @h()
declare ptr @llvm.localrecover(ptr, ptr, i32 immarg)
define void @g(ptr %fp) {
  %p = call ptr @llvm.localrecover(ptr @h, ptr %fp, i32 0)
  ret void
}
