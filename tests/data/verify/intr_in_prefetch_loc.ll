declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)
define void @f(ptr %p) {
  call void @llvm.prefetch.p0(ptr %p, i32 0, i32 4, i32 1)
  ret void
}
