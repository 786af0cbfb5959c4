define void @f(ptr %p) {
  call void %p() [ "ptrauth"(i32 0) ]
  ret void
}
