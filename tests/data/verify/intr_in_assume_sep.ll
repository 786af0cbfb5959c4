declare void @llvm.assume(i1)
define void @f(ptr %p) {
  call void @llvm.assume(i1 true) [ "separate_storage"(ptr %p) ]
  ret void
}
