define void @f() allockind("alloc,zeroed,uninitialized") {
  ret void
}
