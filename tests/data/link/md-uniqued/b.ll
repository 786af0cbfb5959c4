@a = global i32 0, !associated !0
@b = external global i32, !associated !1

!named = !{!2}
!0 = !{ptr @b}
!1 = !{ptr @a}
!2 = !{!0, !1}
