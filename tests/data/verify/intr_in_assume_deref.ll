declare void @llvm.assume(i1)
define void @f(ptr %p, i64 %n) {
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %p, i64 %n) ]
  ret void
}
