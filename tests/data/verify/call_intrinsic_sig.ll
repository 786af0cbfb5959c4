declare void @llvm.trap()
define void @f() {
  call void @llvm.trap(i32 0)
  ret void
}
