define void @f() noinline optnone optsize {
  ret void
}
