declare i32 @g()
declare i32 @__gxx_personality_v0(...)
define i32 @f(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %i, label %j
i:
  %r = invoke i32 @g() to label %j unwind label %lp
j:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}
