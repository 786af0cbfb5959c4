define void @f(ptr %p) {
  call void %p() [ "ptrauth"(i32 0, i64 0), "ptrauth"(i32 0, i64 0) ]
  ret void
}
