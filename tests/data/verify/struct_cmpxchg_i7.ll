define void @f(ptr %p) {
  %r = cmpxchg ptr %p, i7 0, i7 1 seq_cst seq_cst
  ret void
}
