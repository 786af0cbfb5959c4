declare i64 @llvm.foo.bar(i32, i32)
define i64 @f(i32 %a) {
  %r = call i64 @llvm.foo.bar(i32 %a, i32 %a)
  ret i64 %r
}
