declare i32 @g()
declare i32 @__gxx_personality_v0(...)
define i32 @f(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %i, label %lp
i:
  %r = invoke i32 @g() to label %ok unwind label %lp
ok:
  ret i32 %r
lp:
  %p = phi i32 [ 0, %entry ], [ %r, %i ]
  %l = landingpad { ptr, i32 } cleanup
  ret i32 %p
}
