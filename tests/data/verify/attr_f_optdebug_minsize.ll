define void @f() optdebug minsize {
  ret void
}
