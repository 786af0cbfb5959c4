declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() {
entry:
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  ret void
}
