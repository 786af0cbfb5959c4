declare void @llvm.localescape(...)
define void @f() {
entry:
  %a = alloca i32
  br label %b
b:
  call void (...) @llvm.localescape(ptr %a)
  ret void
}
