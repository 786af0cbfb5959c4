declare void @llvm.memcpy.p0.p0.i64(ptr, i64, i64, i1)
define void @f(ptr %p) {
  call void @llvm.memcpy.p0.p0.i64(ptr %p, i64 0, i64 4, i1 false)
  ret void
}
