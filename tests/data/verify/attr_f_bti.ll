define void @f() "branch-target-enforcement"="maybe" {
  ret void
}
