target triple = "x86_64\FF-unknown-linux-gnu"

@b = global i32 0, !k\FEx !0, !k\FFx !1

define void @fb(ptr %p) {
  fence syncscope("s\FE") seq_cst
  fence syncscope("s\FF") acquire
  ret void, !k\FEx !1
}

!\FEn = !{!0}
!\FFn = !{!1}
!n\5C = !{!1}

!0 = !{!"b"}
!1 = !{!"c"}
