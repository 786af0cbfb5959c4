define void @f() "guarded-control-stack"="no" {
  ret void
}
