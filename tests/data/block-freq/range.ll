; print<block-freq> beyond ScaledNumber's decimal range: frequencies of
; 2^64 and more (nested hot loops) and below 2^-120 (unlikely branches in
; nested loops) print through LLVM's APFloat path (`1.0018E+48`).
define void @big(i1 %c) {
entry:
  br label %h0
h0:
  br label %h1
h1:
  br label %h2
h2:
  br label %h3
h3:
  br label %h4
h4:
  br label %h5
h5:
  br label %h6
h6:
  br label %h7
h7:
  br label %body
body:
  br label %l7
l7:
  br i1 %c, label %h7, label %l6, !prof !0
l6:
  br i1 %c, label %h6, label %l5, !prof !0
l5:
  br i1 %c, label %h5, label %l4, !prof !0
l4:
  br i1 %c, label %h4, label %l3, !prof !0
l3:
  br i1 %c, label %h3, label %l2, !prof !0
l2:
  br i1 %c, label %h2, label %l1, !prof !0
l1:
  br i1 %c, label %h1, label %l0, !prof !0
l0:
  br i1 %c, label %h0, label %exit, !prof !0
exit:
  ret void
}
define void @small(i1 %c) {
entry:
  br label %s0
s0:
  br i1 %c, label %s1, label %out, !prof !1
s1:
  br i1 %c, label %s2, label %out, !prof !1
s2:
  br i1 %c, label %s3, label %out, !prof !1
s3:
  br i1 %c, label %s4, label %out, !prof !1
s4:
  br i1 %c, label %s5, label %out, !prof !1
s5:
  br label %out
out:
  ret void
}
define void @tiny(i1 %c) {
entry:
  br i1 %c, label %h0, label %done, !prof !21
h0:
  br i1 %c, label %h1, label %t0, !prof !21
t0:
  br i1 %c, label %h0, label %done, !prof !22
h1:
  br i1 %c, label %h2, label %t1, !prof !21
t1:
  br i1 %c, label %h1, label %t0, !prof !22
h2:
  br i1 %c, label %h3, label %t2, !prof !21
t2:
  br i1 %c, label %h2, label %t1, !prof !22
h3:
  br i1 %c, label %h4, label %t3, !prof !21
t3:
  br i1 %c, label %h3, label %t2, !prof !22
h4:
  br i1 %c, label %h5, label %t4, !prof !21
t4:
  br i1 %c, label %h4, label %t3, !prof !22
h5:
  br i1 %c, label %deep, label %t5, !prof !21
t5:
  br i1 %c, label %h5, label %t4, !prof !22
deep:
  br label %t5
done:
  ret void
}
define void @deep(i1 %c) {
entry:
  br label %h0
h0:
  br i1 %c, label %h1, label %t0, !prof !41
t0:
  br i1 %c, label %h0, label %done, !prof !43
h1:
  br i1 %c, label %h2, label %t1, !prof !42
t1:
  br i1 %c, label %h1, label %t0, !prof !44
h2:
  br i1 %c, label %h3, label %t2, !prof !41
t2:
  br i1 %c, label %h2, label %t1, !prof !45
h3:
  br i1 %c, label %h4, label %t3, !prof !42
t3:
  br i1 %c, label %h3, label %t2, !prof !43
h4:
  br i1 %c, label %h5, label %t4, !prof !41
t4:
  br i1 %c, label %h4, label %t3, !prof !44
h5:
  br i1 %c, label %h6, label %t5, !prof !42
t5:
  br i1 %c, label %h5, label %t4, !prof !45
h6:
  br i1 %c, label %h7, label %t6, !prof !41
t6:
  br i1 %c, label %h6, label %t5, !prof !43
h7:
  br i1 %c, label %h8, label %t7, !prof !42
t7:
  br i1 %c, label %h7, label %t6, !prof !44
h8:
  br i1 %c, label %h9, label %t8, !prof !41
t8:
  br i1 %c, label %h8, label %t7, !prof !45
h9:
  br i1 %c, label %h10, label %t9, !prof !42
t9:
  br i1 %c, label %h9, label %t8, !prof !43
h10:
  br i1 %c, label %h11, label %t10, !prof !41
t10:
  br i1 %c, label %h10, label %t9, !prof !44
h11:
  br i1 %c, label %h12, label %t11, !prof !42
t11:
  br i1 %c, label %h11, label %t10, !prof !45
h12:
  br i1 %c, label %h13, label %t12, !prof !41
t12:
  br i1 %c, label %h12, label %t11, !prof !43
h13:
  br i1 %c, label %h14, label %t13, !prof !42
t13:
  br i1 %c, label %h13, label %t12, !prof !44
h14:
  br i1 %c, label %h15, label %t14, !prof !41
t14:
  br i1 %c, label %h14, label %t13, !prof !45
h15:
  br i1 %c, label %h16, label %t15, !prof !42
t15:
  br i1 %c, label %h15, label %t14, !prof !43
h16:
  br i1 %c, label %h17, label %t16, !prof !41
t16:
  br i1 %c, label %h16, label %t15, !prof !44
h17:
  br i1 %c, label %h18, label %t17, !prof !42
t17:
  br i1 %c, label %h17, label %t16, !prof !45
h18:
  br i1 %c, label %h19, label %t18, !prof !41
t18:
  br i1 %c, label %h18, label %t17, !prof !43
h19:
  br i1 %c, label %h20, label %t19, !prof !42
t19:
  br i1 %c, label %h19, label %t18, !prof !44
h20:
  br i1 %c, label %h21, label %t20, !prof !41
t20:
  br i1 %c, label %h20, label %t19, !prof !45
h21:
  br i1 %c, label %h22, label %t21, !prof !42
t21:
  br i1 %c, label %h21, label %t20, !prof !43
h22:
  br i1 %c, label %h23, label %t22, !prof !41
t22:
  br i1 %c, label %h22, label %t21, !prof !44
h23:
  br i1 %c, label %h24, label %t23, !prof !42
t23:
  br i1 %c, label %h23, label %t22, !prof !45
h24:
  br i1 %c, label %h25, label %t24, !prof !41
t24:
  br i1 %c, label %h24, label %t23, !prof !43
h25:
  br i1 %c, label %h26, label %t25, !prof !42
t25:
  br i1 %c, label %h25, label %t24, !prof !44
h26:
  br i1 %c, label %h27, label %t26, !prof !41
t26:
  br i1 %c, label %h26, label %t25, !prof !45
h27:
  br i1 %c, label %h28, label %t27, !prof !42
t27:
  br i1 %c, label %h27, label %t26, !prof !43
h28:
  br i1 %c, label %h29, label %t28, !prof !41
t28:
  br i1 %c, label %h28, label %t27, !prof !44
h29:
  br i1 %c, label %deep, label %t29, !prof !42
t29:
  br i1 %c, label %h29, label %t28, !prof !45
deep:
  br label %t29
done:
  ret void
}
!0 = !{!"branch_weights", i32 1000000, i32 1}
!1 = !{!"branch_weights", i32 1, i32 2000000000}
!21 = !{!"branch_weights", i32 1, i32 2000000000}
!22 = !{!"branch_weights", i32 1, i32 1}
!41 = !{!"branch_weights", i32 1, i32 2000000000}
!42 = !{!"branch_weights", i32 2000000000, i32 1}
!43 = !{!"branch_weights", i32 1, i32 1}
!44 = !{!"branch_weights", i32 2000000000, i32 1}
!45 = !{!"branch_weights", i32 7, i32 3}
