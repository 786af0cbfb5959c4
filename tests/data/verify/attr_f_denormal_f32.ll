define void @f() "denormal-fp-math-f32"="ieee,bad" {
  ret void
}
