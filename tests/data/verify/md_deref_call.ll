define void @f(ptr %p) {
  %v = call ptr @g(), !dereferenceable !0
  ret void
}
!0 = !{i64 4}
declare ptr @g()
