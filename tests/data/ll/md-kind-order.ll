; Custom metadata kinds get ids in order of first appearance (LLVM's
; getMDKindID at parse time), and attachments print by kind id: @g's
; attachments, written aaa first, print bbb first as llvm-dis prints them.

define void @f() {
  ret void, !bbb !0, !aaa !1
}

define void @g() {
  ret void, !aaa !1, !bbb !0
}

!0 = !{}
!1 = !{i32 1}
