declare <2 x i64> @llvm.experimental.constrained.llround.v2i64.v2f32(<2 x float>, metadata)
define <2 x i64> @f(<2 x float> %a) strictfp {
  %r = call <2 x i64> @llvm.experimental.constrained.llround.v2i64.v2f32(<2 x float> %a, metadata !"fpexcept.strict") strictfp
  ret <2 x i64> %r
}
