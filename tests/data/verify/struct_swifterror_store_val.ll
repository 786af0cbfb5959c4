define void @f(ptr %q) {
  %a = alloca swifterror ptr
  store ptr %a, ptr %q
  ret void
}
