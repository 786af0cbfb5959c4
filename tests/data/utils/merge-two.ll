; OPS: merge2 f %then; merge2 g %b; merge2 h %mid
define i32 @f(i1 %c, i32 %a) {
entry:
  br i1 %c, label %then, label %other
then:
  %x = add i32 %a, 1
  br label %join
other:
  br label %join
join:
  %p = phi i32 [ %x, %then ], [ 0, %other ]
  ret i32 %p
}

define i32 @g(i1 %c, i32 %a) {
  br i1 %c, label %o, label %b
o:
  ret i32 1
b:
  %y = mul i32 %a, %a
  br label %o2
o2:
  %q = phi i32 [ %y, %b ]
  ret i32 %q
}

define void @h(i1 %c) {
entry:
  br i1 %c, label %mid, label %end
mid:
  br i1 %c, label %end, label %end
end:
  ret void
}
