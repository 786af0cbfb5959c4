define i32 @f() {
entry:
  br label %b
b:
  %y = add i32 %y, 1
  %c = icmp eq i32 %y, 0
  br i1 %c, label %b, label %e
e:
  ret i32 %y
}
