declare i32 @g()
declare i32 @__gxx_personality_v0(...)
define i32 @f() personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @g() to label %ok unwind label %lp
ok:
  %s = add i32 %r, 1
  ret i32 %s
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}
