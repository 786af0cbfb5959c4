define void @g(metadata %m) {
  ret void
}
