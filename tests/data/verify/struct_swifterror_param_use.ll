define void @f(ptr swifterror %e) {
  %b = getelementptr ptr, ptr %e, i64 0
  ret void
}
