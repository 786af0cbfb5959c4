define void @f() "unsafe-fp-math"="1" {
  ret void
}
