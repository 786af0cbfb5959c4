define void @f() allockind("uninitialized") {
  ret void
}
