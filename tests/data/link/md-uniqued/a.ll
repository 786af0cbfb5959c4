; A declaration replaced by the source's definition, and a source
; declaration resolved to the destination's definition: nodes naming them
; stay uniqued (LLVM's mapper builds them anew), equal ones shared.
@a = external global i32, !associated !0
@b = global i32 0, !associated !1

!named = !{!0, !1, !2}
!0 = !{ptr @b}
!1 = !{ptr @a}
!2 = !{!0, !1}
