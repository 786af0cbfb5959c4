%B = type { ptr, i32 }

declare !types !0 %B @make.b()
declare !types !4 %B @only.decl()

define void @use() !use !1 {
  %r = call %B @make.b(), !ret !2
  %s = call %B @only.decl()
  unreachable
}

!named = !{!0, !3}
!0 = !{%B undef}
!1 = distinct !{%B zeroinitializer, !0}
!2 = !{ptr getelementptr (%B, ptr @use, i64 1)}
!3 = !{ptr @use, [2 x %B] zeroinitializer}
!4 = !{%B poison}
