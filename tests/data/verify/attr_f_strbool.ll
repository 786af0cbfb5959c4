define void @f() "no-nans-fp-math"="yes" {
  ret void
}
