declare <2 x i32> @llvm.masked.load.v2i32.p0(ptr, i32 immarg, <2 x i1>, <2 x i32>)
define <2 x i32> @f(ptr %p, <2 x i1> %m) {
  %v = call <2 x i32> @llvm.masked.load.v2i32.p0(ptr %p, i32 3, <2 x i1> %m, <2 x i32> zeroinitializer)
  ret <2 x i32> %v
}
