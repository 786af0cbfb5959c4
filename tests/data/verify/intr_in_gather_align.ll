declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, i32 immarg, <2 x i1>, <2 x i32>)
define <2 x i32> @f(<2 x ptr> %p, <2 x i1> %m) {
  %v = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> %p, i32 3, <2 x i1> %m, <2 x i32> zeroinitializer)
  ret <2 x i32> %v
}
