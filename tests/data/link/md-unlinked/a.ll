; A source global that named metadata alone names: linked as a reference
; to the destination's global when there is one, else mapped to null (a
; uniqued node anew, a distinct node edited in place), and so is a
; constant expression naming it.
@shared = linkonce global i32 0
@alias = alias i32, ptr @shared

!named = !{!0, !1}
!0 = !{ptr @shared}
!1 = distinct !{ptr @shared}
