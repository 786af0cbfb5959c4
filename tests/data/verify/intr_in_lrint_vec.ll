declare <2 x i64> @llvm.lrint.v2i64.v4f32(<4 x float>)
define <2 x i64> @f(<4 x float> %x) {
  %r = call <2 x i64> @llvm.lrint.v2i64.v4f32(<4 x float> %x)
  ret <2 x i64> %r
}
