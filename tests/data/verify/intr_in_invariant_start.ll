declare ptr @llvm.invariant.start.p0(i64 immarg, ptr nocapture)
define void @f(ptr %p) {
  %t = call ptr @llvm.invariant.start.p0(i64 -2, ptr %p)
  ret void
}
