declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i64, i1)
define void @f(ptr %a, ptr %b) {
  call void @llvm.memcpy.p0.p0.i32(ptr %a, ptr %b, i64 4, i1 false)
  ret void
}
