define void @f() {
  %a = alloca swifterror i32
  ret void
}
