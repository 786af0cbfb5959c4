define void @f() noinline optnone optdebug {
  ret void
}
