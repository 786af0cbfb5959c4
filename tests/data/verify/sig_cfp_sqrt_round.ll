declare float @llvm.experimental.constrained.sqrt.f32(float, metadata, metadata)
define float @f(float %a) strictfp {
  %r = call float @llvm.experimental.constrained.sqrt.f32(float %a, metadata !"round.sideways", metadata !"fpexcept.strict") strictfp
  ret float %r
}
