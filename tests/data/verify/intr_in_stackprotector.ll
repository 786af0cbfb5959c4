declare void @llvm.stackprotector(ptr, ptr)
define void @f(ptr %p) {
  call void @llvm.stackprotector(ptr null, ptr %p)
  ret void
}
