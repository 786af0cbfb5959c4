declare void @g(ptr)
define void @f() {
  %a = alloca swifterror ptr
  call void @g(ptr %a)
  ret void
}
