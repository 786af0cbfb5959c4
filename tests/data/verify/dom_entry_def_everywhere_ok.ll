define i32 @f(i1 %c) {
entry:
  %p = alloca i32
  %x = add i32 1, 2
  br i1 %c, label %a, label %b
a:
  store i32 %x, ptr %p
  br label %b
b:
  %v = load i32, ptr %p
  %w = add i32 %v, %x
  ret i32 %w
}
