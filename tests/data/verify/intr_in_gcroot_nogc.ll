declare void @llvm.gcroot(ptr, ptr)
define void @f() {
  %a = alloca ptr
  call void @llvm.gcroot(ptr %a, ptr null)
  ret void
}
