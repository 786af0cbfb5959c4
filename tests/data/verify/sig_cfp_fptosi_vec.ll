declare i32 @llvm.experimental.constrained.fptosi.i32.v2f32(<2 x float>, metadata)
define i32 @f(<2 x float> %a) strictfp {
  %r = call i32 @llvm.experimental.constrained.fptosi.i32.v2f32(<2 x float> %a, metadata !"fpexcept.strict") strictfp
  ret i32 %r
}
