declare void @g()
define void @f() {
  call void @g() [ "ptrauth"(i32 0, i64 0) ]
  ret void
}
