define void @f() {
"\41":
  br label %A
A:
  ret void
}
