define void @g(token %m) {
  ret void
}
