define void @f() {
  callbr void asm unwind "", ""() to label %a []
a:
  ret void
}
