declare double @llvm.experimental.constrained.fpext.f64.v2f32(<2 x float>, metadata)
define double @f(<2 x float> %a) strictfp {
  %r = call double @llvm.experimental.constrained.fpext.f64.v2f32(<2 x float> %a, metadata !"fpexcept.strict") strictfp
  ret double %r
}
