define void @f() "frame-pointer"="yes" {
  ret void
}
