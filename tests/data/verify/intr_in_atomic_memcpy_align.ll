declare void @llvm.memcpy.element.unordered.atomic.p0.p0.i64(ptr, ptr, i64, i32 immarg)
define void @f(ptr %a, ptr %b) {
  call void @llvm.memcpy.element.unordered.atomic.p0.p0.i64(ptr align 2 %a, ptr align 4 %b, i64 16, i32 4)
  ret void
}
