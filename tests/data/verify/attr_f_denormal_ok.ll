define void @f() "denormal-fp-math"="preserve-sign,ieee" {
  ret void
}
