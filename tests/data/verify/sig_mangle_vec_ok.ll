declare <4 x i32> @llvm.umax.v8i32(<4 x i32>, <4 x i32>)
define <4 x i32> @f(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.umax.v8i32(<4 x i32> %a, <4 x i32> %a)
  ret <4 x i32> %r
}
