define void @f() "warn-stack-size"="99999999999" {
  ret void
}
