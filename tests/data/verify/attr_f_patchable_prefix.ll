define void @f() "patchable-function-prefix"="-1" {
  ret void
}
