define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = alloca i32
  br label %b
b:
  store i32 0, ptr %p
  ret void
}
