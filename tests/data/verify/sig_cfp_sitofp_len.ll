declare <4 x float> @llvm.experimental.constrained.sitofp.v4f32.v2i32(<2 x i32>, metadata, metadata)
define <4 x float> @f(<2 x i32> %a) strictfp {
  %r = call <4 x float> @llvm.experimental.constrained.sitofp.v4f32.v2i32(<2 x i32> %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret <4 x float> %r
}
