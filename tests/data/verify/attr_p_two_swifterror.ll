define void @f(ptr swifterror %a, ptr swifterror %b) {
  ret void
}
