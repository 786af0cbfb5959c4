define void @f() allockind("alloc,free") {
  ret void
}
