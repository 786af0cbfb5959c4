declare <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32>, <4 x i32>, i64 immarg)
define <8 x i32> @f(<8 x i32> %a, <4 x i32> %b) {
  %r = call <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32> %a, <4 x i32> %b, i64 1)
  ret <8 x i32> %r
}
