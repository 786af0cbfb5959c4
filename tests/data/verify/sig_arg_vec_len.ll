declare <4 x i32> @llvm.umax.v4i32(<4 x i32>, <2 x i32>)
define <4 x i32> @f(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.umax.v4i32(<4 x i32> %a, <2 x i32> zeroinitializer)
  ret <4 x i32> %r
}
