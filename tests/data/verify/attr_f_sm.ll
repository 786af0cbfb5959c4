define void @f() "aarch64_pstate_sm_enabled" "aarch64_pstate_sm_compatible" {
  ret void
}
