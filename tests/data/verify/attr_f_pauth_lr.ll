define void @f() "branch-protection-pauth-lr"="1" {
  ret void
}
