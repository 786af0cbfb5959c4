declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g() to label %lp unwind label %lp
lp:
  %x = landingpad { ptr, i32 } cleanup
  ret void
}
