declare i1 @llvm.is.fpclass.f32(float, i32 immarg)
define i1 @f(float %x) {
  %r = call i1 @llvm.is.fpclass.f32(float %x, i32 4096)
  ret i1 %r
}
