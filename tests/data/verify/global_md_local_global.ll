define void @f(i32 %x) {
  ret void, !foo !0
}
!0 = !{i32 1}
