%T = type opaque
define void @f(ptr byval(%T) %x) {
  ret void
}
