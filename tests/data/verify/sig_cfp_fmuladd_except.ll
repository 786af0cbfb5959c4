declare float @llvm.experimental.constrained.fmuladd.f32(float, float, float, metadata, metadata)
define float @f(float %a) strictfp {
  %r = call float @llvm.experimental.constrained.fmuladd.f32(float %a, float %a, float %a, metadata !"round.dynamic", metadata !"fpexcept.never") strictfp
  ret float %r
}
