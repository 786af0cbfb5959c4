define void @f() {
  callbr void asm "", "!i"() to label %a [label %b, label %b]
a:
  ret void
b:
  ret void
}
