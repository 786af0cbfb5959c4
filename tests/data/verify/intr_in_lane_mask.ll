declare <2 x i32> @llvm.get.active.lane.mask.v2i32.i64(i64, i64)
define void @f(i64 %a, i64 %b) {
  %m = call <2 x i32> @llvm.get.active.lane.mask.v2i32.i64(i64 %a, i64 %b)
  ret void
}
