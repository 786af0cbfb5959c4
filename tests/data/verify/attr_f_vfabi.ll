define void @f(i32 %x) "vector-function-abi-variant"="_ZGVnN2v_f" {
  ret void
}
