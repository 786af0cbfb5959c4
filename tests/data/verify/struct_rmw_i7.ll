define void @f(ptr %p) {
  %r = atomicrmw add ptr %p, i7 1 seq_cst
  ret void
}
