declare double @llvm.experimental.constrained.fptrunc.f64.f32(float, metadata, metadata)
define double @f(float %a) strictfp {
  %r = call double @llvm.experimental.constrained.fptrunc.f64.f32(float %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %r
}
