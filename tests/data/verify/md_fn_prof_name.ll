define void @f() !prof !0 {
  ret void
}
!0 = !{!"x", i64 1}
