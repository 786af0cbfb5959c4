declare float @llvm.fma.f32(float, float, double)
define float @f(float %a) {
  %r = call float @llvm.fma.f32(float %a, float %a, double 0.0)
  ret float %r
}
