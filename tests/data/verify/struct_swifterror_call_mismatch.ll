declare void @g(ptr swifterror)
define void @f() {
  %a = alloca ptr
  call void @g(ptr swifterror %a)
  ret void
}
