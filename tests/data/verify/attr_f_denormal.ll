define void @f() "denormal-fp-math"="weird" {
  ret void
}
