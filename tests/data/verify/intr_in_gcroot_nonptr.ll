declare void @llvm.gcroot(ptr, ptr)
define void @f() gc "shadow-stack" {
  %a = alloca i32
  call void @llvm.gcroot(ptr %a, ptr null)
  ret void
}
