; A module the verifier rejects (a use before its definition in the same
; block): LLVM's bitcode reader stops with "Broken module found".

define i32 @f(i32 %x) {
entry:
  %a = add i32 %b, 1
  %b = add i32 %x, 1
  ret i32 %a
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
