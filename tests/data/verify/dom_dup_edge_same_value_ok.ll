define i32 @f(i1 %c, i32 %v) {
entry:
  %x = add i32 %v, 1
  switch i32 %v, label %b [ i32 0, label %b
                            i32 1, label %b ]
b:
  %p = phi i32 [ %x, %entry ], [ %x, %entry ], [ %x, %entry ]
  ret i32 %p
}
