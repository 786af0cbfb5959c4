; OPS: clone f; clone f; clone d; clone lp
$f = comdat any
@tab = internal global [2 x ptr] [ptr blockaddress(@f, %l1), ptr blockaddress(@f, %l2)]

define linkonce_odr hidden fastcc i32 @f(ptr noalias nocapture %p, i32 signext %n) unnamed_addr #0 section ".text.f" comdat align 16 !prof !0 {
entry:
  %t = load i32, ptr %p, align 4, !tbaa !1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %t, %entry ], [ %s.next, %loop ]
  %s.next = add nsw i32 %s, %i
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %out, label %loop, !llvm.loop !5
out:
  %a = getelementptr inbounds [2 x ptr], ptr @tab, i32 0, i32 1
  %t2 = load ptr, ptr %a
  indirectbr ptr %t2, [label %l1, label %l2]
l1:
  store atomic i32 %s.next, ptr %p syncscope("agent") seq_cst, align 4
  ret i32 %s.next
l2:
  %ba = select i1 %done, ptr blockaddress(@f, %l1), ptr blockaddress(@f, %l2)
  store ptr %ba, ptr %p
  ret i32 0
}

declare i32 @d(i32)

declare i32 @__gxx_personality_v0(...)

define void @lp() personality ptr @__gxx_personality_v0 {
  %r = invoke i32 @d(i32 1) to label %ok unwind label %pad
ok:
  ret void
pad:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}

attributes #0 = { nounwind "frame-pointer"="all" }

!0 = !{!"function_entry_count", i64 100}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
