; Named metadata names are bytes: `!\FF` and `!\FE` are two nodes; `\5C`,
; non-UTF-8 bytes and a leading digit are escaped as LLVM escapes them
; (identifiers take no raw bytes); one name given twice is one node
; (operands appended).

!\FFn = !{!0}
!\FEn = !{!1}
!n\5Cm = !{!0, !1}
!\31x = !{!1}
!caf\C3\A9 = !{!1}
!\FFn = !{!1}

!0 = !{}
!1 = !{!"x"}
