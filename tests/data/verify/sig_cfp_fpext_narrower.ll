declare float @llvm.experimental.constrained.fpext.f32.f64(double, metadata)
define float @f(double %a) strictfp {
  %r = call float @llvm.experimental.constrained.fpext.f32.f64(double %a, metadata !"fpexcept.strict") strictfp
  ret float %r
}
