define void @f(ptr %p) {
  call void %p() [ "kcfi"() ]
  ret void
}
