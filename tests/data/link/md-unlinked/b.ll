@shared = linkonce global i32 0
@gone = linkonce global i32 0
@gep = linkonce global [2 x i32] zeroinitializer
define linkonce void @f() {
  ret void
}

!named = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @shared}
!1 = distinct !{ptr @shared}
!2 = !{ptr @gone}
!3 = distinct !{ptr @gone, i32 1}
!4 = !{ptr getelementptr (i8, ptr @gep, i64 4)}
!5 = !{ptr @f, !6}
!6 = !{!2}
