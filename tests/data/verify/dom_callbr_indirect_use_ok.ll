define i32 @f() {
entry:
  %r = callbr i32 asm "", "=r,!i"() to label %ok [label %ind]
ok:
  ret i32 %r
ind:
  ret i32 %r
}
