define void @f() {
  %a = alloca swifterror ptr
  %b = getelementptr ptr, ptr %a, i64 0
  ret void
}
