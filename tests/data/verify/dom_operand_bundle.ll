declare void @g()
define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  br label %b
b:
  call void @g() [ "deopt"(i32 %x) ]
  ret void
}
