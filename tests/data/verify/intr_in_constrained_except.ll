declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
define float @f(float %x) strictfp {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %x, float %x, metadata !"round.dynamic", metadata !"fpexcept.bad") strictfp
  ret float %r
}
