declare i32 @llvm.eh.exceptioncode(token)
define void @f() {
  %r = call i32 @llvm.eh.exceptioncode(token none)
  ret void
}
