; Intrinsics called without a declaration: LLVM 19 declares them from the
; name and the call's types (old typed-pointer manglings are renamed).
define void @f(i8* %d, i8* %s, i64 %n, i32 %x, float %y) {
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memset.p0i8.i64(i8* %d, i8 0, i64 %n, i1 false)
  %c = call i32 @llvm.ctpop.i32(i32 %x)
  %a = call i32 @llvm.abs.i32(i32 %c, i1 true)
  %s1 = call float @llvm.sqrt.f32(float %y)
  %m = call float @llvm.maxnum.f32(float %s1, float %y)
  %o = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %x)
  call void @llvm.lifetime.start.p0(i64 4, ptr %d)
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %d)
  %t = call ptr @llvm.stacksave()
  call void @llvm.stackrestore(ptr %t)
  call void @llvm.trap()
  unreachable
}
