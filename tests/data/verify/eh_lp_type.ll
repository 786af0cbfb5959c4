declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g() to label %ok unwind label %lp
ok:
  invoke void @g() to label %ok2 unwind label %lp2
ok2:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  ret void
lp2:
  %y = landingpad { ptr, i64 } cleanup
  ret void
}
