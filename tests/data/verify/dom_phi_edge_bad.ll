define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ %x, %a ], [ %x, %b ]
  ret i32 %p
}
