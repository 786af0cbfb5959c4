; Named metadata merges by name as bytes (`!\FFn` and `!\FEn` stay two
; nodes), attachment kinds map by name as bytes, sync scopes keep their
; bytes; the triples are the same bytes (no warning).

target triple = "x86_64\FF-unknown-linux-gnu"

@a = global i32 0, !k\FFx !0

define void @fa(ptr %p) !k\FEx !1 {
  fence syncscope("s\FF") seq_cst
  ret void, !k\FFx !0
}

!\FFn = !{!0}
!\FEn = !{!1}

!0 = !{}
!1 = !{!"a"}
