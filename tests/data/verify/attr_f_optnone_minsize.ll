define void @f() noinline optnone minsize {
  ret void
}
