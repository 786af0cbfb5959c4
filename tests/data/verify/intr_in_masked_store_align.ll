declare void @llvm.masked.store.v2i32.p0(<2 x i32>, ptr, i32 immarg, <2 x i1>)
define void @f(ptr %p, <2 x i1> %m) {
  call void @llvm.masked.store.v2i32.p0(<2 x i32> zeroinitializer, ptr %p, i32 6, <2 x i1> %m)
  ret void
}
