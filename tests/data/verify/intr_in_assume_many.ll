declare void @llvm.assume(i1)
define void @f(ptr %p) {
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p, ptr %p, ptr %p) ]
  ret void
}
