declare void @g(ptr preallocated(i32))
define void @f(ptr %p) {
  call void @g(ptr preallocated(i32) %p)
  ret void
}
