declare <4 x float> @llvm.matrix.transpose.v4f32(<4 x float>, i32 immarg, i32 immarg)
define <4 x float> @f(<4 x float> %a) {
  %r = call <4 x float> @llvm.matrix.transpose.v4f32(<4 x float> %a, i32 3, i32 2)
  ret <4 x float> %r
}
