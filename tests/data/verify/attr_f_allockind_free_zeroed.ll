define void @f() allockind("free,zeroed") {
  ret void
}
