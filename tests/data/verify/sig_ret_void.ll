declare i32 @llvm.trap()
define i32 @f() {
  %r = call i32 @llvm.trap()
  ret i32 %r
}
