declare i32 @__CxxFrameHandler3(...)
declare void @g()
define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ok unwind label %cp
ok:
  ret void
cp:
  %c = cleanuppad within none []
  cleanupret from %c unwind label %lp
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret void
}
