define void @f(ptr %p) {
  %v = add i32 1, 2, !mmra !0
  ret void
}
!0 = !{!"a", !"b"}
