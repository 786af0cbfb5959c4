; Exception handling: what may unwind past a landing pad, funclet pads.
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw()
declare void @no_throw() nounwind
@ti = external constant ptr

define void @lp_cleanup() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define void @lp_catch_all() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } catch ptr null
  ret void
}

define void @lp_filter_all() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @no_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } filter [0 x ptr] zeroinitializer
  ret void
}

define void @lp_some() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %phi = phi i32 [ 0, %entry ]
  %l = landingpad { ptr, i32 } catch ptr @ti filter [1 x ptr] [ptr @ti]
  ret void
}

define void @funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %ok unwind label %cs
ok:
  invoke void @may_throw() to label %done unwind label %cleanup
cs:
  %sw = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %sw [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
cleanup:
  %cl = cleanuppad within none []
  call void @may_throw() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}

define void @funclets2() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %done unwind label %cleanup
cleanup:
  %cl = cleanuppad within none []
  invoke void @may_throw() [ "funclet"(token %cl) ] to label %inner unwind label %cs
inner:
  cleanupret from %cl unwind label %cs
cs:
  %sw = catchswitch within none [label %handler] unwind label %outer
handler:
  %cp = catchpad within %sw [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
outer:
  %cl2 = cleanuppad within none []
  cleanupret from %cl2 unwind to caller
done:
  ret void
}
