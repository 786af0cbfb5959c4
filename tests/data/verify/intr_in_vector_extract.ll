declare <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32>, i64 immarg)
define <4 x i32> @f(<8 x i32> %a) {
  %r = call <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32> %a, i64 2)
  ret <4 x i32> %r
}
