declare void @llvm.assume(i1)
define void @f(ptr %p) {
  call void @llvm.assume(i1 true) [ "bogus"(ptr %p) ]
  ret void
}
