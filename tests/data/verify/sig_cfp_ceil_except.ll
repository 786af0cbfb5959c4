declare float @llvm.experimental.constrained.ceil.f32(float, metadata)
define float @f(float %a) strictfp {
  %r = call float @llvm.experimental.constrained.ceil.f32(float %a, metadata !"round.dynamic") strictfp
  ret float %r
}
