declare <2 x i64> @llvm.experimental.constrained.lrint.v2i64.v2f32(<2 x float>, metadata, metadata)
define <2 x i64> @f(<2 x float> %a) strictfp {
  %r = call <2 x i64> @llvm.experimental.constrained.lrint.v2i64.v2f32(<2 x float> %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret <2 x i64> %r
}
