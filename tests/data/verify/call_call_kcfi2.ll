define void @f(ptr %p) {
  call void %p() [ "kcfi"(i32 1), "kcfi"(i32 2) ]
  ret void
}
