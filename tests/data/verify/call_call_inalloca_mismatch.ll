declare void @g(ptr inalloca(i32))
define void @f() {
  %a = alloca i32
  call void @g(ptr inalloca(i32) %a)
  ret void
}
