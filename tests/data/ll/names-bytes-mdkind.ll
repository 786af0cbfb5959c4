; Metadata kind names are bytes: escaped non-UTF-8 bytes (identifiers take
; no raw bytes), `\5C` and a digit after the first byte; `\FF` and `\FE`
; are two kinds. LLVM prints each byte outside [-$._A-Za-z0-9] (a first
; digit too) as `\XX`.

@g = global i32 0, !k\FFx !0, !k\FEx !1

define void @f(ptr %p) !k\FFx !0 !k\FEx !1 {
  %v = load i32, ptr %p, !a\FE !0, !a\FF !1
  store i32 %v, ptr %p, !k\FFx !1, !q\5C1 !0, !caf\C3\A9 !1
  ret void, !\31st !0
}

!0 = !{}
!1 = !{!"x"}
