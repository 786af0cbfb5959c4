define void @f() optdebug optsize {
  ret void
}
