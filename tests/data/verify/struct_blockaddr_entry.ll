@g = global ptr blockaddress(@f, %entry)
define void @f() {
entry:
  ret void
}
