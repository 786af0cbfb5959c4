declare void @llvm.assume(i1)
define void @f(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p) ]
  ret void
}
