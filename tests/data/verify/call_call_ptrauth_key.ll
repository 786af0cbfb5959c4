define void @f(ptr %p, i32 %k) {
  call void %p() [ "ptrauth"(i32 %k, i64 0) ]
  ret void
}
