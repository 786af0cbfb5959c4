define void @f(ptr swiftself %a, ptr swiftself %b) {
  ret void
}
