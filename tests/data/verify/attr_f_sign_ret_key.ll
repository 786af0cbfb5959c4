define void @f() "sign-return-address"="all" "sign-return-address-key"="c_key" {
  ret void
}
