define i32 @f(i32 %v) {
entry:
  switch i32 %v, label %d [ i32 0, label %a
                            i32 1, label %b ]
a:
  %x = add i32 %v, 1
  br label %d
b:
  %y = add i32 %x, 1
  ret i32 %y
d:
  ret i32 0
}
