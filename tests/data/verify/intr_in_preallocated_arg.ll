declare ptr @llvm.call.preallocated.arg(token, i32 immarg)
declare token @llvm.call.preallocated.setup(i32 immarg)
define void @f() {
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %a = call ptr @llvm.call.preallocated.arg(token %t, i32 0)
  ret void
}
