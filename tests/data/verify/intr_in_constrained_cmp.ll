declare i1 @llvm.experimental.constrained.fcmp.f32(float, float, metadata, metadata)
define i1 @f(float %x) strictfp {
  %r = call i1 @llvm.experimental.constrained.fcmp.f32(float %x, float %x, metadata !"eq", metadata !"fpexcept.strict") strictfp
  ret i1 %r
}
