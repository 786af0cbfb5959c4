define i32 @f(i32 %n) {
entry:
  br label %h
h:
  %u = add i32 %v, 1
  %c = icmp slt i32 %u, %n
  br i1 %c, label %body, label %exit
body:
  %v = add i32 %u, 1
  br label %h
exit:
  ret i32 %u
}
