declare i64 @llvm.umax.i32(i32, i32)
define void @f() {
  ret void
}
