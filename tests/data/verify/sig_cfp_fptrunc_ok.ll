declare float @llvm.experimental.constrained.fptrunc.f32.f64(double, metadata, metadata)
define float @f(double %a) strictfp {
  %r = call float @llvm.experimental.constrained.fptrunc.f32.f64(double %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret float %r
}
