define void @f() {
A:
  br label %B
B:
  br label %A
"A":
  ret void
}
