define void @f() optnone {
  ret void
}
