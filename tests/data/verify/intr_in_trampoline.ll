declare void @llvm.init.trampoline(ptr, ptr, ptr)
define void @f(ptr %p) {
  call void @llvm.init.trampoline(ptr %p, ptr %p, ptr %p)
  ret void
}
