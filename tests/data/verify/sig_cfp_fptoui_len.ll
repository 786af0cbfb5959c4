declare <4 x i32> @llvm.experimental.constrained.fptoui.v4i32.v2f32(<2 x float>, metadata)
define <4 x i32> @f(<2 x float> %a) strictfp {
  %r = call <4 x i32> @llvm.experimental.constrained.fptoui.v4i32.v2f32(<2 x float> %a, metadata !"fpexcept.strict") strictfp
  ret <4 x i32> %r
}
