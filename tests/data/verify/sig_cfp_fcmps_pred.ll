declare i1 @llvm.experimental.constrained.fcmps.f32(float, float, metadata, metadata)
define i1 @f(float %a) strictfp {
  %r = call i1 @llvm.experimental.constrained.fcmps.f32(float %a, float %a, metadata !"true", metadata !"fpexcept.strict") strictfp
  ret i1 %r
}
