define void @f() "frame-pointer"="reserved" {
  ret void
}
