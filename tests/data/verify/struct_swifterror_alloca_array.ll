define void @f() {
  %a = alloca swifterror ptr, i32 2
  ret void
}
