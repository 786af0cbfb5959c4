define void @f() !kcfi_type !0 {
  ret void
}
!0 = !{i32 1, i32 2}
