declare void @llvm.gcroot(ptr, ptr)
define void @f(ptr %p) gc "shadow-stack" {
  call void @llvm.gcroot(ptr %p, ptr null)
  ret void
}
