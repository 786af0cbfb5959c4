define void @f(ptr swiftasync %a, ptr swiftasync %b) {
  ret void
}
