declare float @llvm.experimental.constrained.maxnum.f32(float, float, metadata)
define float @f(float %a) strictfp {
  %r = call float @llvm.experimental.constrained.maxnum.f32(float %a, float %a, metadata !"fpexcept.ignore") strictfp
  ret float %r
}
